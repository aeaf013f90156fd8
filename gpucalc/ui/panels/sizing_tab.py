"""The Sizing tab: how many GPUs of which type serve the workload's QPS, with cost and Pareto front.

Sizing over the whole GPU catalog runs on its own worker with a progress bar and a Cancel
button; a newer request (new inputs) cancels the running one.
"""

from __future__ import annotations

import threading
from functools import partial

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSize, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.fleet.fleet import DEFAULT_SPARE_REPLICAS, MAX_SPARE_REPLICAS
from gpucalc.core.fleet.sizing import SizingCancelled, SizingRow
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.plan.sizing_job import SizingJob, sizing_job
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.panels.sizing_model import (
    PARETO_LEGEND_TEXT,
    QUALITY_CAVEAT_TEXT,
    SORT_ROLE,
    SizingTableModel,
    shown_rows,
)
from gpucalc.ui.panels.titled_box import SideBySide
from gpucalc.ui.plain_text import PlainLabel
from gpucalc.ui.plots.style import MARKER_COLOUR, POINT_SYMBOL, plot_widget, set_key
from gpucalc.ui.worker import LatestJob

PROGRESS_STEPS = 1000
GPU_COLUMN_WIDTH = 190
OPTION_COLOUR = "#787878"  # the options that are not on the Pareto front
RESIZE_PRECISION_ROWS = 40  # sizing every row of 200+ options stalls the GUI thread
ROW_PADDING_PX = 8  # a table row: one line of text and this much room around it
TABLE_MIN_HEIGHT_PX = 180  # about five options: below it the page scrolls instead
PLOT_MIN_HEIGHT_PX = 220  # the cost/latency plot keeps readable axes: below it the page scrolls
OPTIONS_IN_A_ROW_PX = 680  # narrower: spare replicas, peak and hide one above the other
CONTROLS_IN_A_ROW_PX = 900  # narrower: the buttons and progress under the options


class LeastSplitter(QSplitter):
    """A splitter that asks for no more height than its least.

    The page it is in is then as tall as the tab, or as its least height and scrolls; never as
    tall as the table's wishes.
    """

    def sizeHint(self) -> QSize:
        """The width the panes would like, the height they need."""
        return QSize(super().sizeHint().width(), self.minimumHeight())


class SizingTab(QWidget):
    """Controls, the sortable table and the cost-vs-TPOT Pareto plot."""

    finished = Signal()
    progressed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        controls = self._build_controls()
        self._build_table()
        self._build_plot()
        # the wrapped texts stay out of the splitter: a box whose height depends on its width
        # could be squeezed below what its rows need, and the footnote was drawn over the table
        self.splitter = LeastSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        table_box = QGroupBox(self.tr("Ways to serve the traffic, cheapest first"))
        QVBoxLayout(table_box).addWidget(self.table)
        self.plot_box = QGroupBox(self.tr("Cost against latency"))
        QVBoxLayout(self.plot_box).addWidget(self.pareto)
        self.table.setMinimumHeight(TABLE_MIN_HEIGHT_PX)
        self.pareto.setMinimumHeight(PLOT_MIN_HEIGHT_PX)
        self.splitter.addWidget(table_box)
        self.splitter.addWidget(self.plot_box)
        self.splitter.setSizes([560, 300])
        self.plot_box.hide()  # no empty axes before the first sizing
        self._fit_splitter()
        layout = QVBoxLayout(self)
        layout.addWidget(controls)
        layout.addWidget(self.status)
        layout.addWidget(self.legend)
        layout.addWidget(self.splitter, 1)
        self._job = LatestJob(self, self._on_finished, self._on_failed)
        self._cancel = threading.Event()
        self._catalog: Catalog | None = None
        self._inputs: PlanInputs | None = None
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.redundancy.valueChanged.connect(self.run)
        self.for_peak.toggled.connect(self.run)
        self.hide_flagged.toggled.connect(self._show_rows)
        self._all_rows: list[SizingRow] = []
        self.progressed.connect(self._show_progress)

    def _build_table(self) -> None:
        self.model = SizingTableModel()
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING_PX)
        header = self.table.horizontalHeader()
        header.setResizeContentsPrecision(RESIZE_PRECISION_ROWS)  # size columns by the first rows only
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, GPU_COLUMN_WIDTH)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.legend = PlainLabel(self.tr("{pareto} † A consumer card, or tensor parallelism beyond the "
                                         "card's NVLink domain: hover the GPU for why.").format(
            pareto=QCoreApplication.translate("Sizing", PARETO_LEGEND_TEXT)))
        self.legend.setWordWrap(True)

    def _build_controls(self) -> SideBySide:
        self.redundancy = QSpinBox()
        self.redundancy.setRange(0, MAX_SPARE_REPLICAS)
        self.redundancy.setValue(DEFAULT_SPARE_REPLICAS)
        self.redundancy.setPrefix(self.tr("spare replicas: "))
        self.redundancy.setToolTip(self.tr("N + k: replicas kept in reserve for failures and upgrades."))
        self.for_peak = QCheckBox(self.tr("Size for peak QPS"))
        self.for_peak.setChecked(True)
        self.for_peak.setToolTip(self.tr("Off: size for the average; peaks queue or are rate-limited."))
        self.hide_flagged = QCheckBox(self.tr("Hide consumer cards and TP beyond NVLink"))
        self.hide_flagged.setChecked(True)
        self.hide_flagged.setToolTip(self.tr(
            "Hide GeForce cards (no data-centre support) and layouts whose tensor-parallel group spans "
            "more GPUs than the card's NVLink domain (over PCIe when it has none)."))
        self.run_button = QPushButton(self.tr("Size again"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setTextVisible(True)
        self.status = PlainLabel()
        self.status.setWordWrap(True)
        options = SideBySide([(self.redundancy, 0), (self.for_peak, 0), (self.hide_flagged, 1)],
                             OPTIONS_IN_A_ROW_PX)
        buttons = QWidget()
        row = QHBoxLayout(buttons)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.run_button, self.cancel_button):
            row.addWidget(widget)
        row.addWidget(self.progress, 1)
        return SideBySide([(options, 0), (buttons, 1)], CONTROLS_IN_A_ROW_PX)

    def _build_plot(self) -> None:
        self.pareto = plot_widget()
        item = self.pareto.getPlotItem()
        item.setLabel("bottom", self.tr("Fleet cost ($ per hour)"))
        item.setLabel("left", self.tr("TPOT (ms)"))
        self.all_points = pg.ScatterPlotItem(size=8, brush=pg.mkBrush(OPTION_COLOUR + "8c"), pen=None)
        self.front_points = pg.ScatterPlotItem(size=12, brush=pg.mkBrush(MARKER_COLOUR), pen=None)
        set_key(self.pareto, [(self.tr("options"), OPTION_COLOUR, POINT_SYMBOL),
                              (self.tr("Pareto front: nothing both cheaper and faster"), MARKER_COLOUR,
                               POINT_SYMBOL)])
        self.front_line = pg.PlotDataItem([], [], pen=pg.mkPen(MARKER_COLOUR, width=1.5), stepMode=None)
        for plot_item in (self.all_points, self.front_line, self.front_points):
            self.pareto.addItem(plot_item)
        self.all_points.sigClicked.connect(self._point_clicked)
        self.front_points.sigClicked.connect(self._point_clicked)

    def _fit_splitter(self) -> None:
        """The table's and the plot's least heights (the splitter's own policy ignores them)."""
        boxes = [self.splitter.widget(i) for i in range(self.splitter.count())]
        shown = [box for box in boxes if box is not None and not box.isHidden()]
        self.splitter.setMinimumHeight(sum(box.minimumSizeHint().height() for box in shown)
                                       + self.splitter.handleWidth() * max(len(shown) - 1, 0))

    def set_inputs(self, catalog: Catalog, inputs: PlanInputs) -> None:
        """New inputs: size again for their workload."""
        self._catalog, self._inputs = catalog, inputs
        self.run()

    def job(self) -> SizingJob | None:
        """The sizing of the current inputs and controls over every catalog GPU (None without a QPS)."""
        if self._inputs is None or self._catalog is None:
            return None
        return sizing_job(self._catalog, self._inputs, redundancy=self.redundancy.value(),
                          size_for_peak=self.for_peak.isChecked())

    def run(self) -> None:
        """Start sizing over every catalog GPU (cancels a running job)."""
        job = self.job()
        if self._inputs is not None and self._inputs.workload.qps_avg is None:
            self._cancel.set()
            self.set_rows([])
            self.status.setText(self.tr("Give the traffic (the QPS field under Workload) to size "
                                        "fleets for it."))
            return
        if job is None:
            return
        self._cancel.set()
        self._cancel = threading.Event()
        cancel = self._cancel
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.status.setText(self.tr("Sizing {n} GPU types for {qps} req/s…").format(
            n=len(job.gpus), qps=f"{job.request.qps_peak or job.request.qps_avg:g}"))
        self._job.start(lambda: list(job.run(partial(self._report, cancel))))

    def _report(self, cancel: threading.Event, share: float) -> bool:
        """Progress from the worker thread; False stops the job."""
        self.progressed.emit(share)
        return not cancel.is_set()

    def _show_progress(self, share: float) -> None:
        self.progress.setValue(round(share * PROGRESS_STEPS))

    def busy(self) -> bool:
        """Whether a sizing job is running."""
        return self.cancel_button.isEnabled()

    def cancel(self) -> None:
        """Stop the running job; the last complete table stays."""
        self._cancel.set()

    def wait(self) -> None:
        """Block until the running job is done (shutdown, tests)."""
        self._job.wait()

    def _on_finished(self, rows: object) -> None:
        if not isinstance(rows, list):
            return
        self.cancel_button.setEnabled(False)
        self.progress.setValue(PROGRESS_STEPS)
        self.set_rows(rows)
        self.finished.emit()

    def _on_failed(self, exc: object) -> None:
        self.cancel_button.setEnabled(False)
        if isinstance(exc, SizingCancelled):
            self.status.setText(self.tr("Sizing cancelled; the table shows the last complete run."))
        else:
            self.status.setText(self.tr("Sizing failed: {reason}").format(reason=failure_reason(exc)))
        self.finished.emit()

    def set_rows(self, rows: list[SizingRow]) -> None:
        """Show sizing ``rows`` (those the filter keeps) in the table and the plot."""
        self._all_rows = list(rows)
        self._show_rows()

    def _show_rows(self) -> None:
        gpus = dict(self._catalog.gpus) if self._catalog is not None else {}
        rows = shown_rows(self._all_rows, gpus, self.hide_flagged.isChecked())
        self.model.set_rows(rows, gpus)
        self.plot_box.setVisible(bool(self._all_rows))  # no empty axes before the first sizing
        self._fit_splitter()
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        priced = [(i, r) for i, r in enumerate(rows) if r.cost_usd_per_hour is not None]
        self.all_points.setData([r.cost_usd_per_hour for _, r in priced], [r.tpot_ms for _, r in priced],
                                data=[i for i, _ in priced])
        front = sorted(((i, r) for i, r in priced if r.pareto), key=lambda ir: ir[1].cost_usd_per_hour or 0.0)
        fx = np.array([r.cost_usd_per_hour for _, r in front], dtype=float)
        fy = np.array([r.tpot_ms for _, r in front], dtype=float)
        self.front_points.setData(fx, fy, data=[i for i, _ in front])
        self.front_line.setData(fx, fy)
        if rows:
            best = rows[0]
            self.status.setText(self.tr(
                "{n} options meet the targets. Cheapest: {gpus} × {gpu} ({prec}, TP {tp}) at {cost}.").format(
                n=len(rows), gpus=best.gpus_total, gpu=best.gpu_name, prec=best.precision,
                tp=best.tensor_parallel_size,
                cost="—" if best.cost_usd_per_hour is None else f"${best.cost_usd_per_hour:,.2f}/h"))
            hidden = len(self._all_rows) - len(rows)
            if hidden:
                self.status.setText(self.status.text() + " " + self.tr(
                    "{n} more hidden (consumer cards, TP beyond NVLink).").format(n=hidden))
            if any(r.quantized_below_checkpoint for r in rows):
                self.status.setText(self.status.text() + " "
                                    + QCoreApplication.translate("Sizing", QUALITY_CAVEAT_TEXT))
        elif self._all_rows:
            self.status.setText(self.tr(
                "Only consumer cards or TP beyond NVLink meet the targets ({n} options): clear the filter "
                "to see them.").format(n=len(self._all_rows)))
        else:
            self.status.setText(self.tr("No GPU type meets the targets: relax TTFT/TPOT or shorten the "
                                        "context."))

    def _point_clicked(self, _item: object, points: list[pg.SpotItem], *_: object) -> None:
        if not points:
            return
        row = int(points[0].data())
        source = self.model.index(row, 0)
        self.table.selectRow(self.proxy.mapFromSource(source).row())
