"""The pre-reporting checklist lives in the window and follows every recalculation."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS

CONTEXT_ROW = 2  # "Context length at the real percentile"


def test_checklist_tab_shows_every_item(shell: Shell) -> None:
    tabs = shell.window.tabs
    tabs.show_tab("checklist")
    checklist = tabs.checklist_tab
    assert checklist.table.rowCount() == 8
    assert checklist.cell_text(0, 0) == "Model size and precision"
    assert checklist.marks()[CONTEXT_ROW] == "attention"  # the default scenario gives no P95
    detail = checklist.cell_text(CONTEXT_ROW, 1)
    assert detail.startswith("No P95 length given: planned at the P50 lengths (1,024 + 256")
    assert checklist.marks()[-1] == "attention"  # estimate against measurement: always a to-do
    assert "need attention" in checklist.summary.text()


def test_checklist_updates_after_an_edit(qtbot: QtBot, shell: Shell) -> None:
    tabs, controller = shell.window.tabs, shell.controller
    tabs.show_tab("checklist")
    before = tabs.checklist_tab.summary.text()
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        controller.set_field("workload.input_len_p95", 4096)
    tabs.flush()
    checklist = tabs.checklist_tab
    assert checklist.marks()[CONTEXT_ROW] == "pass"  # an input P95 alone is a P95
    detail = checklist.cell_text(CONTEXT_ROW, 1)
    assert detail.startswith("Planned at P95: 4,096 input + 256 output = 4,352 tokens")
    assert detail.endswith("output at its P50 (no output P95 given)")
    assert checklist.summary.text() != before


def test_checklist_in_chinese(shell: Shell) -> None:
    plan = shell.controller.last_outcome
    assert plan is not None
    checklist = shell.window.tabs.checklist_tab
    checklist.set_plan(plan, "zh")
    assert checklist.cell_text(0, 0) == "模型参数量与量化档位"
    assert checklist.cell_text(CONTEXT_ROW, 1).startswith("未给出 P95 长度")
