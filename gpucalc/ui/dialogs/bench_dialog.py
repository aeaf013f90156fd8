"""Tools → Predict a benchmark: paste a benchmark command, see the summary it would print."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.bench_parse import parse_bench_command
from gpucalc.plan.bench_report import tool_summary
from gpucalc.plan.bench_run import BenchPrediction, predict_scenario
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.plain_text import PlainLabel
from gpucalc.ui.worker import LatestJob

ERROR_STYLE = "color: #c62828;"


def _predict(catalog: Catalog, scenario: Scenario, text: str) -> BenchPrediction:
    """Parse and simulate (runs on the worker thread)."""
    return predict_scenario(catalog, scenario, parse_bench_command(text))


class BenchDialog(QDialog):
    """``predict(text)`` simulates on a worker; ``predicted(BenchPrediction)`` or ``refused(str)``."""

    predicted = Signal(object)
    refused = Signal(str)

    def __init__(self, catalog: Catalog, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Predict a benchmark"))
        self.catalog = catalog
        self.scenario = scenario
        self.prediction: BenchPrediction | None = None
        self._job = LatestJob(self, self._on_predicted, self._on_refused)
        hint = PlainLabel(self.tr(
            "Paste a vllm bench serve, benchmark_serving.py, sglang.bench_serving, genai-perf "
            "profile or trtllm-bench throughput command. It runs on this window's deployment: "
            "{model} on {gpu}, {engine}.").format(model=scenario.model, gpu=scenario.gpu,
                                                  engine=scenario.deployment.engine))
        hint.setWordWrap(True)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.command = QPlainTextEdit()
        self.command.setFont(mono)
        self.command.setPlaceholderText("vllm bench serve --model … --dataset-name sharegpt "
                                        "--num-prompts 1000 --request-rate 8")
        self.command.setMaximumHeight(110)
        self.predict_button = QPushButton(self.tr("&Predict"))
        self.predict_button.clicked.connect(lambda: self.predict(self.command.toPlainText()))
        self.error = PlainLabel("")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.summary.setFont(mono)
        self.summary.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (hint, self.command, self.predict_button, self.error):
            layout.addWidget(widget)
        layout.addWidget(self.summary, stretch=1)
        layout.addWidget(buttons)
        self.resize(820, 760)

    def predict(self, text: str) -> None:
        """Simulate the pasted command off the GUI thread; the newest request wins."""
        self.error.setText("")
        self.summary.setPlainText(self.tr("Simulating…"))
        self.predict_button.setEnabled(False)
        self._job.start(partial(_predict, self.catalog, self.scenario, text))

    def _on_predicted(self, result: object) -> None:
        if not isinstance(result, BenchPrediction):
            return
        self.predict_button.setEnabled(True)
        self.prediction = result
        self.summary.setPlainText(tool_summary(result))
        self.predicted.emit(result)

    def _on_refused(self, exc: object) -> None:
        self.predict_button.setEnabled(True)
        self.summary.setPlainText("")
        message = self.tr("Cannot predict this command: {reason}").format(reason=failure_reason(exc))
        self.error.setText(message)
        self.refused.emit(message)

    def wait(self) -> None:
        """Block until a running prediction is done (closing, tests)."""
        self._job.wait()
