"""Latency and throughput against concurrency: TTFT/TPOT above, output tokens/s below."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpucalc.core.perf_result import PerformanceResult
from gpucalc.ui.format import count
from gpucalc.ui.plots.style import (
    LINE_SYMBOL,
    MARKER_COLOUR,
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    ink,
    latency_and_throughput_plots,
    marker_pen,
    set_key,
    text_colour,
)

RIGHT_OF_LINE = [(0, 1), (0, 1)]
LEFT_OF_LINE = [(1, 1), (1, 1)]


def _vline(colour: str, position: float, anchors: list[tuple[int, int]]) -> pg.InfiniteLine:
    """A vertical marker with its label on one side of it.

    The knee's label sits right of its line, the watermark's left of its own: the watermark is
    below the knee, so the two labels never overlap.
    """
    return pg.InfiniteLine(angle=90, pen=marker_pen(colour), movable=False, label="",
                           labelOpts={"position": position, "color": ink(colour), "anchors": anchors})


class LoadCurvePlot(QWidget):
    """Two linked plots over log concurrency, with the knee, the watermark and the targets."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.latency, self.throughput = latency_and_throughput_plots(
            self.tr("Concurrent requests per replica (log scale)"), legend=False)
        set_key(self.latency, [("TTFT", TTFT_COLOUR, LINE_SYMBOL), ("TPOT", TPOT_COLOUR, LINE_SYMBOL),
                               (self.tr("knee"), MARKER_COLOUR, "┆"),
                               (self.tr("watermark"), text_colour().name(), "┆")])
        self.ttft = self.latency.plot([], [], pen=pg.mkPen(TTFT_COLOUR, width=2), name="TTFT")
        self.tpot = self.latency.plot([], [], pen=pg.mkPen(TPOT_COLOUR, width=2), name="TPOT")
        self.tokens = self.throughput.plot([], [], pen=pg.mkPen(THROUGHPUT_COLOUR, width=2),
                                           fillLevel=0, brush=pg.mkBrush(44, 160, 44, 40))
        self.ttft_target = pg.InfiniteLine(angle=0, pen=marker_pen(TTFT_COLOUR, width=1), movable=False,
                                           label="", labelOpts={"position": 0.01, "color": ink(TTFT_COLOUR),
                                                                "anchors": [(0, 1), (0, 1)]})
        self.tpot_target = pg.InfiniteLine(angle=0, pen=marker_pen(TPOT_COLOUR, width=1), movable=False,
                                           label="", labelOpts={"position": 0.01, "color": ink(TPOT_COLOUR),
                                                                "anchors": [(0, 1), (0, 1)]})
        self.latency.addItem(self.ttft_target)
        self.latency.addItem(self.tpot_target)
        self.knee_lines = (_vline(MARKER_COLOUR, 0.95, RIGHT_OF_LINE),
                           _vline(MARKER_COLOUR, 0.95, RIGHT_OF_LINE))
        mark = text_colour().name()
        self.watermark_lines = (_vline(mark, 0.95, LEFT_OF_LINE), _vline(mark, 0.95, LEFT_OF_LINE))
        for plot, knee, mark in ((self.latency, self.knee_lines[0], self.watermark_lines[0]),
                                 (self.throughput, self.knee_lines[1], self.watermark_lines[1])):
            plot.addItem(knee)
            plot.addItem(mark)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.latency, 3)
        layout.addWidget(self.throughput, 2)
        for plot in (self.latency, self.throughput):
            plot.hide()  # no empty axes before the first result
        self.knee = 0.0
        self.online = 0.0

    def set_result(self, performance: PerformanceResult, ttft_target_ms: float,
                   tpot_target_ms: float) -> None:
        """Show the load curve of ``performance`` and the targets."""
        curve = performance.load_curve
        for plot in (self.latency, self.throughput):
            plot.show()
        x = np.array([c.concurrency for c in curve], dtype=float)
        ttft = np.array([c.ttft_ms for c in curve], dtype=float)
        tpot = np.array([c.tpot_ms for c in curve], dtype=float)
        ttft[~np.isfinite(ttft) | (ttft <= 0)] = np.nan
        tpot[~np.isfinite(tpot) | (tpot <= 0)] = np.nan
        self.ttft.setData(x, ttft, connect="finite")
        self.tpot.setData(x, tpot, connect="finite")
        self.tokens.setData(x, np.array([c.output_tokens_per_s for c in curve], dtype=float))
        self.ttft_target.setValue(math.log10(ttft_target_ms))
        self.ttft_target.label.setFormat(self.tr("TTFT target {ms} ms").format(ms=count(ttft_target_ms)))
        self.tpot_target.setValue(math.log10(tpot_target_ms))
        self.tpot_target.label.setFormat(self.tr("TPOT target {ms} ms").format(ms=f"{tpot_target_ms:g}"))
        self.knee = performance.knee_concurrency.value
        self.online = performance.online_capacity.value
        for line in self.knee_lines:
            line.setValue(math.log10(max(self.knee, 1.0)))
        self.knee_lines[0].label.setFormat(self.tr("knee {n}").format(n=count(self.knee)))
        for line in self.watermark_lines:
            line.setValue(math.log10(max(self.online, 1.0)))
        self.watermark_lines[0].label.setFormat(self.tr("watermark {n}").format(n=count(self.online)))
        self.latency.setXRange(0, math.log10(max(float(x[-1]), 2.0)), padding=0.02)
