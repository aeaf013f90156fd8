"""The planning rules in the window: the scheduler bar, the 70 % / 80 % lines, the length margin."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox, QTableWidget
from pytestqt.qtbot import QtBot

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.memory.memory_plan import MEMORY_ALARM_SHARE
from gpucalc.ui.app import Shell
from gpucalc.ui.format import kind_name
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _names(table: QTableWidget) -> list[str]:
    return [item.text() for row in range(table.rowCount()) if (item := table.item(row, 0))]


def test_scheduler_limit_has_its_own_bar_and_advice(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    bars = window.tabs.ceilings_tab.bars
    outcome = shell.controller.last_outcome
    assert outcome is not None
    seqs = outcome.memory.settings.max_num_seqs.value
    assert bars.widths()[CeilingKind.SCHEDULER] == seqs
    assert kind_name(CeilingKind.SCHEDULER) == "Scheduler (max_num_seqs)"
    memory_before = bars.widths()[CeilingKind.MEMORY]
    spin = window.inputs.binder.widget("deployment.max_num_seqs")
    assert isinstance(spin, QSpinBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        spin.setValue(128)
    window.tabs.flush()
    assert bars.widths()[CeilingKind.SCHEDULER] == 128
    # the memory bar stays the KV figure alone (a little larger: fewer sequences, less sampler memory)
    assert bars.widths()[CeilingKind.MEMORY] >= memory_before > 128
    assert bars.binding == CeilingKind.SCHEDULER
    advice = window.tabs.ceilings_tab.advice.text()
    assert "Binding: Scheduler (max_num_seqs)" in advice
    assert "raise --max-num-seqs" in advice


def test_memory_tab_shows_the_planning_line_and_the_alarm(shell: Shell) -> None:
    tab = shell.window.tabs.memory_tab
    outcome = shell.controller.last_outcome
    assert outcome is not None
    total = outcome.memory.settings.total_gib.value
    assert tab.bar.share_line.value() == 0.7 * total
    assert tab.bar.alarm_line.value() == MEMORY_ALARM_SHARE * total
    names = _names(tab.kv_table)
    for name in ("KV per request at average length", "Concurrency within planning share",
                 "Concurrency at the 80 % alarm", "Memory share at planned concurrency"):
        assert name in names


def test_length_margin_field_lowers_the_memory_bar(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    before = window.tabs.ceilings_tab.bars.widths()[CeilingKind.MEMORY]
    spin = window.inputs.binder.widget("workload.length_margin")
    assert isinstance(spin, QDoubleSpinBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        spin.setValue(0.25)
    window.tabs.flush()
    assert shell.controller.scenario.workload.length_margin == 0.25
    after = window.tabs.ceilings_tab.bars.widths()[CeilingKind.MEMORY]
    outcome = shell.controller.last_outcome
    assert outcome is not None
    blocks = outcome.memory.kv_cache_tokens.value // 16
    # 1,280 tokens per request → 1,600: 80 blocks → 100 blocks per request
    assert before == blocks // 80
    assert after == blocks // 100
