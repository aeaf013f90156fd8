"""The planning rules in the window: the scheduler bar beside the three ceilings."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.core.perf_result import CeilingKind
from gpucalc.ui.app import Shell
from gpucalc.ui.format import kind_name
from tests.ui.conftest import RESULT_TIMEOUT_MS


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
