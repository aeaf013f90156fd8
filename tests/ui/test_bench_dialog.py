"""Tools → Predict a benchmark: a pasted command is simulated off the GUI thread and shown."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.bench_run import BenchPrediction
from gpucalc.ui.app import Shell
from gpucalc.ui.dialogs.bench_dialog import BenchDialog

SIGNAL_TIMEOUT_MS = 20_000
COMMAND = ("vllm bench serve --model m --dataset-name random --random-input-len 256 "
           "--random-output-len 32 --num-prompts 40 --max-concurrency 4")


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog) -> BenchDialog:
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                        deployment=Deployment(max_model_len=8192))
    made = BenchDialog(catalog, scenario)
    qtbot.addWidget(made)
    return made


def test_pasted_command_gives_the_clients_summary(dialog: BenchDialog, qtbot: QtBot) -> None:
    dialog.command.setPlainText(COMMAND)
    with qtbot.waitSignal(dialog.predicted, timeout=SIGNAL_TIMEOUT_MS) as blocker:
        dialog.predict_button.click()
    prediction = blocker.args[0]
    assert isinstance(prediction, BenchPrediction)
    assert prediction.completed == 40
    text = dialog.summary.toPlainText()
    assert "============ Serving Benchmark Result ============" in text
    assert f"{prediction.ttft_ms.median:<10.2f}".strip() in text
    assert dialog.predict_button.isEnabled()
    assert dialog.error.text() == ""


def test_a_bad_command_is_refused_with_the_reason(dialog: BenchDialog, qtbot: QtBot) -> None:
    with qtbot.waitSignal(dialog.refused, timeout=SIGNAL_TIMEOUT_MS) as blocker:
        dialog.predict("vllm bench serve --dataset-name sonnet")
    assert "sonnet" in blocker.args[0]
    assert "sonnet" in dialog.error.text()
    assert dialog.summary.toPlainText() == ""
    assert dialog.predict_button.isEnabled()


def test_tools_menu_opens_it_on_the_windows_scenario(shell: Shell,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    tools = next(a.menu() for a in shell.window.menuBar().actions() if a.text() == "&Tools")
    assert isinstance(tools, QMenu)
    entry = next(a for a in tools.actions() if a.text() == "Predict a &benchmark…")
    shown: list[BenchDialog] = []

    def show(self: BenchDialog) -> int:
        shown.append(self)
        return 0

    monkeypatch.setattr(BenchDialog, "exec", show)
    entry.trigger()
    assert len(shown) == 1
    assert shown[0].scenario == shell.window.controller.scenario
