"""Everything a report or a CSV export shows, computed once from a scenario. No Qt.

The PDF writer and the CSV writers both read a :class:`ReportData`, so the numbers in a report,
in its CSV files and in the window come from the same calculation.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from gpucalc import __version__
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_scenario
from gpucalc.core.calculate import Result, calculate
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.scenario import Scenario
from gpucalc.core.sensitivity import Sensitivity, evaluate_uncertainty
from gpucalc.core.sim_sweep import (
    SWEEP_TOP_OF_SATURATION,
    RateSweep,
    rates_up_to,
    saturation_rate,
    simulate_rate_sweep,
)
from gpucalc.core.sim_traffic import TrafficSpec
from gpucalc.core.sizing import SizingRequest, SizingRow, size_fleet
from gpucalc.core.sweep import ContextSweep, GridCell, context_sweep, per_card_grid
from gpucalc.core.uncertainty import Bands

REPORT_SWEEP_POINTS = 64
SIZING_ROWS_SHOWN = 15
SIM_RATES = 8  # simulated request rates, evenly spaced up to a little past saturation
SIM_REQUESTS_PER_RATE = 600  # enough for stable P95s; the whole report stays well under 2 s
SIM_SEED = 0  # fixed: the same plan gives the same simulated numbers in every report
SIM_PERCENTILE = 95.0


class ReportSimulation(BaseModel):
    """A simulated request-rate sweep of one replica of the plan and how it was run."""

    model_config = ConfigDict(frozen=True)

    sweep: RateSweep
    saturation_rate: float = Field(description="Analytic saturated requests/s of one replica.")
    requests_per_rate: int
    seed: int


class ReportData(BaseModel):
    """The scenario, its resolved inputs and every result the report shows."""

    model_config = ConfigDict(frozen=True)

    scenario: Scenario
    inputs: PlanInputs
    result: Result
    sweep: ContextSweep | None = Field(description="None when the model does not fit.")
    grid: tuple[GridCell, ...]
    sizing: tuple[SizingRow, ...] = Field(description="Every option that meets the SLO, cheapest first.")
    bands: Bands | None = Field(default=None, description="None when the model does not fit.")
    sensitivity: Sensitivity | None = Field(default=None,
                                            description="None when the model does not fit.")
    simulation: ReportSimulation | None = Field(
        default=None, description="None when the model does not fit or cannot be simulated.")
    lang: str
    version: str
    created: dt.datetime


class ReportSummary(BaseModel):
    """What :func:`gpucalc.report.write_report` wrote, for a status line or a test."""

    model_config = ConfigDict(frozen=True)

    path: Path
    pages: int
    size_bytes: int
    lang: str
    sections: tuple[str, ...]
    fits: bool


def sizing_rows(catalog: Catalog, inputs: PlanInputs) -> tuple[SizingRow, ...]:
    """Fleet options over every catalog GPU and the grid's precision tiers, cheapest first."""
    wl = inputs.workload
    request = SizingRequest(qps_avg=wl.qps_avg, qps_peak=wl.qps_peak)
    tiers = list(precision_tiers(catalog).values())
    return tuple(size_fleet(inputs, list(catalog.gpus.values()), tiers, request))


def simulate_plan(inputs: PlanInputs, memory: MemoryResult) -> ReportSimulation | None:
    """Poisson rate sweep of one replica up to 1.25× its analytic saturation (fixed seed).

    None when the replica holds no KV cache or the simulator rejects the plan.
    """
    if not memory.fits or memory.kv_cache_tokens.value <= 0:
        return None
    try:
        saturation = saturation_rate(inputs, memory)
        rates = rates_up_to(saturation * SWEEP_TOP_OF_SATURATION, SIM_RATES)
        traffic = TrafficSpec(num_requests=SIM_REQUESTS_PER_RATE, seed=SIM_SEED)
        sweep = simulate_rate_sweep(inputs, memory, rates, traffic, percentile=SIM_PERCENTILE)
    except ValueError:
        return None
    return ReportSimulation(sweep=sweep, saturation_rate=saturation,
                            requests_per_rate=SIM_REQUESTS_PER_RATE, seed=SIM_SEED)


def build_report(scenario: Scenario, catalog: Catalog, lang: str = "en",
                 created: dt.datetime | None = None) -> ReportData:
    """Resolve and calculate ``scenario`` with the sweep, grid, sizing, bands and simulation."""
    inputs = resolve_scenario(catalog, scenario)
    result = calculate(inputs)
    sweep = None
    grid: tuple[GridCell, ...] = ()
    sizing: tuple[SizingRow, ...] = ()
    bands, sensitivity, simulation = None, None, None
    if result.performance is not None:
        sweep = context_sweep(inputs, count=REPORT_SWEEP_POINTS)
        grid = per_card_grid(inputs, precision_tiers(catalog))
        sizing = sizing_rows(catalog, inputs)
        bands, sensitivity = evaluate_uncertainty(inputs)
        simulation = simulate_plan(inputs, result.memory)
    return ReportData(scenario=scenario, inputs=inputs, result=result, sweep=sweep, grid=grid,
                      sizing=sizing, bands=bands, sensitivity=sensitivity, simulation=simulation,
                      lang="zh" if lang.lower().startswith("zh") else "en",
                      version=__version__,
                      created=created or dt.datetime.now().astimezone().replace(microsecond=0))
