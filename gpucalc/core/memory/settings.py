"""Effective engine settings: the user's flags, or the engine's defaults for this GPU."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import FormulaTemplate, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.engine import EngineKind, EngineProfile, SglangMemoryTier, SglangReserve
from gpucalc.core.specs.inputs import PlanInputs


class EffectiveSettings(BaseModel):
    """Settings one calculation runs with, each explained."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    total_gib: Term
    memory_fraction: Term
    max_model_len: Term
    max_num_batched_tokens: Term
    max_num_seqs: Term
    block_size: int


def _is_large_gpu(engine: EngineProfile, total_gib: float, gpu_id: str, gpu_name: str) -> bool:
    """Whether the engine's large-GPU scheduler defaults apply."""
    defaults = engine.batch_defaults
    name = f"{gpu_id} {gpu_name}".lower()
    excluded = any(tag in name for tag in defaults.large_gpu_excludes)
    return total_gib >= defaults.large_gpu_min_gib and not excluded


def sglang_tier(reserve: SglangReserve, total_gib: float) -> SglangMemoryTier | None:
    """SGLang's GPU-memory tier for a GPU of ``total_gib`` GiB (None: the fixed sizes apply)."""
    total_mib = total_gib * 1024
    for tier in reserve.tiers:
        if tier.below_mib is None or total_mib < tier.below_mib:
            return tier
    return None


def sglang_graph_max_bs(reserve: SglangReserve, total_gib: float, tp: int) -> int:
    """SGLang's default ``cuda_graph_max_bs``: by memory tier and TP size (< 4 or ≥ 4)."""
    tier = sglang_tier(reserve, total_gib)
    if tier is None:
        return reserve.cuda_graph_max_bs
    return tier.cuda_graph_max_bs_tp_below_4 if tp < 4 else tier.cuda_graph_max_bs_tp_4_up


def sglang_default_fraction(
    reserve: SglangReserve, total_gib: float, prefill_tokens: int, tp: int, pp: int,
    multimodal: bool = False,
) -> tuple[float, dict[str, float]]:
    """SGLang's default ``mem_fraction_static`` for this GPU and layout.

    0.4.x: a fixed fraction by TP size (× the multimodal factor); 0.5.x: (capacity − reserved) ÷
    capacity, reserved MB = 512 + max(chunked prefill, 2048) × 1.5 + cuda_graph_max_bs × 2 +
    tp × pp / 8 × 1024, at least 10 GiB above 60 GiB.
    """
    total_mb = total_gib * 1024
    if reserve.tp_fractions:
        rule = max((r for r in reserve.tp_fractions if tp >= r.min_tp), key=lambda r: r.min_tp)
        factor = reserve.multimodal_fraction_factor if multimodal else 1.0
        return round(rule.fraction * factor, 3), {"fraction_for_tp": rule.fraction, "tp": tp,
                                                   "multimodal_factor": factor}
    graphs = sglang_graph_max_bs(reserve, total_gib, tp)
    reserved = reserve.base_mb + max(prefill_tokens, 2048) * reserve.per_prefill_token_mb
    reserved += graphs * reserve.per_cuda_graph_batch_mb
    reserved += tp * pp / 8 * reserve.per_tp_over_8_mb
    if total_mb > reserve.large_gpu_min_mb:
        reserved = max(reserved, reserve.min_reserved_mb_large_gpu)
    return round((total_mb - reserved) / total_mb, 3), {
        "reserved_mb": reserved, "total_mb": total_mb, "chunked_prefill_size": prefill_tokens,
        "cuda_graph_max_bs": graphs}


TOKEN_BUDGET_CODE = "token_budget"


def _default_batched_tokens(engine: EngineProfile, total_gib: float, large: bool) -> int:
    """The engine's token budget per step for this GPU (SGLang: its memory tier's chunk)."""
    reserve = engine.sglang_reserve
    tier = sglang_tier(reserve, total_gib) if reserve is not None else None
    if tier is not None:
        return tier.chunked_prefill_size
    bd = engine.batch_defaults
    return bd.max_num_batched_tokens_large_gpu if large else bd.max_num_batched_tokens_other_gpu


def check_token_budget(engine: EngineProfile, tokens: int, seqs: int) -> None:
    """Refuse a vLLM token budget below one decode token per request a step may run.

    vLLM's scheduler refuses ``max_num_batched_tokens < max_num_seqs`` at start-up
    (vllm/config/scheduler.py, SchedulerConfig._verify_args): every running request decodes one
    token per step. SGLang's chunked-prefill size limits prompts only, so it has no such floor.
    """
    if engine.kind == EngineKind.VLLM and tokens < seqs:
        raise PlanError(TOKEN_BUDGET_CODE, QT_TRANSLATE_NOOP(
            "Errors", "the token budget ({max_num_batched_tokens}) must be at least {seqs:,} tokens: "
                      "one decode token for each of the {seqs:,} requests a step may run "
                      "({max_num_seqs}); {tokens:,} is below it, so raise the budget or lower "
                      "{max_num_seqs}"), "max_num_batched_tokens", seqs=seqs, tokens=tokens)


def effective_settings(inputs: PlanInputs) -> EffectiveSettings:
    """Resolve every engine setting the memory model needs."""
    dep, engine, gpu, model = inputs.deployment, inputs.engine, inputs.gpu, inputs.model
    total = dep.gpu_memory_gib or gpu.usable_memory_gib
    total_term = term(
        "total_gib_per_gpu", total, "GiB", QT_TRANSLATE_NOOP("Formulas", "memory as the driver reports it"),
        {"gpu": gpu.id}, ("--gpu-memory-gib override",) if dep.gpu_memory_gib else
        (gpu.usable_memory_basis,),
    )
    large = _is_large_gpu(engine, total, gpu.id, gpu.name)
    bd = engine.batch_defaults
    max_len = dep.max_model_len or model.max_position_embeddings
    tokens = dep.max_num_batched_tokens or _default_batched_tokens(engine, total, large)
    why: str | FormulaTemplate = QT_TRANSLATE_NOOP("Formulas", "flag")
    if not dep.max_num_batched_tokens:
        why = template(QT_TRANSLATE_NOOP("Formulas", "{engine} default ({size} GPU)"), engine=engine.name,
                       size=QT_TRANSLATE_NOOP("Formulas", "large") if large else QT_TRANSLATE_NOOP(
                           "Formulas", "other"))
    follow = bd.batched_tokens_follow_max_model_len_up_to
    multimodal = bd.multimodal_follows_max_model_len and model.vision is not None
    if dep.max_num_batched_tokens is None and follow is not None and (max_len <= follow or multimodal):
        tokens, why = max(max_len, tokens), template(QT_TRANSLATE_NOOP(
            "Formulas", "{engine}: max(max_model_len, default), no chunked prefill"), engine=engine.name)
    seqs = dep.max_num_seqs or (bd.max_num_seqs_large_gpu if large else bd.max_num_seqs_other_gpu)
    check_token_budget(engine, tokens, seqs)
    tokens_term = term("max_num_batched_tokens", tokens, "tokens", why, {}, (bd.source,))
    why_seqs = (QT_TRANSLATE_NOOP("Formulas", "flag") if dep.max_num_seqs
                else template(QT_TRANSLATE_NOOP("Formulas", "{engine} default"), engine=engine.name))
    seqs_term = term("max_num_seqs", seqs, "requests", why_seqs, {}, (bd.source,))
    len_term = term("max_model_len", max_len, "tokens",
                    QT_TRANSLATE_NOOP("Formulas", "flag") if dep.max_model_len
                    else QT_TRANSLATE_NOOP("Formulas", "model max_position_embeddings"), {})
    fraction, fraction_inputs, fraction_sources = _memory_fraction(inputs, total, tokens)
    fraction_term = term(
        "memory_fraction", fraction, "",
        template(QT_TRANSLATE_NOOP("Formulas", "set by {flag}"), flag=engine.memory_knob_flag),
        fraction_inputs, fraction_sources,
    )
    return EffectiveSettings(
        total_gib=total_term, memory_fraction=fraction_term, max_model_len=len_term,
        max_num_batched_tokens=tokens_term, max_num_seqs=seqs_term,
        block_size=dep.block_size or engine.block_size_tokens,
    )


def _memory_fraction(
    inputs: PlanInputs, total_gib: float, prefill_tokens: int
) -> tuple[float, dict[str, float | int | str | bool], tuple[str, ...]]:
    """The engine's memory fraction: the user's flag, its fixed default or SGLang's heuristic."""
    dep, engine = inputs.deployment, inputs.engine
    if dep.gpu_memory_utilization is not None:
        return dep.gpu_memory_utilization, {"source": "flag"}, ()
    if engine.kind == EngineKind.SGLANG and engine.sglang_reserve is not None:
        value, parts = sglang_default_fraction(
            engine.sglang_reserve, total_gib, prefill_tokens,
            dep.tensor_parallel_size, dep.pipeline_parallel_size, inputs.model.vision is not None)
        return value, {k: round(v, 3) for k, v in parts.items()}, (engine.sglang_reserve.source,)
    default = engine.default_memory_fraction or 0.9
    return default, {"source": f"{engine.name} default"}, ()
