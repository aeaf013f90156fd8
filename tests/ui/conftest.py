"""UI test set-up: Qt warnings fail the test; the window comes with its controller."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.session import Session

# The offscreen platform plugin cannot do this; it is not a defect of the window.
ALLOWED = ("This plugin does not support propagateSizeHints()",)
RESULT_TIMEOUT_MS = 10_000


@pytest.fixture(autouse=True)
def _qt_warnings_fail() -> Iterator[None]:
    """Record Qt warnings, criticals and fatals; fail the test if any were emitted."""
    recorded: list[str] = []

    def handler(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) and message not in ALLOWED:
            recorded.append(f"{kind.name}: {message}")

    previous = qInstallMessageHandler(handler)
    yield
    qInstallMessageHandler(previous)
    assert not recorded, "Qt warnings:\n" + "\n".join(recorded)


@pytest.fixture
def shell(qtbot: QtBot, catalog: Catalog) -> Iterator[Shell]:
    """A shell on the default scenario, its first result in."""
    made = Shell(catalog, Scenario(), Session(language="en"))
    qtbot.addWidget(made.window)
    with qtbot.waitSignal(made.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        made.start()
    made.window.tabs.flush()
    yield made
    made.shutdown()
    made.translators.install("en")


def _deletions_run_and_collected() -> None:
    """Run every posted deletion, then a full garbage collection, with no Qt call on the stack.

    The window's idle collector runs a full collection when its first result arrives, inside
    that signal's slot while the event loop dispatches. Earlier tests leave windows whose
    deletion is still posted and Python wrappers of widgets in reference cycles. A rare segfault
    late in the suite happened in that collection, in this fixture, most likely while finalising
    wrappers of widgets Qt had not finished deleting. Done here first, with the deletions run,
    that collection no longer meets the earlier tests' garbage.
    """
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    QApplication.processEvents()
    gc.collect()


@pytest.fixture
def rebuilt_shell(qtbot: QtBot, catalog: Catalog) -> Iterator[Shell]:
    """A shell whose replaced windows are deleted for real (qtbot does not keep them alive)."""
    _deletions_run_and_collected()
    made = Shell(catalog, Scenario(), Session(language="en"))
    with qtbot.waitSignal(made.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        made.start()
    yield made
    made.shutdown()
    made.window.close()
    made.window.deleteLater()
    made.translators.install("en")
    _deletions_run_and_collected()
