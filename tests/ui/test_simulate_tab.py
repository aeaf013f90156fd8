"""The Simulate tab: a run fills the table and the plot; Cancel stops a long run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.explain import Term
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import RequestClass, Workload
from gpucalc.plan.simulation_job import SimulationOutcome
from gpucalc.ui.panels.simulate_tab import SimulateTab
from tests.helpers import plan

RUN_TIMEOUT_MS = 30_000


@pytest.fixture
def tab(qtbot: QtBot, catalog: Catalog) -> Iterator[SimulateTab]:
    """A tab with the Llama 3.1 8B on H100 plan set."""
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=Workload(
        input_len_p50=1024, output_len_p50=256, input_len_p95=3000, output_len_p95=700),
        max_model_len=8192)
    made = SimulateTab()
    qtbot.addWidget(made)
    made.set_inputs(inputs, calculate_memory(inputs))
    yield made
    made.shutdown()


def test_run_fills_the_table_and_the_plot(qtbot: QtBot, tab: SimulateTab) -> None:
    assert tab.run_button.isEnabled()
    tab.requests.setValue(300)
    tab.sweep_points.setValue(4)
    with qtbot.waitSignal(tab.resultReady, timeout=RUN_TIMEOUT_MS) as blocker:
        tab.run_button.click()
    outcome = blocker.args[0]
    assert isinstance(outcome, SimulationOutcome)
    assert outcome.sweep is not None
    assert outcome.run is not None
    assert len(outcome.sweep.points) == 4
    assert tab.table.rowCount() == 4
    p95 = tab.table.item(0, 3)
    assert p95 is not None
    assert p95.text() != ""
    name = tab.table.item(0, 0)
    assert name is not None
    assert "TTFT" in name.text()
    xs, ys = tab.curves["ttft_p95"].getData()
    assert len(xs) == 4
    shown_ms = [10 ** y for y in ys]  # the latency axis is logarithmic
    assert shown_ms == pytest.approx([p.result.ttft_ms.p95.value for p in outcome.sweep.points])
    assert tab.run_button.isEnabled()
    assert not tab.cancel_button.isEnabled()
    assert tab.progress.value() == tab.progress.maximum()
    assert "TTFT knee" in tab.summary.text()
    assert outcome.capacity is not None
    assert outcome.capacity.percentile == 95
    assert "Capacity at the P95 SLO per replica" in tab.summary.text()
    with qtbot.waitSignal(tab.termSelected, timeout=1000) as selected:
        tab.table.setCurrentCell(0, 3)
    term = selected.args[0]
    assert isinstance(term, Term)
    assert term.key == "sim.ttft_ms.p95"
    assert term.value == outcome.run.ttft_ms.p95.value


def test_concurrency_load_is_simulated(qtbot: QtBot, tab: SimulateTab) -> None:
    tab.load_kind.setCurrentIndex(1)
    assert tab.concurrency.isEnabled()
    assert not tab.rate.isEnabled()
    tab.concurrency.setValue(8)
    tab.requests.setValue(100)
    tab.sweep_points.setValue(2)
    with qtbot.waitSignal(tab.resultReady, timeout=RUN_TIMEOUT_MS) as blocker:
        tab.run_button.click()
    assert blocker.args[0].run.traffic.concurrency == 8


def test_cancel_stops_a_long_run(qtbot: QtBot, tab: SimulateTab) -> None:
    tab.requests.setValue(100_000)  # the most a run simulates
    tab.sweep_points.setValue(2)  # 200,000 requests: the most a sweep simulates
    tab.run_button.click()
    assert tab.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: tab._progress > 0, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runStopped, timeout=RUN_TIMEOUT_MS) as blocker:
        tab.cancel_button.click()
    assert blocker.args == ["cancelled"]
    assert tab.outcome is None
    assert tab.run_button.isEnabled()
    assert "Cancelled" in tab.status.text()


def test_a_plan_that_does_not_fit_cannot_run(qtbot: QtBot, catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-70b-instruct")
    made = SimulateTab()
    qtbot.addWidget(made)
    made.set_inputs(inputs, calculate_memory(inputs))
    assert not made.run_button.isEnabled()
    assert "does not fit" in made.status.text()


def test_rate_starts_at_the_scenario_qps(qtbot: QtBot, catalog: Catalog) -> None:
    """Average QPS by default, peak when ticked; a rate the user typed stays."""
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=Workload(qps_avg=3, qps_peak=6),
                  max_model_len=8192)
    memory = calculate_memory(inputs)
    made = SimulateTab()
    qtbot.addWidget(made)
    made.set_inputs(inputs, memory)
    assert made.rate.value() == 3.0
    made.at_peak.setChecked(True)
    assert made.rate.value() == 6.0
    made.at_peak.setChecked(False)
    busier = inputs.model_copy(update={"workload": Workload(qps_avg=4, qps_peak=6)})
    made.set_inputs(busier, memory)
    assert made.rate.value() == 4.0  # still following the scenario
    made.rate.setValue(10.0)
    made.set_inputs(inputs, memory)
    assert made.rate.value() == 10.0  # the user's own rate stays
    assert made.percentile.currentText() == "P95"
    strict = inputs.model_copy(update={"targets": inputs.targets.model_copy(
        update={"percentile": 99})})
    made.set_inputs(strict, memory)
    assert made.percentile.currentText() == "P99"  # the sweep follows the scenario's SLO


def test_offered_load_past_capacity_is_named(qtbot: QtBot, tab: SimulateTab) -> None:
    tab.rate.setValue(5000.0)
    tab.requests.setValue(200)
    tab.sweep_points.setValue(2)
    with qtbot.waitSignal(tab.resultReady, timeout=RUN_TIMEOUT_MS) as blocker:
        tab.run_button.click()
    outcome = blocker.args[0]
    assert [n.code for n in outcome.notices] == ["offered_exceeds_capacity"]
    assert "exceeds the capacity" in tab.summary.text()
    assert "goodput collapses" in tab.summary.text()


def test_mixed_traffic_names_the_longest_class(qtbot: QtBot, catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=Workload(classes=(
        RequestClass(name="chat", share=0.8, input_len=300, output_len=200),
        RequestClass(name="documents", share=0.2, input_len=6000, output_len=500))))
    made = SimulateTab()
    qtbot.addWidget(made)
    made.set_inputs(inputs, calculate_memory(inputs))
    made.requests.setValue(200)
    made.sweep_points.setValue(2)
    with qtbot.waitSignal(made.resultReady, timeout=RUN_TIMEOUT_MS) as blocker:
        made.run_button.click()
    assert [c.name for c in blocker.args[0].run.per_class] == ["chat", "documents"]
    assert "Longest class “documents” on its own line" in made.summary.text()
    made.shutdown()
