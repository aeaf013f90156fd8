"""Render results as JSON objects or readable tables."""

from __future__ import annotations

from typing import Any

from gpucalc.cli.columns import left, right
from gpucalc.core.common.explain import Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.topology import NodeSummary
from gpucalc.core.specs.precision import WeightFormat
from gpucalc.core.specs.weight_only import engine_format
from gpucalc.text.catalogue import translate, yes_no
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import count, memory_size
from gpucalc.text.terms import formula_text, term_name

LINE_LABELS = {
    "weights_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "weights"),
    "activation_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "activation peak"),
    "non_torch_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "runtime (non-torch)"),
    "cuda_graphs_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "CUDA graphs"),
    "kv_cache_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "KV cache"),
    "headroom_gib_per_gpu": QT_TRANSLATE_NOOP("Cli", "headroom"),
}
"""The memory table's rows by the figure's key (context "Cli")."""
LABEL_CELLS = 26
"""Width of the label column of the figures under the memory table (terminal cells)."""


def term_json(t: Term) -> dict[str, Any]:
    """A term as JSON: value, unit, formula, inputs and sources."""
    return {"value": t.value, "unit": t.unit, "formula": t.formula, "inputs": t.inputs,
            "sources": list(t.sources)}


def weight_format_json(fmt: WeightFormat) -> dict[str, Any]:
    """The served weight format: what the weights take (bits) and which peak the math runs at.

    ``engine_format`` is the format the checkpoint and ``--quantization`` name; it differs from
    ``id`` where the GPU lacks that format's tensor cores and the weights run weight-only.
    """
    asked = engine_format(fmt)
    return {"id": fmt.id, "label": fmt.label, "bits_per_weight": fmt.bits_per_weight,
            "compute_dtype": fmt.compute_dtype.value, "weight_only": asked is not fmt,
            "engine_format": asked.id, "engine_compute_dtype": asked.compute_dtype.value}


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
        **kv_sharding_json(result),
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


def kv_sharding_json(result: MemoryResult) -> dict[str, Any]:
    """Decode context parallel, the scheduler's block and the fixed layer state per request."""
    stage, state = result.binding, result.state_bytes_per_request
    return {
        # the scheduler's block covers block size × DCP tokens (core.memory.StageMemory)
        "decode_context_parallel_size": stage.kv_block_size // result.settings.block_size,
        "kv_block_size_tokens": int(result.kv_cache_tokens.inputs["block_size"]),
        "state_bytes_per_request_per_gpu": None if state is None else state.value,
    }


def _explained_terms(result: MemoryResult) -> list[Term]:
    stage = result.binding
    settings = result.settings
    return [
        settings.total_gib, settings.memory_fraction, settings.max_model_len,
        settings.max_num_batched_tokens, settings.max_num_seqs, *stage.weights,
        *stage.line_items, *stage.activation_parts, stage.budget, result.kv_bytes_per_token,
        *result.state_terms, result.kv_cache_tokens, result.max_concurrency, result.concurrency_p50,
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
    """A readable memory picture for the terminal, its words in ``lang``."""
    stage = result.binding
    total = result.settings.total_gib.value
    lines = [title, "", left(translate("Cli", "per GPU", lang), 24) + right("GiB", 10)
             + right(translate("Cli", "share", lang), 9) + "  " + translate("Cli", "formula", lang)]
    for item in stage.line_items:
        share = item.value / total if total else 0.0
        label = translate("Cli", LINE_LABELS[item.key], lang) if item.key in LINE_LABELS else item.key
        lines.append(f"  {left(label, 22)}{_fmt(item.value):>10}{share:>9.1%}  {formula_text(item, lang)}")
    lines.append(f"  {left(translate('Cli', 'total', lang), 22)}{_fmt(total):>10}{1:>9.0%}")
    lines += ["", translate("Cli", "weights by tensor group (GiB):", lang)]
    lines += [f"  {left(term_name(t.key, lang), 22)}{_fmt(t.value, 3):>10}" for t in stage.weights]
    lines += ["", *_figure_lines(result, lang)]
    lines += [f"! {notice_text(n, lang)}" for n in result.notices]
    return "\n".join(lines)


def _figure_lines(result: MemoryResult, lang: str) -> list[str]:
    """The figures under the memory table, each after its label."""
    mem_json = memory_json(result)
    average = result.kv_per_average_request
    rows = [
        (translate("Cli", "KV bytes per token", lang), f"{mem_json['kv_cache_bytes_per_token']:,.0f}"),
        *((translate("Cli", "state per request", lang), memory_size(t.value / BYTES_PER_GIB))
          for t in result.state_terms),
        (translate("Cli", "KV cache tokens", lang), f"{mem_json['kv_cache_tokens']:,}"),
        (translate("Cli", "concurrency @ P50 length", lang), f"{result.concurrency_p50.value:,.1f}"),
        (translate("Cli", "concurrency @ P95 length", lang), f"{result.concurrency_p95.value:,.1f}"),
        (translate("Cli", "params total / active", lang),
         f"{result.params.total.value / 1e9:,.2f} B / {result.params.active.value / 1e9:,.2f} B"),
        (translate("Cli", "fits on one GPU", lang), yes_no(result.fits_single_gpu.value > 0, lang)),
        (translate("Cli", "average length", lang),
         translate("Cli", "{tokens} tokens ({gib} GiB KV per request)", lang).format(
             tokens=f"{average.inputs['average_tokens']:,}", gib=f"{average.value:,.3f}")),
        (translate("Cli", "{share} planning line", lang).format(share=_share_label(result.planning_check)),
         _requests_at_average(result.planning_check, lang)),
        (translate("Cli", "{share} alarm line", lang).format(share=_share_label(result.alarm_check)),
         _requests_at_average(result.alarm_check, lang)),
    ]
    lines = [left(label, LABEL_CELLS) + value for label, value in rows]
    after_tokens = 2 + len(result.state_terms)  # below the KV cache tokens row
    lines.insert(after_tokens, translate(
        "Cli", "max concurrency @ {tokens} tokens: {concurrency}x", lang).format(
        tokens=f"{mem_json['max_model_len']:,}", concurrency=f"{result.max_concurrency.value:,.2f}"))
    return lines


def _requests_at_average(check: Term, lang: str) -> str:
    return translate("Cli", "{requests} requests at average length", lang).format(requests=count(check.value))


def topology_json(summary: NodeSummary) -> dict[str, Any]:
    """Where the GPUs sit: nodes, GPUs per node, the network and what crosses it."""
    return {"nodes": summary.nodes, "gpus_per_node": summary.gpus_per_node,
            "network": summary.network, "tp_spans_nodes": summary.tp_spans_nodes,
            "pp_hops_across_nodes": summary.pp_hops_across_nodes,
            "scale_out_gb_per_s": summary.scale_out.value, "scale_out": term_json(summary.scale_out)}


def topology_line(summary: NodeSummary, lang: str = "en") -> str:
    """One line naming the nodes and the network between them, in ``lang``."""
    return translate("Cli", "nodes: {nodes} × {gpus_per_node} GPUs; between nodes {network} at "
                            "{gb_s} GB/s per GPU and direction ({formula})", lang).format(
        nodes=summary.nodes, gpus_per_node=summary.gpus_per_node, network=summary.network_name,
        gb_s=f"{summary.scale_out.value:,.1f}", formula=formula_text(summary.scale_out, lang))
