"""The Simulate tab: traffic simulation at one load plus a request-rate sweep, off the GUI thread.

Run simulates the chosen load (a request rate or a closed-loop concurrency) and then sweeps
request rates up to a little past the analytic saturation. The worker thread reports progress
through the simulator's callback into a plain attribute that a GUI-thread timer reads; Cancel
sets an event the callback checks, which stops the run with ``SimulationCancelled``.
"""

from __future__ import annotations

import threading
from functools import partial

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.common.explain import Term
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.capacity import SloCapacity
from gpucalc.core.simulation.limits import MAX_SIMULATED_REQUESTS
from gpucalc.core.simulation.metrics import SimulationResult
from gpucalc.core.simulation.sweep import RateSweep
from gpucalc.core.specs.inputs import SLO_PERCENTILES, PlanInputs
from gpucalc.plan.simulation_job import SimulationOutcome
from gpucalc.text.notices import notice_text
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.format import sig3
from gpucalc.ui.panels.term_table import RIGHT, term_table
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip
from gpucalc.ui.plots.style import (
    LINE_SYMBOL,
    MARKER_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    ink,
    marker_pen,
    plot_widget,
    set_key,
)
from gpucalc.ui.worker import LatestJob

PROGRESS_STEPS = 1000
PROGRESS_POLL_MS = 100
PERCENTILES = SLO_PERCENTILES  # the percentile combo's entries, in order


class SimulateTab(QWidget):
    """Controls, progress, the rate-sweep plot and the percentile table of a simulation."""

    termSelected = Signal(object)
    resultReady = Signal(object)  # SimulationOutcome
    runStopped = Signal(str)  # why a run ended without a result ('cancelled' or the error)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._inputs: PlanInputs | None = None
        self._memory: MemoryResult | None = None
        self._scenario_rate: float | None = None  # the rate last taken from the scenario
        self._planned_rate: float | None = None  # the deployment's planned rate (no QPS given)
        self._scenario_percentile: int | None = None  # combo index last taken from the scenario
        self._lang = "en"
        self._cancel = threading.Event()
        self._progress = 0.0
        self._terms: list[list[Term | None]] = []
        self.outcome: SimulationOutcome | None = None
        self._job = LatestJob(self, self._on_finished, self._on_failed)
        self._timer = QTimer(self)
        self._timer.setInterval(PROGRESS_POLL_MS)
        self._timer.timeout.connect(self._show_progress)
        self._build_controls()
        self._build_views()

    def _build_controls(self) -> None:
        self.load_kind = QComboBox()
        self.load_kind.addItems([self.tr("Request rate"), self.tr("Concurrency")])
        self.rate = QDoubleSpinBox(decimals=2, minimum=0.01, maximum=1e5, value=5.0,
                                   suffix=self.tr(" req/s"))
        self.at_peak = QCheckBox(self.tr("Start from the peak QPS"))
        self.at_peak.setToolTip(self.tr("The request rate starts at the scenario's peak QPS "
                                        "instead of its average"))
        self.concurrency = QSpinBox(minimum=1, maximum=100_000, value=32)
        self.requests = QSpinBox(minimum=10, maximum=MAX_SIMULATED_REQUESTS, value=1000, singleStep=100)
        self.seed = QSpinBox(minimum=0, maximum=2_000_000_000, value=0)
        self.burstiness = QDoubleSpinBox(decimals=2, minimum=0.05, maximum=100.0, value=1.0,
                                         singleStep=0.1)
        self.burstiness.setToolTip(self.tr("Gamma shape of arrival gaps: 1 is Poisson, below 1 burstier"))
        self.replicas = QSpinBox(minimum=1, maximum=4096, value=1)
        self.sweep_points = QSpinBox(minimum=2, maximum=40, value=8)
        self.percentile = QComboBox()
        self.percentile.addItems([f"P{p}" for p in PERCENTILES])
        self.percentile.setCurrentIndex(1)
        self.run_button = QPushButton(self.tr("Run"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self._set_control_tooltips()
        self.cancel_button.setEnabled(False)
        self.run_button.setEnabled(False)
        self.progress = QProgressBar(minimum=0, maximum=PROGRESS_STEPS)
        self.status = PlainLabel(self.tr("Waiting for a result to simulate."))
        self.status.setWordWrap(True)
        self.load_kind.currentIndexChanged.connect(self._show_load_kind)
        self.at_peak.toggled.connect(lambda _=False: self._follow_scenario_rate(force=True))
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self._show_load_kind()

    def _set_control_tooltips(self) -> None:
        """Say on every control what it sets in the simulation."""
        tips = (
            (self.load_kind, self.tr("Drive the simulation by a request rate (open traffic) or by a "
                                     "fixed number of requests in flight (closed traffic)")),
            (self.rate, self.tr("Requests arriving per second across all replicas")),
            (self.concurrency, self.tr("Requests kept in flight: a new one starts as soon as one "
                                       "finishes")),
            (self.requests, self.tr("How many requests are simulated; more gives steadier "
                                    "percentiles and takes longer")),
            (self.seed, self.tr("Random seed of arrivals and lengths: the same seed gives the same "
                                "run")),
            (self.replicas, self.tr("Copies of the deployment sharing the traffic (starts at the "
                                    "scenario's replicas)")),
            (self.sweep_points, self.tr("Request rates in the sweep, from low load to a little past "
                                        "saturation")),
            (self.percentile, self.tr("The latency percentile the sweep's SLO capacity is judged at "
                                      "(starts at the scenario's)")),
            (self.run_button, self.tr("Run one simulation at these settings, then the rate sweep")),
            (self.cancel_button, self.tr("Stop the running simulation")),
        )
        for widget, tip in tips:
            widget.setToolTip(tip)

    def _build_views(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("Load"), self.load_kind)
        form.addRow(self.tr("Request rate"), self.rate)
        form.addRow("", self.at_peak)
        form.addRow(self.tr("Concurrency"), self.concurrency)
        form.addRow(self.tr("Requests"), self.requests)
        form.addRow(self.tr("Seed"), self.seed)
        form.addRow(self.tr("Burstiness"), self.burstiness)
        form.addRow(self.tr("Replicas"), self.replicas)
        form.addRow(self.tr("Sweep points"), self.sweep_points)
        form.addRow(self.tr("SLO percentile"), self.percentile)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addLayout(buttons)
        side.addWidget(self.progress)
        side.addWidget(self.status)
        side.addStretch(1)
        self.table = term_table([self.tr("Latency"), self.tr("Mean"), "P50", "P95", "P99"])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectItems)
        self.table.currentCellChanged.connect(self._on_cell)
        self.plot = plot_widget(log_y=True)
        item = self.plot.getPlotItem()
        item.setLogMode(x=False, y=True)
        item.setLabel("bottom", self.tr("Request rate (req/s)"))
        item.setLabel("left", self.tr("Latency (ms, log scale)"))
        self.curves = {
            "ttft_p50": self.plot.plot([], [], pen=pg.mkPen(TTFT_COLOUR, width=2)),
            "ttft_p95": self.plot.plot([], [], pen=marker_pen(TTFT_COLOUR, width=2)),
            "tpot_p50": self.plot.plot([], [], pen=pg.mkPen(TPOT_COLOUR, width=2)),
            "tpot_p95": self.plot.plot([], [], pen=marker_pen(TPOT_COLOUR, width=2)),
        }
        set_key(self.plot, [("TTFT P50", TTFT_COLOUR, LINE_SYMBOL), ("TTFT P95", TTFT_COLOUR, "╍╍"),
                            ("TPOT P50", TPOT_COLOUR, LINE_SYMBOL), ("TPOT P95", TPOT_COLOUR, "╍╍")])
        # the knee's label right of its line, the SLO capacity's left of its own: neither is clipped
        # at the right edge where the capacity often sits
        options = {"position": 0.95, "color": ink(MARKER_COLOUR), "anchors": [(0, 1), (0, 1)]}
        self.knee_line = pg.InfiniteLine(angle=90, pen=marker_pen(MARKER_COLOUR), movable=False,
                                         label="", labelOpts=options)
        self.capacity_line = pg.InfiniteLine(
            angle=90, pen=marker_pen(MARKER_COLOUR, dashed=False), movable=False, label="",
            labelOpts={**options, "position": 0.8, "anchors": [(1, 1), (1, 1)]})
        for line in (self.knee_line, self.capacity_line):
            line.setVisible(False)
            self.plot.addItem(line)
        self.summary = PlainLabel()
        self.summary.setWordWrap(True)
        for widget in (self.plot, self.table):
            widget.hide()  # no empty axes or table before the first simulation
        right = QVBoxLayout()
        right.addWidget(self.plot, 3)
        right.addWidget(self.table, 2)
        right.addWidget(self.summary)
        layout = QHBoxLayout(self)
        layout.addLayout(side, 1)
        layout.addLayout(right, 3)

    def _show_load_kind(self) -> None:
        by_rate = self.load_kind.currentIndex() == 0
        self.rate.setEnabled(by_rate)
        self.concurrency.setEnabled(not by_rate)

    def _follow_scenario_rate(self, force: bool = False) -> None:
        """Start the request rate at the scenario's QPS (average, or peak when ticked).

        A rate the user typed stays until ``force`` (the peak box was toggled).
        """
        if self._inputs is None:
            return
        workload = self._inputs.workload
        rate = (workload.qps_peak or workload.qps_avg) if self.at_peak.isChecked() else (
            workload.qps_avg)
        rate = rate if rate is not None else self._planned_rate
        if rate is None:
            return
        untouched = self._scenario_rate is None or abs(self.rate.value() - round(
            self._scenario_rate, self.rate.decimals())) < 1e-9
        if force or untouched:
            self.rate.setValue(rate)
        self._scenario_rate = rate

    def _follow_scenario_percentile(self) -> None:
        """Judge the sweep at the scenario's SLO percentile unless the user picked another."""
        if self._inputs is None:
            return
        wanted = PERCENTILES.index(self._inputs.targets.percentile)
        if self._scenario_percentile is None or (
                self.percentile.currentIndex() == self._scenario_percentile):
            self.percentile.setCurrentIndex(wanted)
        self._scenario_percentile = wanted

    def set_inputs(self, inputs: PlanInputs, memory: MemoryResult, lang: str = "en",
                   planned_rate: float | None = None) -> None:
        """Simulate this plan from now on (the window calls this with every new result).

        ``lang`` is the language of notice sentences ('en' or 'zh'); ``planned_rate`` the
        deployment's planned req/s, the rate a run starts from when the scenario gives no QPS.
        """
        self._inputs, self._memory, self._lang = inputs, memory, lang
        self._planned_rate = planned_rate
        self._follow_scenario_rate()
        self._follow_scenario_percentile()
        runnable = memory.fits and memory.kv_cache_tokens.value > 0
        if self.replicas.value() == 1:
            self.replicas.setValue(max(inputs.deployment.replicas, 1))
        self.run_button.setEnabled(runnable and not self.cancel_button.isEnabled())
        if not self.cancel_button.isEnabled():
            self.status.setText(self.tr("Ready.") if runnable else
                                self.tr("The model does not fit, so there is nothing to simulate."))

    def run(self) -> None:
        """Start a simulation on the worker with the current controls (a running one is cancelled)."""
        if self._inputs is None or self._memory is None:
            return
        from gpucalc.core.simulation.traffic import TrafficSpec
        from gpucalc.plan.simulation_job import SimulationJob

        by_rate = self.load_kind.currentIndex() == 0
        traffic = TrafficSpec(
            request_rate=self.rate.value() if by_rate else None,
            concurrency=None if by_rate else self.concurrency.value(),
            burstiness=self.burstiness.value(), num_requests=self.requests.value(),
            seed=self.seed.value(), replicas=self.replicas.value())
        job = SimulationJob(inputs=self._inputs, memory=self._memory, traffic=traffic,
                            percentile=float(PERCENTILES[self.percentile.currentIndex()]),
                            sweep_points=self.sweep_points.value(), capacity=True)
        self._cancel.set()  # a run still going stops: only the newest one is shown
        cancel = self._cancel = threading.Event()
        self._progress = 0.0

        def report(fraction: float) -> bool:
            self._progress = fraction
            return not cancel.is_set()

        self._set_running(True)
        self.status.setText(self.tr("Simulating…"))
        self._job.start(partial(job.run, report))

    def cancel(self) -> None:
        """Ask the running simulation to stop."""
        self._cancel.set()
        self.status.setText(self.tr("Cancelling…"))

    def shutdown(self) -> None:
        """Stop any run and wait for the worker (window close and tests)."""
        self._cancel.set()
        self._job.wait()

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.progress.setValue(0)
        if running:
            self._timer.start()
        else:
            self._timer.stop()

    def _show_progress(self) -> None:
        self.progress.setValue(round(self._progress * PROGRESS_STEPS))

    def _on_finished(self, outcome: object) -> None:
        if not isinstance(outcome, SimulationOutcome):
            return
        self._set_running(False)
        self.progress.setValue(PROGRESS_STEPS)
        self.outcome = outcome
        self._fill(outcome)
        self.status.setText(self.tr("Done."))
        self.resultReady.emit(outcome)

    def _on_failed(self, error: object) -> None:
        from gpucalc.core.simulation.simulate import SimulationCancelled

        self._set_running(False)
        if isinstance(error, SimulationCancelled):
            self.status.setText(self.tr("Cancelled."))
            self.runStopped.emit("cancelled")
            return
        reason = failure_reason(error)
        self.status.setText(self.tr("The simulation failed: {0}").format(reason))
        self.runStopped.emit(reason)

    def _fill(self, outcome: SimulationOutcome) -> None:
        run, sweep = outcome.run, outcome.sweep
        if run is None or sweep is None:  # the tab's jobs run both
            return
        rows = ((self.tr("TTFT (ms)"), run.ttft_ms), (self.tr("TPOT (ms)"), run.tpot_ms),
                (self.tr("End-to-end (ms)"), run.e2e_ms), (self.tr("Queue wait (ms)"), run.queue_ms))
        for widget in (self.plot, self.table):
            widget.show()
        self.table.setRowCount(len(rows))
        self._terms = []
        for r, (name, stats) in enumerate(rows):
            values = [stats.mean, stats.p50, stats.p95, stats.p99]
            self._terms.append([None, *values])
            self.table.setItem(r, 0, QTableWidgetItem(name))
            for c, term in enumerate(values, start=1):
                item = QTableWidgetItem(sig3(term.value))
                item.setTextAlignment(RIGHT)
                item.setToolTip(plain_tooltip(term_tooltip(term)))
                self.table.setItem(r, c, item)
        self.summary.setText(self.tr(
            "{0} req/s served, {1} output tok/s, goodput {2} req/s ({3} % within the SLO), "
            "{4} preemptions. TTFT knee ≈ {5} req/s; capacity at the P{6} SLO ≈ {7} req/s.").format(
            sig3(run.request_throughput.value), sig3(run.output_tokens_per_s.value),
            sig3(run.goodput.value), sig3(run.slo_attainment.value * 100),
            f"{int(run.preemptions.value):,}", sig3(sweep.knee_rate.value),
            f"{sweep.percentile:g}", sig3(sweep.slo_capacity.value))
            + self._capacity_text(outcome.capacity) + self._long_class_text(run)
            + "".join(" " + notice_text(n, self._lang) for n in outcome.notices))
        self._plot(sweep)

    def _long_class_text(self, run: SimulationResult) -> str:
        """The longest class's P95 TTFT and TPOT as one sentence (empty without classes)."""
        row = next((c for c in run.per_class if c.longest), None)
        if row is None:
            return ""
        return " " + self.tr("Longest class “{0}” on its own line: TTFT P95 {1} ms, TPOT P95 {2} "
                             "ms.").format(row.name, sig3(row.ttft_ms.p95.value),
                                           sig3(row.tpot_ms.p95.value))

    def _capacity_text(self, capacity: SloCapacity | None) -> str:
        """' Capacity at the P95 SLO per replica: …' with the figure planned and why."""
        if capacity is None:
            return ""
        values = (f"{capacity.percentile}", sig3(capacity.analytic.value),
                  sig3(capacity.simulated.value))
        if capacity.agrees:
            return " " + self.tr("Capacity at the P{0} SLO per replica: {1} req/s the answer's rate "
                                 "capacity, {2} req/s simulated (bisection); they agree within "
                                 "10 %.").format(*values)
        return " " + self.tr("Capacity at the P{0} SLO per replica: {1} req/s the answer's rate "
                             "capacity, {2} req/s simulated (bisection); more than 10 % apart, so "
                             "measure it before planning on either.").format(*values)

    def _plot(self, sweep: RateSweep) -> None:
        rates = np.array([p.request_rate for p in sweep.points], dtype=float)
        series = {
            "ttft_p50": [p.result.ttft_ms.p50.value for p in sweep.points],
            "ttft_p95": [p.result.ttft_ms.p95.value for p in sweep.points],
            "tpot_p50": [p.result.tpot_ms.p50.value for p in sweep.points],
            "tpot_p95": [p.result.tpot_ms.p95.value for p in sweep.points],
        }
        for key, values in series.items():
            data = np.array(values, dtype=float)
            data[data <= 0] = np.nan  # a log axis cannot show zero (no samples)
            self.curves[key].setData(rates, data, connect="finite")
        for line, value, label in ((self.knee_line, sweep.knee_rate.value, self.tr("TTFT knee")),
                                   (self.capacity_line, sweep.slo_capacity.value,
                                    self.tr("SLO capacity"))):
            line.setVisible(value > 0)  # before the text: a hidden label does not update
            line.setValue(value)
            line.label.setFormat(f"{label} {sig3(value)}")

    def _on_cell(self, row: int, column: int, _row: int, _column: int) -> None:
        if 0 <= row < len(self._terms) and 0 <= column < len(self._terms[row]):
            term = self._terms[row][column]
            if term is not None:
                self.termSelected.emit(term)
