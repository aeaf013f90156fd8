"""Capacity at the percentile SLO: analytic, simulated, and which one the plan states.

The analytic figure is the request rate of one replica at its percentile-aware compute ceiling
(:mod:`gpucalc.core.tail_latency`). The simulated figure is the highest Poisson rate whose P-th
TTFT and TPOT meet the targets in the simulator, found by bisection with a fixed seed. When the
two differ by more than the agreement tolerance, the simulated figure wins and the term says why.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.explain import Term, term
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import PerfContext, build_context, largest_satisfying
from gpucalc.core.sim_metrics import SIM_SOURCE
from gpucalc.core.sim_traffic import TrafficSpec
from gpucalc.core.simulate import simulate

AGREEMENT_TOLERANCE = 0.10  # analytic within ±10 % of the simulated capacity
BISECTION_STEPS = 7  # 2⁻⁷ of the bracket: below 1 % of the capacity
BRACKET_FACTOR = 2.0  # the simulated capacity is searched up to twice the analytic one
CAPACITY_REQUESTS = 1500  # requests per simulated rate: stable P95s, ~40 ms a run
CAPACITY_SEED = 0


class SloCapacity(BaseModel):
    """Requests/s one replica carries with the P-th TTFT and TPOT within target."""

    model_config = ConfigDict(frozen=True)

    percentile: int
    analytic: Term
    simulated: Term
    ratio: float  # analytic ÷ simulated (1 = perfect agreement)
    agrees: bool
    stated: Term  # what the plan states: analytic when they agree, otherwise simulated


def analytic_slo_capacity(ctx: PerfContext) -> Term:
    """Request rate (req/s) of one replica at its percentile-aware latency ceiling.

    The batch is also held below what the KV cache holds on average over time.
    """
    mix = ctx.lengths
    held = int(mix.held_tokens) if mix is not None else int(ctx.mean_input + ctx.mean_output)
    cap = min(ctx.running_cap(), ctx.capacity.concurrency_for_length(max(held, 1)))
    running = largest_satisfying(lambda n: n <= cap and ctx.meets_percentile(n))
    tail = ctx.tail_at(max(running, 1))
    rate = tail.request_per_s if running else 0.0
    return term(
        "slo_capacity.analytic", rate, "req/s",
        f"running N ÷ (own prefill + ½ step + output × mean step) at the largest N whose "
        f"P{ctx.percentile} TTFT and TPOT meet the targets",
        {"percentile": ctx.percentile, "running": running, "kv_running_cap": round(cap, 1),
         "held_tokens_per_request": held},
        ("seed 000: plan at P95 under the real traffic",),
    )


def meets_slo_simulated(inputs: PlanInputs, memory: MemoryResult, rate: float,
                        requests: int = CAPACITY_REQUESTS, seed: int = CAPACITY_SEED) -> bool:
    """Whether one replica meets the P-th TTFT and TPOT at a Poisson ``rate`` (req/s)."""
    targets = inputs.targets
    traffic = TrafficSpec(num_requests=requests, seed=seed, request_rate=rate)
    result = simulate(inputs, memory, traffic)
    return (result.ttft_ms.at(targets.percentile) <= targets.ttft_ms
            and result.tpot_ms.at(targets.percentile) <= targets.tpot_ms)


def simulated_slo_capacity(inputs: PlanInputs, memory: MemoryResult, guess: float,
                           requests: int = CAPACITY_REQUESTS, seed: int = CAPACITY_SEED) -> Term:
    """Highest Poisson rate (req/s) of one replica meeting the P-th targets in the simulator.

    Bisection between 0 and twice ``guess`` (the analytic figure), widened while the top meets
    the targets. Raises ValueError when the simulator rejects the plan (a request exceeds KV).
    """
    one = _one_replica(inputs)
    low, high = 0.0, max(guess, 1e-3) * BRACKET_FACTOR
    limit = max(guess, 1e-3) * 64
    while high < limit and meets_slo_simulated(one, memory, high, requests, seed):
        low, high = high, high * BRACKET_FACTOR
    for _ in range(BISECTION_STEPS):
        mid = (low + high) / 2
        if meets_slo_simulated(one, memory, mid, requests, seed):
            low = mid
        else:
            high = mid
    pct = inputs.targets.percentile
    return term(
        "slo_capacity.simulated", low, "req/s",
        f"highest Poisson rate whose simulated P{pct} TTFT and TPOT meet the targets (bisection)",
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


def slo_capacity(inputs: PlanInputs, memory: MemoryResult,
                 requests: int = CAPACITY_REQUESTS) -> SloCapacity:
    """Analytic and simulated capacity at the P-th SLO, and the one the plan states."""
    analytic = analytic_slo_capacity(build_context(inputs, memory))
    simulated = simulated_slo_capacity(inputs, memory, analytic.value, requests)
    ratio = analytic.value / simulated.value if simulated.value > 0 else float("inf")
    agrees = abs(ratio - 1.0) <= AGREEMENT_TOLERANCE
    pct = inputs.targets.percentile
    if agrees:
        stated = term("slo_capacity", analytic.value, "req/s",
                      f"analytic capacity at the P{pct} SLO (the simulator agrees within 10 %)",
                      {"analytic": round(analytic.value, 4), "simulated": round(simulated.value, 4),
                       "ratio": round(ratio, 3)}, analytic.sources + simulated.sources)
    else:
        stated = term("slo_capacity", simulated.value, "req/s",
                      f"simulated capacity at the P{pct} SLO: the analytic figure differs by more "
                      "than 10 % (queueing, preemption or length mix the closed form misses), so "
                      "the simulated one is stated",
                      {"analytic": round(analytic.value, 4), "simulated": round(simulated.value, 4),
                       "ratio": round(ratio, 3)}, simulated.sources)
    return SloCapacity(percentile=pct, analytic=analytic, simulated=simulated, ratio=ratio,
                       agrees=agrees, stated=stated)
