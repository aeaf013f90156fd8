"""The memory picture: one ordered stacked bar of a GPU's line items against its capacity."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QCursor
from PySide6.QtWidgets import QToolTip, QVBoxLayout, QWidget

from gpucalc.core.common.explain import Term
from gpucalc.core.memory.memory_plan import MEMORY_ALARM_SHARE
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.text.palette import ALARM_COLOUR, LINE_ITEM_COLOURS, text_on_fill
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import sig3, term_name
from gpucalc.ui.plots.style import ink, plot_widget, text_colour

COLOURS = LINE_ITEM_COLOURS
SHARE_COLOUR = "#d62728"
BAR_HEIGHT = 0.6
LABEL_MIN_SHARE = 0.07  # segments narrower than this share of the axis carry no number (it would not fit)


class MemoryBar(QWidget):
    """Horizontal stacked bar; items are created once and updated with ``setOpts``/``setValue``."""

    termHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = plot_widget()
        self.plot.setMouseEnabled(x=False, y=False)
        item = self.plot.getPlotItem()
        item.hideAxis("left")
        item.setLabel("bottom", self.tr("GiB per GPU"))
        item.showGrid(x=True, y=False, alpha=0.25)
        self.plot.setYRange(-0.75, 0.9, padding=0)
        self._keys: list[str] = list(COLOURS)
        self._terms: dict[str, Term] = {}
        self._starts = np.zeros(len(self._keys))
        self._widths = np.zeros(len(self._keys))
        brushes = [pg.mkBrush(COLOURS[k]) for k in self._keys]
        self.bars = pg.BarGraphItem(x0=self._starts, y=np.zeros(len(self._keys)), height=BAR_HEIGHT,
                                    width=self._widths, brushes=brushes, pen=pg.mkPen("w", width=1))
        self.plot.addItem(self.bars)
        self.labels = []
        for key in self._keys:
            label = pg.TextItem("", color=QColor(text_on_fill(COLOURS[key])), anchor=(0.5, 0.5))
            self.plot.addItem(label)
            self.labels.append(label)
        # the planning share's label above the bar, the alarm's below it, both right of their lines;
        # the total is named in the axis title: no two labels can overlap or leave the plot
        dash = pg.mkPen(SHARE_COLOUR, width=2, style=Qt.PenStyle.DashLine)
        self.share_line = pg.InfiniteLine(angle=90, pen=dash, movable=False, label="",
                                          labelOpts={"position": 0.9, "color": ink(SHARE_COLOUR),
                                                     "anchors": [(0, 0.5), (0, 0.5)]})
        alarm = pg.mkPen(ALARM_COLOUR, width=2, style=Qt.PenStyle.DotLine)
        self.alarm_line = pg.InfiniteLine(angle=90, pen=alarm, movable=False, label="",
                                          labelOpts={"position": 0.08, "color": ink(ALARM_COLOUR),
                                                     "anchors": [(0, 0.5), (0, 0.5)]})
        self.total_line = pg.InfiniteLine(angle=90, pen=pg.mkPen(text_colour(), width=2), movable=False)
        self.plot.addItem(self.share_line)
        self.plot.addItem(self.alarm_line)
        self.plot.addItem(self.total_line)
        self.plot.scene().sigMouseMoved.connect(self._on_mouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.plot.hide()  # no empty axis before the first result
        self.total_gib = 0.0

    def set_result(self, memory: MemoryResult, planning_share: float) -> None:
        """Show the binding GPU's line items of ``memory``."""
        self.plot.show()
        items = {t.key: t for t in memory.line_items}
        self._terms = items
        start = 0.0
        total = memory.settings.total_gib.value
        for i, key in enumerate(self._keys):
            term = items.get(key)
            width = max(term.value, 0.0) if term else 0.0
            self._starts[i], self._widths[i] = start, width
            label = self.labels[i]
            label.setText(sig3(width) if width >= LABEL_MIN_SHARE * max(total, start + width) else "")
            label.setPos(start + width / 2, 0)
            start += width
        self.bars.setOpts(x0=self._starts.copy(), width=self._widths.copy())
        self.total_gib = total
        self.share_line.setValue(planning_share * total)
        self.share_line.label.setFormat(self.tr("{share} % planning share").format(
            share=round(planning_share * 100)))
        self.alarm_line.setValue(MEMORY_ALARM_SHARE * total)
        self.alarm_line.label.setFormat(self.tr("{share} % alarm").format(
            share=round(MEMORY_ALARM_SHARE * 100)))
        self.total_line.setValue(total)
        self.plot.getPlotItem().setLabel("bottom", self.tr("GiB per GPU (total {gib} GiB)").format(
            gib=sig3(total)))
        self.plot.setXRange(0, max(total, start) * 1.01, padding=0)

    def segment_at(self, x_gib: float) -> str:
        """Key of the line item under ``x_gib`` ('' when none)."""
        for i, key in enumerate(self._keys):
            if self._widths[i] > 0 and self._starts[i] <= x_gib < self._starts[i] + self._widths[i]:
                return key
        return ""

    def widths(self) -> dict[str, float]:
        """Current segment widths by key (GiB)."""
        return {k: float(w) for k, w in zip(self._keys, self._widths, strict=True)}

    def _on_mouse(self, pos: QPointF) -> None:
        point = self.plot.getPlotItem().vb.mapSceneToView(pos)
        key = self.segment_at(point.x()) if abs(point.y()) <= BAR_HEIGHT / 2 else ""
        if key:
            QToolTip.showText(QCursor.pos(), term_tooltip(self._terms[key]), self.plot)
            self.termHovered.emit(key)
        else:
            QToolTip.hideText()

    def legend(self) -> list[tuple[str, str]]:
        """(name, colour) of each segment, for the table's swatches."""
        return [(term_name(k), COLOURS[k]) for k in self._keys]
