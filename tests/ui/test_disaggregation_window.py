"""The window's disaggregation fields change the answer: both pools in the answer and the explanation."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox
from pytestqt.qtbot import QtBot

from gpucalc.text.numbers import count
from gpucalc.ui.app import Shell
from tests.ui.conftest import RESULT_TIMEOUT_MS


def test_disaggregating_shows_both_pools(qtbot: QtBot, shell: Shell) -> None:
    assert "Disaggregated" not in shell.window.banner.detail.text()
    box = shell.window.inputs.binder.widget("deployment.disaggregation.enabled")
    assert isinstance(box, QCheckBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        box.setChecked(True)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    pools = outcome.disaggregated
    assert pools is not None
    detail = shell.window.banner.detail.text()
    assert f"Disaggregated {pools.ratio}: prefill pool {pools.prefill_replicas} × TP" in detail
    assert f"— {count(pools.gpus)} GPUs in all" in detail
    pane = shell.window.explain
    pane.show_term("disaggregated.kv_transfer_ms")
    assert pane.current_key() == "disaggregated.kv_transfer_ms"
    assert "sending GPUs" in pane.detail.toPlainText()


def test_decode_replicas_field_fixes_the_decode_pool(qtbot: QtBot, shell: Shell) -> None:
    box = shell.window.inputs.binder.widget("deployment.disaggregation.enabled")
    assert isinstance(box, QCheckBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        box.setChecked(True)
    spin = shell.window.inputs.binder.widget("deployment.disaggregation.decode_replicas")
    assert isinstance(spin, QAbstractSpinBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_field("deployment.disaggregation.decode_replicas", 5)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.disaggregated is not None
    assert outcome.disaggregated.decode_replicas == 5
    assert "decode pool 5 × TP" in shell.window.banner.detail.text()
