"""Uncertainty bands (low / expected / high) and the tornado chart of the recommended concurrency."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.fleet.sensitivity import FACTOR_NAMES, Sensitivity, TornadoBar
from gpucalc.core.fleet.uncertainty import Band, Bands
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import count, sig3, unit_name, window_translate
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP
from gpucalc.ui.panels.term_table import fit_height_to_rows
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip
from gpucalc.ui.plots.style import MARKER_COLOUR, SWATCH_SYMBOL, marker_pen, plot_widget, set_key

BAND_NAMES = {
    "kv_cache_tokens": QT_TRANSLATE_NOOP("Sensitivity", "KV cache tokens"),
    "recommended_concurrency": QT_TRANSLATE_NOOP("Sensitivity", "Recommended concurrency"),
    "gpus_needed": QT_TRANSLATE_NOOP("Sensitivity", "GPUs needed"),
}
LOW_COLOUR = "#457b9d"
HIGH_COLOUR = "#e9c46a"
MAX_BARS = 10
AXIS_WIDTH_PX = 300
BAR_HEIGHT = 0.6
TORNADO_MIN_HEIGHT_PX = 300  # ten bars, the key above and the scale below stay readable
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def factor_name(key: str) -> str:
    """Translated name of a sensitivity factor or band (the key when unnamed)."""
    if key in FACTOR_NAMES:
        return window_translate("Formulas", FACTOR_NAMES[key])
    name = BAND_NAMES.get(key)
    return QCoreApplication.translate("Sensitivity", name) if name else key


def number_text(value: float) -> str:
    """Whole numbers as counts with separators, others to three significant digits."""
    return count(value) if float(value).is_integer() else sig3(value)


def _span(base: float, values: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """Bar starts and widths from ``base`` to each value (widths never negative)."""
    array = np.asarray(values, dtype=float)
    return np.minimum(array, base), np.abs(array - base)


class SensitivityTab(QWidget):
    """Bands table on top, tornado chart below; ``set_data`` updates both in place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        headers = [self.tr("Result"), self.tr("Low"), self.tr("Expected"), self.tr("High"),
                   self.tr("Unit")]
        self.table = QTableWidget(0, len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.caption = PlainLabel(self.tr(
            "Low and high: every uncertain constant at the pessimistic or optimistic end of its "
            "range; the recommended concurrency's range also brackets every sensitivity bar below."))
        self.caption.setWordWrap(True)
        self.plot = plot_widget()
        self.plot.setMouseEnabled(x=False, y=False)
        # the chart takes the height the tab has, at least enough for its bars and its scale: its
        # own wish (a tall view) made the page scroll with the scale below the fold
        self.plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.plot.setMinimumHeight(TORNADO_MIN_HEIGHT_PX)
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=False, alpha=0.2)
        item.setLabel("bottom", self.tr("Recommended concurrency (requests)"))
        item.getAxis("left").setWidth(AXIS_WIDTH_PX)
        item.invertY(True)
        set_key(self.plot, [(self.tr("at low value"), LOW_COLOUR, SWATCH_SYMBOL),
                            (self.tr("at high value"), HIGH_COLOUR, SWATCH_SYMBOL),
                            (self.tr("baseline"), MARKER_COLOUR, "┆")])
        self.low_bars = pg.BarGraphItem(x0=[], y=[], height=BAR_HEIGHT, width=[],
                                        brush=pg.mkBrush(LOW_COLOUR))
        self.high_bars = pg.BarGraphItem(x0=[], y=[], height=BAR_HEIGHT, width=[],
                                         brush=pg.mkBrush(HIGH_COLOUR))
        self.plot.addItem(self.low_bars)
        self.plot.addItem(self.high_bars)
        self.baseline = pg.InfiniteLine(angle=90, pen=marker_pen(MARKER_COLOUR), movable=False)
        self.plot.addItem(self.baseline)
        self._shown: tuple[TornadoBar, ...] = ()
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.caption)
        layout.addWidget(self.plot, stretch=1)

    def set_data(self, bands: Bands, sensitivity: Sensitivity) -> None:
        """Show the bands and the largest swings of ``sensitivity``."""
        self._fill_table(bands.bands)
        self._shown = sensitivity.bars[:MAX_BARS]
        self._update_tornado(sensitivity.baseline)

    def _fill_table(self, bands: tuple[Band, ...]) -> None:
        self.table.setRowCount(len(bands))
        for row, band in enumerate(bands):
            cells = [(factor_name(band.key), band.expected),
                     (number_text(band.low.value), band.low),
                     (number_text(band.expected.value), band.expected),
                     (number_text(band.high.value), band.high), (unit_name(band.unit), band.expected)]
            for column, (text, term) in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setToolTip(plain_tooltip(term_tooltip(term)))
                if 0 < column < len(cells) - 1:
                    cell.setTextAlignment(RIGHT)
                self.table.setItem(row, column, cell)
        fit_height_to_rows(self.table, scroll_room=False)

    def _update_tornado(self, baseline: float) -> None:
        rows = np.arange(len(self._shown), dtype=float)
        low_x0, low_w = _span(baseline, [b.result_at_low for b in self._shown])
        high_x0, high_w = _span(baseline, [b.result_at_high for b in self._shown])
        self.low_bars.setOpts(x0=low_x0, y=rows - BAR_HEIGHT / 4, width=low_w,
                              height=BAR_HEIGHT / 2)
        self.high_bars.setOpts(x0=high_x0, y=rows + BAR_HEIGHT / 4, width=high_w,
                               height=BAR_HEIGHT / 2)
        self.baseline.setValue(baseline)
        ticks = [(i, self._bar_label(b)) for i, b in enumerate(self._shown)]
        self.plot.getPlotItem().getAxis("left").setTicks([ticks])
        values = [baseline, *(b.result_at_low for b in self._shown),
                  *(b.result_at_high for b in self._shown)]
        low, high = min(values), max(values)
        margin = max((high - low) * 0.1, 1.0)
        self.plot.setXRange(low - margin, high + margin, padding=0)
        self.plot.setYRange(-0.6, max(len(self._shown), 1) - 0.4, padding=0)

    def _bar_label(self, bar: TornadoBar) -> str:
        unit = f" {unit_name(bar.unit)}" if bar.unit else ""
        low, high = number_text(bar.low_value), number_text(bar.high_value)
        return f"{factor_name(bar.key)} ({low}–{high}{unit})"

    def tornado_rows(self) -> list[tuple[str, float, float]]:
        """Shown bars top to bottom: key, result at the low value, result at the high value."""
        return [(b.key, b.result_at_low, b.result_at_high) for b in self._shown]

    def bar_spans(self) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
        """(start, end) of every low-value and high-value bar as drawn (requests)."""
        def spans(item: pg.BarGraphItem) -> list[tuple[float, float]]:
            opts = item.opts
            return [(float(x), float(x + w)) for x, w in zip(opts["x0"], opts["width"], strict=True)]
        return spans(self.low_bars), spans(self.high_bars)
