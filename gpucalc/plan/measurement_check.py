"""Saved benchmark results matched to the measurement plan's runs and marked. No Qt.

Each measured point (read by :mod:`gpucalc.io.bench_results`) goes to the first run of the plan
with the same concurrency and, when the result states them, mean lengths within 10 %. A run
passes when every figure it predicts is within the plan's tolerance of the measurement and the
targets held (or broke) as the estimate expects; otherwise it needs attention, with what to look
at (seed 000: "if the load test is far from your estimate, don't rush to change the model: check
which memory deduction was missed and whether the context used the mean"). The hints and the
words of :func:`deviation_text` are marked for the catalogue in context "MeasurementCheck";
:func:`hint_text` translates a hint where it is shown.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.io.bench_results import read_bench_results
from gpucalc.plan.measurement_plan import MeasurementPlan, MeasurementRun, StepKind
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import sig3

LENGTH_MATCH = 0.10  # a result's mean lengths within 10 % of the run's count as the same run


class Mark(StrEnum):
    """A run's or a step's verdict."""

    PASS = "pass"
    ATTENTION = "attention"
    NOT_MEASURED = "not measured"


CHECK_CONTEXT = "MeasurementCheck"
"""The catalogue context of the hints and the deviation words."""
HINT_TTFT_HIGH = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "TTFT above the estimate: check the prompt lengths the benchmark sent and "
                        "that the context was planned at P95, not the mean; queueing in front of "
                        "prefill also shows here")
HINT_TPOT_HIGH = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "Per-token latency above the estimate: calibrate the efficiency factors on "
                        "these results (gpucalc calibrate --bench FILE)")
HINT_THROUGHPUT_LOW = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "Throughput below the estimate: fewer requests run at once than planned; "
                        "check which memory deduction was missed (activation peak, CUDA graphs, "
                        "runtime), which shrinks the KV cache and preempts requests")
HINT_FASTER = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "Faster than the estimate: the efficiency factors are cautious; calibrate "
                        "on these results to plan closer to the hardware")
HINT_TARGET_BROKE = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "A latency target broke where the estimate expects it to hold")
HINT_TARGET_HELD = QT_TRANSLATE_NOOP(
    "MeasurementCheck", "The targets held where the estimate expects one to break: capacity is higher")
NO_ESTIMATE = QT_TRANSLATE_NOOP("MeasurementCheck", "{measured} (no estimate)")


def hint_text(hint: str, lang: str) -> str:
    """A hint of :attr:`RunCheck.hints` in ``lang``."""
    return translate(CHECK_CONTEXT, hint, lang)


class Deviation(BaseModel):
    """One predicted figure against its measurement."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    metric: str  # ttft_ms, tpot_ms, output_tokens_per_s, requests_per_s
    expected: float
    measured: float

    @property
    def ratio(self) -> float:
        """Measured ÷ expected."""
        return self.measured / self.expected if self.expected > 0 else float("inf")


METRIC_FORMATS = {"ttft_ms": "TTFT {v} ms", "tpot_ms": "TPOT {v} ms",
                  "output_tokens_per_s": "{v} tok/s", "requests_per_s": "{v} req/s"}


def deviation_text(deviation: Deviation, lang: str = "en") -> str:
    """``TTFT 171 ms (+5 %)``: a measured figure and its distance from the expectation.

    Without a positive expectation to compare with, the distance reads ``(no estimate)`` in ``lang``.
    """
    measured = METRIC_FORMATS[deviation.metric].format(v=sig3(deviation.measured))
    if not math.isfinite(deviation.ratio):
        return translate(CHECK_CONTEXT, NO_ESTIMATE, lang).format(measured=measured)
    return f"{measured} ({(deviation.ratio - 1) * 100:+.0f} %)"


class RunCheck(BaseModel):
    """One run of the plan with the result matched to it (if any) and its mark."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    step: StepKind
    label: str
    point: MeasuredPoint | None
    deviations: tuple[Deviation, ...]
    targets_held: bool | None
    mark: Mark
    hints: tuple[str, ...]


class StepCheck(BaseModel):
    """A step's runs, checked; attention when any measured run needs it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    step: StepKind
    runs: tuple[RunCheck, ...]

    @property
    def mark(self) -> Mark:
        """Attention if any run needs it, pass if any was measured, else not measured."""
        marks = {r.mark for r in self.runs}
        if Mark.ATTENTION in marks:
            return Mark.ATTENTION
        return Mark.PASS if Mark.PASS in marks else Mark.NOT_MEASURED


def _close(measured: float | None, planned: int) -> bool:
    return measured is None or abs(measured - planned) <= LENGTH_MATCH * planned


def matches(point: MeasuredPoint, run: MeasurementRun) -> bool:
    """Same concurrency, and mean lengths (where the result states them) within 10 %."""
    return (point.concurrency is not None and round(point.concurrency) == run.run.concurrency
            and _close(point.mean_input_tokens, run.run.input_tokens)
            and _close(point.mean_output_tokens, run.run.output_tokens))


def _deviations(run: MeasurementRun, point: MeasuredPoint) -> tuple[Deviation, ...]:
    exp = run.expected
    pairs = {"ttft_ms": (exp.ttft_ms, point.ttft_ms),
             "tpot_ms": (exp.tpot_ms, point.tpot_ms if point.tpot_ms is not None else point.itl_ms),
             "output_tokens_per_s": (exp.output_tokens_per_s, point.output_tok_s),
             "requests_per_s": (exp.requests_per_s, point.request_per_s)}
    return tuple(Deviation(metric=k, expected=e, measured=m) for k, (e, m) in pairs.items()
                 if e is not None and m is not None)


def _targets_held(point: MeasuredPoint, plan: MeasurementPlan) -> bool | None:
    per_token = point.tpot_ms if point.tpot_ms is not None else point.itl_ms
    if per_token is None:
        return None
    return per_token <= plan.tpot_target_ms and (point.ttft_ms is None
                                                 or point.ttft_ms <= plan.ttft_target_ms)


def _hints(deviations: Iterable[Deviation], tolerance: float, held: bool | None,
           expected_held: bool) -> tuple[str, ...]:
    hints = []
    off = {d.metric: d.ratio for d in deviations if abs(d.ratio - 1) > tolerance}
    if off.get("ttft_ms", 1.0) > 1:
        hints.append(HINT_TTFT_HIGH)
    if off.get("tpot_ms", 1.0) > 1:
        hints.append(HINT_TPOT_HIGH)
    if min(off.get("output_tokens_per_s", 1.0), off.get("requests_per_s", 1.0)) < 1:
        hints.append(HINT_THROUGHPUT_LOW)
    if off and all(r < 1 if m.endswith("_ms") else r > 1 for m, r in off.items()):
        hints.append(HINT_FASTER)
    if held is False and expected_held:
        hints.append(HINT_TARGET_BROKE)
    if held is True and not expected_held:
        hints.append(HINT_TARGET_HELD)
    return tuple(hints)


def check_run(step: StepKind, run: MeasurementRun, point: MeasuredPoint | None,
              plan: MeasurementPlan) -> RunCheck:
    """Mark one run against its matched result."""
    if point is None:
        return RunCheck(step=step, label=run.label, point=None, deviations=(), targets_held=None,
                        mark=Mark.NOT_MEASURED, hints=())
    deviations = _deviations(run, point)
    held = _targets_held(point, plan)
    hints = _hints(deviations, plan.tolerance, held, run.expected.meets_targets)
    within = all(abs(d.ratio - 1) <= plan.tolerance for d in deviations)
    as_expected = held is None or held == run.expected.meets_targets
    return RunCheck(step=step, label=run.label, point=point, deviations=deviations,
                    targets_held=held, mark=Mark.PASS if within and as_expected else Mark.ATTENTION,
                    hints=hints)


class MeasurementCheck(BaseModel):
    """Every step checked, and the results that matched no run of the plan."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    steps: tuple[StepCheck, ...]
    unmatched: tuple[MeasuredPoint, ...]

    def step(self, kind: StepKind) -> StepCheck:
        """The check of one step."""
        return next(s for s in self.steps if s.step == kind)


def check_results(plan: MeasurementPlan, points: Sequence[MeasuredPoint]) -> MeasurementCheck:
    """Every step of ``plan`` with the results of ``points`` matched to its runs and marked."""
    unused = list(points)
    checks = []
    for step in plan.steps:
        runs = []
        for run in step.runs:
            point = next((p for p in unused if matches(p, run)), None)
            if point is not None:
                unused.remove(point)
            runs.append(check_run(step.kind, run, point, plan))
        checks.append(StepCheck(step=step.kind, runs=tuple(runs)))
    return MeasurementCheck(steps=tuple(checks), unmatched=tuple(unused))


def read_result_files(paths: Iterable[Path]) -> list[MeasuredPoint]:
    """The measured points of every file (raises InputFileError for an unreadable one)."""
    return [point for path in paths for point in read_bench_results(path)]
