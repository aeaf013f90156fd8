"""One-at-a-time sensitivity of the recommended concurrency (tornado chart data).

Each uncertain constant moves to the two ends of its range (see :mod:`gpucalc.core.fleet.uncertainty`)
and each key input moves by a stated percentage, one at a time with everything else at its
value. Workload lengths and latency targets move ±20 % (planners estimate them; seed 000 plans
with P95 because the mean misleads); GPU datasheet figures and the memory fraction move ±5 %
(driver-reserved memory, clocks under power limits, a rounded flag). Bars are ranked by the
swing |result at high − result at low|, largest first.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.perf_model import plan_efficiency
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import FormulaTemplate, Term, template, term
from gpucalc.core.common.revise import revised
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.sizing import SizingRequest
from gpucalc.core.fleet.uncertainty import (
    UNCERTAIN_CONSTANTS,
    Band,
    Bands,
    ConstantRange,
    key_results,
    uncertainty_bands,
    with_constant_factors,
)
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import PlanInputs

WORKLOAD_SWING = 0.20
HARDWARE_SWING = 0.05
WORKLOAD_REASON = QT_TRANSLATE_NOOP("Sources", "±20 %: workload lengths and targets are planners' estimates")
HARDWARE_REASON = QT_TRANSLATE_NOOP(
    "Sources", "±5 %: driver-reserved memory, clocks under power limits, rounded flags")


class FactorKind(StrEnum):
    """What a tornado bar moves."""

    CONSTANT = "constant"
    INPUT = "input"


FACTOR_NAMES = {
    "activation_peak": QT_TRANSLATE_NOOP("Formulas", "Activation peak"),
    "non_torch_memory": QT_TRANSLATE_NOOP("Formulas", "Runtime (non-torch) memory"),
    "cuda_graph_memory": QT_TRANSLATE_NOOP("Formulas", "CUDA-graph memory"),
    "gemm_compute": QT_TRANSLATE_NOOP("Formulas", "GEMM efficiency"),
    "attention_compute": QT_TRANSLATE_NOOP("Formulas", "Attention efficiency"),
    "memory_bandwidth": QT_TRANSLATE_NOOP("Formulas", "Memory-bandwidth efficiency"),
    "comm_bandwidth": QT_TRANSLATE_NOOP("Formulas", "Link-bandwidth efficiency"),
    "comm_latency_us": QT_TRANSLATE_NOOP("Formulas", "Collective latency"),
    "step_overhead_ms": QT_TRANSLATE_NOOP("Formulas", "Step overhead"),
    "input_len_p95": QT_TRANSLATE_NOOP("Formulas", "Input length P95"),
    "output_len": QT_TRANSLATE_NOOP("Formulas", "Output length"),
    "tpot_target_ms": QT_TRANSLATE_NOOP("Formulas", "TPOT target"),
    "ttft_target_ms": QT_TRANSLATE_NOOP("Formulas", "TTFT target"),
    "gpu_memory_gib": QT_TRANSLATE_NOOP("Formulas", "GPU memory"),
    "peak_tflops": QT_TRANSLATE_NOOP("Formulas", "Peak TFLOPS"),
    "hbm_bandwidth_gb_per_s": QT_TRANSLATE_NOOP("Formulas", "Memory bandwidth"),
    "memory_fraction": QT_TRANSLATE_NOOP("Formulas", "Memory fraction"),
    "fp8_gemm_relative": QT_TRANSLATE_NOOP("Formulas", "FP8 GEMM factor"),
}
"""Names of the constants and inputs a sensitivity bar moves (shown by the window and the report)."""


class TornadoBar(BaseModel):
    """One factor moved to its low and high value, and the result at each."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    kind: FactorKind
    unit: str
    base_value: float
    low_value: float
    high_value: float
    result_at_low: float
    result_at_high: float
    reason: str

    @property
    def swing(self) -> float:
        """|result at high − result at low|, in the result's unit."""
        return abs(self.result_at_high - self.result_at_low)


class Sensitivity(BaseModel):
    """Tornado data for one result, bars ranked by swing (largest first)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    result_key: str
    result_unit: str
    baseline: float
    bars: tuple[TornadoBar, ...]


Setter = Callable[[PlanInputs, float], PlanInputs]


def _set_input_p95(inputs: PlanInputs, value: float) -> PlanInputs:
    wl = inputs.workload
    p95 = max(round(value), 1)
    return revised(inputs, workload=revised(wl, input_len_p95=p95,
                                            input_len_p50=min(wl.input_len_p50, p95)))


def _set_output_scale(inputs: PlanInputs, factor: float) -> PlanInputs:
    wl = inputs.workload
    classes = tuple(revised(c, output_len=max(round(c.output_len * factor), 1)) for c in wl.classes)
    return revised(inputs, workload=revised(
        wl, output_len_p50=max(round(wl.output_len_p50 * factor), 1),
        output_len_p95=max(round(wl.output_p95 * factor), 1), classes=classes))


def _set_total_gib(inputs: PlanInputs, value: float) -> PlanInputs:
    return revised(inputs, deployment=revised(inputs.deployment, gpu_memory_gib=value))


def _set_bandwidth(inputs: PlanInputs, value: float) -> PlanInputs:
    return revised(inputs, gpu=revised(inputs.gpu, hbm_bandwidth_gb_per_s=value))


def _set_tflops_scale(inputs: PlanInputs, factor: float) -> PlanInputs:
    peaks = inputs.gpu.dense_tflops
    scaled = revised(peaks, **{k: v * factor for k, v in peaks.model_dump().items() if v is not None})
    return revised(inputs, gpu=revised(inputs.gpu, dense_tflops=scaled))


def _set_fraction(inputs: PlanInputs, value: float) -> PlanInputs:
    return revised(inputs, deployment=revised(inputs.deployment,
                                              gpu_memory_utilization=min(value, 1.0)))


def _set_target(name: str) -> Setter:
    def setter(inputs: PlanInputs, value: float) -> PlanInputs:
        return revised(inputs, targets=revised(inputs.targets, **{name: value}))
    return setter


class _InputFactor(BaseModel):
    """One key input: its base value, how far it moves, and how to set it."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)

    key: str
    unit: str
    base_value: float
    swing: float
    setter: Setter
    scales: bool = False  # the setter takes a factor rather than a value
    upper: float | None = None  # the largest value the input can take
    reason: str


def _input_factors(inputs: PlanInputs, memory: MemoryResult | None) -> list[_InputFactor]:
    """The key inputs of this plan that can be moved."""
    wl, gpu, tg = inputs.workload, inputs.gpu, inputs.targets
    peak, _ = gpu.dense_tflops.peak_for(inputs.weight_format.compute_dtype)
    total = memory.settings.total_gib.value if memory else inputs.deployment.gpu_memory_gib or \
        gpu.usable_memory_gib
    found = [
        _InputFactor(key="input_len_p95", unit="tokens", base_value=wl.input_p95,
                     swing=WORKLOAD_SWING, setter=_set_input_p95, reason=WORKLOAD_REASON),
        _InputFactor(key="output_len", unit="tokens", base_value=wl.output_len_p50,
                     swing=WORKLOAD_SWING, setter=_set_output_scale, scales=True,
                     reason=WORKLOAD_REASON + " (P50, P95 and classes scaled together)"),
        _InputFactor(key="tpot_target_ms", unit="ms", base_value=tg.tpot_ms, swing=WORKLOAD_SWING,
                     setter=_set_target("tpot_ms"), reason=WORKLOAD_REASON),
        _InputFactor(key="ttft_target_ms", unit="ms", base_value=tg.ttft_ms, swing=WORKLOAD_SWING,
                     setter=_set_target("ttft_ms"), reason=WORKLOAD_REASON),
        _InputFactor(key="gpu_memory_gib", unit="GiB", base_value=total, swing=HARDWARE_SWING,
                     setter=_set_total_gib, reason=HARDWARE_REASON),
        _InputFactor(key="peak_tflops", unit="TFLOPS", base_value=peak, swing=HARDWARE_SWING,
                     setter=_set_tflops_scale, scales=True, reason=HARDWARE_REASON),
    ]
    if gpu.hbm_bandwidth_gb_per_s is not None:
        found.append(_InputFactor(key="hbm_bandwidth_gb_per_s", unit="GB/s",
                                  base_value=gpu.hbm_bandwidth_gb_per_s, swing=HARDWARE_SWING,
                                  setter=_set_bandwidth, reason=HARDWARE_REASON))
    if memory is not None and inputs.deployment.kv_cache_memory_gib is None:
        found.append(_InputFactor(key="memory_fraction", unit="",
                                  base_value=memory.settings.memory_fraction.value,
                                  swing=HARDWARE_SWING, setter=_set_fraction, upper=1.0,
                                  reason=HARDWARE_REASON))
    return found


def _constant_base(inputs: PlanInputs, memory: MemoryResult | None, key: str) -> tuple[float, str]:
    """Current value and unit of an uncertain constant (0 when the plan has no memory result)."""
    eff = plan_efficiency(inputs)
    stage = memory.binding if memory is not None else None
    memory_terms = {"activation_peak": stage.activation if stage else None,
                    "non_torch_memory": stage.non_torch if stage else None,
                    "cuda_graph_memory": stage.cuda_graphs if stage else None}
    if key in memory_terms:
        found = memory_terms[key]
        return (found.value if found is not None else 0.0), "GiB"
    units = {"comm_latency_us": "µs", "step_overhead_ms": "ms"}
    return float(getattr(eff, key)), units.get(key, "")


def _recommended(inputs: PlanInputs) -> float:
    """Recommended concurrency of ``inputs`` (0 when the plan does not fit)."""
    return float(key_results(inputs).recommended_concurrency)


def _constant_bar(inputs: PlanInputs, memory: MemoryResult | None, r: ConstantRange) -> TornadoBar:
    base, unit = _constant_base(inputs, memory, r.key)
    return TornadoBar(
        key=r.key, kind=FactorKind.CONSTANT, unit=unit, base_value=base,
        low_value=base * r.low_factor, high_value=base * r.high_factor,
        result_at_low=_recommended(with_constant_factors(inputs, {r.key: r.low_factor})),
        result_at_high=_recommended(with_constant_factors(inputs, {r.key: r.high_factor})),
        reason=r.full_reason)


def _input_bar(inputs: PlanInputs, f: _InputFactor) -> TornadoBar:
    low, high = f.base_value * (1 - f.swing), f.base_value * (1 + f.swing)
    high = min(high, f.upper) if f.upper is not None else high
    if f.scales:
        at_low, at_high = f.setter(inputs, 1 - f.swing), f.setter(inputs, 1 + f.swing)
    else:
        at_low, at_high = f.setter(inputs, low), f.setter(inputs, high)
    return TornadoBar(key=f.key, kind=FactorKind.INPUT, unit=f.unit, base_value=f.base_value,
                      low_value=low, high_value=high, result_at_low=_recommended(at_low),
                      result_at_high=_recommended(at_high), reason=f.reason)


def concurrency_sensitivity(inputs: PlanInputs,
                            ranges: tuple[ConstantRange, ...] = UNCERTAIN_CONSTANTS) -> Sensitivity:
    """Tornado data of the recommended concurrency over the constants and the key inputs."""
    try:
        memory: MemoryResult | None = calculate_memory(inputs, single_gpu_check=False)
    except PlanError:
        memory = None
    bars = [_constant_bar(inputs, memory, r) for r in ranges]
    bars += [_input_bar(inputs, f) for f in _input_factors(inputs, memory)]
    bars.sort(key=lambda b: b.swing, reverse=True)
    return Sensitivity(result_key="recommended_concurrency", result_unit="requests",
                       baseline=_recommended(inputs), bars=tuple(bars))


BandEnd = tuple[float, str, float | None, str]
"""A result that bounds a band: its value, the name of what gave it (a marked text), the factor's
value there and its unit (None and "" for a corner of the uncertain constants)."""
UNIT_WORDS = {"tokens": QT_TRANSLATE_NOOP("Formulas", "tokens")}
"""Units of a factor's value written as a word (translated with the formula)."""


def _bar_ends(bar: TornadoBar) -> tuple[BandEnd, BandEnd]:
    """The two results of ``bar``, each named by the factor and the value that gave it."""
    name = FACTOR_NAMES.get(bar.key, bar.key)
    unit = UNIT_WORDS.get(bar.unit, bar.unit)
    return ((bar.result_at_low, name, bar.low_value, unit), (bar.result_at_high, name, bar.high_value, unit))


def _corner_ends(band: Band) -> tuple[BandEnd, BandEnd]:
    """The band's own low and high, named by the corner that gave them."""
    def named(t: Term) -> str:
        value = t.template.values.get("name") if t.template is not None else None
        return value if isinstance(value, str) else t.key
    return (band.low.value, named(band.low), None, ""), (band.high.value, named(band.high), None, "")


EVALUATED = {
    "low": QT_TRANSLATE_NOOP("Formulas", "smallest of the expected value, the pessimistic and optimistic "
                             "corners of the uncertain constants and both ends of every sensitivity "
                             "bar (here: {name})"),
    "high": QT_TRANSLATE_NOOP("Formulas", "largest of the expected value, the pessimistic and optimistic "
                              "corners of the uncertain constants and both ends of every sensitivity "
                              "bar (here: {name})")}
EVALUATED_AT = {
    "low": QT_TRANSLATE_NOOP("Formulas", "smallest of the expected value, the pessimistic and optimistic "
                             "corners of the uncertain constants and both ends of every sensitivity "
                             "bar (here: {name} at {value} {unit})"),
    "high": QT_TRANSLATE_NOOP("Formulas", "largest of the expected value, the pessimistic and optimistic "
                              "corners of the uncertain constants and both ends of every sensitivity "
                              "bar (here: {name} at {value} {unit})")}
"""How a widened band's ends were found; the second names the sensitivity bar's factor value."""


def _evaluated(label: str, end: BandEnd) -> FormulaTemplate:
    _, name, value, unit = end
    if value is None:
        return template(EVALUATED[label], name=name)
    return template(EVALUATED_AT[label], name=name, value=f"{value:.4g}", unit=unit)


def bracketing_band(band: Band, sensitivity: Sensitivity) -> Band:
    """``band`` widened to every tornado result, so no single bar reaches past it.

    Low and high are the smallest and largest of the expected value, the two corners of the
    uncertain constants and both results of every one-at-a-time bar (constants and key inputs).
    """
    ends = [*_corner_ends(band), *(end for bar in sensitivity.bars for end in _bar_ends(bar))]
    low = min(ends, key=lambda e: e[0])  # ties keep the corner
    high = max(ends, key=lambda e: e[0])

    def make(label: str, end: BandEnd) -> Term:
        return term(f"{band.key}.{label}", end[0], band.unit, _evaluated(label, end),
                    dict(band.low.inputs), (*band.low.sources, WORKLOAD_REASON, HARDWARE_REASON))

    return band.model_copy(update={"low": make("low", low), "high": make("high", high)})


def bracket_sensitivity(bands: Bands, sensitivity: Sensitivity) -> Bands:
    """``bands`` with the band of ``sensitivity``'s result widened to bracket every bar."""
    widened = tuple(bracketing_band(b, sensitivity) if b.key == sensitivity.result_key else b
                    for b in bands.bands)
    return bands.model_copy(update={"bands": widened})


def evaluate_uncertainty(inputs: PlanInputs) -> tuple[Bands, Sensitivity]:
    """Bands (GPUs needed sized for the workload's QPS) and the concurrency tornado.

    The recommended-concurrency band brackets every tornado result (see
    :func:`bracketing_band`), so the headline range is never narrower than one bar.
    """
    wl = inputs.workload
    sizing = None if wl.qps_avg is None else SizingRequest(qps_avg=wl.qps_avg, qps_peak=wl.qps_peak)
    sensitivity = concurrency_sensitivity(inputs)
    return bracket_sensitivity(uncertainty_bands(inputs, sizing), sensitivity), sensitivity
