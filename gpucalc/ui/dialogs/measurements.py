"""Compare the estimate with measurements and calibrate: engine start-up logs and benchmark results.

Tab "Engine log": paste or open a vLLM / SGLang / TensorRT-LLM start-up log, see the engine's
memory figures next to gpucalc's with the differences beyond the tolerance highlighted, and
turn them into a calibrated engine profile (after a confirmation).

Tab "Benchmark results": open benchmark result files, see the measured points over the
predicted curves, fit the efficiency factors, compare errors before and after, and save the
fit as an engine profile (name asked, overwriting confirmed).

Reading and comparing a log and fitting run on a worker thread (the newest request wins; an
older result is dropped): ``logCompared(bool)`` and ``fitted(bool)`` say how each ended.
Nothing is written to the user's tables without a confirmation; ``profileSaved(id)`` is emitted
after a profile was saved.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pyqtgraph as pg
from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.catalog.calibration import (
    CalibrationConflictError,
    save_calibration,
)
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.catalog.tables import TableValidationError
from gpucalc.catalog.user_store import UserStore, UserStoreError
from gpucalc.core.capacity.perf_model import plan_efficiency
from gpucalc.core.common.errors import PlanError
from gpucalc.core.measured.calibrate import (
    CalibrationResult,
    operating_point,
    workload_inputs,
)
from gpucalc.core.measured.log_compare import (
    LogCalibration,
    LogComparison,
)
from gpucalc.core.measured.measured import MeasuredMemory, MeasuredPoint
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.efficiency import Efficiency
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.bench_results import read_bench_results
from gpucalc.io.engine_log import (
    parse_engine_log,
    read_log_stretch,
)
from gpucalc.io.errors import InputFileError
from gpucalc.plan.calibration_job import (
    BenchFit,
    LogCheck,
    bench_profile,
    check_log,
    default_bench_profile_name,
    fit_bench,
    inputs_with_log_flags,
    log_calibration,
)
from gpucalc.text.notices import notice_text
from gpucalc.ui.panels.term_table import read_only_table, table_cell
from gpucalc.ui.plain_text import PlainLabel
from gpucalc.ui.plots.style import (
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    latency_and_throughput_plots,
)
from gpucalc.ui.worker import LatestJob

ERROR_STYLE = "color: #c62828;"
FLAG_BRUSH = QColor(198, 40, 40, 60)
CURVE_POINTS = 24
MAX_SHOWN_LOG_CHARS = 200_000  # characters of an opened log shown in the text box
METRIC_COLOURS = {"ttft": TTFT_COLOUR, "tpot": TPOT_COLOUR, "throughput": THROUGHPUT_COLOUR}
PLAN_ERRORS = (CatalogError, InputFileError, PlanError, ValidationError, ValueError)


def _figure(value: float, unit: str) -> str:
    if not math.isfinite(value):
        return QCoreApplication.translate("MeasurementsDialog", "not reported")
    if unit == "tokens":
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def _signed(value: float) -> str:
    """A difference with its sign, or "not reported" when it is not a finite number."""
    return f"{value:+,.2f}" if math.isfinite(value) else _figure(value, "")


def _percent(errors: dict[str, float], metric: str) -> str:
    return f"{errors[metric] * 100:.1f} %" if metric in errors else "—"


@dataclass(frozen=True, slots=True)
class LogReading:
    """A log to compare: the head of a file (``text``, with the file's size) or pasted text."""

    text: str | None
    source: str
    pasted: str | None = None
    bytes_total: int = 0
    start_bytes: int = 0  # where the text read starts in the file (its start-up lines)


@dataclass(frozen=True, slots=True)
class LogComparisonResult:
    """What the worker hands back: the figures, the inputs they were compared with, the table."""

    measured: MeasuredMemory
    check: LogCheck  # the inputs compared with, their memory estimate and the comparison
    shown_text: str | None  # the file's head to show in the text box (None: keep the paste)
    bytes_total: int
    start_bytes: int = 0


def read_log_file(path: Path) -> LogReading:
    """The start-up lines of the log at ``path`` and its size (runs on the worker).

    The head, or in a long log whose start-up comes later the stretch before its KV cache line
    (:func:`gpucalc.io.engine_log.read_log_stretch`: bounded in time and memory).
    """
    stretch = read_log_stretch(path)
    return LogReading(text=stretch.text, source=str(path), bytes_total=stretch.size_bytes,
                      start_bytes=stretch.start_bytes)


def compare_log(catalog: Catalog, scenario: Scenario, use_flags: bool,
                reading: Callable[[], LogReading]) -> LogComparisonResult:
    """Read, parse and compare one log (runs on the worker; every step is bounded)."""
    got = reading()
    text = got.text if got.text is not None else got.pasted or ""
    measured = parse_engine_log(text, got.source)
    inputs = inputs_with_log_flags(catalog, scenario, measured) if use_flags else resolve_scenario(
        catalog, scenario)
    check = check_log(inputs, measured)
    shown = got.text[:MAX_SHOWN_LOG_CHARS] if got.text is not None else None
    return LogComparisonResult(measured=measured, check=check,
                               shown_text=shown, bytes_total=got.bytes_total,
                               start_bytes=got.start_bytes)


class MeasurementsDialog(QDialog):
    """Engine-log comparison and benchmark calibration for the scenario in the window."""

    profileSaved = Signal(str)
    logCompared = Signal(bool)
    fitted = Signal(bool)

    def __init__(self, catalog: Catalog, scenario: Scenario, store: UserStore,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Measurements and calibration"))
        self.catalog, self.scenario, self.store = catalog, scenario, store
        self.inputs: PlanInputs | None = None
        self.plan_error = ""
        try:
            self.inputs = resolve_scenario(catalog, scenario)
        except PLAN_ERRORS as exc:
            self.plan_error = str(exc)
        self.measured: MeasuredMemory | None = None
        self._log_job = LatestJob(self, self._on_log_compared, self._on_log_failed)
        self._fit_job = LatestJob(self, self._on_fitted, self._on_fit_failed)
        self.comparison: LogComparison | None = None
        self.log_inputs: PlanInputs | None = None
        self.log_check: LogCheck | None = None
        self.points: list[MeasuredPoint] = []
        self.files: list[str] = []
        self.fit_result: CalibrationResult | None = None
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_log_tab(), self.tr("Engine log"))
        self.tabs.addTab(self._build_bench_tab(), self.tr("Benchmark results"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if self.plan_error:
            problem = PlainLabel(self.tr("The scenario cannot be computed: {reason}").format(
                reason=self.plan_error))
            problem.setStyleSheet(ERROR_STYLE)
            problem.setWordWrap(True)
            layout.addWidget(problem)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(920, 760)

    # -- engine log tab ----------------------------------------------------------------------

    def _build_log_tab(self) -> QWidget:
        tab = QWidget()
        self.log_text = QPlainTextEdit()
        self.log_text.setPlaceholderText(self.tr(
            "Paste the engine's start-up log here (vLLM, SGLang or TensorRT-LLM), up to the line "
            "that reports the KV cache size."))
        self.open_log_button = QPushButton(self.tr("&Open log…"))
        self.open_log_button.clicked.connect(self.open_log)
        self.compare_button = QPushButton(self.tr("&Compare"))
        self.compare_button.clicked.connect(self.compare_pasted)
        self.use_log_flags = QCheckBox(self.tr("Use the flags the log printed"))
        self.use_log_flags.setChecked(True)
        self.log_status = PlainLabel("")
        self.log_status.setWordWrap(True)
        self.log_table = read_only_table([self.tr("Figure"), self.tr("gpucalc"), self.tr("Engine log"),
                                 self.tr("Difference"), self.tr("Relative")])
        self.log_notes = PlainLabel("")
        self.log_notes.setWordWrap(True)
        self.calibrate_log_button = QPushButton(self.tr("Calibrate from this log…"))
        self.calibrate_log_button.setEnabled(False)
        self.calibrate_log_button.clicked.connect(self.calibrate_from_log)
        row = QHBoxLayout()
        for widget in (self.open_log_button, self.compare_button, self.use_log_flags):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.calibrate_log_button)
        layout = QVBoxLayout(tab)
        layout.addWidget(self.log_text, stretch=2)
        layout.addLayout(row)
        layout.addWidget(self.log_status)
        layout.addWidget(self.log_table, stretch=3)
        layout.addWidget(self.log_notes)
        for widget in (self.open_log_button, self.compare_button):
            widget.setEnabled(self.inputs is not None)
        return tab

    def open_log(self) -> None:
        """Ask for a log file and compare it."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open engine log"), "",
                                              self.tr("Logs (*.log *.txt *.out);;All files (*)"))
        if path:
            self.load_log_file(Path(path))

    def load_log_file(self, path: Path) -> None:
        """Read the head of the log at ``path`` off the GUI thread, show its text and compare it.

        ``logCompared(bool)`` says how it ended.
        """
        self._submit_log(partial(read_log_file, path))

    def compare_pasted(self) -> None:
        """Compare the pasted text off the GUI thread; ``logCompared(bool)`` says how it ended."""
        self._submit_log(partial(LogReading, text=None, source=self.tr("the pasted log"),
                                 pasted=self.log_text.toPlainText()))

    def _submit_log(self, reading: Callable[[], LogReading]) -> None:
        """Parse and compare on the worker; the newest request wins, older results are dropped."""
        self.log_status.setStyleSheet("")
        self.log_status.setText(self.tr("Reading the log…"))
        self._log_job.start(partial(
            compare_log, self.catalog, self.scenario, self.use_log_flags.isChecked(), reading))

    def _on_log_compared(self, result: object) -> None:
        if not isinstance(result, LogComparisonResult):
            return
        if result.shown_text is not None:
            self.log_text.setPlainText(result.shown_text)
        self.logCompared.emit(self.show_comparison(result))

    def _on_log_failed(self, exc: object) -> None:
        if isinstance(exc, PLAN_ERRORS):
            self._log_error(str(exc))
        else:
            self._log_error(self.tr("unexpected error ({kind})").format(kind=type(exc).__name__))
        self.logCompared.emit(False)

    def wait_for_log(self) -> None:
        """Block until a running log comparison is done (closing, tests)."""
        self._log_job.wait()

    def _log_error(self, reason: str) -> None:
        self.log_status.setStyleSheet(ERROR_STYLE)
        self.log_status.setText(self.tr("Cannot use this log: {reason}").format(reason=reason))
        self.calibrate_log_button.setEnabled(False)

    def show_comparison(self, result: LogComparisonResult) -> bool:
        """Fill the side-by-side table with a comparison computed on the worker."""
        measured, comparison, inputs = result.measured, result.check.comparison, result.check.inputs
        self.measured, self.comparison, self.log_inputs = measured, comparison, inputs
        self.log_check = result.check
        engine = f"{measured.engine or '?'} {measured.engine_version or ''}".strip()
        self.log_status.setStyleSheet("")
        status = self.tr("{engine} log: {flagged} of {total} figures differ by more "
                         "than {tolerance} % from the estimate ({profile}).").format(
            engine=engine, flagged=len(comparison.flagged), total=len(comparison.lines),
            tolerance=f"{comparison.tolerance * 100:.0f}", profile=inputs.engine.name)
        if result.start_bytes > 0:
            status += " " + self.tr("Its start-up lines were found {start} MB into this {size} MB "
                                    "log.").format(start=f"{result.start_bytes / 1e6:,.1f}",
                                                   size=f"{result.bytes_total / 1e6:,.0f}")
        self.log_status.setText(status)
        self.log_table.setRowCount(len(comparison.lines))
        for r, line in enumerate(comparison.lines):
            relative = f"{line.relative * 100:+.1f} %" if line.relative is not None else "—"
            cells = [table_cell(f"{line.label} ({line.unit})", line.estimate.formula, right=False),
                     table_cell(_figure(line.estimate.value, line.unit), line.estimate.formula),
                     table_cell(_figure(line.measured, line.unit)),
                     table_cell(_signed(line.difference)), table_cell(relative)]
            for c, item in enumerate(cells):
                if line.flagged:
                    item.setBackground(QBrush(FLAG_BRUSH))
                self.log_table.setItem(r, c, item)
        self.log_notes.setText("\n".join(notice_text(n) for n in comparison.notices))
        calibratable = any(v is not None for v in (measured.activation_gib, measured.non_torch_gib,
                                                   measured.cuda_graph_gib))
        self.calibrate_log_button.setEnabled(calibratable)
        return True

    def calibrate_from_log(self) -> str | None:
        """Build the calibrated profile, confirm, save; the saved id or None."""
        if self.measured is None or self.log_check is None:
            return None
        try:
            calibration = log_calibration(self.log_check, self.measured)
        except ValueError as exc:
            self._log_error(str(exc))
            return None
        summary = self._calibration_summary(calibration)
        if not self._confirm(self.tr("Calibrate from this log"), summary):
            return None
        return self._save(calibration.profile)

    def _calibration_summary(self, calibration: LogCalibration) -> str:
        lines = [self.tr("Save the engine profile \"{name}\" ({id}) with these constants?").format(
            name=calibration.profile.name, id=calibration.profile.id)]
        lines += [f"{t.key}: {t.inputs.get('old_gib')} → {t.value:.3f} {t.unit}"
                  for t in calibration.changes]
        lines += [notice_text(n) for n in calibration.notices]
        return "\n".join(lines)

    # -- benchmark tab -----------------------------------------------------------------------

    def _build_bench_tab(self) -> QWidget:
        tab = QWidget()
        self.add_files_button = QPushButton(self.tr("&Add result files…"))
        self.add_files_button.clicked.connect(self.open_bench_files)
        self.clear_button = QPushButton(self.tr("C&lear"))
        self.clear_button.clicked.connect(self.clear_points)
        self.holdout = QDoubleSpinBox()
        self.holdout.setRange(0.0, 0.9)
        self.holdout.setSingleStep(0.1)
        self.holdout.setValue(0.5)
        self.holdout.setPrefix(self.tr("held out: "))
        self.fit_button = QPushButton(self.tr("&Fit"))
        self.fit_button.clicked.connect(self.fit)
        self.save_button = QPushButton(self.tr("&Save as profile…"))
        self.save_button.clicked.connect(self.save_fitted_profile)
        self.bench_status = PlainLabel(self.tr("Add vllm bench serve, SGLang bench_serving, genai-perf "
                                           "or CSV result files."))
        self.bench_status.setWordWrap(True)
        self._build_bench_plots()
        self.factor_table = read_only_table([self.tr("Factor"), self.tr("Default"), self.tr("Fitted"),
                                    self.tr("±")])
        self.error_table = read_only_table([self.tr("Median |error|"), self.tr("Fit: before"),
                                   self.tr("Fit: after"), self.tr("Held out: before"),
                                   self.tr("Held out: after")])
        row = QHBoxLayout()
        for widget in (self.add_files_button, self.clear_button, self.holdout, self.fit_button):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.save_button)
        tables = QHBoxLayout()
        tables.addWidget(self.factor_table, stretch=2)
        tables.addWidget(self.error_table, stretch=3)
        layout = QVBoxLayout(tab)
        layout.addLayout(row)
        layout.addWidget(self.bench_status)
        layout.addWidget(self.latency_plot, stretch=3)
        layout.addWidget(self.throughput_plot, stretch=2)
        layout.addLayout(tables, stretch=2)
        self._update_bench_buttons()
        return tab

    def _build_bench_plots(self) -> None:
        self.latency_plot, self.throughput_plot = latency_and_throughput_plots(
            self.tr("Load: concurrency or request rate (log scale)"))
        self.curves: dict[tuple[str, str], Any] = {}
        self.markers: dict[str, Any] = {}
        for metric, plot in (("ttft", self.latency_plot), ("tpot", self.latency_plot),
                             ("throughput", self.throughput_plot)):
            colour = METRIC_COLOURS[metric]
            self.markers[metric] = plot.plot([], [], pen=None, symbol="o", symbolBrush=colour,
                                             symbolPen=colour, symbolSize=8,
                                             name=self.tr("{metric} measured").format(metric=metric))
            self.curves[(metric, "before")] = plot.plot(
                [], [], pen=pg.mkPen(colour, width=1.5, style=Qt.PenStyle.DashLine),
                name=self.tr("{metric} default").format(metric=metric))
            self.curves[(metric, "after")] = plot.plot(
                [], [], pen=pg.mkPen(colour, width=2),
                name=self.tr("{metric} calibrated").format(metric=metric))

    def _update_bench_buttons(self) -> None:
        ready = self.inputs is not None
        self.add_files_button.setEnabled(ready)
        self.fit_button.setEnabled(ready and bool(self.points))
        self.save_button.setEnabled(ready and self.fit_result is not None)

    def open_bench_files(self) -> None:
        """Ask for result files and add their points."""
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Open benchmark results"), "",
            self.tr("Benchmark results (*.json *.jsonl *.csv *.txt);;All files (*)"))
        for path in paths:
            self.add_bench_file(Path(path))

    def add_bench_file(self, path: Path) -> bool:
        """Add the points of one result file; False (reason shown) when unusable."""
        try:
            points = read_bench_results(path)
        except InputFileError as exc:
            self.bench_status.setStyleSheet(ERROR_STYLE)
            self.bench_status.setText(self.tr("Cannot use this file: {reason}").format(reason=exc))
            return False
        self.points += points
        self.files.append(path.name)
        self.fit_result = None
        self._fit_job.invalidate()  # a fit still running was for the old points
        self.bench_status.setStyleSheet("")
        self.bench_status.setText(self.tr("{points} measured points from {files}.").format(
            points=len(self.points), files=", ".join(self.files)))
        self._plot()
        self._update_bench_buttons()
        return True

    def clear_points(self) -> None:
        """Forget every loaded point and the fit."""
        self.points, self.files, self.fit_result = [], [], None
        self._fit_job.invalidate()
        self.factor_table.setRowCount(0)
        self.error_table.setRowCount(0)
        self.bench_status.setText("")
        self._plot()
        self._update_bench_buttons()

    def fit(self) -> None:
        """Fit the efficiency factors to the loaded points (part held out) on the worker.

        ``fitted(bool)`` says how it ended; a newer fit or a change of points drops an older one.
        """
        if self.inputs is None or not self.points:
            return
        self.fit_button.setEnabled(False)
        self.bench_status.setStyleSheet("")
        self.bench_status.setText(self.tr("Fitting…"))
        self._fit_job.start(partial(
            fit_bench, self.inputs, self.points, self.holdout.value(), source=", ".join(self.files)))

    def wait_for_fit(self) -> None:
        """Block until a running fit is done (closing, tests)."""
        self._fit_job.wait()

    def _on_fit_failed(self, exc: object) -> None:
        reason = str(exc) if isinstance(exc, PLAN_ERRORS) else type(exc).__name__
        self.bench_status.setStyleSheet(ERROR_STYLE)
        self.bench_status.setText(self.tr("The fit failed: {reason}").format(reason=reason))
        self._update_bench_buttons()
        self.fitted.emit(False)

    def _on_fitted(self, fitted: object) -> None:
        if not isinstance(fitted, BenchFit):
            return
        result = self.fit_result = fitted.result
        self.bench_status.setStyleSheet("")
        text = self.tr("Fitted on {fit} points, {held} held out, in {iterations} iterations; mean "
                       "|ln(predicted ÷ measured)| on fitted points {before:.3f} → {after:.3f}.").format(
            fit=result.fit_count, held=result.holdout_count, iterations=result.iterations,
            before=result.fit_log_error_before, after=result.fit_log_error_after)
        if result.holdout_log_error_before is not None and result.holdout_log_error_after is not None:
            text += " " + self.tr("Held out: {before:.3f} → {after:.3f}.").format(
                before=result.holdout_log_error_before, after=result.holdout_log_error_after)
        self.bench_status.setText(text)
        self._fill_fit_tables(result)
        self._plot()
        self._update_bench_buttons()
        self.fitted.emit(True)

    def _fill_fit_tables(self, result: CalibrationResult) -> None:
        self.factor_table.setRowCount(len(result.factors))
        for r, factor in enumerate(result.factors):
            spread = f"{factor.plus_minus:.3g}" if factor.plus_minus is not None else self.tr("fixed")
            cells = [table_cell(factor.name, factor.explanation.formula, right=False),
                     table_cell(f"{factor.before:.3g}"), table_cell(f"{factor.after:.3g}",
                                                          factor.explanation.formula),
                     table_cell(spread)]
            for c, item in enumerate(cells):
                self.factor_table.setItem(r, c, item)
        metrics = [m for m in ("throughput", "ttft", "tpot")
                   if m in result.fit_errors_before or m in result.holdout_errors_before]
        self.error_table.setRowCount(len(metrics))
        for r, metric in enumerate(metrics):
            cells = [table_cell(metric, right=False), table_cell(_percent(result.fit_errors_before, metric)),
                     table_cell(_percent(result.fit_errors_after, metric)),
                     table_cell(_percent(result.holdout_errors_before, metric)),
                     table_cell(_percent(result.holdout_errors_after, metric))]
            for c, item in enumerate(cells):
                self.error_table.setItem(r, c, item)

    def _plot(self) -> None:
        """Measured points, and the default / calibrated predictions over the load range."""
        finite = [p for p in self.points if math.isfinite(p.load_order)]
        for metric, marker in self.markers.items():
            shown = [p for p in finite if metric in p.metrics]
            marker.setData([p.load_order for p in shown], [p.metrics[metric] for p in shown])
        for curve in self.curves.values():
            curve.setData([], [])
        if self.inputs is None or not finite:
            return
        closed = all(p.concurrency is not None for p in finite)
        loads = np.geomspace(min(p.load_order for p in finite), max(p.load_order for p in finite),
                             CURVE_POINTS)
        base = plan_efficiency(self.inputs)
        profiles = [("before", base)]
        if self.fit_result is not None:
            profiles.append(("after", self.fit_result.efficiency))
        for label, efficiency in profiles:
            self._plot_curves(label, efficiency, loads, closed, finite[0])

    def _plot_curves(self, label: str, efficiency: Efficiency, loads: np.ndarray, closed: bool,
                     sample: MeasuredPoint) -> None:
        if self.inputs is None:
            return
        inputs = workload_inputs(self.inputs, sample)
        memory = calculate_memory(inputs, single_gpu_check=False)
        values: dict[str, list[float]] = {"ttft": [], "tpot": [], "throughput": []}
        for load in loads:
            shell = MeasuredPoint(concurrency=float(load) if closed else None,
                                  request_rate=None if closed else float(load),
                                  num_prompts=sample.num_prompts, ttft_ms=1.0)
            op = operating_point(inputs, memory, efficiency, shell)
            values["ttft"].append(op.ttft_s * 1000)
            values["tpot"].append((op.itl_decode_s if sample.tpot_is_median_itl else op.tpot_s) * 1000)
            values["throughput"].append(op.output_tok_s)
        for metric, series in values.items():
            self.curves[(metric, label)].setData(list(loads), series)

    def save_fitted_profile(self) -> str | None:
        """Ask for a name, confirm, and save the fit as an engine profile; the id or None."""
        if self.fit_result is None or self.inputs is None:
            return None
        name = self._ask_name(default_bench_profile_name(self.inputs))
        if not name:
            return None
        return self._save(bench_profile(self.inputs, self.fit_result, name))

    # -- saving with confirmation ------------------------------------------------------------

    def _save(self, profile: EngineProfile) -> str | None:
        """Save ``profile``; an existing id is replaced only after a second confirmation."""
        try:
            save_calibration(self.store, profile, bundled=self.catalog)
        except CalibrationConflictError as exc:
            if not self._confirm(self.tr("Replace profile"), self.tr(
                    "An engine profile \"{id}\" already exists ({where}). Replace it?").format(
                    id=exc.profile_id, where=exc.where)):
                return None
            try:
                save_calibration(self.store, profile, overwrite=True, bundled=self.catalog)
            except (TableValidationError, UserStoreError) as again:
                self._show_save_error(str(again))
                return None
        except (TableValidationError, UserStoreError) as exc:
            self._show_save_error(str(exc))
            return None
        self.profileSaved.emit(profile.id)
        return profile.id

    def _show_save_error(self, reason: str) -> None:
        QMessageBox.warning(self, self.tr("Cannot save the profile"), reason)

    def _confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def _ask_name(self, default: str) -> str | None:
        name, ok = QInputDialog.getText(self, self.tr("Save as profile"),
                                        self.tr("Name of the calibrated engine profile:"),
                                        text=default)
        return name.strip() if ok and name.strip() else None
