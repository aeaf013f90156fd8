"""The report's appendix: the measurement order as commands, with what the estimate expects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.engines.bench_tools import OWN_TOOL, BenchTool
from gpucalc.plan.measurement_plan import (
    Expectation,
    MeasurementPlan,
    MeasurementStep,
    figures_text,
    measurement_plan,
    run_label,
    step_purpose,
    step_title,
)
from gpucalc.report.layout import Block, Cell, Paragraph, table
from gpucalc.report.numbers import count, percent

if TYPE_CHECKING:
    from gpucalc.report.writer import Writer

MEASUREMENT_SECTION = 12  # index in SECTION_TITLES
INTRO = QT_TRANSLATE_NOOP(
    "Report", "The measurement order: a single-request baseline, a concurrency ladder at a fixed "
              "context until a latency target breaks, the real traffic mix, and the watermark check. "
              "Start the engine with the serve command, run each step and save its results; "
              "gpucalc test-plan --results FILE… (or Tools → Measurement plan… in the window) marks "
              "each run pass or attention: a figure within ±{tol} of this estimate passes. If the "
              "load test is far from the estimate, first check which memory deduction was missed "
              "and whether the context used the mean instead of P95.")


def expectation_text(w: Writer, expected: Expectation) -> str:
    """The predicted figures of one run and whether the targets hold, in the report's language."""
    verdict = w.t("targets met") if expected.meets_targets else w.t("a target broken")
    return f"{figures_text(expected)}; {verdict}"


def _step_blocks(w: Writer, number: int, step: MeasurementStep, tool: BenchTool) -> list[Block]:
    blocks: list[Block] = [
        Paragraph(f"{number}. {step_title(step, w.lang)}", bold=True, space_before_pt=4,
                  keep_with_next=True),
        Paragraph(step_purpose(step, w.lang), size_pt=8.5, keep_with_next=True)]
    if step.breaks_at is not None:
        blocks.append(Paragraph(w.t("The estimate expects a target to break at about {n} concurrent "
                                    "requests.", n=count(step.breaks_at)), size_pt=8.5,
                                keep_with_next=True))
    rows = []
    for run in step.runs:
        label = w.t("{label}: {input} in + {output} out, {prompts} prompts", label=run_label(run, w.lang),
                    input=count(run.run.input_tokens), output=count(run.run.output_tokens),
                    prompts=count(run.run.num_prompts))
        rows.append((Cell(label), Cell(expectation_text(w, run.expected)),
                     Cell(run.commands.get(tool, run.commands[BenchTool.VLLM]), mono=True)))
    return blocks + table([w.t("Run"), w.t("Expected"), w.t("Command")], rows, (2.0, 2.6, 5.6),
                          size_pt=7.5)


def plan_blocks(w: Writer, mplan: MeasurementPlan) -> list[Block]:
    """The serve line and every step of ``mplan``."""
    tool = OWN_TOOL[w.data.inputs.engine.kind]
    blocks: list[Block] = [
        w.heading(MEASUREMENT_SECTION), w.note(w.t(INTRO, tol=percent(mplan.tolerance))),
        Paragraph(w.t("Serve command"), bold=True, keep_with_next=True),
        Paragraph(mplan.serve_command, size_pt=7.5, mono=True)]
    replicas = w.data.inputs.deployment.replicas
    if replicas > 1:
        blocks.append(w.note(w.t("Figures are per replica: benchmark one of the {r} replicas.",
                                 r=replicas)))
    for number, step in enumerate(mplan.steps, start=1):
        blocks += _step_blocks(w, number, step, tool)
    return blocks


def measurement_section(w: Writer) -> list[Block]:
    """The appendix; empty when the model does not fit (there is nothing to measure)."""
    mplan = measurement_plan(w.data.plan)
    return plan_blocks(w, mplan) if mplan is not None else []
