"""Figures of the uncertainty and traffic-simulation sections, drawn with QPainter (vector).

Two figures: a tornado of the recommended concurrency (each factor at the low and at the high
end of its range, around the expected value) and the simulated TTFT / TPOT percentiles
against request rate with the knee and the capacity at the SLO marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QBrush, QColor

from gpucalc.core.simulation.sweep import RateSweep
from gpucalc.report.layout import MUTED_COLOUR, PT, TEXT_COLOUR, Canvas
from gpucalc.report.numbers import count, sig3
from gpucalc.report.plots import (
    LABEL_PT,
    TICK_PT,
    Axis,
    Frame,
    _legend,
    _pen,
    _polyline,
    _text,
    draw_frame,
)
from gpucalc.text.palette import MARKER_COLOUR, TPOT_COLOUR, TTFT_COLOUR

LOW_COLOUR = "#457b9d"  # the same pair as the window's tornado
HIGH_COLOUR = "#e9c46a"
TORNADO_LABEL_ROOM_PT = 118.0


@dataclass(frozen=True)
class TornadoRow:
    """One factor of the tornado: its name and the result at its low and at its high value."""

    label: str
    at_low: float
    at_high: float


@dataclass(frozen=True)
class TornadoText:
    """Words of the tornado figure."""

    title: str
    axis: str
    at_low: str
    at_high: str
    expected: str


def tornado_axis(baseline: float, rows: Sequence[TornadoRow]) -> Axis:
    """A linear range covering the baseline and every bar end with a 10 % margin (≥ 1)."""
    values = [baseline, *(r.at_low for r in rows), *(r.at_high for r in rows)]
    low, high = min(values), max(values)
    margin = max((high - low) * 0.12, 1.0)
    return Axis(low - margin, high + margin)


def _tornado_bar(canvas: Canvas, frame: Frame, baseline: float, value: float, top: float,
                 height: float, colour: str) -> None:
    """One half-row bar from the baseline to ``value`` with the value printed at its end."""
    left, right = sorted((frame.px(baseline), frame.px(value)))
    canvas.painter.setBrush(QBrush(QColor(colour)))
    canvas.painter.setPen(_pen(TEXT_COLOUR, 0.3))
    canvas.painter.drawRect(QRectF(left, top, max(right - left, 0.6 * PT), height))
    after = value >= baseline
    _text(canvas, (right + 2 * PT) if after else (left - 2 * PT), top + height / 2, count(value),
          TICK_PT, "left" if after else "right", vertical="middle")


def draw_tornado(canvas: Canvas, box: QRectF, baseline: float, rows: Sequence[TornadoRow],
                 text: TornadoText) -> None:
    """Horizontal bars per factor around the expected value, largest swing on top."""
    inner = QRectF(box.left() + TORNADO_LABEL_ROOM_PT * PT, box.top() + 10 * PT,
                   box.width() - TORNADO_LABEL_ROOM_PT * PT, box.height() - 10 * PT)
    frame = draw_frame(canvas, inner, tornado_axis(baseline, rows), Axis(0.0, float(max(len(rows), 1))),
                       "", text.axis, "", legend=True, y_ticks=False)
    _text(canvas, box.left(), box.top(), text.title, 8.5, "left", bold=True)
    band = frame.area.height() / max(len(rows), 1)
    for i, row in enumerate(rows):
        top = frame.area.top() + band * i
        _text(canvas, frame.area.left() - 4 * PT, top + band / 2, row.label, LABEL_PT, "right",
              vertical="middle")
        half = band * 0.34
        _tornado_bar(canvas, frame, baseline, row.at_low, top + band / 2 - half, half, LOW_COLOUR)
        _tornado_bar(canvas, frame, baseline, row.at_high, top + band / 2, half, HIGH_COLOUR)
    px = frame.px(baseline)
    canvas.painter.setPen(_pen(MARKER_COLOUR, 0.9, dashed=True))
    canvas.painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
    _text(canvas, px, frame.area.top() - 1 * PT, f"{text.expected} {count(baseline)}", TICK_PT,
          "center", MARKER_COLOUR, vertical="bottom")
    _legend_boxes(canvas, frame.area.left(), box.bottom() - 4 * PT,
                  ((LOW_COLOUR, text.at_low), (HIGH_COLOUR, text.at_high)))


def _legend_boxes(canvas: Canvas, x: float, y: float, entries: Sequence[tuple[str, str]]) -> None:
    """A row of filled swatches with their names, starting at (x, y)."""
    painter = canvas.painter
    for colour, label in entries:
        painter.setBrush(QBrush(QColor(colour)))
        painter.setPen(_pen(TEXT_COLOUR, 0.3))
        painter.drawRect(QRectF(x, y - 3 * PT, 8 * PT, 6 * PT))
        _text(canvas, x + 11 * PT, y, label, TICK_PT, "left", vertical="middle")
        painter.setFont(canvas.fonts.font(TICK_PT))
        x += 22 * PT + painter.fontMetrics().horizontalAdvance(label)


@dataclass(frozen=True)
class SweepText:
    """Words of the simulated-sweep figure."""

    ttft_title: str
    tpot_title: str
    x_label: str
    y_label: str
    target: str
    knee: str
    capacity: str


def _rate_marker(canvas: Canvas, frame: Frame, rate: float, colour: str, label: str, row: int,
                 label_left: bool) -> None:
    """A dashed vertical line at ``rate``, labelled inside the plot on the side asked for.

    A label asked to go left of a line near the left edge goes right instead, and the other
    way round near the right edge, so it stays inside the plot.
    """
    if not frame.x.lo < rate <= frame.x.hi:
        return
    px = frame.px(rate)
    canvas.painter.setPen(_pen(colour, 0.9, dashed=True))
    canvas.painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
    canvas.painter.setFont(canvas.fonts.font(TICK_PT))
    room = canvas.painter.fontMetrics().horizontalAdvance(label) + 4 * PT
    if label_left and px - frame.area.left() < room:
        label_left = False
    elif not label_left and frame.area.right() - px < room:
        label_left = True
    _text(canvas, px - 2 * PT if label_left else px + 2 * PT, frame.area.top() + (2 + 9 * row) * PT,
          label, TICK_PT, "right" if label_left else "left", colour)


def _dots(canvas: Canvas, frame: Frame, xs: Sequence[float], ys: Sequence[float], colour: str) -> None:
    """Small dots at the simulated points (positive values only: the y axis is logarithmic)."""
    canvas.painter.setBrush(QBrush(QColor(colour)))
    canvas.painter.setPen(_pen(colour, 0.3))
    for x, y in zip(xs, ys, strict=True):
        if y > 0:
            canvas.painter.drawEllipse(QPointF(frame.px(x), frame.py(y)), 1.3 * PT, 1.3 * PT)


def _latency_panel(canvas: Canvas, box: QRectF, sweep: RateSweep, name: str, title: str,
                   target: float, colour: str, text: SweepText) -> None:
    """One panel: P50 (solid) and P95 (dashed) of one latency against rate, target and markers."""
    rates = [p.request_rate for p in sweep.points]
    stats = [getattr(p.result, name) for p in sweep.points]
    p50 = [s.p50.value for s in stats]
    p95 = [s.p95.value for s in stats]
    frame = draw_frame(canvas, box, Axis.fit(rates, log=False),
                       Axis.fit([*p50, *p95, target], log=True), title, text.x_label, text.y_label,
                       legend=True)
    canvas.painter.setClipRect(frame.area)
    canvas.painter.setPen(_pen(MUTED_COLOUR, 0.8, dashed=True))
    canvas.painter.drawLine(QLineF(frame.area.left(), frame.py(target), frame.area.right(),
                                   frame.py(target)))
    _polyline(canvas, frame, rates, p50, colour, 1.2)
    _polyline(canvas, frame, rates, p95, colour, 1.2, dashed=True)
    _dots(canvas, frame, rates, p50, colour)
    _dots(canvas, frame, rates, p95, colour)
    canvas.painter.setClipping(False)
    knee, capacity = sweep.knee_rate.value, sweep.slo_capacity.value
    # the lower rate's label goes left of its line, the higher one's right: they never cross
    _rate_marker(canvas, frame, knee, MUTED_COLOUR, f"{text.knee} {sig3(knee)}", 0,
                 label_left=knee < capacity)
    _rate_marker(canvas, frame, capacity, MARKER_COLOUR, f"{text.capacity} {sig3(capacity)}", 1,
                 label_left=capacity <= knee)
    short = name.split("_", maxsplit=1)[0].upper()  # "ttft_ms" → "TTFT"
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(colour, f"{short} P50", False), (colour, f"{short} P95", True),
             (MUTED_COLOUR, text.target, True)])


def draw_rate_sweep(canvas: Canvas, box: QRectF, sweep: RateSweep, ttft_target: float,
                    tpot_target: float, text: SweepText) -> None:
    """Left: TTFT P50/P95 against request rate; right: TPOT; both log y with the targets."""
    gap = 10 * PT
    half = (box.width() - gap) / 2
    _latency_panel(canvas, QRectF(box.left(), box.top(), half, box.height()), sweep, "ttft_ms",
                   text.ttft_title, ttft_target, TTFT_COLOUR, text)
    _latency_panel(canvas, QRectF(box.left() + half + gap, box.top(), half, box.height()), sweep,
                   "tpot_ms", text.tpot_title, tpot_target, TPOT_COLOUR, text)


__all__ = ["SweepText", "TornadoRow", "TornadoText", "draw_rate_sweep", "draw_tornado",
           "tornado_axis"]
