"""The result tabs in the centre of the window, and how a new result reaches them.

A new result updates the visible tab at once; every other tab is queued and updated one per
event-loop pass (or at once when the user switches to it), so the GUI thread never does all
the drawing in one go while the user types.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.perf_result import PerformanceResult
from gpucalc.core.sweep import ContextSweep
from gpucalc.ui.format import count
from gpucalc.ui.outcome import PlanOutcome
from gpucalc.ui.panels.ceilings_tab import CeilingsTab
from gpucalc.ui.panels.compare_tab import CompareTab
from gpucalc.ui.panels.grid_tab import GridTab
from gpucalc.ui.panels.memory_tab import MemoryTab
from gpucalc.ui.panels.sensitivity_tab import SensitivityTab
from gpucalc.ui.panels.simulate_tab import SimulateTab
from gpucalc.ui.panels.sizing_tab import SizingTab
from gpucalc.ui.plots.ceiling_bars import kind_name
from gpucalc.ui.plots.load_plot import LoadCurvePlot
from gpucalc.ui.plots.sweep_plot import ContextSweepPlot

TAB_NAMES = ("bottleneck", "memory", "sweep", "load", "grid", "sizing", "uncertainty", "simulate",
             "compare")


def _captioned(widget: QWidget, caption: QLabel) -> QWidget:
    """``widget`` with a caption line above it, as one tab page."""
    caption.setWordWrap(True)
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addWidget(caption)
    layout.addWidget(widget, 1)
    return page


class ResultTabs(QTabWidget):
    """Bottleneck, memory, context sweep, load curve, per-card grid, sizing and compare."""

    termSelected = Signal(str)  # key of a term of the current result
    termExplained = Signal(object)  # a Term from outside the result (a simulation)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultTabs")
        self.ceilings_tab = CeilingsTab()
        self.memory_tab = MemoryTab()
        self.sweep_plot, self.sweep_caption = ContextSweepPlot(), QLabel()
        self.load_plot, self.load_caption = LoadCurvePlot(), QLabel()
        self.grid_tab = GridTab()
        self.sizing_tab = SizingTab()
        self.uncertainty_tab = SensitivityTab()
        self.simulate_tab = SimulateTab()
        self.compare_tab = CompareTab()
        sweep_page = _captioned(self.sweep_plot, self.sweep_caption)
        load_page = _captioned(self.load_plot, self.load_caption)
        self.pages: dict[str, QWidget] = dict(zip(TAB_NAMES, (
            self.ceilings_tab, self.memory_tab, sweep_page, load_page, self.grid_tab, self.sizing_tab,
            self.uncertainty_tab, self.simulate_tab, self.compare_tab), strict=True))
        titles = (self.tr("Bottleneck"), self.tr("Memory"), self.tr("Context"), self.tr("Load"),
                  self.tr("Per-card"), self.tr("Sizing"), self.tr("Uncertainty"), self.tr("Simulate"),
                  self.tr("Compare"))
        tips = (self.tr("The three ceilings and what moves the binding one"),
                self.tr("The memory picture of one GPU"),
                self.tr("The ceilings against context length, with crossovers"),
                self.tr("TTFT, TPOT and throughput against concurrency, with the knee"),
                self.tr("Per-card grid: context tier × precision tier"),
                self.tr("GPUs of each type needed for the workload's QPS, with cost"),
                self.tr("Low / expected / high results and what moves them most"),
                self.tr("Discrete-event simulation of the traffic"),
                self.tr("This plan against a pinned or opened baseline"))
        for page, title, tip in zip(self.pages.values(), titles, tips, strict=True):
            self.setTabToolTip(self.addTab(page, title), tip)
        self.performance_pages = [self.pages[n] for n in ("bottleneck", "sweep", "load", "grid", "sizing",
                                                           "uncertainty", "simulate")]
        for source in (self.memory_tab.termSelected, self.memory_tab.bar.termHovered,
                       self.ceilings_tab.termSelected, self.ceilings_tab.bars.termHovered):
            source.connect(self.termSelected)
        self.simulate_tab.termSelected.connect(self.termExplained)
        self.pending: dict[QWidget, Callable[[], None]] = {}
        self._drain = QTimer(self)
        self._drain.setSingleShot(True)
        self._drain.setInterval(0)
        self._drain.timeout.connect(self._update_next)
        self.currentChanged.connect(lambda _index: self._update_page(self.currentWidget()))

    def show_tab(self, name: str) -> None:
        """Bring a tab to the front by its short name (bottleneck, memory, sweep, …)."""
        self.setCurrentWidget(self.pages.get(name, self.ceilings_tab))

    def show_outcome(self, outcome: PlanOutcome, lang: str, catalog: Catalog) -> None:
        """Queue every tab's update for ``outcome``; the visible one is updated now."""
        performance = outcome.performance
        for page in self.pages.values():
            self.setTabEnabled(self.indexOf(page), performance is not None
                               or page not in self.performance_pages)
        share = outcome.inputs.targets.planning_memory_share
        self.pending = {self.memory_tab: lambda: self.memory_tab.set_result(outcome.memory, share),
                        self.compare_tab: lambda: self.compare_tab.set_current(outcome)}
        if performance is not None:
            self.pending.update(self._performance_updates(outcome, performance, lang, catalog))
        elif self.currentWidget() in self.performance_pages:
            self.setCurrentWidget(self.memory_tab)
        self._update_page(self.currentWidget())
        self._drain.start()

    def flush(self) -> None:
        """Run every queued update now (tests, screenshots, reports)."""
        while self.pending:
            self._update_next()

    def _update_page(self, page: QWidget | None) -> None:
        update = self.pending.pop(page, None) if page is not None else None
        if update is not None:
            update()

    def _update_next(self) -> None:
        if self.pending:
            page = next(iter(self.pending))
            self._update_page(page)
        if self.pending:
            self._drain.start()

    def _performance_updates(self, outcome: PlanOutcome, performance: PerformanceResult, lang: str,
                             catalog: Catalog) -> dict[QWidget, Callable[[], None]]:
        return {
            self.pages["bottleneck"]: lambda: self.ceilings_tab.set_result(performance, lang),
            self.pages["sweep"]: lambda: self._show_sweep(outcome),
            self.pages["load"]: lambda: self._show_load(outcome, performance),
            self.pages["grid"]: lambda: self.grid_tab.set_grid(outcome.grid),
            self.pages["uncertainty"]: lambda: self._show_uncertainty(outcome),
            self.pages["simulate"]: lambda: self.simulate_tab.set_inputs(outcome.inputs, outcome.memory),
            # sizing starts at once (on its own worker), whichever tab is visible
            self.pages["sizing"]: lambda: self.sizing_tab.set_inputs(catalog, outcome.inputs),
        }

    def _show_uncertainty(self, outcome: PlanOutcome) -> None:
        if outcome.bands is not None and outcome.sensitivity is not None:
            self.uncertainty_tab.set_data(outcome.bands, outcome.sensitivity)

    def _show_load(self, outcome: PlanOutcome, performance: PerformanceResult) -> None:
        targets = outcome.inputs.targets
        self.load_plot.set_result(performance, targets.ttft_ms, targets.tpot_ms)
        self.load_caption.setText(self.tr(
            "Closed-loop load on one replica under continuous batching. Knee: {knee} requests (90 % of "
            "peak throughput); watermark: {online} requests planned online ({share} % of the "
            "recommendation).").format(knee=count(performance.knee_concurrency.value),
                                       online=count(performance.online_capacity.value),
                                       share=round(targets.watermark * 100)))

    def _show_sweep(self, outcome: PlanOutcome) -> None:
        if outcome.sweep is None:
            return
        workload = outcome.inputs.workload
        self.sweep_plot.set_sweep(outcome.sweep, workload.input_p95 + workload.output_p95)
        self.sweep_caption.setText(self.crossover_text(outcome.sweep))

    def crossover_text(self, sweep: ContextSweep) -> str:
        """Where the binding ceiling changes along the context axis, as a sentence."""
        if not sweep.crossovers:
            binding = sweep.points[-1].binding if sweep.points else None
            return self.tr("The same ceiling binds at every context length: {name}.").format(
                name=kind_name(binding) if binding else "—")
        parts = [self.tr("from {tokens} tokens: {before} → {after}").format(
            tokens=count(c.context_tokens), before=kind_name(c.before), after=kind_name(c.after))
            for c in sweep.crossovers]
        return self.tr("The binding ceiling changes {changes}. Output length held at {out} tokens.").format(
            changes="; ".join(parts), out=count(sweep.output_tokens))

    def shutdown(self) -> None:
        """Stop the sizing and simulation jobs and wait for them."""
        self.sizing_tab.cancel()
        self.sizing_tab.wait()
        self.simulate_tab.shutdown()
