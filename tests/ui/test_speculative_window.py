"""Speculative decoding in the form: choosing a method changes the answer; a paste fills it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _method(shell: Shell) -> QComboBox:
    combo = shell.window.inputs.binder.widget("deployment.speculative_config.method")
    assert isinstance(combo, QComboBox)
    return combo


def test_choosing_eagle_speeds_up_decoding_and_off_restores(qtbot: QtBot, shell: Shell) -> None:
    before = shell.controller.last_outcome
    assert before is not None
    assert before.performance is not None
    assert before.performance.speculative is None
    combo = _method(shell)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("eagle"))
    after = shell.controller.last_outcome
    assert after is not None
    assert after.performance is not None
    spec = after.performance.speculative
    assert spec is not None
    assert spec.method == "eagle"
    assert spec.speedup_at_batch_1.value > 1.0
    assert after.memory.kv_cache_tokens.value < before.memory.kv_cache_tokens.value
    tree = shell.window.explain.tree
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    groups = [item.text(0) for item in items if item is not None]
    assert "Speculative decoding" in groups  # the Explanation pane explains the gain
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData(None))
    assert shell.controller.scenario.deployment.speculation is None


def test_a_pasted_speculative_config_fills_the_form(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.apply_serve_command(
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --speculative-config "
            "'{\"method\": \"eagle3\", \"model\": \"yuhuili/EAGLE3-LLaMA3.1-Instruct-8B\", "
            "\"num_speculative_tokens\": 4}'")
    assert _method(shell).currentData() == "eagle3"
    tokens = shell.window.inputs.binder.widget("deployment.speculative_config.num_speculative_tokens")
    assert tokens.property("value") == 4
