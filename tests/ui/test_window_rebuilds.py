"""The window survives its own rebuilds: language, theme and spec-table reloads, then recalculate.

A connection from the long-lived controller to a lambda over a replaced window's label used to
raise "Internal C++ object (QLabel) already deleted" on every recalculation after a rebuild;
pytest-qt fails a test on any exception raised in a slot.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _delete_replaced_windows() -> None:
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _recalculate(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.compute_now()
    assert "computed in" in shell.window.status_label.text() or "计算" in shell.window.status_label.text()


def test_recalculating_after_language_theme_and_table_rebuilds_raises_nothing(
        qtbot: QtBot, rebuilt_shell: Shell) -> None:
    shell = rebuilt_shell
    shell.switch_language("zh_CN")
    _delete_replaced_windows()
    _recalculate(qtbot, shell)
    shell.switch_theme("dark")
    _delete_replaced_windows()
    _recalculate(qtbot, shell)
    shell.switch_theme("system")
    shell.reload_catalog()
    _delete_replaced_windows()
    _recalculate(qtbot, shell)
    shell.switch_language("en")
    _delete_replaced_windows()
    _recalculate(qtbot, shell)
    assert "computed in" in shell.window.status_label.text()


def test_a_failure_after_a_rebuild_reaches_only_the_new_window(qtbot: QtBot, rebuilt_shell: Shell) -> None:
    from gpucalc.core.specs.inputs import Deployment

    shell = rebuilt_shell
    shell.switch_language("zh_CN")
    shell.switch_language("en")
    _delete_replaced_windows()
    with qtbot.waitSignal(shell.controller.computeFailed, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    assert shell.window.status_label.text().startswith("Could not compute this plan:")
