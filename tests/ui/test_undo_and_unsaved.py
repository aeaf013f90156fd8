"""Undo/redo of the inputs, the modified marker and the question before unsaved work is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import compute_plan
from gpucalc.plan.scenario_file import load_scenario, save_scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.scenario_files import example_paths
from tests.ui.conftest import RESULT_TIMEOUT_MS

Button = QMessageBox.StandardButton


def _spin(window: MainWindow, path: str) -> QSpinBox:
    widget = window.inputs.binder.widget(path)
    assert isinstance(widget, QSpinBox)
    return widget


def _answer_with(window: MainWindow, monkeypatch: pytest.MonkeyPatch, answer: Button) -> list[int]:
    """Make the unsaved-changes question answer ``answer``; the list counts the questions."""
    asked: list[int] = []
    window.session.confirm_discard = True

    def ask() -> Button:
        asked.append(1)
        return answer

    monkeypatch.setattr(window, "ask_unsaved", ask)
    return asked


def test_typing_in_one_field_is_one_undo_step(shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    spin = _spin(window, "workload.input_len_p50")
    start = spin.value()
    for value in (1, 12, 128, 1280):  # keystrokes of "1280"
        spin.setValue(value)
    _spin(window, "workload.output_len_p50").setValue(77)
    assert controller.history.count() == 2
    window.undo_action.trigger()
    assert controller.scenario.workload.output_len_p50 != 77
    assert _spin(window, "workload.output_len_p50").value() != 77
    assert controller.scenario.workload.input_len_p50 == 1280
    window.undo_action.trigger()
    assert spin.value() == start
    assert controller.scenario.workload.input_len_p50 == start
    assert not window.undo_action.isEnabled()
    window.redo_action.trigger()
    assert spin.value() == 1280
    assert controller.scenario.workload.input_len_p50 == 1280


def test_edits_that_cancel_out_leave_nothing_to_undo(shell: Shell) -> None:
    spin = _spin(shell.window, "workload.input_len_p50")
    start = spin.value()
    spin.setValue(start + 5)
    spin.setValue(start)
    assert shell.controller.history.count() == 0
    assert not shell.window.isWindowModified()


def test_undo_brings_back_an_invalid_value_and_its_flag(shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    tp = _spin(window, "deployment.tensor_parallel_size")
    tp.setValue(4)  # 4-way TP on 1 GPU: refused
    assert controller.errors
    _spin(window, "deployment.num_gpus").setValue(4)
    assert not controller.errors
    window.undo_action.trigger()  # the step undone edited the GPU count: that field is flagged
    assert list(controller.errors) == ["deployment.num_gpus"]
    assert tp.value() == 4
    assert _spin(window, "deployment.num_gpus").property("fieldError")
    assert window.banner.stale


def test_paste_and_reset_are_undoable(shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    assert window.apply_serve_command("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192")
    assert controller.scenario.deployment.max_model_len == 8192
    assert "vllm" in window.undo_action.text()
    assert window.reset_scenario()
    assert controller.scenario == Scenario()
    window.undo_action.trigger()
    assert controller.scenario.deployment.max_model_len == 8192
    assert _spin(window, "deployment.max_model_len").value() == 8192


def test_title_marks_unsaved_changes_until_saved(shell: Shell, tmp_path: Path) -> None:
    window = shell.window
    assert "[*]" in window.windowTitle()
    assert not window.isWindowModified()
    _spin(window, "workload.output_len_p50").setValue(300)
    assert window.isWindowModified()
    target = tmp_path / "plan.gpucalc.json"
    assert window.save_to(target)
    assert not window.isWindowModified()
    assert load_scenario(target).workload.output_len_p50 == 300
    window.undo_action.trigger()  # back before the save: unsaved again
    assert window.isWindowModified()


def test_opening_a_file_starts_clean(shell: Shell, tmp_path: Path) -> None:
    window = shell.window
    target = tmp_path / "other.gpucalc.json"
    save_scenario(target, Scenario(workload={"input_len_p50": 700}))
    _spin(window, "workload.output_len_p50").setValue(300)
    assert window.open_path(target)
    assert not window.isWindowModified()
    assert shell.controller.history.count() == 0
    assert "other.gpucalc.json" in window.windowTitle()


def test_the_marker_survives_a_language_switch(shell: Shell) -> None:
    _spin(shell.window, "workload.output_len_p50").setValue(300)
    shell.switch_language("zh_CN")
    assert shell.window.isWindowModified()
    assert shell.window.undo_action.isEnabled()


def test_cancel_keeps_the_unsaved_scenario(monkeypatch: pytest.MonkeyPatch, shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    _spin(window, "workload.output_len_p50").setValue(300)
    asked = _answer_with(window, monkeypatch, Button.Cancel)
    assert not window.reset_scenario()
    assert not window.open_example(example_paths()[0])
    assert not window.open_recent(Path("/nonexistent.gpucalc.json"))
    assert not window.close()
    assert window.isVisible()
    assert len(asked) == 4
    assert controller.scenario.workload.output_len_p50 == 300


def test_discard_drops_the_changes(monkeypatch: pytest.MonkeyPatch, shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    _spin(window, "workload.output_len_p50").setValue(300)
    asked = _answer_with(window, monkeypatch, Button.Discard)
    assert window.reset_scenario()
    assert asked == [1]
    assert controller.scenario == Scenario()


def test_save_first_writes_the_file_then_goes_on(monkeypatch: pytest.MonkeyPatch, shell: Shell,
                                                 tmp_path: Path) -> None:
    window = shell.window
    target = tmp_path / "kept.gpucalc.json"
    assert window.save_to(target)
    _spin(window, "workload.output_len_p50").setValue(300)
    _answer_with(window, monkeypatch, Button.Save)
    assert window.reset_scenario()
    assert load_scenario(target).workload.output_len_p50 == 300


def test_nothing_is_asked_without_changes(monkeypatch: pytest.MonkeyPatch, shell: Shell) -> None:
    asked = _answer_with(shell.window, monkeypatch, Button.Cancel)
    assert shell.window.reset_scenario()
    assert asked == []


def test_examples_menu_opens_a_bundled_scenario(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    titles = [a.text() for a in window.examples_menu.actions()]
    title = "Llama-3.1-70B on one 8× A100-80GB server"  # the scenario's own name (translated in Chinese)
    assert title in titles
    path = next(p for p in example_paths() if p.name.startswith("llama-3.1-70b"))
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        window.examples_menu.actions()[titles.index(title)].trigger()
    assert shell.controller.scenario == load_scenario(path)
    assert shell.controller.scenario.deployment.tensor_parallel_size == 8
    assert window.session.current_file is None  # Save asks where: the bundled file is not overwritten
    assert not window.isWindowModified()


def test_every_bundled_example_gives_a_plan(catalog: Catalog) -> None:
    paths = example_paths()
    assert len(paths) >= 3
    for path in paths:
        plan = compute_plan(catalog, load_scenario(path))
        assert plan.performance is not None
        assert plan.memory.kv_cache_tokens.value > 0


def test_ctrl_z_in_a_field_undoes_the_scenario_step(qtbot: QtBot, shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    first = _spin(window, "workload.output_len_p50")
    first.setValue(300)
    spin = _spin(window, "workload.input_len_p50")
    start = spin.value()
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    spin.selectAll()
    QTest.keyClicks(spin, "2048")
    assert controller.scenario.workload.input_len_p50 == 2048
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.scenario.workload.input_len_p50 == start  # the whole typing, one step
    assert spin.value() == start
    assert controller.scenario.workload.output_len_p50 == 300
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.scenario.workload.output_len_p50 != 300  # a step of another field: not the text's
    assert first.value() != 300
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert controller.scenario.workload.output_len_p50 == 300
