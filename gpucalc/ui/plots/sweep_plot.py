"""Ceilings against planning length (KV tokens per request), log-scaled, crossovers marked."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpucalc.core.perf_result import CeilingKind
from gpucalc.core.sweep import ContextSweep
from gpucalc.ui.format import KINDS, count, kind_name
from gpucalc.ui.plots.style import (
    CEILING_COLOURS,
    LINE_SYMBOL,
    MARKER_COLOUR,
    POINT_SYMBOL,
    marker_pen,
    plot_widget,
    set_key,
    text_colour,
)

MAX_CROSSOVERS = 8


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
        self.crossover_lines = [pg.InfiniteLine(angle=90, pen=marker_pen(MARKER_COLOUR, width=1),
                                                movable=False) for _ in range(MAX_CROSSOVERS)]
        for line in self.crossover_lines:
            line.hide()
            self.plot.addItem(line)
        self.planning_line = pg.InfiniteLine(
            angle=90, pen=marker_pen(text_colour().name(), width=1), movable=False, label="",
            labelOpts={"position": 0.9, "color": text_colour(), "anchors": [(0, 1), (0, 1)]})
        self.plot.addItem(self.planning_line)
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
        for kind, curve in self.curves.items():
            y = values[kind]
            if np.all(np.isnan(y)):
                curve.setData([], [])
            else:
                curve.setData(x, y, connect="finite")
        rec = np.array([p.recommended for p in sweep.points])
        self.recommended.setData(x, rec)
        self.crossover_contexts = [c.context_tokens for c in sweep.crossovers]
        by_context = dict(zip(x.tolist(), rec.tolist(), strict=True))
        cx = [float(c) for c in self.crossover_contexts[:MAX_CROSSOVERS]]
        self.crossings.setData(cx, [by_context.get(c, 0.0) for c in cx])
        for i, line in enumerate(self.crossover_lines):
            if i < len(cx):
                line.setValue(math.log10(cx[i]))
                line.show()
            else:
                line.hide()
        self.planning_line.setValue(math.log10(max(planning_tokens, 1.0)))
        self.planning_line.label.setFormat(self.tr("planning length {n}").format(n=count(planning_tokens)))
        finite = rec[np.isfinite(rec)]
        top = max(float(np.max(finite)) if finite.size else 1.0, 1.0)
        self.plot.setYRange(0, top * 1.6, padding=0)
        self.plot.setXRange(math.log10(x[0]), math.log10(x[-1]), padding=0.02)
