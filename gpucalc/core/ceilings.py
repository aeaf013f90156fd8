"""Three concurrency ceilings and the scheduler cap, computed separately; the advice."""

from __future__ import annotations

import math

from gpucalc.core.explain import Notice, Term, term
from gpucalc.core.inputs import PlanInputs, TrafficMode
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import (
    COMM_SHARE_LIMIT,
    MAX_SEARCH_CONCURRENCY,
    PerfContext,
    largest_satisfying,
)
from gpucalc.core.perf_result import Ceiling, CeilingKind
from gpucalc.core.quality import quality_caveat
from gpucalc.core.topology import LinkTopology, link_plan


def memory_ceiling(ctx: PerfContext) -> Term:
    """Requests whose KV fits at the planning length (the KV cache alone, no scheduler cap)."""
    return term(
        "ceiling.memory", math.floor(ctx.memory_requests()), "requests",
        "floor(KV blocks ÷ blocks per request at planning length)",
        {"planning_tokens": ctx.planning_tokens, "kv_blocks": ctx.capacity.num_blocks,
         "blocks_per_request": ctx.capacity.blocks_per_request(ctx.planning_tokens)},
        ("seed 000: KV capacity at P95 length, longest class, full multi-turn history",),
    )


def scheduler_ceiling(ctx: PerfContext) -> Term:
    """Requests the engine's scheduler lets run in one step (its max_num_seqs cap)."""
    return term(
        "ceiling.scheduler", ctx.max_num_seqs, "requests",
        "max_num_seqs: the scheduler runs at most this many requests per step",
        {"max_num_seqs": ctx.max_num_seqs},
        ("engine flag --max-num-seqs (or the engine's default)",),
    )


def compute_ceiling(ctx: PerfContext) -> Term:
    """Largest running batch whose TTFT and TPOT meet the targets at the chosen percentile.

    The steady-state mean must meet them too (a P50 of a skewed distribution can sit below its
    mean); at the percentile the decode steps that carry chunked-prefill work and the queue in
    front of the prefill count (:mod:`gpucalc.core.tail_latency`).
    """
    mean_value = largest_satisfying(ctx.meets_latency)
    value = largest_satisfying(ctx.meets_percentile, hint=mean_value) if mean_value else 0
    tail = ctx.tail_at(max(value, 1))
    pct = ctx.percentile
    return term(
        "ceiling.compute", value, "requests",
        f"max N: P{pct} TPOT(N decodes, chunked-prefill steps) ≤ TPOT target and P{pct} TTFT "
        "(queue in front of the prefill + own chunks) ≤ TTFT target; the mean meets both too",
        {"percentile": pct, "mean_latency_ceiling": mean_value,
         "tpot_target_ms": ctx.tpot_target_s * 1000,
         "ttft_target_ms": ctx.ttft_target_s * 1000,
         f"p{pct}_tpot_ms": round(tail.tpot_s * 1000, 2),
         f"p{pct}_ttft_ms": round(tail.ttft_s * 1000, 1),
         "decode_step_ms": round(tail.decode_step_s * 1000, 2),
         "prefill_step_ms": round(tail.prefill_step_s * 1000, 2),
         "prefill_step_share": round(tail.prefill_step_share, 3),
         "prefill_queue_utilisation": round(tail.queue_utilisation, 3),
         "requests_per_s": round(tail.request_per_s, 3),
         "mean_input": round(ctx.mean_input), "mean_output": round(ctx.mean_output),
         "p95_input": ctx.p95_input, "token_budget": ctx.token_budget},
        (ctx.efficiency.source,
         "seed 000: plan TTFT and TPOT at P95; M/G/1 prefill queue (Pollaczek–Khinchine)"),
    )


def interconnect_ceiling(ctx: PerfContext, tp: int, pp: int) -> tuple[Term, bool]:
    """Largest batch whose communication stays within half the per-token budget."""
    if tp <= 1 and pp <= 1:
        return term("ceiling.interconnect", MAX_SEARCH_CONCURRENCY, "requests",
                    "single GPU: no inter-GPU communication", {"tp": tp, "pp": pp}), False
    value = largest_satisfying(ctx.meets_comm)
    return term(
        "ceiling.interconnect", value, "requests",
        "max N: all-reduce/all-to-all/pipeline time of one step ≤ 50 % × TPOT target",
        {"tp": tp, "pp": pp, "share_limit": COMM_SHARE_LIMIT,
         "tpot_target_ms": ctx.tpot_target_s * 1000},
        ("seed 002: a communication share above 50 % means the parallel layout is poor",),
    ), True


def three_ceilings(ctx: PerfContext, inputs: PlanInputs) -> tuple[Ceiling, ...]:
    """Memory, compute and interconnect ceilings and the scheduler cap, the binding one marked.

    On a tie the resource ceilings bind before the scheduler cap. Offline traffic ignores the
    latency targets (seed 000): the compute and interconnect ceilings are shown but not limiting.
    """
    dep = inputs.deployment
    memory = memory_ceiling(ctx)
    compute = compute_ceiling(ctx)
    link, limited = interconnect_ceiling(ctx, dep.tensor_parallel_size, dep.pipeline_parallel_size)
    latency_bound = inputs.workload.mode != TrafficMode.OFFLINE  # offline: targets do not apply
    values = {CeilingKind.MEMORY: (memory, True), CeilingKind.COMPUTE: (compute, latency_bound),
              CeilingKind.INTERCONNECT: (link, limited and latency_bound),
              CeilingKind.SCHEDULER: (scheduler_ceiling(ctx), True)}
    binding = min((k for k in values if values[k][1]), key=lambda k: values[k][0].value)
    return tuple(Ceiling(kind=k, value=v, limited=lim, binding=k == binding)
                 for k, (v, lim) in values.items())


def advice(binding: CeilingKind, inputs: PlanInputs, memory: MemoryResult,
           ctx: PerfContext) -> tuple[Notice, ...]:
    """Advice codes for the binding ceiling (the UI turns them into sentences)."""
    dep = inputs.deployment
    codes: list[Notice] = []
    if binding == CeilingKind.SCHEDULER:
        codes.append(Notice(code="raise_max_num_seqs", params={
            "max_num_seqs": ctx.max_num_seqs, "kv_requests": math.floor(ctx.memory_requests())}))
    elif binding == CeilingKind.MEMORY:
        if inputs.kv_format.bytes_per_element > 1:
            codes.append(Notice(code="quantize_kv_cache", params={"kv_format": inputs.kv_format.id}))
        if inputs.weight_format.bits_per_weight >= 16:
            codes.append(Notice(code="quantize_weights", params={}))
        codes.append(Notice(code="shorten_context", params={"planning_tokens": ctx.planning_tokens}))
        codes.append(Notice(code="add_memory", params={}))
    elif binding == CeilingKind.COMPUTE:
        codes.append(Notice(code="fewer_tokens_or_smaller_model",
                            params={"tpot_target_ms": inputs.targets.tpot_ms}))
        codes.append(Notice(code="add_replicas_or_faster_gpu", params={}))
    else:
        if memory.fits_single_gpu.value > 0 and dep.tensor_parallel_size > 1:
            codes.append(Notice(code="replicas_instead_of_tp",
                                params={"tp": dep.tensor_parallel_size}))
        links = link_plan(inputs.gpu, dep.tensor_parallel_size, dep.pipeline_parallel_size)
        if links.topology == LinkTopology.PCIE_ONLY or links.tp_spans_domains:
            codes.append(Notice(code="use_nvlink", params={"gpu": inputs.gpu.id}))
        codes.append(Notice(code="fewer_tp_ranks", params={"tp": dep.tensor_parallel_size}))
    return quality_caveat(tuple(codes))
