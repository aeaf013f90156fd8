"""Seed 000's checklist is filled with the plan's values and marks what needs attention."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Workload
from gpucalc.plan.checklist import fill_checklist
from gpucalc.plan.compute import compute_plan
from gpucalc.text.numbers import count, gib
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO, TP_SCENARIO

CONTEXT = "Context length at the real percentile"


def test_items_state_the_results_values(catalog: Catalog) -> None:
    plan = compute_plan(catalog, TP_SCENARIO)
    perf = plan.performance
    assert perf is not None
    items = {i.title: i for i in fill_checklist(plan)}
    weights = items["Weights on their own line"]
    assert weights.values["weights"] == gib(plan.memory.binding.weights_total.value)
    assert weights.passed
    latency = items["TTFT and TPOT targets"]
    assert latency.values["n"] == count(perf.recommended_concurrency.value)
    assert latency.passed  # the recommendation meets the targets by construction
    assert items[CONTEXT].passed  # P95 given
    assert items[CONTEXT].parts == (items[CONTEXT].parts[0],)  # both P95s: no P50 note
    assert items["Margin"].values["online"] == count(perf.online_capacity.value)
    assert not items["Estimate against measurement"].passed  # always a to-do before reporting
    assert "gpucalc test-plan" in items["Estimate against measurement"].parts[0]


def test_an_input_p95_alone_is_a_p95(catalog: Catalog) -> None:
    """Issue 10: 2,000 (P95 6,000) in + 300 out was reported as "no P95 length given"."""
    scenario = TP_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=2000, output_len_p50=300, input_len_p95=6000)})
    context = {i.title: i for i in fill_checklist(compute_plan(catalog, scenario))}[CONTEXT]
    assert context.passed
    assert context.parts[0].startswith("Planned at P95")
    assert context.values["input"] == "6,000"
    assert context.values["planning"] == "6,300"
    assert context.parts[1] == "output at its P50 (no output P95 given)"


def test_an_output_p95_alone_is_a_p95(catalog: Catalog) -> None:
    scenario = TP_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=2000, output_len_p50=300, output_len_p95=900)})
    context = {i.title: i for i in fill_checklist(compute_plan(catalog, scenario))}[CONTEXT]
    assert context.passed
    assert context.parts[1] == "input at its P50 (no input P95 given)"
    assert context.values["planning"] == "2,900"


def test_missing_p95_and_multi_turn_are_called_out(catalog: Catalog) -> None:
    scenario = SMALL_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=1000, output_len_p50=200, max_turns=4, tokens_per_turn=500)})
    items = {i.title: i for i in fill_checklist(compute_plan(catalog, scenario))}
    context = items[CONTEXT]
    assert not context.passed
    assert context.parts[0].startswith("No P95 length given")
    kv = items["KV cache sized for the real traffic shape"]
    assert any("multi-turn" in p for p in kv.parts)
    assert kv.values["turns"] == "4"


def test_no_fit_fails_the_performance_items(catalog: Catalog) -> None:
    items = fill_checklist(compute_plan(catalog, NO_FIT_SCENARIO))
    failed = {i.title for i in items if not i.passed}
    assert {"TTFT and TPOT targets", "Margin", "Degradation plan for peaks",
            "KV cache sized for the real traffic shape"} <= failed
