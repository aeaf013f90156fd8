"""Seed 000's pre-reporting checklist, filled in with the result. No Qt.

"Before you report a capacity number, go through each item" (seed 000, 容量规划清单): model size
and precision, weights on their own line, context at the real percentile, TTFT/TPOT targets,
KV sized for the real traffic shape, margin and a degradation plan, and the gap between the
estimate and the measurement. Each item carries English templates with parameters, marked for
the catalogue in context "Checklist"; :func:`item_title` and :func:`item_detail` translate and
fill them in for the window and the PDF alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.capacity.sweep import SCENARIO_TIER
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.specs.workload_shape import planning_tokens
from gpucalc.plan.compute import Plan
from gpucalc.text.answer_text import fleet_sentence
from gpucalc.text.catalogue import list_separator, sentence_separator, translate
from gpucalc.text.numbers import count, gib, params_text, percent, sig3

LATENCY_TOLERANCE = 1.01  # the compute ceiling is found by search; allow 1 % rounding
CHECKLIST_CONTEXT = "Checklist"
"""The catalogue context of the checklist's titles, templates and words."""
CONTEXT_TITLE = QT_TRANSLATE_NOOP("Checklist", "Context length at the real percentile")
LATENCY_TITLE = QT_TRANSLATE_NOOP("Checklist", "TTFT and TPOT targets")
MARGIN_TITLE = QT_TRANSLATE_NOOP("Checklist", "Margin")
DEGRADATION_TITLE = QT_TRANSLATE_NOOP("Checklist", "Degradation plan for peaks")


@dataclass(frozen=True)
class ChecklistItem:
    """One checklist line: what must be stated, the value stated, and whether it passes."""

    title: str
    detail: str | tuple[str, ...]  # template(s); several are translated one by one and joined
    values: dict[str, str] = field(default_factory=dict)
    passed: bool = True
    fleet: FleetVerdict | None = None  # stated last, in the answer's one fleet sentence


    @property
    def parts(self) -> tuple[str, ...]:
        """The detail templates, in order."""
        return (self.detail,) if isinstance(self.detail, str) else self.detail


def item_title(item: ChecklistItem, lang: str) -> str:
    """The item's title in ``lang``."""
    return translate(CHECKLIST_CONTEXT, item.title, lang)


def item_detail(item: ChecklistItem, lang: str) -> str:
    """The item's stated value in ``lang``: each template translated, filled in, then joined.

    Values that are words of the checklist (yes / no) are translated too; names and numbers
    are not marked, so they show as they are.
    """
    values = {key: translate(CHECKLIST_CONTEXT, value, lang) for key, value in item.values.items()}
    text = list_separator(lang).join(translate(CHECKLIST_CONTEXT, part, lang).format(**values)
                                     for part in item.parts)
    if item.fleet is None:
        return text
    return text + sentence_separator(lang) + fleet_sentence(item.fleet, lang)


def _model_item(data: Plan) -> ChecklistItem:
    inputs, params = data.inputs, data.result.memory.params
    return ChecklistItem(
        QT_TRANSLATE_NOOP("Checklist", "Model size and precision"),
        QT_TRANSLATE_NOOP("Checklist", "{model}: {total} parameters ({active} active per token); "
                                       "weights {weights}, KV cache {kv}"),
        {"model": inputs.model.name, "total": params_text(params.total.value),
         "active": params_text(params.active.value), "weights": inputs.weight_format.label,
         "kv": inputs.kv_format.label})


def _weights_item(data: Plan) -> ChecklistItem:
    memory = data.result.memory
    weights = memory.binding.weights_total.value
    total = memory.settings.total_gib.value
    share = data.inputs.targets.planning_memory_share
    return ChecklistItem(
        QT_TRANSLATE_NOOP("Checklist", "Weights on their own line"),
        QT_TRANSLATE_NOOP("Checklist", "{weights} GiB per GPU of {total} GiB ({share} of memory; "
                                       "planning share {limit})"),
        {"weights": gib(weights), "total": gib(total), "share": percent(weights / total),
         "limit": percent(share)},
        passed=weights <= share * total)


NO_P95 = QT_TRANSLATE_NOOP("Checklist", "No P95 length given: planned at the P50 lengths ({input} + "
                                        "{output} = {planning} tokens); state the real P95 of your "
                                        "traffic (max_model_len {max_len})")
AT_P95_WITH_HISTORY = QT_TRANSLATE_NOOP("Checklist", "Planned at P95: {input} input + {history} chat "
                                                     "history + {output} output = {planning} tokens per "
                                                     "request (not max_model_len {max_len})")
AT_P95 = QT_TRANSLATE_NOOP("Checklist", "Planned at P95: {input} input + {output} output = {planning} "
                                        "tokens per request (not max_model_len {max_len})")


def _context_item(data: Plan) -> ChecklistItem:
    wl = data.inputs.workload
    planning = int(planning_tokens(wl).value)
    values = {"input": count(wl.input_p95), "output": count(wl.output_p95),
              "planning": count(planning),
              "max_len": count(data.result.memory.settings.max_model_len.value)}
    if wl.input_len_p95 is None and wl.output_len_p95 is None:
        return ChecklistItem(CONTEXT_TITLE, NO_P95, values, passed=False)
    history = (wl.max_turns - 1) * wl.tokens_per_turn
    parts: tuple[str, ...] = (AT_P95_WITH_HISTORY if history else AT_P95,)
    one_sided = _p50_side(wl)
    if one_sided:
        parts += (one_sided,)
    return ChecklistItem(CONTEXT_TITLE, parts, values | {"history": count(history)})


def _p50_side(wl: Workload) -> str:
    """A note when only one of the two lengths has a P95 (the other is planned at its P50)."""
    if wl.output_len_p95 is None:
        return QT_TRANSLATE_NOOP("Checklist", "output at its P50 (no output P95 given)")
    if wl.input_len_p95 is None:
        return QT_TRANSLATE_NOOP("Checklist", "input at its P50 (no input P95 given)")
    return ""


def _latency_item(data: Plan, perf: PerformanceResult | None) -> ChecklistItem:
    targets = data.inputs.targets
    values = {"ttft": sig3(targets.ttft_ms), "tpot": sig3(targets.tpot_ms)}
    if perf is None:
        return ChecklistItem(
            LATENCY_TITLE,
            QT_TRANSLATE_NOOP("Checklist", "Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; not evaluated: "
                                           "the model does not fit"),
            values, passed=False)
    point = perf.at_recommended
    values |= {"n": count(perf.recommended_concurrency.value),
               "ttft_at": sig3(point.ttft_ms.value), "tpot_at": sig3(point.tpot_ms.value)}
    meets = (0 <= point.ttft_ms.value <= targets.ttft_ms * LATENCY_TOLERANCE
             and 0 <= point.tpot_ms.value <= targets.tpot_ms * LATENCY_TOLERANCE)
    return ChecklistItem(
        LATENCY_TITLE,
        QT_TRANSLATE_NOOP("Checklist", "Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; at {n} concurrent "
                                       "requests: TTFT {ttft_at} ms, TPOT {tpot_at} ms"),
        values, passed=meets)


def _kv_item(data: Plan) -> ChecklistItem:
    memory, wl = data.result.memory, data.inputs.workload
    planning = planning_tokens(wl)
    values = {"tokens": count(memory.kv_cache_tokens.value),
              "n": sig3(memory.concurrency_p95.value), "planning": count(planning.value),
              "turns": str(wl.max_turns),
              "longest": count(max((c.input_len + c.output_len for c in wl.classes), default=0))}
    shape = [QT_TRANSLATE_NOOP("Checklist", "KV cache holds {tokens} tokens per replica: {n} requests "
                                            "at the planning length ({planning} tokens)")]
    if wl.classes:
        shape.append(QT_TRANSLATE_NOOP("Checklist", "mixed traffic planned at its longest class "
                                                    "({longest} tokens)"))
    if wl.max_turns > 1:
        shape.append(QT_TRANSLATE_NOOP("Checklist",
                                       "multi-turn chat at its full history ({turns} turns)"))
    return ChecklistItem(QT_TRANSLATE_NOOP("Checklist", "KV cache sized for the real traffic shape"),
                         tuple(shape), values,
                         passed=memory.fits and memory.concurrency_p95.value >= 1)


ONLINE_CAPACITY = QT_TRANSLATE_NOOP(
    "Checklist", "Online capacity {online} requests ({watermark} watermark of the knee, {n}); weights "
                 "+ KV at the average length ({avg_len} tokens) + margin within {share} of memory "
                 "allow {plan} requests; {online} requests fill {used}")


def _margin_item(data: Plan, perf: PerformanceResult | None) -> ChecklistItem:
    """Margin: the watermark's online capacity, the 70 % memory rule and the fleet verdict."""
    memory, targets = data.result.memory, data.inputs.targets
    values = {"plan": count(memory.planning_check.value),
              "share": percent(targets.planning_memory_share),
              "watermark": percent(targets.watermark)}
    if perf is None:
        return ChecklistItem(MARGIN_TITLE,
                             QT_TRANSLATE_NOOP("Checklist", "No margin: the model does not fit"),
                             values, passed=False)
    share = perf.memory_share
    values |= {"online": count(perf.online_capacity.value),
               "n": count(perf.recommended_concurrency.value),
               "watermark": percent(perf.rates.watermark),
               "avg_len": count(float(memory.kv_per_average_request.inputs["average_tokens"])),
               "used": percent(share.value if share is not None else 0.0)}
    fleet = data.fleet
    carries = fleet is not None and fleet.carries
    return ChecklistItem(
        MARGIN_TITLE, (ONLINE_CAPACITY,), values,
        passed=(memory.planning_check_passes and perf.memory_share_passes
                and perf.online_capacity.value >= 1 and carries), fleet=fleet)


def _shorter_context(data: Plan) -> tuple[int, float] | None:
    """Context half the planning length and the recommendation there (from the sweep)."""
    if data.sweep is None or not data.sweep.points:
        return None
    half = planning_tokens(data.inputs.workload).value / 2
    point = min(data.sweep.points, key=lambda p: abs(p.context_tokens - half))
    return point.context_tokens, point.recommended


def _lower_precision(data: Plan) -> tuple[str, float] | None:
    """The best lower precision tier of the grid at the scenario's own planning length."""
    current = data.inputs.weight_format.bits_per_weight
    bits = {"bf16": 16.0, "fp8": 8.0, "int4": 4.0}
    cells = [c for c in data.grid if c.context_tier == SCENARIO_TIER and c.binding is not None
             and bits.get(c.precision_tier, 16.0) < current]
    if not cells:
        return None
    best = max(cells, key=lambda c: c.concurrency)
    return best.precision_tier, best.concurrency


def _degradation_item(data: Plan, perf: PerformanceResult | None) -> ChecklistItem:
    if perf is None:
        return ChecklistItem(DEGRADATION_TITLE,
                             QT_TRANSLATE_NOOP("Checklist", "None possible until the model fits"),
                             {}, passed=False)
    recommended = perf.recommended_concurrency.value
    parts = [QT_TRANSLATE_NOOP("Checklist", "lower concurrency: cap admission at {online} requests "
                                            "and queue the rest")]
    values = {"online": count(perf.online_capacity.value)}
    better = False
    shorter = _shorter_context(data)
    if shorter is not None:
        parts.insert(0, QT_TRANSLATE_NOOP("Checklist",
                                          "shorter context ({context} tokens): {short_n} requests"))
        values |= {"context": count(shorter[0]), "short_n": count(shorter[1])}
        better |= shorter[1] > recommended
    lower = _lower_precision(data)
    if lower is not None:
        parts.append(QT_TRANSLATE_NOOP("Checklist",
                                       "smaller model or precision ({tier} weights): {tier_n} requests"))
        values |= {"tier": lower[0], "tier_n": count(lower[1])}
        better |= lower[1] > recommended
    return ChecklistItem(DEGRADATION_TITLE, tuple(parts), values, passed=better)


def _measurement_item() -> ChecklistItem:
    return ChecklistItem(
        QT_TRANSLATE_NOOP("Checklist", "Estimate against measurement"),
        QT_TRANSLATE_NOOP("Checklist", "To do: run the measurement plan (single-request baseline, then "
                                       "raise concurrency to the knee: gpucalc test-plan, or Tools → "
                                       "Measurement plan…) and record the gap to this estimate"),
        {}, passed=False)


def fill_checklist(data: Plan) -> tuple[ChecklistItem, ...]:
    """Seed 000's checklist with the values of ``data``."""
    perf = data.result.performance
    return (_model_item(data), _weights_item(data), _context_item(data), _latency_item(data, perf),
            _kv_item(data), _margin_item(data, perf), _degradation_item(data, perf),
            _measurement_item())
