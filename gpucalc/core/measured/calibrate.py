"""Fit an engine's efficiency factors to measured load points (bounded least squares).

Each measured point (a concurrency or request rate, with TTFT, TPOT/ITL and throughput) is
predicted by the load model (:mod:`gpucalc.core.capacity.load`) exactly as the planner predicts it. The
fit minimises, over the logarithms θ of the factors within their bounds,

    Σ_points,metrics log²(predicted ÷ measured) + w · Σ_factors (θ − θ_default)²

with a projected Levenberg–Marquardt iteration and a forward-difference Jacobian
(:mod:`gpucalc.core.common.least_squares`). The small
pull ``w`` towards the engine's defaults keeps factors the data cannot tell apart where they
were. Factors that move no prediction at all (e.g. interconnect on one GPU) stay fixed. Each
factor's ± is one standard deviation from the Jacobian at the optimum.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.load import OperatingPoint, closed_loop, open_loop
from gpucalc.core.capacity.perf_model import PerfContext, build_context, plan_efficiency
from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.least_squares import (
    Solution,
    capped_log_error,
    jacobian,
    levenberg_marquardt,
)
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.efficiency import Efficiency, as_override
from gpucalc.core.specs.inputs import PlanInputs

FloatArray = NDArray[np.float64]

FACTORS = ("gemm_compute", "attention_compute", "memory_bandwidth", "comm_bandwidth",
           "step_overhead_ms", "comm_latency_us")
BOUNDS: dict[str, tuple[float, float]] = {
    "gemm_compute": (0.05, 1.0), "attention_compute": (0.05, 1.0), "memory_bandwidth": (0.05, 1.0),
    "comm_bandwidth": (0.05, 1.0), "step_overhead_ms": (0.01, 50.0), "comm_latency_us": (0.5, 500.0),
}
UNITS = {"step_overhead_ms": "ms", "comm_latency_us": "µs"}
METRICS = ("throughput", "ttft", "tpot")
PRIOR_WEIGHT = 0.01  # a 2× move of one factor costs as much as a 7 % error on one metric
MAX_ITERATIONS = 40
SENSITIVITY_FLOOR = 1e-4  # log-change of all predictions per unit log-change of the factor
MAX_CALIBRATION_POINTS = 2_000
"""Points one fit takes (fitted and held out together). A bound on work, not on accuracy: a load
sweep has tens of runs, and each point is predicted about 80 times during the fit."""
MAX_CALIBRATION_WORKLOADS = 100
"""Different (mean input, mean output) length pairs one fit takes: each needs its own load model
(about 1 ms) at every one of the fit's ~80 evaluations."""


class FactorFit(BaseModel):
    """One fitted factor: default, fitted value, ± one standard deviation, explained."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    before: float
    after: float
    plus_minus: float | None  # None: not identifiable from these points (held at the default)
    explanation: Term


class PointFit(BaseModel):
    """One measured metric with the default and the calibrated prediction."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    load: str
    metric: str
    measured: float
    before: float
    after: float
    held_out: bool


class CalibrationResult(BaseModel):
    """Fitted efficiency, errors before and after (fit and held-out rows) and the evidence."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    before: Efficiency
    efficiency: Efficiency
    factors: tuple[FactorFit, ...]
    fit_errors_before: dict[str, float]  # metric → median |error| (fraction) on the fitted rows
    fit_errors_after: dict[str, float]
    holdout_errors_before: dict[str, float]
    holdout_errors_after: dict[str, float]
    fit_log_error_before: float  # mean |ln(predicted ÷ measured)| over every fitted metric
    fit_log_error_after: float
    holdout_log_error_before: float | None  # the same over the held-out metrics
    holdout_log_error_after: float | None
    points: tuple[PointFit, ...]
    fit_count: int
    holdout_count: int
    iterations: int
    explanation: Term


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A point with the inputs and memory result of its workload (memory ignores efficiency)."""

    point: MeasuredPoint
    inputs: PlanInputs
    memory: MemoryResult


def split_holdout(points: Sequence[MeasuredPoint], share: float) -> tuple[list[MeasuredPoint],
                                                                             list[MeasuredPoint]]:
    """(fit, held-out) points: ``share`` of them, spread evenly over the load range, held out.

    At least one point is always fitted; a share of 0 holds nothing out.
    """
    ordered = sorted(points, key=lambda p: p.load_order)
    count = min(math.floor(len(ordered) * max(share, 0.0)), len(ordered) - 1)
    if count <= 0:
        return ordered, []
    held = {min(math.floor((i + 0.5) * len(ordered) / count), len(ordered) - 1) for i in range(count)}
    return ([p for i, p in enumerate(ordered) if i not in held],
            [p for i, p in enumerate(ordered) if i in held])


def workload_inputs(inputs: PlanInputs, point: MeasuredPoint) -> PlanInputs:
    """``inputs`` with the point's own mean lengths when the benchmark reported them."""
    if point.mean_input_tokens is None and point.mean_output_tokens is None:
        return inputs
    workload = inputs.workload
    update: dict[str, object] = {"input_len_p95": None, "output_len_p95": None, "classes": ()}
    if point.mean_input_tokens is not None:
        update["input_len_p50"] = max(round(point.mean_input_tokens), 1)
    if point.mean_output_tokens is not None:
        update["output_len_p50"] = max(round(point.mean_output_tokens), 1)
    return inputs.model_copy(update={"workload": workload.model_validate(
        {**workload.model_dump(), **update})})


def _prepare(inputs: PlanInputs, points: Sequence[MeasuredPoint]) -> list[_Prepared]:
    """Each point with its workload; points whose lengths round alike share one workload object."""
    cache: dict[tuple[int | None, int | None], tuple[PlanInputs, MemoryResult]] = {}
    prepared: list[_Prepared] = []
    for point in points:
        key = (_rounded(point.mean_input_tokens), _rounded(point.mean_output_tokens))
        if key not in cache:
            own = workload_inputs(inputs, point)
            cache[key] = (own, calculate_memory(own, single_gpu_check=False))
        own, memory = cache[key]
        prepared.append(_Prepared(point, own, memory))
    return prepared


def _check_work(points: Sequence[MeasuredPoint], holdout: Sequence[MeasuredPoint]) -> None:
    """Refuse, saying the cap, more points or length pairs than a fit handles in seconds."""
    total = len(points) + len(holdout)
    if total > MAX_CALIBRATION_POINTS:
        raise ValueError(f"calibration takes at most {MAX_CALIBRATION_POINTS:,} measured points and "
                         f"these results hold {total:,}; keep one run per load")
    pairs = {(_rounded(p.mean_input_tokens), _rounded(p.mean_output_tokens))
             for group in (points, holdout) for p in group}
    if len(pairs) > MAX_CALIBRATION_WORKLOADS:
        raise ValueError(f"calibration takes at most {MAX_CALIBRATION_WORKLOADS} different mean "
                         f"lengths (input, output) and these results hold {len(pairs):,}; benchmark "
                         "with fixed lengths or calibrate on fewer runs")


def _rounded(tokens: float | None) -> int | None:
    """A mean length as :func:`workload_inputs` uses it (whole tokens, at least 1)."""
    return None if tokens is None else max(round(tokens), 1)


def _load_context(inputs: PlanInputs, memory: MemoryResult, efficiency: Efficiency) -> PerfContext:
    """The load model's context with ``efficiency`` in place of the engine's.

    It goes in as the GPU's override, so it also scales the measured kernel surfaces.
    """
    engine = inputs.engine.model_copy(update={
        "efficiency": inputs.engine.efficiency.model_copy(
            update={"fp8_gemm_relative": efficiency.fp8_gemm_relative}),
        "efficiency_by_gpu": {inputs.gpu.id: as_override(efficiency)}})
    return build_context(inputs.model_copy(update={"engine": engine}), memory)


def _operate(ctx: PerfContext, point: MeasuredPoint) -> OperatingPoint:
    """The load model at the point's load."""
    shape = ctx.shape(ctx.running_cap())
    if point.concurrency is not None:
        return closed_loop(ctx.step, shape, point.concurrency)
    rate = point.request_rate if point.request_rate is not None else math.inf
    return open_loop(ctx.step, shape, rate, point.num_prompts)


def operating_point(inputs: PlanInputs, memory: MemoryResult, efficiency: Efficiency,
                    point: MeasuredPoint) -> OperatingPoint:
    """The load model at the point's load with ``efficiency`` in place of the engine's."""
    return _operate(_load_context(inputs, memory, efficiency), point)


def _metrics_of(op: OperatingPoint, point: MeasuredPoint) -> dict[str, float]:
    """The predictions of the metrics ``point`` measured."""
    per_token = op.itl_decode_s if point.tpot_is_median_itl else op.tpot_s
    values = {"throughput": op.output_tok_s, "ttft": op.ttft_s * 1000, "tpot": per_token * 1000}
    return {metric: values[metric] for metric in point.metrics}


def predicted_metrics(inputs: PlanInputs, memory: MemoryResult, efficiency: Efficiency,
                      point: MeasuredPoint) -> dict[str, float]:
    """Predictions of the metrics the point measured (throughput tok/s, ttft ms, tpot ms)."""
    return _metrics_of(operating_point(inputs, memory, efficiency, point), point)


def _predictions(prepared: Sequence[_Prepared], eff: Efficiency) -> list[dict[str, float]]:
    """:func:`predicted_metrics` of every prepared point; one load context per workload.

    Building the context (step model, capacities) is most of a prediction's work, so points
    that share a workload share it: the work grows with the points, not points × contexts.
    """
    contexts: dict[int, PerfContext] = {}
    predictions = []
    for item in prepared:
        ctx = contexts.get(id(item.memory))
        if ctx is None:
            ctx = contexts[id(item.memory)] = _load_context(item.inputs, item.memory, eff)
        predictions.append(_metrics_of(_operate(ctx, item.point), item.point))
    return predictions


def _efficiency(base: Efficiency, names: Sequence[str], theta: FloatArray) -> Efficiency:
    update = {name: float(math.exp(value)) for name, value in zip(names, theta, strict=True)}
    return base.model_copy(update=update)


def _residuals(prepared: Sequence[_Prepared], eff: Efficiency) -> FloatArray:
    values: list[float] = []
    for item, predicted in zip(prepared, _predictions(prepared, eff), strict=True):
        values += [capped_log_error(predicted[m], v) for m, v in item.point.metrics.items()]
    return np.asarray(values, dtype=np.float64)


def _fit_residuals(prepared: Sequence[_Prepared], base: Efficiency,
                   names: Sequence[str]) -> Callable[[FloatArray], FloatArray]:
    """The data residuals as a function of the log-factors ``names``."""
    return lambda theta: _residuals(prepared, _efficiency(base, names, theta))


def _identifiable(prepared: Sequence[_Prepared], base: Efficiency, theta0: FloatArray,
                  lower: FloatArray, upper: FloatArray) -> list[int]:
    """Indices of the factors that move at least one prediction."""
    at = _residuals(prepared, base)
    jac = jacobian(_fit_residuals(prepared, base, FACTORS), theta0, upper, at)
    return [j for j in range(len(FACTORS))
            if float(np.max(np.abs(jac[:, j]))) > SENSITIVITY_FLOOR and upper[j] > lower[j]]


def _uncertainty(solution: Solution) -> FloatArray:
    """One standard deviation of each log-factor: s² (JᵀJ + w I)⁻¹ at the optimum."""
    jac, data = solution.jacobian, solution.residuals
    count = jac.shape[1]
    dof = max(len(data) - count, 1)
    variance = float(data @ data) / dof
    covariance = variance * np.linalg.pinv(jac.T @ jac + PRIOR_WEIGHT * np.eye(count))
    sigma: FloatArray = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    return sigma


def median_errors(prepared: Sequence[_Prepared], eff: Efficiency) -> dict[str, float]:
    """Median absolute relative error per metric (fraction; 0.1 = 10 %)."""
    errors: dict[str, list[float]] = {}
    for item, predicted in zip(prepared, _predictions(prepared, eff), strict=True):
        for metric, value in item.point.metrics.items():
            errors.setdefault(metric, []).append(abs(predicted[metric] / value - 1))
    return {m: statistics.median(errors[m]) for m in METRICS if m in errors}


def mean_log_error(prepared: Sequence[_Prepared], eff: Efficiency) -> float:
    """Mean |ln(predicted ÷ measured)| over all metrics of all points (the fit's own scale).

    e^value is the typical factor by which predictions miss, over- and under-predictions alike.
    """
    return float(np.mean(np.abs(_residuals(prepared, eff))))


def _factor_fits(base: Efficiency, fitted: Efficiency, names: Sequence[str], sigma: FloatArray,
                 count: int) -> tuple[FactorFit, ...]:
    spread = dict(zip(names, sigma, strict=True))
    fits = []
    for name in FACTORS:
        before, after = float(getattr(base, name)), float(getattr(fitted, name))
        plus = after * float(spread[name]) if name in spread else None
        low, high = BOUNDS[name]
        fits.append(FactorFit(name=name, before=before, after=after, plus_minus=plus,
                              explanation=term(
                                  f"efficiency.{name}", after, UNITS.get(name, "share of peak"),
                                  QT_TRANSLATE_NOOP(
                                      "Formulas", "argmin Σ log²(predicted ÷ measured) + w Σ log²(factor "
                                      "÷ default)")
                                  if plus is not None else QT_TRANSLATE_NOOP(
                                      "Formulas", "held at the default: no measured metric depends on it"),
                                  {"default": before, "plus_minus": round(plus, 6) if plus else 0.0,
                                   "lower_bound": low, "upper_bound": high, "points": count,
                                   "prior_weight": PRIOR_WEIGHT},
                                  (QT_TRANSLATE_NOOP("Sources", "measured benchmark points"),))))
    return tuple(fits)


def _point_rows(prepared: Sequence[_Prepared], base: Efficiency, fitted: Efficiency,
                held_out: bool) -> list[PointFit]:
    rows = []
    for item, before, after in zip(prepared, _predictions(prepared, base),
                                   _predictions(prepared, fitted), strict=True):
        rows += [PointFit(load=item.point.load_label, metric=m, measured=v, before=before[m],
                          after=after[m], held_out=held_out) for m, v in item.point.metrics.items()]
    return rows


def fit_efficiency(inputs: PlanInputs, points: Sequence[MeasuredPoint],
                   holdout: Sequence[MeasuredPoint] = (), source: str = "") -> CalibrationResult:
    """Efficiency factors of ``inputs``' engine on its GPU that best reproduce ``points``.

    ``holdout`` points are not fitted; their errors before and after show whether the fit
    generalises. Raises ``ValueError`` without points.
    """
    if not points:
        raise ValueError("calibration needs at least one measured point")
    _check_work(points, holdout)
    base = plan_efficiency(inputs)
    fit_items, held_items = _prepare(inputs, points), _prepare(inputs, holdout)
    lower = np.log([BOUNDS[n][0] for n in FACTORS])
    upper = np.log([BOUNDS[n][1] for n in FACTORS])
    theta0 = np.clip(np.log([max(float(getattr(base, n)), 1e-9) for n in FACTORS]), lower, upper)
    active = _identifiable(fit_items, base, theta0, lower, upper)
    names = [FACTORS[j] for j in active]
    solution = levenberg_marquardt(
        _fit_residuals(fit_items, base, names), theta0[active], lower[active], upper[active],
        PRIOR_WEIGHT, MAX_ITERATIONS, start_residuals=_residuals(fit_items, base))
    label = source or QT_TRANSLATE_NOOP("Sources", "measured benchmark points")
    fitted = _efficiency(base, names, solution.theta).model_copy(update={
        "source": f"Fitted on {inputs.gpu.id} to {len(points)} measured point(s) from {label} "
                  f"(bounded least squares on log errors); based on: {base.source}"})
    sigma = _uncertainty(solution) if names else np.zeros(0)
    errors_after = median_errors(fit_items, fitted)
    rows = _point_rows(fit_items, base, fitted, False) + _point_rows(held_items, base, fitted, True)
    return CalibrationResult(
        before=base, efficiency=fitted,
        factors=_factor_fits(base, fitted, names, sigma, len(points)),
        fit_errors_before=median_errors(fit_items, base), fit_errors_after=errors_after,
        holdout_errors_before=median_errors(held_items, base) if held_items else {},
        holdout_errors_after=median_errors(held_items, fitted) if held_items else {},
        fit_log_error_before=mean_log_error(fit_items, base),
        fit_log_error_after=mean_log_error(fit_items, fitted),
        holdout_log_error_before=mean_log_error(held_items, base) if held_items else None,
        holdout_log_error_after=mean_log_error(held_items, fitted) if held_items else None,
        points=tuple(rows), fit_count=len(points), holdout_count=len(holdout),
        iterations=solution.iterations,
        explanation=term("calibration.median_error_after", statistics.median(errors_after.values()),
                         "fraction", QT_TRANSLATE_NOOP(
                             "Formulas", "median over metrics of median |predicted ÷ measured − 1|"),
                         {"points": len(points), "held_out": len(holdout),
                          "factors_fitted": ", ".join(names) or "none",
                          "iterations": solution.iterations},
                         (label,)),
    )
