"""The report's figures, drawn as vector graphics with QPainter (no widgets, no images).

Four figures: the three ceilings as bars, the memory picture as a stacked bar against the
GPU's capacity and the planning share, the ceilings against planning length with crossovers,
and TTFT/TPOT/throughput against concurrency with the knee and the watermark.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen

from gpucalc.core.capacity.perf_result import CeilingKind, CurvePoint, PerformanceResult
from gpucalc.core.capacity.sweep import ContextSweep
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


MARKER_ROW_PT = 8.5
"""Height of one row of marker labels in the band above a plot (a 6.5 pt line and its gap)."""


def plot_area(box: QRectF, legend: bool = False, y_ticks: bool = True, band_rows: int = 0) -> QRectF:
    """The plot area inside a figure ``box``: room for the title, ticks, labels and marker rows."""
    left_room = 34 * PT if y_ticks else 4 * PT
    bottom_room, top_room = (38 if legend else 26) * PT, (14 + band_rows * MARKER_ROW_PT) * PT
    return QRectF(box.left() + left_room, box.top() + top_room, box.width() - left_room - 6 * PT,
                  box.height() - top_room - bottom_room)


def draw_frame(canvas: Canvas, box: QRectF, x: Axis, y: Axis, title: str, x_label: str,
               y_label: str, legend: bool = False, y_ticks: bool = True, band_rows: int = 0) -> Frame:
    """Title, grid, ticks and axis labels in ``box``; return the plot area's mapping.

    ``legend`` leaves a line under the x label for :func:`_legend`; ``y_ticks`` False draws a
    category axis (bars) without numbers; ``band_rows`` leaves rows of marker labels between the
    title and the plot area (:func:`draw_markers`).
    """
    area = plot_area(box, legend, y_ticks, band_rows)
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


@dataclass(frozen=True)
class Marker:
    """A vertical marker line at ``x`` (data) with a short label in the band above the plot."""

    x: float
    colour: str
    label: str


def label_rows(spans: Sequence[tuple[float, float]], gap: float = 0.0) -> list[int]:
    """The row of each label (0 nearest the plot) so that no two labels in a row overlap.

    ``spans``: (left, right) of each label in device units. Labels are placed left to right, each
    in the first row whose last label ends ``gap`` before it starts.
    """
    rows = [0] * len(spans)
    ends: list[float] = []
    for i in sorted(range(len(spans)), key=lambda i: spans[i][0]):
        left, right = spans[i]
        row = next((r for r, end in enumerate(ends) if end + gap <= left), len(ends))
        if row == len(ends):
            ends.append(right)
        else:
            ends[row] = right
        rows[i] = row
    return rows


def marker_span(x_px: float, width: float, right_edge: float) -> tuple[float, float]:
    """Where a label ``width`` wide for a line at ``x_px`` goes: right of the line, or left of it.

    Left where it would otherwise pass ``right_edge``.
    """
    return (x_px - width, x_px) if x_px + width > right_edge else (x_px, x_px + width)


def _marker_layout(canvas: Canvas, area: QRectF, x: Axis, markers: Sequence[Marker]) -> list[
        tuple[Marker, float, tuple[float, float], int]]:
    """Each marker inside the x range with its line's x, its label's span and its row."""
    painter = canvas.painter
    painter.setFont(canvas.fonts.font(TICK_PT))
    frame = Frame(area, x, Axis(0.0, 1.0))
    shown = [m for m in markers if x.lo <= m.x <= x.hi]
    pad = 2 * PT
    spans = [marker_span(frame.px(m.x), painter.fontMetrics().horizontalAdvance(m.label) + 2 * pad,
                         area.right()) for m in shown]
    rows = label_rows(spans, gap=2 * PT)
    return [(m, frame.px(m.x), span, row) for m, span, row in zip(shown, spans, rows, strict=True)]


def marker_band_rows(canvas: Canvas, box: QRectF, x: Axis, markers: Sequence[Marker],
                     legend: bool = False) -> int:
    """How many label rows ``markers`` need above a plot in ``box`` (0 without markers)."""
    area = plot_area(box, legend)
    return max((row + 1 for *_, row in _marker_layout(canvas, area, x, markers)), default=0)


def draw_markers(canvas: Canvas, frame: Frame, markers: Sequence[Marker]) -> None:
    """Dashed lines through the plot; their labels in rows above it, never over data or each other."""
    area = frame.area
    for marker, px, (left, _right), row in _marker_layout(canvas, area, frame.x, markers):
        canvas.painter.setPen(_pen(marker.colour, 0.9, dashed=True))
        label_bottom = area.top() - row * MARKER_ROW_PT * PT
        canvas.painter.drawLine(QLineF(px, area.top() - 1 * PT, px, area.bottom()))
        _text(canvas, left + 2 * PT, label_bottom - 1 * PT, marker.label, TICK_PT, "left", marker.colour,
              vertical="bottom")




@dataclass(frozen=True)
class LoadCrossing:
    """Where something changes on the load curve as concurrency rises.

    ``what``: "ttft" or "tpot" where that latency passes its target, or a ceiling kind's value
    where that limit is reached (``binding``: the smallest one, the knee).
    """

    concurrency: float
    what: str
    binding: bool = False


def target_crossing(xs: Sequence[float], ys: Sequence[float], target: float) -> float | None:
    """The concurrency where ``ys`` first rises past ``target``, interpolated on log-log axes.

    None when the curve stays within the target, or is past it from its first point.
    """
    points = [(x, y) for x, y in zip(xs, ys, strict=True) if x > 0 and math.isfinite(y) and y > 0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if y0 <= target < y1:
            t = (math.log10(target) - math.log10(y0)) / (math.log10(y1) - math.log10(y0))
            return float(10 ** (math.log10(x0) + t * (math.log10(x1) - math.log10(x0))))
    return None


def load_crossings(perf: PerformanceResult, ttft_target: float, tpot_target: float) -> list[LoadCrossing]:
    """TTFT and TPOT passing their targets and each limit being reached, within the load curve."""
    curve = perf.load_curve
    if not curve:
        return []
    xs = [c.concurrency for c in curve]
    found = [LoadCrossing(x, name) for name, ys, target in (
        ("ttft", [c.ttft_ms for c in curve], ttft_target), ("tpot", [c.tpot_ms for c in curve], tpot_target))
        if (x := target_crossing(xs, ys, target)) is not None]
    found += [LoadCrossing(c.value.value, c.kind.value, c.binding) for c in perf.ceilings
              if not c.sets_no_limit and xs[0] <= c.value.value <= xs[-1]]
    return sorted(found, key=lambda c: c.concurrency)


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
    x_axis = Axis(min(xs), max(xs), log=True)
    markers = [Marker(float(c.context_tokens), MUTED_COLOUR, f"{crossover_label} {c.context_tokens:,}")
               for c in sweep.crossovers]
    markers.append(Marker(planning_tokens, MARKER_COLOUR, planning_label))
    frame = draw_frame(canvas, box, x_axis, Axis.fit(values, log=True), title, x_label, y_label,
                       legend=True, band_rows=marker_band_rows(canvas, box, x_axis, markers, legend=True))
    canvas.painter.setClipRect(frame.area)
    for kind, ys in series.items():
        _polyline(canvas, frame, xs, ys, CEILING_COLOURS[kind], 1.4)
    _polyline(canvas, frame, xs, [p.recommended for p in points], TEXT_COLOUR, 0.7, dashed=True)
    canvas.painter.setClipping(False)
    draw_markers(canvas, frame, markers)
    for crossing in sweep.crossovers:
        point = next(p for p in points if p.context_tokens == crossing.context_tokens)
        if point.recommended < frame.y.lo:  # nothing meets the targets there: no dot to place
            continue
        _dot(canvas, frame.point(point.context_tokens, point.recommended), CEILING_COLOURS[crossing.after])
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(CEILING_COLOURS[k], labels[k], False) for k in series])


def load_markers(perf: PerformanceResult, crossings: Sequence[LoadCrossing], text: dict[str, str],
                 names: dict[CeilingKind, str]) -> tuple[list[Marker], list[Marker]]:
    """The latency plot's markers (targets passed) and the throughput plot's (limits, watermark).

    ``text`` holds the templates "over_target" ({name}, {n}), "knee" ({n}, {name}), "limit"
    ({name}, {n}) and "watermark" ({n}); the binding limit is the knee.
    """
    colours = {"ttft": TTFT_COLOUR, "tpot": TPOT_COLOUR}
    latency = [Marker(c.concurrency, colours[c.what], text["over_target"].format(
        name=c.what.upper(), n=count(c.concurrency))) for c in crossings if c.what in colours]
    limits = [c for c in crossings if c.what not in colours]
    knee = perf.knee_concurrency.value
    throughput = [Marker(knee, MUTED_COLOUR, text["knee"].format(n=count(knee), name=names[perf.bottleneck]))]
    throughput += [Marker(c.concurrency, CEILING_COLOURS[CeilingKind(c.what)], text["limit"].format(
        name=names[CeilingKind(c.what)], n=count(c.concurrency))) for c in limits if not c.binding]
    online = perf.online_capacity.value
    if online >= 1:
        throughput.append(Marker(online, MARKER_COLOUR, text["watermark"].format(n=count(online))))
    return latency, throughput


def draw_load_curves(canvas: Canvas, box: QRectF, perf: PerformanceResult, ttft_target: float,
                     tpot_target: float, text: dict[str, str], names: dict[CeilingKind, str]) -> None:
    """Left: TTFT and TPOT against concurrency with targets; right: throughput, knee, watermark.

    Where TTFT or TPOT passes its target and where each limit is reached is marked, its label in
    a band above the plot (:func:`load_markers`).
    """
    curve: Sequence[CurvePoint] = perf.load_curve
    xs = [c.concurrency for c in curve]
    gap = 10 * PT
    half = (box.width() - gap) / 2
    left_box = QRectF(box.left(), box.top(), half, box.height())
    right_box = QRectF(box.left() + half + gap, box.top(), half, box.height())
    ttft = [c.ttft_ms for c in curve]
    tpot = [c.tpot_ms for c in curve]
    x_axis = Axis.fit(xs, log=True)
    crossings = load_crossings(perf, ttft_target, tpot_target)
    latency_markers, throughput_markers = load_markers(perf, crossings, text, names)
    rows = max(marker_band_rows(canvas, b, x_axis, m, legend=True)
               for b, m in ((left_box, latency_markers), (right_box, throughput_markers)))
    frame = draw_frame(canvas, left_box, x_axis, Axis.fit([*ttft, *tpot, ttft_target, tpot_target],
                                                          log=True),
                       text["latency_title"], text["x_label"], text["latency_axis"], legend=True,
                       band_rows=rows)
    _polyline(canvas, frame, xs, ttft, TTFT_COLOUR)
    _polyline(canvas, frame, xs, tpot, TPOT_COLOUR)
    for target, colour in ((ttft_target, TTFT_COLOUR), (tpot_target, TPOT_COLOUR)):
        canvas.painter.setPen(_pen(colour, 0.7, dashed=True))
        canvas.painter.drawLine(QLineF(frame.area.left(), frame.py(target), frame.area.right(),
                                       frame.py(target)))
    draw_markers(canvas, frame, latency_markers)
    for crossing in crossings:
        if crossing.what in ("ttft", "tpot"):
            target, colour = (ttft_target, TTFT_COLOUR) if crossing.what == "ttft" else (tpot_target,
                                                                                         TPOT_COLOUR)
            _dot(canvas, frame.point(crossing.concurrency, target), colour)
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(TTFT_COLOUR, "TTFT", False), (TPOT_COLOUR, "TPOT", False),
             (MUTED_COLOUR, text["target"], True)])
    tput = [c.output_tokens_per_s for c in curve]
    frame = draw_frame(canvas, right_box, x_axis, Axis.fit(tput, log=False),
                       text["throughput_title"], text["x_label"], text["throughput_axis"], legend=True,
                       band_rows=rows)
    _polyline(canvas, frame, xs, tput, THROUGHPUT_COLOUR)
    draw_markers(canvas, frame, throughput_markers)
    _legend(canvas, frame.area.left(), box.bottom() - 4 * PT,
            [(THROUGHPUT_COLOUR, text["throughput_legend"], False)])


def _dot(canvas: Canvas, centre: QPointF, colour: str) -> None:
    """A filled dot with a dark rim: a crossover on a curve."""
    canvas.painter.setBrush(QBrush(QColor(colour)))
    canvas.painter.setPen(_pen(TEXT_COLOUR, 0.6))
    radius = 2.5 * PT
    canvas.painter.drawEllipse(centre, radius, radius)


__all__ = ["RULE_COLOUR", "CeilingBar", "LoadCrossing", "Marker", "MemorySegment",
           "draw_ceiling_bars", "draw_context_sweep", "draw_load_curves", "draw_markers", "draw_memory_bar",
           "label_rows", "load_crossings", "target_crossing"]
