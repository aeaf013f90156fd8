"""Capacity at the percentile SLO: analytic, simulated, and which one the plan states.

The analytic figure is the highest Poisson rate one replica serves with the P-th TTFT and TPOT
in target: the percentile-aware load model (:mod:`gpucalc.core.tail_latency`) at the mean running
batch of a birth–death occupancy, plus the P-th wait for a running slot. The simulated figure is
the highest Poisson rate the simulator keeps up with while meeting the same targets, found by
bisection with a fixed seed. When the two differ by more than the agreement tolerance, the
simulated figure wins and the stated term says why.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict

from gpucalc.core.explain import Notice, Term, template, term
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import PerfContext, build_context
from gpucalc.core.sim_metrics import SIM_SOURCE, SimulationResult
from gpucalc.core.sim_traffic import TrafficSpec
from gpucalc.core.simulate import Progress, simulate
from gpucalc.core.tail_latency import Arrivals
from gpucalc.core.translatable import QT_TRANSLATE_NOOP

FloatArray = npt.NDArray[np.float64]

AGREEMENT_TOLERANCE = 0.10  # analytic within ±10 % of the simulated capacity
BISECTION_STEPS = 7  # 2⁻⁷ of the bracket: below 1 % of the capacity
BRACKET_FACTOR = 2.0  # the simulated capacity is searched up to twice the analytic one
CAPACITY_REQUESTS = 1500  # requests per simulated rate at least: stable P95s, ~40 ms a run
MAX_CAPACITY_REQUESTS = 6000
RUN_LENGTH_PER_BATCH = 6  # requests per rate ≥ 6 × the mean running batch
CAPACITY_SEED = 0
RATE_GRID_POINTS = 40  # running-batch points of r(n), log-spaced up to the slot cap
RATE_BISECTION_STEPS = 24  # analytic capacity to 2⁻²⁴ of the saturated rate
KEEP_UP_SHARE = 0.9  # a finite run past saturation can meet a TTFT target before the queue
# has grown; while arrivals last the replica must also complete ≥ 90 % of the offered rate


class SloCapacity(BaseModel):
    """Requests/s one replica carries with the P-th TTFT and TPOT within target."""

    model_config = ConfigDict(frozen=True)

    percentile: int
    analytic: Term
    simulated: Term
    ratio: float  # analytic ÷ simulated (1 = perfect agreement)
    agrees: bool
    stated: Term  # what the plan states: analytic when they agree, otherwise simulated


def slot_cap(ctx: PerfContext) -> float:
    """Requests that can run at once: ``max_num_seqs`` and what the KV cache holds over time."""
    mix = ctx.lengths
    held = int(mix.held_tokens) if mix is not None else int(ctx.mean_input + ctx.mean_output)
    return max(min(ctx.running_cap(), ctx.capacity.concurrency_for_length(max(held, 1))), 1.0)


def service_rate_curve(ctx: PerfContext, cap: float) -> tuple[FloatArray, FloatArray]:
    """Requests/s completed with n requests running, n on a log grid from 1 to ``cap``."""
    grid = np.unique(np.round(np.geomspace(1.0, cap, RATE_GRID_POINTS)))
    rates = np.array([ctx.tail_at(float(n), Arrivals.POISSON).request_per_s for n in grid])
    return grid, np.maximum.accumulate(rates)


def occupancy(grid: FloatArray, rates: FloatArray, cap: int,
              rate: float) -> tuple[FloatArray, float, float]:
    """Birth–death occupancy of Poisson arrivals at ``rate`` served at r(n) with n running.

    π(n) ∝ Π_{k ≤ n} rate ÷ r(k) for n ≤ cap; beyond ``cap`` requests queue for a slot and the
    tail is geometric with ratio ρ = rate ÷ r(cap). Returns π(0…cap) (normalised over every
    state), the probability an arrival finds every slot taken, and ρ.
    """
    n = np.arange(1, cap + 1, dtype=np.float64)
    served = np.interp(n, grid, rates)
    log_pi = np.concatenate(([0.0], np.cumsum(np.log(rate) - np.log(served))))
    log_pi -= log_pi.max()
    pi = np.exp(log_pi)
    rho = rate / float(served[-1])
    tail = pi[-1] * rho / (1 - rho)
    total = float(pi.sum()) + tail
    return pi / total, (float(pi[-1]) + tail) / total, rho


def slot_wait_s(full_share: float, rho: float, slot_rate: float, percentile: float) -> float:
    """P-th wait (s) for a running slot: j arrivals ahead, each slot freeing at r(cap)/s."""
    tail = 1.0 - percentile / 100.0
    if full_share <= tail:
        return 0.0
    ahead = math.ceil(math.log(tail / full_share) / math.log(rho))
    return ahead / slot_rate


def _meets_at_rate(ctx: PerfContext, grid: FloatArray, rates: FloatArray, cap: int,
                   rate: float) -> tuple[bool, float]:
    """Whether Poisson traffic at ``rate`` meets the P-th targets; and the mean running batch."""
    if rate >= float(rates[-1]):
        return False, float(cap)
    pi, full, rho = occupancy(grid, rates, cap, rate)
    running = float(np.dot(np.arange(cap + 1), pi) + cap * max(1.0 - float(pi.sum()), 0.0))
    tail = ctx.tail_at(max(running, 1.0), Arrivals.POISSON)
    wait = slot_wait_s(full, rho, float(rates[-1]), ctx.percentile)
    meets = tail.tpot_s <= ctx.tpot_target_s and tail.ttft_s + wait <= ctx.ttft_target_s
    return meets, running


def analytic_slo_capacity(ctx: PerfContext) -> Term:
    """Highest Poisson rate (req/s) one replica serves with the P-th TTFT and TPOT in target.

    The replica completes r(n) requests/s with n running (the percentile-aware load model);
    Poisson arrivals make n a birth–death process whose spread grows as r(n) flattens toward
    saturation. At each rate the mean running batch gives the P-th TTFT and TPOT, and the P-th
    wait for a running slot (when every slot is taken) adds to TTFT. Bisection over the rate.
    """
    cap = int(slot_cap(ctx))
    grid, rates = service_rate_curve(ctx, float(cap))
    low, high, running = 0.0, float(rates[-1]), 0.0
    for _ in range(RATE_BISECTION_STEPS):
        mid = (low + high) / 2
        meets, batch = _meets_at_rate(ctx, grid, rates, cap, mid)
        if meets:
            low, running = mid, batch
        else:
            high = mid
    return term(
        "slo_capacity.analytic", low, "req/s",
        template(QT_TRANSLATE_NOOP(
            "Formulas", "highest Poisson rate whose P{pct} TTFT (own prefill, prefill queue, wait for a "
            "running slot) and TPOT meet the targets; running requests a birth–death process served "
            "at r(n)"), pct=ctx.percentile),
        {"percentile": ctx.percentile, "mean_running": round(running, 1), "slot_cap": cap,
         "saturated_rate": round(float(rates[-1]), 4)},
        (QT_TRANSLATE_NOOP("Sources", "seed 000: plan at P95 under the real traffic"),),
    )


def meets_slo_simulated(inputs: PlanInputs, memory: MemoryResult, rate: float,
                        requests: int = CAPACITY_REQUESTS, seed: int = CAPACITY_SEED,
                        progress: Progress | None = None) -> bool:
    """Whether one replica keeps up with a Poisson ``rate`` (req/s) and meets the P-th targets.

    ``progress`` is handed to the run (returning False cancels it, see :func:`simulate`).
    """
    targets = inputs.targets
    traffic = TrafficSpec(num_requests=requests, seed=seed, request_rate=rate)
    result = simulate(inputs, memory, traffic, progress=progress)
    return (keeps_up(result, rate)
            and result.ttft_ms.at(targets.percentile) <= targets.ttft_ms
            and result.tpot_ms.at(targets.percentile) <= targets.tpot_ms)


def keeps_up(result: SimulationResult, rate: float) -> bool:
    """Whether a finite run at ``rate`` completed requests as fast as they arrived.

    Measured while arrivals last (see ``steady_request_throughput``); a run too short to show a
    steady stretch does not count as keeping up.
    """
    steady = result.steady_request_throughput
    return steady is None or steady.value >= KEEP_UP_SHARE * rate


def simulated_slo_capacity(inputs: PlanInputs, memory: MemoryResult, guess: float,
                           requests: int = CAPACITY_REQUESTS, seed: int = CAPACITY_SEED,
                           progress: Progress | None = None) -> Term:
    """Highest Poisson rate (req/s) of one replica meeting the P-th targets in the simulator.

    Bisection between 0 and twice ``guess`` (the analytic figure), widened while the top meets
    the targets. Raises ValueError when the simulator rejects the plan (a request exceeds KV);
    every run gets ``progress``, so a caller can cancel the search between any two steps.
    """
    one = _one_replica(inputs)
    low, high = 0.0, max(guess, 1e-3) * BRACKET_FACTOR
    limit = max(guess, 1e-3) * 64
    while high < limit and meets_slo_simulated(one, memory, high, requests, seed, progress):
        low, high = high, high * BRACKET_FACTOR
    for _ in range(BISECTION_STEPS):
        mid = (low + high) / 2
        if meets_slo_simulated(one, memory, mid, requests, seed, progress):
            low = mid
        else:
            high = mid
    pct = inputs.targets.percentile
    return term(
        "slo_capacity.simulated", low, "req/s",
        template(QT_TRANSLATE_NOOP(
            "Formulas", "highest Poisson rate the simulated replica keeps up with (≥ 90 % completed "
            "while arrivals last) whose P{pct} TTFT and TPOT meet the targets (bisection)"), pct=pct),
        {"percentile": pct, "requests_per_rate": requests, "seed": seed,
         "bisection_steps": BISECTION_STEPS, "ttft_target_ms": inputs.targets.ttft_ms,
         "tpot_target_ms": inputs.targets.tpot_ms},
        (SIM_SOURCE,),
    )


def _one_replica(inputs: PlanInputs) -> PlanInputs:
    """The same inputs on exactly one replica's GPUs."""
    dep = inputs.deployment
    return inputs.model_copy(update={"deployment": dep.model_copy(
        update={"num_gpus": dep.gpus_per_replica})})


def requests_per_rate(mean_running: float) -> int:
    """Simulated requests per rate: enough to pass the ramp-up of a batch of ``mean_running``.

    A run fills its batch over about its first ``mean_running`` requests; six times that (at
    least 1,500, at most 6,000) leaves a steady stretch to judge.
    """
    return int(min(max(RUN_LENGTH_PER_BATCH * mean_running, CAPACITY_REQUESTS),
                   MAX_CAPACITY_REQUESTS))


def slo_capacity(inputs: PlanInputs, memory: MemoryResult, requests: int | None = None,
                 progress: Progress | None = None) -> SloCapacity:
    """Analytic and simulated capacity at the P-th SLO, and the one the plan states.

    ``requests`` per simulated rate: by default scaled to the batch (see requests_per_rate).
    ``progress`` is passed to every simulated run; returning False cancels the search with
    :class:`~gpucalc.core.simulate.SimulationCancelled`.
    """
    analytic = analytic_slo_capacity(build_context(inputs, memory))
    count = requests or requests_per_rate(float(analytic.inputs["mean_running"]))
    simulated = simulated_slo_capacity(inputs, memory, analytic.value, count, progress=progress)
    ratio = analytic.value / simulated.value if simulated.value > 0 else float("inf")
    agrees = abs(ratio - 1.0) <= AGREEMENT_TOLERANCE
    pct = inputs.targets.percentile
    if agrees:
        stated = term("slo_capacity", analytic.value, "req/s",
                      template(QT_TRANSLATE_NOOP(
                          "Formulas", "analytic capacity at the P{pct} SLO (the simulator agrees within "
                          "10 %)"), pct=pct),
                      {"analytic": round(analytic.value, 4), "simulated": round(simulated.value, 4),
                       "ratio": round(ratio, 3)}, analytic.sources + simulated.sources)
    else:
        stated = term("slo_capacity", simulated.value, "req/s",
                      template(QT_TRANSLATE_NOOP(
                          "Formulas", "simulated capacity at the P{pct} SLO: the analytic figure differs "
                          "by more than 10 % (queueing, preemption or length mix the closed form "
                          "misses), so the simulated one is stated"), pct=pct),
                      {"analytic": round(analytic.value, 4), "simulated": round(simulated.value, 4),
                       "ratio": round(ratio, 3)}, simulated.sources)
    return SloCapacity(percentile=pct, analytic=analytic, simulated=simulated, ratio=ratio,
                       agrees=agrees, stated=stated)


def offered_load_notice(inputs: PlanInputs, memory: MemoryResult, offered_rate: float,
                        replicas: int) -> Notice | None:
    """A notice when ``offered_rate`` (req/s over ``replicas``) exceeds the capacity at the SLO.

    Past that rate the queue in front of the prefill grows without bound, so the share of
    requests meeting the targets (goodput) collapses rather than degrading gently.
    """
    per_replica = analytic_slo_capacity(build_context(inputs, memory)).value
    capacity = per_replica * max(replicas, 1)
    if offered_rate <= capacity:
        return None
    return Notice(code="offered_exceeds_capacity",
                  params={"offered": f"{offered_rate:.3g}", "capacity": f"{capacity:.3g}",
                          "percentile": inputs.targets.percentile, "replicas": max(replicas, 1)})
