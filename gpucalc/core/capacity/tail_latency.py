"""TTFT and TPOT at a percentile (P50/P95/P99) of continuous batching: a closed loop, Poisson traffic.

The steady-state load model (:mod:`gpucalc.core.capacity.load`) spreads the prompt work evenly over the
decode steps, which gives a mean. The simulator shows what a percentile sees instead:

* **TPOT.** Chunked prefill does not spread: a step either carries a prompt chunk (up to the
  token budget left by the decodes) or decodes only. A fraction ``f`` of the steps carries
  prefill, ``c`` prompt tokens each; a request that decodes for ``m`` steps meets K of them,
  mean ``m f``. Each arrival brings a prompt of k = input ÷ c chunks, so K counts the chunks of
  the arrivals during the request's decode: Var K ÷ E K = E[k²]/E[k] − (1 − c_a²)·E[k], where
  c_a² is the variability of the arrival count. Poisson arrivals have c_a² = 1 and, while the
  prefill is busy a share of the time, bunch further (widened by 1/(1 − busy)²). In a closed
  loop (N clients, a new request as one finishes: ``--max-concurrency`` ladders) arrivals are
  completions: their count varies only as much as the client cycles do (c_a² = the squared
  coefficient of variation of the output lengths, at most 1), and a prefill backlog slows the
  decodes that feed it, so no bunching is added. Fixed lengths in a closed loop meet the same
  share of prefill steps every time. A request's TPOT is ``t_decode + K/m × (t_prefill −
  t_decode)``; short outputs spread widest. The P-th TPOT is the P-th quantile of that mixture
  over the output lengths.
* **TTFT.** Prompts are served one chunk per step: a single server in front of the prefill
  with service S = prompt tokens × seconds per token at the step's room. Poisson: an M/G/1
  queue, wait W̄ = λ E[S²] ÷ (2 (1 − ρ)) (Pollaczek–Khinchine), infinite at ρ ≥ 1. Closed loop:
  the same server fed by N clients whose cycle is Z (own prefill, half a step, the decode) plus
  the wait, X = N ÷ (Z + W̄); with the Kingman–Allen–Cunneen wait W̄ = (c_a² + c_s²)/2 · ρ/(1 − ρ)
  · S the two solve to W̄² + (Z − N S) W̄ − (c_a² + c_s²)/2 · N S² = 0 — never infinite: when
  the clients ask for more prefill than the server gives, W̄ = N S − Z and X = 1/S. In both the
  wait exceeds t with probability about ρ·exp(−t ρ/W̄); the P-th TTFT adds the remaining part
  of the current step and the prompt's own chunks; wait and service spreads combine in
  quadrature.

Every formula is written once over :mod:`gpucalc.core.step.ops`: on floats for one point (the
ceilings) and on arrays for many (the context sweep), so the two cannot drift.

Lengths: lognormal per direction from P50/P95 (as the simulator samples them), the classes by
share, plus multi-turn history (turn uniform over 1 … max turns).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from statistics import NormalDist
from typing import Generic, Protocol, TypeVar

import numpy as np

from gpucalc.core.specs.inputs import Workload
from gpucalc.core.step.ops import ARRAY, SCALAR, BoolArray, FloatArray, Ops, V
from gpucalc.core.step.step_model import StepModel

LENGTH_QUANTILES = 16  # points of each lognormal length distribution
PERCENTILE_SEARCH_STEPS = 20  # 2⁻²⁰ of a ±6σ bracket: far below a microsecond
Z_95 = 1.6448536269514722
NORMAL = NormalDist()
SQRT2 = math.sqrt(2.0)
BUSY_CAP = 0.95  # share of time in prefill steps beyond which the Poisson widening stops growing
# the standard-normal quantiles of the equal-weight points (the midpoints of LENGTH_QUANTILES bins)
LENGTH_QUANTILE_Z = np.array([NORMAL.inv_cdf((q + 0.5) / LENGTH_QUANTILES)
                              for q in range(LENGTH_QUANTILES)])


class Arrivals(StrEnum):
    """How requests arrive: what a concurrency ladder holds, or what random traffic brings."""

    CLOSED_LOOP = "closed_loop"  # N clients, each sends its next request when one finishes
    POISSON = "poisson"  # independent arrivals at a rate


V_co = TypeVar("V_co", float, FloatArray, covariant=True)


class Mix(Protocol[V_co]):
    """The length mix as weighted columns, and its moments (one value per question)."""

    @property
    def input_weights(self) -> FloatArray:
        """Weights of the prompt-length columns."""
    @property
    def input_tokens(self) -> FloatArray:
        """Prompt tokens of each column (history included)."""
    @property
    def output_weights(self) -> FloatArray:
        """Weights of the output-length columns."""
    @property
    def output_tokens(self) -> FloatArray:
        """Output tokens of each column."""
    @property
    def mean_input(self) -> V_co:
        """Mean prompt tokens."""
    @property
    def mean_output(self) -> V_co:
        """Mean output tokens."""
    @property
    def input_second_moment(self) -> V_co:
        """E[input²] (tokens²)."""
    @property
    def output_second_moment(self) -> V_co:
        """E[output²] (tokens²)."""
    @property
    def shortest_input(self) -> V_co:
        """The shortest prompt (tokens)."""
    @property
    def held_tokens(self) -> V_co:
        """KV tokens a running request holds on average."""


def _weighted_sum(weights: FloatArray, values: FloatArray) -> float:
    return float(np.add.reduce(weights * values, axis=-1))


@dataclass(frozen=True, slots=True)
class MixRows:
    """Length mixes as rows, one per question of an array evaluation: columns and moments."""

    input_weights: FloatArray  # questions × columns
    input_tokens: FloatArray
    output_weights: FloatArray
    output_tokens: FloatArray
    mean_input: FloatArray  # one per question
    mean_output: FloatArray
    input_second_moment: FloatArray
    output_second_moment: FloatArray
    shortest_input: FloatArray
    held_tokens: FloatArray


@dataclass(frozen=True, slots=True)
class LengthMix:
    """The workload's lengths: weighted input and output points and the KV a request holds."""

    input_weights: FloatArray
    input_tokens: FloatArray  # prompt tokens incl. history
    output_weights: FloatArray
    output_tokens: FloatArray
    held_tokens: float  # KV tokens a running request holds on average over time
    # derived once from the points (every tail evaluation reads them)
    mean_input: float = field(init=False, compare=False)  # mean prompt tokens (incl. history)
    mean_output: float = field(init=False, compare=False)  # mean output tokens
    input_second_moment: float = field(init=False, compare=False)  # E[input²] (tokens²)
    output_second_moment: float = field(init=False, compare=False)  # E[output²] (tokens²)
    shortest_input: float = field(init=False, compare=False)  # the shortest prompt (tokens)
    # per output length: its decode steps (1 where it has none) and its weight where it has some
    tpot_divisors: FloatArray = field(init=False, compare=False)
    tpot_weights: FloatArray = field(init=False, compare=False)

    def rows(self, count: int) -> MixRows:
        """The mix repeated as ``count`` rows, one per question."""
        def repeated(columns: FloatArray) -> FloatArray:
            return np.repeat(columns[None, :], count, axis=0)

        def each(value: float) -> FloatArray:
            return np.full(count, value)

        return MixRows(repeated(self.input_weights), repeated(self.input_tokens),
                       repeated(self.output_weights), repeated(self.output_tokens),
                       each(self.mean_input), each(self.mean_output), each(self.input_second_moment),
                       each(self.output_second_moment), each(self.shortest_input),
                       each(self.held_tokens))

    def __post_init__(self) -> None:
        ins, outs = self.input_tokens, self.output_tokens
        divisors, weights = _tpot_divisors_and_weights(outs, self.output_weights)
        object.__setattr__(self, "tpot_divisors", divisors)
        object.__setattr__(self, "tpot_weights", weights)
        object.__setattr__(self, "mean_input", _weighted_sum(self.input_weights, ins))
        object.__setattr__(self, "mean_output", _weighted_sum(self.output_weights, outs))
        object.__setattr__(self, "input_second_moment", _weighted_sum(self.input_weights, ins * ins))
        object.__setattr__(self, "output_second_moment",
                           _weighted_sum(self.output_weights, outs * outs))
        object.__setattr__(self, "shortest_input", float(ins.min()))

    @property
    def inputs(self) -> tuple[tuple[float, float], ...]:
        """(weight, prompt tokens) points."""
        return tuple(zip(self.input_weights.tolist(), self.input_tokens.tolist(), strict=True))

    @property
    def outputs(self) -> tuple[tuple[float, float], ...]:
        """(weight, output tokens) points."""
        return tuple(zip(self.output_weights.tolist(), self.output_tokens.tolist(), strict=True))


def mix_of(inputs: tuple[tuple[float, float], ...], outputs: tuple[tuple[float, float], ...],
           joint: bool) -> LengthMix:
    """A :class:`LengthMix` from (weight, tokens) points; ``joint``: inputs and outputs pair up."""
    def columns(points: tuple[tuple[float, float], ...]) -> tuple[FloatArray, FloatArray]:
        array = np.array(points, dtype=np.float64).reshape(-1, 2)
        return np.ascontiguousarray(array[:, 0]), np.ascontiguousarray(array[:, 1])

    in_w, in_t = columns(inputs)
    out_w, out_t = columns(outputs)
    mean_in, mean_out = _weighted_sum(in_w, in_t), _weighted_sum(out_w, out_t)
    held = held_of_columns(SCALAR, in_w, in_t, out_t, mean_in, mean_out,
                           _weighted_sum(out_w, out_t * out_t), joint)
    return LengthMix(in_w, in_t, out_w, out_t, held)


def held_of_columns(ops: Ops[V], weights: FloatArray, inputs: FloatArray, outputs: FloatArray,
                    mean_input: V, mean_output: V, output_second_moment: V, joint: bool) -> V:
    """KV tokens a running request holds on average over time (long outputs stay longer).

    Σ w·o·(i + o/2) ÷ Σ w·o: each request is in the batch for about o steps, holding its prompt
    and half its output on average; over joint (input, output) pairs of the classes, or for
    independent inputs and outputs E[i] + E[o²] ÷ (2 E[o]).
    """
    if joint:
        return ops.rowsum(weights * outputs * (inputs + outputs / 2)) / ops.maximum(
            ops.rowsum(weights * outputs), 1e-12)
    return mean_input + output_second_moment / (2 * ops.maximum(mean_output, 1e-12))


def lognormal_points(p50: int, p95: int) -> tuple[tuple[float, float], ...]:
    """Equal-weight quantile points (weight, tokens) of a lognormal with median p50, P95 p95."""
    sigma = (math.log(p95) - math.log(p50)) / Z_95 if p95 > p50 else 0.0
    if sigma == 0.0:
        return ((1.0, float(p50)),)
    weight = 1.0 / LENGTH_QUANTILES
    return tuple((weight, max(1.0, p50 * math.exp(sigma * z))) for z in LENGTH_QUANTILE_Z.tolist())


def single_length(mean_input: float, mean_output: float) -> LengthMix:
    """Every request the same length."""
    return mix_of(((1.0, mean_input),), ((1.0, mean_output),), joint=True)


def length_mix(workload: Workload) -> LengthMix:
    """The workload's lengths (classes by share, or independent lognormal inputs and outputs)."""
    history = (workload.max_turns - 1) / 2 * workload.tokens_per_turn
    if workload.classes:
        total = sum(c.share for c in workload.classes)
        joint = [(c.share / total, c.input_len + history, float(c.output_len))
                 for c in workload.classes]
        return mix_of(tuple((w, i) for w, i, _ in joint), tuple((w, o) for w, _, o in joint),
                      joint=True)
    ins = lognormal_points(workload.input_len_p50, workload.input_p95)
    outs = lognormal_points(workload.output_len_p50, workload.output_p95)
    return mix_of(tuple((w, i + history) for w, i in ins), outs, joint=False)


# --- the formulas, each written once (floats or arrays through ``ops``) -----------------------

def arrival_variability(ops: Ops[V], mix: Mix[V], arrivals: Arrivals) -> V:
    """c_a²: the squared coefficient of variation of the arrival count (1 for Poisson).

    In a closed loop the arrivals are the clients' completions; a client's cycle varies as its
    output length does, and a superposition of many clients is no burstier than Poisson.
    """
    one = mix.mean_output * 0.0 + 1.0
    if arrivals is Arrivals.POISSON:
        return one
    mean_out = ops.maximum(mix.mean_output, 1.0)
    cv2 = ops.maximum(mix.output_second_moment / (mean_out * mean_out) - 1.0, 0.0)
    return ops.minimum(cv2, 1.0)


@dataclass(frozen=True, slots=True)
class SteadySteps(Generic[V]):
    """The decode-only and prefill-carrying steps at one load (the TPOT side)."""

    running: V  # requests in flight (closed loop) or in the batch (Poisson)
    decoding: V  # requests decoding in the steps a request decodes in (itself among them)
    others_decoding: V  # the other requests decoding beside a request's own prompt chunks
    room: V  # prompt tokens a step has room for beside the decodes
    context: V  # mean decode context (tokens)
    chunks: V  # prefill steps one prompt takes, on average
    per_step: V  # prompt tokens of a step that carries prefill
    share: V  # f: share of steps carrying a prompt chunk
    seen_share: V  # share of a request's own decode steps that carry another request's chunk
    decode_s: V
    prefill_s: V
    mean_step_s: V
    tpot_s: V  # mean TPOT: a decode step plus the prefill steps met, on average
    dispersion: V  # variance ÷ mean of the prefill steps a request meets
    mean_output: V  # the mix's mean output, at least 1


def waited_steps(arrivals: Arrivals) -> float:
    """Steps a request spends waiting for the step in progress, in a client's cycle of steps."""
    return 1.0 if arrivals is Arrivals.CLOSED_LOOP else 0.5


def step_in_progress_s(ops: Ops[V], steps: SteadySteps[V], arrivals: Arrivals) -> V:
    """Seconds a request waits for the step in progress before its first chunk is scheduled.

    Closed loop: the next request is sent when one finishes, at a step's end, and reaches the
    scheduler while the next step runs: about one whole step, none when no other request runs
    (the engine is idle). Poisson: an arrival lands at a
    random moment, more likely inside a long (prefill-carrying) step, and waits out its
    residual E[S²] ÷ (2 E[S]) (renewal theory).
    """
    if arrivals is Arrivals.CLOSED_LOOP:  # no step in progress when no other request decodes
        return steps.mean_step_s * ops.minimum(steps.others_decoding, 1.0)
    second_moment = ((1 - steps.share) * steps.decode_s * steps.decode_s
                     + steps.share * steps.prefill_s * steps.prefill_s)
    return second_moment / (2 * steps.mean_step_s)


def steady_steps(ops: Ops[V], step: StepModel, mix: Mix[V], token_budget: float,
                 running: V, arrivals: Arrivals) -> SteadySteps[V]:
    """The steps ``running`` requests take in steady state: all a TPOT percentile needs.

    A request spends ``k`` steps having its prompt chunked, ``o − 1`` decoding and, in a closed
    loop, one waiting for the step in progress: a cycle of C = k + o − 1 (+ 1) steps, so a share
    (o − 1) ÷ C of the others decode beside it and ``running × input ÷ C`` prompt tokens arrive
    per step. The others are the other ``running − 1`` clients of a closed loop, and under
    Poisson traffic the ``running`` requests the batch holds on average, whose arrivals do not
    depend on it (M/G/∞); a request's own decode steps carry their chunks. One client alone
    decodes in steps of one request: the single-request baseline.
    """
    mean_in, mean_out = mix.mean_input, ops.maximum(mix.mean_output, 1.0)
    waited = waited_steps(arrivals)

    def chunks_at(room: V) -> V:
        return ops.rowsum(mix.input_weights * np.maximum(1.0, np.ceil(mix.input_tokens
                                                                       / ops.col(room))))

    first_chunks = chunks_at(ops.maximum(token_budget - running, 1.0))
    cycle = first_chunks + mean_out - 1.0 + waited  # steps per request
    others = (ops.maximum(running - 1.0, 0.0) if arrivals is Arrivals.CLOSED_LOOP else running)
    others_decoding = others * (mean_out - 1.0) / cycle
    decoding = 1.0 + others_decoding  # in the steps a request decodes in
    room = ops.maximum(token_budget - decoding, 1.0)
    chunks = chunks_at(room)
    demand = running * mean_in / cycle  # prompt tokens arriving per step (steady state)
    per_prompt_step = mean_in / chunks  # tokens of a step carrying one prompt's chunk
    per_step = ops.select(demand <= per_prompt_step, per_prompt_step, ops.minimum(demand, room))
    share = ops.minimum(demand / per_step, 1.0)
    others = (ops.maximum(running - 1.0, 0.0) / ops.maximum(running, 1.0)
              if arrivals is Arrivals.CLOSED_LOOP else running * 0.0 + 1.0)
    seen = share * others
    context = mix.held_tokens  # KV a decoding request holds, long outputs weighted by their stay
    zero = running * 0.0
    decode_s = step.seconds(ops, decoding, zero, context, zero)
    prefill_s = step.seconds(ops, decoding, per_step, context, mean_in / 2)
    mean_step = (1 - share) * decode_s + share * prefill_s
    chunk_spread = mix.input_second_moment / (mean_in * per_step)  # E[k²] ÷ E[k]
    if arrivals is Arrivals.POISSON:
        busy = ops.minimum(share * prefill_s / mean_step, BUSY_CAP)  # time spent in prefill steps
        dispersion = chunk_spread / ((1 - busy) * (1 - busy))
    else:
        variability = arrival_variability(ops, mix, arrivals)
        dispersion = ops.maximum(chunk_spread - (1 - variability) * mean_in / per_step, 0.0)
    return SteadySteps(running=running, decoding=decoding, others_decoding=others_decoding,
                       room=room, context=context,
                       chunks=chunks, per_step=per_step, share=share, seen_share=seen,
                       decode_s=decode_s, prefill_s=prefill_s, mean_step_s=mean_step,
                       tpot_s=decode_s + seen * (prefill_s - decode_s), dispersion=dispersion,
                       mean_output=mean_out)


def _tpot_divisors_and_weights(output_tokens: FloatArray,
                               output_weights: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Per output length: its decode steps (1 where it has none), its weight where it has some."""
    decode_steps = output_tokens - 1.0
    counted = decode_steps >= 1.0
    return np.where(counted, decode_steps, 1.0), np.where(counted, output_weights, 0.0)


def _tpot_columns(ops: Ops[V], mix: Mix[V], steps: SteadySteps[V]) -> tuple[
        FloatArray, FloatArray, V, V]:
    """Per output length: (weight if it has a TPOT else 0, its TPOT spread), mean TPOT, extra s."""
    extra = ops.maximum(steps.prefill_s - steps.decode_s, 0.0)
    if isinstance(mix, LengthMix):  # one mix: derived once
        divisors, weights = mix.tpot_divisors, mix.tpot_weights
    else:
        divisors, weights = _tpot_divisors_and_weights(mix.output_tokens, mix.output_weights)
    seen = steps.seen_share
    spread = ops.col(extra) * np.sqrt(ops.col(seen * (1 - seen) * steps.dispersion) / divisors)
    return weights, spread, steps.decode_s + seen * extra, extra


def _normal_below(target: FloatArray | float, mean: FloatArray | float,
                  spread: FloatArray) -> FloatArray:
    """P(X ≤ target) for normals of ``mean`` and ``spread`` (a step where the spread is 0)."""
    if spread.ndim == 1 and isinstance(mean, float) and isinstance(target, float):
        return _normal_below_one(target, mean, spread)
    z = np.asarray((target - mean) / np.maximum(spread * SQRT2, 1e-300), dtype=np.float64)
    values = np.where(z >= 0.0, 1.0, 0.0)
    open_ = (np.abs(z) < 6.0) & (spread > 0.0)
    if open_.any():
        values[open_] = 0.5 * (1.0 + np.asarray(_erf(z[open_]), dtype=np.float64))
    return np.where(spread > 0.0, values, target >= mean)  # np.where broadcasts to the columns


_erf = np.frompyfunc(math.erf, 1, 1)


def _normal_below_one(target: float, mean: float, spread: FloatArray) -> FloatArray:
    """:func:`_normal_below` of one question (columns of ``spread``), column by column on floats.

    The same operations on the same float64 values, in the same cases: an open z takes
    0.5 (1 + erf z), a saturated or undefined one its step, a zero spread the step at the mean.
    """
    gap = target - mean
    values = []
    for width in spread.tolist():
        if width > 0.0:
            z = gap / max(width * SQRT2, 1e-300)
            values.append(0.5 * (1.0 + math.erf(z)) if abs(z) < 6.0 else 1.0 if z >= 0.0 else 0.0)
        else:
            values.append(1.0 if target >= mean else 0.0)
    return np.array(values)


def tpot_share_within(ops: Ops[V], mix: Mix[V], steps: SteadySteps[V], target_s: float) -> V:
    """Share of requests (with more than one output token) whose TPOT is within ``target_s``."""
    weights, spread, mean, _ = _tpot_columns(ops, mix, steps)
    below = _normal_below(target_s, ops.col(mean), spread)
    total = ops.rowsum(weights)
    within = ops.rowsum(weights * below)
    fallback = ops.select(steps.decode_s <= target_s, 1.0, 0.0)
    return ops.select(total > 0.0, within / ops.maximum(total, 1e-300), fallback)


def _own_prefill_columns(ops: Ops[V], step: StepModel, mix: Mix[V],
                         steps: SteadySteps[V]) -> FloatArray:
    """Seconds of the steps that prefill each prompt length of the mix (columns).

    A prompt of i tokens takes ⌈i ÷ room⌉ steps of a chunk beside the decodes; its chunks attend
    to the prompt before them, on average to i ÷ 2 tokens (attention work is linear in that).
    The columns are evaluated on arrays in both evaluators, so they give the same numbers.
    """
    room = ops.col(steps.room)
    chunk = np.minimum(mix.input_tokens, room)
    decoding, context = ops.col(steps.others_decoding), ops.col(steps.context)
    # the step's formula broadcasts the per-question values against the columns itself
    chunk_s = step.seconds(ARRAY, np.asarray(decoding, dtype=np.float64), chunk,
                           np.asarray(context, dtype=np.float64), mix.input_tokens / 2)
    own: FloatArray = np.maximum(1.0, np.ceil(mix.input_tokens / room)) * chunk_s
    return own


def _column_quantile(ops: Ops[V], weights: FloatArray, values: FloatArray, percentile: float) -> V:
    """Per question, the P-th quantile of weighted columns (the first reaching it, by value)."""
    if values.ndim == 1:  # one question (the float evaluator): plain indexing, the same numbers
        order = np.argsort(values, kind="stable")
        seen = np.cumsum(weights[order])
        reached = seen >= percentile / 100.0 - 1e-12
        first = int(reached.argmax()) if reached.any() else len(values) - 1
        pick = np.zeros(values.shape)
        pick[order[first]] = 1.0
        return ops.rowsum(values * pick)
    order = np.argsort(values, axis=-1, kind="stable")
    seen = np.cumsum(np.take_along_axis(weights, order, axis=-1), axis=-1)
    reached = seen >= percentile / 100.0 - 1e-12
    first = np.where(reached.any(axis=-1), reached.argmax(axis=-1), values.shape[-1] - 1)
    pick = np.zeros(values.shape)
    np.put_along_axis(pick, np.take_along_axis(order, np.expand_dims(first, -1), axis=-1), 1.0,
                      axis=-1)
    return ops.rowsum(values * pick)


@dataclass(frozen=True, slots=True)
class PrefillQueue(Generic[V]):
    """The prefill queue in front of a request and the TTFT at the percentile."""

    rate: V  # requests/s completed
    rho: V  # utilisation of the prefill
    mean_wait_s: V
    wait_s: V  # P-th wait
    own_mean_s: V  # the prompt's own prefill steps, on average
    mean_ttft_s: V  # the step in progress, the mean wait and the own prefill
    ttft_s: V  # P-th TTFT


def _closed_loop_wait(ops: Ops[V], clients: V, cycle_s: V, service_s: V, variability: V) -> V:
    """Mean wait W̄ of the closed loop: W̄² + (Z − N S) W̄ − K N S² = 0, K = (c_a² + c_s²)/2.

    Written in the form without cancellation on either side of Z = N S.
    """
    b = cycle_s - clients * service_s
    c = variability * clients * service_s * service_s
    root = ops.sqrt(b * b + 4.0 * c)
    above = 2.0 * c / ops.maximum(b + root, 1e-300)  # b ≥ 0: the clients leave the prefill idle
    below = (root - b) / 2.0  # b < 0: the clients ask for more prefill than it gives
    return ops.select(b >= 0.0, above, below)


def wait_percentile_s(ops: Ops[V], mean_wait_s: V, rho: V, percentile: float) -> V:
    """P-th wait (s) in a queue whose wait exceeds t with probability about ρ exp(−t ρ / W̄).

    t = W̄/ρ × ln(ρ / (1 − P)); 0 when at most a share 1 − P of the requests wait (ρ ≤ 1 − P).
    """
    tail = 1.0 - percentile / 100.0
    queued = ops.minimum(rho - tail, rho) > 0.0
    safe_rho = ops.maximum(rho, 1e-300)
    return ops.select(queued, mean_wait_s / safe_rho * ops.log(ops.maximum(safe_rho / tail, 1.0)),
                      0.0)


@dataclass(frozen=True, slots=True)
class QueueMeans(Generic[V]):
    """The prefill queue's means (what a mean TTFT and a throughput need): :func:`queue_means`."""

    rate: V  # requests/s completed
    rho: V  # utilisation of the prefill
    mean_wait_s: V
    own_mean_s: V  # the prompt's own prefill steps, on average
    mean_ttft_s: V  # the step in progress, the mean wait and the own prefill
    own_s: FloatArray  # each prompt length's own prefill steps (columns)
    busy: bool | BoolArray  # Poisson arrivals at or past the prefill's capacity


def queue_means(ops: Ops[V], step: StepModel, mix: Mix[V], steps: SteadySteps[V],
                arrivals: Arrivals) -> QueueMeans[V]:
    """Request rate and mean prefill queue of ``steps``' load under ``arrivals``.

    A request's time in the batch is its own prefill steps plus ``o − 1`` decode steps at the
    mean TPOT. Poisson: ``running`` is the batch, so the rate is running ÷ that time. Closed
    loop: ``running`` clients each also wait for the step in progress and in the prefill queue.
    """
    mean_in, n, room = mix.mean_input, steps.running, steps.room
    full_s = step.seconds(ops, steps.others_decoding, room, steps.context, mean_in / 2)
    own = _own_prefill_columns(ops, step, mix, steps)
    own_mean = ops.rowsum(mix.input_weights * own)
    in_batch = own_mean + (steps.mean_output - 1.0) * steps.tpot_s
    step_wait = step_in_progress_s(ops, steps, arrivals)
    token_s = full_s / room  # seconds per prompt token when prompts queue
    service = mean_in * token_s
    service_sq = mix.input_second_moment * token_s * token_s
    if arrivals is Arrivals.POISSON:
        rate = n / in_batch
        rho = rate * service
        busy = rho >= 1.0
        mean_wait = ops.select(busy, math.inf, rate * service_sq / (2 * ops.maximum(1 - rho, 1e-300)))
    else:
        service_cv2 = ops.maximum(mix.input_second_moment / (mean_in * mean_in) - 1.0, 0.0)
        variability = (arrival_variability(ops, mix, arrivals) + service_cv2) / 2
        mean_wait = _closed_loop_wait(ops, n, step_wait + in_batch, service, variability)
        rate = n / (step_wait + in_batch + mean_wait)
        rho = ops.minimum(rate * service, 1.0)
        busy = rho * 0.0 > 1.0  # never: a closed loop cannot outrun its prefill
    return QueueMeans(rate=rate, rho=rho, mean_wait_s=mean_wait, own_mean_s=own_mean,
                      mean_ttft_s=ops.select(busy, math.inf, step_wait + mean_wait + own_mean),
                      own_s=own, busy=busy)


def prefill_queue(ops: Ops[V], step: StepModel, mix: Mix[V], steps: SteadySteps[V],
                  percentile: float, arrivals: Arrivals) -> PrefillQueue[V]:
    """Request rate, prefill queue and P-th TTFT of ``steps``' load under ``arrivals``.

    The means of :func:`queue_means`, and at the percentile the wait and the prompt's own
    prefill, their spreads combined in quadrature.
    """
    means = queue_means(ops, step, mix, steps, arrivals)
    busy, mean_wait, own_mean = means.busy, means.mean_wait_s, means.own_mean_s
    wait = wait_percentile_s(ops, mean_wait, means.rho, percentile)
    own_p = _column_quantile(ops, mix.input_weights, means.own_s, percentile)
    first = ops.select(busy, 0.0, wait - mean_wait)
    second = own_p - own_mean
    spread = ops.select(ops.minimum(first, second) > 0.0, ops.hypot(first, second), first + second)
    mean_ttft = means.mean_ttft_s
    return PrefillQueue(rate=means.rate, rho=means.rho, mean_wait_s=mean_wait,
                        wait_s=ops.select(busy, math.inf, wait), own_mean_s=own_mean,
                        mean_ttft_s=mean_ttft, ttft_s=mean_ttft + spread)


def mean_latency_within(ops: Ops[V], step: StepModel, mix: Mix[V], running: V,
                        p95_input: V, token_budget: float, tpot_target_s: float,
                        ttft_target_s: float, steps: SteadySteps[V] | None = None,
                        ) -> tuple[bool | BoolArray, bool | BoolArray]:
    """(mean TPOT of a closed loop within target, P95 prompt's prefill within the TTFT target).

    The closed loop's mean TPOT is the lowest any arrivals give (Poisson traffic meets every
    arrival's chunks), so this check bounds the percentile searches from above. ``steps`` are
    the closed loop's :func:`steady_steps` at ``running`` when the caller has them.
    """
    tpot, prefill = mean_latency_s(ops, step, mix, running, p95_input, token_budget, steps)
    return tpot <= tpot_target_s, prefill <= ttft_target_s


def mean_latency_s(ops: Ops[V], step: StepModel, mix: Mix[V], running: V, p95_input: V,
                   token_budget: float, steps: SteadySteps[V] | None = None) -> tuple[V, V]:
    """(mean TPOT of a closed loop, the P95 prompt's prefill) in seconds: :func:`mean_latency_within`'s.

    The P95 prompt takes ⌈P95 ÷ room⌉ steps beside the other decodes.
    """
    if steps is None:
        steps = steady_steps(ops, step, mix, token_budget, running, Arrivals.CLOSED_LOOP)
    room = ops.maximum(token_budget - (running - 1), 1.0)
    chunks = ops.maximum(ops.ceil(p95_input / room), 1.0)
    first = step.seconds(ops, running - 1, ops.minimum(p95_input, room), steps.context,
                             p95_input / 2)
    return steps.tpot_s, first * chunks


# --- one point, for the explanation (floats) -------------------------------------------------

def _mixture_quantile(parts: list[tuple[float, float, float]], percentile: float) -> float:
    """P-th quantile of a mixture of normals given as (weight, mean, std)."""
    target = percentile / 100.0
    low = min(m - 6 * s for _, m, s in parts)
    high = max(m + 6 * s for _, m, s in parts)
    scaled = [(w, m, s * SQRT2) for w, m, s in parts]  # σ√2 of each part, once
    every_part_spreads = all(s > 0 for _, _, s in parts)
    erf = math.erf
    for _ in range(PERCENTILE_SEARCH_STEPS):
        mid = (low + high) / 2
        if every_part_spreads:  # the same terms, summed in the same order
            below = sum([w * (0.5 * (1 + erf((mid - m) / d))) for w, m, d in scaled])
        else:
            below = sum(w * (0.5 * (1 + erf((mid - m) / (s * SQRT2))) if s > 0
                             else float(mid >= m)) for w, m, s in parts)
        if below < target:
            low = mid
        else:
            high = mid
    return high


def tpot_percentile_s(mix: LengthMix, steps: SteadySteps[float], percentile: float) -> float:
    """P-th TPOT (s) over requests with more than one output token."""
    weights, spread, mean, _ = _tpot_columns(SCALAR, mix, steps)
    total = float(weights.sum())
    if total <= 0.0:
        return steps.decode_s
    parts = [(w / total, mean, s) for w, s in zip(weights.tolist(), spread.tolist(), strict=True)
             if w > 0.0]
    return _mixture_quantile(parts, percentile)


@dataclass(frozen=True, slots=True)
class TailPoint:
    """Latency at a percentile and the mechanism behind it, at one load."""

    running: float  # requests in flight (closed loop) or in the batch (Poisson)
    arrivals: Arrivals
    request_per_s: float
    prefill_step_share: float  # f: share of steps carrying a prompt chunk
    queue_utilisation: float  # ρ of the prefill queue
    decode_step_s: float
    prefill_step_s: float
    tpot_s: float  # at the percentile
    ttft_s: float  # at the percentile
    mean_tpot_s: float  # on average
    mean_ttft_s: float  # on average: the step in progress, the queue and the own prefill
    mean_step_s: float
    seen_share: float  # share of a request's decode steps carrying another request's chunk
    dispersion: float  # variance ÷ mean of the prefill steps a request meets
    mean_wait_s: float  # mean wait in the prefill queue
    wait_s: float  # P-th wait in the prefill queue
    room_tokens: float  # prompt tokens a step has room for beside the decodes
    context_tokens: float  # mean decode context
    decoding: float  # requests decoding in the steps a request decodes in
    others_decoding: float  # the others decoding beside a request's own prompt chunks
    step_wait_s: float  # the wait for the step in progress


def tail_point(step: StepModel, mix: LengthMix, token_budget: float, running: float,
               percentile: float, arrivals: Arrivals) -> TailPoint:
    """Mean and P-th TTFT and TPOT with ``running`` requests under ``arrivals``."""
    steps = steady_steps(SCALAR, step, mix, token_budget, running, arrivals)
    return tail_of(mix, steps, prefill_queue(SCALAR, step, mix, steps, percentile, arrivals),
                   running, percentile, arrivals)


def tail_of(mix: LengthMix, steps: SteadySteps[float], queue: PrefillQueue[float], running: float,
            percentile: float, arrivals: Arrivals) -> TailPoint:
    """The :class:`TailPoint` of ``steps`` and their prefill ``queue`` (of :func:`tail_point`)."""
    return TailPoint(running=running, arrivals=arrivals, request_per_s=queue.rate,
                     prefill_step_share=steps.share, queue_utilisation=queue.rho,
                     decode_step_s=steps.decode_s, prefill_step_s=steps.prefill_s,
                     tpot_s=tpot_percentile_s(mix, steps, percentile), ttft_s=queue.ttft_s,
                     mean_tpot_s=steps.tpot_s, mean_ttft_s=queue.mean_ttft_s,
                     mean_step_s=steps.mean_step_s, seen_share=steps.seen_share,
                     dispersion=steps.dispersion, mean_wait_s=queue.mean_wait_s,
                     wait_s=queue.wait_s, room_tokens=steps.room, context_tokens=steps.context,
                     decoding=steps.decoding, others_decoding=steps.others_decoding,
                     step_wait_s=step_in_progress_s(SCALAR, steps, arrivals))


def latency_of_length(step: StepModel, point: TailPoint, prompt: float, output: float,
                      percentile: float) -> tuple[float, float]:
    """P-th TTFT and TPOT (s) of requests of one length (a class) inside ``point``'s traffic.

    Same queue and same steps as everyone; a longer prompt takes more chunks, a shorter output
    averages over fewer steps.
    """
    mix = single_length(prompt, output)
    room = point.room_tokens
    steps = SteadySteps(running=point.running, decoding=point.decoding,
                        others_decoding=point.others_decoding, room=room,
                        context=point.context_tokens, chunks=max(1.0, math.ceil(prompt / room)),
                        per_step=prompt, share=point.prefill_step_share,
                        seen_share=point.seen_share, decode_s=point.decode_step_s,
                        prefill_s=point.prefill_step_s, mean_step_s=point.mean_step_s,
                        tpot_s=point.mean_tpot_s, dispersion=point.dispersion,
                        mean_output=max(output, 1.0))
    tpot = tpot_percentile_s(mix, steps, percentile)
    chunk = min(prompt, room)
    own = max(1.0, math.ceil(prompt / room)) * step.step_seconds(
        point.others_decoding, chunk, point.context_tokens, prefill_context=prompt / 2)
    ttft = (point.step_wait_s + point.mean_wait_s + own
            + max(point.wait_s - point.mean_wait_s, 0.0))
    return ttft, tpot
