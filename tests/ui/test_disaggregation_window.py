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


def test_decode_dp_field_puts_the_decode_pool_in_engines(qtbot: QtBot, shell: Shell) -> None:
    box = shell.window.inputs.binder.widget("deployment.disaggregation.enabled")
    assert isinstance(box, QCheckBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        box.setChecked(True)
    assert isinstance(shell.window.inputs.binder.widget("deployment.disaggregation.decode_dp"),
                      QAbstractSpinBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_field("deployment.disaggregation.decode_replicas", 3)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_field("deployment.disaggregation.decode_dp", 2)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    pools = outcome.disaggregated
    assert pools is not None
    assert (pools.decode_dp, pools.decode_engines) == (2, 2)
    assert pools.decode_gpus == 4 * pools.decode_tp * pools.decode_pp
    assert "; decode in 2 engines of DP 2" in shell.window.banner.detail.text()


def test_sizing_tooltip_explains_a_disaggregated_row(shell: Shell) -> None:
    from gpucalc.core.fleet.sizing import SizingRow
    from gpucalc.ui.panels.sizing_model import SizingTableModel

    row = SizingRow(gpu="h100-sxm-80gb", gpu_name="H100", precision="bf16", kv_format="bf16",
                    tensor_parallel_size=1, recommended_concurrency=100, online_capacity=70,
                    bottleneck="memory", requests_per_s_per_replica=5.0, replicas_needed=5,
                    replicas_total=7, gpus_total=7, utilization=0.5, ttft_ms=100.0, tpot_ms=20.0,
                    price_usd_per_gpu_hour=2.0, cost_usd_per_hour=14.0,
                    cost_usd_per_million_output_tokens=1.0, offline_tokens_per_day_spare=0.0,
                    layout="3P2D")
    text = SizingTableModel.explain(row)
    assert "prefill and decode pools 3P2D" in text
    assert "+ 1 spare per pool = 7" in text
