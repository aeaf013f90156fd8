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
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.calculate import Result, calculate
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.scenario import Scenario
from gpucalc.core.sizing import SizingRequest, SizingRow, size_fleet
from gpucalc.core.sweep import ContextSweep, GridCell, context_sweep, per_card_grid
from gpucalc.ui.outcome import precision_tiers

REPORT_SWEEP_POINTS = 64
SIZING_ROWS_SHOWN = 15


class ReportData(BaseModel):
    """The scenario, its resolved inputs and every result the report shows."""

    model_config = ConfigDict(frozen=True)

    scenario: Scenario
    inputs: PlanInputs
    result: Result
    sweep: ContextSweep | None = Field(description="None when the model does not fit.")
    grid: tuple[GridCell, ...]
    sizing: tuple[SizingRow, ...] = Field(description="Every option that meets the SLO, cheapest first.")
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


def build_report(scenario: Scenario, catalog: Catalog, lang: str = "en",
                 created: dt.datetime | None = None) -> ReportData:
    """Resolve and calculate ``scenario`` with the sweep, the grid and the sizing table."""
    inputs = resolve_scenario(catalog, scenario)
    result = calculate(inputs)
    sweep = None
    grid: tuple[GridCell, ...] = ()
    sizing: tuple[SizingRow, ...] = ()
    if result.performance is not None:
        sweep = context_sweep(inputs, count=REPORT_SWEEP_POINTS)
        grid = per_card_grid(inputs, precision_tiers(catalog))
        sizing = sizing_rows(catalog, inputs)
    return ReportData(scenario=scenario, inputs=inputs, result=result, sweep=sweep, grid=grid,
                      sizing=sizing, lang="zh" if lang.lower().startswith("zh") else "en",
                      version=__version__,
                      created=created or dt.datetime.now().astimezone().replace(microsecond=0))
