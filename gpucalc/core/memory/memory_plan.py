"""Assemble the memory result: every stage, KV capacity, concurrency and the fit verdicts."""

from __future__ import annotations

import math

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import InputValue, Notice, Term, term
from gpucalc.core.common.memo import PerObject
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.activation_encoder import ENCODER_TERM
from gpucalc.core.memory.kv import (
    indexer_bytes_per_token_per_layer,
    vllm_estimated_max_model_len,
    vllm_max_len_kv_bytes,
    vllm_unified_pages,
)
from gpucalc.core.memory.kv_capacity import KvCapacity, kv_capacity, sglang_max_running_requests
from gpucalc.core.memory.memory import (
    StageMemory,
    pipeline_layout,
    stage_memory,
    unsplit_weights_and_kv_gib,
)
from gpucalc.core.memory.memory_result import BLOCKING_NOTICES, MemoryResult, ParamSummary
from gpucalc.core.memory.params import ParamBreakdown, active_params, param_breakdown
from gpucalc.core.memory.settings import EffectiveSettings, effective_settings
from gpucalc.core.memory.state_memory import state_per_request_term
from gpucalc.core.memory.weights import WeightPlan, weight_plan, weights_gib_per_gpu
from gpucalc.core.parallel.context_parallel import check_decode_context_parallel
from gpucalc.core.parallel.expert_parallel import expert_layout, expert_share
from gpucalc.core.parallel.parallel import check_tensor_parallel
from gpucalc.core.specs.engine import EngineKind, EngineProfile, MaxLenAdmission
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.model_spec import LayerAttention, ModelSpec
from gpucalc.core.specs.price import NO_PRICE_NOTICE
from gpucalc.core.specs.weight_only import weight_only_notice
from gpucalc.core.specs.workload_shape import average_tokens

MEMORY_ALARM_SHARE = 0.8  # seed 001: at 80 % with the average length, add GPUs or cut context


def check_layout(inputs: PlanInputs) -> None:
    """Raise :class:`PlanError` when the parallel layout cannot split this model."""
    model, dep = inputs.model, inputs.deployment
    problem = check_tensor_parallel(model.num_attention_heads, model.num_kv_heads,
                                    dep.tensor_parallel_size)
    if problem:
        raise problem
    problem = check_decode_context_parallel(model, dep.tensor_parallel_size,
                                            dep.decode_context_parallel_size)
    if problem:
        raise problem
    expert_layout(model, dep)  # raises for an expert group that cannot form
    if dep.pipeline_parallel_size > model.num_layers:
        raise PlanError("pp_layers", QT_TRANSLATE_NOOP("Errors", "{pipeline_parallel_size} {pp} exceeds "
                                                                 "the model's {layers} layers"),
                        "pipeline_parallel_size", pp=dep.pipeline_parallel_size, layers=model.num_layers)


def param_summary(model: ModelSpec) -> ParamSummary:
    """Total and active parameter counts with the per-group breakdown (once per model object)."""
    return _summaries(model)


def count_param_summary(model: ModelSpec) -> ParamSummary:
    """Total and active parameter counts of ``model`` with the per-group breakdown."""
    breakdown = param_breakdown(model)
    total = model.exact_total_params or breakdown.total
    source = (QT_TRANSLATE_NOOP(
        "Sources", "safetensors headers"),) if model.exact_total_params else (QT_TRANSLATE_NOOP(
            "Sources", "config.json shapes"),)
    active = active_params(model, breakdown)
    groups = tuple(term(f"params.{name}", value, "params", QT_TRANSLATE_NOOP(
        "Formulas", "from config shapes"), {})
                   for name, value in breakdown.model_dump().items() if value)
    return ParamSummary(
        total=term("params.total", total, "params", QT_TRANSLATE_NOOP(
            "Formulas", "Σ tensor groups"), {}, source),
        active=term("params.active", active, "params",
                    QT_TRANSLATE_NOOP(
                        "Formulas", "total − vision − routed experts × (1 − top_k / experts)"), {}),
        active_without_embedding=term("params.active_without_embedding",
                                      active - breakdown.embedding, "params",
                                      QT_TRANSLATE_NOOP(
                                          "Formulas", "active − input embedding (lookup, no matmul)"), {}),
        groups=groups,
    )


_summaries = PerObject(count_param_summary)


def weights_alone_overflow(inputs: PlanInputs) -> bool:
    """Whether some GPU's weights alone fill its whole memory, so the plan cannot fit.

    Every engine's KV budget is then ≤ 0 (its memory fraction is at most 1 and activation,
    runtime and CUDA graphs are never negative), which ``calculate_memory`` reports as the
    blocking ``kv_budget_negative``; a fixed ``--kv-cache-memory`` budget is never ruled out.
    A cheap test for searches that try many layouts; raises :class:`PlanError` as
    ``calculate_memory`` does when the layout cannot split the model.
    """
    check_layout(inputs)
    dep, model = inputs.deployment, inputs.model
    if dep.kv_cache_memory_gib is not None:
        return False
    total = dep.gpu_memory_gib or inputs.gpu.usable_memory_gib
    breakdown = param_breakdown(model)
    plan = weight_plan(model, inputs.weight_format, inputs.body_format_is_checkpoint)
    share = expert_share(model, dep)
    return any(weights_gib_per_gpu(model, breakdown, plan, stage, dep.tensor_parallel_size,
                                   share) >= total
               for stage in pipeline_layout(model.num_layers, dep.pipeline_parallel_size))


def _binding(capacities: list[KvCapacity]) -> int:
    return min(range(len(capacities)), key=lambda i: capacities[i].tokens)


def _per_request_gib(capacity: KvCapacity, tokens: int) -> float:
    return capacity.blocks_per_request(tokens) * capacity.block_bytes / BYTES_PER_GIB


def _concurrency_term(key: str, capacity: KvCapacity, tokens: int, max_seqs: int) -> Term:
    raw = capacity.concurrency_for_length(tokens)
    return term(
        key, min(raw, max_seqs), "requests",
        QT_TRANSLATE_NOOP("Formulas", "min(KV blocks ÷ blocks per request, max_num_seqs)"),
        {"tokens_per_request": tokens, "blocks_per_request": capacity.blocks_per_request(tokens),
         "kv_blocks": capacity.num_blocks, "uncapped": round(raw, 2), "max_num_seqs": max_seqs},
    )


def _single_gpu_fit(inputs: PlanInputs, settings: EffectiveSettings, breakdown: ParamBreakdown,
                    plan: WeightPlan) -> Term:
    """KV GiB left when the whole model sits on one GPU of this type (negative: it does not fit)."""
    weights_gib, kv_gib = unsplit_weights_and_kv_gib(inputs, settings, breakdown, plan)
    return term("fits_single_gpu_kv_gib", kv_gib, "GiB",
                QT_TRANSLATE_NOOP(
                    "Formulas", "KV memory left with TP = PP = 1 (> 0: the model fits on one GPU)"),
                {"weights_gib": round(weights_gib, 2)})


def average_request_kv(inputs: PlanInputs, capacity: KvCapacity) -> Term:
    """KV GiB per GPU that one request of average length holds (whole blocks)."""
    average = average_tokens(inputs.workload)
    tokens = int(average.value)
    return term(
        "kv_gib_per_average_request", _per_request_gib(capacity, tokens), "GiB",
        QT_TRANSLATE_NOOP("Formulas", "blocks per request at the average length × block bytes"),
        {"average_tokens": tokens, "blocks_per_request": capacity.blocks_per_request(tokens),
         "block_bytes": capacity.block_bytes, "length_margin": inputs.workload.length_margin},
        average.sources,
    )


def _with_running_requests_cap(inputs: PlanInputs, capacity: KvCapacity,
                               settings: EffectiveSettings) -> EffectiveSettings:
    """The settings with the engine's real cap on running requests.

    ``max_num_seqs`` as set or defaulted, except SGLang without ``--max-running-requests``,
    which derives its cap from the KV pool it allocated (so the scheduler ceiling, the load
    model and the simulator all run with it).
    """
    if inputs.engine.kind != EngineKind.SGLANG or inputs.deployment.max_num_seqs is not None:
        return settings
    max_len = int(settings.max_model_len.value)
    derived = term("max_num_seqs", sglang_max_running_requests(capacity.tokens, max_len),
                   "requests", QT_TRANSLATE_NOOP(
                       "Formulas", "SGLang default max_running_requests: min(KV tokens // 2, request pool "
                       "rows = clamp(KV tokens ÷ context_len × 512, 2048, 4096))"),
                   {"kv_tokens": capacity.tokens, "context_len": max_len},
                   (inputs.engine.sources.get("max_running_requests", ""),))
    return settings.model_copy(update={"max_num_seqs": derived})


def fixed_margin_gib(memory: StageMemory) -> float:
    """Memory besides weights and KV that a running engine holds (GiB per GPU).

    Activation peak + non-torch (CUDA context, NCCL) + CUDA graphs: seed 001's "margin".
    """
    return memory.activation.value + memory.non_torch.value + memory.cuda_graphs.value


def _concurrency_within_share(key: str, share: float, memory: StageMemory, per_request: Term,
                              total_gib: float, source: str) -> Term:
    """Requests of average length for which weights + margin + KV stay within ``share``."""
    margin = fixed_margin_gib(memory)
    room = share * total_gib - memory.weights_total.value - margin
    gib = per_request.value
    allowed = math.floor(room / gib) if gib > 0 and room > 0 else 0
    return term(
        key, allowed, "requests",
        QT_TRANSLATE_NOOP(
            "Formulas", "floor((share × total − weights − margin) ÷ KV per request at average length)"),
        {"share": share, "total_gib": round(total_gib, 2),
         "weights_gib": round(memory.weights_total.value, 2), "margin_gib": round(margin, 2),
         "kv_per_request_gib": round(gib, 4),
         "average_tokens": per_request.inputs["average_tokens"]},
        (source,),
    )


def _planning_check(inputs: PlanInputs, memory: StageMemory, per_request: Term,
                    total_gib: float) -> Term:
    """Seed 001's rule: weights + KV at average length + margin ≤ 70 % of memory.

    Returned as the concurrency that rule allows at the real traffic shape's average length
    (margin = activation + runtime + CUDA graphs).
    """
    return _concurrency_within_share(
        "planning_concurrency_at_share", inputs.targets.planning_memory_share, memory, per_request,
        total_gib, QT_TRANSLATE_NOOP(
            "Sources", "seed 001: keep weights + KV(avg) + margin within 70 % of memory"))


def _alarm_check(memory: StageMemory, per_request: Term, total_gib: float) -> Term:
    """Seed 001's alarm: the concurrency at which the average length reaches 80 % of memory."""
    return _concurrency_within_share(
        "alarm_concurrency_at_share", MEMORY_ALARM_SHARE, memory, per_request, total_gib,
        QT_TRANSLATE_NOOP(
            "Sources", "seed 001: at 80 % with the average length, long-context service is not viable"))


def memory_share_at(memory: MemoryResult, concurrency: int) -> Term:
    """Share of one GPU's memory that ``concurrency`` requests of average length fill (0–1).

    (weights + margin + concurrency × KV per average request) ÷ total, on the binding stage.
    """
    stage, per_request = memory.binding, memory.kv_per_average_request
    total = memory.settings.total_gib.value
    margin = fixed_margin_gib(stage)
    used = stage.weights_total.value + margin + concurrency * per_request.value
    return term(
        "memory_share_at_planned", used / total if total > 0 else 0.0, "",
        QT_TRANSLATE_NOOP("Formulas", "(weights + margin + N × KV per request at average length) ÷ total"),
        {"concurrency": concurrency, "weights_gib": round(stage.weights_total.value, 2),
         "margin_gib": round(margin, 2), "kv_per_request_gib": round(per_request.value, 4),
         "average_tokens": per_request.inputs["average_tokens"], "total_gib": round(total, 2),
         "planning_share": memory.planning_check.inputs["share"],
         "alarm_share": MEMORY_ALARM_SHARE},
        (QT_TRANSLATE_NOOP("Sources", "seed 001: weights + KV(avg) + margin within 70 % of memory; 80 % "
                           "at the average length is the alarm"),),
    )


def memory_share_notices(memory: MemoryResult, share: Term) -> tuple[Notice, ...]:
    """The 70 % planning-line and 80 % alarm notices for the share ``memory_share_at`` found."""
    planning = float(memory.planning_check.inputs["share"])
    params: dict[str, InputValue] = {
        "concurrency": f"{int(share.inputs['concurrency']):,}",
        "avg_tokens": f"{int(share.inputs['average_tokens']):,}",
        "share_used": f"{share.value:.1%}", "planning_share": f"{planning:.0%}",
        "alarm_share": f"{MEMORY_ALARM_SHARE:.0%}", "allowed": f"{int(memory.planning_check.value):,}"}
    if share.value >= MEMORY_ALARM_SHARE:
        return (Notice(code="memory_alarm_average_length", params=params),)
    if share.value > planning:
        return (Notice(code="memory_above_planning_share", params=params),)
    return ()


def calculate_memory(inputs: PlanInputs, single_gpu_check: bool = True) -> MemoryResult:
    """The per-GPU memory picture and KV capacity of ``inputs``.

    ``single_gpu_check=False`` skips the TP = 1 what-if (sizing loops do not show it).
    """
    check_layout(inputs)
    dep, engine, model = inputs.deployment, inputs.engine, inputs.model
    settings = effective_settings(inputs)
    breakdown = param_breakdown(model)
    plan = weight_plan(model, inputs.weight_format, inputs.body_format_is_checkpoint)
    layout = pipeline_layout(model.num_layers, dep.pipeline_parallel_size)
    stages = [stage_memory(inputs, settings, breakdown, plan, s, layout) for s in layout]
    capacities = [kv_capacity(engine, m.kv_cache.value, m.kv_groups, m.kv_block_size)
                  for m in stages]
    index = _binding(capacities)
    capacity, memory = capacities[index], stages[index]
    max_len = int(settings.max_model_len.value)
    batched = int(settings.max_num_batched_tokens.value)
    settings = _with_running_requests_cap(inputs, capacity, settings)
    seqs = int(settings.max_num_seqs.value)
    tp = dep.tensor_parallel_size
    per_gpu = sum(m.kv_bytes_per_token for m in stages)
    notices = _notices(inputs, stages, capacity, settings)
    wl = inputs.workload
    return MemoryResult(
        settings=settings,
        params=param_summary(model),
        stages=tuple(stages),
        binding_stage=index,
        kv_bytes_per_token=term("kv_cache_bytes_per_token", per_gpu * tp, "bytes",
                                QT_TRANSLATE_NOOP(
                                    "Formulas", "Σ layers × bytes per token per layer × TP ranks"),
                                {"per_gpu_bytes": per_gpu, "tp": tp,
                                 "kv_format": inputs.kv_format.id}),
        kv_bytes_per_token_per_gpu=kv_per_gpu_term(inputs, memory),
        kv_cache_tokens=term("kv_cache_tokens", capacity.tokens, "tokens",
                             QT_TRANSLATE_NOOP(
                                 "Formulas", "KV blocks ÷ KV-cache groups × block size (engine's count)"),
                             {"kv_blocks": capacity.num_blocks, "block_size": capacity.block_size,
                              "groups": len(capacity.groups), "kv_gib": round(memory.kv_cache.value, 3)},
                             (engine.sources.get("kv_tokens", ""),)),
        kv_cache_tokens_all_replicas=term("kv_cache_tokens_all_replicas",
                                          capacity.tokens * dep.replicas, "tokens",
                                          QT_TRANSLATE_NOOP("Formulas", "per-replica tokens × replicas"),
                                          {"replicas": dep.replicas}),
        max_concurrency=term("max_concurrency", capacity.max_concurrency_at(max_len, batched),
                             "requests", QT_TRANSLATE_NOOP(
                                 "Formulas", "KV blocks ÷ blocks one max_model_len request reserves"),
                             {"max_model_len": max_len}, (engine.sources.get("kv_tokens", ""),)),
        concurrency_p50=_concurrency_term("concurrency_p50", capacity,
                                          wl.input_len_p50 + wl.output_len_p50, seqs),
        concurrency_p95=_concurrency_term("concurrency_p95", capacity,
                                          wl.input_p95 + wl.output_p95, seqs),
        fits=not any(n.code in BLOCKING_NOTICES for n in notices),
        fits_single_gpu=_single_gpu_fit(inputs, settings, breakdown, plan) if single_gpu_check else
        term("fits_single_gpu_kv_gib", 0.0, "GiB", QT_TRANSLATE_NOOP("Formulas", "not evaluated"), {}),
        kv_per_average_request=(per_request := average_request_kv(inputs, capacity)),
        planning_check=(check := _planning_check(inputs, memory, per_request,
                                                 settings.total_gib.value)),
        planning_check_passes=check.value >= 1,
        alarm_check=_alarm_check(memory, per_request, settings.total_gib.value),
        notices=tuple(notices),
        state_bytes_per_request=state_per_request_term(
            model, tp, dep.mamba_ssm_cache_dtype,
            sum(g.num_layers for g in memory.kv_groups if g.kind == LayerAttention.STATE)),
    )


def kv_per_gpu_term(inputs: PlanInputs, memory: StageMemory) -> Term:
    """KV bytes one token adds on one GPU of the binding stage, with DCP and the DSA indexer."""
    dcp = inputs.deployment.decode_context_parallel_size
    indexer = indexer_bytes_per_token_per_layer(inputs.model)
    if dcp == 1 and not indexer:
        return term("kv_cache_bytes_per_token_per_gpu", memory.kv_bytes_per_token, "bytes",
                    QT_TRANSLATE_NOOP("Formulas", "Σ stage layers × 2 × KV heads/rank × head_dim × "
                                                  "bytes (MLA: latent + rope dims)"), {})
    return term("kv_cache_bytes_per_token_per_gpu", memory.kv_bytes_per_token, "bytes",
                QT_TRANSLATE_NOOP("Formulas", "Σ stage layers × (KV per token per layer on the rank "
                                              "+ sparse-attention indexer key) ÷ decode-context-parallel "
                                              "ranks"),
                {"dcp": dcp, "indexer_bytes_per_token_per_layer": indexer},
                (QT_TRANSLATE_NOOP("Sources", "vLLM docs, Context Parallel Deployment: decode context "
                                              "parallel shards the KV cache along tokens"),
                 QT_TRANSLATE_NOOP("Sources", "vLLM deepseek_v2.py DeepseekV32IndexerCache: FP8 key + "
                                              "one float32 scale per 128 elements")))


def _vllm_v1_refusal(stages: list[StageMemory], settings: EffectiveSettings) -> Notice | None:
    """The start-up check of vLLM V1: one max_model_len request's KV must fit each worker's budget.

    Sliding-window layers count only their window plus one token budget (hybrid KV manager);
    the notice carries the figures vLLM prints when it refuses.
    """
    max_len = int(settings.max_model_len.value)
    batched = int(settings.max_num_batched_tokens.value)
    for memory in stages:
        available = memory.kv_cache.value * BYTES_PER_GIB
        block, groups = vllm_unified_pages(memory.kv_groups, memory.kv_block_size)
        needed = vllm_max_len_kv_bytes(groups, max_len, batched, block)
        if needed > available:
            estimate = vllm_estimated_max_model_len(groups, available, max_len, batched, block)
            return Notice(code="max_model_len_kv_exceeds_memory", params={
                "max_model_len": max_len, "needed_gib": round(needed / BYTES_PER_GIB, 2),
                "available_gib": round(available / BYTES_PER_GIB, 2),
                "estimated_max_len": estimate})
    return None


def pool_capped_request_tokens(engine: EngineProfile, kv_tokens: int) -> int:
    """Longest request (tokens) an engine that caps requests at its KV pool accepts.

    SGLang: max_req_len = min(context_len − 1, max_total_num_tokens − 1); TensorRT-LLM lowers
    the attention window / max sequence length to the tokens the pool holds.
    """
    return kv_tokens - 1 if engine.kind == EngineKind.SGLANG else kv_tokens


def _admission_notice(inputs: PlanInputs, stages: list[StageMemory], capacity: KvCapacity,
                      settings: EffectiveSettings) -> Notice | None:
    """What the engine does when one max_model_len request outgrows the KV pool."""
    engine = inputs.engine
    max_len = int(settings.max_model_len.value)
    rule = engine.max_len_admission
    if rule == MaxLenAdmission.REFUSE_KV_BYTES:
        return _vllm_v1_refusal(stages, settings)
    if capacity.concurrency_for_length(max_len) >= 1:
        return None
    if rule == MaxLenAdmission.REFUSE_KV_TOKENS:
        return Notice(code="max_model_len_exceeds_kv",
                      params={"max_model_len": max_len, "kv_tokens": capacity.tokens})
    return Notice(code="kv_pool_caps_requests", params={
        "engine": engine.name, "kv_tokens": capacity.tokens, "max_model_len": max_len,
        "max_request_tokens": pool_capped_request_tokens(engine, capacity.tokens)})


def _notices(inputs: PlanInputs, stages: list[StageMemory], capacity: KvCapacity,
             settings: EffectiveSettings) -> list[Notice]:
    """Coded warnings about fit and headroom."""
    notices: list[Notice] = []
    memory = min(stages, key=lambda m: m.kv_cache.value)
    if memory.kv_cache.value <= 0:
        notices.append(Notice(code="kv_budget_negative",
                              params={"kv_gib": round(memory.kv_cache.value, 2),
                                      "short_gib": round(-memory.kv_cache.value, 1),
                                      "stage": memory.stage.index}))
    elif (admission := _admission_notice(inputs, stages, capacity, settings)) is not None:
        notices.append(admission)
    engine = inputs.engine
    if not engine.runtime.cuda_graph_deducted and memory.headroom.value < 0:
        notices.append(Notice(code="cuda_graphs_exceed_headroom",
                              params={"headroom_gib": round(memory.headroom.value, 2),
                                      "graphs_gib": memory.cuda_graphs.value}))
    encoder_modelled = any(p.key == ENCODER_TERM for m in stages for p in m.activation_parts)
    if inputs.model.vision is not None and not encoder_modelled:
        notices.append(Notice(code="vision_encoder_profile_not_modelled",
                              params={"vision_params": inputs.model.vision.params}))
    notices.extend(Notice(code=code, params={"model": inputs.model.name})
                   for code in inputs.model.approximations)
    if inputs.gpu.confidence == "low":
        notices.append(Notice(code="gpu_spec_low_confidence", params={"gpu": inputs.gpu.id}))
    if (weight_only := weight_only_notice(inputs.weight_format, inputs.gpu)) is not None:
        notices.append(weight_only)
    if inputs.gpu.usable_price_usd_per_hour is None:
        notices.append(Notice(code=NO_PRICE_NOTICE, params={"gpu": inputs.gpu.id}))
    return notices
