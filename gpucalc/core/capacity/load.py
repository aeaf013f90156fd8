"""Continuous batching under load: TTFT, TPOT and throughput at a concurrency or request rate.

Closed loop (N clients, as ``--max-concurrency`` benchmarks run): at most ``running`` of them
hold KV at once (memory and ``max_num_seqs`` caps); the rest queue. Each step decodes one
token for every running request and spends the leftover token budget on prefill (chunked
prefill), so prompts slow decode down and decodes slow prompts down.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from gpucalc.core.capacity.tail_latency import (
    Arrivals,
    LengthMix,
    QueueMeans,
    SteadySteps,
    queue_means,
    single_length,
    steady_steps,
)
from gpucalc.core.step.ops import ARRAY, SCALAR
from gpucalc.core.step.step_model import FloatArray, StepModel


@dataclass(frozen=True, slots=True)
class LoadShape:
    """What the load model needs besides the step model."""

    mean_input: float
    mean_output: float
    token_budget: int  # max_num_batched_tokens
    running_cap: float  # min(KV capacity in requests at mean length, max_num_seqs)


@dataclass(frozen=True, slots=True)
class OperatingPoint:
    """Latency and throughput at one load."""

    concurrency: float  # open requests (running + queued)
    running: float  # requests inside the batch
    ttft_s: float
    tpot_s: float  # mean time between output tokens, incl. prefill interference
    itl_decode_s: float  # a decode-only step (median inter-token latency)
    output_tok_s: float
    request_per_s: float
    step_s: float


def prefill_demand(running: float, mean_input: float, mean_output: float) -> float:
    """Prompt tokens per step that keep ``running`` requests fed.

    Each request finishes after ``mean_output`` steps and is replaced by a ``mean_input``-token
    prompt.
    """
    return running * mean_input / max(mean_output, 1.0)


def prefill_per_step(running: float, mean_input: float, mean_output: float,
                     token_budget: float) -> float:
    """Prompt tokens one step actually prefills: the demand, within the budget left by decodes."""
    return min(prefill_demand(running, mean_input, mean_output),
               max(token_budget - running, 0.0))


def closed_loop(model: StepModel, shape: LoadShape, concurrency: float,
                mix: LengthMix | None = None) -> OperatingPoint:
    """Operating point with ``concurrency`` clients each keeping one request open.

    At most ``running_cap`` of them run (memory and ``max_num_seqs`` caps); the others queue for
    a slot, one freeing per completion. The running ones follow the closed loop's steady state
    (:func:`gpucalc.core.capacity.tail_latency.steady_steps`, means): ``mix`` is the length mix (the
    shape's mean lengths when None).
    """
    running = max(min(concurrency, shape.running_cap), 0.0)
    if running <= 0:
        return OperatingPoint(concurrency, 0.0, math.inf, math.inf, math.inf, 0.0, 0.0, math.inf)
    mix = mix or single_length(shape.mean_input, shape.mean_output)
    steps = steady_steps(SCALAR, model, mix, shape.token_budget, running,
                         Arrivals.CLOSED_LOOP)
    queue = queue_means(SCALAR, model, mix, steps, Arrivals.CLOSED_LOOP)
    rate = queue.rate
    wait = max(concurrency - running, 0.0) / rate if rate > 0 else math.inf
    return OperatingPoint(
        concurrency=concurrency, running=running, ttft_s=wait + queue.mean_ttft_s,
        tpot_s=steps.tpot_s, itl_decode_s=steps.decode_s, output_tok_s=rate * mix.mean_output,
        request_per_s=rate, step_s=steps.mean_step_s,
    )


def closed_loop_curve(model: StepModel, shape: LoadShape, concurrency: FloatArray,
                      mix: LengthMix | None = None) -> tuple[FloatArray, FloatArray, FloatArray]:
    """TTFT (s), TPOT (s) and output tokens/s of :func:`closed_loop` at each concurrency.

    The same formulas evaluated on arrays (a load curve at once).
    """
    mix = mix or single_length(shape.mean_input, shape.mean_output)
    count = len(concurrency)
    running = np.maximum(np.minimum(concurrency, shape.running_cap), 0.0)
    runs = running > 0
    rows = mix.rows(count)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        safe = np.where(runs, running, 1.0)
        steps = steady_steps(ARRAY, model, rows, shape.token_budget, safe, Arrivals.CLOSED_LOOP)
        queue = queue_means(ARRAY, model, rows, steps, Arrivals.CLOSED_LOOP)
        rate = queue.rate
        wait = np.where(rate > 0, np.maximum(concurrency - running, 0.0) / rate, math.inf)
    return (np.where(runs, wait + queue.mean_ttft_s, math.inf), np.where(runs, steps.tpot_s, math.inf),
            np.where(runs, rate * mix.mean_output, 0.0))


def max_request_rate(model: StepModel, shape: LoadShape) -> OperatingPoint:
    """The saturated point: the batch as full as memory and the scheduler allow."""
    return closed_loop(model, shape, shape.running_cap)


def finite_run_shape(shape: LoadShape, num_requests: int | None) -> LoadShape:
    """The load shape of a run of ``num_requests`` prompts: the batch never exceeds them."""
    if not num_requests or num_requests >= shape.running_cap:
        return shape
    return dataclasses.replace(shape, running_cap=float(num_requests))


def open_loop(model: StepModel, shape: LoadShape, rate_per_s: float,
              num_requests: int | None = None) -> OperatingPoint:
    """Operating point at a Poisson arrival rate (requests/s).

    Little's law fixes the running batch: N = rate × (TTFT + output × TPOT). Near saturation a
    queue forms in front of admission (M/D/1-style wait on the prefill service); past it, a run
    of ``num_requests`` requests queues linearly and the mean wait is half the backlog. A finite
    run holds at most ``num_requests`` at once, and its throughput counts the drain of the last
    request after the arrivals stop.
    """
    shape = finite_run_shape(shape, num_requests)
    saturated = max_request_rate(model, shape)
    if saturated.request_per_s <= 0:  # nothing completes: unbounded latencies, no throughput
        return saturated
    if math.isinf(rate_per_s) and num_requests:
        return burst(model, shape, num_requests, saturated)
    if rate_per_s >= saturated.request_per_s or math.isinf(rate_per_s):
        backlog = 0.0
        if num_requests:
            offered = math.inf if math.isinf(rate_per_s) else rate_per_s
            backlog = num_requests / 2 * (1 / saturated.request_per_s - 1 / offered)
            backlog -= saturated.running / 2 / saturated.request_per_s
        request_rate = saturated_run_request_rate(saturated, rate_per_s, num_requests,
                                                  shape.mean_output)
        return OperatingPoint(
            concurrency=saturated.running + max(backlog, 0.0) * saturated.request_per_s,
            running=saturated.running, ttft_s=saturated.ttft_s + max(backlog, 0.0),
            tpot_s=saturated.tpot_s, itl_decode_s=saturated.itl_decode_s,
            output_tok_s=request_rate * shape.mean_output, request_per_s=request_rate,
            step_s=saturated.step_s,
        )
    point = poisson_point(model, shape, rate_per_s, saturated.running)
    ttft = point.ttft_s
    request_rate = finite_run_request_rate(rate_per_s, num_requests,
                                           ttft + shape.mean_output * point.tpot_s)
    return OperatingPoint(
        concurrency=point.concurrency, running=point.running, ttft_s=ttft, tpot_s=point.tpot_s,
        itl_decode_s=point.itl_decode_s, output_tok_s=request_rate * shape.mean_output,
        request_per_s=request_rate, step_s=point.step_s,
    )


def poisson_point(model: StepModel, shape: LoadShape, rate_per_s: float, cap: float,
                  mix: LengthMix | None = None) -> OperatingPoint:
    """The Poisson steady state at ``rate_per_s`` below saturation (means).

    The running batch is the one whose Poisson rate (:func:`gpucalc.core.capacity.tail_latency.
    queue_means`) is the offered rate, found by bisection up to ``cap``; TTFT is the half step
    in progress, the mean prefill-queue wait and the prompt's own chunks.
    """
    mix = mix or single_length(shape.mean_input, shape.mean_output)

    def steady(running: float) -> tuple[SteadySteps[float], QueueMeans[float]]:
        steps = steady_steps(SCALAR, model, mix, shape.token_budget, running,
                             Arrivals.POISSON)
        return steps, queue_means(SCALAR, model, mix, steps, Arrivals.POISSON)

    low, high = 0.0, cap
    for _ in range(RATE_BISECTION_STEPS):
        mid = (low + high) / 2
        if steady(max(mid, 1e-9))[1].rate < rate_per_s:
            low = mid
        else:
            high = mid
    steps, queue = steady(max(high, 1e-9))
    in_flight = rate_per_s * (queue.mean_ttft_s + (mix.mean_output - 1.0) * steps.tpot_s)
    return OperatingPoint(
        concurrency=in_flight, running=high, ttft_s=queue.mean_ttft_s, tpot_s=steps.tpot_s,
        itl_decode_s=steps.decode_s, output_tok_s=rate_per_s * mix.mean_output,
        request_per_s=rate_per_s, step_s=steps.mean_step_s)


RATE_BISECTION_STEPS = 40


def finite_run_request_rate(rate_per_s: float, num_requests: int | None, latency_s: float) -> float:
    """Finished requests/s of a run: N ÷ (N ÷ rate + the last request's latency), in req/s.

    An endless run (``num_requests`` None) finishes requests as fast as they arrive.
    """
    if not num_requests:
        return rate_per_s
    return num_requests / (num_requests / rate_per_s + latency_s)


def saturated_run_request_rate(saturated: OperatingPoint, rate_per_s: float,
                               num_requests: int | None, mean_output: float) -> float:
    """Finished requests/s of a run offered at or above saturation, in req/s.

    The run ends when the last arrival has finished (N ÷ rate + one request's latency) or when
    the saturated batch has worked through all N after filling up (N ÷ saturated rate + batch ÷
    rate), whichever is later; an endless run finishes at the saturated rate.
    """
    if not num_requests or math.isinf(rate_per_s):
        return saturated.request_per_s
    latency = saturated.ttft_s + mean_output * saturated.tpot_s
    seconds = max(num_requests / rate_per_s + latency,
                  num_requests / saturated.request_per_s + saturated.running / rate_per_s)
    return num_requests / seconds


def prefill_seconds(model: StepModel, shape: LoadShape, prompts: float) -> float:
    """Seconds to prefill ``prompts`` mean-length prompts at the token budget (no decodes)."""
    tokens = prompts * shape.mean_input
    budget = float(shape.token_budget)
    chunk = min(tokens, budget)
    if chunk <= 0:
        return 0.0
    return tokens / chunk * model.step_seconds(0.0, chunk, 0.0, prefill_context=shape.mean_input / 2)


def burst(model: StepModel, shape: LoadShape, num_requests: int,
          saturated: OperatingPoint | None = None) -> OperatingPoint:
    """All ``num_requests`` arrive at once (max-throughput benchmarks): latencies in seconds.

    The first wave (at most the running cap) is prefilled at the full token budget, each prompt
    ready on average halfway through it (and its early members wait through the rest of it
    between their first and second token), and then decodes together; requests beyond the batch
    wait for slots to free up and run at the saturated TPOT (the mean TPOT weighs both groups).
    Throughput is the run's: all output tokens ÷ (first wave's prefill + its decode + the later
    requests at the saturated rate). ``saturated`` is :func:`max_request_rate` of the run's shape
    when the caller has it.
    """
    shape = finite_run_shape(shape, num_requests)
    saturated = saturated or max_request_rate(model, shape)
    admitted = min(float(num_requests), shape.running_cap)
    if admitted < 1 or saturated.request_per_s <= 0:
        return saturated  # not one whole request can run or complete: no throughput
    wave_prefill = prefill_seconds(model, shape, admitted)
    first_wave = wave_prefill * (admitted + 1) / (2 * admitted)
    context = shape.mean_input + shape.mean_output / 2
    wave_tpot = model.step_seconds(admitted, 0.0, context)
    wave_end = wave_prefill + max(shape.mean_output - 1, 0.0) * wave_tpot
    later = max(num_requests - admitted, 0.0)
    # later requests take the slots the first wave frees, one every 1 ÷ saturated rate
    later_wait = wave_end + later / 2 / saturated.request_per_s if later else 0.0
    mean_ttft = (admitted * first_wave + later * (later_wait + saturated.ttft_s)) / num_requests
    makespan = wave_end + later / saturated.request_per_s
    # a wave member that got its first token early waits through the rest of the wave's prefill
    wave_wait = wave_prefill * (admitted - 1) / (2 * admitted) / max(shape.mean_output - 1, 1.0)
    tpot = (admitted * (wave_tpot + wave_wait) + later * saturated.tpot_s) / num_requests
    request_rate = num_requests / makespan if makespan > 0 else saturated.request_per_s
    return OperatingPoint(
        concurrency=float(num_requests), running=admitted, ttft_s=mean_ttft,
        tpot_s=tpot, itl_decode_s=wave_tpot,
        output_tok_s=request_rate * shape.mean_output, request_per_s=request_rate,
        step_s=wave_tpot if not later else saturated.step_s,
    )
