"""The ceiling searches of many planning lengths at once: the context sweep's hot path.

:class:`PointLengths` holds, per sweep point, what :func:`gpucalc.core.capacity.sweep.context_at` gives
the scalar :class:`PerfContext` (mean and P95 lengths scaled unrounded, the length mix of the
scenario's workload scaled to whole tokens). :class:`PointChecks` are the context's mean-latency
and percentile checks over arrays of (point, batch) questions, with the same operations in the
same order, and :func:`largest_satisfying_many` runs
:func:`gpucalc.core.capacity.perf_model.largest_satisfying` for every point in lockstep: each point asks the
questions the scalar search asks, in the same order, so each answer is the scalar search's even
where a check does not hold up to a single point. The communication check holds up to a point by
construction; :func:`comm_values` finds it by halving.
"""

from __future__ import annotations

import dataclasses
import math
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from gpucalc.core.capacity.perf_model import COMM_SHARE_LIMIT, MAX_SEARCH_CONCURRENCY, PerfContext
from gpucalc.core.capacity.perf_result import LatencyTarget
from gpucalc.core.capacity.tail_latency import (
    LENGTH_QUANTILE_Z,
    Z_95,
    Arrivals,
    MixRows,
    SteadySteps,
    held_of_columns,
    mean_latency_s,
    mean_latency_within,
    prefill_queue,
    steady_steps,
    tpot_share_within,
)
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.step.ops import ARRAY, SCALAR

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
BatchCheck = Callable[[IntArray, IntArray], BoolArray]  # (point indices, batches) → holds



@dataclass(frozen=True, slots=True)
class PointLengths:
    """Per point: the context's lengths (tokens) and its length mix as rows of weighted columns."""

    mean_input: FloatArray
    mean_output: FloatArray
    p95_input: FloatArray
    input_weights: FloatArray  # points × columns
    input_tokens: FloatArray
    output_weights: FloatArray
    output_tokens: FloatArray
    mix_mean_input: FloatArray  # the mix's means, E[input²] and shortest prompt, per point
    mix_mean_output: FloatArray
    mix_input_second_moment: FloatArray
    mix_output_second_moment: FloatArray
    mix_shortest_input: FloatArray
    mix_held_tokens: FloatArray  # KV tokens a decoding request holds on average


def _scaled(tokens: int, scale: FloatArray) -> FloatArray:
    """A workload length at every scale, rounded to whole tokens and at least 1 (as the sweep)."""
    return np.maximum(np.round(tokens * scale), 1.0)


def _lognormal_columns(p50: FloatArray, p95: FloatArray) -> tuple[FloatArray, FloatArray]:
    """(weights, tokens) of :func:`gpucalc.core.capacity.tail_latency.lognormal_points` per row.

    Rows whose P95 is not above the P50 hold a single length: one column, or equal-weight
    copies of it when other rows spread (the same mix).
    """
    spread = p95 > p50
    if not spread.any():
        return np.ones((len(p50), 1)), p50[:, None].copy()
    sigma = np.where(spread, (np.log(p95) - np.log(np.where(spread, p50, 1.0))) / Z_95, 0.0)
    tokens = np.maximum(1.0, p50[:, None] * np.exp(sigma[:, None] * LENGTH_QUANTILE_Z[None, :]))
    weights = np.full(tokens.shape, 1.0 / len(LENGTH_QUANTILE_Z))
    return weights, tokens


def point_lengths(base: PerfContext, workload: Workload, tokens: IntArray) -> PointLengths:
    """The lengths of ``base`` (the scenario's context) at planning lengths ``tokens``.

    Mean and P95 lengths scale unrounded; the mix is the workload's with every length scaled
    and rounded to whole tokens (:func:`gpucalc.core.capacity.sweep.workload_at_planning_length`). A point
    at the scenario's own planning length takes ``base``'s mix as it is.
    """
    scale = tokens / base.planning_tokens
    history = (workload.max_turns - 1) / 2 * np.round(workload.tokens_per_turn * scale)
    if workload.classes:
        total = sum(c.share for c in workload.classes)
        shares = np.array([[c.share / total for c in workload.classes]] * len(tokens))
        in_w, out_w = shares, shares.copy()
        in_tok = np.stack([_scaled(c.input_len, scale) + history for c in workload.classes], axis=1)
        out_tok = np.stack([_scaled(c.output_len, scale) for c in workload.classes], axis=1)
    else:
        in_w, in_tok = _lognormal_columns(_scaled(workload.input_len_p50, scale),
                                          _scaled(workload.input_p95, scale))
        in_tok = in_tok + history[:, None]
        out_w, out_tok = _lognormal_columns(_scaled(workload.output_len_p50, scale),
                                            _scaled(workload.output_p95, scale))
    own = np.flatnonzero(tokens == base.planning_tokens)
    mix = base.lengths
    if len(own) and mix is not None:
        in_w, in_tok = _with_row(in_w, in_tok, own, mix.inputs)
        out_w, out_tok = _with_row(out_w, out_tok, own, mix.outputs)
    mean_in, mean_out = ARRAY.rowsum(in_w * in_tok), ARRAY.rowsum(out_w * out_tok)
    out_m2 = ARRAY.rowsum(out_w * out_tok * out_tok)
    return PointLengths(
        mean_input=base.mean_input * scale, mean_output=base.mean_output * scale,
        p95_input=base.p95_input * scale, input_weights=in_w, input_tokens=in_tok,
        output_weights=out_w, output_tokens=out_tok, mix_mean_input=mean_in,
        mix_mean_output=mean_out, mix_input_second_moment=ARRAY.rowsum(in_w * in_tok * in_tok),
        mix_output_second_moment=out_m2, mix_shortest_input=in_tok.min(axis=1),
        mix_held_tokens=held_of_columns(ARRAY, in_w, in_tok, out_tok, mean_in, mean_out, out_m2,
                                        joint=bool(workload.classes)))


def _with_row(weights: FloatArray, tokens: FloatArray, rows: IntArray,
              points: tuple[tuple[float, float], ...]) -> tuple[FloatArray, FloatArray]:
    """``weights`` and ``tokens`` with ``rows`` set to ``points`` (a length mix's own)."""
    columns = max(weights.shape[1], len(points))
    if columns > weights.shape[1]:  # one column of a single length → equal-weight copies
        weights = np.repeat(weights / columns, columns, axis=1)
        tokens = np.repeat(tokens, columns, axis=1)
    copies = columns // len(points)
    weights, tokens = weights.copy(), tokens.copy()
    weights[rows] = [w / copies for w, _ in points for _ in range(copies)]
    tokens[rows] = [t for _, t in points for _ in range(copies)]
    return weights, tokens


class PointChecks:
    """The context's checks for every point of a sweep, over arrays of (point, batch) questions.

    The formulas are :mod:`gpucalc.core.capacity.tail_latency`'s, evaluated on arrays: the same ones the
    single-point checks of :class:`gpucalc.core.capacity.perf_model.PerfContext` evaluate on floats.
    """

    def __init__(self, base: PerfContext, lengths: PointLengths) -> None:
        self.base = base
        self.lengths = lengths
        # each point's mean-latency ceiling once searched: that check holds up to it and not past
        self.mean_ceilings: IntArray | None = None

    def _mix(self, points: IntArray) -> MixRows:
        lengths = self.lengths
        return MixRows(
            input_weights=lengths.input_weights[points], input_tokens=lengths.input_tokens[points],
            output_weights=lengths.output_weights[points],
            output_tokens=lengths.output_tokens[points],
            mean_input=lengths.mix_mean_input[points], mean_output=lengths.mix_mean_output[points],
            input_second_moment=lengths.mix_input_second_moment[points],
            output_second_moment=lengths.mix_output_second_moment[points],
            shortest_input=lengths.mix_shortest_input[points],
            held_tokens=lengths.mix_held_tokens[points])

    def _mean_latency(self, points: IntArray, running: IntArray) -> tuple[BoolArray, BoolArray]:
        ctx = self.base
        tpot, ttft = mean_latency_within(
            ARRAY, ctx.step, self._mix(points), running.astype(np.float64),
            self.lengths.p95_input[points], ctx.token_budget, ctx.tpot_target_s,
            ctx.ttft_target_s)
        return np.asarray(tpot, dtype=np.bool_), np.asarray(ttft, dtype=np.bool_)

    def mean_latency_guesses(self, start: int, steps: int) -> IntArray:
        """:func:`gpucalc.core.capacity.ceilings.mean_latency_guess` at every point (0: none).

        The same secant on the larger of the mean TPOT's and the P95 prefill's shares of the
        targets, from one request and ``start`` requests, for ``steps`` steps; a point stops
        where its guess repeats or a latency is not finite.
        """
        ctx = self.base
        count = len(self.lengths.mean_input)
        if ctx.tpot_target_s <= 0 or ctx.ttft_target_s <= 0:
            return np.zeros(count, np.int64)

        def excess(points: IntArray, running: IntArray) -> FloatArray:
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                tpot, prefill = mean_latency_s(
                    ARRAY, ctx.step, self._mix(points), running.astype(np.float64),
                    self.lengths.p95_input[points], ctx.token_budget)
                found: FloatArray = np.maximum(tpot / ctx.tpot_target_s,
                                               prefill / ctx.ttft_target_s) - 1.0
            return found

        points = np.arange(count)
        low, low_excess = np.ones(count, np.int64), excess(points, np.ones(count, np.int64))
        holds = low_excess <= 0.0
        high = np.full(count, start, np.int64)
        going = np.flatnonzero(holds)
        for _ in range(steps):
            if not len(going):
                break
            high_excess = excess(going, high[going])
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                guess = high[going] - high_excess * (high[going] - low[going]) / (
                    high_excess - low_excess[going])
            moves = np.isfinite(high_excess) & (high_excess != low_excess[going]) & np.isfinite(guess)
            guess_n = np.clip(np.floor(np.where(moves, guess, 1.0)), 1,
                              MAX_SEARCH_CONCURRENCY - 1).astype(np.int64)
            moves &= guess_n != high[going]
            going = going[moves]
            low[going], low_excess[going] = high[going], high_excess[moves]
            high[going] = guess_n[moves]
        guesses: IntArray = np.where(holds, high, 0)
        return guesses

    def meets_latency(self, points: IntArray, running: IntArray) -> BoolArray:
        """:meth:`PerfContext.meets_latency` for each (point, batch)."""
        tpot, ttft = self._mean_latency(points, running)
        ok: BoolArray = tpot & ttft
        return ok

    def _steps(self, points: IntArray, running: IntArray,
               arrivals: Arrivals) -> tuple[MixRows, SteadySteps[FloatArray]]:
        mix = self._mix(points)
        return mix, steady_steps(ARRAY, self.base.step, mix,
                                 self.base.token_budget, running.astype(np.float64), arrivals)

    def _tpot_within(self, mix: MixRows, steps: SteadySteps[FloatArray]) -> BoolArray:
        share = tpot_share_within(ARRAY, mix, steps, self.base.tpot_target_s)
        ok: BoolArray = share >= self.base.percentile / 100
        return ok

    def _ttft_within(self, mix: MixRows, steps: SteadySteps[FloatArray],
                     arrivals: Arrivals) -> BoolArray:
        queue = prefill_queue(ARRAY, self.base.step, mix, steps,
                              self.base.percentile, arrivals)
        ok: BoolArray = queue.ttft_s <= self.base.ttft_target_s
        return ok

    def meets_percentile(self, arrivals: Arrivals) -> BatchCheck:
        """The percentile search's check of :func:`gpucalc.core.capacity.ceilings.compute_values`.

        Mean latency within target and, at the percentile, TPOT and TTFT within target: each
        part is evaluated for the questions the parts before it left standing. The mean latency
        is read from :attr:`mean_ceilings` once they are known (the check holds up to them).
        """
        def check(points: IntArray, running: IntArray) -> BoolArray:
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                ok = (self.meets_latency(points, running) if self.mean_ceilings is None
                      else running <= self.mean_ceilings[points])
                standing = np.flatnonzero(ok)
                mix, steps = self._steps(points[standing], running[standing], arrivals)
                tpot = self._tpot_within(mix, steps)
                ok[standing[~tpot]] = False
                keep = np.flatnonzero(tpot)
                standing = standing[keep]
                mix, steps = _rows(mix, keep), _rows(steps, keep)
                ok[standing[~self._ttft_within(mix, steps, arrivals)]] = False
            return ok
        return check

    def breaking_targets(self, running: IntArray) -> list[LatencyTarget]:
        """:func:`gpucalc.core.capacity.ceilings.breaking_target` at every point (``running`` per point)."""
        points = np.arange(len(running))
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            mean_tpot, _ = self._mean_latency(points, running)
            mix, steps = self._steps(points, running, Arrivals.CLOSED_LOOP)
            tpot = self._tpot_within(mix, steps)
        return [LatencyTarget.TTFT if ok else LatencyTarget.TPOT for ok in (mean_tpot & tpot).tolist()]


Row = TypeVar("Row", MixRows, SteadySteps[FloatArray])


def _rows(values: Row, keep: IntArray) -> Row:
    """The rows ``keep`` (positions) of a mix or of steps."""
    return dataclasses.replace(values, **{f.name: getattr(values, f.name)[keep]
                                          for f in dataclasses.fields(values)})


def comm_token_limit(ctx: PerfContext) -> float:
    """The most tokens one step may carry with communication in its budget (tokens).

    Communication grows with the tokens of a step, so the check of :meth:`PerfContext.meets_comm`
    holds exactly up to this count: found by bisecting over the float numbers themselves.
    """
    limit = COMM_SHARE_LIMIT * ctx.tpot_target_s

    def fits(tokens: float) -> bool:
        return ctx.step.comm_check_seconds(SCALAR, tokens, 0.0) <= limit

    top = float(max(ctx.token_budget, MAX_SEARCH_CONCURRENCY) + 1)
    if fits(top):
        return top
    if not fits(0.0):
        return -math.inf
    low, high = 0, _float_bits(top)  # positive floats order as their bit patterns
    while high - low > 1:
        mid = (low + high) // 2
        if fits(_bits_float(mid)):
            low = mid
        else:
            high = mid
    return _bits_float(low)


def _float_bits(value: float) -> int:
    bits: int = struct.unpack("<q", struct.pack("<d", value))[0]
    return bits


def _bits_float(bits: int) -> float:
    value: float = struct.unpack("<d", struct.pack("<q", bits))[0]
    return value


def _comm_fits(ctx: PerfContext, tokens: FloatArray, decode: FloatArray) -> BoolArray:
    """:meth:`PerfContext.meets_comm` at each point under decode context parallel.

    DCP adds a cost per decode request, so the communication depends on more than the step's tokens.
    """
    seconds = ctx.step.comm_check_seconds(ARRAY, tokens, decode)
    fits: BoolArray = seconds <= COMM_SHARE_LIMIT * ctx.tpot_target_s
    return fits


def comm_values(ctx: PerfContext, lengths: PointLengths,
                upper: int = MAX_SEARCH_CONCURRENCY) -> IntArray:
    """:func:`gpucalc.core.capacity.ceilings.interconnect_value` at every point (requests).

    A step's tokens (the batch plus the prefill it carries) never fall as the batch grows, so
    the check holds up to a point, which is where any search of it ends; found by halving.
    """
    limit = comm_token_limit(ctx)
    mean_in, mean_out = lengths.mean_input, np.maximum(lengths.mean_output, 1.0)
    low = np.zeros(len(mean_in), np.int64)
    high = np.full(len(mean_in), upper + 1, np.int64)
    while (high - low > 1).any():
        mid = (low + high) // 2
        n = mid.astype(np.float64)
        tokens = n + np.minimum(n * mean_in / mean_out, np.maximum(ctx.token_budget - n, 0.0))
        fits = tokens <= limit if not ctx.step.dcp_bytes_per_decode else _comm_fits(ctx, tokens, n)
        low, high = np.where(fits, mid, low), np.where(fits, high, mid)
    return low


@dataclass(frozen=True, slots=True)
class Lookahead:
    """How far ahead on its path a point asks at once (answers past its path go unused)."""

    gallop: int = 6  # gallop steps
    bisect: int = 3  # bisection levels: every midpoint the next answers can lead to




def _ask(check: BatchCheck, points: IntArray, questions: IntArray) -> BoolArray:
    """Answers to ``questions`` (rows: ``points``; a question below 1 is none: False)."""
    asked = questions >= 1
    answers = np.zeros(questions.shape, np.bool_)
    rows = np.broadcast_to(points[:, None], questions.shape)
    answers[asked] = check(rows[asked], questions[asked])
    return answers


def _gallop_questions(origin: IntArray, sign: IntArray, exponent: IntArray, ahead: int,
                      upper: int) -> IntArray:
    """The next ``ahead`` gallop steps origin + sign × 2ʲ (0 past ``upper`` or down at 1)."""
    exponents = np.minimum(exponent[:, None] + np.arange(ahead), 40)
    questions = origin[:, None] + sign[:, None] * np.left_shift(1, exponents)
    inside = np.where(sign[:, None] > 0, questions <= upper, questions > 1)
    asked: IntArray = np.where(inside, questions, 0)
    return asked


def _gallop(check: BatchCheck, points: IntArray, origin: IntArray, sign: IntArray,
            upper: int, ahead: int, asked: tuple[IntArray, BoolArray]) -> tuple[IntArray, IntArray]:
    """The (low, high) brackets of gallops asking origin + sign × 2ʲ for j = 1, 2 and on.

    Up (sign 1) until a batch fails or passes ``upper``; down (sign −1) until a batch holds or
    reaches 1 (known to hold). The bracket is the last two batches, as the scalar search has it.
    ``asked`` are questions and answers per point already asked: a point whose first steps
    they are takes their answers.
    """
    low, high = np.zeros_like(origin), np.zeros_like(origin)
    previous = np.where(sign > 0, origin + 1, origin - 1)  # j = 0: the start of each gallop
    exponent = np.ones_like(origin)
    going = np.arange(len(points))
    first_steps = True
    while len(going):
        questions = _gallop_questions(origin[going], sign[going], exponent[going], ahead, upper)
        if first_steps:
            answers = asked[1].copy()
            fresh = np.flatnonzero((asked[0] != questions).any(axis=1))
            answers[fresh] = _ask(check, points[fresh], questions[fresh])
            first_steps = False
        else:
            answers = _ask(check, points[going], questions)
        up = sign[going, None] > 0
        inside = questions > 0
        ended = ~inside | (answers != up)
        done = ended.any(axis=1)
        first = ended.argmax(axis=1)
        rows = np.arange(len(going))
        last = np.where(first > 0, questions[rows, first - 1], previous[going])
        bound = np.where(inside[rows, first], questions[rows, first],
                         np.where(up[:, 0], upper + 1, 1))
        finished = going[done]
        low[finished] = np.minimum(last, bound)[done]
        high[finished] = np.maximum(last, bound)[done]
        previous[going] = questions[:, -1]
        exponent[going] += ahead
        going = going[~done]
    return low, high


def _bisect(check: BatchCheck, points: IntArray, low: IntArray, high: IntArray,
            levels: int) -> IntArray:
    """Largest batch of each bracket by bisection: low holds, high fails (the scalar's halving)."""
    low, high = low.copy(), high.copy()
    nodes = (1 << levels) - 1
    while True:
        active = np.flatnonzero(high - low > 1)
        if not len(active):
            return low
        # every midpoint of the next levels, heap order: node i's halves are 2i and 2i + 1
        node_low = np.zeros((len(active), nodes + 1), np.int64)
        node_high = np.zeros_like(node_low)
        node_low[:, 1], node_high[:, 1] = low[active], high[active]
        for parent in range(1, (nodes + 1) // 2):
            half = (node_low[:, parent] + node_high[:, parent]) // 2
            node_low[:, 2 * parent], node_high[:, 2 * parent] = node_low[:, parent], half
            node_low[:, 2 * parent + 1], node_high[:, 2 * parent + 1] = half, node_high[:, parent]
        mids = (node_low + node_high) // 2
        open_nodes = node_high - node_low > 1
        answers = _ask(check, points[active], np.where(open_nodes, mids, 0))
        rows, node = np.arange(len(active)), np.ones(len(active), np.int64)
        lo, hi = low[active], high[active]
        for _ in range(levels):
            mid, ok = mids[rows, node], answers[rows, node]
            going = hi - lo > 1
            lo = np.where(going & ok, mid, lo)
            hi = np.where(going & ~ok, mid, hi)
            node = 2 * node + ok
        low[active], high[active] = lo, hi


def largest_satisfying_many(check: BatchCheck, count: int, hints: IntArray | None = None,
                            upper: int = MAX_SEARCH_CONCURRENCY,
                            ahead: Lookahead = Lookahead()) -> IntArray:
    """:func:`gpucalc.core.capacity.perf_model.largest_satisfying` for ``count`` points at once.

    ``check(points, n)`` answers many (point, batch) questions at once; ``hints[i]`` is point
    i's hint (0 for none). Every point walks the scalar search's path: 1, the hint + 1 and the
    hint, the same gallop from the same start and the same bisection, so it ends where the
    scalar search ends. Questions further along a path are asked together (a gallop's next
    steps, a bisection's next levels); answers the path does not reach go unused.
    """
    hint = np.zeros(count, np.int64) if hints is None else hints.astype(np.int64)
    usable = (hint >= 1) & (hint < upper)
    points = np.arange(count)
    # 1, the hint + 1 and the hint, and the first gallop steps the answers most likely lead to
    likely_origin, likely_sign = np.where(usable, hint + 1, 0), np.where(usable, -1, 1)
    likely = _gallop_questions(likely_origin, likely_sign, np.ones_like(hint), ahead.gallop, upper)
    first = _ask(check, points, np.hstack([np.ones((count, 1), np.int64), np.where(
        usable, hint + 1, 0)[:, None], np.where(usable, hint, 0)[:, None], likely]))
    runs = first[:, 0]
    above, at_hint = usable & runs & first[:, 1], usable & runs & ~first[:, 1] & first[:, 2]
    below = usable & runs & ~first[:, 1] & ~first[:, 2]
    galloping = np.flatnonzero(runs & ~at_hint)
    origin = np.where(below, hint + 1, np.where(above, hint, 0))[galloping]
    sign = np.where(below, -1, 1)[galloping]
    low, high = _gallop(check, galloping, origin, sign, upper, ahead.gallop,
                        (likely[galloping], first[galloping, 3:]))
    answer = np.where(at_hint, hint, 0)
    answer[galloping] = _bisect(check, galloping, low, high, ahead.bisect)
    return answer
