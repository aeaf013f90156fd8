"""Bottleneck bars drawn with QPainter: each ceiling and the scheduler cap, the binding one outlined.

Drawn without pyqtgraph so the first tab the window shows needs no plotting library at start-up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from gpucalc.core.capacity.perf_result import Ceiling, CeilingKind, PerformanceResult
from gpucalc.core.common.explain import Term
from gpucalc.text.palette import CEILING_COLOURS, MARKER_COLOUR, readable_on, text_on_fill
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import KINDS, ceiling_text, count, kind_name
from gpucalc.ui.theme import text_colour

__all__ = ["KINDS", "CeilingBars", "kind_name", "nice_step", "scale_top"]

BAR_SHARE = 0.62  # of a row's height
UNLIMITED_STRETCH = 1.25  # an unlimited ceiling is drawn this much past the longest real bar
OFF_SCALE = 5.0  # bars longer than this many times the smallest ceiling are cut and labelled
AXIS_ROOM = 1.35  # the axis runs this far past the longest drawn bar, leaving room for labels
MARGIN_PX = 10
TICKS_WANTED = 6
TICK_GAP_PX = 16  # least room between two tick labels: fewer ticks on a narrow plot
UNLIMITED_ALPHA = 70


def scale_top(values: list[float]) -> float:
    """The largest value the bars show to scale: at most OFF_SCALE × the smallest ceiling.

    A far larger ceiling (e.g. the interconnect at 40× the compute ceiling) would squash the
    binding bar to a sliver; it is drawn to the edge and labelled off scale instead.
    """
    positive = [v for v in values if v > 0]
    if not positive:
        return 1.0
    return max(min(max(positive), OFF_SCALE * min(positive)), 1.0)


def nice_step(span: float, wanted: int = TICKS_WANTED) -> float:
    """A tick step of 1, 2 or 5 × 10^k giving about ``wanted`` ticks over ``span``."""
    raw = max(span, 1e-9) / wanted
    power = 10.0 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


@dataclass(frozen=True)
class _Bar:
    """One ceiling as drawn."""

    kind: CeilingKind
    term: Term
    value: float  # requests (the unlimited one: the drawn length)
    drawn: float  # requests, cut at the edge of the scale
    limited: bool
    binding: bool
    label: str


class CeilingBars(QWidget):
    """``set_result`` replaces the bars; hovering a bar explains its ceiling (``termHovered``)."""

    termHovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._bars: list[_Bar] = []
        self._axis_max = 1.0
        self._online = 0.0
        self._online_label = ""
        self.binding: CeilingKind | None = None
        self.axis_title = self.tr("Concurrent requests per replica")

    def sizeHint(self) -> QSize:
        """Room for four bars, the axis and its title."""
        return QSize(520, 250)

    def set_result(self, performance: PerformanceResult) -> None:
        """Show the ceilings of ``performance``."""
        ceilings = {c.kind: c for c in performance.ceilings}
        top = scale_top([c.value.value for c in performance.ceilings if not c.sets_no_limit])
        edge = top * UNLIMITED_STRETCH
        self._bars = [self._bar(ceilings[kind], edge) for kind in KINDS]
        self._axis_max = edge * AXIS_ROOM
        self.binding = performance.bottleneck
        self._online = performance.online_capacity.value
        self._online_label = self.tr("online capacity {n}").format(n=count(self._online))
        self.update()

    def _bar(self, ceiling: Ceiling, edge: float) -> _Bar:
        limited = not ceiling.sets_no_limit
        value = ceiling.value.value if limited else edge
        drawn = min(value, edge)
        if not limited and value <= drawn:
            label = ceiling_text(ceiling)
        elif ceiling.binding:
            label = self.tr("{n} — binding").format(n=count(value))
        elif value > drawn:
            label = self.tr("{n} (off scale)").format(n=count(value))
        else:
            label = count(value)
        return _Bar(ceiling.kind, ceiling.value, value, drawn, limited, ceiling.binding, label)

    def widths(self) -> dict[CeilingKind, float]:
        """Each bar's value in requests (what it stands for, not how far it is drawn)."""
        return {bar.kind: bar.value for bar in self._bars}

    # -- geometry -------------------------------------------------------------------------
    def _plot_rect(self) -> QRectF:
        metrics = QFontMetricsF(self.font())
        names = max((metrics.horizontalAdvance(kind_name(k)) for k in KINDS), default=0.0)
        left = names + 2 * MARGIN_PX
        bottom = 2 * metrics.height() + 2 * MARGIN_PX
        return QRectF(left, MARGIN_PX + metrics.height(), max(self.width() - left - MARGIN_PX, 10.0),
                      max(self.height() - bottom - MARGIN_PX - metrics.height(), 10.0))

    def _x(self, plot: QRectF, value: float) -> float:
        return plot.left() + plot.width() * min(max(value / self._axis_max, 0.0), 1.0)

    def _row(self, plot: QRectF, index: int) -> QRectF:
        row_height = plot.height() / len(KINDS)
        bar_height = row_height * BAR_SHARE
        top = plot.top() + index * row_height + (row_height - bar_height) / 2
        return QRectF(plot.left(), top, 0.0, bar_height)

    def bar_at(self, point: QPointF) -> int:
        """Index of the bar under ``point`` (-1 when none)."""
        plot = self._plot_rect()
        for index, bar in enumerate(self._bars):
            row = self._row(plot, index)
            row.setRight(self._x(plot, bar.drawn))
            if row.contains(point):
                return index
        return -1

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        """Grid and ticks, the bars with their labels, the online-capacity line."""
        if not self._bars:
            return  # no empty axis before the first result
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot_rect()
        self._paint_axis(painter, plot)
        for index, bar in enumerate(self._bars):
            self._paint_bar(painter, plot, index, bar)
        self._paint_online(painter, plot)
        painter.end()

    def _paint_axis(self, painter: QPainter, plot: QRectF) -> None:
        ink = text_colour()
        grid = QColor(ink)
        grid.setAlpha(45)
        metrics = QFontMetricsF(self.font())
        label_room = metrics.horizontalAdvance(count(self._axis_max)) + TICK_GAP_PX
        step = nice_step(self._axis_max, max(2, min(TICKS_WANTED, int(plot.width() // label_room))))
        tick = step
        while tick < self._axis_max:
            x = self._x(plot, tick)
            painter.setPen(QPen(grid, 1))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            painter.setPen(ink)
            text = count(tick)
            painter.drawText(QPointF(x - metrics.horizontalAdvance(text) / 2,
                                     plot.bottom() + metrics.ascent() + 4), text)
            tick += step
        painter.setPen(QPen(ink, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.topLeft(), plot.bottomLeft())
        title_y = plot.bottom() + metrics.height() + metrics.ascent() + 8
        title = metrics.elidedText(self.axis_title, Qt.TextElideMode.ElideRight, self.width() - 2 * MARGIN_PX)
        width = metrics.horizontalAdvance(title)
        # centred under the bars, moved left where it would pass the widget's right edge
        left = max(min(plot.center().x() - width / 2, self.width() - MARGIN_PX - width), MARGIN_PX)
        painter.drawText(QPointF(left, title_y), title)
        for index, kind in enumerate(KINDS):
            row = self._row(plot, index)
            name = kind_name(kind)
            painter.drawText(QPointF(plot.left() - MARGIN_PX - metrics.horizontalAdvance(name),
                                     row.center().y() + metrics.ascent() / 2 - 1), name)

    def _paint_bar(self, painter: QPainter, plot: QRectF, index: int, bar: _Bar) -> None:
        row = self._row(plot, index)
        row.setRight(self._x(plot, bar.drawn))
        fill = QColor(CEILING_COLOURS[bar.kind])
        if not bar.limited:
            fill.setAlpha(UNLIMITED_ALPHA)
        painter.setBrush(fill)
        painter.setPen(QPen(text_colour(), 3) if bar.binding else Qt.PenStyle.NoPen)
        painter.drawRect(row)
        font = QFont(self.font())
        font.setBold(bar.binding)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        baseline = row.center().y() + metrics.ascent() / 2 - 1
        width = metrics.horizontalAdvance(bar.label)
        inside_right = bar.limited and bar.value > bar.drawn
        if inside_right:
            painter.setPen(QColor(text_on_fill(CEILING_COLOURS[bar.kind])))
            painter.drawText(QPointF(row.right() - width - 6, baseline), bar.label)
        elif not bar.limited:
            painter.setPen(text_colour())
            painter.drawText(QPointF(row.left() + 6, baseline), bar.label)
        else:
            painter.setPen(text_colour())
            painter.drawText(QPointF(row.right() + 6, baseline), bar.label)
        painter.setFont(self.font())

    def _paint_online(self, painter: QPainter, plot: QRectF) -> None:
        colour = QColor(readable_on(MARKER_COLOUR, self.palette().window().color().name()))
        x = self._x(plot, self._online)
        painter.setPen(QPen(colour, 1.5, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setPen(colour)
        width = QFontMetricsF(self.font()).horizontalAdvance(self._online_label)
        left = x + 4 if x + 4 + width <= self.width() - MARGIN_PX else x - 4 - width  # never clipped
        painter.drawText(QPointF(left, plot.top() - 3), self._online_label)

    # -- hover ----------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Explain the ceiling under the pointer."""
        index = self.bar_at(event.position())
        if index >= 0:
            bar = self._bars[index]
            term = bar.term
            shown = None if bar.limited else bar.label  # "no limit", as the bar says
            QToolTip.showText(event.globalPosition().toPoint(), term_tooltip(term, shown), self)
            self.termHovered.emit(term.key)
        else:
            QToolTip.hideText()
        super().mouseMoveEvent(event)
