"""The one check of a computed plan against physical bounds, and the requests an engine refuses.

:func:`checked_result` runs once at the end of :func:`gpucalc.core.capacity.calculate.calculate`:

* a request longer than the context (P95 prompt + multi-turn history + P95 output, or one
  request class) is refused as the engine refuses it (vLLM: "This model's maximum context length
  is … tokens"), with a coded :class:`PlanError` naming the flags to change;
* every time in the answer is a number at least 0 (infinite means unbounded), every rate and
  count too, and speculative decoding gains at most its acceptance length τ; a figure outside
  these bounds is a fault of the model, so the plan is withheld with a coded error instead of
  shown wrong (the fuzzers in ``tests/`` count any such error as a failure);
* a fleet the traffic would need of more than :data:`MAX_FLEET_GPUS` GPUs is beyond reach: a
  coded notice says so, next to the per-replica answer, instead of a count no one can buy.
"""

from __future__ import annotations

import enum
import functools
import math
import types
import typing
from collections.abc import Iterator
from typing import TypeVar

from pydantic import BaseModel

from gpucalc.core.capacity.perf_result import CurvePoint, PerformanceResult
from gpucalc.core.capacity.rates import replicas_for_rate
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import Notice, Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.inputs import PlanInputs, Workload

MAX_FLEET_GPUS = 1_000_000
"""The largest fleet a plan sizes: more GPUs than the largest clusters built (about 10⁵) by ten."""
TIME_UNITS = frozenset({"ms", "s"})
NON_NEGATIVE_UNITS = frozenset({"ms", "s", "req/s", "tok/s", "tokens", "requests", "replicas",
                                "GPUs", "USD", "bytes", "GiB", "×"})
"""Units of quantities that cannot be negative (the core's Term units)."""
SPEEDUP_TOLERANCE = 1e-9

REQUEST_TOO_LONG = QT_TRANSLATE_NOOP(
    "Errors", "a request of {tokens} tokens ({prompt} prompt, {history} multi-turn history, {output} "
              "output) is longer than {max_model_len} {limit}, so the engine refuses it: raise "
              "{max_model_len} (the model allows {model_limit}) or plan shorter requests "
              "({input_len_p50} / {input_len_p95}, {output_len_p50} / {output_len_p95}, {max_turns})")
REQUEST_TOO_LONG_FOR_MODEL = QT_TRANSLATE_NOOP(
    "Errors", "a request of {tokens} tokens ({prompt} prompt, {history} multi-turn history, {output} "
              "output) is longer than the model's context of {limit} tokens, so the engine refuses "
              "it: plan shorter requests ({input_len_p50} / {input_len_p95}, {output_len_p50} / "
              "{output_len_p95}, {max_turns})")
CLASS_TOO_LONG = QT_TRANSLATE_NOOP(
    "Errors", "request class {name} ({tokens} tokens: {prompt} prompt + {output} output) is longer "
              "than {max_model_len} {limit}, so the engine refuses its requests: shorten the class "
              "({classes}) or raise {max_model_len} (the model allows {model_limit})")
CLASS_TOO_LONG_FOR_MODEL = QT_TRANSLATE_NOOP(
    "Errors", "request class {name} ({tokens} tokens: {prompt} prompt + {output} output) is longer "
              "than the model's context of {limit} tokens, so the engine refuses its requests: "
              "shorten the class ({classes})")
IMPOSSIBLE_FIGURE = QT_TRANSLATE_NOOP(
    "Errors", "gpucalc computed an impossible {figure} of {value} {unit} ({rule}) for these inputs, "
              "so it shows no answer rather than a wrong one; please report the inputs")


def max_request_tokens(inputs: PlanInputs) -> int:
    """The longest request the engine accepts: max_model_len, else the model's context."""
    return inputs.deployment.max_model_len or inputs.model.max_position_embeddings


def request_length_error(inputs: PlanInputs) -> PlanError | None:
    """The engine's refusal of the longest planned request when it exceeds the context, else None.

    The longest request is the P95 prompt with the whole multi-turn history before it and the
    P95 output (what one chat's last turn holds), and each request class on its own.
    """
    limit = max_request_tokens(inputs)
    model_limit = inputs.model.max_position_embeddings
    work = inputs.workload
    history = (work.max_turns - 1) * work.tokens_per_turn
    tokens = work.input_p95 + history + work.output_p95
    limits = {"limit": f"{limit:,}", "model_limit": f"{model_limit:,}"}
    if tokens > limit:
        template = REQUEST_TOO_LONG if limit < model_limit else REQUEST_TOO_LONG_FOR_MODEL
        return PlanError("request_exceeds_max_model_len", template,
                         "output_len_p50" if work.output_p95 > work.input_p95 else "input_len_p50",
                         prompt=f"{work.input_p95:,}", history=f"{history:,}",
                         output=f"{work.output_p95:,}", tokens=f"{tokens:,}", **limits)
    for cls in work.classes:
        if cls.input_len + cls.output_len > limit:
            template = CLASS_TOO_LONG if limit < model_limit else CLASS_TOO_LONG_FOR_MODEL
            return PlanError("request_exceeds_max_model_len", template, "classes",
                             name=cls.name or "?", tokens=f"{cls.input_len + cls.output_len:,}",
                             prompt=f"{cls.input_len:,}", output=f"{cls.output_len:,}", **limits)
    return None


def _terms(value: object, path: str) -> Iterator[tuple[str, Term]]:
    """Every :class:`Term` inside ``value`` (a model, tuple or dict), with where it sits."""
    if isinstance(value, Term):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _terms(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            yield from _terms(item, f"{path}[{index}]")


def _first_bad_term(value: object) -> tuple[Term, str] | None:
    """The first :class:`Term` of ``value`` (in :func:`_terms`' order) outside its bounds, and its problem.

    The same walk as :func:`_terms` without building a path for every term (the hot path: a
    plan's figures are all in bounds); the caller names the path of a bad one.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Term):
            problem = _term_problem(item)
            if problem is not None:
                return item, problem
        elif isinstance(item, BaseModel):
            stack.extend(getattr(item, name) for name in reversed(_term_fields(type(item))))
        elif isinstance(item, tuple | list):
            stack.extend(reversed(item))
    return None


@functools.cache
def _term_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` whose type can hold a :class:`Term` (numbers, text and enums cannot)."""
    return tuple(name for name, info in model.model_fields.items()
                 if _may_hold_terms(info.annotation))


def _may_hold_terms(annotation: object) -> bool:
    """False for a number, text, flag or enum type (or an optional one); True for anything else."""
    if annotation in (int, float, str, bool, type(None), None):
        return False
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return any(_may_hold_terms(arg) for arg in typing.get_args(annotation))
    return True


def _term_problem(term: Term) -> str | None:
    """Which bound ``term`` breaks ('not a number', 'negative'), or None."""
    value = term.value
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    if math.isnan(value):
        return "not a number"
    if term.unit in NON_NEGATIVE_UNITS and value < 0:
        return "negative"
    return None


def _curve_problem(point: CurvePoint) -> tuple[str, float] | None:
    """A latency or throughput of the load curve that is negative or not a number."""
    for name in ("ttft_ms", "tpot_ms", "output_tokens_per_s"):
        value = float(getattr(point, name))
        if math.isnan(value) or value < 0:
            return name, value
    return None


def figure_error(perf: PerformanceResult) -> PlanError | None:
    """The first figure of ``perf`` outside its physical bounds, as the error to show, or None."""
    bad = _first_bad_term(perf)
    if bad is not None:
        term, problem = bad
        path = next(where for where, found in _terms(perf, "") if found is term)
        return PlanError("impossible_figure", IMPOSSIBLE_FIGURE, figure=term.key or path,
                         value=f"{term.value:g}", unit=term.unit, rule=f"{problem}")
    for point in perf.load_curve:
        found = _curve_problem(point)
        if found is not None:
            return PlanError("impossible_figure", IMPOSSIBLE_FIGURE, figure=f"load curve {found[0]}",
                             value=f"{found[1]:g}", unit="", rule="negative or not a number")
    spec = perf.speculative
    if spec is not None:
        tau = spec.acceptance_length.value
        for speedup in (spec.speedup_at_batch_1, spec.speedup_at_knee):
            if speedup.value > tau + SPEEDUP_TOLERANCE:
                return PlanError("impossible_figure", IMPOSSIBLE_FIGURE, figure=speedup.key,
                                 value=f"{speedup.value:.4g}", unit=speedup.unit,
                                 rule=f"more than the acceptance length {tau:.4g}")
    return None


def fleet_gpus_needed(perf: PerformanceResult, workload: Workload, gpus_per_replica: int) -> float:
    """GPUs the traffic needs by the fleet rule (average at the planned rate, peak at the capacity).

    0 without a QPS (no fleet is sized); infinite when a replica serves no request per second.
    """
    if workload.qps_avg is None:
        return 0.0
    rates = perf.rates
    peak = workload.qps_peak or workload.qps_avg
    if rates.requests_per_s_planned <= 0 or rates.requests_per_s_capacity <= 0:
        return math.inf
    for_avg = workload.qps_avg / rates.requests_per_s_planned
    for_peak = peak / rates.requests_per_s_capacity
    if max(for_avg, for_peak) * gpus_per_replica > MAX_FLEET_GPUS:  # no integer of 300 digits
        return max(for_avg, for_peak) * gpus_per_replica
    replicas = max(replicas_for_rate(workload.qps_avg, rates.requests_per_s_planned),
                   replicas_for_rate(peak, rates.requests_per_s_capacity))
    return float(replicas * gpus_per_replica)


def fleet_reach_notice(inputs: PlanInputs, perf: PerformanceResult) -> Notice | None:
    """A coded notice when the traffic needs more than :data:`MAX_FLEET_GPUS` GPUs, else None."""
    gpus = fleet_gpus_needed(perf, inputs.workload, inputs.deployment.gpus_per_engine)
    if gpus <= MAX_FLEET_GPUS or math.isinf(gpus):
        return None
    qps = inputs.workload.qps_peak or inputs.workload.qps_avg or 0.0
    return Notice(code="fleet_beyond_reach", params={
        "gpus": _rounded_count(gpus), "limit": f"{MAX_FLEET_GPUS:,}",
        "qps": f"{qps:,.3f}".rstrip("0").rstrip("."),
        "per_replica": f"{perf.rates.requests_per_s_capacity:.3g}"})


def _rounded_count(value: float) -> str:
    """A large count to two significant digits: ``65,000,000``; past 10¹² as ``6.5e+14``."""
    return f"{float(f'{value:.2g}'):,.0f}" if value < 1e12 else f"{value:.1e}"


ResultT = TypeVar("ResultT", bound=BaseModel)


def checked_result(inputs: PlanInputs, result: ResultT) -> ResultT:
    """``result`` once checked against the bounds of this module.

    Over-long requests and impossible figures raise; a fleet beyond reach adds its notice to the
    performance side (``result`` has a ``performance``, which may be None).
    """
    error = request_length_error(inputs)
    if error is not None:
        raise error
    perf = getattr(result, "performance", None)
    if not isinstance(perf, PerformanceResult):
        return result
    error = figure_error(perf)
    if error is not None:
        raise error
    notice = fleet_reach_notice(inputs, perf)
    if notice is None:
        return result
    checked = perf.model_copy(update={"notices": (*perf.notices, notice)})
    return result.model_copy(update={"performance": checked})
