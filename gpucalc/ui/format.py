"""Numbers, units and term names as the window shows them (translated, 3 significant digits)."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from gpucalc.core.explain import InputValue, Term
from gpucalc.core.perf_model import MAX_SEARCH_CONCURRENCY
from gpucalc.core.perf_result import Ceiling, CeilingKind
from gpucalc.text.numbers import COUNT_TOLERANCE, count, memory_size, params_text, share_text, sig3
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

__all__ = ["KINDS", "ceiling_text", "count", "input_value", "is_no_limit", "kind_name", "memory_amount",
           "memory_size",
           "no_limit_text", "params_text", "share_text", "sig3", "term_name", "term_value",
           "unit_name"]

SHARE_KEYS = frozenset({"comm_share", "memory_share_at_planned"})
"""Terms that are a share of a whole (unit-less in the core): shown as a percentage."""

TERM_NAMES = {
    "weights_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Weights"),
    "activation_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Activation peak"),
    "non_torch_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Runtime (non-torch)"),
    "cuda_graphs_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "CUDA graphs"),
    "kv_cache_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "KV cache"),
    "headroom_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Headroom"),
    "total_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "GPU memory (total)"),
    "engine_budget_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Engine budget"),
    "memory_fraction": QT_TRANSLATE_NOOP("Terms", "Memory fraction"),
    "max_model_len": QT_TRANSLATE_NOOP("Terms", "Max model length"),
    "max_num_batched_tokens": QT_TRANSLATE_NOOP("Terms", "Batched tokens"),
    "max_num_seqs": QT_TRANSLATE_NOOP("Terms", "Max sequences"),
    "kv_cache_bytes_per_token": QT_TRANSLATE_NOOP("Terms", "KV bytes per token"),
    "kv_cache_bytes_per_token_per_gpu": QT_TRANSLATE_NOOP("Terms", "KV bytes per token per GPU"),
    "kv_cache_tokens": QT_TRANSLATE_NOOP("Terms", "KV cache tokens"),
    "kv_cache_tokens_all_replicas": QT_TRANSLATE_NOOP("Terms", "KV cache tokens, all replicas"),
    "max_concurrency": QT_TRANSLATE_NOOP("Terms", "Max concurrency at max model length"),
    "concurrency_p50": QT_TRANSLATE_NOOP("Terms", "Concurrency at P50 length"),
    "concurrency_p95": QT_TRANSLATE_NOOP("Terms", "Concurrency at P95 length"),
    "fits_single_gpu_kv_gib": QT_TRANSLATE_NOOP("Terms", "KV left on a single GPU"),
    "planning_concurrency_at_share": QT_TRANSLATE_NOOP("Terms", "Concurrency within planning share"),
    "alarm_concurrency_at_share": QT_TRANSLATE_NOOP("Terms", "Concurrency at the 80 % alarm"),
    "kv_gib_per_average_request": QT_TRANSLATE_NOOP("Terms", "KV per request at average length"),
    "average_tokens_per_request": QT_TRANSLATE_NOOP("Terms", "Average length"),
    "memory_share_at_planned": QT_TRANSLATE_NOOP("Terms", "Memory share at planned concurrency"),
    "planning_tokens_per_request": QT_TRANSLATE_NOOP("Terms", "Planning length"),
    "params.total": QT_TRANSLATE_NOOP("Terms", "Parameters (total)"),
    "params.active": QT_TRANSLATE_NOOP("Terms", "Parameters (active)"),
    "params.active_without_embedding": QT_TRANSLATE_NOOP("Terms", "Active parameters without embedding"),
    "activation.forward_gib": QT_TRANSLATE_NOOP("Terms", "Forward pass activations"),
    "activation.sampler_gib": QT_TRANSLATE_NOOP("Terms", "Sampler"),
    "activation.moe_workspace_gib": QT_TRANSLATE_NOOP("Terms", "MoE workspace"),
    "activation.encoder_gib": QT_TRANSLATE_NOOP("Terms", "Vision encoder (profiling pass)"),
    "weights.embedding": QT_TRANSLATE_NOOP("Terms", "Embedding"),
    "weights.attention": QT_TRANSLATE_NOOP("Terms", "Attention"),
    "weights.dense_mlp": QT_TRANSLATE_NOOP("Terms", "Dense MLP"),
    "weights.experts": QT_TRANSLATE_NOOP("Terms", "Routed experts"),
    "weights.shared_experts": QT_TRANSLATE_NOOP("Terms", "Shared experts"),
    "weights.norms_router": QT_TRANSLATE_NOOP("Terms", "Norms and router"),
    "weights.lm_head": QT_TRANSLATE_NOOP("Terms", "LM head"),
    "weights.vision": QT_TRANSLATE_NOOP("Terms", "Vision tower"),
    "ceiling.memory": QT_TRANSLATE_NOOP("Terms", "Memory ceiling"),
    "ceiling.compute": QT_TRANSLATE_NOOP("Terms", "Compute ceiling"),
    "ceiling.interconnect": QT_TRANSLATE_NOOP("Terms", "Interconnect ceiling"),
    "ceiling.scheduler": QT_TRANSLATE_NOOP("Terms", "Scheduler cap (max_num_seqs)"),
    "recommended_concurrency": QT_TRANSLATE_NOOP("Terms", "Recommended concurrency"),
    "online_capacity": QT_TRANSLATE_NOOP("Terms", "Online capacity (at the watermark)"),
    "knee_concurrency": QT_TRANSLATE_NOOP("Terms", "Knee (the recommendation)"),
    "fleet.requests_per_s_per_replica_at_watermark": QT_TRANSLATE_NOOP(
        "Terms", "Requests/s per replica at the watermark"),
    "fleet.requests_per_s_per_replica_at_knee": QT_TRANSLATE_NOOP(
        "Terms", "Requests/s per replica at the knee"),
    "fleet.replicas_for_average": QT_TRANSLATE_NOOP("Terms", "Replicas for the average"),
    "fleet.replicas_for_peak": QT_TRANSLATE_NOOP("Terms", "Replicas for the peak"),
    "fleet.replicas": QT_TRANSLATE_NOOP("Terms", "Serving replicas (N)"),
    "fleet.spare_replicas": QT_TRANSLATE_NOOP("Terms", "Spare replicas (k)"),
    "fleet.replicas_needed": QT_TRANSLATE_NOOP("Terms", "Replicas needed (N + k)"),
    "fleet.gpus_needed": QT_TRANSLATE_NOOP("Terms", "GPUs needed"),
    "fleet.replicas_deployed": QT_TRANSLATE_NOOP("Terms", "Replicas deployed"),
    "fleet.gpus_deployed": QT_TRANSLATE_NOOP("Terms", "GPUs planned"),
    "fleet.total_concurrency": QT_TRANSLATE_NOOP("Terms", "Online concurrency, all replicas"),
    "fleet.total_concurrency_at_knee": QT_TRANSLATE_NOOP("Terms", "Concurrency at the knee, all replicas"),
    "fleet.requests_per_s_total": QT_TRANSLATE_NOOP("Terms", "Requests/s, all replicas"),
    "fleet.output_tokens_per_s_total": QT_TRANSLATE_NOOP("Terms", "Output tokens/s, all replicas"),
    "fleet.output_tokens_per_day": QT_TRANSLATE_NOOP("Terms", "Output tokens per day"),
    "fleet.output_tokens_per_gpu_hour": QT_TRANSLATE_NOOP("Terms", "Output tokens per GPU-hour"),
    "fleet.backfill_tokens_per_day": QT_TRANSLATE_NOOP("Terms", "Batch backfill tokens per day"),
    "fleet.cost_per_hour_usd": QT_TRANSLATE_NOOP("Terms", "Cost per hour (GPUs needed)"),
    "fleet.cost_per_month_usd": QT_TRANSLATE_NOOP("Terms", "Cost per month (GPUs needed)"),
    "fleet.cost_per_hour_deployed_usd": QT_TRANSLATE_NOOP("Terms", "Cost per hour (GPUs planned)"),
    "concurrency_total": QT_TRANSLATE_NOOP("Terms", "Online concurrency, all replicas"),
    "requests_per_s_total": QT_TRANSLATE_NOOP("Terms", "Requests/s, all replicas"),
    "output_tokens_per_s_total": QT_TRANSLATE_NOOP("Terms", "Output tokens/s, all replicas"),
    "comm_share": QT_TRANSLATE_NOOP("Terms", "Communication share of a step"),
    "step.gemm_ms": QT_TRANSLATE_NOOP("Terms", "Step: matrix multiplies"),
    "step.attention_ms": QT_TRANSLATE_NOOP("Terms", "Step: attention"),
    "step.communication_ms": QT_TRANSLATE_NOOP("Terms", "Step: communication"),
    "step.eager_launch_ms": QT_TRANSLATE_NOOP("Terms", "Step: kernel launches without CUDA graphs"),
    "step.overhead_ms": QT_TRANSLATE_NOOP("Terms", "Step: scheduler overhead"),
    "ttft_ms": QT_TRANSLATE_NOOP("Terms", "TTFT"),
    "tpot_ms": QT_TRANSLATE_NOOP("Terms", "TPOT"),
    "itl_ms": QT_TRANSLATE_NOOP("Terms", "Inter-token latency"),
    "output_tokens_per_s": QT_TRANSLATE_NOOP("Terms", "Output tokens/s"),
    "requests_per_s": QT_TRANSLATE_NOOP("Terms", "Requests/s"),
}
UNIT_NAMES = {
    "tokens": QT_TRANSLATE_NOOP("Units", "tokens"),
    "requests": QT_TRANSLATE_NOOP("Units", "requests"),
    "params": QT_TRANSLATE_NOOP("Units", "params"),
    "bytes": QT_TRANSLATE_NOOP("Units", "bytes"),
    "GPUs": QT_TRANSLATE_NOOP("Units", "GPUs"),
    "replicas": QT_TRANSLATE_NOOP("Units", "replicas"),
}


def term_name(key: str) -> str:
    """The translated name of the quantity ``key`` (the key itself when unnamed)."""
    name = TERM_NAMES.get(key)
    if name is None:
        last = key.rsplit(".", 1)[-1]
        name = TERM_NAMES.get(last)
        if name is None:
            return last.replace("_", " ")
    return QCoreApplication.translate("Terms", name)


ONE_UNIT_NAMES = {
    "tokens": QT_TRANSLATE_NOOP("Units", "token"),
    "requests": QT_TRANSLATE_NOOP("Units", "request"),
    "replicas": QT_TRANSLATE_NOOP("Units", "replica"),
    "GPUs": QT_TRANSLATE_NOOP("Units", "GPU"),
}


def unit_name(unit: str, amount: float | None = None) -> str:
    """The translated unit symbol; singular when ``amount`` is exactly one (1 replica, 2 replicas)."""
    name = ONE_UNIT_NAMES.get(unit) if amount == 1 else None
    name = name or UNIT_NAMES.get(unit)
    return QCoreApplication.translate("Units", name) if name else unit


def is_no_limit(value: float) -> bool:
    """Whether a concurrency in requests means "no limit".

    The ceiling searches stop at ``MAX_SEARCH_CONCURRENCY`` (131,072): a ceiling at that cap never
    limits anything (one place decides it for the bars, the tables and the Explanation tree).
    """
    return value >= MAX_SEARCH_CONCURRENCY


def no_limit_text() -> str:
    """How every view says a ceiling sets no limit."""
    return QCoreApplication.translate("Ceilings", "no limit")


def ceiling_text(ceiling: Ceiling) -> str:
    """A ceiling's value as every view shows it: a count, or "no limit" (``Ceiling.sets_no_limit``)."""
    return no_limit_text() if ceiling.sets_no_limit else count(ceiling.value.value)


def memory_amount(gib_value: float) -> str:
    """A memory amount with its unit.

    A negative one (what a model that does not fit leaves for the KV cache) reads as the shortfall.
    """
    if gib_value < 0:
        return QCoreApplication.translate("Terms", "does not fit: {gib} short").format(
            gib=memory_size(-gib_value))
    return memory_size(gib_value)


def term_value(term: Term) -> str:
    """A term's value with its unit."""
    if term.unit == "params":
        return params_text(term.value)
    if term.unit == "GiB":
        return memory_amount(term.value)
    if term.unit == "":
        return share_text(term.value) if term.key.rsplit(".", 1)[-1] in SHARE_KEYS else sig3(term.value)
    return _counted_value(term)


def _counted_value(term: Term) -> str:
    if term.unit == "requests" and is_no_limit(term.value):
        return no_limit_text()
    fractional_few = term.unit == "requests" and term.value < 10 and not float(term.value).is_integer()
    if term.unit in ("tokens", "bytes", "requests", "replicas", "GPUs") and not fractional_few:
        return f"{count(term.value)} {unit_name(term.unit, math.floor(term.value + COUNT_TOLERANCE))}"
    return f"{sig3(term.value)} {unit_name(term.unit)}"


def input_value(value: InputValue) -> str:
    """An input of a formula, formatted."""
    if isinstance(value, bool | str):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    return sig3(value)


KINDS = (CeilingKind.MEMORY, CeilingKind.COMPUTE, CeilingKind.INTERCONNECT, CeilingKind.SCHEDULER)
KIND_NAMES = {  # (full name, one word where a plot label or a table cell has no room)
    CeilingKind.MEMORY: (QT_TRANSLATE_NOOP("Ceilings", "Memory (KV cache)"),
                         QT_TRANSLATE_NOOP("Ceilings", "Memory")),
    CeilingKind.COMPUTE: (QT_TRANSLATE_NOOP("Ceilings", "Compute (TTFT/TPOT)"),
                          QT_TRANSLATE_NOOP("Ceilings", "Compute")),
    CeilingKind.INTERCONNECT: (QT_TRANSLATE_NOOP("Ceilings", "Interconnect"),
                               QT_TRANSLATE_NOOP("Ceilings", "Interconnect")),
    CeilingKind.SCHEDULER: (QT_TRANSLATE_NOOP("Ceilings", "Scheduler (max_num_seqs)"),
                            QT_TRANSLATE_NOOP("Ceilings", "Scheduler")),
}


def kind_name(kind: CeilingKind, short: bool = False) -> str:
    """Translated name of a ceiling (``short``: its one-word name)."""
    return QCoreApplication.translate("Ceilings", KIND_NAMES[kind][1 if short else 0])
