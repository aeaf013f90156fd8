"""The prefix-caching fields of the form change the answer; the explanation pane lists the figures."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.ui.app import Shell
from gpucalc.ui.explain_pane import performance_groups
from tests.ui.conftest import RESULT_TIMEOUT_MS


def test_shared_prefix_raises_the_memory_ceiling_and_the_switch_turns_it_off(
        qtbot: QtBot, shell: Shell) -> None:
    before = shell.controller.last_outcome
    assert before is not None
    assert before.performance is not None
    assert before.performance.prefix_cache is None
    spin = shell.window.inputs.binder.widget("workload.shared_prefix_len")
    assert isinstance(spin, QSpinBox)
    prompt = shell.controller.scenario.workload.input_len_p50
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        spin.setValue(prompt // 2)
    after = shell.controller.last_outcome
    assert after is not None
    assert after.performance is not None
    cache = after.performance.prefix_cache
    assert cache is not None
    assert cache.hit_rate.value > 0.4
    assert (after.performance.ceiling(CeilingKind.MEMORY).value.value
            > before.performance.ceiling(CeilingKind.MEMORY).value.value)
    keys = {t.key for _, terms in performance_groups(after.performance) for t in terms}
    assert "prefix_cache.hit_rate" in keys

    switch = shell.window.inputs.binder.widget("deployment.enable_prefix_caching")
    assert isinstance(switch, QComboBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        switch.setCurrentIndex(switch.findData(False))
    assert shell.controller.scenario.deployment.enable_prefix_caching is False
    off = shell.controller.last_outcome
    assert off is not None
    assert off.performance is not None
    assert off.performance.prefix_cache is None
