"""The DP / EP fields of the form: a pasted DP + EP line fills them and they change the answer."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.parallel_inputs import DEFAULT_IMBALANCE, EPLB_IMBALANCE
from gpucalc.ui.app import Shell
from gpucalc.ui.fields import ALL_FIELDS
from tests.ui.conftest import RESULT_TIMEOUT_MS

LINE = ("vllm serve Qwen/Qwen3-30B-A3B --max-model-len 8192 -dp 2 --enable-expert-parallel "
        "--all2all-backend deepep_high_throughput")


def _figures(shell: Shell) -> dict[str, float]:
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.performance is not None
    return {t.key: t.value for t in outcome.performance.expert_parallel}


def test_pasted_dp_ep_line_fills_the_fields_and_the_answer(qtbot: QtBot, shell: Shell) -> None:
    binder = shell.window.inputs.binder
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.apply_serve_command(LINE)
    dp = binder.widget("deployment.data_parallel_size")
    assert isinstance(dp, QSpinBox)
    assert dp.value() == 2
    mode = binder.widget("deployment.all2all_mode")
    assert isinstance(mode, QComboBox)
    assert mode.currentData() == "normal"
    figures = _figures(shell)
    assert figures["expert_parallel.size"] == 2
    assert figures["expert_parallel.experts_per_gpu"] == 64  # 128 experts over 2 ranks


def test_imbalance_and_eplb_fields_change_the_step(qtbot: QtBot, shell: Shell) -> None:
    binder = shell.window.inputs.binder
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.apply_serve_command(LINE)
    assert _figures(shell)["expert_parallel.imbalance"] == 1.4
    eplb = binder.widget("deployment.enable_eplb")
    assert isinstance(eplb, QCheckBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        eplb.setChecked(True)
    assert _figures(shell)["expert_parallel.imbalance"] == 1.08
    imbalance = binder.widget("deployment.expert_imbalance")
    assert isinstance(imbalance, QDoubleSpinBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        imbalance.setValue(3.0)
    assert shell.controller.scenario.deployment.expert_imbalance == 3.0
    assert _figures(shell)["expert_parallel.imbalance"] == 3.0
    mode = binder.widget("deployment.all2all_mode")
    assert isinstance(mode, QComboBox)
    before = _figures(shell)["expert_parallel.alltoall_ms_per_step"]
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        mode.setCurrentIndex(mode.findData("low-latency"))
    assert _figures(shell)["expert_parallel.alltoall_ms_per_step"] != before


def test_imbalance_fields_state_the_sourced_defaults() -> None:
    """The field's auto text and the EPLB help give the figures the core uses, and their source."""
    specs = {spec.path: spec for spec in ALL_FIELDS}
    figures = (f"{DEFAULT_IMBALANCE:g}", f"{EPLB_IMBALANCE:g}")
    imbalance, eplb = specs["deployment.expert_imbalance"], specs["deployment.enable_eplb"]
    assert all(f in imbalance.auto and f in eplb.help for f in figures)
    assert "power-law routing" in imbalance.help
    assert "(measured)" in eplb.help
