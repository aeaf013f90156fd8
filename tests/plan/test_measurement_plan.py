"""Seed 000's measurement order: commands for the scenario, the load curve's figures as expectations."""

from __future__ import annotations

import itertools
import shlex

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, RequestClass, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.bench_tools import BenchTool
from gpucalc.plan.compute import Plan, PlanOptions, compute_plan
from gpucalc.plan.measurement_plan import (
    MeasurementPlan,
    StepKind,
    curve_at,
    ladder_concurrencies,
    measurement_plan,
)
from gpucalc.plan.serve_line import serve_line
from tests.report.scenarios import NO_FIT_SCENARIO, TP_SCENARIO

OPTIONS = PlanOptions(uncertainty=False)


def _plan(catalog: Catalog, scenario: Scenario) -> tuple[Plan, MeasurementPlan]:
    plan = compute_plan(catalog, scenario, OPTIONS)
    mplan = measurement_plan(plan)
    assert mplan is not None
    return plan, mplan


def _flags(command: str) -> dict[str, str]:
    """``--flag value`` pairs of a command line (a flag without a value maps to '')."""
    words = shlex.split(command)
    flags: dict[str, str] = {}
    for i, word in enumerate(words):
        if word.startswith("-"):
            has_value = i + 1 < len(words) and not words[i + 1].startswith("--")
            flags[word] = words[i + 1] if has_value else ""
    return flags


def test_steps_follow_seed_000s_order(catalog: Catalog) -> None:
    _, mplan = _plan(catalog, TP_SCENARIO)
    assert [s.kind for s in mplan.steps] == [StepKind.BASELINE, StepKind.LADDER, StepKind.MIX,
                                              StepKind.WATERMARK]
    assert [r.run.concurrency for r in mplan.step(StepKind.BASELINE).runs] == [1]
    assert [r.run.concurrency for r in mplan.step(StepKind.WATERMARK).runs] == [mplan.online_capacity]


def test_ladder_brackets_the_recommendation(catalog: Catalog) -> None:
    plan, mplan = _plan(catalog, TP_SCENARIO)
    perf = plan.performance
    assert perf is not None
    rungs = [r.run.concurrency for r in mplan.step(StepKind.LADDER).runs]
    recommended = int(perf.recommended_concurrency.value)
    assert min(rungs) < recommended < max(rungs)
    assert recommended in rungs
    assert rungs == sorted(set(rungs))
    breaks = mplan.step(StepKind.LADDER).breaks_at
    assert breaks is not None
    assert breaks > recommended  # the recommendation meets the targets; a target breaks above it
    assert any(r.expected.meets_targets for r in mplan.step(StepKind.LADDER).runs)
    assert any(not r.expected.meets_targets for r in mplan.step(StepKind.LADDER).runs)


def test_ladder_adds_the_breaking_point_beyond_twice_the_recommendation() -> None:
    assert ladder_concurrencies(40, 200.0) == (10, 20, 30, 40, 50, 60, 80, 200)
    assert ladder_concurrencies(40, 60.0) == (10, 20, 30, 40, 50, 60, 80)
    assert ladder_concurrencies(2, None) == (1, 2, 3, 4)


def test_expectations_are_the_load_curves_figures(catalog: Catalog) -> None:
    plan, mplan = _plan(catalog, TP_SCENARIO)
    perf = plan.performance
    assert perf is not None
    curve = {p.concurrency: p for p in perf.load_curve}
    recommended = int(perf.recommended_concurrency.value)
    on_curve = 0
    for step in (mplan.step(StepKind.BASELINE), mplan.step(StepKind.LADDER),
                 mplan.step(StepKind.WATERMARK)):
        for run in step.runs:
            n = run.run.concurrency
            if n == recommended:
                assert run.expected.tpot_ms == perf.at_recommended.tpot_ms.value
                assert run.expected.ttft_ms == perf.at_recommended.ttft_ms.value
                assert run.expected.requests_per_s == perf.at_recommended.requests_per_s.value
            else:  # a curve point, or linear between the two around it
                at = curve[n] if float(n) in curve else curve_at(perf.load_curve, n)
                assert run.expected.ttft_ms == at.ttft_ms
                assert run.expected.tpot_ms == at.tpot_ms
                assert run.expected.output_tokens_per_s == at.output_tokens_per_s
                assert run.expected.requests_per_s == pytest.approx(at.output_tokens_per_s / 300)
                on_curve += float(n) in curve
    assert on_curve >= 1  # the baseline (c=1) is the curve's first point


def test_curve_at_interpolates_between_points(catalog: Catalog) -> None:
    plan, _ = _plan(catalog, TP_SCENARIO)
    assert plan.performance is not None
    curve = plan.performance.load_curve
    low, high = next((a, b) for a, b in itertools.pairwise(curve)
                     if b.concurrency - a.concurrency >= 2)
    middle = (low.concurrency + high.concurrency) / 2
    at = curve_at(curve, middle)
    assert at.tpot_ms == pytest.approx((low.tpot_ms + high.tpot_ms) / 2)
    assert at.output_tokens_per_s == pytest.approx((low.output_tokens_per_s + high.output_tokens_per_s) / 2)
    assert curve_at(curve, 0.5) == curve[0]
    assert curve_at(curve, curve[-1].concurrency * 10) == curve[-1]


def test_vllm_commands_use_vllm_bench_serve_flags(catalog: Catalog) -> None:
    plan, mplan = _plan(catalog, TP_SCENARIO)
    run = mplan.step(StepKind.LADDER).runs[0]
    command = run.commands[BenchTool.VLLM]
    assert command.startswith("vllm bench serve ")
    flags = _flags(command)
    assert flags["--model"] == "meta-llama/Llama-3.1-70B-Instruct"
    assert flags["--backend"] == "vllm"
    assert flags["--dataset-name"] == "random"
    assert flags["--random-input-len"] == "2000"  # the mean lengths the load curve is computed for
    assert flags["--random-output-len"] == "300"
    assert flags["--random-range-ratio"] == "0"
    assert flags["--max-concurrency"] == str(run.run.concurrency)
    assert flags["--request-rate"] == "inf"
    assert flags["--percentile-metrics"] == "ttft,tpot,itl,e2el"
    assert flags["--metric-percentiles"] == "50,95,99"
    assert "--save-result" in flags
    assert flags["--result-filename"] == f"gpucalc-ladder-c{run.run.concurrency}.json"
    assert int(flags["--num-prompts"]) >= run.run.concurrency
    assert mplan.serve_command == serve_line(plan.inputs, plan.memory.settings)
    assert mplan.serve_command.startswith("vllm serve ")


def test_sglang_commands_use_bench_serving_flags(catalog: Catalog) -> None:
    scenario = TP_SCENARIO.model_copy(update={"deployment": TP_SCENARIO.deployment.model_copy(
        update={"engine": "sglang"})})
    _, mplan = _plan(catalog, scenario)
    run = mplan.step(StepKind.LADDER).runs[-1]
    command = run.commands[BenchTool.SGLANG]
    assert command.startswith("python -m sglang.bench_serving ")
    flags = _flags(command)
    assert flags["--backend"] == "sglang"
    assert flags["--port"] == "30000"
    assert flags["--dataset-name"] == "random"
    assert flags["--random-input-len"] == "2000"
    assert flags["--random-output-len"] == "300"
    assert flags["--random-range-ratio"] == "1"  # SGLang samples in [len × ratio, len]
    assert flags["--max-concurrency"] == str(run.run.concurrency)
    assert flags["--output-file"] == f"gpucalc-ladder-c{run.run.concurrency}.jsonl"
    assert "--result-filename" not in flags  # vLLM's spelling
    assert mplan.serve_command.startswith("python -m sglang.launch_server --model-path ")
    genai = _flags(run.commands[BenchTool.GENAI_PERF])
    assert genai["-m"] == "meta-llama/Llama-3.1-70B-Instruct"
    assert genai["--endpoint-type"] == "chat"
    assert genai["--concurrency"] == str(run.run.concurrency)
    assert genai["--synthetic-input-tokens-mean"] == "2000"
    assert genai["--output-tokens-mean"] == "300"
    assert genai["--request-count"] == str(run.run.num_prompts)
    assert genai["--url"] == "localhost:30000"


def test_trtllm_gets_no_sglang_command(catalog: Catalog) -> None:
    scenario = TP_SCENARIO.model_copy(update={"deployment": TP_SCENARIO.deployment.model_copy(
        update={"engine": "trtllm"})})
    _, mplan = _plan(catalog, scenario)
    commands = mplan.step(StepKind.BASELINE).runs[0].commands
    assert set(commands) == {BenchTool.VLLM, BenchTool.GENAI_PERF}
    assert _flags(commands[BenchTool.VLLM])["--backend"] == "openai"


def test_mix_runs_typical_and_long_tail_together(catalog: Catalog) -> None:
    plan, mplan = _plan(catalog, TP_SCENARIO)
    mix = mplan.step(StepKind.MIX)
    assert mix.concurrent
    typical, tail = mix.runs
    assert (typical.run.input_tokens, typical.run.output_tokens) == (2000, 300)
    assert (tail.run.input_tokens, tail.run.output_tokens) == (6000, 600)  # the P95 lengths
    assert typical.run.concurrency + tail.run.concurrency == mplan.recommended
    assert plan.performance is not None
    assert typical.expected.tpot_ms == plan.performance.at_recommended.tpot_ms.value
    assert typical.expected.ttft_ms is None  # compared with the target, not a figure


def test_mix_runs_each_class_at_its_share(catalog: Catalog) -> None:
    workload = Workload(input_len_p50=500, output_len_p50=200, classes=(
        RequestClass(name="Short chat", share=0.75, input_len=500, output_len=200),
        RequestClass(name="Long doc", share=0.25, input_len=8000, output_len=400)))
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                        deployment=Deployment(max_num_seqs=64), workload=workload)
    _, mplan = _plan(catalog, scenario)
    short, long = mplan.step(StepKind.MIX).runs
    assert (short.label, long.label) == ("Short chat", "Long doc")
    assert (long.run.input_tokens, long.run.output_tokens) == (8000, 400)
    assert short.run.concurrency == round(0.75 * mplan.recommended)
    assert long.run.result_stem == f"gpucalc-mix-long-doc-c{long.run.concurrency}"


def test_no_plan_when_the_model_does_not_fit(catalog: Catalog) -> None:
    assert measurement_plan(compute_plan(catalog, NO_FIT_SCENARIO, OPTIONS)) is None
