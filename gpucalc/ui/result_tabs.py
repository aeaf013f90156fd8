"""The result tabs in the centre of the window, and how a new result reaches them.

A new result updates the visible tab at once; every other tab is queued and updated one per
event-loop pass (or at once when the user switches to it), so the GUI thread never does all
the drawing in one go while the user types. Tabs with plots are built the first time they are
shown (their updates wait until then), which keeps the plotting library out of start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QProxyStyle,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOption,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.capacity.sweep import ContextSweep
from gpucalc.plan.compute import Plan
from gpucalc.text.answer_text import planned_sentence
from gpucalc.ui.format import count, kind_name
from gpucalc.ui.lazy_page import LazyPage
from gpucalc.ui.panels.answer_banner import STALE_COLOUR, chip_style
from gpucalc.ui.panels.ceilings_tab import CeilingsTab
from gpucalc.ui.panels.checklist_tab import ChecklistTab
from gpucalc.ui.panels.compare_tab import CompareTab
from gpucalc.ui.panels.grid_tab import GridTab
from gpucalc.ui.plain_text import PlainLabel
from gpucalc.ui.veil import Veil

if TYPE_CHECKING:
    from gpucalc.ui.panels.memory_tab import MemoryTab
    from gpucalc.ui.panels.sensitivity_tab import SensitivityTab
    from gpucalc.ui.panels.simulate_tab import SimulateTab
    from gpucalc.ui.panels.sizing_tab import SizingTab
    from gpucalc.ui.plots.load_plot import LoadCurvePlot
    from gpucalc.ui.plots.sweep_plot import ContextSweepPlot

TAB_NAMES = ("bottleneck", "memory", "sweep", "load", "grid", "sizing", "uncertainty", "simulate",
             "compare", "checklist")
PERFORMANCE_TABS = ("bottleneck", "sweep", "load", "grid", "sizing", "uncertainty", "simulate")


def scrolling(page: QWidget) -> QScrollArea:
    """``page`` in a frameless scroll area: all the room there is, scroll bars below its minimum."""
    frame = QScrollArea()
    frame.setFrameShape(QFrame.Shape.NoFrame)
    frame.setWidgetResizable(True)
    frame.setWidget(page)
    return frame


def planned_rate(outcome: Plan) -> float | None:
    """One replica's planned req/s (None when nothing runs): a simulation's start without a QPS."""
    perf = outcome.performance
    if perf is None or perf.rates.requests_per_s_planned <= 0:
        return None
    return perf.rates.requests_per_s_planned


def serving_replicas(outcome: Plan) -> int | None:
    """The replicas the fleet verdict serves the QPS with (None without a QPS)."""
    return None if outcome.fleet is None else max(int(outcome.fleet.replicas.value), 1)


class ResultPage(QWidget):
    """One result tab: its scrolling page, and above it the notice that the result is stale.

    A stale page is greyed as a whole (tables, text and plots alike) and says why, the same way
    whether a value was invalid or the plan failed; the next good result clears it.
    """

    def __init__(self, frame: QScrollArea, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame = frame
        self.notice = PlainLabel()
        self.notice.setObjectName("staleNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(chip_style(STALE_COLOUR))
        self.notice.hide()
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(2)
        self.column.addWidget(self.notice)
        self.column.addWidget(self.frame, 1)
        self.veil = Veil(self)

    @property
    def stale(self) -> bool:
        """Whether the page shows an earlier result that the current inputs no longer give."""
        return self.veil.isVisibleTo(self)

    def set_stale(self, message: str) -> None:
        """Grey the page and show ``message`` above it; '' shows it fresh."""
        self.notice.setText(message)
        self.notice.setVisible(bool(message))
        self.veil.setVisible(bool(message))
        self._cover()

    def _cover(self) -> None:
        self.column.activate()
        self.veil.setGeometry(self.frame.geometry())
        self.veil.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the veil over the page."""
        super().resizeEvent(event)
        self._cover()


PLOT_MIN_HEIGHT_PX = 320
"""The least height of a plot page's figure: its axes and labels stay readable; below it the page scrolls."""


def _captioned(widget: QWidget, caption: QLabel) -> QWidget:
    """``widget`` with a caption line above it, as one tab page.

    The figure takes the height the tab has (its own size hint is ignored: the wrapped caption
    would otherwise make the page as tall as the caption plus the plots' hints, and scroll).
    """
    widget.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
    widget.setMinimumHeight(PLOT_MIN_HEIGHT_PX)
    caption.setWordWrap(True)
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addWidget(caption)
    layout.addWidget(widget, 1)
    return page


TAB_BAR_MARGIN_PX = 4  # the tab widget's frame either side of its bar
MIN_TAB_PADDING_PX = 10
"""The least room around a tab's title (both sides), px: titles stay whole and apart when narrow."""


class TabPadding(QProxyStyle):
    """The application's style with less room either side of a tab's title, when asked."""

    def __init__(self) -> None:
        super().__init__()
        self.tab_space: int | None = None  # PM_TabBarTabHSpace; None: the style's own

    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,
                    widget: QWidget | None = None) -> int:
        """The style's metric, or the narrower tab padding."""
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace and self.tab_space is not None:
            return self.tab_space
        return super().pixelMetric(metric, option, widget)


class FittingTabBar(QTabBar):
    """A tab bar whose tabs give up some of their padding, never their titles, to fit the width.

    At 1366×768 and 125 % the ten titles with the style's padding are wider than the results
    area, and Compare and Checklist were behind scroll arrows; the padding shrinks first (down to
    :data:`MIN_TAB_PADDING_PX`), and only then do the arrows come.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.padding = TabPadding()
        self.padding.setParent(self)
        self.setStyle(self.padding)

    def fit(self, width: int) -> None:
        """Choose the padding for tabs in ``width`` px."""
        self.padding.tab_space = None
        natural = self.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, self)
        wanted = sum(QTabBar.tabSizeHint(self, i).width() for i in range(self.count()))
        if self.count() and wanted > width:
            lacking = -(-(wanted - width) // self.count())
            self.padding.tab_space = max(natural - lacking, MIN_TAB_PADDING_PX)
        self.updateGeometry()


class ResultTabs(QTabWidget):
    """The ten result tabs, from the bottleneck bars to the comparison and the checklist."""

    termSelected = Signal(str)  # key of a term of the current result
    termExplained = Signal(object)  # a Term from outside the result (a simulation)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultTabs")
        self.tab_bar = FittingTabBar(self)
        self.setTabBar(self.tab_bar)
        self.ceilings_tab = CeilingsTab()
        self.grid_tab = GridTab()
        self.compare_tab = CompareTab()
        self.checklist_tab = ChecklistTab()
        self.sweep_caption, self.load_caption = PlainLabel(), PlainLabel()
        self.pages: dict[str, QWidget] = {
            "bottleneck": self.ceilings_tab, "memory": LazyPage(self._build_memory),
            "sweep": LazyPage(self._build_sweep), "load": LazyPage(self._build_load),
            "grid": self.grid_tab, "sizing": LazyPage(self._build_sizing),
            "uncertainty": LazyPage(self._build_uncertainty), "simulate": LazyPage(self._build_simulate),
            "compare": self.compare_tab, "checklist": self.checklist_tab}
        titles = (self.tr("Bottleneck"), self.tr("Memory"), self.tr("Context"), self.tr("Load"),
                  self.tr("Per-card"), self.tr("Sizing"), self.tr("Uncertainty"), self.tr("Simulate"),
                  self.tr("Compare"), self.tr("Checklist"))
        tips = (self.tr("The three ceilings and what moves the binding one"),
                self.tr("The memory picture of one GPU"),
                self.tr("The ceilings against planning length (KV tokens per request), with crossovers"),
                self.tr("TTFT, TPOT and throughput against concurrency, with the knee"),
                self.tr("Per-card grid: context tier × precision tier"),
                self.tr("GPUs of each type needed for the workload's QPS, with cost"),
                self.tr("Low / expected / high results and what moves them most"),
                self.tr("Discrete-event simulation of the traffic"),
                self.tr("This plan against a pinned or opened baseline"),
                self.tr("Seed 000's pre-reporting checklist: pass / attention for every item"))
        # each page scrolls inside its tab when the window is narrower or lower than the page
        # needs, so no page's minimum size sets the window's (a laptop screen)
        self.frames = {name: ResultPage(scrolling(page)) for name, page in self.pages.items()}
        self.setUsesScrollButtons(True)  # a narrow window scrolls the tab bar; titles stay whole
        self.setElideMode(Qt.TextElideMode.ElideNone)
        for name, title, tip in zip(TAB_NAMES, titles, tips, strict=True):
            self.setTabToolTip(self.addTab(self.frames[name], title), tip)
        for source in (self.ceilings_tab.termSelected, self.ceilings_tab.bars.termHovered):
            source.connect(self.termSelected)
        self.pending: dict[str, Callable[[], None]] = {}
        self._drain = QTimer(self)
        self._drain.setSingleShot(True)
        self._drain.setInterval(0)
        self._drain.timeout.connect(self._update_next)
        self.currentChanged.connect(lambda _index: self._update_page(self.current_name(), build=True))

    # -- pages built on first use -----------------------------------------------------------
    def _built(self, name: str) -> QWidget:
        page = self.pages[name]
        return page.content() if isinstance(page, LazyPage) else page

    def _build_memory(self) -> QWidget:
        from gpucalc.ui.panels.memory_tab import MemoryTab

        tab = MemoryTab()
        tab.termSelected.connect(self.termSelected)
        tab.bar.termHovered.connect(self.termSelected)
        return tab

    def _build_sweep(self) -> QWidget:
        from gpucalc.ui.plots.sweep_plot import ContextSweepPlot

        return _captioned(ContextSweepPlot(), self.sweep_caption)

    def _build_load(self) -> QWidget:
        from gpucalc.ui.plots.load_plot import LoadCurvePlot

        return _captioned(LoadCurvePlot(), self.load_caption)

    def _build_sizing(self) -> QWidget:
        from gpucalc.ui.panels.sizing_tab import SizingTab

        return SizingTab()

    def _build_uncertainty(self) -> QWidget:
        from gpucalc.ui.panels.sensitivity_tab import SensitivityTab

        return SensitivityTab()

    def _build_simulate(self) -> QWidget:
        from gpucalc.ui.panels.simulate_tab import SimulateTab

        tab = SimulateTab()
        tab.termSelected.connect(self.termExplained)
        return tab

    def _plot_in(self, name: str) -> QWidget:
        layout = self._built(name).layout()
        item = layout.itemAt(1) if layout is not None else None
        widget = item.widget() if item is not None else None
        assert widget is not None
        return widget

    @property
    def memory_tab(self) -> MemoryTab:
        """The Memory tab (built on first use)."""
        return cast("MemoryTab", self._built("memory"))

    @property
    def sweep_plot(self) -> ContextSweepPlot:
        """The context-sweep plot (built on first use)."""
        return cast("ContextSweepPlot", self._plot_in("sweep"))

    @property
    def load_plot(self) -> LoadCurvePlot:
        """The load-curve plots (built on first use)."""
        return cast("LoadCurvePlot", self._plot_in("load"))

    @property
    def sizing_tab(self) -> SizingTab:
        """The Sizing tab (built on first use)."""
        return cast("SizingTab", self._built("sizing"))

    @property
    def uncertainty_tab(self) -> SensitivityTab:
        """The Uncertainty tab (built on first use)."""
        return cast("SensitivityTab", self._built("uncertainty"))

    @property
    def simulate_tab(self) -> SimulateTab:
        """The Simulate tab (built on first use)."""
        return cast("SimulateTab", self._built("simulate"))

    def is_built(self, name: str) -> bool:
        """Whether the tab ``name`` exists yet (tabs with plots are built when first shown)."""
        page = self.pages[name]
        return not isinstance(page, LazyPage) or page.built

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The tabs fit the new width (their padding depends on it)."""
        self.tab_bar.fit(event.size().width() - TAB_BAR_MARGIN_PX)
        super().resizeEvent(event)

    def current_name(self) -> str:
        """Short name of the visible tab."""
        return next((n for n, frame in self.frames.items() if frame is self.currentWidget()), "")

    def show_tab(self, name: str) -> None:
        """Bring a tab to the front by its short name (bottleneck, memory, sweep, …)."""
        self.setCurrentWidget(self.frames.get(name, self.frames["bottleneck"]))
        self._update_page(self.current_name(), build=True)

    def show_outcome(self, outcome: Plan, lang: str, catalog: Catalog) -> None:
        """Queue every tab's update for ``outcome``; the visible one is updated now."""
        performance = outcome.performance
        self.set_stale("")
        for name, frame in self.frames.items():
            self.setTabEnabled(self.indexOf(frame), performance is not None
                               or name not in PERFORMANCE_TABS)
        share = outcome.inputs.targets.planning_memory_share
        planned = performance.memory_share if performance is not None else None
        self.pending = {"memory": lambda: self.memory_tab.set_result(outcome.memory, share, planned),
                        "compare": lambda: self.compare_tab.set_current(outcome),
                        "checklist": lambda: self.checklist_tab.set_plan(outcome, lang)}
        if performance is not None:
            self.pending.update(self._performance_updates(outcome, performance, lang, catalog))
        elif self.current_name() in PERFORMANCE_TABS:
            self.setCurrentWidget(self.frames["memory"])
        self._update_page(self.current_name(), build=True)
        self._drain.start()

    def set_stale(self, message: str) -> None:
        """Grey every tab and say why its result is stale (``message``); '' shows them fresh."""
        for page in self.frames.values():
            page.set_stale(message)

    def flush(self) -> None:
        """Build every tab and run every queued update now (tests, screenshots)."""
        for name in list(self.pending):
            self._update_page(name, build=True)

    def _update_page(self, name: str, build: bool = False) -> None:
        """Run ``name``'s queued update if its page exists (``build``: build it first)."""
        if name in self.pending and (build or self.is_built(name)):
            self.pending.pop(name)()

    def _update_next(self) -> None:
        """One queued update of a tab that exists; tabs not built yet wait until shown."""
        ready = next((name for name in self.pending if self.is_built(name)), None)
        if ready is not None:
            self._update_page(ready)
            self._drain.start()

    def _performance_updates(self, outcome: Plan, performance: PerformanceResult, lang: str,
                             catalog: Catalog) -> dict[str, Callable[[], None]]:
        return {
            "bottleneck": lambda: self.ceilings_tab.set_result(performance, lang),
            "sweep": lambda: self._show_sweep(outcome),
            "load": lambda: self._show_load(outcome, performance, lang),
            "grid": lambda: self.grid_tab.set_grid(outcome.grid),
            "uncertainty": lambda: self._show_uncertainty(outcome),
            "simulate": lambda: self.simulate_tab.set_inputs(
                outcome.inputs, outcome.memory, lang, planned_rate(outcome), serving_replicas(outcome)),
            # sizing runs on its own worker once the tab exists, whichever tab is visible
            "sizing": lambda: self.sizing_tab.set_inputs(catalog, outcome.inputs),
        }

    def _show_uncertainty(self, outcome: Plan) -> None:
        if outcome.bands is not None and outcome.sensitivity is not None:
            self.uncertainty_tab.set_data(outcome.bands, outcome.sensitivity)

    def _show_load(self, outcome: Plan, performance: PerformanceResult, lang: str) -> None:
        targets = outcome.inputs.targets
        self.load_plot.set_result(performance, targets.ttft_ms, targets.tpot_ms)
        self.load_caption.setText(self.tr(
            "Closed-loop load on one replica under continuous batching (a --max-concurrency ladder). "
            "Concurrency: {knee} requests in flight (past it a latency target breaks or requests "
            "queue).").format(knee=count(performance.knee_concurrency.value))
            + ("" if lang == "zh" else " ") + planned_sentence(performance.rates, lang))

    def _show_sweep(self, outcome: Plan) -> None:
        if outcome.sweep is None:
            return
        self.sweep_plot.set_sweep(outcome.sweep, outcome.sweep.planning_tokens)
        self.sweep_caption.setText(self.crossover_text(outcome.sweep))

    def crossover_text(self, sweep: ContextSweep) -> str:
        """What the axis means, the answer's point on it and where the binding ceiling changes."""
        axis = self.tr(
            "Planning length: KV tokens one request holds (P95 input + history + P95 output). Each "
            "point is this scenario with every length scaled in proportion (output: {share} % of the mean "
            "request).").format(
            share=round(sweep.output_share * 100))
        own = sweep.at(sweep.planning_tokens)
        if own is not None:
            axis += " " + self.tr("At {tokens} tokens it is the answer: {n} requests ({name}).").format(
                tokens=count(own.context_tokens), n=count(own.recommended), name=kind_name(own.binding))
        if not sweep.crossovers:
            binding = sweep.points[-1].binding if sweep.points else None
            return axis + " " + self.tr("The same ceiling binds at every planning length: {name}.").format(
                name=kind_name(binding) if binding else "—")
        parts = [self.tr("from {tokens} tokens: {before} → {after}").format(
            tokens=count(c.context_tokens), before=kind_name(c.before), after=kind_name(c.after))
            for c in sweep.crossovers]
        return axis + " " + self.tr("The binding ceiling changes {changes}.").format(changes="; ".join(parts))

    def shutdown(self) -> None:
        """Stop the sizing and simulation jobs (where those tabs exist) and wait for them."""
        if self.is_built("sizing"):
            self.sizing_tab.cancel()
            self.sizing_tab.wait()
        if self.is_built("simulate"):
            self.simulate_tab.shutdown()
