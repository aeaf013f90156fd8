"""Tools → Measurement plan: seed 000's load tests for this plan, and their results marked.

Each step and run is a row with what the estimate expects; the selected row's commands are shown
selectable and can be copied (one, or every command as a script). "Load results…" reads saved
benchmark results on a worker thread and marks every run pass / attention.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.specs.engine import EngineKind
from gpucalc.engines.bench_tools import OWN_TOOL, WRITTEN_TOOLS, BenchTool
from gpucalc.plan.measurement_check import (
    Mark,
    MeasurementCheck,
    RunCheck,
    check_results,
    deviation_text,
    hint_text,
    read_result_files,
)
from gpucalc.plan.measurement_plan import (
    MeasurementPlan,
    MeasurementRun,
    MeasurementStep,
    figures_text,
    run_label,
    step_purpose,
    step_title,
)
from gpucalc.text.numbers import count, sig3
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip
from gpucalc.ui.worker import LatestJob

MARK_COLOURS = {Mark.PASS: "#2e7d32", Mark.ATTENTION: "#e65100", Mark.NOT_MEASURED: "#757575"}
ERROR_STYLE = "color: #c62828;"
STEP_ROLE = Qt.ItemDataRole.UserRole
RUN_ROLE = Qt.ItemDataRole.UserRole + 1
MARK_COLUMN, MEASURED_COLUMN = 2, 3


def _read_and_check(mplan: MeasurementPlan, paths: Sequence[Path]) -> MeasurementCheck:
    """Read result files and mark the plan's runs (runs on the worker thread)."""
    return check_results(mplan, read_result_files(paths))


class MeasurementPlanDialog(QDialog):
    """The plan's steps as a tree; ``load_results(paths)`` marks them; ``resultsLoaded`` follows."""

    resultsLoaded = Signal(bool)  # results read and marked (True) or refused (False)

    def __init__(self, mplan: MeasurementPlan | None, engine: EngineKind, lang: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Measurement plan"))
        self.mplan, self.lang = mplan, lang
        self.check: MeasurementCheck | None = None
        self._job = LatestJob(self, self._on_checked, self._on_refused)
        self.summary = PlainLabel()
        self.summary.setWordWrap(True)
        self.error = PlainLabel("")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.tool = QComboBox()
        for tool in WRITTEN_TOOLS:
            self.tool.addItem(tool.value, tool)
        self.tool.setCurrentIndex(self.tool.findData(OWN_TOOL[engine]))
        self.tool.currentIndexChanged.connect(self._show_selection)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Step / run"), self.tr("Expected"), self.tr("Check"),
                                   self.tr("Measured")])
        self.tree.setAlternatingRowColors(True)
        self.tree.currentItemChanged.connect(self._show_selection)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.load_button = QPushButton(self.tr("&Load results…"))
        self.load_button.clicked.connect(self.open_results)
        self.copy_button = QPushButton(self.tr("&Copy command"))
        self.copy_button.clicked.connect(self.copy_selected)
        self.copy_all_button = QPushButton(self.tr("Copy &all as a script"))
        self.copy_all_button.clicked.connect(self.copy_all)
        self._layout()
        self._fill()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(PlainLabel(self.tr("Benchmark tool:")))
        top.addWidget(self.tool)
        top.addStretch(1)
        top.addWidget(self.load_button)
        actions = QHBoxLayout()
        actions.addWidget(self.copy_button)
        actions.addWidget(self.copy_all_button)
        actions.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(top)
        layout.addWidget(self.error)
        layout.addWidget(self.tree, 3)
        layout.addWidget(self.details, 2)
        layout.addLayout(actions)
        layout.addWidget(buttons)
        self.resize(960, 720)

    # -- content -------------------------------------------------------------------------------
    def _fill(self) -> None:
        mplan = self.mplan
        for widget in (self.load_button, self.copy_button, self.copy_all_button, self.tool):
            widget.setEnabled(mplan is not None)
        if mplan is None:
            self.summary.setText(self.tr("Nothing to measure: the model does not fit on this "
                                         "deployment."))
            return
        self.summary.setText(self.tr(
            "The measurement order for this plan. Targets: TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; "
            "recommendation {n} concurrent requests per replica, online capacity {online}. Load saved "
            "results to mark each run: within ±{tol} % of the expectation passes.").format(
            ttft=sig3(mplan.ttft_target_ms), tpot=sig3(mplan.tpot_target_ms),
            n=count(mplan.recommended), online=count(mplan.online_capacity),
            tol=round(mplan.tolerance * 100)))
        self.tree.clear()
        for number, step in enumerate(mplan.steps, start=1):
            parent = QTreeWidgetItem([f"{number}. {step_title(step, self.lang)}"])
            parent.setData(0, STEP_ROLE, number - 1)
            if step.breaks_at is not None:
                parent.setText(1, self.tr("a target breaks at about {n}").format(n=count(step.breaks_at)))
            for index, run in enumerate(step.runs):
                child = QTreeWidgetItem([self._run_label(run), self._expected_text(run)])
                child.setData(0, STEP_ROLE, number - 1)
                child.setData(0, RUN_ROLE, index)
                parent.addChild(child)
            self.tree.addTopLevelItem(parent)
            parent.setExpanded(True)
        for column in range(self.tree.columnCount()):
            self.tree.resizeColumnToContents(column)
        first = self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)

    def _run_label(self, run: MeasurementRun) -> str:
        return self.tr("{label}: {input} in + {output} out").format(
            label=run_label(run, self.lang), input=count(run.run.input_tokens),
            output=count(run.run.output_tokens))

    def _expected_text(self, run: MeasurementRun) -> str:
        verdict = self.tr("targets met") if run.expected.meets_targets else self.tr("a target broken")
        return f"{figures_text(run.expected)}; {verdict}"

    def _selected(self) -> tuple[MeasurementStep | None, MeasurementRun | None]:
        item = self.tree.currentItem()
        if self.mplan is None or item is None:
            return None, None
        step = self.mplan.steps[int(item.data(0, STEP_ROLE))]
        index = item.data(0, RUN_ROLE)
        return step, (step.runs[int(index)] if index is not None else None)

    def selected_tool(self) -> BenchTool:
        """The tool whose commands are shown and copied."""
        return BenchTool(self.tool.currentData())

    def command_of(self, run: MeasurementRun) -> str:
        """``run``'s command for the chosen tool (vLLM's where that tool cannot drive the engine)."""
        return run.commands.get(self.selected_tool(), run.commands[BenchTool.VLLM])

    def selected_commands(self) -> list[str]:
        """The commands of the selected run, or of every run of the selected step."""
        step, run = self._selected()
        if step is None:
            return []
        return [self.command_of(r) for r in ((run,) if run is not None else step.runs)]

    def _show_selection(self) -> None:
        step, run = self._selected()
        if self.mplan is None or step is None:
            return
        lines = [step_purpose(step, self.lang), "", self.tr("Serve:"), self.mplan.serve_command,
                 "", self.tr("Benchmark:"), *self.selected_commands()]
        run_check = self._run_check(step, run)
        if run_check is not None and run_check.hints:
            lines += ["", self.tr("What to check:"), *(hint_text(h, self.lang) for h in run_check.hints)]
        self.details.setPlainText("\n".join(lines))

    def _run_check(self, step: MeasurementStep, run: MeasurementRun | None) -> RunCheck | None:
        if self.check is None or run is None:
            return None
        return self.check.step(step.kind).runs[step.runs.index(run)]

    # -- copying -------------------------------------------------------------------------------
    def copy_selected(self) -> None:
        """Copy the selected run's (or step's) commands to the clipboard."""
        QGuiApplication.clipboard().setText("\n".join(self.selected_commands()))

    def script_text(self) -> str:
        """Every command in order, as a shell script with a comment per step."""
        if self.mplan is None:
            return ""
        first = self.tr("Start the engine first:")
        lines = ["#!/bin/sh", f"# {first} {self.mplan.serve_command}"]
        for number, step in enumerate(self.mplan.steps, start=1):
            lines += ["", f"# {number}. {step_title(step, self.lang)}"]
            commands = [self.command_of(r) for r in step.runs]
            if step.concurrent:  # the mix: every class at once
                lines += [f"{c} &" for c in commands] + ["wait"]
            else:
                lines += commands
        return "\n".join(lines) + "\n"

    def copy_all(self) -> None:
        """Copy every command as a script."""
        QGuiApplication.clipboard().setText(self.script_text())

    # -- results ---------------------------------------------------------------------------------
    def open_results(self) -> None:
        """Ask for result files and load them."""
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Load benchmark results"), "",
            self.tr("Benchmark results (*.json *.jsonl *.csv);;All files (*)"))
        if paths:
            self.load_results([Path(p) for p in paths])

    def load_results(self, paths: Sequence[Path]) -> None:
        """Read ``paths`` on a worker thread and mark the runs; ``resultsLoaded`` follows."""
        if self.mplan is None:
            return
        self.load_button.setEnabled(False)
        self.error.setText("")
        self._job.start(partial(_read_and_check, self.mplan, tuple(paths)))

    def wait(self) -> None:
        """Block until files being read are done (closing, tests)."""
        self._job.wait()

    def _on_refused(self, exc: object) -> None:
        self.load_button.setEnabled(True)
        self.error.setText(self.tr("Cannot use these results: {reason}").format(reason=failure_reason(exc)))
        self.resultsLoaded.emit(False)

    def _on_checked(self, check: object) -> None:
        self.load_button.setEnabled(True)
        if not isinstance(check, MeasurementCheck):
            self.resultsLoaded.emit(False)
            return
        self.check = check
        for index, step_check in enumerate(check.steps):
            parent = self.tree.topLevelItem(index)
            if parent is None:
                continue
            self._set_mark(parent, step_check.mark)
            for row, run_check in enumerate(step_check.runs):
                child = parent.child(row)
                if child is not None:
                    child.setText(MEASURED_COLUMN, self._measured_text(run_check))
                    child.setToolTip(MEASURED_COLUMN, plain_tooltip(child.text(MEASURED_COLUMN)))
                    self._set_mark(child, run_check.mark)
        self.tree.resizeColumnToContents(MARK_COLUMN)
        if check.unmatched:
            self.error.setText(self.tr("{n} results match no run (other concurrency or lengths).")
                               .format(n=len(check.unmatched)))
        self._show_selection()
        self.resultsLoaded.emit(True)

    def _measured_text(self, check: RunCheck) -> str:
        return ", ".join(deviation_text(d, self.lang) for d in check.deviations)

    def _set_mark(self, item: QTreeWidgetItem, mark: Mark) -> None:
        texts = {Mark.PASS: self.tr("pass"), Mark.ATTENTION: self.tr("attention"),
                 Mark.NOT_MEASURED: self.tr("not measured")}
        item.setText(MARK_COLUMN, texts[mark])
        item.setForeground(MARK_COLUMN, QBrush(QColor(MARK_COLOURS[mark])))

    def marks(self) -> list[str]:
        """The Check column of the steps, top to bottom (tests)."""
        return [item.text(MARK_COLUMN) for i in range(self.tree.topLevelItemCount())
                if (item := self.tree.topLevelItem(i)) is not None]
