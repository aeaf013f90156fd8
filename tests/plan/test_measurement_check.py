"""Saved benchmark results are matched to the plan's runs and marked pass / attention."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import PlanOptions, compute_plan
from gpucalc.plan.measurement_check import (
    HINT_TARGET_HELD,
    HINT_TPOT_HIGH,
    Deviation,
    Mark,
    check_results,
    deviation_text,
    read_result_files,
)
from gpucalc.plan.measurement_plan import MeasurementPlan, StepKind, measurement_plan
from tests.report.scenarios import TP_SCENARIO

BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"
HAND = BENCH / "hand-table-llama8b-h100.csv"
VLLM = BENCH / "vllm-bench-serve-llama8b-h100-c16.json"
SGLANG = BENCH / "sglang-bench-serving-llama8b-h100.jsonl"
# The fixtures' deployment: Llama-3.1-8B on one H100, 1024 in / 256 out; 64 running requests
# put the recommendation at 64 and the ladder at 16, 32, 48, 64, 80, 96, 128.
FIXTURE_SCENARIO = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                            deployment=Deployment(max_num_seqs=64),
                            workload=Workload(input_len_p50=1024, output_len_p50=256))


@pytest.fixture
def fixture_plan(catalog: Catalog) -> MeasurementPlan:
    mplan = measurement_plan(compute_plan(catalog, FIXTURE_SCENARIO, PlanOptions(uncertainty=False)))
    assert mplan is not None
    assert mplan.recommended == 64
    return mplan


def _at_expectation(mplan: MeasurementPlan, tpot_factor: float = 1.0) -> list[MeasuredPoint]:
    """Points 10 % slower than every ladder rung's expectation (TPOT scaled by ``tpot_factor``)."""
    points = []
    for run in mplan.step(StepKind.LADDER).runs:
        exp = run.expected
        assert exp.ttft_ms is not None
        assert exp.output_tokens_per_s is not None
        points.append(MeasuredPoint(concurrency=run.run.concurrency, ttft_ms=exp.ttft_ms * 1.1,
                                    tpot_ms=exp.tpot_ms * 1.1 * tpot_factor,
                                    output_tok_s=exp.output_tokens_per_s / 1.1,
                                    mean_input_tokens=1024, mean_output_tokens=256))
    return points


def test_fixture_results_are_matched_by_concurrency_and_lengths(fixture_plan: MeasurementPlan) -> None:
    points = read_result_files([HAND, VLLM, SGLANG])
    check = check_results(fixture_plan, points)
    baseline = check.step(StepKind.BASELINE).runs[0]
    assert baseline.point is not None
    assert baseline.point.ttft_ms == 18.2  # the hand table's c=1 row
    ladder = {r.label: r for r in check.step(StepKind.LADDER).runs}
    assert ladder["c=32"].point is not None
    assert ladder["c=32"].point.source.endswith(".jsonl")  # SGLang's c=32 run
    assert ladder["c=48"].mark is Mark.NOT_MEASURED
    assert {p.load_label for p in check.unmatched} == {"c=4", "c=8", "c=16", "c=128"}
    assert check.step(StepKind.WATERMARK).mark is Mark.NOT_MEASURED


def test_a_target_holding_where_it_should_break_needs_attention(fixture_plan: MeasurementPlan) -> None:
    rung = next(r for r in fixture_plan.step(StepKind.LADDER).runs if r.run.concurrency == 128)
    assert not rung.expected.meets_targets  # twice the scheduler cap: requests queue, TTFT breaks
    check = check_results(fixture_plan, read_result_files([HAND]))
    measured = next(r for r in check.step(StepKind.LADDER).runs if r.label == "c=128")
    assert measured.targets_held  # 171 ms TTFT, 14.9 ms TPOT
    assert measured.mark is Mark.ATTENTION
    assert HINT_TARGET_HELD in measured.hints
    assert check.step(StepKind.LADDER).mark is Mark.ATTENTION


def test_results_within_the_tolerance_pass(fixture_plan: MeasurementPlan) -> None:
    check = check_results(fixture_plan, _at_expectation(fixture_plan))
    ladder = check.step(StepKind.LADDER)
    assert all(r.mark is Mark.PASS for r in ladder.runs)
    assert ladder.mark is Mark.PASS
    assert all(abs(d.ratio - 1) <= 0.1 + 1e-9 for r in ladder.runs for d in r.deviations)
    assert check.step(StepKind.BASELINE).mark is Mark.NOT_MEASURED


def test_a_slow_step_needs_attention_and_says_what_to_check(fixture_plan: MeasurementPlan) -> None:
    check = check_results(fixture_plan, _at_expectation(fixture_plan, tpot_factor=1.5))
    first = check.step(StepKind.LADDER).runs[0]  # 16 clients: well inside the targets either way
    assert first.mark is Mark.ATTENTION
    tpot = next(d for d in first.deviations if d.metric == "tpot_ms")
    assert tpot.ratio == pytest.approx(1.65)
    assert HINT_TPOT_HIGH in first.hints


def test_other_lengths_do_not_match(catalog: Catalog) -> None:
    mplan = measurement_plan(compute_plan(catalog, TP_SCENARIO, PlanOptions(uncertainty=False)))
    assert mplan is not None
    point = MeasuredPoint(concurrency=1, tpot_ms=20.0, mean_input_tokens=1024, mean_output_tokens=256)
    check = check_results(mplan, [point])  # the plan's baseline runs 2,000 in + 300 out
    assert check.step(StepKind.BASELINE).mark is Mark.NOT_MEASURED
    assert check.unmatched == (point,)


def test_deviation_text_states_the_measurement_and_the_gap() -> None:
    slow = Deviation(metric="ttft_ms", expected=100.0, measured=171.3)
    assert deviation_text(slow) == "TTFT 171 ms (+71 %)"
    assert deviation_text(Deviation(metric="output_tokens_per_s", expected=1000.0,
                                    measured=800.0)) == "800 tok/s (-20 %)"
