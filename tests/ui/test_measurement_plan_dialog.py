"""Tools → Measurement plan: steps with copyable commands, results loaded on a worker and marked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import PlanOptions, compute_plan
from gpucalc.plan.measurement_plan import measurement_plan
from gpucalc.ui.app import Shell
from gpucalc.ui.dialogs.measurement_plan_dialog import MeasurementPlanDialog

BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"
FIXTURE_SCENARIO = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                            deployment=Deployment(max_num_seqs=64),
                            workload=Workload(input_len_p50=1024, output_len_p50=256))
LOAD_TIMEOUT_MS = 10_000


def _dialog(qtbot: QtBot, catalog: Catalog, lang: str = "en") -> MeasurementPlanDialog:
    plan = compute_plan(catalog, FIXTURE_SCENARIO, PlanOptions(uncertainty=False))
    dialog = MeasurementPlanDialog(measurement_plan(plan), EngineKind.VLLM, lang)
    qtbot.addWidget(dialog)
    return dialog


def test_steps_expectations_and_copyable_commands(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = _dialog(qtbot, catalog)
    tree = dialog.tree
    assert tree.topLevelItemCount() == 4
    titles = [item.text(0) for i in range(4) if (item := tree.topLevelItem(i)) is not None]
    assert titles == ["1. Single-request baseline", "2. Concurrency ladder at a fixed context",
                      "3. Real traffic mix", "4. Watermark check"]
    ladder = tree.topLevelItem(1)
    assert ladder is not None
    assert ladder.childCount() == 7
    first = ladder.child(0)
    assert first is not None
    assert first.text(0) == "c=16: 1,024 in + 256 out"
    assert first.text(1).startswith("TTFT ")
    assert "targets met" in first.text(1)
    tree.setCurrentItem(first)
    assert dialog.selected_commands()[0].startswith("vllm bench serve ")
    assert "--max-concurrency 16" in dialog.details.toPlainText()
    dialog.copy_selected()
    assert QGuiApplication.clipboard().text() == dialog.selected_commands()[0]
    dialog.tool.setCurrentIndex(dialog.tool.findData("sglang"))
    assert dialog.selected_commands()[0].startswith("python -m sglang.bench_serving ")
    dialog.copy_all()
    script = QGuiApplication.clipboard().text()
    assert script.startswith("#!/bin/sh\n# Start the engine first: vllm serve ")
    assert dialog.mplan is not None
    assert script.count("sglang.bench_serving") == sum(len(s.runs) for s in dialog.mplan.steps)


def test_loading_results_marks_the_steps(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = _dialog(qtbot, catalog)
    assert dialog.marks() == ["", "", "", ""]
    with qtbot.waitSignal(dialog.resultsLoaded, timeout=LOAD_TIMEOUT_MS) as blocker:
        dialog.load_results([BENCH / "hand-table-llama8b-h100.csv",
                             BENCH / "sglang-bench-serving-llama8b-h100.jsonl"])
    assert blocker.args == [True]
    assert dialog.marks()[1] == "attention"  # 128 clients held the targets the estimate breaks
    assert dialog.marks()[3] == "not measured"
    ladder = dialog.tree.topLevelItem(1)
    assert ladder is not None
    last = ladder.child(ladder.childCount() - 1)
    assert last is not None
    assert last.text(2) == "attention"
    assert "TTFT 171 ms (" in last.text(3)
    dialog.tree.setCurrentItem(last)
    assert "capacity is higher" in dialog.details.toPlainText()
    assert "match no run" in dialog.error.text()


def test_a_file_without_results_is_refused(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = _dialog(qtbot, catalog)
    with qtbot.waitSignal(dialog.resultsLoaded, timeout=LOAD_TIMEOUT_MS) as blocker:
        dialog.load_results([BENCH / "unrelated.json"])
    assert blocker.args == [False]
    assert dialog.error.text().startswith("Cannot use these results")
    assert dialog.load_button.isEnabled()


def test_chinese_titles(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = _dialog(qtbot, catalog, "zh")
    first = dialog.tree.topLevelItem(0)
    assert first is not None
    assert first.text(0) == "1. 单请求基线"


def test_tools_menu_opens_it_on_the_current_result(qtbot: QtBot, shell: Shell) -> None:
    dialog = shell.window.tools.measurement_plan_dialog()
    qtbot.addWidget(dialog)
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.performance is not None
    assert dialog.mplan is not None
    assert dialog.mplan.recommended == outcome.performance.recommended_concurrency.value
    assert dialog.load_button.isEnabled()


def test_nothing_to_measure_when_it_does_not_fit(qtbot: QtBot) -> None:
    dialog = MeasurementPlanDialog(None, EngineKind.VLLM, "en")
    qtbot.addWidget(dialog)
    assert dialog.summary.text().startswith("Nothing to measure")
    assert not dialog.load_button.isEnabled()
    assert dialog.tree.topLevelItemCount() == 0
