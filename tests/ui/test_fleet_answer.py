"""The window's answer states the fleet verdict and the traffic mode changes it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gpucalc.core.inputs import Deployment, Workload
from gpucalc.core.scenario import Scenario
from gpucalc.text.numbers import count, sig3
from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS


def test_answer_states_whether_the_gpus_carry_the_qps(shell: Shell) -> None:
    outcome = shell.controller.last_outcome
    assert outcome is not None
    fleet = outcome.fleet
    assert fleet is not None
    detail = shell.window.banner.detail.text()
    verdict = "yes" if fleet.carries_average else "no"
    assert f"Carries {sig3(fleet.qps_avg)} req/s: {verdict}" in detail
    assert (f"{count(fleet.gpus_needed.value)} GPUs needed ({count(fleet.gpus_deployed.value)} "
            "planned") in detail
    assert f"{count(fleet.total_concurrency.value)} concurrent requests online" in detail
    headline = shell.window.banner.headline.text()
    assert "(the knee)" in headline
    assert f"plan {count(outcome.performance.online_capacity.value)} online" in headline  # type: ignore[union-attr]


def test_mixed_mode_adds_the_backfill(qtbot: QtBot, shell: Shell) -> None:
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
    assert (f"mixed: {count(outcome.fleet.backfill_tokens_per_day.value)} batch tokens/day"
            in shell.window.banner.detail.text())
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("offline"))
    assert "tokens per GPU-hour" in shell.window.banner.detail.text()


def test_explanation_shows_how_gpus_needed_is_computed(shell: Shell) -> None:
    pane = shell.window.explain
    pane.show_term("fleet.gpus_needed")
    assert pane.current_key() == "fleet.gpus_needed"
    text = pane.detail.toPlainText()
    assert "(N + k) × GPUs per replica" in text
    pane.show_term("knee_concurrency")
    assert pane.current_key() == "knee_concurrency"
    assert "past it a latency target breaks" in pane.detail.toPlainText()


def test_compare_shows_gpus_needed(qtbot: QtBot, shell: Shell) -> None:
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
            deployment=Deployment(num_gpus=8, tensor_parallel_size=8, max_model_len=16384)))
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    best = max(outcome.fleet.layouts, key=lambda x: x.requests_per_s_total.value)
    assert best.tensor_parallel_size < 8
    assert (f"as {best.replicas} replicas of TP {best.tensor_parallel_size} the same GPUs serve "
            f"{sig3(best.requests_per_s_total.value)} req/s") in shell.window.banner.detail.text()
