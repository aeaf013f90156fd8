"""Simulation as one job: a run at one load, a request-rate sweep and the capacity at the SLO.

The window's Simulate tab, ``gpucalc simulate`` and the report's simulated rate sweep all run
their simulation here, so the rates swept (evenly up to a little past the analytic saturation),
the percentile judged and the offered-load notice are the same for the same scenario.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.common.explain import Notice
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.capacity import SloCapacity, offered_load_notice, slo_capacity
from gpucalc.core.simulation.metrics import SimulationResult
from gpucalc.core.simulation.simulate import SimulationCancelled, simulate
from gpucalc.core.simulation.sweep import (
    SWEEP_TOP_OF_SATURATION,
    RateSweep,
    rates_up_to,
    saturation_rate,
    simulate_rate_sweep,
)
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import PlanInputs

Progress = Callable[[float], bool]
"""Called with the share of the job done; returning False cancels it."""

SINGLE_RUN_SHARE = 0.2
"""The share of the progress a run at one load takes when a sweep follows it."""


class SimulationOutcome(BaseModel):
    """What one simulation job produces: each part is None when the job did not ask for it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    run: SimulationResult | None = Field(default=None, description="The run at the chosen load.")
    sweep: RateSweep | None = Field(default=None, description="The request-rate sweep.")
    saturation_rate: float | None = Field(
        default=None, description="Analytic saturated requests/s of the replicas the sweep runs on.")
    notices: tuple[Notice, ...] = Field(
        default=(), description="E.g. the offered rate exceeds the capacity at the SLO.")
    capacity: SloCapacity | None = Field(
        default=None, description="One replica at the SLO percentile, analytic against simulated.")


@dataclass(frozen=True, slots=True)
class SimulationJob:
    """One simulation of a plan: which parts to run and at which load.

    ``sweep_rates`` sweeps those rates; otherwise ``sweep_points`` rates evenly spaced up to
    :data:`SWEEP_TOP_OF_SATURATION` × the analytic saturation; neither: no sweep.
    """

    inputs: PlanInputs
    memory: MemoryResult
    traffic: TrafficSpec
    percentile: float = 95.0
    lengths: tuple[tuple[int, int], ...] | None = None
    single_run: bool = True
    sweep_rates: tuple[float, ...] | None = None
    sweep_points: int | None = None
    capacity: bool = False

    def run(self, progress: Progress | None = None) -> SimulationOutcome:
        """Simulate the parts asked for; ValueError when the simulator refuses the plan.

        ``progress`` follows the run and the sweep; returning False cancels with
        :class:`SimulationCancelled` (the capacity search checks it too).
        """
        sweeping = self.sweep_rates is not None or self.sweep_points is not None
        run_share = SINGLE_RUN_SHARE if sweeping else 1.0
        run = None
        if self.single_run:
            run = simulate(self.inputs, self.memory, self.traffic, self.lengths,
                           progress=_stage(progress, 0.0, run_share))
        saturation, sweep = None, None
        if sweeping:
            rates, saturation = self._rates()
            start = run_share if self.single_run else 0.0
            sweep = simulate_rate_sweep(self.inputs, self.memory, rates, self.traffic, self.lengths,
                                        self.percentile, progress=_stage(progress, start, 1.0 - start))
        if progress is not None and not progress(1.0):
            raise SimulationCancelled
        capacity = None
        if self.capacity:
            capacity = slo_capacity(self.inputs, self.memory, progress=None if progress is None
                                    else lambda _fraction: progress(1.0))
        return SimulationOutcome(run=run, sweep=sweep, saturation_rate=saturation,
                                 notices=self._notices(), capacity=capacity)

    def _rates(self) -> tuple[Sequence[float], float | None]:
        """The rates to sweep and, when they follow from it, the analytic saturation."""
        if self.sweep_rates is not None:
            return self.sweep_rates, None
        saturation = saturation_rate(self.inputs, self.memory, self.traffic.replicas)
        if not saturation > 0:
            raise ValueError("nothing completes in the load model, so there is no rate to sweep")
        return rates_up_to(saturation * SWEEP_TOP_OF_SATURATION, self.sweep_points or 1), saturation

    def _notices(self) -> tuple[Notice, ...]:
        """The offered-load notice of a run at a finite request rate."""
        rate = self.traffic.request_rate
        if not self.single_run or rate is None or not math.isfinite(rate):
            return ()
        notice = offered_load_notice(self.inputs, self.memory, rate, self.traffic.replicas)
        return (notice,) if notice else ()


def _stage(progress: Progress | None, start: float, share: float) -> Progress | None:
    """``progress`` for a stage that covers ``share`` of the job from ``start``."""
    if progress is None:
        return None
    return lambda fraction: progress(start + share * fraction)


__all__ = ["SINGLE_RUN_SHARE", "SimulationJob", "SimulationOutcome"]
