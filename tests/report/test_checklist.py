"""Seed 000's checklist is filled with the result's values and marks what needs attention."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.inputs import Workload
from gpucalc.report.checklist import fill_checklist
from gpucalc.report.data import build_report
from gpucalc.report.numbers import count, gib
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO, TP_SCENARIO


def test_items_state_the_results_values(catalog: Catalog) -> None:
    data = build_report(TP_SCENARIO, catalog)
    perf = data.result.performance
    assert perf is not None
    items = {i.title: i for i in fill_checklist(data)}
    weights = items["Weights on their own line"]
    assert weights.values["weights"] == gib(data.result.memory.binding.weights_total.value)
    assert weights.passed
    latency = items["TTFT and TPOT targets"]
    assert latency.values["n"] == count(perf.recommended_concurrency.value)
    assert latency.passed  # the recommendation meets the targets by construction
    assert items["Context length at the real percentile"].passed  # P95 given
    assert items["Margin"].values["online"] == count(perf.online_capacity.value)
    assert not items["Estimate against measurement"].passed  # always a to-do before reporting


def test_missing_p95_and_multi_turn_are_called_out(catalog: Catalog) -> None:
    scenario = SMALL_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=1000, output_len_p50=200, max_turns=4, tokens_per_turn=500)})
    items = {i.title: i for i in fill_checklist(build_report(scenario, catalog))}
    context = items["Context length at the real percentile"]
    assert not context.passed
    assert context.parts[0].startswith("No P95 length given")
    kv = items["KV cache sized for the real traffic shape"]
    assert any("multi-turn" in p for p in kv.parts)
    assert kv.values["turns"] == "4"


def test_p95_input_alone_is_acknowledged(catalog: Catalog) -> None:
    """The issue's case: P95 input 6,000 given, no P95 output; the item names what is missing."""
    scenario = SMALL_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=2000, input_len_p95=6000, output_len_p50=300)})
    context = {i.title: i for i in fill_checklist(build_report(scenario, catalog))}[
        "Context length at the real percentile"]
    assert not context.passed
    assert not context.parts[0].startswith("No P95 length given")
    assert "no P95 output length given" in context.parts[0]
    assert (context.values["input"], context.values["planning"]) == ("6,000", "6,300")


def test_no_fit_fails_the_performance_items(catalog: Catalog) -> None:
    items = fill_checklist(build_report(NO_FIT_SCENARIO, catalog))
    failed = {i.title for i in items if not i.passed}
    assert {"TTFT and TPOT targets", "Margin", "Degradation plan for peaks",
            "KV cache sized for the real traffic shape"} <= failed
