"""Workload lengths the planner uses: planning length (P95, turns, longest class) and means."""

from __future__ import annotations

from gpucalc.core.explain import Term, term
from gpucalc.core.inputs import Workload


def planning_tokens(workload: Workload) -> Term:
    """KV tokens one request holds at the planning length (seed 000's rules).

    P95 input + P95 output, not the mean; multi-turn chat at its maximum history
    (input + (turns − 1) × tokens per turn); mixed traffic at its longest class.
    """
    history = workload.input_p95 + (workload.max_turns - 1) * workload.tokens_per_turn
    single = history + workload.output_p95
    longest = max((c.input_len + c.output_len for c in workload.classes), default=0)
    tokens = max(single, longest)
    return term(
        "planning_tokens_per_request", tokens, "tokens",
        "max(P95 input + (turns − 1) × tokens/turn + P95 output, longest class)",
        {"input_p95": workload.input_p95, "output_p95": workload.output_p95,
         "max_turns": workload.max_turns, "tokens_per_turn": workload.tokens_per_turn,
         "longest_class_tokens": longest},
        ("seed 000: plan with P95 lengths, the maximum number of turns and the longest class",),
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
