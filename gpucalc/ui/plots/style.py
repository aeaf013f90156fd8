"""Colours and pens shared by every plot: one colour per ceiling, text that follows the theme."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

import pyqtgraph as pg

from gpucalc.text.numbers import compact_number
from gpucalc.text.palette import (
    CEILING_COLOURS,
    MARKER_COLOUR,
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    readable_on,
)
from gpucalc.ui.theme import is_dark_theme, text_colour

__all__ = [
    "CEILING_COLOURS",
    "LINE_SYMBOL",
    "MARKER_COLOUR",
    "POINT_SYMBOL",
    "SWATCH_SYMBOL",
    "THROUGHPUT_COLOUR",
    "TPOT_COLOUR",
    "TTFT_COLOUR",
    "KeyEntry",
    "LogCountAxis",
    "ink",
    "is_dark_theme",
    "latency_and_throughput_plots",
    "plot_widget",
    "set_key",
    "text_colour",
]


def ink(colour: str) -> str:
    """``colour`` for text on the window's background: adjusted to at least 4.5:1 contrast."""
    from PySide6.QtGui import QGuiApplication, QPalette

    background = QGuiApplication.palette().color(QPalette.ColorRole.Window)
    return readable_on(colour, background.name())


KEY_SIZE = "9pt"
LINE_SYMBOL = "━━"
POINT_SYMBOL = "●"
SWATCH_SYMBOL = "■"
"""A filled square in a key: shown in the very colour of the bars it names (a line or a point is
darkened for contrast, but a bar's fill must be recognisable as that fill)."""
KeyEntry = tuple[str, str, str]  # (name, colour, symbol)


KEY_ENTRIES_PER_LINE = 3
KEY_LINE_PX = 18  # one 9 pt line of the key


def key_html(entries: Sequence[KeyEntry]) -> str:
    """A key: a symbol in each entry's colour, its name in the theme's text colour, three a line.

    Lines and points are drawn in the colour made readable on the background; a swatch keeps the
    fill colour of its bars.
    """
    text = text_colour().name()
    cells = [f"<span style='color:{colour if symbol == SWATCH_SYMBOL else ink(colour)}'>{symbol}</span>"
             f"&nbsp;<span style='color:{text}'>"
             f"{html.escape(name)}</span>" for name, colour, symbol in entries]
    lines = ["&nbsp;&nbsp;&nbsp;".join(cells[i:i + KEY_ENTRIES_PER_LINE])
             for i in range(0, len(cells), KEY_ENTRIES_PER_LINE)]
    return "<br>".join(lines)


def set_key(widget: pg.PlotWidget, entries: Sequence[KeyEntry]) -> None:
    """Name the curves in a key above the plot, where it never covers data."""
    item = widget.getPlotItem()
    item.setTitle(key_html(entries), size=KEY_SIZE)
    lines = -(-len(entries) // KEY_ENTRIES_PER_LINE)
    height = KEY_LINE_PX * lines + 8
    item.layout.setRowFixedHeight(0, height)  # pyqtgraph sizes the title row for one line
    item.titleLabel.setMaximumHeight(height)


def plot_widget(log_x: bool = False, log_y: bool = False) -> pg.PlotWidget:
    """A plot with a transparent background, no context menu and the theme's axis colours."""
    axes = {}
    if log_x:
        axes["bottom"] = LogCountAxis(orientation="bottom")
    if log_y:
        axes["left"] = LogCountAxis(orientation="left")
    widget = pg.PlotWidget(background=None, axisItems=axes)
    widget.setMenuEnabled(False)
    widget.hideButtons()
    item = widget.getPlotItem()
    colour = text_colour()
    for name in ("left", "bottom", "right"):
        axis = item.getAxis(name)
        axis.setTextPen(colour)
        axis.setPen(pg.mkPen(colour.lighter(140) if is_dark_theme() else colour.darker(110)))
    item.showGrid(x=True, y=True, alpha=0.2)
    return widget


def latency_and_throughput_plots(x_label: str, legend: bool = True) -> tuple[pg.PlotWidget, pg.PlotWidget]:
    """Latency (ms, log) above output tokens/s, sharing a log x axis labelled ``x_label``.

    ``legend``: an in-plot legend of the named curves (False when the caller sets a key above).
    """
    from PySide6.QtCore import QCoreApplication

    latency, throughput = plot_widget(log_x=True, log_y=True), plot_widget(log_x=True)
    top, bottom = latency.getPlotItem(), throughput.getPlotItem()
    top.setLogMode(x=True, y=True)
    bottom.setLogMode(x=True, y=False)
    bottom.setXLink(top)
    top.setLabel("left", QCoreApplication.translate("Plots", "Latency (ms, log scale)"))
    bottom.setLabel("left", QCoreApplication.translate("Plots", "Output tokens/s"))
    bottom.setLabel("bottom", x_label)
    if legend:
        top.addLegend(offset=(10, 10), labelTextColor=text_colour())
    return latency, throughput


def marker_pen(colour: str, dashed: bool = True, width: float = 1.5) -> object:
    """A pen for marker lines (knee, targets, crossovers)."""
    from PySide6.QtCore import Qt

    style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
    return pg.mkPen(colour, width=width, style=style)


class LogCountAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph has no type hints
    """A log-scale axis labelled at 1-2-5 steps in compact numbers (no crowded minor labels)."""

    def logTickValues(self, minVal: float, maxVal: float, size: float,  # noqa: N803
                      stdTicks: list[tuple[float, list[float]]]) -> list[tuple[float | None, list[float]]]:  # noqa: N803
        """Major ticks at 10^n; labelled minor ticks at 2 and 5 × 10^n when there is room."""
        low, high = math.floor(minVal), math.ceil(maxVal)
        majors = [float(p) for p in range(low, high + 1) if minVal <= p <= maxVal]
        minors = [p + math.log10(m) for p in range(low, high + 1) for m in (2, 5)
                  if minVal <= p + math.log10(m) <= maxVal]
        if len(majors) + len(minors) > max(size / 60, 2):
            minors = []
        return [(None, majors), (None, minors)]

    def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """Compact labels of 10^value."""
        return [compact_number(round(10 ** v, 6)) for v in values]
