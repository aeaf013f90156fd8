"""The three-ceiling bottleneck bars: one horizontal bar per ceiling, the binding one outlined."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, Signal
from PySide6.QtGui import QColor, QCursor, QFont
from PySide6.QtWidgets import QToolTip, QVBoxLayout, QWidget

from gpucalc.core.explain import Term
from gpucalc.core.perf_result import Ceiling, CeilingKind, PerformanceResult
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import count
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP
from gpucalc.ui.plots.style import CEILING_COLOURS, MARKER_COLOUR, marker_pen, plot_widget, text_colour

KINDS = (CeilingKind.MEMORY, CeilingKind.COMPUTE, CeilingKind.INTERCONNECT)
KIND_NAMES = {
    CeilingKind.MEMORY: QT_TRANSLATE_NOOP("Ceilings", "Memory (KV cache)"),
    CeilingKind.COMPUTE: QT_TRANSLATE_NOOP("Ceilings", "Compute (TTFT/TPOT)"),
    CeilingKind.INTERCONNECT: QT_TRANSLATE_NOOP("Ceilings", "Interconnect"),
}
BAR_HEIGHT = 0.62
UNLIMITED_STRETCH = 1.25  # an unlimited ceiling is drawn this much past the longest real bar
OFF_SCALE = 5.0  # bars longer than this many times the smallest ceiling are cut and labelled


def kind_name(kind: CeilingKind) -> str:
    """Translated name of a ceiling."""
    return QCoreApplication.translate("Ceilings", KIND_NAMES[kind])


def scale_top(values: list[float]) -> float:
    """The largest value the bars show to scale: at most OFF_SCALE × the smallest ceiling.

    A far larger ceiling (e.g. the interconnect at 40× the compute ceiling) would squash the
    binding bar to a sliver; it is drawn to the edge and labelled off scale instead.
    """
    positive = [v for v in values if v > 0]
    if not positive:
        return 1.0
    return max(min(max(positive), OFF_SCALE * min(positive)), 1.0)


class CeilingBars(QWidget):
    """Bars are created once; ``set_result`` updates their widths, outlines and labels."""

    termHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = plot_widget()
        self.plot.setMouseEnabled(x=False, y=False)
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=False, alpha=0.2)
        item.setLabel("bottom", self.tr("Concurrent requests per replica"))
        ticks = [(i, kind_name(k)) for i, k in enumerate(KINDS)]
        item.getAxis("left").setTicks([ticks])
        item.getAxis("left").setWidth(150)
        item.invertY(True)
        self._widths = np.zeros(len(KINDS))
        self.bars = pg.BarGraphItem(x0=np.zeros(len(KINDS)), y=np.arange(len(KINDS), dtype=float),
                                    height=BAR_HEIGHT, width=self._widths,
                                    brushes=[pg.mkBrush(CEILING_COLOURS[k]) for k in KINDS])
        self.plot.addItem(self.bars)
        self.labels = [pg.TextItem("", color=text_colour(), anchor=(0, 0.5)) for _ in KINDS]
        for label in self.labels:
            self.plot.addItem(label)
        self.online_line = pg.InfiniteLine(angle=90, pen=marker_pen(MARKER_COLOUR), movable=False,
                                           label="", labelOpts={"position": 0.02, "color": MARKER_COLOUR,
                                                                "anchors": [(0, 1), (0, 1)]})
        self.plot.addItem(self.online_line)
        self._terms: dict[int, Term] = {}
        self.binding: CeilingKind | None = None
        self.plot.scene().sigMouseMoved.connect(self._on_mouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)

    def set_result(self, performance: PerformanceResult) -> None:
        """Show the ceilings of ``performance``."""
        ceilings = {c.kind: c for c in performance.ceilings}
        limited = [c.value.value for c in performance.ceilings if c.limited]
        top = scale_top(limited)
        pens, brushes = [], []
        drawn = np.zeros(len(KINDS))
        for i, kind in enumerate(KINDS):
            ceiling = ceilings[kind]
            self._terms[i] = ceiling.value
            self._widths[i] = ceiling.value.value if ceiling.limited else top * UNLIMITED_STRETCH
            width = drawn[i] = min(self._widths[i], top * UNLIMITED_STRETCH)
            pens.append(pg.mkPen(text_colour(), width=3) if ceiling.binding else pg.mkPen(None))
            brush = pg.mkBrush(CEILING_COLOURS[kind])
            if not ceiling.limited:
                colour = brush.color()
                colour.setAlpha(70)
                brush = pg.mkBrush(colour)
            brushes.append(brush)
            self._set_label(i, ceiling, width)
        self.binding = performance.bottleneck
        self.bars.setOpts(width=drawn, pens=pens, brushes=brushes)
        online = performance.online_capacity.value
        self.online_line.setValue(online)
        self.online_line.label.setFormat(self.tr("online capacity {n}").format(n=count(online)))
        self.plot.setXRange(0, top * UNLIMITED_STRETCH * 1.35, padding=0)
        self.plot.setYRange(-0.6, len(KINDS) - 0.4, padding=0)

    def _set_label(self, index: int, ceiling: Ceiling, width: float) -> None:
        label = self.labels[index]
        if not ceiling.limited:
            text = self.tr("no limit (one GPU)")
        elif ceiling.binding:
            text = self.tr("{n} — binding").format(n=count(ceiling.value.value))
        elif ceiling.value.value > width:
            text = self.tr("{n} (off scale)").format(n=count(ceiling.value.value))
        else:
            text = count(ceiling.value.value)
        label.setText(text)
        font = QFont()
        font.setBold(ceiling.binding)
        label.setFont(font)
        # unlimited and off-scale bars carry their label inside, so it never runs off the plot
        off_scale = ceiling.limited and ceiling.value.value > width
        label.setAnchor((1, 0.5) if off_scale else (0, 0.5))
        label.setColor(QColor("white") if off_scale else text_colour())
        label.setPos(width * (0.98 if off_scale else 1.0) if ceiling.limited else width * 0.02, index)

    def widths(self) -> dict[CeilingKind, float]:
        """Current bar widths (requests) by ceiling."""
        return {k: float(self._widths[i]) for i, k in enumerate(KINDS)}

    def bar_at(self, y: float) -> int:
        """Index of the bar at vertical position ``y`` (-1 when none)."""
        index = round(y)
        return index if 0 <= index < len(KINDS) and abs(y - index) <= BAR_HEIGHT / 2 else -1

    def _on_mouse(self, pos: QPointF) -> None:
        point = self.plot.getPlotItem().vb.mapSceneToView(pos)
        index = self.bar_at(point.y())
        if index >= 0 and index in self._terms and 0 <= point.x() <= self._widths[index]:
            QToolTip.showText(QCursor.pos(), term_tooltip(self._terms[index]), self.plot)
            self.termHovered.emit(self._terms[index].key)
        else:
            QToolTip.hideText()
