"""Everything a report or a CSV export shows: the plan, with the language and the date. No Qt.

The PDF writer and the CSV writers both read a :class:`ReportData`, whose numbers are those of
the :class:`~gpucalc.plan.compute.Plan` the window and the command line show.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from gpucalc import __version__
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import Result
from gpucalc.core.capacity.sweep import ContextSweep, GridCell
from gpucalc.core.fleet.sensitivity import Sensitivity
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.core.fleet.uncertainty import Bands
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import Plan, PlanOptions, PlanSimulation, compute_plan

SIZING_ROWS_SHOWN = 15
REPORT_OPTIONS = PlanOptions(sizing=True, simulation=True)


class ReportData(BaseModel):
    """The plan and how the report presents it (language, version, date)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    plan: Plan
    lang: str
    version: str
    created: dt.datetime

    @property
    def scenario(self) -> Scenario:
        """The scenario the plan was computed from."""
        return self.plan.scenario

    @property
    def inputs(self) -> PlanInputs:
        """The resolved inputs."""
        return self.plan.inputs

    @property
    def result(self) -> Result:
        """Memory and performance."""
        return self.plan.result

    @property
    def sweep(self) -> ContextSweep | None:
        """The context sweep (None when the model does not fit)."""
        return self.plan.sweep

    @property
    def grid(self) -> tuple[GridCell, ...]:
        """Seed 001's per-card grid."""
        return self.plan.grid

    @property
    def sizing(self) -> tuple[SizingRow, ...]:
        """Every option that meets the SLO, cheapest first."""
        return self.plan.sizing

    @property
    def bands(self) -> Bands | None:
        """Low / expected / high of the key results."""
        return self.plan.bands

    @property
    def sensitivity(self) -> Sensitivity | None:
        """The sensitivity ranking."""
        return self.plan.sensitivity

    @property
    def simulation(self) -> PlanSimulation | None:
        """The simulated rate sweep."""
        return self.plan.simulation


class ReportSummary(BaseModel):
    """What :func:`gpucalc.report.write_report` wrote, for a status line or a test."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    path: Path
    pages: int
    size_bytes: int
    lang: str
    sections: tuple[str, ...]
    fits: bool


def report_data(plan: Plan, lang: str = "en", created: dt.datetime | None = None) -> ReportData:
    """Present ``plan`` in ``lang`` ('en' or 'zh'), dated ``created`` (now by default)."""
    return ReportData(plan=plan, lang="zh" if lang.lower().startswith("zh") else "en",
                      version=__version__,
                      created=created or dt.datetime.now().astimezone().replace(microsecond=0))


def build_report(scenario: Scenario, catalog: Catalog, lang: str = "en",
                 created: dt.datetime | None = None) -> ReportData:
    """Compute the plan of ``scenario`` with sizing and the simulation, for a report."""
    return report_data(compute_plan(catalog, scenario, REPORT_OPTIONS), lang, created)
