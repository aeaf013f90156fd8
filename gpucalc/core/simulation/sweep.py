"""Simulated request-rate sweeps: latency curves, the knee and the capacity at the SLO.

Every point reuses the traffic's seed, so all rates see the same request lengths and the same
(scaled) arrival pattern: curves move only because the rate moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.load import max_request_rate
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.common.explain import Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.limits import MAX_SWEEP_REQUESTS
from gpucalc.core.simulation.metrics import SIM_SOURCE, SimulationResult
from gpucalc.core.simulation.simulate import Progress, simulate
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import PlanInputs

KNEE_TTFT_GROWTH = 2.0  # past the knee the median TTFT is more than twice its unloaded value
SWEEP_TOP_OF_SATURATION = 1.25  # automatic sweeps run a little past the analytic saturation


class SweepPoint(BaseModel):
    """One simulated rate."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    request_rate: float  # offered, requests/s over all replicas
    result: SimulationResult


class RateSweep(BaseModel):
    """Simulated runs at increasing request rates and what they say about capacity."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    points: tuple[SweepPoint, ...]
    percentile: float
    knee_rate: Term
    slo_capacity: Term


def saturation_rate(inputs: PlanInputs, memory: MemoryResult, replicas: int = 1) -> float:
    """Analytic saturated request rate of ``replicas`` replicas (requests/s, mean lengths)."""
    context = build_context(inputs, memory)
    point = max_request_rate(context.step, context.shape(context.running_cap()))
    return point.request_per_s * replicas


def rates_up_to(top_rate: float, count: int) -> list[float]:
    """``count`` evenly spaced rates from top ÷ count to ``top_rate`` (requests/s)."""
    return [top_rate * (i + 1) / count for i in range(max(count, 1))]


def knee_rate(points: Sequence[SweepPoint]) -> Term:
    """Highest swept rate before TTFT takes off: P50 TTFT within 2× its value at the lowest rate.

    Below the knee a request waits for little more than its own prefill; past it a queue forms
    in front of the scheduler and TTFT climbs steeply while throughput stops growing.
    """
    ordered = sorted(points, key=lambda p: p.request_rate)
    base = ordered[0].result.ttft_ms.p50.value if ordered else 0.0
    value = 0.0
    for point in ordered:
        if point.result.ttft_ms.p50.value > KNEE_TTFT_GROWTH * base:
            break
        value = point.request_rate
    return term("sim.knee_rate", value, "req/s",
                QT_TRANSLATE_NOOP(
                    "Formulas", "highest swept rate with P50 TTFT ≤ 2 × P50 TTFT at the lowest rate"),
                {"rates_swept": len(points), "lowest_rate_ttft_p50_ms": round(base, 3)},
                (SIM_SOURCE,))


def slo_capacity(points: Sequence[SweepPoint], percentile: float, ttft_target_ms: float,
                 tpot_target_ms: float) -> Term:
    """Highest swept rate up to which every point's P-th TTFT and TPOT meet the targets."""
    best = 0.0
    for point in sorted(points, key=lambda p: p.request_rate):
        result = point.result
        if (result.ttft_ms.at(percentile) > ttft_target_ms
                or result.tpot_ms.at(percentile) > tpot_target_ms):
            break
        best = point.request_rate
    return term("sim.slo_capacity", best, "req/s",
                template(QT_TRANSLATE_NOOP(
                    "Formulas", "highest swept rate whose P{pct:g} TTFT and TPOT meet the targets"),
                    pct=percentile),
                {"percentile": percentile, "ttft_target_ms": ttft_target_ms,
                 "tpot_target_ms": tpot_target_ms, "rates_swept": len(points)}, (SIM_SOURCE,))


def simulate_rate_sweep(inputs: PlanInputs, memory: MemoryResult, rates: Sequence[float],
                        traffic: TrafficSpec, lengths: Sequence[tuple[int, int]] | None = None,
                        percentile: float = 95.0, progress: Progress | None = None) -> RateSweep:
    """Simulate ``traffic`` at each rate (its own rate or concurrency is replaced).

    At most :data:`MAX_SWEEP_REQUESTS` requests in all (rates × requests per run), so a sweep
    ends within seconds; more is refused with a ValueError saying so.
    """
    if len(rates) * traffic.num_requests > MAX_SWEEP_REQUESTS:
        raise ValueError(
            f"a sweep simulates at most {MAX_SWEEP_REQUESTS:,} requests in all; {len(rates):,} "
            f"rates × {traffic.num_requests:,} requests is more: give fewer rates or fewer "
            "requests (--num-requests)")
    ordered = sorted(rates)
    points = []
    for index, rate in enumerate(ordered):
        at_rate = traffic.model_copy(update={"request_rate": rate, "concurrency": None})
        scaled = None if progress is None else _scaled(progress, index, len(ordered))
        points.append(SweepPoint(request_rate=rate,
                                 result=simulate(inputs, memory, at_rate, lengths, scaled)))
    return RateSweep(points=tuple(points), percentile=percentile, knee_rate=knee_rate(points),
                     slo_capacity=slo_capacity(points, percentile, inputs.targets.ttft_ms,
                                               inputs.targets.tpot_ms))


def _scaled(progress: Progress, index: int, count: int) -> Progress:
    """Map one point's progress (0…1) onto the whole sweep's."""
    return lambda fraction: progress((index + fraction) / count)
