"""Every headline figure of a plan with its band: how sure the model is, from its own residuals.

The bands of :mod:`gpucalc.validation.bands` for output throughput, TTFT and TPOT at the
concurrency, the concurrency itself, the rate capacity, the KV cache and the GPUs a QPS needs.
The concurrency takes the spread of what limits it: the KV residuals where memory binds, the
speed residuals (output and request throughput) where a latency target or the interconnect
binds, none where the scheduler's cap does (``max_num_seqs`` is exact). The GPUs needed are the
fleet rule's answer at the rate capacity's low and high ends.
"""

from __future__ import annotations

import math

from gpucalc.core.capacity.figure_band import FigureBand, ResidualSpread
from gpucalc.core.capacity.perf_result import LimitKind, PerformanceResult
from gpucalc.core.fleet.fleet import FleetVerdict, fleet_verdict
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.workload_shape import mean_lengths
from gpucalc.validation.bands import FIGURE_METRICS, figure_band

CLOSED_LOOP = "closed_loop"  # the arrival the concurrency and its latencies are stated for
POISSON = "poisson"  # the rate capacity's
STARTUP = "startup"  # the KV cache's (a start-up log measures it)


def _concurrency_band(inputs: PlanInputs, perf: PerformanceResult) -> FigureBand:
    value = perf.recommended_concurrency.value
    limit = perf.binding_limit
    if limit is LimitKind.SCHEDULER:
        exact = ResidualSpread(rows=0, regime=(), low_factor=1.0, high_factor=1.0, widened_for=())
        return FigureBand(key="recommended_concurrency", unit="requests", low=value, expected=value,
                          high=value, spread=exact)
    metrics = FIGURE_METRICS["kv_cache_tokens" if limit is LimitKind.MEMORY else "output_tokens_per_s"]
    band = figure_band("recommended_concurrency", "requests", value, inputs, CLOSED_LOOP, metrics)
    return FigureBand(key=band.key, unit=band.unit, low=float(math.floor(band.low)), expected=value,
                      high=float(math.floor(band.high)), spread=band.spread)


def _gpus_needed_at(inputs: PlanInputs, perf: PerformanceResult, factor: float) -> float | None:
    """GPUs the QPS needs when every replica serves ``factor`` × its predicted rates."""
    rates = perf.rates
    scaled = rates.model_copy(update={
        "requests_per_s_capacity": rates.requests_per_s_capacity * factor,
        "requests_per_s_planned": rates.requests_per_s_planned * factor})
    dep = inputs.deployment
    verdict = fleet_verdict(scaled, inputs.workload, dep.num_gpus, dep.gpus_per_engine,
                            inputs.gpu.usable_price_usd_per_hour, mean_lengths(inputs.workload)[1])
    return None if verdict is None else verdict.gpus_needed.value


def _gpus_band(inputs: PlanInputs, perf: PerformanceResult, fleet: FleetVerdict) -> FigureBand | None:
    rate = figure_band("rate_capacity", "req/s", 1.0, inputs, POISSON)
    fewest = _gpus_needed_at(inputs, perf, rate.spread.high_factor)
    most = _gpus_needed_at(inputs, perf, rate.spread.low_factor)
    if fewest is None or most is None:
        return None
    return FigureBand(key="gpus_needed", unit="GPUs", low=fewest, expected=fleet.gpus_needed.value,
                      high=most, spread=rate.spread)


def headline_bands(inputs: PlanInputs, memory: MemoryResult, perf: PerformanceResult | None,
                   fleet: FleetVerdict | None) -> tuple[FigureBand, ...]:
    """The bands of the plan's headline figures.

    None when the model does not fit (there is no KV cache); the KV cache alone when no number of
    requests meets the targets (the answer is that no layout count serves, not a figure to band).
    """
    if not memory.fits or memory.kv_cache_tokens.value <= 0:
        return ()
    bands = [figure_band("kv_cache_tokens", "tokens", memory.kv_cache_tokens.value, inputs, STARTUP)]
    if perf is None or perf.unreachable is not None:  # no request count meets the targets
        return tuple(bands)
    point = perf.at_recommended
    ttft = point.ttft_percentile_ms or point.ttft_ms
    tpot = point.tpot_percentile_ms or point.tpot_ms
    bands += [_concurrency_band(inputs, perf),
              figure_band("output_tokens_per_s", "tok/s", point.output_tokens_per_s.value, inputs,
                          CLOSED_LOOP),
              figure_band("ttft_ms", "ms", ttft.value, inputs, CLOSED_LOOP),
              figure_band("tpot_ms", "ms", tpot.value, inputs, CLOSED_LOOP)]
    if perf.rate_capacity is not None:
        bands.append(figure_band("rate_capacity", "req/s", perf.rate_capacity.requests_per_s.value,
                                 inputs, POISSON))
    if fleet is not None and (gpus := _gpus_band(inputs, perf, fleet)) is not None:
        bands.append(gpus)
    return tuple(bands)


__all__ = ["headline_bands"]
