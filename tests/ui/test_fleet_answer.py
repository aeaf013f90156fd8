"""The window's answer states the fleet verdict and the traffic mode changes it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.text.answer_text import fleet_sentence
from gpucalc.text.band_text import band_summary
from gpucalc.text.numbers import count, sig3
from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS

WITH_QPS = Scenario(workload=Workload(qps_avg=5))


def _show(qtbot: QtBot, shell: Shell, scenario: Scenario) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(scenario)
    shell.window.tabs.flush()


def test_without_a_qps_the_answer_is_per_replica_and_asks_for_the_traffic(shell: Shell) -> None:
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.inputs.workload.qps_avg is None
    assert outcome.fleet is None
    assert "give the traffic (--qps, the QPS field) to size the fleet" in shell.window.banner.detail.text()


def test_answer_states_whether_the_gpus_carry_the_qps(qtbot: QtBot, shell: Shell) -> None:
    _show(qtbot, shell, WITH_QPS)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    fleet = outcome.fleet
    assert fleet is not None
    detail = shell.window.banner.detail.text()
    assert fleet_sentence(fleet, "en") in detail
    assert f"{sig3(fleet.qps_avg)} req/s" in detail
    perf = outcome.performance
    assert perf is not None
    headline = shell.window.banner.headline.text()
    assert f"{count(perf.recommended_concurrency.value)} requests in flight per replica at P95" in headline
    assert perf.rate_capacity is not None
    assert f"rate capacity {sig3(perf.rate_capacity.requests_per_s.value)} req/s" in headline


def test_mixed_mode_adds_the_backfill(qtbot: QtBot, shell: Shell) -> None:
    _show(qtbot, shell, WITH_QPS)
    combo = shell.window.inputs.binder.widget("workload.mode")
    assert isinstance(combo, QComboBox)
    assert [combo.itemData(i) for i in range(combo.count())] == ["online", "offline", "mixed"]
    assert "backfill" not in shell.window.banner.detail.text()
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("mixed"))
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    assert outcome.fleet.backfill_tokens_per_day is not None
    assert (f"Mixed: {count(outcome.fleet.backfill_tokens_per_day.value)} batch tokens/day"
            in shell.window.banner.detail.text())
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("offline"))
    assert "tokens per GPU-hour" in shell.window.banner.detail.text()


def test_explanation_shows_how_gpus_needed_is_computed(qtbot: QtBot, shell: Shell) -> None:
    _show(qtbot, shell, WITH_QPS)
    pane = shell.window.explain
    pane.show_term("fleet.gpus_needed")
    assert pane.current_key() == "fleet.gpus_needed"
    text = pane.detail.toPlainText()
    assert "(N + k) × GPUs per replica" in text
    pane.show_term("knee_concurrency")
    assert pane.current_key() == "knee_concurrency"
    assert "past it a latency target breaks" in pane.detail.toPlainText()


def test_compare_shows_gpus_needed(qtbot: QtBot, shell: Shell) -> None:
    _show(qtbot, shell, WITH_QPS)
    window = shell.window
    window.baselines.pin()
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(workload=Workload(qps_avg=200)))
    window.tabs.flush()
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    compare = window.tabs.compare_tab
    assert compare.cell("GPUs needed for the QPS (N + k)", 2) == count(outcome.fleet.gpus_needed.value)
    assert compare.cell("GPUs needed for the QPS (N + k)", 3).startswith("+")


def test_answer_compares_replicas_with_tensor_parallel(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(
            model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
            deployment=Deployment(num_gpus=8, tensor_parallel_size=8, max_model_len=16384),
            workload=Workload(qps_avg=5)))
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    best = max(outcome.fleet.layouts, key=lambda x: x.requests_per_s_total.value)
    assert best.tensor_parallel_size < 8
    assert (f"As {best.replicas} replicas of TP {best.tensor_parallel_size} the same GPUs serve "
            f"{sig3(best.requests_per_s_total.value)} req/s") in shell.window.banner.detail.text()


def test_the_banner_shows_the_bands_of_the_two_measures_and_the_gpus(qtbot: QtBot, shell: Shell) -> None:
    _show(qtbot, shell, WITH_QPS)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    bands = shell.window.banner.bands
    assert bands.isVisibleTo(shell.window.banner)
    assert bands.text() == band_summary(outcome.figure_bands, "en")
    assert bands.text().startswith("80% bands: concurrency ")
    assert " · rate capacity " in bands.text()
    assert " · GPUs needed " in bands.text()
    assert "TTFT:" in bands.toolTip()  # every banded figure on hover, with what it rests on
