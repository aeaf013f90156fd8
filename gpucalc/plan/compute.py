"""The plan: every figure a view shows, computed once from a scenario. No Qt.

The window, the PDF and CSV reports and the command line all read a :class:`Plan`, so the
answer, the context sweep, the per-card grid, sizing, the bands and the simulation summary come
from one calculation with one sweep resolution.
"""

from __future__ import annotations

import time

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_scenario
from gpucalc.core.capacity.calculate import LoadRequest, Result, calculate
from gpucalc.core.capacity.figure_band import FigureBand
from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.capacity.sweep import ContextSweep, GridCell, context_sweep, per_card_grid
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.sensitivity import Sensitivity, evaluate_uncertainty
from gpucalc.core.fleet.sizing import FastestLayout, SizingRow, fastest_layout
from gpucalc.core.fleet.uncertainty import Bands
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.topology import NodeSummary, node_summary
from gpucalc.core.simulation.capacity import SloCapacity
from gpucalc.core.simulation.sweep import RateSweep
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.disaggregation import plan_disaggregation
from gpucalc.plan.figure_bands import headline_bands
from gpucalc.plan.fleet import plan_fleet
from gpucalc.plan.simulation_job import SimulationJob
from gpucalc.plan.sizing_job import own_gpu_job, sizing_job

SWEEP_POINTS = 128  # context points of the sweep every view shows
SIM_RATES = 8  # simulated request rates, evenly spaced up to a little past saturation
SIM_REQUESTS_PER_RATE = 600  # enough for stable P95s at a few tens of ms per rate
SIM_SEED = 0  # fixed: the same plan gives the same simulated numbers everywhere


class PlanOptions(BaseModel):
    """What to compute beyond the answer (the costly parts are opt-in)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    load: LoadRequest | None = Field(default=None, description="Where to evaluate latency.")
    sweep_points: int = Field(default=SWEEP_POINTS, ge=2, le=4096)
    views: bool = Field(default=True, description="The context sweep and the per-card grid.")
    uncertainty: bool = True
    sizing: bool = Field(default=False, description="Every GPU × precision × TP that meets the SLO.")
    simulation: bool = Field(default=False, description="A fixed-seed simulated rate sweep.")


class PlanSimulation(BaseModel):
    """A simulated request-rate sweep of one replica of the plan and how it was run."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    sweep: RateSweep
    saturation_rate: float = Field(description="Analytic saturated requests/s of one replica.")
    requests_per_rate: int
    seed: int
    slo_capacity: SloCapacity | None = Field(
        default=None, description="Analytic vs simulated capacity at the percentile SLO.")


class Plan(BaseModel):
    """The scenario, its resolved inputs and every result computed from them."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    scenario: Scenario
    inputs: PlanInputs
    result: Result
    sweep: ContextSweep | None = Field(
        default=None, description="None when the model does not fit or the views were not asked for.")
    grid: tuple[GridCell, ...] = ()
    bands: Bands | None = None
    sensitivity: Sensitivity | None = None
    sizing: tuple[SizingRow, ...] = Field(default=(), description="Options meeting the SLO, cheapest first.")
    simulation: PlanSimulation | None = None
    fleet: FleetVerdict | None = Field(
        default=None, description="Whether the deployment carries the QPS; None when it cannot serve.")
    elapsed_ms: float = 0.0
    disaggregated: DisaggregatedPlan | None = Field(
        default=None, description="Prefill and decode pools; None when not disaggregated.")
    alternatives: tuple[SizingRow, ...] = Field(
        default=(), description="When the deployment carries no request at the targets: the layouts "
                                "the sizing search finds that do, cheapest first.")
    figure_bands: tuple[FigureBand, ...] = Field(
        default=(), description="The headline figures' 80 % bands, sized from the residuals of the "
                                "plan's regime (gpucalc/validation/bands.py).")
    fastest: FastestLayout | None = Field(
        default=None, description="When neither the deployment nor any alternative meets the targets: "
                                  "the layout of this GPU closest to them.")

    @property
    def memory(self) -> MemoryResult:
        """The memory picture."""
        return self.result.memory

    @property
    def performance(self) -> PerformanceResult | None:
        """Ceilings, recommendation and latency; None when the model does not fit."""
        return self.result.performance

    @property
    def nodes(self) -> NodeSummary:
        """The nodes the GPUs sit in, the network between them and what crosses it."""
        return node_summary(self.inputs)


def sizing_rows(catalog: Catalog, inputs: PlanInputs) -> tuple[SizingRow, ...]:
    """Fleet options over every catalog GPU and the grid's precision tiers, cheapest first.

    Empty without a QPS: there is no traffic to size for.
    """
    job = sizing_job(catalog, inputs)
    return () if job is None else job.run()


def alternative_layouts(inputs: PlanInputs, perf: PerformanceResult,
                        sizing: tuple[SizingRow, ...]) -> tuple[SizingRow, ...]:
    """When the deployment carries no request at the targets: the layouts that do.

    The same search as sizing, over the deployment's GPU with its precision (every TP in a
    node, DP + EP for MoE, pipeline stages across nodes), cheapest first; when none of them
    meets the targets, the catalog-wide ``sizing`` rows (when they were asked for). Sized for
    the workload's QPS, or for one replica when none was given. Empty when the deployment
    itself serves.
    """
    if perf.recommended_concurrency.value >= 1 and perf.rates.requests_per_s_planned > 0:
        return ()
    return own_gpu_job(inputs).run() or sizing


def simulate_plan(inputs: PlanInputs, memory: MemoryResult) -> PlanSimulation | None:
    """Simulated rate sweep and capacity at the percentile SLO of one replica (fixed seed).

    Poisson rates up to 1.25× the analytic saturation; the capacity compares the analytic
    figure with a bisection in the simulator.

    None when the replica holds no KV cache, completes nothing, or the simulator rejects the
    plan.
    """
    if not memory.fits or memory.kv_cache_tokens.value <= 0:
        return None
    job = SimulationJob(inputs=inputs, memory=memory,
                        traffic=TrafficSpec(num_requests=SIM_REQUESTS_PER_RATE, seed=SIM_SEED),
                        percentile=float(inputs.targets.percentile), single_run=False,
                        sweep_points=SIM_RATES, capacity=True)
    try:
        outcome = job.run()
    except ValueError:
        return None
    if outcome.sweep is None or outcome.saturation_rate is None or outcome.capacity is None:
        return None
    return PlanSimulation(sweep=outcome.sweep, saturation_rate=outcome.saturation_rate,
                          requests_per_rate=SIM_REQUESTS_PER_RATE, seed=SIM_SEED,
                          slo_capacity=outcome.capacity)


def plan_inputs(catalog: Catalog, scenario: Scenario, inputs: PlanInputs,
                options: PlanOptions | None = None) -> Plan:
    """Compute the plan of ``scenario`` whose ``inputs`` are already resolved."""
    start = time.perf_counter()
    options = options or PlanOptions()
    result = calculate(inputs, options.load)
    if result.performance is None:
        return Plan(scenario=scenario, inputs=inputs, result=result,
                    figure_bands=headline_bands(inputs, result.memory, None, None),
                    elapsed_ms=(time.perf_counter() - start) * 1000.0)
    bands, sensitivity = evaluate_uncertainty(inputs) if options.uncertainty else (None, None)
    sizing = sizing_rows(catalog, inputs) if options.sizing else ()
    alternatives = alternative_layouts(inputs, result.performance, sizing)
    unserved = result.performance.unreachable is not None
    fastest = fastest_layout(inputs) if unserved and not alternatives else None
    fleet = plan_fleet(inputs, result.performance)
    return Plan(
        scenario=scenario, inputs=inputs, result=result,
        sweep=context_sweep(inputs, count=options.sweep_points) if options.views else None,
        grid=tuple(per_card_grid(inputs, precision_tiers(catalog))) if options.views else (),
        bands=bands, sensitivity=sensitivity,
        sizing=sizing,
        simulation=simulate_plan(inputs, result.memory) if options.simulation else None,
        fleet=fleet,
        figure_bands=headline_bands(inputs, result.memory, result.performance, fleet),
        alternatives=alternatives,
        fastest=fastest,
        disaggregated=plan_disaggregation(inputs),
        elapsed_ms=(time.perf_counter() - start) * 1000.0,
    )


def compute_plan(catalog: Catalog, scenario: Scenario, options: PlanOptions | None = None) -> Plan:
    """Resolve ``scenario`` against ``catalog`` and compute its plan."""
    return plan_inputs(catalog, scenario, resolve_scenario(catalog, scenario), options)
