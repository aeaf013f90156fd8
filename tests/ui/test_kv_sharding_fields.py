"""The DCP field and the state dtype in the form change the answer; the state shows in the memory tab."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.ui.app import Shell
from gpucalc.ui.panels.term_table import KEY_ROLE
from tests.ui.conftest import RESULT_TIMEOUT_MS

PASTE = "vllm serve Qwen/Qwen3-Next-80B-A3B-Thinking -tp 4 --max-model-len 32768"


def _paste(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.apply_serve_command(PASTE)


def test_dcp_field_shards_the_kv_cache(qtbot: QtBot, shell: Shell) -> None:
    _paste(qtbot, shell)
    before = shell.controller.last_outcome
    assert before is not None
    spin = shell.window.inputs.binder.widget("deployment.decode_context_parallel_size")
    assert isinstance(spin, QSpinBox)
    assert spin.value() == 1
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        spin.setValue(2)
    after = shell.controller.last_outcome
    assert after is not None
    assert shell.controller.scenario.deployment.decode_context_parallel_size == 2
    assert after.memory.kv_bytes_per_token_per_gpu.value == before.memory.kv_bytes_per_token_per_gpu.value / 2
    assert after.memory.kv_cache_tokens.value > 1.9 * before.memory.kv_cache_tokens.value


def test_state_dtype_changes_the_state_and_the_memory_tab_lists_it(qtbot: QtBot, shell: Shell) -> None:
    _paste(qtbot, shell)
    before = shell.controller.last_outcome
    assert before is not None
    assert before.memory.state_bytes_per_request is not None
    combo = shell.window.inputs.binder.widget("deployment.mamba_ssm_cache_dtype")
    assert isinstance(combo, QComboBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("float32"))
    after = shell.controller.last_outcome
    assert after is not None
    assert after.memory.state_bytes_per_request is not None
    assert after.memory.state_bytes_per_request.value > before.memory.state_bytes_per_request.value
    shell.window.tabs.flush()
    table = shell.window.tabs.memory_tab.kv_table
    keys = [item.data(KEY_ROLE) for row in range(table.rowCount()) if (item := table.item(row, 0))]
    assert "state_bytes_per_request_per_gpu" in keys
