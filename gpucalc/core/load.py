"""Continuous batching under load: TTFT, TPOT and throughput at a concurrency or request rate.

Closed loop (N clients, as ``--max-concurrency`` benchmarks run): at most ``running`` of them
hold KV at once (memory and ``max_num_seqs`` caps); the rest queue. Each step decodes one
token for every running request and spends the leftover token budget on prefill (chunked
prefill), so prompts slow decode down and decodes slow prompts down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucalc.core.step_model import StepModel


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


def _steady_step(model: StepModel, shape: LoadShape, running: float) -> tuple[float, float, float]:
    """Step time, prefill tokens per step and decode context at ``running`` requests."""
    context = shape.mean_input + shape.mean_output / 2
    prefill = prefill_per_step(running, shape.mean_input, shape.mean_output, shape.token_budget)
    step = model.step_seconds(running, prefill, context, prefill_context=shape.mean_input / 2)
    return step, prefill, context


def closed_loop(model: StepModel, shape: LoadShape, concurrency: float) -> OperatingPoint:
    """Operating point with ``concurrency`` clients each keeping one request open."""
    running = max(min(concurrency, shape.running_cap), 0.0)
    if running <= 0:
        return OperatingPoint(concurrency, 0.0, math.inf, math.inf, math.inf, 0.0, 0.0, math.inf)
    step, prefill, context = _steady_step(model, shape, running)
    needed = prefill_demand(running, shape.mean_input, shape.mean_output)
    room = max(shape.token_budget - (running - 1), 1.0)
    chunks = max(1, math.ceil(shape.mean_input / room))
    first_chunk = model.step_seconds(running - 1, min(shape.mean_input, room), context,
                                     prefill_context=shape.mean_input / 2)
    prefill_s = first_chunk * chunks
    # A request decodes only after its own prefill; when the budget cannot feed prompts as fast
    # as decodes finish, prefill paces requests instead.
    request_rate = running / (prefill_s + shape.mean_output * step)
    if needed > prefill:
        request_rate = min(request_rate, prefill / (shape.mean_input * step))
    output_rate = request_rate * shape.mean_output
    queued = max(concurrency - running, 0.0)
    wait = queued / request_rate if request_rate > 0 else math.inf
    decode_only = model.step_seconds(running, 0.0, context)
    return OperatingPoint(
        concurrency=concurrency, running=running, ttft_s=wait + prefill_s,
        tpot_s=step, itl_decode_s=decode_only, output_tok_s=output_rate,
        request_per_s=request_rate, step_s=step,
    )


def max_request_rate(model: StepModel, shape: LoadShape) -> OperatingPoint:
    """The saturated point: the batch as full as memory and the scheduler allow."""
    return closed_loop(model, shape, shape.running_cap)


def open_loop(model: StepModel, shape: LoadShape, rate_per_s: float,
              num_requests: int | None = None) -> OperatingPoint:
    """Operating point at a Poisson arrival rate (requests/s).

    Little's law fixes the running batch: N = rate × (TTFT + output × TPOT). Near saturation a
    queue forms in front of admission (M/D/1-style wait on the prefill service); past it, a run
    of ``num_requests`` requests queues linearly and the mean wait is half the backlog.
    """
    saturated = max_request_rate(model, shape)
    if math.isinf(rate_per_s) and num_requests:
        return burst(model, shape, num_requests)
    if rate_per_s >= saturated.request_per_s or math.isinf(rate_per_s):
        backlog = 0.0
        if num_requests:
            offered = math.inf if math.isinf(rate_per_s) else rate_per_s
            backlog = num_requests / 2 * (1 / saturated.request_per_s - 1 / offered)
            backlog -= saturated.running / 2 / saturated.request_per_s
        return OperatingPoint(
            concurrency=saturated.running + max(backlog, 0.0) * saturated.request_per_s,
            running=saturated.running, ttft_s=saturated.ttft_s + max(backlog, 0.0),
            tpot_s=saturated.tpot_s, itl_decode_s=saturated.itl_decode_s,
            output_tok_s=saturated.output_tok_s, request_per_s=saturated.request_per_s,
            step_s=saturated.step_s,
        )
    low, high = 0.0, saturated.running
    point = saturated
    for _ in range(40):
        mid = (low + high) / 2
        point = closed_loop(model, shape, max(mid, 1e-9))
        if rate_per_s * (point.ttft_s + shape.mean_output * point.tpot_s) > mid:
            low = mid
        else:
            high = mid
    utilisation = rate_per_s / saturated.request_per_s
    wait = utilisation * utilisation / (2 * (1 - utilisation)) * point.ttft_s
    return OperatingPoint(
        concurrency=high, running=high, ttft_s=point.ttft_s + wait, tpot_s=point.tpot_s,
        itl_decode_s=point.itl_decode_s, output_tok_s=rate_per_s * shape.mean_output,
        request_per_s=rate_per_s, step_s=point.step_s,
    )


def burst(model: StepModel, shape: LoadShape, num_requests: int) -> OperatingPoint:
    """All ``num_requests`` arrive at once (max-throughput benchmarks).

    Admitted prompts are prefilled at the full token budget, so the mean request waits for half
    of the admitted prompt tokens; requests beyond the batch wait for slots to free up.
    """
    saturated = max_request_rate(model, shape)
    admitted = min(float(num_requests), shape.running_cap)
    budget = float(shape.token_budget)
    prefill_step = model.step_seconds(0.0, budget, 0.0, prefill_context=shape.mean_input / 2)
    prefill_tok_s = budget / prefill_step
    first_wave = admitted * shape.mean_input / 2 / prefill_tok_s
    later = max(num_requests - admitted, 0.0)
    later_wait = later / 2 / saturated.request_per_s if later else 0.0
    mean_ttft = (admitted * first_wave + later * (later_wait + saturated.ttft_s)) / num_requests
    return OperatingPoint(
        concurrency=float(num_requests), running=saturated.running, ttft_s=mean_ttft,
        tpot_s=saturated.tpot_s, itl_decode_s=saturated.itl_decode_s,
        output_tok_s=saturated.output_tok_s, request_per_s=saturated.request_per_s,
        step_s=saturated.step_s,
    )
