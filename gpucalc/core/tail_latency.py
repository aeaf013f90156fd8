"""TTFT and TPOT at a percentile (P50/P95/P99) of continuous batching under Poisson traffic.

The steady-state load model (:mod:`gpucalc.core.load`) spreads the prompt work evenly over the
decode steps, which gives a mean. The simulator shows what a percentile sees instead:

* **TPOT.** Chunked prefill does not spread: a step either carries a prompt chunk (up to the
  token budget left by the decodes) or decodes only. A fraction ``f`` of the steps carries
  prefill, ``c`` prompt tokens each; a request that decodes for ``m`` steps meets K of them
  (mean ``m f``, variance ``m f (1 − f)`` for fixed one-step prompts: none when every step
  carries prefill). Prompts arrive whole (Poisson) and vary in length, which scales that by
  ``E[in²]/(E[in] c)``, widened by 1/(1 − busy)² while the prefill is busy a share of the time
  (a busy stretch brings more arrivals). Its TPOT is ``t_decode + K/m × (t_prefill −
  t_decode)``; short outputs spread widest. The P-th TPOT is the P-th quantile of that mixture
  over the output lengths.
* **TTFT.** Prompts arrive at the request rate and are served one chunk per step (an M/G/1
  queue in front of the prefill): the wait exceeds t with probability about ρ·exp(−t ρ/W̄),
  W̄ = λ E[S²] ÷ (2 (1 − ρ)) (Pollaczek–Khinchine). The P-th TTFT adds the remaining part of the
  current step and the prompt's own chunks; wait and service spreads combine in quadrature.

Lengths: lognormal per direction from P50/P95 (as the simulator samples them), the classes by
share, plus multi-turn history (turn uniform over 1 … max turns).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import NamedTuple

import numpy as np

from gpucalc.core.inputs import Workload
from gpucalc.core.step_model import StepModel

LENGTH_QUANTILES = 16  # points of each lognormal length distribution
PERCENTILE_SEARCH_STEPS = 20  # 2⁻²⁰ of a ±6σ bracket: far below a microsecond
Z_95 = 1.6448536269514722
NORMAL = NormalDist()
SQRT2 = math.sqrt(2.0)
# the standard-normal quantiles of the equal-weight points (the midpoints of LENGTH_QUANTILES bins)
LENGTH_QUANTILE_Z = np.array([NORMAL.inv_cdf((q + 0.5) / LENGTH_QUANTILES)
                              for q in range(LENGTH_QUANTILES)])


@dataclass(frozen=True, slots=True)
class LengthMix:
    """The workload's lengths: weighted input and output points and the KV a request holds."""

    inputs: tuple[tuple[float, float], ...]  # (weight, prompt tokens incl. history)
    outputs: tuple[tuple[float, float], ...]  # (weight, output tokens)
    held_tokens: float  # KV tokens a running request holds on average over time
    # derived once from the points (every tail evaluation reads them)
    mean_input: float = field(init=False, compare=False)  # mean prompt tokens (incl. history)
    mean_output: float = field(init=False, compare=False)  # mean output tokens
    input_second_moment: float = field(init=False, compare=False)  # E[input²] (tokens²)
    shortest_input: float = field(init=False, compare=False)  # the shortest prompt (tokens)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mean_input", sum(w * i for w, i in self.inputs))
        object.__setattr__(self, "mean_output", sum(w * o for w, o in self.outputs))
        object.__setattr__(self, "input_second_moment", sum(w * i * i for w, i in self.inputs))
        object.__setattr__(self, "shortest_input", min(i for _, i in self.inputs))


def held_tokens(points: list[tuple[float, float, float]]) -> float:
    """KV tokens a running request holds on average over time (long outputs stay longer).

    Σ w·o·(i + o/2) ÷ Σ w·o over (weight, input, output) points: each request is in the batch
    for about o steps, holding its prompt and half its output on average.
    """
    weight = sum(w * o for w, _, o in points)
    return sum(w * o * (i + o / 2) for w, i, o in points) / max(weight, 1e-12)


def lognormal_points(p50: int, p95: int) -> tuple[tuple[float, float], ...]:
    """Equal-weight quantile points (weight, tokens) of a lognormal with median p50, P95 p95."""
    sigma = (math.log(p95) - math.log(p50)) / Z_95 if p95 > p50 else 0.0
    if sigma == 0.0:
        return ((1.0, float(p50)),)
    weight = 1.0 / LENGTH_QUANTILES
    return tuple((weight, max(1.0, p50 * math.exp(sigma * z))) for z in LENGTH_QUANTILE_Z.tolist())


def single_length(mean_input: float, mean_output: float) -> LengthMix:
    """Every request the same length."""
    return LengthMix(((1.0, mean_input),), ((1.0, mean_output),),
                     held_tokens([(1.0, mean_input, mean_output)]))


def length_mix(workload: Workload) -> LengthMix:
    """The workload's lengths (classes by share, or independent lognormal inputs and outputs)."""
    history = (workload.max_turns - 1) / 2 * workload.tokens_per_turn
    if workload.classes:
        total = sum(c.share for c in workload.classes)
        joint = [(c.share / total, c.input_len + history, float(c.output_len))
                 for c in workload.classes]
    else:
        ins = lognormal_points(workload.input_len_p50, workload.input_p95)
        outs = lognormal_points(workload.output_len_p50, workload.output_p95)
        joint = [(wi * wo, i + history, o) for wi, i in ins for wo, o in outs]
        return LengthMix(tuple((w, i + history) for w, i in ins), outs, held_tokens(joint))
    return LengthMix(tuple((w, i) for w, i, _ in joint), tuple((w, o) for w, _, o in joint),
                     held_tokens(joint))


@dataclass(frozen=True, slots=True)
class TailPoint:
    """Latency at a percentile and the mechanism behind it, at one running batch."""

    running: float
    request_per_s: float
    prefill_step_share: float  # f: share of steps carrying a prompt chunk
    queue_utilisation: float  # ρ of the prefill queue
    decode_step_s: float
    prefill_step_s: float
    tpot_s: float  # at the percentile
    ttft_s: float  # at the percentile
    mean_step_s: float = 0.0
    dispersion: float = 1.0  # variance ÷ mean of the prefill steps a request meets
    mean_wait_s: float = 0.0  # mean wait in the prefill queue
    wait_s: float = 0.0  # P-th wait in the prefill queue
    room_tokens: float = 1.0  # prompt tokens a step has room for beside the decodes
    context_tokens: float = 0.0  # mean decode context


def _mean_chunks(mix: LengthMix, room: float) -> float:
    """E[k]: prefill steps one prompt needs at ``room`` tokens per step."""
    return sum(w * max(1.0, math.ceil(prompt / room)) for w, prompt in mix.inputs)


def _discrete_quantile(points: list[tuple[float, float]], percentile: float) -> float:
    """P-th quantile of weighted values given as (weight, value)."""
    if len(points) == 1:
        return points[0][1]
    target, seen = percentile / 100.0, 0.0
    ordered = sorted(points, key=lambda p: p[1])
    for weight, value in ordered:
        seen += weight
        if seen >= target - 1e-12:
            return value
    return ordered[-1][1]


def _mixture_quantile(parts: list[tuple[float, float, float]], percentile: float) -> float:
    """P-th quantile of a mixture of normals given as (weight, mean, std)."""
    target = percentile / 100.0
    low = min(m - 6 * s for _, m, s in parts)
    high = max(m + 6 * s for _, m, s in parts)
    for _ in range(PERCENTILE_SEARCH_STEPS):
        mid = (low + high) / 2
        below = sum(w * (0.5 * (1 + math.erf((mid - m) / (s * SQRT2))) if s > 0
                         else float(mid >= m)) for w, m, s in parts)
        if below < target:
            low = mid
        else:
            high = mid
    return high


def tpot_percentile_s(mix: LengthMix, share: float, dispersion: float, decode_s: float,
                      prefill_s: float, percentile: float) -> float:
    """P-th TPOT (s) over requests with more than one output token.

    ``dispersion`` is the variance of the prefill steps a request meets over their mean.
    """
    parts = _tpot_parts(mix, share, dispersion, decode_s, prefill_s)
    if not parts:
        return decode_s
    total = sum(w for w, _, _ in parts)
    return _mixture_quantile([(w / total, m, sd) for w, m, sd in parts], percentile)


def _tpot_parts(mix: LengthMix, share: float, dispersion: float, decode_s: float,
                prefill_s: float) -> list[tuple[float, float, float]]:
    """(weight, mean, std) of TPOT (s) per output length with more than one output token."""
    extra = max(prefill_s - decode_s, 0.0)
    parts = []
    for weight, output in mix.outputs:
        steps = output - 1
        if steps >= 1:
            spread = extra * math.sqrt(share * (1 - share) * dispersion / steps)
            parts.append((weight, decode_s + share * extra, spread))
    return parts


def tpot_share_within(point: TailPoint | SteadySteps, mix: LengthMix, target_s: float) -> float:
    """Share of requests (with more than one output token) whose TPOT is within ``target_s``."""
    if isinstance(point, TailPoint):
        share, dispersion = point.prefill_step_share, point.dispersion
        decode_s, prefill_s = point.decode_step_s, point.prefill_step_s
    else:
        share, dispersion = point.share, point.dispersion
        decode_s, prefill_s = point.decode_s, point.prefill_s
    parts = _tpot_parts(mix, share, dispersion, decode_s, prefill_s)
    if not parts:
        return 1.0 if decode_s <= target_s else 0.0
    total = sum(w for w, _, _ in parts)
    within = sum(w * (0.5 * (1 + math.erf((target_s - m) / (s * SQRT2))) if s > 0
                      else float(target_s >= m)) for w, m, s in parts)
    return within / total


def queue_wait_percentile_s(rate: float, service_s: float, service_sq_s2: float,
                            percentile: float) -> float:
    """P-th wait (s) in an M/G/1 queue: P(W > t) ≈ ρ exp(−t ρ / W̄); ∞ when ρ ≥ 1."""
    rho = rate * service_s
    if rho >= 1.0:
        return math.inf
    tail = 1.0 - percentile / 100.0
    if rho <= tail or rho <= 0.0:
        return 0.0
    mean_wait = rate * service_sq_s2 / (2 * (1 - rho))
    return mean_wait / rho * math.log(rho / tail)


def _combined_spread(first: float, second: float) -> float:
    """Two independent deviations from the mean: in quadrature when both widen the tail."""
    if first > 0 and second > 0:
        return math.hypot(first, second)
    return first + second


def _chunk_seconds(step: StepModel, running: float, context: float,
                   knots: list[float]) -> Callable[[float], float]:
    """Step seconds with a prompt chunk of c tokens beside ``running`` decodes.

    Exact at the ``knots`` (chunk sizes, ascending), linear in between: three step evaluations
    stand for every prompt length of the mix, each made when a chunk first needs it.
    """
    times: dict[int, float] = {}

    def at(index: int) -> float:
        if index not in times:
            knot = knots[index]
            times[index] = step.step_seconds(running, knot, context, prefill_context=knot / 2)
        return times[index]

    def seconds(chunk: float) -> float:
        if chunk <= knots[0] or len(knots) == 1:
            return at(0)
        for index in range(1, len(knots)):
            k0, k1 = knots[index - 1], knots[index]
            if chunk <= k1:
                t0 = at(index - 1)
                return t0 + (at(index) - t0) * (chunk - k0) / (k1 - k0)
        return at(len(knots) - 1)

    return seconds


class SteadySteps(NamedTuple):
    """The decode-only and prefill-carrying steps at one running batch (the TPOT side).

    A named tuple: the percentile searches build one per check (cheap to make).
    """

    running: float
    room: float  # prompt tokens a step has room for beside the decodes
    context: float  # mean decode context (tokens)
    per_step: float  # prompt tokens of a step that carries prefill
    share: float  # f: share of steps carrying a prompt chunk
    decode_s: float
    prefill_s: float
    mean_step_s: float
    dispersion: float  # variance ÷ mean of the prefill steps a request meets


def steady_steps(step: StepModel, mix: LengthMix, token_budget: float,
                 running: float) -> SteadySteps:
    """The steps ``running`` requests take in steady state: all a TPOT percentile needs."""
    mean_in, mean_out = mix.mean_input, max(mix.mean_output, 1.0)
    room = max(token_budget - running, 1.0)
    chunks = _mean_chunks(mix, room)
    demand = running * mean_in / mean_out  # prompt tokens per decode step (steady state)
    per_prompt_step = mean_in / chunks  # tokens of a step carrying one prompt's chunk
    per_step = per_prompt_step if demand <= per_prompt_step else min(demand, room)
    share = min(demand / per_step, 1.0)
    context = mean_in + mean_out / 2
    decode_s = step.step_seconds(running, 0.0, context)
    prefill_s = step.step_seconds(running, per_step, context, prefill_context=mean_in / 2)
    mean_step = (1 - share) * decode_s + share * prefill_s
    busy = min(share * prefill_s / mean_step, 0.95)  # share of time spent in prefill steps
    dispersion = mix.input_second_moment / (mean_in * per_step) / (1 - busy) ** 2
    return SteadySteps(running=running, room=room, context=context, per_step=per_step,
                       share=share, decode_s=decode_s, prefill_s=prefill_s,
                       mean_step_s=mean_step, dispersion=dispersion)


class _Queue(NamedTuple):
    """The prefill queue in front of a request and the TTFT at the percentile."""

    rate: float
    rho: float
    mean_wait_s: float
    wait_s: float
    ttft_s: float


def _queue(step: StepModel, mix: LengthMix, steps: SteadySteps, percentile: float) -> _Queue:
    """Request rate, prefill queue and P-th TTFT of ``steps``' batch."""
    mean_in, mean_out = mix.mean_input, max(mix.mean_output, 1.0)
    running, room, context = steps.running, steps.room, steps.context
    mean_step = steps.mean_step_s
    full_s = step.step_seconds(running, room, context, prefill_context=mean_in / 2)
    chunk_s = _chunk_seconds(step, running, context,
                             sorted({min(mix.shortest_input, room), min(steps.per_step, room), room}))
    own = [(w, max(1.0, math.ceil(i / room)) * chunk_s(min(i, room))) for w, i in mix.inputs]
    own_mean = sum(w * t for w, t in own)
    rate = running / (own_mean + mean_step / 2 + mean_out * mean_step)
    token_s = full_s / room  # seconds per prompt token when prompts queue
    service, service_sq = mean_in * token_s, mix.input_second_moment * token_s * token_s
    rho = rate * service
    wait = queue_wait_percentile_s(rate, service, service_sq, percentile)
    mean_wait = rate * service_sq / (2 * (1 - rho)) if rho < 1 else math.inf
    own_p = _discrete_quantile(own, percentile)
    ttft = mean_step / 2 + mean_wait + own_mean + _combined_spread(wait - mean_wait,
                                                                   own_p - own_mean)
    return _Queue(rate=rate, rho=rho, mean_wait_s=mean_wait, wait_s=wait, ttft_s=ttft)


def ttft_percentile_s(step: StepModel, mix: LengthMix, steps: SteadySteps,
                      percentile: float) -> float:
    """P-th TTFT (s) of ``steps``' batch: the prefill queue in front and the prompt's own chunks."""
    return _queue(step, mix, steps, percentile).ttft_s


def tail_point(step: StepModel, mix: LengthMix, token_budget: float, running: float,
               percentile: float, tpot_quantile: bool = True) -> TailPoint:
    """TTFT and TPOT at ``percentile`` with ``running`` requests in the batch.

    ``tpot_quantile=False`` skips the TPOT quantile search (``tpot_s`` is then NaN); a check
    against a target uses :func:`tpot_share_within` instead, one CDF evaluation.
    """
    steps = steady_steps(step, mix, token_budget, running)
    tpot = (tpot_percentile_s(mix, steps.share, steps.dispersion, steps.decode_s,
                              steps.prefill_s, percentile) if tpot_quantile else math.nan)
    queue = _queue(step, mix, steps, percentile)
    return TailPoint(running=running, request_per_s=queue.rate, prefill_step_share=steps.share,
                     queue_utilisation=queue.rho, decode_step_s=steps.decode_s,
                     prefill_step_s=steps.prefill_s, tpot_s=tpot, ttft_s=queue.ttft_s,
                     mean_step_s=steps.mean_step_s, dispersion=steps.dispersion,
                     mean_wait_s=queue.mean_wait_s, wait_s=queue.wait_s, room_tokens=steps.room,
                     context_tokens=steps.context)


def own_prefill_s(step: StepModel, point: TailPoint, prompt: float) -> float:
    """Seconds of the steps that prefill one ``prompt``-token request at ``point``'s batch."""
    room = point.room_tokens
    chunk = min(prompt, room)
    return max(1.0, math.ceil(prompt / room)) * step.step_seconds(
        point.running, chunk, point.context_tokens, prefill_context=chunk / 2)


def latency_of_length(step: StepModel, point: TailPoint, prompt: float, output: float,
                      percentile: float) -> tuple[float, float]:
    """P-th TTFT and TPOT (s) of requests of one length (a class) inside ``point``'s traffic.

    Same queue and same steps as everyone; a longer prompt takes more chunks, a shorter output
    averages over fewer steps.
    """
    mix = LengthMix(((1.0, prompt),), ((1.0, output),), held_tokens([(1.0, prompt, output)]))
    tpot = tpot_percentile_s(mix, point.prefill_step_share, point.dispersion,
                             point.decode_step_s, point.prefill_step_s, percentile)
    ttft = (point.mean_step_s / 2 + point.mean_wait_s + own_prefill_s(step, point, prompt)
            + max(point.wait_s - point.mean_wait_s, 0.0))
    return ttft, tpot
