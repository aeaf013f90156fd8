"""Capacity at the percentile SLO: analytic, simulated, and which one the plan states.

The analytic figure is the answer's rate capacity (:func:`gpucalc.core.capacity.engine_answer.rate_capacity`)
on one DP rank: the highest Poisson rate whose P-th TTFT and TPOT meet the targets in the
steady-state load model (:mod:`gpucalc.core.capacity.tail_latency`). The simulated figure is
the highest Poisson rate the simulator keeps up with while meeting the same targets, found by
bisection with a fixed seed. When the two differ by more than the agreement tolerance, the
simulated figure wins and the stated term says why.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.engine_answer import engine_rate_capacity
from gpucalc.core.common.explain import Notice, Term, template, term
from gpucalc.core.common.revise import revised
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.metrics import SIM_SOURCE, SimulationResult
from gpucalc.core.simulation.simulate import Progress, simulate
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import PlanInputs

AGREEMENT_TOLERANCE = 0.10  # analytic within ±10 % of the simulated capacity
BISECTION_STEPS = 7  # 2⁻⁷ of the bracket: below 1 % of the capacity
BRACKET_FACTOR = 2.0  # the simulated capacity is searched up to twice the analytic one
CAPACITY_REQUESTS = 1500  # requests per simulated rate at least: stable P95s, ~40 ms a run
MAX_CAPACITY_REQUESTS = 6000
RUN_LENGTH_PER_BATCH = 6  # requests per rate ≥ 6 × the mean running batch
CAPACITY_SEED = 0
KEEP_UP_SHARE = 0.9  # a finite run past saturation can meet a TTFT target before the queue
# has grown; while arrivals last the replica must also complete ≥ 90 % of the offered rate


class SloCapacity(BaseModel):
    """Requests/s one replica carries with the P-th TTFT and TPOT within target."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    percentile: int
    analytic: Term
    simulated: Term
    ratio: float  # analytic ÷ simulated (1 = perfect agreement)
    agrees: bool
    stated: Term  # what the plan states: analytic when they agree, otherwise simulated


def analytic_slo_capacity(inputs: PlanInputs, memory: MemoryResult) -> Term:
    """The answer's rate capacity for one simulated replica (one DP rank): req/s at the P-th targets.

    The same figure the headline states (:func:`gpucalc.core.capacity.engine_answer.rate_capacity`), divided
    over the DP ranks of an engine, because the simulator runs one attention group.
    """
    rate = engine_rate_capacity(inputs, memory)
    running = float(rate.requests_per_s.inputs.get("running_per_dp_rank", 1.0) or 1.0)
    return term(
        "slo_capacity.analytic", rate.requests_per_s_per_dp_rank, "req/s",
        template(QT_TRANSLATE_NOOP(
            "Formulas", "the rate capacity of the answer on one DP rank: the highest Poisson rate whose "
            "P{pct} TTFT and TPOT meet the targets"), pct=rate.percentile),
        {"percentile": rate.percentile, "rate_capacity": round(rate.requests_per_s.value, 4),
         "dp_ranks": rate.dp_ranks, "mean_running": round(running, 1)},
        rate.requests_per_s.sources,
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
    return revised(inputs, deployment=revised(dep, num_gpus=dep.gpus_per_replica))


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
    :class:`~gpucalc.core.simulation.simulate.SimulationCancelled`.
    """
    analytic = analytic_slo_capacity(inputs, memory)
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
    per_replica = analytic_slo_capacity(inputs, memory).value
    capacity = per_replica * max(replicas, 1)
    if offered_rate <= capacity:
        return None
    return Notice(code="offered_exceeds_capacity",
                  params={"offered": f"{offered_rate:.3g}", "capacity": f"{capacity:.3g}",
                          "percentile": inputs.targets.percentile, "replicas": max(replicas, 1)})
