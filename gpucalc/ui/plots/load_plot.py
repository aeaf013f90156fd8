"""Latency and throughput against concurrency: TTFT/TPOT above, output tokens/s below."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.report.plots import LoadCrossing, load_crossings, load_markers
from gpucalc.ui.format import count, kind_name
from gpucalc.ui.plots.markers import MarkerSet
from gpucalc.ui.plots.style import (
    LINE_SYMBOL,
    MARKER_COLOUR,
    POINT_SYMBOL,
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    ink,
    latency_and_throughput_plots,
    marker_pen,
    set_key,
    text_colour,
)

LIMIT_MARKERS = 6  # the knee, three other limits and the watermark, with room to spare


def _log_range(values: Sequence[float]) -> tuple[float, float]:
    """The log10 range of the positive finite ``values``, padded a tenth of a decade each way."""
    finite = [math.log10(v) for v in values if math.isfinite(v) and v > 0]
    if not finite:
        return 0.0, 1.0
    return min(finite) - 0.1, max(finite) + 0.1


class LoadCurvePlot(QWidget):
    """Two linked plots over log concurrency, with the targets and the load's crossover markers.

    Above: where TTFT and TPOT pass their targets. Below: the knee (the binding limit), each
    other limit within the curve and the watermark. Labels stack above the data, never on it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.latency, self.throughput = latency_and_throughput_plots(
            self.tr("Concurrent requests per replica (log scale)"), legend=False)
        set_key(self.latency, [("TTFT", TTFT_COLOUR, LINE_SYMBOL), ("TPOT", TPOT_COLOUR, LINE_SYMBOL),
                               (self.tr("target"), text_colour().name(), "┄┄"),
                               (self.tr("target passed"), MARKER_COLOUR, POINT_SYMBOL)])
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
        self.crossing_dots = self.latency.plot([], [], pen=None, symbol="o", symbolSize=9,
                                               symbolPen=pg.mkPen(text_colour()), symbolBrush=MARKER_COLOUR)
        self.target_markers = MarkerSet(self.latency, 2)
        self.limit_lines = MarkerSet(self.latency, LIMIT_MARKERS, labelled=False)
        self.limit_markers = MarkerSet(self.throughput, LIMIT_MARKERS)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.latency, 3)
        layout.addWidget(self.throughput, 2)
        for plot in (self.latency, self.throughput):
            plot.hide()  # no empty axes before the first result
        self.knee = 0.0
        self.online = 0.0
        self.crossings: list[LoadCrossing] = []

    def marker_text(self) -> dict[str, str]:
        """The marker labels' templates, translated."""
        return {"over_target": self.tr("{name} past target from {n}"),
                "knee": self.tr("concurrency {n} ({name})"), "limit": self.tr("{name} limit {n}"),
                "watermark": self.tr("planned {n}")}

    def set_result(self, performance: PerformanceResult, ttft_target_ms: float,
                   tpot_target_ms: float) -> None:
        """Show the load curve of ``performance``, the targets and the crossovers."""
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
        tokens = np.array([c.output_tokens_per_s for c in curve], dtype=float)
        self.tokens.setData(x, tokens)
        self.ttft_target.setValue(math.log10(ttft_target_ms))
        self.ttft_target.label.setFormat(self.tr("TTFT target {ms} ms").format(ms=count(ttft_target_ms)))
        self.tpot_target.setValue(math.log10(tpot_target_ms))
        self.tpot_target.label.setFormat(self.tr("TPOT target {ms} ms").format(ms=f"{tpot_target_ms:g}"))
        self.knee = performance.knee_concurrency.value
        self.online = performance.online_capacity.value
        self.latency.setXRange(0, math.log10(max(float(x[-1]), 2.0)), padding=0.02)
        self.crossings = load_crossings(performance, ttft_target_ms, tpot_target_ms)
        names = {kind: kind_name(kind, short=True) for kind in CeilingKind}
        above, below = load_markers(performance, self.crossings, self.marker_text(), names)
        targets = {"ttft": ttft_target_ms, "tpot": tpot_target_ms}
        passed = [c for c in self.crossings if c.what in targets]
        self.crossing_dots.setData([c.concurrency for c in passed], [targets[c.what] for c in passed])
        self.target_markers.set_markers(above)
        self.limit_lines.set_markers(below)
        self.limit_markers.set_markers(below)
        self.target_markers.fit_y(*_log_range([*ttft, *tpot, ttft_target_ms, tpot_target_ms]))
        finite = tokens[np.isfinite(tokens)]
        self.limit_markers.fit_y(0.0, max(float(np.max(finite)) if finite.size else 1.0, 1.0) * 1.05)
