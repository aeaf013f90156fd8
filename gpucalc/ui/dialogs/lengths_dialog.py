"""Open a request-length export, see its histogram and percentiles, and use the workload it suggests."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.common.explain import Term
from gpucalc.core.measured.length_stats import LengthDistribution, LengthHistogram, LengthStats, length_stats
from gpucalc.core.specs.inputs import Workload
from gpucalc.io.errors import InputFileError
from gpucalc.io.lengths import LengthsFile, read_lengths
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import count
from gpucalc.ui.panels.term_table import read_only_table, table_cell
from gpucalc.ui.plain_text import PlainLabel
from gpucalc.ui.plots.style import plot_widget, text_colour
from gpucalc.ui.worker import LatestJob

INPUT_COLOUR = "#1f77b4"
OUTPUT_COLOUR = "#ff7f0e"
ERROR_STYLE = "color: #c62828;"


def _read_and_summarise(path: Path) -> tuple[LengthsFile, LengthStats]:
    """Read a lengths file and its statistics (runs on the worker thread)."""
    file = read_lengths(path)
    return file, length_stats(file.records)


def _step_data(histogram: LengthHistogram) -> tuple[np.ndarray, np.ndarray]:
    """Bin edges (tokens) and counts for a step curve."""
    return (np.asarray(histogram.edges_tokens, dtype=float),
            np.asarray(histogram.counts, dtype=float))


class LengthsDialog(QDialog):
    """``load_file(path)`` reads a file; "Use this workload" emits ``workloadChosen(Workload)``."""

    workloadChosen = Signal(object)
    loaded = Signal(bool)  # a file read on the worker was shown (True) or refused (False)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Request lengths from a log export"))
        self.stats: LengthStats | None = None
        self.file: LengthsFile | None = None
        self.open_button = QPushButton(self.tr("&Open file…"))
        self.open_button.clicked.connect(self.open_file)
        self._job = LatestJob(self, self._on_read, self._on_refused)
        self.summary = PlainLabel(self.tr("Open a CSV or JSON Lines file of per-request input and "
                                      "output token counts."))
        self.summary.setWordWrap(True)
        self.error = PlainLabel("")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.percentiles = read_only_table(
            [self.tr("Tokens"), self.tr("P50"), self.tr("P95"), self.tr("P99"), self.tr("Mean")])
        self.workload_table = read_only_table([self.tr("Suggested workload"), self.tr("Value")])
        self._build_plot()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.use_button = buttons.addButton(self.tr("&Use this workload"),
                                            QDialogButtonBox.ButtonRole.AcceptRole)
        self.use_button.setEnabled(False)
        self.use_button.clicked.connect(self._use_workload)
        buttons.rejected.connect(self.reject)
        self._layout(buttons)

    def _build_plot(self) -> None:
        self.plot = plot_widget(log_x=True)
        self.plot.setMouseEnabled(x=False, y=False)
        item = self.plot.getPlotItem()
        item.setLogMode(x=True, y=False)
        item.setLabel("bottom", self.tr("Tokens per request (log scale)"))
        item.setLabel("left", self.tr("Requests"))
        item.addLegend(offset=(-10, 10), labelTextColor=text_colour())
        self.input_curve = self.plot.plot([], [], stepMode="center", fillLevel=0,
                                          pen=pg.mkPen(INPUT_COLOUR, width=2),
                                          brush=pg.mkBrush(INPUT_COLOUR + "55"),
                                          name=self.tr("input tokens"))
        self.output_curve = self.plot.plot([], [], stepMode="center", fillLevel=0,
                                           pen=pg.mkPen(OUTPUT_COLOUR, width=2),
                                           brush=pg.mkBrush(OUTPUT_COLOUR + "55"),
                                           name=self.tr("output tokens"))

    def _layout(self, buttons: QDialogButtonBox) -> None:
        top = QHBoxLayout()
        top.addWidget(self.open_button)
        top.addWidget(self.summary, stretch=1)
        tables = QHBoxLayout()
        tables.addWidget(self.percentiles, stretch=2, alignment=Qt.AlignmentFlag.AlignTop)
        tables.addWidget(self.workload_table, stretch=3)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.error)
        layout.addWidget(self.plot, stretch=3)
        layout.addLayout(tables, stretch=2)
        layout.addWidget(buttons)
        self.resize(860, 700)

    def open_file(self) -> None:
        """Ask for a file and load it."""
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open request lengths"), "",
            self.tr("Token counts (*.csv *.tsv *.jsonl *.ndjson *.json *.txt);;All files (*)"))
        if path:
            self.start_loading(Path(path))

    def start_loading(self, path: Path) -> None:
        """Read ``path`` on a worker thread (a million-row export takes seconds); ``loaded`` follows."""
        self.open_button.setEnabled(False)
        self.summary.setText(self.tr("Reading {name}…").format(name=path.name))
        self._job.start(partial(_read_and_summarise, path))

    def _on_read(self, result: object) -> None:
        self.open_button.setEnabled(True)
        if isinstance(result, tuple):
            self._accept(*result)
        self.loaded.emit(isinstance(result, tuple))

    def _on_refused(self, exc: object) -> None:
        self.open_button.setEnabled(True)
        self.error.setText(self.tr("Cannot use this file: {reason}").format(reason=exc))
        self.loaded.emit(False)

    def wait(self) -> None:
        """Block until a file being read is done (closing, tests)."""
        self._job.wait()

    def _accept(self, file: LengthsFile, stats: LengthStats) -> None:
        self.file, self.stats = file, stats
        self.error.setText("")
        self._show(file, stats)
        self.use_button.setEnabled(True)

    def load_file(self, path: Path) -> bool:
        """Read ``path`` and show its statistics; False (and the reason shown) when unusable."""
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            file = read_lengths(path)
            stats = length_stats(file.records)
        except InputFileError as exc:
            self.error.setText(self.tr("Cannot use this file: {reason}").format(reason=exc))
            return False
        finally:
            QGuiApplication.restoreOverrideCursor()
        self._accept(file, stats)
        return True

    def _show(self, file: LengthsFile, stats: LengthStats) -> None:
        text = self.tr("{name}: {rows} rows, {usable} usable, {bad} skipped").format(
            name=Path(file.path).name, rows=count(file.rows_read), usable=count(len(file.records)),
            bad=count(file.bad_rows))
        if stats.conversations:
            text += " · " + self.tr("{n} conversations (input percentiles over first turns)").format(
                n=count(stats.conversations))
        self.summary.setText(text)
        self.summary.setToolTip("\n".join(file.bad_row_examples))
        self.input_curve.setData(*_step_data(stats.input.histogram))
        self.output_curve.setData(*_step_data(stats.output.histogram))
        self.plot.getPlotItem().enableAutoRange()
        self._fill_percentiles(stats)
        self._fill_workload(stats)

    def _fill_percentiles(self, stats: LengthStats) -> None:
        rows: list[tuple[str, LengthDistribution]] = [(self.tr("Input"), stats.input),
                                                      (self.tr("Output"), stats.output)]
        self.percentiles.setRowCount(len(rows))
        for r, (name, dist) in enumerate(rows):
            self.percentiles.setItem(r, 0, table_cell(name, right=False))
            for c, term in enumerate((dist.p50, dist.p95, dist.p99, dist.mean), start=1):
                self.percentiles.setItem(r, c, table_cell(count(term.value), term_tooltip(term)))
        table = self.percentiles
        table.setFixedHeight(sum(table.rowHeight(r) for r in range(table.rowCount()))
                             + table.horizontalHeader().height() + 2 * table.frameWidth())

    def _workload_rows(self, stats: LengthStats) -> list[tuple[str, str, Term | None]]:
        wl, ex = stats.workload, stats.explain
        rows: list[tuple[str, str, Term | None]] = [
            (self.tr("Input length P50"), count(wl.input_len_p50), ex["input_len_p50"]),
            (self.tr("Input length P95"), count(wl.input_p95), ex["input_len_p95"]),
            (self.tr("Output length P50"), count(wl.output_len_p50), ex["output_len_p50"]),
            (self.tr("Output length P95"), count(wl.output_p95), ex["output_len_p95"]),
            (self.tr("Turns"), count(wl.max_turns), ex.get("max_turns")),
            (self.tr("History per turn (tokens)"), count(wl.tokens_per_turn), ex.get("tokens_per_turn")),
        ]
        for i, c in enumerate(wl.classes):
            rows.append((self.tr("Class {name}").format(name=c.name),
                         self.tr("{share} % · {inp} in / {out} out").format(
                             share=f"{c.share * 100:.0f}", inp=count(c.input_len),
                             out=count(c.output_len)), ex.get(f"classes[{i}].share")))
        return rows

    def _fill_workload(self, stats: LengthStats) -> None:
        rows = self._workload_rows(stats)
        self.workload_table.setRowCount(len(rows))
        for r, (name, value, term) in enumerate(rows):
            tip = term_tooltip(term) if term is not None else ""
            self.workload_table.setItem(r, 0, table_cell(name, tip, right=False))
            self.workload_table.setItem(r, 1, table_cell(value, tip))

    def suggested_workload(self) -> Workload | None:
        """The workload the loaded file suggests (None before a file is loaded)."""
        return self.stats.workload if self.stats is not None else None

    def _use_workload(self) -> None:
        workload = self.suggested_workload()
        if workload is not None:
            self.workloadChosen.emit(workload)
            self.accept()
