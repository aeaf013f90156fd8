"""The CUDA-graph switch in the form: a checkbox bound to ``deployment.enforce_eager``."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _box(shell: Shell) -> QCheckBox:
    box = shell.window.inputs.binder.widget("deployment.enforce_eager")
    assert isinstance(box, QCheckBox)
    return box


def test_checkbox_frees_the_graph_memory_and_slows_small_batches(qtbot: QtBot, shell: Shell) -> None:
    before = shell.controller.last_outcome
    assert before is not None
    assert not _box(shell).isChecked()
    assert before.memory.binding.cuda_graphs.value > 0
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        _box(shell).setChecked(True)
    after = shell.controller.last_outcome
    assert after is not None
    assert shell.controller.scenario.deployment.enforce_eager
    assert after.memory.binding.cuda_graphs.value == 0.0
    assert after.performance is not None
    assert before.performance is not None
    assert any(t.key == "step.eager_launch_ms" for t in after.performance.step_breakdown_ms)


def test_pasted_enforce_eager_ticks_the_box(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.apply_serve_command(
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 --enforce-eager")
    assert _box(shell).isChecked()
