"""Calibration as one job: a start-up log compared and calibrated, benchmark points fitted.

The window's Measurements dialog and ``gpucalc compare-log`` / ``gpucalc calibrate`` run the
same steps from here: the comparison, the calibrated constants, the profile's id and name (from
the name the user gives, or dated after the engine and GPU) and the held-out split of a fit.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.calibration import calibrated_engine_entry
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.measured.calibrate import CalibrationResult, fit_efficiency, split_holdout
from gpucalc.core.measured.log_compare import (
    DEFAULT_TOLERANCE,
    LogCalibration,
    LogComparison,
    calibrate_from_log,
    calibration_name,
    compare_memory,
)
from gpucalc.core.measured.measured import MeasuredMemory, MeasuredPoint
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import Deployment, PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.engine_log import deployment_overrides

MAX_PROFILE_ID_CHARS = 128
"""The longest profile id made from a name."""


def today() -> str:
    """Today's date (UTC), YYYY-MM-DD: the date a calibration carries."""
    return datetime.now(UTC).date().isoformat()


def profile_id_from_name(name: str) -> str:
    """The id a profile named ``name`` gets: its letters, digits and dots, words joined by '-'.

    Empty when the name has no letter or digit to make an id from.
    """
    words = "".join(c if c.isalnum() or c == "." else " " for c in name.lower()).split()
    return "-".join(words)[:MAX_PROFILE_ID_CHARS]


def default_bench_profile_name(inputs: PlanInputs) -> str:
    """The name a fitted profile gets unless the user names it: engine, GPU and today's date."""
    return calibration_name(inputs.engine.id, None, inputs.gpu.id, today())


def inputs_with_log_flags(catalog: Catalog, scenario: Scenario, measured: MeasuredMemory) -> PlanInputs:
    """The scenario's inputs with the deployment flags, quantization and dtype the log reports.

    An engine the catalog does not know keeps the scenario's; the GPU count grows to one
    replica's when the log's layout needs more. Every changed record is validated again.
    """
    overrides = dict(deployment_overrides(measured))
    quantization = overrides.pop("quantization", None)
    dtype = overrides.pop("dtype", None)
    if overrides.get("engine") not in catalog.engines:
        overrides.pop("engine", None)
    fields = {k: v for k, v in overrides.items() if k in Deployment.model_fields}
    deployment = Deployment.model_validate({**scenario.deployment.model_dump(), **fields})
    if deployment.num_gpus < deployment.gpus_per_replica:
        deployment = Deployment.model_validate({**deployment.model_dump(),
                                                "num_gpus": deployment.gpus_per_replica})
    updated = Scenario.model_validate({
        **scenario.model_dump(), "deployment": deployment.model_dump(),
        "quantization": str(quantization) if quantization else scenario.quantization,
        "dtype": str(dtype) if dtype and dtype != "auto" else scenario.dtype})
    return resolve_scenario(catalog, updated)


@dataclass(frozen=True, slots=True)
class LogCheck:
    """A start-up log's figures next to the estimate of the inputs they were compared with."""

    inputs: PlanInputs
    memory: MemoryResult
    comparison: LogComparison


def check_log(inputs: PlanInputs, measured: MeasuredMemory,
              tolerance: float = DEFAULT_TOLERANCE) -> LogCheck:
    """Compare the log's memory figures with the estimate of ``inputs``, line by line."""
    memory = calculate_memory(inputs)
    return LogCheck(inputs=inputs, memory=memory,
                    comparison=compare_memory(inputs, memory, measured, tolerance=tolerance))


def log_calibration(check: LogCheck, measured: MeasuredMemory, name: str | None = None) -> LogCalibration:
    """The engine profile whose activation and runtime constants match the log, dated today.

    Named ``name`` (its id made from it) when given. ValueError when the log holds nothing to
    calibrate from, or the name no id.
    """
    new_id = None
    if name:
        new_id = profile_id_from_name(name)
        if not new_id:
            raise ValueError(f"the name '{name}' has no letters or digits to make an id from")
    return calibrate_from_log(check.inputs, check.memory, measured, day=today(), new_id=new_id,
                              name=name or None)


@dataclass(frozen=True, slots=True)
class BenchFit:
    """Efficiency factors fitted to benchmark points, and how long the fit took."""

    result: CalibrationResult
    seconds: float


def fit_bench(inputs: PlanInputs, points: Sequence[MeasuredPoint], holdout_share: float,
              source: str) -> BenchFit:
    """Fit ``inputs``' engine efficiency on its GPU to ``points``, holding ``holdout_share`` out.

    The held-out points are spread evenly over the load range; ValueError when nothing can be
    fitted.
    """
    fit, held = split_holdout(points, holdout_share)
    started = time.perf_counter()
    result = fit_efficiency(inputs, fit, held, source=source)
    return BenchFit(result=result, seconds=time.perf_counter() - started)


def bench_profile(inputs: PlanInputs, result: CalibrationResult, name: str | None = None) -> EngineProfile:
    """The engine profile carrying the fitted efficiency for ``inputs``' GPU, dated today.

    Named ``name`` (its id made from it) when given, else after the engine, GPU and date.
    """
    return calibrated_engine_entry(inputs.engine, inputs.gpu.id, result.efficiency, day=today(),
                                   new_id=profile_id_from_name(name) or None if name else None,
                                   name=name or None)


__all__ = ["BenchFit", "LogCheck", "bench_profile", "check_log", "default_bench_profile_name",
           "fit_bench", "inputs_with_log_flags", "log_calibration", "profile_id_from_name", "today"]
