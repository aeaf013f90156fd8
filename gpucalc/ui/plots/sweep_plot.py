"""Ceilings against planning length (KV tokens per request), log-scaled, crossovers marked."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.capacity.sweep import ContextSweep
from gpucalc.report.plots import Marker
from gpucalc.ui.format import KINDS, count, kind_name
from gpucalc.ui.plots.markers import MarkerSet
from gpucalc.ui.plots.style import (
    CEILING_COLOURS,
    LINE_SYMBOL,
    MARKER_COLOUR,
    POINT_SYMBOL,
    plot_widget,
    set_key,
    text_colour,
)

MAX_CROSSOVERS = 8
SHOWN_ABOVE_RECOMMENDED = 1.6
"""The y range runs to 1.6 × the largest recommendation: the ceilings above it leave the plot there."""


class ContextSweepPlot(QWidget):
    """Curves and markers are created once; ``set_sweep`` moves them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = plot_widget(log_x=True)
        item = self.plot.getPlotItem()
        item.setLogMode(x=True, y=False)
        item.setLabel("bottom", self.tr("Planning length per request (tokens, log scale)"))
        item.setLabel("left", self.tr("Concurrent requests per replica"))
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
        # the crossovers, then the planning length, labelled above the curves
        self.markers = MarkerSet(self.plot, MAX_CROSSOVERS + 1)
        self.crossover_lines = self.markers.lines
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.plot.hide()  # no empty axes before the first sweep
        self.crossover_contexts: list[int] = []

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
        finite = rec[np.isfinite(rec)]
        shown_top = max(float(np.max(finite)) if finite.size else 1.0, 1.0) * SHOWN_ABOVE_RECOMMENDED
        for kind, curve in self.curves.items():
            y = values[kind].astype(float)
            y[y > shown_top] = np.nan  # cut at the top of the range: the labels above stay clear
            if np.all(np.isnan(y)):
                curve.setData([], [])
            else:
                curve.setData(x, y, connect="finite")
        self.recommended.setData(x, rec)
        self.crossover_contexts = [c.context_tokens for c in sweep.crossovers]
        by_context = dict(zip(x.tolist(), rec.tolist(), strict=True))
        cx = [float(c) for c in self.crossover_contexts[:MAX_CROSSOVERS]]
        self.crossings.setData(cx, [by_context.get(c, 0.0) for c in cx])
        self.plot.setXRange(math.log10(x[0]), math.log10(x[-1]), padding=0.02)
        marks = [Marker(c, MARKER_COLOUR, self.tr("crossover {n}").format(n=count(c))) for c in cx]
        marks.append(Marker(max(planning_tokens, 1.0), text_colour().name(),
                            self.tr("planning length {n}").format(n=count(planning_tokens))))
        self.markers.set_markers(marks)
        self.markers.fit_y(0, shown_top)
