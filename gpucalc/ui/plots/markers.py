"""Vertical markers with short labels stacked in rows at the top of a plot, above its data.

The labels sit in a band at the top of the view that the plot's y range keeps free of data
(:meth:`MarkerSet.fit_y`), each in the first row where it overlaps no other label
(:func:`gpucalc.report.plots.label_rows`, the rule the report's figures use).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtGui import QGuiApplication, QPalette

from gpucalc.report.plots import Marker, label_rows, marker_span
from gpucalc.ui.plots.style import ink, marker_pen

ROW_PX = 22.0
"""Height of one row of labels in view pixels (a label: a 9 pt line and pyqtgraph's text padding)."""
TOP_PAD_PX = 3.0
"""Room between the top of the view and the first row."""
LABEL_GAP_PX = 6.0
"""Least room between two labels in one row."""
LABEL_Z = 50  # above every line and curve of the plot
RIGHT_OF = (0.0, 0.0)  # the label's top left at the line
LEFT_OF = (1.0, 0.0)  # the label's top right at the line


class MarkerSet:
    """Up to ``capacity`` dashed vertical lines on ``widget``; labelled ones stack their labels."""

    def __init__(self, widget: pg.PlotWidget, capacity: int, labelled: bool = True,
                 log_x: bool = True) -> None:
        self.widget = widget
        self.view = widget.getPlotItem().getViewBox()
        self.labelled = labelled
        self.log_x = log_x
        self.lines = [pg.InfiniteLine(angle=90, movable=False) for _ in range(capacity)]
        # labels are items of their own above every line, filled with the window's colour:
        # another marker's line never runs through one
        fill = QGuiApplication.palette().color(QPalette.ColorRole.Window)
        self.labels = [pg.TextItem("", fill=fill, anchor=RIGHT_OF)
                       for _ in range(capacity if labelled else 0)]
        for item in (*self.lines, *self.labels):
            item.hide()
            widget.addItem(item)
        for label in self.labels:
            label.setZValue(LABEL_Z)
        self.markers: list[Marker] = []
        self.rows: list[int] = []
        self._y_data: tuple[float, float] | None = None
        self.view.sigResized.connect(self.arrange)

    def set_markers(self, markers: Sequence[Marker]) -> None:
        """Show ``markers`` (the first ``capacity`` of them), each line in its colour."""
        self.markers = list(markers[:len(self.lines)])
        for i, line in enumerate(self.lines):
            shown = i < len(self.markers)
            line.setVisible(shown)
            if i < len(self.labels):
                self.labels[i].setVisible(shown)
            if not shown:
                continue
            marker = self.markers[i]
            line.setPen(marker_pen(marker.colour))
            line.setValue(self._view_x(marker.x))
            if i < len(self.labels):
                self.labels[i].setColor(ink(marker.colour))
                self.labels[i].setText(marker.label)
        self.arrange()

    def _view_x(self, x: float) -> float:
        return math.log10(max(x, 1e-9)) if self.log_x else x

    def row_count(self) -> int:
        """Rows of labels in the band (0 when nothing is labelled)."""
        return max(self.rows, default=-1) + 1

    def band_px(self) -> float:
        """Height of the band of labels at the top of the view."""
        rows = self.row_count()
        return TOP_PAD_PX + rows * ROW_PX if rows else 0.0

    def _pixels(self) -> list[float]:
        """Each marker's line, in view pixels from the left."""
        (x0, x1), width = self.view.viewRange()[0], max(self.view.width(), 1.0)
        return [(self._view_x(m.x) - x0) / ((x1 - x0) or 1.0) * width for m in self.markers]

    def label_spans(self) -> list[tuple[float, float]]:
        """Each label's (left, right) in view pixels, as placed."""
        width = max(self.view.width(), 1.0)
        return [marker_span(px, label.boundingRect().width() + LABEL_GAP_PX, width)
                for px, label in zip(self._pixels(), self.labels, strict=False)]

    def arrange(self) -> None:
        """Put each label in its row and keep the band above the data (on data, range or size changes)."""
        spans = self.label_spans() if self.labels else []
        self.rows = label_rows(spans, gap=LABEL_GAP_PX)
        self._apply_y()
        (_x0, _x1), (_y0, y1) = self.view.viewRange()
        per_px = (y1 - _y0) / max(self.view.height(), 1.0)
        for label, marker, px, (left, _right), row in zip(self.labels, self.markers, self._pixels(), spans,
                                                          self.rows, strict=False):
            label.setAnchor(LEFT_OF if left < px else RIGHT_OF)
            label.setPos(self._view_x(marker.x), y1 - (TOP_PAD_PX + row * ROW_PX) * per_px)

    def fit_y(self, low: float, high: float) -> None:
        """Show the data range [``low``, ``high``] (view units) with the band of labels above it."""
        self._y_data = (low, high)
        self._apply_y()

    def _apply_y(self) -> None:
        if self._y_data is None:
            return
        low, high = self._y_data
        share = min(self.band_px() / max(self.view.height(), 1.0), 0.6)
        top = high + (high - low) * share / (1.0 - share)
        self.view.setYRange(low, top, padding=0)
