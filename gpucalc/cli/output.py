"""Render results as JSON objects or readable tables."""

from __future__ import annotations

from typing import Any

from gpucalc.core.explain import Term
from gpucalc.core.memory_result import MemoryResult
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import count

LINE_LABELS = {
    "weights_gib_per_gpu": "weights",
    "activation_gib_per_gpu": "activation peak",
    "non_torch_gib_per_gpu": "runtime (non-torch)",
    "cuda_graphs_gib_per_gpu": "CUDA graphs",
    "kv_cache_gib_per_gpu": "KV cache",
    "headroom_gib_per_gpu": "headroom",
}


def term_json(t: Term) -> dict[str, Any]:
    """A term as JSON: value, unit, formula, inputs and sources."""
    return {"value": t.value, "unit": t.unit, "formula": t.formula, "inputs": t.inputs,
            "sources": list(t.sources)}


def memory_json(result: MemoryResult) -> dict[str, Any]:
    """The memory side of a result as one JSON object (values in GiB, tokens, requests)."""
    stage = result.binding
    settings = result.settings
    return {
        "memory": {
            "total_gib_per_gpu": settings.total_gib.value,
            "engine_budget_gib_per_gpu": stage.budget.value,
            "weights_gib_per_gpu": stage.weights_total.value,
            "activation_gib_per_gpu": stage.activation.value,
            "non_torch_gib_per_gpu": stage.non_torch.value,
            "cuda_graphs_gib_per_gpu": stage.cuda_graphs.value,
            "kv_cache_gib_per_gpu": stage.kv_cache.value,
            "headroom_gib_per_gpu": stage.headroom.value,
            "weights_by_group_gib": {t.key.split(".", 1)[1]: t.value for t in stage.weights},
            "binding_pipeline_stage": result.binding_stage,
        },
        "kv_cache_bytes_per_token": result.kv_bytes_per_token.value,
        "kv_cache_bytes_per_token_per_gpu": result.kv_bytes_per_token_per_gpu.value,
        "kv_cache_tokens": int(result.kv_cache_tokens.value),
        "kv_cache_tokens_all_replicas": int(result.kv_cache_tokens_all_replicas.value),
        "max_concurrency": result.max_concurrency.value,
        "max_model_len": int(settings.max_model_len.value),
        "concurrency_p50": result.concurrency_p50.value,
        "concurrency_p95": result.concurrency_p95.value,
        "params": {"total": int(result.params.total.value), "active": int(result.params.active.value),
                   "active_without_embedding": int(result.params.active_without_embedding.value)},
        "settings": {
            "memory_fraction": settings.memory_fraction.value,
            "max_num_batched_tokens": int(settings.max_num_batched_tokens.value),
            "max_num_seqs": int(settings.max_num_seqs.value),
            "block_size": settings.block_size,
        },
        "fits": result.fits,
        "fits_single_gpu": result.fits_single_gpu.value > 0,
        "planning_check": {"concurrency_within_share": result.planning_check.value,
                           "concurrency_at_alarm": result.alarm_check.value,
                           "share": result.planning_check.inputs["share"],
                           "alarm_share": result.alarm_check.inputs["share"],
                           "average_tokens": result.kv_per_average_request.inputs["average_tokens"],
                           "kv_gib_per_average_request": result.kv_per_average_request.value,
                           "passes": result.planning_check_passes},
        "notices": [{"code": n.code, "params": n.params, "message": notice_text(n)}
                    for n in result.notices],
        "explain": {t.key: term_json(t) for t in _explained_terms(result)},
    }


def _explained_terms(result: MemoryResult) -> list[Term]:
    stage = result.binding
    settings = result.settings
    return [
        settings.total_gib, settings.memory_fraction, settings.max_model_len,
        settings.max_num_batched_tokens, settings.max_num_seqs, *stage.weights,
        *stage.line_items, *stage.activation_parts, stage.budget, result.kv_bytes_per_token,
        result.kv_cache_tokens, result.max_concurrency, result.concurrency_p50,
        result.concurrency_p95, result.kv_per_average_request, result.planning_check,
        result.alarm_check, result.fits_single_gpu,
        result.params.total, result.params.active,
    ]


def _share_label(check: Term) -> str:
    """'70%' for a check computed at a 0.7 share of memory."""
    return f"{float(check.inputs['share']):.0%}"


def _fmt(value: float, digits: int = 2) -> str:
    return f"{value:,.{digits}f}"


def memory_table(result: MemoryResult, title: str, lang: str = "en") -> str:
    """A readable memory picture for the terminal."""
    stage = result.binding
    total = result.settings.total_gib.value
    lines = [title, "", f"{'per GPU':<24}{'GiB':>10}{'share':>9}  formula"]
    for item in stage.line_items:
        share = item.value / total if total else 0.0
        lines.append(f"  {LINE_LABELS.get(item.key, item.key):<22}{_fmt(item.value):>10}{share:>9.1%}"
                     f"  {item.formula}")
    lines.append(f"  {'total':<22}{_fmt(total):>10}{1:>9.0%}")
    lines += ["", "weights by tensor group (GiB):"]
    lines += [f"  {t.key.split('.', 1)[1]:<22}{_fmt(t.value, 3):>10}" for t in stage.weights]
    mem_json = memory_json(result)
    lines += [
        "",
        f"KV bytes per token        {mem_json['kv_cache_bytes_per_token']:,.0f}",
        f"KV cache tokens           {mem_json['kv_cache_tokens']:,}",
        f"max concurrency @ {mem_json['max_model_len']:,} tokens: {result.max_concurrency.value:,.2f}x",
        f"concurrency @ P50 length  {result.concurrency_p50.value:,.1f}",
        f"concurrency @ P95 length  {result.concurrency_p95.value:,.1f}",
        f"params total / active     {result.params.total.value / 1e9:,.2f} B / "
        f"{result.params.active.value / 1e9:,.2f} B",
        f"fits on one GPU           {'yes' if result.fits_single_gpu.value > 0 else 'no'}",
        f"average length            {result.kv_per_average_request.inputs['average_tokens']:,} "
        f"tokens ({result.kv_per_average_request.value:,.3f} GiB KV per request)",
        f"{_share_label(result.planning_check) + ' planning line':<26}"
        f"{count(result.planning_check.value)} requests at average length",
        f"{_share_label(result.alarm_check) + ' alarm line':<26}"
        f"{count(result.alarm_check.value)} requests at average length",
    ]
    lines += [f"! {notice_text(n, lang)}" for n in result.notices]
    return "\n".join(lines)
