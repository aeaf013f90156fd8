"""Three concurrency ceilings and the scheduler cap, computed separately; the advice."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from gpucalc.core.capacity.ceiling_arrays import (
    PointChecks,
    comm_values,
    largest_satisfying_many,
    point_lengths,
)
from gpucalc.core.capacity.perf_model import (
    COMM_SHARE_LIMIT,
    MAX_SEARCH_CONCURRENCY,
    PerfContext,
    largest_satisfying,
)
from gpucalc.core.capacity.perf_result import Ceiling, CeilingKind, LatencyTarget, LimitKind
from gpucalc.core.capacity.tail_latency import Arrivals
from gpucalc.core.common.explain import Notice, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.topology import LinkTopology, replica_link_plan
from gpucalc.core.specs.inputs import PlanInputs, TrafficMode
from gpucalc.core.specs.quality import quality_caveat
from gpucalc.core.specs.workload_shape import PLANNING_LENGTH_SOURCE
from gpucalc.core.step.prefix_cache import shared_prefix_memory_ceiling


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


class ComputeValues:
    """The compute ceiling's searches, in requests per DP rank.

    ``mean_latency``: the mean-latency ceiling the percentile searches run below;
    ``closed_loop``: P-th targets with N clients in flight (the compute ceiling of the answer);
    ``poisson``: P-th targets under Poisson arrivals (the batch of the rate capacity), searched
    when first read where ``poisson`` is a search (only the rate capacity reads it: the
    sensitivity bars, the grid and the sweep's points do not); ``binding_target``: the target the
    closed loop breaks one request past its ceiling. Equal when all four are.
    """

    __slots__ = ("_poisson", "binding_target", "closed_loop", "mean_latency")

    def __init__(self, mean_latency: int, closed_loop: int, poisson: int | Callable[[], int],
                 binding_target: LatencyTarget) -> None:
        self.mean_latency = mean_latency
        self.closed_loop = closed_loop
        self._poisson = poisson
        self.binding_target = binding_target

    @property
    def poisson(self) -> int:
        """The Poisson compute ceiling (requests per DP rank), searched once when first read."""
        if not isinstance(self._poisson, int):
            self._poisson = self._poisson()
        return self._poisson

    def _key(self) -> tuple[int, int, int, LatencyTarget]:
        return self.mean_latency, self.closed_loop, self.poisson, self.binding_target

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ComputeValues) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"ComputeValues(mean_latency={self.mean_latency}, closed_loop={self.closed_loop}, "
                f"poisson={self.poisson}, binding_target={self.binding_target!r})")


def breaking_target(ctx: PerfContext, running: int,
                    arrivals: Arrivals = Arrivals.CLOSED_LOOP) -> LatencyTarget:
    """Which target ``running`` requests per DP rank break: TPOT when they do, else TTFT."""
    mean_tpot, _ = ctx.mean_latency_within(running)
    tpot, _ = ctx.percentile_within(float(running), arrivals)
    return LatencyTarget.TPOT if not (mean_tpot and tpot) else LatencyTarget.TTFT


GUESS_START = 64  # the second batch of the secant guess (requests per DP rank)
GUESS_STEPS = 4  # secant steps: the guess only shortens the search, so a few suffice


def mean_latency_guess(ctx: PerfContext) -> int | None:
    """Where the mean-latency check stops holding, guessed from the latencies themselves (requests).

    The mean TPOT and the P95 prompt's prefill grow about linearly with the batch, so a secant
    on the larger of their shares of the targets lands on or near the last batch that meets
    both. The check holds up to a point, so the search it hints ends where it would without
    the hint (:func:`gpucalc.core.capacity.perf_model.largest_satisfying`); the latencies asked
    for here are the ones the search asks for next, and the context keeps them. None when one
    request already breaks a target (the search ends at once) or a latency is not finite.
    """
    if ctx.tpot_target_s <= 0 or ctx.ttft_target_s <= 0:
        return None

    def excess(running: int) -> float:  # ≤ 0 where the check holds
        tpot_s, prefill_s = ctx.mean_latency_s(running)
        return max(tpot_s / ctx.tpot_target_s, prefill_s / ctx.ttft_target_s) - 1.0

    low, low_excess = 1, excess(1)
    if not low_excess <= 0.0:
        return None
    high = GUESS_START
    for _ in range(GUESS_STEPS):
        high_excess = excess(high)
        if not math.isfinite(high_excess) or high_excess == low_excess:
            break
        guess = high - high_excess * (high - low) / (high_excess - low_excess)
        if not math.isfinite(guess):
            break
        guess_n = min(max(math.floor(guess), 1), MAX_SEARCH_CONCURRENCY - 1)
        if guess_n == high:
            break
        low, low_excess, high = high, high_excess, guess_n
    return high


def compute_values(ctx: PerfContext, hint: int | None = None) -> ComputeValues:
    """The mean-latency, closed-loop and Poisson compute ceilings (requests per DP rank).

    ``hint`` is the mean-latency ceiling at a neighbouring evaluation (a nearby planning
    length): it shortens that search, whose check holds up to a point (a larger batch makes
    every step longer and leaves less of the budget for the prompt), so the result stays the
    same; tests compare hinted sweeps with points evaluated on their own. Both percentile
    searches start from the mean-latency ceiling, which bounds them from above: their checks
    need not hold up to a single point (the queue and the chunked-prefill steps can turn them
    back on at a larger batch), so any other start could end elsewhere. Below the mean-latency
    ceiling the mean-latency check holds (it holds up to a point), so the percentile searches do
    not ask it again there.
    """
    seen: dict[int, bool] = {}  # mean-latency checks already made (the percentile repeats them)
    holds_up_to = 0  # the mean-latency ceiling, once found

    def meets_latency(running: int) -> bool:
        if running <= holds_up_to:
            return True
        if running not in seen:
            seen[running] = ctx.meets_latency(running)
        return seen[running]

    def meets(arrivals: Arrivals) -> Callable[[int], bool]:
        def check(running: int) -> bool:
            return seen.get(running, True) and ctx.meets_percentile(running, arrivals,
                                                                    meets_latency)
        return check

    mean_value = largest_satisfying(meets_latency, hint=mean_latency_guess(ctx) if hint is None
                                    else hint)
    holds_up_to = mean_value
    closed = largest_satisfying(meets(Arrivals.CLOSED_LOOP), hint=mean_value) if mean_value else 0

    def poisson() -> int:
        return largest_satisfying(meets(Arrivals.POISSON), hint=mean_value) if mean_value else 0

    return ComputeValues(mean_latency=mean_value, closed_loop=closed, poisson=poisson,
                         binding_target=breaking_target(ctx, closed + 1))


def compute_ceiling(ctx: PerfContext, values: ComputeValues | None = None) -> Term:
    """Largest number of requests in flight whose TTFT and TPOT meet the targets at the percentile.

    Requests in flight as a closed-loop ladder holds them (``--max-concurrency N``: a new request
    as one finishes), in steady state. The steady-state mean must meet the targets too (a P50 of
    a skewed distribution can sit below its mean); at the percentile the decode steps that carry
    chunked-prefill work and the queue in front of the prefill count
    (:mod:`gpucalc.core.capacity.tail_latency`). ``values`` are :func:`compute_values` of ``ctx`` when the
    caller has them.
    """
    values = values or compute_values(ctx)
    value = values.closed_loop
    tail = ctx.tail_at(max(value, 1), Arrivals.CLOSED_LOOP)
    pct = ctx.percentile
    return term(
        "ceiling.compute", value, "requests",
        template(QT_TRANSLATE_NOOP(
            "Formulas", "max N in flight (closed loop): P{pct} TPOT(N decodes, chunked-prefill steps) ≤ "
            "TPOT target and P{pct} TTFT (queue in front of the prefill + own chunks) ≤ TTFT target; "
            "the mean meets both too"), pct=pct),
        {"percentile": pct, "binding_target": values.binding_target.value,
         "mean_latency_ceiling": values.mean_latency,
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
             "Sources", "seed 000: plan TTFT and TPOT at P95; seed 000 step 2 and seed 002: a "
             "concurrency ladder at fixed lengths until a target breaks; prefill queue of a closed "
             "loop (Kingman–Allen–Cunneen wait with the clients' cycle)")),
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
    """The ceilings as plain numbers (requests per DP rank), and which of them limit.

    :meth:`limits` gives them per engine: ``ranks`` DP ranks each carry as much, in lock step.
    """

    memory: int
    compute: ComputeValues
    interconnect: int | None  # None: no inter-GPU communication
    scheduler: int
    latency_bound: bool  # False for offline traffic: the latency targets do not apply
    ranks: int = 1  # DP ranks of one engine
    percentile: int = 95  # of the targets (random traffic keeps this share clear of a full batch)

    def limits(self, arrivals: Arrivals = Arrivals.CLOSED_LOOP) -> dict[CeilingKind, tuple[int, bool]]:
        """(requests per engine, limiting) per kind, in tie-breaking order: resources first.

        ``arrivals`` picks the compute ceiling: requests in flight a closed loop holds (the
        answer), or the mean running batch of Poisson traffic at the percentile targets (the
        rate capacity).
        """
        link = MAX_SEARCH_CONCURRENCY if self.interconnect is None else self.interconnect * self.ranks
        closed = arrivals is Arrivals.CLOSED_LOOP
        compute = self.compute.closed_loop if closed else self.compute.poisson
        memory = self.memory if closed else slot_batch(self.memory, self.percentile)
        scheduler = self.scheduler if closed else slot_batch(self.scheduler, self.percentile)
        return {CeilingKind.MEMORY: (memory * self.ranks, True),
                CeilingKind.COMPUTE: (compute * self.ranks, self.latency_bound),
                CeilingKind.INTERCONNECT: (link, self.interconnect is not None and self.latency_bound),
                CeilingKind.SCHEDULER: (scheduler * self.ranks, True)}

    @property
    def binding(self) -> CeilingKind:
        """The smallest limiting ceiling (the first on a tie)."""
        return binding_of(self.limits())

    @property
    def binding_limit(self) -> LimitKind:
        """The binding ceiling, with the latency target that stops the compute ceiling named."""
        return limit_kind(self.binding, self.compute.binding_target)

    def concurrency(self, arrivals: Arrivals = Arrivals.CLOSED_LOOP) -> int:
        """Requests per engine at the binding ceiling (the answer, or the rate capacity's batch)."""
        limits = self.limits(arrivals)
        return limits[binding_of(limits)][0]


def slot_batch(slots: int, percentile: float) -> int:
    """Mean running batch of random traffic that finds a free slot for the P-th of its requests.

    With Poisson arrivals the requests in the batch are about Poisson(n) (M/G/∞), so a new one
    finds all ``slots`` taken with probability P(N ≥ slots); n + z √n ≤ slots keeps that within
    1 − P (z the standard-normal P-th quantile): n = ((√(z² + 4 slots) − z) ÷ 2)².
    """
    if slots <= 0:
        return 0
    z = NormalDist().inv_cdf(percentile / 100) if percentile > 50 else 0.0
    root = (math.sqrt(z * z + 4 * slots) - z) / 2
    return max(math.floor(root * root + 1e-9), 1)


def limit_kind(binding: CeilingKind, target: LatencyTarget) -> LimitKind:
    """The binding limit's name: the ceiling, or the latency target where compute binds."""
    if binding is CeilingKind.COMPUTE:
        return LimitKind.TPOT if target is LatencyTarget.TPOT else LimitKind.TTFT
    return LimitKind(binding.value)


def binding_of(limits: dict[CeilingKind, tuple[int, bool]]) -> CeilingKind:
    """The smallest limiting ceiling of :meth:`CeilingValues.limits` (the first on a tie)."""
    return min((k for k in limits if limits[k][1]), key=lambda k: limits[k][0])


def ceiling_values(ctx: PerfContext, inputs: PlanInputs) -> CeilingValues:
    """The ceilings of :func:`three_ceilings` as numbers."""
    dep = inputs.deployment
    link = interconnect_value(ctx, dep.tensor_parallel_size, dep.pipeline_parallel_size)
    return CeilingValues(memory=math.floor(ctx.memory_requests()), compute=compute_values(ctx),
                         interconnect=link, scheduler=ctx.max_num_seqs,
                         latency_bound=inputs.workload.mode != TrafficMode.OFFLINE,
                         ranks=dep.data_parallel_size, percentile=inputs.targets.percentile)


def ceiling_values_at_lengths(base: PerfContext, inputs: PlanInputs,
                              tokens: Sequence[int]) -> list[CeilingValues]:
    """:func:`ceiling_values` at each planning length of ``tokens`` (the context sweep's points).

    ``base`` is the context of ``inputs``; each point's context is
    :func:`gpucalc.core.capacity.sweep.context_at` of it. The searches of all points run together over
    arrays (:mod:`gpucalc.core.capacity.ceiling_arrays`), each point asking the questions its own scalar
    search asks, so every value is the one :func:`ceiling_values` gives for that point alone.
    """
    dep = inputs.deployment
    points = np.asarray(tokens, dtype=np.int64)
    lengths = point_lengths(base, inputs.workload, points)
    checks = PointChecks(base, lengths)
    mean_values = largest_satisfying_many(checks.meets_latency, len(points),
                                          hints=checks.mean_latency_guesses(GUESS_START, GUESS_STEPS))
    checks.mean_ceilings = mean_values

    @functools.cache
    def searched(arrivals: Arrivals) -> list[int]:
        found = largest_satisfying_many(checks.meets_percentile(arrivals), len(points),
                                        hints=mean_values)
        found[mean_values == 0] = 0  # as compute_values: no percentile search below no mean ceiling
        return list(found.tolist())

    closed = np.asarray(searched(Arrivals.CLOSED_LOOP), dtype=np.int64)
    targets = checks.breaking_targets(closed + 1)
    links: list[int | None] = [None] * len(points)
    if dep.tensor_parallel_size > 1 or dep.pipeline_parallel_size > 1 or base.step.communicates:
        links = comm_values(base, lengths).tolist()
    latency_bound = inputs.workload.mode != TrafficMode.OFFLINE
    capacity = base.capacity
    # the Poisson searches of all points run together when a point's is first read (a sweep's
    # points show the closed loop's ceilings only)
    return [CeilingValues(memory=math.floor(capacity.concurrency_for_length(n)),
                          compute=ComputeValues(
                              mean_latency=mean, closed_loop=c,
                              poisson=functools.partial(_poisson_of_point, searched, i),
                              binding_target=target),
                          interconnect=link, scheduler=base.max_num_seqs,
                          latency_bound=latency_bound, ranks=dep.data_parallel_size,
                          percentile=inputs.targets.percentile)
            for i, (n, mean, c, target, link) in enumerate(zip(
                points.tolist(), mean_values.tolist(), closed.tolist(), targets, links,
                strict=True))]


def _poisson_of_point(searched: Callable[[Arrivals], list[int]], point: int) -> int:
    """Point ``point``'s Poisson compute ceiling of the sweep's searches (``searched``)."""
    return searched(Arrivals.POISSON)[point]


def three_ceilings(ctx: PerfContext, inputs: PlanInputs,
                   values: CeilingValues | None = None) -> tuple[Ceiling, ...]:
    """Memory, compute and interconnect ceilings and the scheduler cap, the binding one marked.

    On a tie the resource ceilings bind before the scheduler cap. Offline traffic ignores the
    latency targets (seed 000): the compute and interconnect ceilings are shown but not limiting.
    """
    dep = inputs.deployment
    values = values or ceiling_values(ctx, inputs)
    link, _ = interconnect_ceiling(ctx, dep.tensor_parallel_size, dep.pipeline_parallel_size,
                                   values.interconnect)
    terms = {CeilingKind.MEMORY: memory_ceiling(ctx),
             CeilingKind.COMPUTE: compute_ceiling(ctx, values.compute),
             CeilingKind.INTERCONNECT: link, CeilingKind.SCHEDULER: scheduler_ceiling(ctx)}
    binding = values.binding
    return tuple(Ceiling(kind=k, value=per_engine(terms[k], values.ranks), limited=lim,
                         binding=k == binding)
                 for k, (_, lim) in values.limits().items())


def per_engine(per_rank: Term, ranks: int) -> Term:
    """A per-DP-rank ceiling counted over the engine's ``ranks`` ranks (itself for one rank).

    Each DP rank keeps its own batch, KV cache and scheduler, and the ranks step in lock step, so
    an engine holds ``ranks`` times one rank's requests; a benchmark's ``--max-concurrency``
    counts them all.
    """
    if ranks == 1 or per_rank.value >= MAX_SEARCH_CONCURRENCY:
        return per_rank
    return term(per_rank.key, per_rank.value * ranks, per_rank.unit,
                template(QT_TRANSLATE_NOOP("Formulas", "{per_rank} per DP rank × {ranks} DP ranks"),
                         per_rank=int(per_rank.value), ranks=ranks),
                {**per_rank.inputs, "per_dp_rank": per_rank.value, "dp_ranks": ranks},
                per_rank.sources)


def advice(binding: CeilingKind, inputs: PlanInputs, memory: MemoryResult,
           ctx: PerfContext, limit: LimitKind | None = None) -> tuple[Notice, ...]:
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
    elif binding == CeilingKind.COMPUTE and limit is LimitKind.TTFT:
        codes.append(Notice(code="ttft_binds", params={
            "ttft_target_ms": inputs.targets.ttft_ms, "percentile": inputs.targets.percentile,
            "p95_input": int(ctx.p95_input)}))
        codes.append(Notice(code="add_replicas_or_faster_gpu", params={}))
    elif binding == CeilingKind.COMPUTE:
        codes.append(Notice(code="fewer_tokens_or_smaller_model",
                            params={"tpot_target_ms": inputs.targets.tpot_ms,
                                    "percentile": inputs.targets.percentile}))
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
