"""Mixed traffic: each request class's latency on its own line (seed 000: watch the long one).

Short and long requests share the batch, the step times and the queue in front of the prefill,
but a long prompt needs more prefill chunks and so waits longer for its first token; in mixed
traffic the long class breaks its TTFT target first. Each class gets its P-th TTFT and TPOT at
the recommended batch, and the longest class (most tokens per request) is marked.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.perf_model import PerfContext
from gpucalc.core.capacity.tail_latency import Arrivals, latency_of_length
from gpucalc.core.common.explain import InputValue, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import MS_PER_S
from gpucalc.core.specs.inputs import PlanInputs


class ClassLatency(BaseModel):
    """One request class at the recommended batch."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    share: float
    input_tokens: int
    output_tokens: int
    longest: bool
    ttft_ms: Term
    tpot_ms: Term
    meets_targets: bool


def class_latencies(ctx: PerfContext, classes: tuple[tuple[str, float, int, int], ...],
                    history: float, running: int) -> tuple[ClassLatency, ...]:
    """P-th TTFT and TPOT of every (name, share, input, output) class at ``running`` requests.

    ``history`` is the mean multi-turn history added to every prompt. Empty without
    classes.
    """
    if not classes:
        return ()
    point = ctx.tail_at(max(running, 1), Arrivals.CLOSED_LOOP)
    longest = max(range(len(classes)), key=lambda i: classes[i][2] + classes[i][3])
    pct = ctx.percentile
    rows = []
    for index, (name, share, prompt, output) in enumerate(classes):
        ttft_s, tpot_s = latency_of_length(ctx.step, point, prompt + history, output, pct)
        info: dict[str, InputValue] = {
            "class": name or f"class {index + 1}", "share": share, "input_tokens": prompt,
            "output_tokens": output, "running": max(running, 1), "percentile": pct,
            "prefill_step_share": round(point.prefill_step_share, 3),
            "prefill_queue_wait_ms": round(point.wait_s * MS_PER_S, 1)}
        ttft = term(f"class.{index}.ttft_ms", ttft_s * MS_PER_S, "ms",
                    template(QT_TRANSLATE_NOOP(
                        "Formulas", "P{pct}: the step in progress + queue wait in front of the prefill + "
                        "ceil(input ÷ room) prefill steps of this class's prompt"), pct=pct), info,
                    (QT_TRANSLATE_NOOP(
                        "Sources", "seed 000: with mixed lengths watch the long requests' line; it breaks "
                        "first"),))
        tpot = term(f"class.{index}.tpot_ms", tpot_s * MS_PER_S, "ms",
                    template(QT_TRANSLATE_NOOP(
                        "Formulas", "P{pct}: decode step + share of chunked-prefill steps met over this "
                        "class's output"), pct=pct), info, (ctx.efficiency.source,))
        rows.append(ClassLatency(
            name=name or f"class {index + 1}", share=share, input_tokens=prompt,
            output_tokens=output, longest=index == longest, ttft_ms=ttft, tpot_ms=tpot,
            meets_targets=ttft_s <= ctx.ttft_target_s and tpot_s <= ctx.tpot_target_s))
    return tuple(rows)


def class_rows(inputs: PlanInputs) -> tuple[tuple[str, float, int, int], ...]:
    """(name, share, input, output) of each class of the workload."""
    return tuple((c.name, c.share, c.input_len, c.output_len) for c in inputs.workload.classes)


def history_tokens(inputs: PlanInputs) -> float:
    """Mean multi-turn history added to every prompt (tokens)."""
    workload = inputs.workload
    return (workload.max_turns - 1) / 2 * workload.tokens_per_turn
