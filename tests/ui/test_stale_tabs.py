"""After an invalid value or a failed plan every result tab is greyed and says it is stale, the
same way for both; the next good result clears every tab."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.result_tabs import TAB_NAMES
from tests.ui.conftest import RESULT_TIMEOUT_MS

PageState = tuple[bool, bool, str, bool]


def _pages(shell: Shell) -> dict[str, PageState]:
    """Each tab's (stale, notice shown, notice text, veil covering the whole page)."""
    window = shell.window
    return {name: (page.stale, page.notice.isVisibleTo(page), page.notice.text(),
                   page.veil.isVisibleTo(page) and page.veil.geometry() == page.frame.geometry())
            for name, page in window.tabs.frames.items()}


def _tp(shell: Shell) -> QSpinBox:
    widget = shell.window.inputs.binder.widget("deployment.tensor_parallel_size")
    assert isinstance(widget, QSpinBox)
    return widget


def _assert_all_stale(shell: Shell) -> dict[str, PageState]:
    pages = _pages(shell)
    assert set(pages) == set(TAB_NAMES)
    sentence = shell.window.banner.error.text()
    assert sentence.startswith("Stale: fix Tensor parallel (TP) to update.")
    assert all(state == (True, True, sentence, True) for state in pages.values())
    return pages


def _assert_all_fresh(shell: Shell) -> None:
    assert all(state == (False, False, "", False) for state in _pages(shell).values())


def test_every_tab_is_stale_after_an_invalid_value_and_after_a_failed_plan(qtbot: QtBot,
                                                                           shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    window.show()
    _assert_all_fresh(shell)
    _tp(shell).setValue(4)  # refused at once: 4-way TP on 1 GPU
    invalid = _assert_all_stale(shell)
    window.tabs.show_tab("load")  # a tab built after the failure is stale as well
    assert window.tabs.frames["load"].notice.isVisible()
    _tp(shell).setValue(1)  # back to the value of the result shown: fresh without a new computation
    _assert_all_fresh(shell)
    with qtbot.waitSignal(controller.computeFailed, timeout=RESULT_TIMEOUT_MS):
        controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    failed = _assert_all_stale(shell)
    # both kinds of failure look the same on every tab (only the reason differs)
    assert {n: (s[0], s[1], s[3]) for n, s in failed.items()} == {n: (s[0], s[1], s[3])
                                                                   for n, s in invalid.items()}
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        window.undo_action.trigger()
    _assert_all_fresh(shell)


def test_the_stale_banner_keeps_only_the_height_its_lines_need(qtbot: QtBot, shell: Shell) -> None:
    window, banner = shell.window, shell.window.banner
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    _tp(shell).setValue(4)  # the error line appears for the first time
    qtbot.waitUntil(lambda: banner.error.width() > 300)
    for label in (banner.headline, banner.detail, banner.notices, banner.error):
        fitted = label.minimumHeight()
        label.setMinimumHeight(0)  # what the text needs at the width the label has
        assert fitted == label.heightForWidth(label.width())


def test_the_explanation_and_the_status_bar_follow_an_invalid_value_and_its_undo(shell: Shell) -> None:
    window = shell.window
    window.show()
    fresh_status = window.status_label.text()
    assert fresh_status.startswith("Plan for ")
    assert not window.explain.stale
    _tp(shell).setValue(4)  # refused at once: 4-way TP on 1 GPU
    assert window.explain.stale
    assert window.explain.veil.geometry() == window.explain.rect()
    assert window.status_label.text().startswith("Could not compute this plan: ")
    window.undo_action.trigger()  # back to the value of the result shown
    assert not shell.controller.errors
    assert not window.explain.stale
    assert window.status_label.text() == fresh_status  # the old error does not linger
