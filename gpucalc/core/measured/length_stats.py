"""Statistics of real request lengths and the workload they suggest.

Percentiles use linear interpolation between order statistics (numpy's default, the same as
Excel's PERCENTILE.INC) and are rounded up to whole tokens, so a planning length is never below
the data. With conversation ids, each conversation is ordered by its turn index (file order when
none is given); the prompt of turn t + 1 repeats the history, so the growth per turn is the
median increase of the prompt between consecutive turns, and the input percentiles are taken
over first turns (the workload adds the history back as (turns − 1) × tokens per turn).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.explain import InputValue, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.length_records import LengthRecord
from gpucalc.core.specs.inputs import RequestClass, Workload
from gpucalc.core.specs.length_mixture import (
    MIXTURE_RULE,
    MIXTURE_SOURCE,
    MixtureFit,
    assign_components,
    choose_mixture,
)

IntArray = npt.NDArray[np.int64]
HISTOGRAM_BINS = 24
MAX_TURNS = 1000
PERCENTILE_RULE = QT_TRANSLATE_NOOP(
    "Formulas", "linear interpolation between order statistics, rounded up to whole tokens")
LENGTH_NAMES = {"input_tokens": QT_TRANSLATE_NOOP("Formulas", "input tokens"),
                "output_tokens": QT_TRANSLATE_NOOP("Formulas", "output tokens")}
"""How a formula names each length."""


class LengthHistogram(BaseModel):
    """Counts of requests in log-spaced length bins (bin i is [edges[i], edges[i+1]))."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    edges_tokens: tuple[float, ...]
    counts: tuple[int, ...]


class LengthDistribution(BaseModel):
    """Percentiles and histogram of one length (input or output tokens)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    p50: Term
    p95: Term
    p99: Term
    mean: Term
    histogram: LengthHistogram


class LengthStats(BaseModel):
    """What a lengths file says, and the workload it suggests (every field explained)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    requests: int
    conversations: int
    input: LengthDistribution
    output: LengthDistribution
    workload: Workload
    explain: dict[str, Term]


def percentile_tokens(values: IntArray, q: float) -> int:
    """The ``q``-th percentile (0–100) of token counts, rounded up to a whole token."""
    return math.ceil(float(np.percentile(values, q)) - 1e-9)


def log_histogram(values: IntArray, bins: int = HISTOGRAM_BINS) -> LengthHistogram:
    """Histogram with ``bins`` log-spaced bins from the smallest to the largest length."""
    low, high = float(values.min()), float(values.max())
    if high <= low:
        high = low + 1.0
    edges = np.geomspace(low, high * (1 + 1e-9), bins + 1)
    counts, _ = np.histogram(values, bins=edges)
    return LengthHistogram(edges_tokens=tuple(float(e) for e in edges),
                           counts=tuple(int(c) for c in counts))


def length_distribution(values: IntArray, name: str, scope: str) -> LengthDistribution:
    """P50, P95, P99, mean and histogram of one length, as terms keyed ``{name}.*``."""
    inputs: dict[str, InputValue] = {"requests": int(values.size), "scope": scope}

    def pct(q: int) -> Term:
        return term(f"{name}.p{q}", percentile_tokens(values, q), "tokens",
                    template(QT_TRANSLATE_NOOP("Formulas", "P{q} of {name} over {scope} ({rule})"), q=q,
                             name=LENGTH_NAMES.get(name, name), scope=scope, rule=PERCENTILE_RULE), inputs)

    return LengthDistribution(
        p50=pct(50), p95=pct(95), p99=pct(99),
        mean=term(f"{name}.mean", float(values.mean()), "tokens", template(QT_TRANSLATE_NOOP(
            "Formulas", "mean of {name} over {scope}"),
                                             name=LENGTH_NAMES.get(name, name), scope=scope),
                  inputs),
        histogram=log_histogram(values))


def conversation_turns(records: Sequence[LengthRecord]) -> list[list[LengthRecord]]:
    """Records grouped by conversation, each ordered by turn (file order breaks ties)."""
    groups: dict[str, list[tuple[int, int, LengthRecord]]] = {}
    for position, record in enumerate(records):
        if record.conversation is not None:
            turn = record.turn if record.turn is not None else position
            groups.setdefault(record.conversation, []).append((turn, position, record))
    return [[r for _, _, r in sorted(turns)] for turns in groups.values()]


def turn_terms(conversations: list[list[LengthRecord]]) -> dict[str, Term]:
    """``max_turns`` (P95 turns per conversation) and ``tokens_per_turn`` (median growth)."""
    counts = np.array([len(c) for c in conversations], dtype=np.int64)
    growth = np.array([max(b.input_tokens - a.input_tokens, 0) for c in conversations
                       for a, b in itertools.pairwise(c)], dtype=np.int64)
    turns = min(percentile_tokens(counts, 95), MAX_TURNS)
    per_turn = int(np.ceil(np.median(growth))) if growth.size else 0
    source = (QT_TRANSLATE_NOOP("Sources", "the prompt of each turn repeats the conversation so far"),)
    return {
        "max_turns": term("workload.max_turns", turns, "turns",
                          template(QT_TRANSLATE_NOOP("Formulas", "P95 of turns per conversation ({rule})"),
                                   rule=PERCENTILE_RULE),
                          {"conversations": int(counts.size)}, source),
        "tokens_per_turn": term("workload.tokens_per_turn", per_turn, "tokens",
                                QT_TRANSLATE_NOOP(
                                    "Formulas", "median of max(prompt(t + 1) − prompt(t), 0) over "
                                    "consecutive turns"),
                                {"turn_pairs": int(growth.size)}, source),
    }


def class_terms(fit: MixtureFit, inputs: IntArray, outputs: IntArray) -> list[Term]:
    """Share, mean input and mean output of each class, one term per quantity per class."""
    labels = assign_components(fit, (inputs + outputs).astype(np.float64))
    found: list[Term] = []
    for index in range(fit.components):
        members = labels == index
        share = float(members.mean())
        facts: dict[str, InputValue] = {
            "requests": int(members.sum()), "centre_tokens": round(2 ** fit.means_log2[index]),
            "components": fit.components}
        found.extend((
            term(f"workload.classes[{index}].share", share, "", template(QT_TRANSLATE_NOOP(
                "Formulas", "requests in class ÷ all ({rule})"), rule=MIXTURE_RULE),
                 facts, (MIXTURE_SOURCE,)),
            term(f"workload.classes[{index}].input_len", math.ceil(float(inputs[members].mean())),
                 "tokens", QT_TRANSLATE_NOOP(
                     "Formulas", "mean input tokens of the class, rounded up"), facts, (MIXTURE_SOURCE,)),
            term(f"workload.classes[{index}].output_len", math.ceil(float(outputs[members].mean())),
                 "tokens", QT_TRANSLATE_NOOP(
                     "Formulas", "mean output tokens of the class, rounded up"), facts, (MIXTURE_SOURCE,)),
        ))
    return found


def classes_from_terms(terms: list[Term]) -> tuple[RequestClass, ...]:
    """Request classes from their share / input / output terms (shares renormalised to 1)."""
    triples = [terms[i:i + 3] for i in range(0, len(terms), 3)]
    total = sum(t[0].value for t in triples)
    names = ("short", "medium", "long") if len(triples) == 3 else ("short", "long")
    return tuple(RequestClass(name=name, share=share.value / total, input_len=int(inp.value),
                              output_len=int(out.value))
                 for name, (share, inp, out) in zip(names, triples, strict=False))


@dataclass(frozen=True)
class _PlanningSet:
    """Conversations, the (input, output) pairs planned with, and every output length."""

    conversations: list[list[LengthRecord]]
    inputs: IntArray
    paired_outputs: IntArray
    all_outputs: IntArray


def _tokens(records: Sequence[LengthRecord], field: int) -> IntArray:
    """One field (0 = input, 1 = output) of every record as an integer array."""
    return np.fromiter((r[field] for r in records), dtype=np.int64, count=len(records))


def planning_set(records: Sequence[LengthRecord]) -> _PlanningSet:
    """First turns of conversations plus loose requests (all requests when there is no chat)."""
    conversations = conversation_turns(records)
    planning = ([*(c[0] for c in conversations), *(r for r in records if r.conversation is None)]
                if conversations else list(records))
    return _PlanningSet(conversations=conversations, inputs=_tokens(planning, 0),
                        paired_outputs=_tokens(planning, 1), all_outputs=_tokens(records, 1))


def length_stats(records: Sequence[LengthRecord]) -> LengthStats:
    """Percentiles, histograms and the suggested workload of a non-empty set of requests."""
    if not records:
        raise ValueError("no requests to summarise")
    data = planning_set(records)
    chat = bool(data.conversations)
    inp = length_distribution(data.inputs, "input_tokens",
                              QT_TRANSLATE_NOOP("Formulas", "first turns of conversations") if chat
                              else QT_TRANSLATE_NOOP("Formulas", "all requests"))
    out = length_distribution(data.all_outputs, "output_tokens", QT_TRANSLATE_NOOP(
        "Formulas", "all requests"))
    explain = {"input_len_p50": inp.p50, "input_len_p95": inp.p95,
               "output_len_p50": out.p50, "output_len_p95": out.p95}
    if chat:
        explain.update(turn_terms(data.conversations))
    fit = choose_mixture((data.inputs + data.paired_outputs).astype(np.float64))
    classes = class_terms(fit, data.inputs, data.paired_outputs) if fit.components > 1 else []
    explain.update({t.key.removeprefix("workload."): t for t in classes})
    workload = Workload(
        input_len_p50=int(inp.p50.value), input_len_p95=int(inp.p95.value),
        output_len_p50=int(out.p50.value), output_len_p95=int(out.p95.value),
        max_turns=int(explain["max_turns"].value) if chat else 1,
        tokens_per_turn=int(explain["tokens_per_turn"].value) if chat else 0,
        classes=classes_from_terms(classes))
    return LengthStats(requests=len(records), conversations=len(data.conversations), input=inp,
                       output=out, workload=workload, explain=explain)
