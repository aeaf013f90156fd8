"""Workload lengths the planner uses: planning length (P95, turns, longest class), average, means."""

from __future__ import annotations

import math

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.inputs import Workload

PLANNING_LENGTH_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "seed 000: KV capacity at P95 length, longest class, full multi-turn history")


def planning_tokens(workload: Workload) -> Term:
    """KV tokens one request holds at the planning length (seed 000's rules, seed 002's margin).

    P95 input + P95 output, not the mean; multi-turn chat at its maximum history
    (input + (turns − 1) × tokens per turn); mixed traffic at its longest class; all of it
    raised by the length margin (seed 002: +20–30 % when lengths vary).
    """
    history = workload.input_p95 + (workload.max_turns - 1) * workload.tokens_per_turn
    single = history + workload.output_p95
    longest = max((c.input_len + c.output_len for c in workload.classes), default=0)
    tokens = math.ceil(max(single, longest) * (1 + workload.length_margin))
    return term(
        "planning_tokens_per_request", tokens, "tokens",
        QT_TRANSLATE_NOOP(
            "Formulas", "ceil(max(P95 input + (turns − 1) × tokens/turn + P95 output, longest class) × (1 "
            "+ length margin))"),
        {"input_p95": workload.input_p95, "output_p95": workload.output_p95,
         "max_turns": workload.max_turns, "tokens_per_turn": workload.tokens_per_turn,
         "longest_class_tokens": longest, "length_margin": workload.length_margin},
        (QT_TRANSLATE_NOOP(
            "Sources", "seed 000: plan with P95 lengths, the maximum number of turns and the longest class"),
         QT_TRANSLATE_NOOP(
             "Sources", "seed 002: raise the lengths 20–30 % when request lengths vary widely")),
    )


def average_tokens(workload: Workload) -> Term:
    """KV tokens of the average request of the real traffic shape, with the length margin.

    Mean input (the class mixture, plus the average chat history over the turns) + mean output,
    raised by the length margin: the "KV at average length" of seed 001's memory check.
    """
    mean_in, mean_out = mean_lengths(workload)
    tokens = math.ceil((mean_in + mean_out) * (1 + workload.length_margin))
    return term(
        "average_tokens_per_request", tokens, "tokens",
        QT_TRANSLATE_NOOP(
            "Formulas", "ceil((mean input + (turns − 1) ÷ 2 × tokens/turn + mean output) × (1 + length "
            "margin)); means over the request classes when the traffic is mixed"),
        {"mean_input": round(mean_in, 1), "mean_output": round(mean_out, 1),
         "max_turns": workload.max_turns, "tokens_per_turn": workload.tokens_per_turn,
         "classes": len(workload.classes), "length_margin": workload.length_margin},
        (QT_TRANSLATE_NOOP(
            "Sources", "seed 001: weights + KV at average length + margin within 70 % of memory"),),
    )


def mean_lengths(workload: Workload) -> tuple[float, float]:
    """Mean input (incl. average chat history) and output tokens per request."""
    if workload.classes:
        mean_in = sum(c.share * c.input_len for c in workload.classes)
        mean_out = sum(c.share * c.output_len for c in workload.classes)
    else:
        mean_in, mean_out = float(workload.input_len_p50), float(workload.output_len_p50)
    mean_in += (workload.max_turns - 1) / 2 * workload.tokens_per_turn
    return mean_in, mean_out
