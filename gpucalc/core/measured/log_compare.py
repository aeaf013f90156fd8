"""An engine's start-up memory figures side by side with gpucalc's, and a calibration from them.

The comparison lines up the log's figures (weights, activation peak, non-torch memory, CUDA
graphs, KV GiB, KV tokens, max concurrency) with the estimate for the same inputs: absolute and
relative difference, flagged beyond a tolerance. :func:`calibrate_from_log` turns the
activation and runtime differences into a new engine profile (a variant of the one used) whose
constants reproduce the log, within bounds, with every change explained.
"""

from __future__ import annotations

import math
import re

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.common.explain import Notice, Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.measured import MeasuredMemory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import PlanInputs

DEFAULT_TOLERANCE = 0.05  # relative difference beyond which a line is flagged
GIB_FLOOR = 0.05  # GiB lines within this absolute difference are never flagged (log rounding)
MAX_ACTIVATION_SHIFT_GIB = 16.0  # a calibration moves the activation peak by at most this much
MAX_RUNTIME_GIB = 16.0  # non-torch memory and CUDA graphs stay within [0, this]
TOTAL_MEMORY_TOLERANCE = 0.01
FRACTION_TOLERANCE = 0.005

LINE_LABELS = {
    "weights_gib_per_gpu": "weights", "activation_gib_per_gpu": "activation peak",
    "non_torch_gib_per_gpu": "non-torch / runtime", "cuda_graphs_gib_per_gpu": "CUDA graphs",
    "kv_cache_gib_per_gpu": "KV cache", "kv_cache_tokens": "KV cache tokens",
    "max_concurrency": "max concurrency",
}


class ComparisonLine(BaseModel):
    """One figure: gpucalc's estimate, the engine's, and how far apart they are."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    label: str
    unit: str
    estimate: Term
    measured: float
    difference: float = Field(description="estimate − measured, in ``unit``.")
    relative: float | None = Field(description="difference ÷ measured (None when measured is 0 or so "
                                              "close to 0 that the ratio is not finite).")
    flagged: bool


class LogComparison(BaseModel):
    """The whole side-by-side table and what does not match in the set-up itself."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    engine: str | None
    engine_version: str | None
    tolerance: float
    lines: tuple[ComparisonLine, ...]
    notices: tuple[Notice, ...] = ()

    @property
    def flagged(self) -> tuple[ComparisonLine, ...]:
        """Lines whose difference is beyond the tolerance."""
        return tuple(line for line in self.lines if line.flagged)

    def line(self, key: str) -> ComparisonLine | None:
        """The line of ``key``, if the log printed that figure."""
        return next((line for line in self.lines if line.key == key), None)


def _estimates(memory: MemoryResult) -> dict[str, Term]:
    """The estimate's figures for the first GPU (the rank engines log first) and engine-wide ones."""
    first = memory.stages[0]
    return {"weights_gib_per_gpu": first.weights_total, "activation_gib_per_gpu": first.activation,
            "non_torch_gib_per_gpu": first.non_torch, "cuda_graphs_gib_per_gpu": first.cuda_graphs,
            "kv_cache_gib_per_gpu": first.kv_cache, "kv_cache_tokens": memory.kv_cache_tokens,
            "max_concurrency": memory.max_concurrency}


def comparison_line(key: str, estimate: Term, measured: float, tolerance: float) -> ComparisonLine:
    """One line with absolute and relative difference and the flag."""
    difference = estimate.value - measured
    relative = difference / measured if measured else None
    if relative is not None and not math.isfinite(relative):  # a measured figure near 0
        relative = None
    floor = GIB_FLOOR if estimate.unit == "GiB" else 0.0
    beyond = abs(relative) > tolerance if relative is not None else abs(difference) > floor
    return ComparisonLine(key=key, label=LINE_LABELS.get(key, key), unit=estimate.unit,
                          estimate=estimate, measured=measured, difference=difference,
                          relative=relative, flagged=beyond and abs(difference) > floor)


def setup_notices(inputs: PlanInputs, memory: MemoryResult, measured: MeasuredMemory) -> list[Notice]:
    """Differences between the log's set-up and the inputs that explain memory differences."""
    notices: list[Notice] = []
    settings = memory.settings
    if measured.engine and not measured.engine.startswith(inputs.engine.kind.value):
        notices.append(Notice(code="log_engine_differs",
                              params={"log_engine": measured.engine, "plan_engine": inputs.engine.id}))
    total = measured.gpu_total_gib
    if total is not None and abs(total - settings.total_gib.value) > TOTAL_MEMORY_TOLERANCE * total:
        notices.append(Notice(code="log_total_memory_differs", params={
            "log_gib": round(total, 2), "plan_gib": round(settings.total_gib.value, 2)}))
    fraction = measured.memory_fraction
    if fraction is not None and abs(fraction - settings.memory_fraction.value) > FRACTION_TOLERANCE:
        notices.append(Notice(code="log_memory_fraction_differs", params={
            "log_fraction": fraction, "plan_fraction": round(settings.memory_fraction.value, 3)}))
    tokens = measured.max_concurrency_tokens
    if tokens is not None and tokens != int(settings.max_model_len.value):
        notices.append(Notice(code="log_max_model_len_differs", params={
            "log_tokens": tokens, "plan_tokens": int(settings.max_model_len.value)}))
    return notices


def compare_memory(inputs: PlanInputs, memory: MemoryResult, measured: MeasuredMemory,
                   tolerance: float = DEFAULT_TOLERANCE) -> LogComparison:
    """The log's figures next to ``memory`` (computed from ``inputs``), line by line.

    The notices say where the set-up differs from the log's, followed by the estimate's own.
    """
    estimates = _estimates(memory)
    notices = setup_notices(inputs, memory, measured)
    skip = {"max_concurrency"} if any(n.code == "log_max_model_len_differs" for n in notices) else set()
    lines = tuple(comparison_line(key, estimates[key], value, tolerance)
                  for key, value in measured.figures.items() if key in estimates and key not in skip)
    return LogComparison(engine=measured.engine, engine_version=measured.engine_version,
                         tolerance=tolerance, lines=lines, notices=(*notices, *memory.notices))


# -- calibration -----------------------------------------------------------------------------

class LogCalibration(BaseModel):
    """A new engine profile whose memory constants reproduce one start-up log."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    profile: EngineProfile
    changes: tuple[Term, ...]
    notices: tuple[Notice, ...] = ()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-.") or "engine"


def calibration_id(engine_id: str, version: str | None, gpu_id: str, day: str) -> str:
    """An id for a calibrated profile, e.g. ``vllm-0.19.0-h100-sxm-80gb-cal-2026-11-29``."""
    parts = [_slug(engine_id)]
    if version:
        parts.append(_slug(version.split()[0]))
    parts += [_slug(gpu_id), "cal", _slug(day)]
    return "-".join(parts)[:128].rstrip("-.")


def calibration_name(engine_name: str, version: str | None, gpu_id: str, day: str) -> str:
    """A readable name, e.g. ``vllm-0.19 on h100-sxm-80gb (calibrated 2026-11-29)``."""
    label = f"{engine_name}-{version.split()[0]}" if version else engine_name
    return f"{label} on {gpu_id} (calibrated {day})"


def _bounded(value: float, low: float, high: float) -> tuple[float, bool]:
    clipped = min(max(value, low), high)
    return clipped, clipped != value


def _activation_change(profile: EngineProfile, estimate: float, measured: float,
                       source: str) -> tuple[dict[str, float], list[Term], bool]:
    """Shift the forward and sampler bases by the activation difference (the peak moves by it)."""
    shift, clipped = _bounded(measured - estimate, -MAX_ACTIVATION_SHIFT_GIB, MAX_ACTIVATION_SHIFT_GIB)
    consts = profile.activation
    update: dict[str, float] = {}
    terms: list[Term] = []
    for name in ("forward_base_gib", "sampler_base_gib"):
        old = float(getattr(consts, name))
        new = max(old + shift, 0.0)
        update[name] = new
        terms.append(term(f"activation.{name}", new, "GiB",
                          QT_TRANSLATE_NOOP(
                              "Formulas", "old + (measured − estimated activation peak), within ±16 GiB, "
                              "≥ 0"),
                          {"old_gib": old, "measured_gib": measured, "estimated_gib": round(estimate, 3)},
                          (source,)))
    return update, terms, clipped


def _runtime_change(profile: EngineProfile, tp: int, measured: MeasuredMemory,
                    source: str) -> tuple[dict[str, float], list[Term], bool]:
    """Non-torch memory (single-GPU part at TP 1, the TP extra otherwise) and CUDA graphs."""
    runtime = profile.runtime
    update: dict[str, float] = {}
    terms: list[Term] = []
    clipped_any = False
    if measured.non_torch_gib is not None:
        if tp > 1:
            value, clipped = _bounded(measured.non_torch_gib - runtime.non_torch_gib_single, 0.0,
                                      MAX_RUNTIME_GIB)
            name, formula = "non_torch_gib_tp_extra", QT_TRANSLATE_NOOP(
                "Formulas", "measured non-torch − single-GPU part (TP > 1)")
        else:
            value, clipped = _bounded(measured.non_torch_gib, 0.0, MAX_RUNTIME_GIB)
            name, formula = "non_torch_gib_single", QT_TRANSLATE_NOOP(
                "Formulas", "measured non-torch (TP = 1)")
        update[name] = value
        clipped_any |= clipped
        terms.append(term(f"runtime.{name}", value, "GiB", formula,
                          {"old_gib": float(getattr(runtime, name)), "measured_gib": measured.non_torch_gib,
                           "tp": tp}, (source,)))
    if measured.cuda_graph_gib is not None:
        value, clipped = _bounded(measured.cuda_graph_gib, 0.0, MAX_RUNTIME_GIB)
        update["cuda_graph_gib"] = value
        clipped_any |= clipped
        terms.append(term("runtime.cuda_graph_gib", value, "GiB", QT_TRANSLATE_NOOP(
            "Formulas", "measured CUDA-graph capture"),
                          {"old_gib": runtime.cuda_graph_gib, "measured_gib": measured.cuda_graph_gib},
                          (source,)))
    return update, terms, clipped_any


def calibrate_from_log(inputs: PlanInputs, memory: MemoryResult, measured: MeasuredMemory, *,
                       day: str, new_id: str | None = None, name: str | None = None) -> LogCalibration:
    """A variant of ``inputs.engine`` whose activation and runtime constants match the log.

    ``day`` (YYYY-MM-DD) dates the calibration. Raises ``ValueError`` when the log holds neither
    an activation peak, nor non-torch memory, nor CUDA-graph memory (nothing to adjust).
    """
    base = inputs.engine
    first = memory.stages[0]
    label = measured.source or "engine start-up log"
    source = f"calibrated from {label} ({measured.engine or base.id} {measured.engine_version or ''})".strip()
    activation_update: dict[str, float] = {}
    changes: list[Term] = []
    notices: list[Notice] = []
    if measured.activation_gib is not None:
        activation_update, terms, clipped = _activation_change(base, first.activation.value,
                                                               measured.activation_gib, source)
        changes += terms
        if clipped:
            notices.append(Notice(code="calibration_clipped", params={"item": "activation"}))
    runtime_update, terms, clipped = _runtime_change(base, inputs.deployment.tensor_parallel_size,
                                                     measured, source)
    changes += terms
    if clipped:
        notices.append(Notice(code="calibration_clipped", params={"item": "runtime"}))
    if not changes:
        raise ValueError("the log holds no activation, non-torch or CUDA-graph figure to calibrate")
    version = measured.engine_version or base.version
    profile = base.model_copy(update={
        "id": new_id or calibration_id(base.id, measured.engine_version, inputs.gpu.id, day),
        "name": name or calibration_name(base.id, measured.engine_version, inputs.gpu.id, day),
        "version": version,
        "activation": base.activation.model_copy(update={
            **activation_update, "source": f"{source}; based on: {base.activation.source}"}
            if activation_update else {}),
        "runtime": base.runtime.model_copy(update={
            **runtime_update, "source": f"{source}; based on: {base.runtime.source}"}
            if runtime_update else {}),
        "notes": f"Memory constants calibrated on {inputs.gpu.id} on {day} from a start-up log; "
                 f"based on the '{base.id}' profile. {base.notes}".strip(),
    })
    return LogCalibration(profile=EngineProfile.model_validate(profile.model_dump()),
                          changes=tuple(changes), notices=tuple(notices))
