"""Ceilings against planning length (KV tokens per request), log-scaled, crossovers marked."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpucalc.core.capacity.perf_result import CeilingKind, LimitKind
from gpucalc.core.capacity.sweep import ContextSweep, SweepPoint
from gpucalc.report.plots import Marker
from gpucalc.ui.format import KINDS, count, kind_name
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP
from gpucalc.ui.plots.markers import MarkerSet
from gpucalc.ui.plots.style import (
    CEILING_COLOURS,
    LINE_SYMBOL,
    MARKER_COLOUR,
    POINT_SYMBOL,
    ink,
    plot_widget,
    set_key,
    text_colour,
)

MAX_CROSSOVERS = 8
Y_MARGIN = 1.25
"""The log y range runs from the least ceiling ÷ 1.25 to the largest × 1.25: every ceiling and the
scheduler cap are inside it (a linear range cut at the recommendation hid the interconnect at 109
and the scheduler at 256, which the key still named)."""
UNREACHABLE_ALPHA = 40  # of 255: the shade over planning lengths no concurrency serves
UNREACHABLE_TEXT = {
    LimitKind.TTFT: QT_TRANSLATE_NOOP("ContextSweepPlot", "TTFT target unreachable here"),
    LimitKind.TPOT: QT_TRANSLATE_NOOP("ContextSweepPlot", "TPOT target unreachable here"),
    LimitKind.MEMORY: QT_TRANSLATE_NOOP("ContextSweepPlot", "no room for one request here"),
}
"""What a planning length where no request can be served means, by what binds there."""
UNREACHABLE_OTHER = QT_TRANSLATE_NOOP("ContextSweepPlot", "no concurrency serves a request here")


def unreachable_from(sweep: ContextSweep) -> SweepPoint | None:
    """The first point from which the sweep serves no request to its end (None when it always serves)."""
    first: SweepPoint | None = None
    for point in sweep.points:
        first = (first or point) if point.recommended <= 0 else None
    return first


def positive(values: np.ndarray) -> np.ndarray:
    """``values`` with zero and below as gaps: a log axis cannot show them."""
    shown = values.astype(float)
    shown[~(shown > 0)] = np.nan
    return shown


class ContextSweepPlot(QWidget):
    """Curves and markers are created once; ``set_sweep`` moves them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = plot_widget(log_x=True, log_y=True)
        item = self.plot.getPlotItem()
        item.setLogMode(x=True, y=True)
        item.setLabel("bottom", self.tr("Planning length per request (tokens, log scale)"))
        item.setLabel("left", self.tr("Concurrent requests per replica (log scale)"))
        band = text_colour()
        band.setAlpha(70)
        # the recommendation is a wide translucent band under the ceilings, so each stays visible
        self.recommended = self.plot.plot([], [], pen=pg.mkPen(band, width=9))
        self.curves = {kind: self.plot.plot([], [], pen=pg.mkPen(CEILING_COLOURS[kind], width=2))
                       for kind in KINDS}
        self.crossings = self.plot.plot([], [], pen=None, symbol="o", symbolSize=10,
                                        symbolBrush=MARKER_COLOUR)
        set_key(self.plot, [*((kind_name(kind), CEILING_COLOURS[kind], LINE_SYMBOL) for kind in KINDS),
                            (self.tr("Recommended (smallest)"), text_colour().name(), "▬▬"),
                            (self.tr("Crossover"), MARKER_COLOUR, POINT_SYMBOL)])
        # planning lengths where no request is served: shaded, and said why at the foot of the shade
        shade = QColor(MARKER_COLOUR)
        shade.setAlpha(UNREACHABLE_ALPHA)
        self.unreachable = pg.LinearRegionItem(movable=False, brush=pg.mkBrush(shade),
                                               pen=pg.mkPen(None))
        self.unreachable_label = pg.TextItem("", color=ink(MARKER_COLOUR), anchor=(0.0, 1.0))
        for region_item in (self.unreachable, self.unreachable_label):
            region_item.hide()
            self.plot.addItem(region_item)
        # the crossovers, then the planning length, labelled above the curves
        self.markers = MarkerSet(self.plot, MAX_CROSSOVERS + 1)
        self.crossover_lines = self.markers.lines
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.plot.hide()  # no empty axes before the first sweep
        self.crossover_contexts: list[int] = []
        self.unreachable_text = ""  # what the shade over the longest planning lengths says ('' when none)

    def set_sweep(self, sweep: ContextSweep, planning_tokens: float) -> None:
        """Show ``sweep``; mark the workload's planning length."""
        self.plot.show()
        x = np.array([p.context_tokens for p in sweep.points], dtype=float)
        values = {
            CeilingKind.MEMORY: np.array([p.memory for p in sweep.points]),
            CeilingKind.COMPUTE: np.array([p.compute for p in sweep.points]),
            CeilingKind.INTERCONNECT: np.array([p.interconnect if p.interconnect is not None else np.nan
                                                for p in sweep.points]),
            CeilingKind.SCHEDULER: np.array([p.scheduler for p in sweep.points]),
        }
        rec = np.array([p.recommended for p in sweep.points])
        for kind, curve in self.curves.items():
            y = positive(values[kind])
            if np.all(np.isnan(y)):
                curve.setData([], [])
            else:
                curve.setData(x, y, connect="finite")
        shown = np.concatenate([positive(v) for v in values.values()])
        shown = shown[np.isfinite(shown)]
        low = max(float(np.min(shown)) if shown.size else 1.0, 1.0) / Y_MARGIN
        high = max(float(np.max(shown)) if shown.size else 1.0, 1.0) * Y_MARGIN
        self.recommended.setData(x, positive(rec), connect="finite")
        self.crossover_contexts = [c.context_tokens for c in sweep.crossovers]
        by_context = dict(zip(x.tolist(), rec.tolist(), strict=True))
        cx = [float(c) for c in self.crossover_contexts[:MAX_CROSSOVERS]]
        self.crossings.setData(cx, [by_context.get(c, 0.0) for c in cx])
        self.plot.setXRange(math.log10(x[0]), math.log10(x[-1]), padding=0.02)
        marks = [Marker(c, MARKER_COLOUR, self.tr("crossover {n}").format(n=count(c))) for c in cx]
        marks.append(Marker(max(planning_tokens, 1.0), text_colour().name(),
                            self.tr("planning length {n}").format(n=count(planning_tokens))))
        self.markers.set_markers(marks)
        self.markers.fit_y(math.log10(low), math.log10(high))
        self._mark_unreachable(sweep, x[-1], math.log10(low))

    def _mark_unreachable(self, sweep: ContextSweep, last: float, bottom: float) -> None:
        """Shade the planning lengths where no concurrency serves a request, and say why."""
        start = unreachable_from(sweep)
        limit = start.binding_limit if start is not None else None
        text = UNREACHABLE_TEXT.get(limit) if limit is not None else None
        self.unreachable.setVisible(start is not None)
        self.unreachable_label.setVisible(start is not None)
        if start is None:
            self.unreachable_text = ""
            return
        self.unreachable_text = QCoreApplication.translate(
            "ContextSweepPlot", text or UNREACHABLE_OTHER)
        self.unreachable.setRegion((math.log10(start.context_tokens), math.log10(last)))
        self.unreachable_label.setText(self.unreachable_text)
        self.unreachable_label.setPos(math.log10(start.context_tokens), bottom)
