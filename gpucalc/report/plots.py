"""The report's figures, drawn as vector graphics with QPainter (no widgets, no images).

Four figures: the three ceilings as bars, the memory picture as a stacked bar against the
GPU's capacity and the planning share, the ceilings against planning length with crossovers,
and TTFT/TPOT/throughput against concurrency with the knee and the watermark.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen

from gpucalc.core.perf_result import CeilingKind, CurvePoint, PerformanceResult
from gpucalc.core.sweep import ContextSweep
from gpucalc.report.layout import MUTED_COLOUR, PT, RULE_COLOUR, TEXT_COLOUR, Canvas
from gpucalc.report.numbers import count, gib
from gpucalc.text.palette import (
    ALARM_COLOUR,
    CEILING_COLOURS,
    LINE_ITEM_COLOURS,
    MARKER_COLOUR,
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
)

TICK_PT = 6.5
LABEL_PT = 7.5
TITLE_PT = 8.5
SHARE_LINE_COLOURS = (TPOT_COLOUR, ALARM_COLOUR)  # the planning line, then the alarm


def compact(value: float) -> str:
    """Tick label: 512, 16k, 1.5M, 0.25."""
    magnitude = abs(value)
    if magnitude >= 1e6:
        return f"{value / 1e6:g}M"
    if magnitude >= 1e4:
        return f"{value / 1e3:g}k"
    if magnitude >= 1 or magnitude == 0:
        return f"{value:,.0f}" if value == round(value) else f"{value:.1f}"
    return f"{value:.2g}"


@dataclass(frozen=True)
class Axis:
    """A linear or logarithmic data range."""

    lo: float
    hi: float
    log: bool = False

    @staticmethod
    def fit(values: Sequence[float], log: bool, zero: bool = True) -> Axis:
        """A range covering ``values`` (positive only on a log axis), padded slightly."""
        finite = [v for v in values if math.isfinite(v) and (v > 0 or not log)]
        if not finite:
            return Axis(1.0, 10.0, log)
        lo, hi = min(finite), max(finite)
        if log:
            return Axis(10 ** math.floor(math.log10(lo)), 10 ** math.ceil(math.log10(hi * 1.0001)),
                        True)
        lo = 0.0 if zero else lo
        return Axis(lo, hi * 1.08 if hi > lo else lo + 1.0, False)

    def share(self, value: float) -> float:
        """Where ``value`` sits between lo (0) and hi (1)."""
        if self.log:
            value = max(value, self.lo * 1e-3)
            return (math.log10(value) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        return (value - self.lo) / (self.hi - self.lo)

    def ticks(self) -> list[float]:
        """Tick positions: decades (with 2 and 5 on short log axes) or a 1-2-5 step."""
        if self.log:
            first, last = round(math.log10(self.lo)), round(math.log10(self.hi))
            steps = (1, 2, 5) if last - first <= 3 else (1,)
            return [m * 10 ** e for e in range(first, last + 1) for m in steps
                    if self.lo <= m * 10 ** e <= self.hi * 1.0001]
        raw = (self.hi - self.lo) / 5
        power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
        step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
        start = math.ceil(self.lo / step) * step
        return [start + i * step for i in range(int((self.hi - start) / step) + 1)]


@dataclass(frozen=True)
class Frame:
    """A plot area inside a figure box, mapping data to device coordinates."""

    area: QRectF
    x: Axis
    y: Axis

    def px(self, value: float) -> float:
        """Device x of a data x."""
        return self.area.left() + self.x.share(value) * self.area.width()

    def py(self, value: float) -> float:
        """Device y of a data y."""
        return self.area.bottom() - self.y.share(value) * self.area.height()

    def point(self, x: float, y: float) -> QPointF:
        """Device point of a data point."""
        return QPointF(self.px(x), self.py(y))


def _pen(colour: str, width_pt: float = 0.8, dashed: bool = False) -> QPen:
    pen = QPen(QColor(colour), width_pt * PT)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def _text(canvas: Canvas, x: float, y: float, text: str, size_pt: float = TICK_PT,
          align: str = "center", colour: str = TEXT_COLOUR, bold: bool = False,
          vertical: str = "top") -> None:
    """Single-line text anchored at (x, y): align left/center/right, vertical top/middle/bottom."""
    font = canvas.fonts.font(size_pt, bold)
    painter = canvas.painter
    painter.setFont(font)
    width = painter.fontMetrics().horizontalAdvance(text) + 2
    height = painter.fontMetrics().height()
    left = {"left": x, "center": x - width / 2, "right": x - width}[align]
    top = {"top": y, "middle": y - height / 2, "bottom": y - height}[vertical]
    painter.setPen(QColor(colour))
    painter.drawText(QRectF(left, top, width, height),
                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)


def draw_frame(canvas: Canvas, box: QRectF, x: Axis, y: Axis, title: str, x_label: str,
               y_label: str, legend: bool = False, y_ticks: bool = True) -> Frame:
    """Title, grid, ticks and axis labels in ``box``; return the plot area's mapping.

    ``legend`` leaves a line under the x label for :func:`_legend`; ``y_ticks`` False draws a
    category axis (bars) without numbers.
    """
    left_room = 34 * PT if y_ticks else 4 * PT
    bottom_room, top_room = (38 if legend else 26) * PT, 14 * PT
    area = QRectF(box.left() + left_room, box.top() + top_room, box.width() - left_room - 6 * PT,
                  box.height() - top_room - bottom_room)
    frame = Frame(area, x, y)
    painter = canvas.painter
    _text(canvas, box.left(), box.top(), title, TITLE_PT, "left", bold=True)
    grid = _pen("#e3e3e3", 0.4)
    for tick in x.ticks():
        painter.setPen(grid)
        painter.drawLine(QLineF(frame.px(tick), area.top(), frame.px(tick), area.bottom()))
        _text(canvas, frame.px(tick), area.bottom() + 2 * PT, compact(tick))
    for tick in y.ticks() if y_ticks else []:
        painter.setPen(grid)
        painter.drawLine(QLineF(area.left(), frame.py(tick), area.right(), frame.py(tick)))
        _text(canvas, area.left() - 3 * PT, frame.py(tick), compact(tick), align="right",
              vertical="middle")
    painter.setPen(_pen(MUTED_COLOUR, 0.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(area)
    _text(canvas, area.center().x(), area.bottom() + 12 * PT, x_label, LABEL_PT)
    painter.save()
    painter.translate(box.left() + 2 * PT, area.center().y())
    painter.rotate(-90)
    _text(canvas, 0, 0, y_label, LABEL_PT, vertical="top")
    painter.restore()
    return frame


def _polyline(canvas: Canvas, frame: Frame, xs: Sequence[float], ys: Sequence[float],
              colour: str, width_pt: float = 1.2, dashed: bool = False) -> None:
    path = QPainterPath()
    started = False
    for x, y in zip(xs, ys, strict=True):
        if not (math.isfinite(y) and (y > 0 or not frame.y.log)):
            started = False
            continue
        if started:
            path.lineTo(frame.point(x, y))
        else:
            path.moveTo(frame.point(x, y))
            started = True
    canvas.painter.setPen(_pen(colour, width_pt, dashed))
    canvas.painter.setBrush(Qt.BrushStyle.NoBrush)
    canvas.painter.drawPath(path)


def _legend(canvas: Canvas, x: float, y: float, entries: Sequence[tuple[str, str, bool]]) -> None:
    """A row of legend entries (colour, text, dashed) starting at (x, y)."""
    painter = canvas.painter
    for colour, text, dashed in entries:
        painter.setPen(_pen(colour, 1.4, dashed))
        painter.drawLine(QLineF(x, y, x + 12 * PT, y))
        _text(canvas, x + 14 * PT, y, text, TICK_PT, "left", vertical="middle")
        painter.setFont(canvas.fonts.font(TICK_PT))
        x += 24 * PT + painter.fontMetrics().horizontalAdvance(text)


def _vertical_marker(canvas: Canvas, frame: Frame, x: float, colour: str, label: str) -> None:
    if not frame.x.lo <= x <= frame.x.hi:
        return
    canvas.painter.setPen(_pen(colour, 0.9, dashed=True))
    px = frame.px(x)
    canvas.painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
    _text(canvas, px + 2 * PT, frame.area.top() + 2 * PT, label, TICK_PT, "left", colour)


@dataclass(frozen=True)
class CeilingBar:
    """One bar of the bottleneck figure."""

    kind: CeilingKind
    label: str
    value: float | None  # None: no limit
    binding: bool


def draw_ceiling_bars(canvas: Canvas, box: QRectF, bars: Sequence[CeilingBar], title: str,
                      axis_label: str, no_limit: str, recommended: float, online: float,
                      online_label: str) -> None:
    """Horizontal bars, one per ceiling; the binding one outlined; the watermark marked."""
    top = ceiling_scale([b.value for b in bars if b.value is not None], recommended)
    label_room = 80 * PT
    title_room = 10 * PT
    inner = QRectF(box.left() + label_room, box.top() + title_room, box.width() - label_room,
                   box.height() - title_room)
    frame = draw_frame(canvas, inner, Axis(0.0, top * OFF_SCALE_ROOM), Axis(0.0, float(len(bars))), "",
                       axis_label, "", y_ticks=False)
    _text(canvas, box.left(), box.top(), title, TITLE_PT, "left", bold=True)
    painter = canvas.painter
    band = frame.area.height() / len(bars)
    for i, bar in enumerate(bars):
        centre = frame.area.top() + band * (i + 0.5)
        _text(canvas, frame.area.left() - 4 * PT, centre, bar.label, LABEL_PT, "right",
              bold=bar.binding, vertical="middle")
        colour = QColor(CEILING_COLOURS[bar.kind])
        if bar.value is None:
            _text(canvas, frame.area.left() + 4 * PT, centre, no_limit, LABEL_PT, "left",
                  MUTED_COLOUR, vertical="middle")
            continue
        off_scale = bar.value > top * OFF_SCALE_ROOM
        right = frame.area.right() - 30 * PT if off_scale else frame.px(bar.value)
        rect = QRectF(frame.area.left(), centre - band * 0.3, right - frame.area.left(), band * 0.6)
        painter.setBrush(QBrush(colour))
        painter.setPen(_pen(TEXT_COLOUR, 1.6) if bar.binding else Qt.PenStyle.NoPen)
        painter.drawRect(rect)
        if off_scale:
            _draw_cut(canvas, rect)
        _text(canvas, rect.right() + 3 * PT, centre, count(bar.value), LABEL_PT, "left",
              bold=bar.binding, vertical="middle")
    if 0 < online <= frame.x.hi:
        px = frame.px(online)
        painter.setPen(_pen(MARKER_COLOUR, 0.9, dashed=True))
        painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
        _text(canvas, px, frame.area.top() - 1 * PT, online_label, TICK_PT, "center", MARKER_COLOUR,
              vertical="bottom")


OFF_SCALE_RATIO = 4.0  # a ceiling past 4× the smallest is drawn cut, with its value written
OFF_SCALE_ROOM = 1.15  # the axis runs 15 % past the largest bar on scale


def ceiling_scale(values: Sequence[float], recommended: float) -> float:
    """The largest ceiling within :data:`OFF_SCALE_RATIO` of the smallest (and the recommendation).

    Ceilings beyond it are cut at the plot's edge so the binding bar is not a sliver.
    """
    smallest = max(min([*values, recommended]), 1.0)
    on_scale = [v for v in (*values, recommended) if v <= smallest * OFF_SCALE_RATIO]
    return max([*on_scale, 1.0])


def _draw_cut(canvas: Canvas, rect: QRectF) -> None:
    """Two slanted white strokes across a bar: the bar is longer than drawn."""
    painter = canvas.painter
    painter.setPen(_pen("#ffffff", 2.2))
    for offset in (-12 * PT, -7 * PT):
        x = rect.right() + offset
        painter.drawLine(QLineF(x - 2 * PT, rect.bottom() + 1 * PT, x + 2 * PT, rect.top() - 1 * PT))


@dataclass(frozen=True)
class MemorySegment:
    """One line item of the memory picture."""

    key: str
    label: str
    gib: float


def draw_memory_bar(canvas: Canvas, box: QRectF, segments: Sequence[MemorySegment], capacity: float,
                    share_lines: Sequence[tuple[float, str]], title: str, axis_label: str,
                    capacity_label: str) -> None:
    """A stacked bar of the line items against the GPU's capacity and its share lines.

    ``share_lines``: (share of capacity, label) for seed 001's planning line and its alarm.
    """
    used = sum(max(s.gib, 0.0) for s in segments)
    top = max(capacity, used) * 1.05
    bar_box = QRectF(box.left(), box.top(), box.width(), box.height() - 26 * PT)
    frame = draw_frame(canvas, bar_box, Axis(0.0, top), Axis(0.0, 1.0), title, axis_label, "",
                       y_ticks=False)
    painter = canvas.painter
    left = 0.0
    bar_top = frame.area.top() + 20 * PT
    bar_height = max(frame.area.bottom() - bar_top - 2 * PT, 4 * PT)
    for seg in segments:
        width = max(seg.gib, 0.0)
        rect = QRectF(frame.px(left), bar_top, frame.px(left + width) - frame.px(left), bar_height)
        painter.setBrush(QBrush(QColor(LINE_ITEM_COLOURS.get(seg.key, "#999999"))))
        painter.setPen(_pen("#ffffff", 0.5))
        painter.drawRect(rect)
        left += width
    painter.setFont(canvas.fonts.font(TICK_PT))
    lines = [(capacity, TEXT_COLOUR, capacity_label)] + [
        (capacity * share, colour, label)
        for (share, label), colour in zip(share_lines, SHARE_LINE_COLOURS, strict=False)]
    for row, (x, colour, label) in enumerate(lines):
        px = frame.px(x)
        painter.setPen(_pen(colour, 1.2, dashed=colour != TEXT_COLOUR))
        painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
        room_left = px - frame.area.left() > painter.fontMetrics().horizontalAdvance(label) + 4 * PT
        _text(canvas, px - 2 * PT if room_left else px + 2 * PT, frame.area.top() + (1 + 9 * row) * PT,
              label, TICK_PT, "right" if room_left else "left", colour)
        painter.setFont(canvas.fonts.font(TICK_PT))
    _memory_legend(canvas, QRectF(frame.area.left(), bar_box.bottom() + 2 * PT,
                                  frame.area.width(), box.height() - bar_box.height()), segments)


def _memory_legend(canvas: Canvas, box: QRectF, segments: Sequence[MemorySegment]) -> None:
    """Swatch, name and GiB of each line item, in three columns."""
    columns, row_height = 3, 11 * PT
    width = box.width() / columns
    for i, seg in enumerate(segments):
        x = box.left() + (i % columns) * width
        y = box.top() + (i // columns) * row_height
        canvas.painter.setBrush(QBrush(QColor(LINE_ITEM_COLOURS.get(seg.key, "#999999"))))
        canvas.painter.setPen(Qt.PenStyle.NoPen)
        canvas.painter.drawRect(QRectF(x, y + 1 * PT, 8 * PT, 7 * PT))
        _text(canvas, x + 11 * PT, y, f"{seg.label}: {gib(seg.gib)} GiB", LABEL_PT, "left")


def draw_context_sweep(canvas: Canvas, box: QRectF, sweep: ContextSweep, labels: dict[CeilingKind, str],
                       title: str, x_label: str, y_label: str, crossover_label: str,
                       planning_tokens: float, planning_label: str) -> None:
    """The ceilings and the scheduler cap against planning length (log-log), crossovers marked."""
    points = sweep.points
    xs = [float(p.context_tokens) for p in points]
    series = {CeilingKind.MEMORY: [p.memory for p in points],
              CeilingKind.COMPUTE: [p.compute for p in points]}
    if any(p.interconnect is not None for p in points):
        series[CeilingKind.INTERCONNECT] = [p.interconnect if p.interconnect is not None else math.nan
                                            for p in points]
    series[CeilingKind.SCHEDULER] = [p.scheduler for p in points]
    values = [v for ys in series.values() for v in ys]
    frame = draw_frame(canvas, box, Axis(min(xs), max(xs), log=True), Axis.fit(values, log=True),
                       title, x_label, y_label, legend=True)
    canvas.painter.setClipRect(frame.area)
    for kind, ys in series.items():
        _polyline(canvas, frame, xs, ys, CEILING_COLOURS[kind], 1.4)
    _polyline(canvas, frame, xs, [p.recommended for p in points], TEXT_COLOUR, 0.7, dashed=True)
    canvas.painter.setClipping(False)
    for crossing in sweep.crossovers:
        _vertical_marker(canvas, frame, crossing.context_tokens, MUTED_COLOUR,
                         f"{crossover_label} {crossing.context_tokens:,}")
        point = next(p for p in points if p.context_tokens == crossing.context_tokens)
        if point.recommended < frame.y.lo:  # nothing meets the targets there: no dot to place
            continue
        canvas.painter.setBrush(QBrush(QColor(CEILING_COLOURS[crossing.after])))
        canvas.painter.setPen(_pen(TEXT_COLOUR, 0.6))
        radius = 2.5 * PT
        canvas.painter.drawEllipse(frame.point(point.context_tokens, point.recommended), radius, radius)
    _vertical_marker(canvas, frame, planning_tokens, MARKER_COLOUR, planning_label)
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(CEILING_COLOURS[k], labels[k], False) for k in series])


def draw_load_curves(canvas: Canvas, box: QRectF, perf: PerformanceResult, ttft_target: float,
                     tpot_target: float, text: dict[str, str]) -> None:
    """Left: TTFT and TPOT against concurrency with targets; right: throughput, knee, watermark."""
    curve: Sequence[CurvePoint] = perf.load_curve
    xs = [c.concurrency for c in curve]
    gap = 10 * PT
    half = (box.width() - gap) / 2
    left_box = QRectF(box.left(), box.top(), half, box.height())
    right_box = QRectF(box.left() + half + gap, box.top(), half, box.height())
    ttft = [c.ttft_ms for c in curve]
    tpot = [c.tpot_ms for c in curve]
    x_axis = Axis.fit(xs, log=True)
    frame = draw_frame(canvas, left_box, x_axis, Axis.fit([*ttft, *tpot, ttft_target, tpot_target],
                                                          log=True),
                       text["latency_title"], text["x_label"], text["latency_axis"], legend=True)
    _polyline(canvas, frame, xs, ttft, TTFT_COLOUR)
    _polyline(canvas, frame, xs, tpot, TPOT_COLOUR)
    for target, colour in ((ttft_target, TTFT_COLOUR), (tpot_target, TPOT_COLOUR)):
        canvas.painter.setPen(_pen(colour, 0.7, dashed=True))
        canvas.painter.drawLine(QLineF(frame.area.left(), frame.py(target), frame.area.right(),
                                       frame.py(target)))
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(TTFT_COLOUR, "TTFT", False), (TPOT_COLOUR, "TPOT", False),
             (MUTED_COLOUR, text["target"], True)])
    tput = [c.output_tokens_per_s for c in curve]
    frame = draw_frame(canvas, right_box, x_axis, Axis.fit(tput, log=False),
                       text["throughput_title"], text["x_label"], text["throughput_axis"], legend=True)
    _polyline(canvas, frame, xs, tput, THROUGHPUT_COLOUR)
    knee = perf.knee_concurrency.value
    online = perf.online_capacity.value
    _vertical_marker(canvas, frame, knee, MUTED_COLOUR, f"{text['knee']} {count(knee)}")
    if online >= 1:
        canvas.painter.setPen(_pen(MARKER_COLOUR, 0.9, dashed=True))
        px = frame.px(online)
        canvas.painter.drawLine(QLineF(px, frame.area.top(), px, frame.area.bottom()))
        _text(canvas, px + 2 * PT, frame.area.top() + 12 * PT, f"{text['watermark']} {count(online)}",
              TICK_PT, "left", MARKER_COLOUR)
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(THROUGHPUT_COLOUR, text["throughput_legend"], False)])


__all__ = ["RULE_COLOUR", "CeilingBar", "MemorySegment", "draw_ceiling_bars", "draw_context_sweep",
           "draw_load_curves", "draw_memory_bar"]
