"""Three concurrency ceilings and the scheduler cap, computed separately; the advice."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gpucalc.core.ceiling_arrays import (
    PointChecks,
    comm_values,
    largest_satisfying_many,
    point_lengths,
)
from gpucalc.core.explain import Notice, Term, template, term
from gpucalc.core.inputs import PlanInputs, TrafficMode
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import (
    COMM_SHARE_LIMIT,
    MAX_SEARCH_CONCURRENCY,
    PerfContext,
    largest_satisfying,
)
from gpucalc.core.perf_result import Ceiling, CeilingKind
from gpucalc.core.prefix_cache import shared_prefix_memory_ceiling
from gpucalc.core.quality import quality_caveat
from gpucalc.core.topology import LinkTopology, replica_link_plan
from gpucalc.core.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.workload_shape import PLANNING_LENGTH_SOURCE


def memory_ceiling(ctx: PerfContext) -> Term:
    """Requests whose KV fits at the planning length (the KV cache alone, no scheduler cap)."""
    capacity = ctx.capacity
    if capacity.shared_prefix_tokens:
        return shared_prefix_memory_ceiling(capacity, ctx.planning_tokens)
    return term(
        "ceiling.memory", math.floor(ctx.memory_requests()), "requests",
        QT_TRANSLATE_NOOP("Formulas", "floor(KV blocks ÷ blocks per request at planning length)"),
        {"planning_tokens": ctx.planning_tokens, "kv_blocks": capacity.num_blocks,
         "blocks_per_request": capacity.blocks_per_request(ctx.planning_tokens)},
        (PLANNING_LENGTH_SOURCE,),
    )


def scheduler_ceiling(ctx: PerfContext) -> Term:
    """Requests the engine's scheduler lets run in one step (its max_num_seqs cap)."""
    return term(
        "ceiling.scheduler", ctx.max_num_seqs, "requests",
        QT_TRANSLATE_NOOP("Formulas", "max_num_seqs: the scheduler runs at most this many requests per step"),
        {"max_num_seqs": ctx.max_num_seqs},
        (QT_TRANSLATE_NOOP("Sources", "engine flag --max-num-seqs (or the engine's default)"),),
    )


def compute_values(ctx: PerfContext, hint: int | None = None) -> tuple[int, int]:
    """(mean-latency ceiling, compute ceiling at the percentile), requests.

    ``hint`` is the mean-latency ceiling at a neighbouring evaluation (a nearby planning
    length): it shortens that search, whose check holds up to a point (a larger batch makes
    every step longer and leaves less of the budget for the prompt), so the result stays the
    same; tests compare hinted sweeps with points evaluated on their own. The percentile search
    always starts from the mean-latency ceiling, which bounds it from above: its check need not
    hold up to a single point (the queue and the chunked-prefill steps can turn it back on at a
    larger batch), so any other start could end elsewhere.
    """
    seen: dict[int, bool] = {}  # mean-latency checks already made (the percentile repeats them)

    def meets_latency(running: int) -> bool:
        if running not in seen:
            seen[running] = ctx.meets_latency(running)
        return seen[running]

    def meets_percentile(running: int) -> bool:
        return seen.get(running, True) and ctx.meets_percentile(running, meets_latency)

    mean_value = largest_satisfying(meets_latency, hint=hint)
    value = largest_satisfying(meets_percentile, hint=mean_value) if mean_value else 0
    return mean_value, value


def compute_ceiling(ctx: PerfContext, values: tuple[int, int] | None = None) -> Term:
    """Largest running batch whose TTFT and TPOT meet the targets at the chosen percentile.

    The steady-state mean must meet them too (a P50 of a skewed distribution can sit below its
    mean); at the percentile the decode steps that carry chunked-prefill work and the queue in
    front of the prefill count (:mod:`gpucalc.core.tail_latency`). ``values`` are
    :func:`compute_values` of ``ctx`` when the caller has them.
    """
    mean_value, value = values or compute_values(ctx)
    tail = ctx.tail_at(max(value, 1))
    pct = ctx.percentile
    return term(
        "ceiling.compute", value, "requests",
        template(QT_TRANSLATE_NOOP(
            "Formulas", "max N: P{pct} TPOT(N decodes, chunked-prefill steps) ≤ TPOT target and P{pct} "
            "TTFT (queue in front of the prefill + own chunks) ≤ TTFT target; the mean meets both too"),
            pct=pct),
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
         QT_TRANSLATE_NOOP(
             "Sources", "seed 000: plan TTFT and TPOT at P95; M/G/1 prefill queue (Pollaczek–Khinchine)")),
    )


def interconnect_value(ctx: PerfContext, tp: int, pp: int, hint: int | None = None) -> int | None:
    """Largest batch whose communication fits the budget; None without inter-GPU communication.

    The check is monotone in the batch (more tokens per step, more bytes on the links), so a
    ``hint`` from a neighbouring evaluation leaves the result as it is.
    """
    if tp <= 1 and pp <= 1 and not ctx.step.communicates:
        return None
    return largest_satisfying(ctx.meets_comm, hint=hint)


def interconnect_ceiling(ctx: PerfContext, tp: int, pp: int,
                         value: int | None = None) -> tuple[Term, bool]:
    """Largest batch whose communication stays within half the per-token budget.

    ``value`` is :func:`interconnect_value` of ``ctx`` when the caller has it.
    """
    if tp <= 1 and pp <= 1 and not ctx.step.communicates:
        return term("ceiling.interconnect", MAX_SEARCH_CONCURRENCY, "requests",
                    QT_TRANSLATE_NOOP(
                        "Formulas", "single GPU: no inter-GPU communication"), {"tp": tp, "pp": pp}), False
    if value is None:
        value = largest_satisfying(ctx.meets_comm)
    return term(
        "ceiling.interconnect", value, "requests",
        QT_TRANSLATE_NOOP(
            "Formulas", "max N: all-reduce/all-to-all/pipeline time of one step ≤ 50 % × TPOT target"),
        {"tp": tp, "pp": pp, "share_limit": COMM_SHARE_LIMIT,
         "tpot_target_ms": ctx.tpot_target_s * 1000},
        (QT_TRANSLATE_NOOP(
            "Sources", "seed 002: a communication share above 50 % means the parallel layout is poor"),),
    ), True


@dataclass(frozen=True, slots=True)
class CeilingValues:
    """The ceilings as plain numbers (requests), and which of them limit."""

    memory: int
    mean_latency: int  # the mean-latency ceiling the compute ceiling is searched below
    compute: int
    interconnect: int | None  # None: no inter-GPU communication
    scheduler: int
    latency_bound: bool  # False for offline traffic: the latency targets do not apply

    def limits(self) -> dict[CeilingKind, tuple[int, bool]]:
        """(value, limiting) per kind, in tie-breaking order: resources before the scheduler."""
        link = MAX_SEARCH_CONCURRENCY if self.interconnect is None else self.interconnect
        return {CeilingKind.MEMORY: (self.memory, True),
                CeilingKind.COMPUTE: (self.compute, self.latency_bound),
                CeilingKind.INTERCONNECT: (link, self.interconnect is not None and self.latency_bound),
                CeilingKind.SCHEDULER: (self.scheduler, True)}

    @property
    def binding(self) -> CeilingKind:
        """The smallest limiting ceiling (the first on a tie)."""
        return binding_of(self.limits())


def binding_of(limits: dict[CeilingKind, tuple[int, bool]]) -> CeilingKind:
    """The smallest limiting ceiling of :meth:`CeilingValues.limits` (the first on a tie)."""
    return min((k for k in limits if limits[k][1]), key=lambda k: limits[k][0])


def ceiling_values(ctx: PerfContext, inputs: PlanInputs) -> CeilingValues:
    """The ceilings of :func:`three_ceilings` as numbers."""
    dep = inputs.deployment
    mean_value, compute = compute_values(ctx)
    link = interconnect_value(ctx, dep.tensor_parallel_size, dep.pipeline_parallel_size)
    return CeilingValues(memory=math.floor(ctx.memory_requests()), mean_latency=mean_value,
                         compute=compute, interconnect=link, scheduler=ctx.max_num_seqs,
                         latency_bound=inputs.workload.mode != TrafficMode.OFFLINE)


def ceiling_values_at_lengths(base: PerfContext, inputs: PlanInputs,
                              tokens: Sequence[int]) -> list[CeilingValues]:
    """:func:`ceiling_values` at each planning length of ``tokens`` (the context sweep's points).

    ``base`` is the context of ``inputs``; each point's context is
    :func:`gpucalc.core.sweep.context_at` of it. The searches of all points run together over
    arrays (:mod:`gpucalc.core.ceiling_arrays`), each point asking the questions its own scalar
    search asks, so every value is the one :func:`ceiling_values` gives for that point alone.
    """
    dep = inputs.deployment
    points = np.asarray(tokens, dtype=np.int64)
    lengths = point_lengths(base, inputs.workload, points)
    checks = PointChecks(base, lengths)
    mean_values = largest_satisfying_many(checks.meets_latency, len(points))
    computes = largest_satisfying_many(checks.meets_percentile, len(points), hints=mean_values)
    computes[mean_values == 0] = 0  # as compute_values: no percentile search below no mean ceiling
    links: list[int | None] = [None] * len(points)
    if dep.tensor_parallel_size > 1 or dep.pipeline_parallel_size > 1 or base.step.communicates:
        links = comm_values(base, lengths).tolist()
    latency_bound = inputs.workload.mode != TrafficMode.OFFLINE
    capacity = base.capacity
    return [CeilingValues(memory=math.floor(capacity.concurrency_for_length(n)), mean_latency=mean,
                          compute=compute, interconnect=link, scheduler=base.max_num_seqs,
                          latency_bound=latency_bound)
            for n, mean, compute, link in zip(points.tolist(), mean_values.tolist(),
                                               computes.tolist(), links, strict=True)]


def three_ceilings(ctx: PerfContext, inputs: PlanInputs) -> tuple[Ceiling, ...]:
    """Memory, compute and interconnect ceilings and the scheduler cap, the binding one marked.

    On a tie the resource ceilings bind before the scheduler cap. Offline traffic ignores the
    latency targets (seed 000): the compute and interconnect ceilings are shown but not limiting.
    """
    dep = inputs.deployment
    values = ceiling_values(ctx, inputs)
    link, _ = interconnect_ceiling(ctx, dep.tensor_parallel_size, dep.pipeline_parallel_size,
                                   values.interconnect)
    terms = {CeilingKind.MEMORY: memory_ceiling(ctx),
             CeilingKind.COMPUTE: compute_ceiling(ctx, (values.mean_latency, values.compute)),
             CeilingKind.INTERCONNECT: link, CeilingKind.SCHEDULER: scheduler_ceiling(ctx)}
    binding = values.binding
    return tuple(Ceiling(kind=k, value=terms[k], limited=lim, binding=k == binding)
                 for k, (_, lim) in values.limits().items())


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
        links = replica_link_plan(inputs)
        if links.topology == LinkTopology.PCIE_ONLY or links.tp_spans_domains:
            codes.append(Notice(code="use_nvlink", params={"gpu": inputs.gpu.id}))
        codes.append(Notice(code="fewer_tp_ranks", params={"tp": dep.tensor_parallel_size}))
    return quality_caveat(tuple(codes))
