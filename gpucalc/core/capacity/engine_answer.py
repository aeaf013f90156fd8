"""The two measures of one replica, side by side: concurrency and rate capacity.

**Concurrency** is the number of requests in flight on one engine (all its DP ranks) whose P-th
TTFT and TPOT meet the targets, as a closed-loop ladder measures it (seed 000's step 2, seed
002's method: ``vllm bench serve --max-concurrency N``, a new request as one finishes): the
smallest of the ceilings. **Rate capacity** is the requests per second the engine carries under
random (Poisson) arrivals at the same P-th targets, queueing included, and the average number
in flight that implies (Little's law). Random arrivals bunch, so requests queue in front of the
prefill: the rate capacity holds fewer requests in flight than the ladder does. Fleets are
sized from the rate.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucalc.core.capacity.ceilings import (
    CeilingValues,
    binding_of,
    breaking_target,
    ceiling_values,
    limit_kind,
)
from gpucalc.core.capacity.load import OperatingPoint, closed_loop
from gpucalc.core.capacity.perf_model import PerfContext, build_context
from gpucalc.core.capacity.perf_result import LimitKind, RateCapacity, Unreachable
from gpucalc.core.capacity.rates import PlannedBy, ReplicaRates, planned_concurrency, planning_watermark
from gpucalc.core.capacity.tail_latency import Arrivals, TailPoint
from gpucalc.core.common.explain import FormulaTemplate, InputValue, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import MS_PER_S
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import PlanInputs, TrafficMode

FRACTIONAL_BISECTION_STEPS = 12  # a rate to 1/4096 of one request's

RATE_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "M/G/1 prefill queue (Pollaczek–Khinchine) at the percentile; Little's law")


def saturated_point(ctx: PerfContext) -> OperatingPoint:
    """One DP rank with its batch filled to the KV and scheduler caps (the offline maximum)."""
    shape = ctx.shape(ctx.running_cap())
    return closed_loop(ctx.step, shape, shape.running_cap, ctx.mix)


def _rate_terms(ctx: PerfContext, values: CeilingValues, per_rank: float,
                tail: TailPoint | None, saturated: OperatingPoint, offline: bool,
                limit: LimitKind) -> RateCapacity:
    ranks, pct = values.ranks, ctx.percentile
    mean_out = ctx.mix.mean_output
    formula: str | FormulaTemplate
    if offline:
        rate_rank, latency = saturated.request_per_s, saturated.ttft_s + mean_out * saturated.tpot_s
        ttft_s, tpot_s = saturated.ttft_s, saturated.tpot_s
        formula = QT_TRANSLATE_NOOP("Formulas", "offline: the batch filled to memory and the scheduler "
                                                "cap, no latency targets")
    elif tail is None:
        rate_rank, latency, ttft_s, tpot_s = 0.0, 0.0, 0.0, 0.0
        formula = QT_TRANSLATE_NOOP("Formulas", "no request rate meets the percentile targets")
    else:
        rate_rank = tail.request_per_s
        latency = tail.mean_ttft_s + (mean_out - 1.0) * tail.mean_tpot_s
        ttft_s, tpot_s = tail.ttft_s, tail.tpot_s
        formula = template(QT_TRANSLATE_NOOP(
            "Formulas", "highest Poisson rate whose P{pct} TTFT (prefill queue + own chunks) and P{pct} "
            "TPOT meet the targets: the rate at that mean running batch × DP ranks"), pct=pct)
    rate = rate_rank * ranks
    facts: dict[str, InputValue] = {"percentile": pct, "running_per_dp_rank": round(per_rank, 3),
                                    "dp_ranks": ranks,
             "binding_limit": limit.value}
    return RateCapacity(
        requests_per_s=term("rate_capacity.requests_per_s", rate, "req/s", formula, facts,
                            (ctx.efficiency.source, RATE_SOURCE)),
        in_flight=term("rate_capacity.in_flight", rate * latency, "requests", QT_TRANSLATE_NOOP(
            "Formulas", "rate capacity × mean end-to-end latency (Little's law)"),
                       {"requests_per_s": round(rate, 4),
                        "mean_e2e_ms": round(latency * MS_PER_S, 1)}, (RATE_SOURCE,)),
        output_tokens_per_s=term("rate_capacity.output_tokens_per_s", rate * mean_out, "tok/s",
                                 QT_TRANSLATE_NOOP("Formulas", "rate capacity × mean output tokens"),
                                 {"requests_per_s": round(rate, 4),
                                  "mean_output": round(mean_out, 1)}),
        ttft_ms=term("rate_capacity.ttft_ms", ttft_s * MS_PER_S, "ms", template(QT_TRANSLATE_NOOP(
            "Formulas", "P{pct} TTFT at the rate capacity"), pct=pct), facts, (RATE_SOURCE,)),
        tpot_ms=term("rate_capacity.tpot_ms", tpot_s * MS_PER_S, "ms", template(QT_TRANSLATE_NOOP(
            "Formulas", "P{pct} TPOT at the rate capacity"), pct=pct), facts,
                     (ctx.efficiency.source,)),
        binding_limit=limit, percentile=pct, dp_ranks=ranks)


def rate_capacity(ctx: PerfContext, values: CeilingValues, inputs: PlanInputs,
                  saturated: OperatingPoint) -> RateCapacity:
    """The rate capacity of one engine: Poisson req/s at the P-th targets (offline: saturated).

    The compute ceiling under Poisson arrivals gives the mean running batch whose P-th TTFT and
    TPOT meet the targets; the memory, interconnect and scheduler ceilings cap it as they cap the
    concurrency. The rate at that batch, on every DP rank, is the capacity.
    """
    limits = values.limits(Arrivals.POISSON)
    kind = binding_of(limits)
    per_rank = limits[kind][0] // values.ranks
    offline = inputs.workload.mode == TrafficMode.OFFLINE
    target = breaking_target(ctx, per_rank + 1, Arrivals.POISSON)
    limit = limit_kind(kind, target)
    batch = float(per_rank) if per_rank >= 1 else fractional_poisson_batch(ctx, values)
    tail = ctx.tail_at(batch, Arrivals.POISSON) if batch > 0 else None
    return _rate_terms(ctx, values, batch, tail, saturated, offline, limit)


def engine_rate_capacity(inputs: PlanInputs, memory: MemoryResult) -> RateCapacity:
    """The rate capacity of one engine of ``inputs``, without the rest of the answer."""
    ctx = build_context(inputs, memory)
    return rate_capacity(ctx, ceiling_values(ctx, inputs), inputs, saturated_point(ctx))


def fractional_poisson_batch(ctx: PerfContext, values: CeilingValues) -> float:
    """Mean running batch below one request whose Poisson P-th targets hold (0 when none does).

    A slow layout can meet the targets in a closed loop of one request while random traffic
    already breaks them at one request running on average: a lower rate (a fraction of a
    request in the batch on average) may still meet them. Bisection over (0, 1].
    """
    if values.compute.closed_loop < 1 or not values.latency_bound:
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(FRACTIONAL_BISECTION_STEPS):
        mid = (low + high) / 2
        if ctx.meets_percentile(mid, Arrivals.POISSON):
            low = mid
        else:
            high = mid
    return low


def replica_rates(inputs: PlanInputs, memory: MemoryResult, concurrency: int, rate: RateCapacity,
                  saturated: OperatingPoint, ranks: int) -> ReplicaRates:
    """One replica's figures for the fleet rule: what it holds, what it carries, what it is planned at.

    The planned concurrency is the watermark's share of the concurrency, at most seed 001's
    memory-share rule (weights + KV at the average length + margin within the planning share of
    memory, online and mixed traffic); the planned rate is the same share of the rate capacity.
    """
    mode = inputs.workload.mode
    watermark = planning_watermark(inputs.targets, mode)
    memory_rule = (None if mode == TrafficMode.OFFLINE
                   else int(memory.planning_check.value) * ranks)
    planned, planned_by = planned_concurrency(concurrency, watermark, memory_rule)
    capacity = rate.requests_per_s.value
    share = watermark if planned_by is PlannedBy.WATERMARK else planned / max(concurrency, 1)
    return ReplicaRates(
        concurrency=concurrency, planned_concurrency=planned, planned_by=planned_by,
        watermark=watermark, requests_per_s_capacity=capacity,
        requests_per_s_planned=share * capacity,
        output_tokens_per_s_capacity=rate.output_tokens_per_s.value,
        output_tokens_per_s_planned=share * rate.output_tokens_per_s.value,
        output_tokens_per_s_saturated=saturated.output_tok_s * ranks if concurrency >= 1 else 0.0)


def planned_concurrency_term(rates: ReplicaRates, memory_rule: int) -> Term:
    """The planned concurrency with the rule that set it (the watermark or seed 001's memory share)."""
    return term("online_capacity", rates.planned_concurrency, "requests", QT_TRANSLATE_NOOP(
        "Formulas", "min(max(1, floor(watermark × concurrency)), memory-share rule's requests)"),
                {"watermark": rates.watermark, "concurrency": rates.concurrency,
                 "memory_share_requests": memory_rule, "planned_by": rates.planned_by.value},
                ("seed 000: 按拐点的七成左右做线上容量，剩下的留给突发和长尾",
                 "seed 001: keep weights + KV(avg) + margin within 70 % of memory")
                if rates.planned_by is PlannedBy.MEMORY_SHARE
                else ("seed 000: 按拐点的七成左右做线上容量，剩下的留给突发和长尾",))


def unreachable(ctx: PerfContext, concurrency: int) -> Unreachable | None:
    """When no concurrency meets the targets: each target's P-th value at one request in flight.

    One request in flight is the fastest the deployment gets (no other request's prefill, no
    queue), so its TTFT and TPOT are the best values reachable; the target they miss is what to
    change. None when some concurrency meets the targets.
    """
    if concurrency >= 1:
        return None
    tail = ctx.tail_at(1.0, Arrivals.CLOSED_LOOP)
    pct = ctx.percentile
    kv_short = ctx.memory_requests() < 1
    facts: dict[str, InputValue] = {"percentile": pct, "in_flight": 1}
    return Unreachable(
        percentile=pct, ttft_target_ms=ctx.ttft_target_s * MS_PER_S,
        tpot_target_ms=ctx.tpot_target_s * MS_PER_S, kv_short=kv_short,
        ttft_ms_at_one=term("unreachable.ttft_ms_at_one", tail.ttft_s * MS_PER_S, "ms",
                            template(QT_TRANSLATE_NOOP(
                                "Formulas", "P{pct} TTFT with one request in flight: the step in progress "
                                "+ the prompt's own prefill chunks"), pct=pct), facts,
                            (ctx.efficiency.source,)),
        tpot_ms_at_one=term("unreachable.tpot_ms_at_one", tail.tpot_s * MS_PER_S, "ms",
                            template(QT_TRANSLATE_NOOP(
                                "Formulas", "P{pct} TPOT with one request in flight: one decode step"),
                                pct=pct), facts, (ctx.efficiency.source,)))


@dataclass(frozen=True, slots=True)
class EngineAnswer:
    """Everything the two measures of one engine are made of: the answer's and sizing's recipe."""

    ctx: PerfContext
    values: CeilingValues
    concurrency: int  # requests in flight per engine at the P-th targets
    saturated: OperatingPoint  # one DP rank, batch full
    tail: TailPoint  # one DP rank at its share of the concurrency, at the percentile
    rate: RateCapacity
    rates: ReplicaRates

    @property
    def per_rank(self) -> int:
        """One DP rank's share of the concurrency (at least 1: where latencies are evaluated)."""
        return max(self.concurrency // self.values.ranks, 1)

    @property
    def at_concurrency(self) -> OperatingPoint:
        """One DP rank at its share of the concurrency: the means of the steady state.

        Evaluated when asked for (the answer shows it; sizing rows do not need it).
        """
        ctx = self.ctx
        return closed_loop(ctx.step, ctx.shape(ctx.running_cap()), self.per_rank, ctx.mix)


def engine_answer(inputs: PlanInputs, memory: MemoryResult,
                  ctx: PerfContext | None = None) -> EngineAnswer:
    """The concurrency, the rate capacity and the fleet rates of one engine of ``inputs``."""
    ctx = ctx or build_context(inputs, memory)
    values = ceiling_values(ctx, inputs)
    concurrency = values.concurrency()
    per_rank = max(concurrency // values.ranks, 1)
    saturated = saturated_point(ctx)
    rate = rate_capacity(ctx, values, inputs, saturated)
    return EngineAnswer(ctx=ctx, values=values, concurrency=concurrency, saturated=saturated,
                        tail=ctx.tail_at(float(per_rank), Arrivals.CLOSED_LOOP), rate=rate,
                        rates=replica_rates(inputs, memory, concurrency, rate, saturated,
                                            values.ranks))
