"""One computed plan as the window shows it, and how errors map to form fields. No Qt."""

from __future__ import annotations

import time
from dataclasses import dataclass

from pydantic import ValidationError

from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.catalog.resolve import precision_tiers, resolve_scenario
from gpucalc.core.calculate import calculate
from gpucalc.core.errors import PlanError
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_result import PerformanceResult
from gpucalc.core.scenario import Scenario
from gpucalc.core.sensitivity import Sensitivity, evaluate_uncertainty
from gpucalc.core.sweep import ContextSweep, GridCell, context_sweep, per_card_grid
from gpucalc.core.uncertainty import Bands
from gpucalc.io.errors import InputFileError

SWEEP_POINTS = 128


@dataclass(frozen=True)
class PlanOutcome:
    """Everything one calculation produced for the window."""

    scenario: Scenario
    inputs: PlanInputs
    memory: MemoryResult
    performance: PerformanceResult | None  # None: the model does not fit
    sweep: ContextSweep | None
    grid: tuple[GridCell, ...]
    elapsed_ms: float
    bands: Bands | None = None  # low / expected / high of the key results
    sensitivity: Sensitivity | None = None


def compute_plan(catalog: Catalog, scenario: Scenario) -> PlanOutcome:
    """Resolve and calculate ``scenario``: memory, ceilings, load curve, sweep, grid (worker thread)."""
    start = time.perf_counter()
    inputs = resolve_scenario(catalog, scenario)
    result = calculate(inputs)
    sweep = bands = sensitivity = None
    grid: tuple[GridCell, ...] = ()
    if result.performance is not None:
        sweep = context_sweep(inputs, count=SWEEP_POINTS)
        grid = per_card_grid(inputs, precision_tiers(catalog))
        bands, sensitivity = evaluate_uncertainty(inputs)
    return PlanOutcome(scenario, inputs, result.memory, result.performance, sweep, grid,
                       (time.perf_counter() - start) * 1000.0, bands, sensitivity)


_PLAN_FIELDS = {"tp_heads": "deployment.tensor_parallel_size",
                "pp_layers": "deployment.pipeline_parallel_size"}
_CATALOG_FIELDS = (("unknown model", "model"), ("unknown GPU", "gpu"),
                   ("weight format", "deployment.weight_format"),
                   ("KV cache dtype", "deployment.kv_cache_dtype"),
                   ("unknown engine", "deployment.engine"))


def validation_path(exc: ValidationError) -> tuple[str, str]:
    """The dotted field path of the first error (may be a section) and its message."""
    first = exc.errors()[0]
    path = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return path, message


def error_field(exc: BaseException) -> str:
    """The form field a computation error belongs to ('' when none)."""
    if isinstance(exc, PlanError):
        return _PLAN_FIELDS.get(exc.code, "")
    if isinstance(exc, InputFileError):
        return "model"
    if isinstance(exc, CatalogError):
        text = str(exc)
        return next((field for needle, field in _CATALOG_FIELDS if needle in text), "")
    if isinstance(exc, ValidationError):
        return validation_path(exc)[0]
    return ""


def error_message(exc: BaseException) -> str:
    """A one-line message for ``exc``."""
    if isinstance(exc, ValidationError):
        path, message = validation_path(exc)
        return f"{path}: {message}" if path else message
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
