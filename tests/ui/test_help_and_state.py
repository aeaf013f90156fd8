"""Help (manual, F1, shortcuts, first steps), Simulate tooltips, export status and the stale answer."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QFileDialog, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.app import Shell, show_first_steps_once
from gpucalc.ui.fields import ALL_FIELDS
from gpucalc.ui.help import (
    MANUAL_LANGUAGES,
    ManualWindow,
    field_anchor,
    manual_html,
    manual_path,
    menu_actions,
    shortcut_rows,
    tab_anchor,
)
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.panels.simulate_tab import SimulateTab
from gpucalc.ui.result_tabs import TAB_NAMES
from gpucalc.ui.theme import field_error_shown
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _spin(window: MainWindow, path: str) -> QSpinBox:
    widget = window.inputs.binder.widget(path)
    assert isinstance(widget, QSpinBox)
    return widget


def _anchors(text: str) -> set[str]:
    return set(re.findall(r'<a name="([^"]+)">', text))


@pytest.mark.parametrize("lang", MANUAL_LANGUAGES)
def test_manual_has_a_section_for_every_tab_and_field(lang: str) -> None:
    anchors = _anchors(manual_html(lang))
    assert {tab_anchor(name) for name in TAB_NAMES} <= anchors
    assert {field_anchor(spec.path) for spec in ALL_FIELDS} <= anchors
    assert {"answer", "inputs", "explanation", "glossary"} <= anchors
    links = set(re.findall(r'href="#([^"]+)"', manual_html(lang)))
    assert links <= anchors  # no contents entry points nowhere


def test_chinese_manual_is_written_in_chinese() -> None:
    text = re.sub(r"<[^>]+>", "", manual_path("zh").read_text(encoding="utf-8"))
    han = len(re.findall(r"[\u4e00-\u9fff]", text))
    latin_words = re.findall(r"[A-Za-z]{4,}", text)
    assert han > 1000
    assert len(latin_words) < han / 10  # names like TTFT, CUDA Graph, gpucalc only


def test_f1_opens_the_manual_at_the_focused_field(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    spin = window.inputs.binder.widget("targets.ttft_ms")
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    assert window.help_anchor() == field_anchor("targets.ttft_ms")
    window.show_manual()
    manual = window.manual
    assert isinstance(manual, ManualWindow)
    assert manual.isVisible()
    assert manual.browser.verticalScrollBar().value() > 0  # scrolled down to the field's entry


def test_f1_in_the_tabs_names_the_visible_tab(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    window.tabs.show_tab("memory")
    window.activateWindow()
    window.tabs.setFocus()
    qtbot.waitUntil(window.tabs.hasFocus, timeout=2000)
    assert window.help_anchor() == tab_anchor("memory")


def test_shortcut_list_is_made_from_the_actions(shell: Shell) -> None:
    _spin(shell.window, "workload.output_len_p50").setValue(300)  # Undo now names its step
    listed = shortcut_rows(menu_actions(shell.window.menuBar()))
    rows = dict(listed)
    assert rows["Manual"] == "F1"
    assert rows["Undo"] == "Ctrl+Z"
    assert rows["Redo"] == "Ctrl+Shift+Z, Ctrl+Y"
    assert rows["Save scenario"] == "Ctrl+S"
    assert listed[0] == ("Open scenario…", "Ctrl+O")  # in menu order: File first


def test_first_steps_are_shown_once(shell: Shell) -> None:
    assert not shell.session.settings.first_steps_shown
    assert show_first_steps_once(shell)
    assert shell.session.settings.first_steps_shown
    assert not show_first_steps_once(shell)


def test_every_simulate_control_has_a_tooltip(qtbot: QtBot) -> None:
    tab = SimulateTab()
    qtbot.addWidget(tab)
    controls = [w for w in tab.findChildren(QWidget)
                if w.metaObject().className() in ("QComboBox", "QSpinBox", "QDoubleSpinBox", "QCheckBox",
                                                 "QPushButton")]
    assert len(controls) >= 12
    assert [w for w in controls if not w.toolTip()] == []
    tab.shutdown()


def test_cancelled_report_dialog_leaves_no_writing_message(monkeypatch: pytest.MonkeyPatch,
                                                          shell: Shell) -> None:
    window = shell.window
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: ("", ""))
    window.statusBar().clearMessage()
    window.export_pdf_dialog()
    assert window.statusBar().currentMessage() == ""
    assert not window.exporter.busy


def test_invalid_value_and_failed_plan_are_stale_the_same_way(qtbot: QtBot, shell: Shell) -> None:
    window, controller, banner = shell.window, shell.controller, shell.window.banner
    assert banner.verdict.text() == "Fits"
    assert not banner.stale
    headline = banner.headline.text()
    tp = _spin(window, "deployment.tensor_parallel_size")
    tp.setValue(4)  # refused at once: 4-way TP on 1 GPU
    invalid = (banner.stale, banner.verdict.text(), banner.headline.isEnabled(), banner.verdict.styleSheet())
    assert invalid[:3] == (True, "Stale", False)
    assert banner.error.text().startswith("Stale: fix Tensor parallel (TP) to update.")
    assert banner.headline.text() == headline  # the last good result stays, greyed
    message = window.inputs.binder.bindings["deployment.tensor_parallel_size"].message
    assert message.isVisibleTo(window)
    assert "needs at least 4 GPUs" in message.text()
    tp.setValue(1)  # back to the value of the result shown: fresh again without a new computation
    assert not banner.stale
    assert banner.verdict.text() == "Fits"
    assert banner.headline.isEnabled()
    assert not message.isVisibleTo(window)
    with qtbot.waitSignal(controller.computeFailed, timeout=RESULT_TIMEOUT_MS):
        controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    failed = (banner.stale, banner.verdict.text(), banner.headline.isEnabled(), banner.verdict.styleSheet())
    assert failed == invalid
    assert banner.error.text().startswith("Stale: fix Tensor parallel (TP) to update.")
    tp.setValue(5)  # refused at once on 3 GPUs, then back: the plan of TP 3 still failed
    tp.setValue(3)
    assert banner.stale
    assert banner.error.text().startswith("Stale: fix Tensor parallel (TP) to update.")
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        window.undo_action.trigger()
    assert not banner.stale
    assert banner.verdict.text() == "Fits"


def test_flagged_spin_box_keeps_its_arrows(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    tp = _spin(window, "deployment.tensor_parallel_size")
    tp.setValue(3)
    assert field_error_shown(tp)
    assert tp.styleSheet() == ""
    assert tp.buttonSymbols() == QAbstractSpinBox.ButtonSymbols.UpDownArrows
    QTest.mouseClick(tp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(tp.width() - 6, tp.height() // 4))
    assert tp.value() == 4  # the up arrow under the red outline still steps
    assert field_error_shown(tp)
