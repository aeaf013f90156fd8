"""``gpucalc test-plan``: seed 000's measurement order as commands to run, with expectations.

Takes the estimate's flags (or ``--scenario FILE``); ``--results FILE…`` reads saved benchmark
results back and marks every run pass / attention.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.catalog import user_catalog
from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, CliError, cli_language
from gpucalc.cli.scenario_source import add_scenario_source, scenario_from_args
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.bench_tools import OWN_TOOL, WRITTEN_TOOLS, BenchTool
from gpucalc.plan.compute import PlanOptions, compute_plan, plan_inputs
from gpucalc.plan.measurement_check import (
    Mark,
    MeasurementCheck,
    RunCheck,
    check_results,
    deviation_text,
    hint_text,
    read_result_files,
)
from gpucalc.plan.measurement_plan import (
    Expectation,
    MeasurementPlan,
    MeasurementRun,
    MeasurementStep,
    StepKind,
    figures_text,
    measurement_plan,
    run_label,
    step_purpose,
    step_title,
)
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import count, finite_json, percent, sig3, strict_json


def add_test_plan_args(parser: argparse.ArgumentParser) -> None:
    """The flags of ``test-plan`` (its parser and help line are the main parser's)."""
    add_scenario_source(parser)
    parser.add_argument("--tool", choices=[t.value for t in WRITTEN_TOOLS], default=None,
                        help="benchmark tool of the printed commands (default: the engine's own)")
    parser.add_argument("--results", nargs="+", metavar="FILE", default=None,
                        help="saved benchmark results: mark each run pass / attention")
    parser.add_argument("--json", action="store_true", help="one JSON object")


MARK_NAMES = {Mark.PASS: QT_TRANSLATE_NOOP("MeasurementPlanDialog", "pass"),
              Mark.ATTENTION: QT_TRANSLATE_NOOP("MeasurementPlanDialog", "attention"),
              Mark.NOT_MEASURED: QT_TRANSLATE_NOOP("MeasurementPlanDialog", "not measured")}
"""A run's or a step's mark in the window's words."""


def mark_text(mark: Mark, lang: str = "en") -> str:
    """``pass``, ``attention`` or ``not measured`` in ``lang``."""
    return translate("MeasurementPlanDialog", MARK_NAMES[mark], lang)


def expectation_text(expected: Expectation, lang: str = "en") -> str:
    """``TTFT 144 ms, TPOT 17.0 ms, 57.0 tok/s, 0.19 req/s (targets met)``."""
    verdict = (translate("Report", "targets met", lang) if expected.meets_targets
               else translate("Report", "a target broken", lang))
    return translate("Cli", "{figures} ({verdict})", lang).format(figures=figures_text(expected),
                                                                   verdict=verdict)


def _check_lines(check: RunCheck, lang: str) -> list[str]:
    if check.point is None:
        return [f"     [{mark_text(Mark.NOT_MEASURED, lang)}]"]
    figures = ", ".join(deviation_text(d, lang) for d in check.deviations)
    measured = translate("Cli", "measured {figures} — {source}", lang)
    lines = [f"     [{mark_text(check.mark, lang)}] " + measured.format(
        figures=figures or translate("Cli", "no comparable figure", lang), source=check.point.source)]
    lines += [f"       → {hint_text(hint, lang)}" for hint in check.hints]
    return lines


def _run_lines(run: MeasurementRun, tool: BenchTool, check: RunCheck | None, lang: str) -> list[str]:
    bench = run.run
    lines = ["   " + translate("Cli", "{label} ({input} in + {output} out, {prompts} prompts): expect "
                                      "{expected}", lang).format(
        label=run_label(run, lang), input=count(bench.input_tokens), output=count(bench.output_tokens),
        prompts=count(bench.num_prompts), expected=expectation_text(run.expected, lang)),
             f"     $ {run.commands.get(tool, run.commands[BenchTool.VLLM])}"]
    return lines + (_check_lines(check, lang) if check is not None else [])


def _step_lines(number: int, step: MeasurementStep, tool: BenchTool,
                check: MeasurementCheck | None, lang: str) -> list[str]:
    mark = f" [{mark_text(check.step(step.kind).mark, lang)}]" if check is not None else ""
    lines = [f"{number}. {step_title(step, lang)}{mark}", f"   {step_purpose(step, lang)}"]
    if step.breaks_at is not None:
        lines.append("   " + translate("Report", "The estimate expects a target to break at about {n} "
                                                "concurrent requests.", lang).format(n=count(step.breaks_at)))
    runs = check.step(step.kind).runs if check is not None else (None,) * len(step.runs)
    for run, run_check in zip(step.runs, runs, strict=True):
        lines += _run_lines(run, tool, run_check, lang)
    return lines


def measurement_text(mplan: MeasurementPlan, tool: BenchTool, replicas: int,
                     check: MeasurementCheck | None, lang: str = "en") -> str:
    """The plan as text in ``lang``: the serve line, then every step with its runs, commands and marks."""
    lines = [translate("Cli", "Serve: {command}", lang).format(command=mplan.serve_command),
             translate("Cli", "Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; recommendation {recommended} "
                              "concurrent requests, online capacity {online}; a figure within ±{tolerance} "
                              "passes.", lang).format(
                 ttft=sig3(mplan.ttft_target_ms), tpot=sig3(mplan.tpot_target_ms),
                 recommended=count(mplan.recommended), online=count(mplan.online_capacity),
                 tolerance=percent(mplan.tolerance))]
    if replicas > 1:
        lines.append(translate("Report", "Figures are per replica: benchmark one of the {r} replicas.",
                               lang).format(r=replicas))
    for number, step in enumerate(mplan.steps, start=1):
        lines += ["", *_step_lines(number, step, tool, check, lang)]
    if check is not None and check.unmatched:
        lines += ["", translate("Cli", "Results that match no run (other concurrency or lengths): {results}",
                                lang).format(results=", ".join(f"{p.load_label} ({p.source})"
                                                               for p in check.unmatched))]
    return "\n".join(lines)


def _point_json(point: MeasuredPoint) -> dict[str, Any]:
    """A measured point with its load in words (``c=32``, ``rate=inf``: an infinite rate is null)."""
    data: dict[str, Any] = point.model_dump(mode="json")
    data["load"] = point.load_label
    return data


def _run_json(run: RunCheck) -> dict[str, Any]:
    data: dict[str, Any] = run.model_dump(mode="json")
    if run.point is not None:
        data["point"] = _point_json(run.point)
    return data


def measurement_json(mplan: MeasurementPlan, check: MeasurementCheck | None) -> dict[str, Any]:
    """The plan, and the marks when results were given, as strict JSON data (see :func:`finite_json`)."""
    data: dict[str, Any] = {"measurement_plan": mplan.model_dump(mode="json")}
    if check is not None:
        data["check"] = {
            "steps": [{"step": s.step.value, "mark": s.mark.value,
                       "runs": [_run_json(r) for r in s.runs]} for s in check.steps],
            "unmatched": [_point_json(p) for p in check.unmatched]}
    result: dict[str, Any] = finite_json(data)
    return result


def plan_check(catalog: Catalog, scenario: Scenario, inputs: PlanInputs,
               points: Sequence[MeasuredPoint]) -> MeasurementCheck | None:
    """``points`` marked against the measurement plan of ``inputs`` (None: it does not fit)."""
    plan = plan_inputs(catalog, scenario, inputs, PlanOptions(views=False, uncertainty=False))
    mplan = measurement_plan(plan)
    return check_results(mplan, points) if mplan is not None else None


STEP_NAMES = {StepKind.BASELINE: QT_TRANSLATE_NOOP("Cli", "baseline"),
              StepKind.LADDER: QT_TRANSLATE_NOOP("Cli", "ladder"),
              StepKind.MIX: QT_TRANSLATE_NOOP("Cli", "mix"),
              StepKind.WATERMARK: QT_TRANSLATE_NOOP("Cli", "watermark")}
"""The measurement steps in one word each (context "Cli")."""


def marks_line(check: MeasurementCheck, lang: str = "en") -> str:
    """``baseline: pass · ladder: attention · …``: every step's mark on one line, in ``lang``."""
    return " · ".join(translate("Cli", "{step}: {mark}", lang).format(
        step=translate("Cli", STEP_NAMES[s.step], lang), mark=mark_text(s.mark, lang)) for s in check.steps)


def run_test_plan(args: argparse.Namespace) -> int:
    """``gpucalc test-plan``: print the measurement plan (and marks); exit 3 if it does not fit."""
    scenario = scenario_from_args(args)
    plan = compute_plan(user_catalog(cli_language(args)), scenario,
                        PlanOptions(views=False, uncertainty=False))
    mplan = measurement_plan(plan)
    if mplan is None:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "the model does not fit, so there is nothing to "
                                                   "measure"), EXIT_DOES_NOT_FIT)
    check = None
    if args.results:
        check = check_results(mplan, read_result_files(Path(p) for p in args.results))
    if args.json:
        print(strict_json(measurement_json(mplan, check)))
    else:
        tool = BenchTool(args.tool) if args.tool else OWN_TOOL[plan.inputs.engine.kind]
        print(measurement_text(mplan, tool, plan.inputs.deployment.replicas, check, cli_language(args)))
    return 0
