"""Seed 000's measurement order as a plan the user runs, with what the estimate expects. No Qt.

"实测顺序：从基线到拐点" (seed 000): measure one request first; then hold the context fixed and
raise concurrency step by step, recording TTFT, per-request speed and throughput at every rung
until a latency target breaks; then replay the real traffic mix (long and short, multi-turn) and
compare with the previous step; finally keep a safety watermark (about 70 %) as online capacity.

Every run carries the figures the plan's load curve gives at its concurrency (the curve's own
points, interpolated linearly between them; the answer's figures at the recommendation), so a
saved result can be checked against them (:mod:`gpucalc.plan.measurement_check`).

Step titles, purposes and run labels are marked for the catalogue in context "MeasurementPlan";
:func:`step_title`, :func:`step_purpose` and :func:`run_label` translate them where shown (a
traffic class the user named shows as typed).
"""

from __future__ import annotations

import itertools
import math
from enum import StrEnum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.capacity.perf_result import CurvePoint, LimitKind, PerformanceResult
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.inputs import RequestClass
from gpucalc.core.specs.workload_shape import mean_lengths
from gpucalc.engines.bench_tools import BenchTool
from gpucalc.plan.bench_commands import BenchRun, bench_commands
from gpucalc.plan.compute import Plan
from gpucalc.plan.serve_line import serve_line
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import sig3

LADDER_SHARES = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)  # rungs as shares of the recommendation
TOLERANCE = 0.25  # a measured figure within ±25 % of the expectation passes
TARGET_SLACK = 1.01  # the compute ceiling is found by search; allow 1 % rounding
BASELINE_PROMPTS = 20
PROMPTS_PER_CLIENT = 20  # the first wave of a rung is its ramp-up: most prompts run in steady state
MIN_PROMPTS = 100
LONG_TAIL_SHARE = 0.1  # share of the clients sending P95-length requests in the mix step
PLAN_CONTEXT = "MeasurementPlan"
"""The catalogue context of the steps' titles and purposes and the runs' labels."""
TYPICAL = QT_TRANSLATE_NOOP("MeasurementPlan", "typical")
LONG_TAIL = QT_TRANSLATE_NOOP("MeasurementPlan", "long tail")
UNNAMED_CLASS = QT_TRANSLATE_NOOP("MeasurementPlan", "class {i}")


class StepKind(StrEnum):
    """Seed 000's four measurement steps, in order."""

    BASELINE = "baseline"
    LADDER = "ladder"
    MIX = "mix"
    WATERMARK = "watermark"


class Expectation(BaseModel):
    """What the estimate expects a run to show (per replica; None: not predicted for this run)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    ttft_ms: float | None
    tpot_ms: float
    output_tokens_per_s: float | None
    requests_per_s: float | None
    meets_targets: bool


class MeasurementRun(BaseModel):
    """One benchmark run of a step: its load, lengths, commands and expectation."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    label: str = Field(description="'c=16', or the traffic class of a mix run (a template when "
                                   "label_values is set).")
    label_values: dict[str, str] = Field(default_factory=dict,
                                         description="Values of the label's placeholders.")
    own_name: bool = Field(default=False, description="The label is a name the user gave a traffic "
                                                      "class: shown as typed, never translated.")
    run: BenchRun
    commands: dict[BenchTool, str]
    expected: Expectation


class MeasurementStep(BaseModel):
    """One step of the measurement order; its runs (run together when ``concurrent``)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: StepKind
    title: str
    purpose: str
    runs: tuple[MeasurementRun, ...]
    concurrent: bool = False
    breaks_at: float | None = Field(default=None, description="Ladder: first curve concurrency "
                                    "past a target (None: none breaks on the curve).")


class MeasurementPlan(BaseModel):
    """The serve command and the four steps, with the targets and the tolerance they are held to."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    serve_command: str
    steps: tuple[MeasurementStep, ...]
    ttft_target_ms: float
    tpot_target_ms: float
    recommended: int
    online_capacity: int
    tolerance: float = TOLERANCE

    def step(self, kind: StepKind) -> MeasurementStep:
        """The step of one kind."""
        return next(s for s in self.steps if s.kind == kind)


def _between(low: CurvePoint, high: CurvePoint, concurrency: float) -> CurvePoint:
    """The straight line from ``low`` to ``high`` at ``concurrency``."""
    share = (concurrency - low.concurrency) / (high.concurrency - low.concurrency)
    return CurvePoint(
        concurrency=concurrency, ttft_ms=low.ttft_ms + share * (high.ttft_ms - low.ttft_ms),
        tpot_ms=low.tpot_ms + share * (high.tpot_ms - low.tpot_ms),
        output_tokens_per_s=low.output_tokens_per_s
        + share * (high.output_tokens_per_s - low.output_tokens_per_s))


def curve_at(curve: tuple[CurvePoint, ...], concurrency: float) -> CurvePoint:
    """The load curve at ``concurrency``: its point there, else linear between its neighbours.

    Clamped to the curve's first and last points outside its range.
    """
    if concurrency <= curve[0].concurrency:
        return curve[0]
    for low, high in itertools.pairwise(curve):
        if concurrency == high.concurrency:
            return high
        if low.concurrency < concurrency < high.concurrency:
            return _between(low, high, concurrency)
    return curve[-1]


def meets_targets(ttft_ms: float | None, tpot_ms: float, plan: Plan) -> bool:
    """TTFT (when known) and TPOT within the scenario's targets (1 % search slack)."""
    targets = plan.inputs.targets
    ttft_ok = ttft_ms is None or 0 <= ttft_ms <= targets.ttft_ms * TARGET_SLACK
    return ttft_ok and 0 <= tpot_ms <= targets.tpot_ms * TARGET_SLACK


def expected_at(plan: Plan, perf: PerformanceResult, concurrency: int) -> Expectation:
    """The answer's figures at the recommendation, else the load curve's at ``concurrency``."""
    if concurrency == int(perf.recommended_concurrency.value):
        point = perf.at_recommended
        ttft, tpot = point.ttft_ms.value, point.tpot_ms.value
        return Expectation(ttft_ms=ttft, tpot_ms=tpot,
                           output_tokens_per_s=point.output_tokens_per_s.value,
                           requests_per_s=point.requests_per_s.value,
                           meets_targets=meets_targets(ttft, tpot, plan))
    at = curve_at(perf.load_curve, concurrency)
    _, mean_out = mean_lengths(plan.inputs.workload)
    return Expectation(ttft_ms=at.ttft_ms, tpot_ms=at.tpot_ms,
                       output_tokens_per_s=at.output_tokens_per_s,
                       requests_per_s=at.output_tokens_per_s / max(mean_out, 1.0),
                       meets_targets=meets_targets(at.ttft_ms, at.tpot_ms, plan))


def figures_text(expected: Expectation) -> str:
    """``TTFT 144 ms, TPOT 17.0 ms, 57.0 tok/s, 0.19 req/s``: the figures a run is expected to show."""
    parts = [] if expected.ttft_ms is None else [f"TTFT {sig3(expected.ttft_ms)} ms"]
    parts.append(f"TPOT {sig3(expected.tpot_ms)} ms")
    if expected.output_tokens_per_s is not None:
        parts.append(f"{sig3(expected.output_tokens_per_s)} tok/s")
    if expected.requests_per_s is not None:
        parts.append(f"{sig3(expected.requests_per_s)} req/s")
    return ", ".join(parts)


def step_title(step: MeasurementStep, lang: str) -> str:
    """The step's title in ``lang``."""
    return translate(PLAN_CONTEXT, step.title, lang)


def step_purpose(step: MeasurementStep, lang: str) -> str:
    """What the step is for, in ``lang``."""
    return translate(PLAN_CONTEXT, step.purpose, lang)


def run_label(run: MeasurementRun, lang: str) -> str:
    """The run's label in ``lang``: a marked label translated and filled in, a class's own name as typed."""
    if run.own_name:
        return run.label
    if run.label_values:
        return translate(PLAN_CONTEXT, run.label, lang).format(**run.label_values)
    return translate(PLAN_CONTEXT, run.label, lang)


def breaking_concurrency(plan: Plan, perf: PerformanceResult) -> float | None:
    """Where the ladder breaks a latency target.

    One request past the concurrency when a latency target binds it, else the first point of
    the load curve at which TTFT or TPOT misses.
    """
    if perf.binding_limit in (LimitKind.TTFT, LimitKind.TPOT):
        return perf.recommended_concurrency.value + 1
    return next((p.concurrency for p in perf.load_curve
                 if not meets_targets(p.ttft_ms, p.tpot_ms, plan)), None)


def ladder_concurrencies(recommended: int, breaks_at: float | None) -> tuple[int, ...]:
    """Rungs around the recommendation (¼× to 2×), plus the breaking point when it lies beyond."""
    rungs = {max(1, round(recommended * share)) for share in LADDER_SHARES}
    if breaks_at is not None and breaks_at > max(rungs):
        rungs.add(math.ceil(breaks_at))
    return tuple(sorted(rungs))


def prompts_for(concurrency: int) -> int:
    """Requests in a run: enough for each client to finish several, at least 100."""
    return max(MIN_PROMPTS, PROMPTS_PER_CLIENT * concurrency)


class _Writer:
    """Builds the runs of one plan (the model name, engine and expectations they share)."""

    def __init__(self, plan: Plan, perf: PerformanceResult) -> None:
        self.plan, self.perf = plan, perf
        self.model = plan.inputs.model.hf_id or plan.inputs.model.name
        mean_in, mean_out = mean_lengths(plan.inputs.workload)
        self.mean_in, self.mean_out = max(1, round(mean_in)), max(1, round(mean_out))

    def run(self, label: str, stem: str, concurrency: int, lengths: tuple[int, int],
            prompts: int, expected: Expectation | None = None,
            label_values: dict[str, str] | None = None, own_name: bool = False) -> MeasurementRun:
        bench = BenchRun(model=self.model, engine=self.plan.inputs.engine.kind,
                         concurrency=concurrency, input_tokens=lengths[0], output_tokens=lengths[1],
                         num_prompts=prompts, result_stem=f"gpucalc-{stem}")
        return MeasurementRun(label=label, label_values=label_values or {}, own_name=own_name, run=bench,
                              commands=bench_commands(bench),
                              expected=expected or expected_at(self.plan, self.perf, concurrency))

    def fixed(self, stem: str, concurrency: int, prompts: int) -> MeasurementRun:
        return self.run(f"c={concurrency}", f"{stem}-c{concurrency}", concurrency,
                        (self.mean_in, self.mean_out), prompts)


STEP_TEXTS = {
    StepKind.BASELINE: (
        QT_TRANSLATE_NOOP("MeasurementPlan", "Single-request baseline"),
        QT_TRANSLATE_NOOP("MeasurementPlan", "One request at a time: the time to first token and the "
                                             "per-token latency with no batching; network and client "
                                             "overhead show here.")),
    StepKind.LADDER: (
        QT_TRANSLATE_NOOP("MeasurementPlan", "Concurrency ladder at a fixed context"),
        QT_TRANSLATE_NOOP("MeasurementPlan", "Fixed lengths, concurrency raised rung by rung around "
                                             "the recommendation; record TTFT, TPOT and throughput at "
                                             "each rung until a latency target breaks. Judge the "
                                             "percentiles of the steady stretch: a rung starts with "
                                             "every client sending at once, so leave out the first "
                                             "wave of requests and the drain at the end.")),
    StepKind.MIX: (
        QT_TRANSLATE_NOOP("MeasurementPlan", "Real traffic mix"),
        QT_TRANSLATE_NOOP("MeasurementPlan", "Run these together (long and short requests, chat "
                                             "history) at the recommendation in all; per-token latency "
                                             "should match the ladder's rung at the recommendation and "
                                             "the targets should hold. A large gap means an assumption "
                                             "of the estimate is wrong.")),
    StepKind.WATERMARK: (
        QT_TRANSLATE_NOOP("MeasurementPlan", "Watermark check"),
        QT_TRANSLATE_NOOP("MeasurementPlan", "Online capacity at the safety watermark: latencies should "
                                             "sit well inside the targets, leaving the rest for bursts "
                                             "and the long tail.")),
}
"""Each step's title and purpose (English, marked; translated where shown)."""


def _step(kind: StepKind, runs: tuple[MeasurementRun, ...], concurrent: bool = False,
          breaks_at: float | None = None) -> MeasurementStep:
    title, purpose = STEP_TEXTS[kind]
    return MeasurementStep(kind=kind, title=title, purpose=purpose, runs=runs, concurrent=concurrent,
                           breaks_at=breaks_at)


class _MixClass(NamedTuple):
    label: str  # a marked label (a template with ``values``), or the class's own name
    values: dict[str, str]
    input_tokens: int
    output_tokens: int
    share: float  # of the clients
    own_name: bool = False


def _traffic_class(number: int, cls: RequestClass, history: int) -> _MixClass:
    """One of the user's traffic classes, by its own name or 'class 2' when it has none."""
    tokens_in = cls.input_len + history // 2
    if cls.name:
        return _MixClass(cls.name, {}, tokens_in, cls.output_len, cls.share, own_name=True)
    return _MixClass(UNNAMED_CLASS, {"i": str(number)}, tokens_in, cls.output_len, cls.share)


def _mix_classes(plan: Plan, writer: _Writer) -> list[_MixClass]:
    """The traffic classes of the mix step, or typical + long tail."""
    wl = plan.inputs.workload
    history = (wl.max_turns - 1) * wl.tokens_per_turn
    if wl.classes:
        return [_traffic_class(i, c, history) for i, c in enumerate(wl.classes, start=1)]
    typical = (writer.mean_in, writer.mean_out)
    if wl.input_len_p95 is None and wl.output_len_p95 is None and not history:
        return [_MixClass(TYPICAL, {}, *typical, 1.0)]
    tail = (wl.input_p95 + history, wl.output_p95)
    return [_MixClass(TYPICAL, {}, *typical, 1 - LONG_TAIL_SHARE),
            _MixClass(LONG_TAIL, {}, *tail, LONG_TAIL_SHARE)]


def split_clients(shares: list[float], total: int) -> list[int]:
    """``total`` clients split by ``shares`` (largest remainders), at least one each."""
    exact = [share * total for share in shares]
    clients = [max(1, int(x)) for x in exact]
    by_remainder = sorted(range(len(shares)), key=lambda i: exact[i] - int(exact[i]), reverse=True)
    for i in by_remainder[:max(0, total - sum(clients))]:
        clients[i] += 1
    return clients


def _mix_step(plan: Plan, perf: PerformanceResult, writer: _Writer, recommended: int) -> MeasurementStep:
    at_rec = perf.at_recommended
    expected = Expectation(ttft_ms=None, tpot_ms=at_rec.tpot_ms.value, output_tokens_per_s=None,
                           requests_per_s=None,
                           meets_targets=meets_targets(at_rec.ttft_ms.value, at_rec.tpot_ms.value, plan))
    classes = _mix_classes(plan, writer)
    runs = []
    for mix, clients in zip(classes, split_clients([c.share for c in classes], recommended),
                            strict=True):
        name = mix.label.format(**mix.values) if mix.values else mix.label
        stem = "mix-" + "-".join(name.lower().split()) + f"-c{clients}"
        runs.append(writer.run(mix.label, stem, clients, (mix.input_tokens, mix.output_tokens),
                               prompts_for(clients), expected, mix.values, mix.own_name))
    return _step(StepKind.MIX, tuple(runs), concurrent=len(runs) > 1)


def measurement_plan(plan: Plan) -> MeasurementPlan | None:
    """Seed 000's four measurement steps for ``plan``; None when the model does not fit."""
    perf = plan.performance
    if perf is None or not perf.load_curve:
        return None
    writer = _Writer(plan, perf)
    recommended = max(1, int(perf.recommended_concurrency.value))
    breaks = breaking_concurrency(plan, perf)
    online = max(1, int(perf.online_capacity.value))
    steps = (
        _step(StepKind.BASELINE, (writer.fixed("baseline", 1, BASELINE_PROMPTS),)),
        _step(StepKind.LADDER, tuple(writer.fixed("ladder", c, prompts_for(c))
                                     for c in ladder_concurrencies(recommended, breaks)),
              breaks_at=breaks),
        _mix_step(plan, perf, writer, recommended),
        _step(StepKind.WATERMARK, (writer.fixed("watermark", online, prompts_for(online)),)),
    )
    targets = plan.inputs.targets
    return MeasurementPlan(serve_command=serve_line(plan.inputs, plan.memory.settings), steps=steps,
                           ttft_target_ms=targets.ttft_ms, tpot_target_ms=targets.tpot_ms,
                           recommended=recommended, online_capacity=online)
