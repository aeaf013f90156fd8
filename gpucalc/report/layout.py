"""A small page-layout engine for the PDF report, drawn with QPainter.

The document is a list of blocks (headings, paragraphs, table rows, plots). Blocks are
measured first, placed on A4 pages second — a table row never splits, a short table stays on
one page, a table header repeats on each page its rows continue on, a heading stays with what
follows — and painted last, so
the footer can say "page n of N".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QTextOption

DPI = 300
MM = DPI / 25.4
PT = DPI / 72.0
BIG = 1e6
TEXT_COLOUR = "#1a1a1a"
MUTED_COLOUR = "#666666"
RULE_COLOUR = "#b0b0b0"
HEADER_FILL = "#e8ecf2"
SHADE_FILL = "#f6f7f9"


@dataclass(frozen=True)
class Fonts:
    """The report's type faces (sizes in points)."""

    family: str
    mono_family: str

    def font(self, size_pt: float, bold: bool = False, mono: bool = False) -> QFont:
        """A font of the report family."""
        font = QFont(self.mono_family if mono else self.family)
        font.setPointSizeF(size_pt)
        font.setBold(bold)
        font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
        return font


@dataclass
class Canvas:
    """The painter and fonts blocks measure and paint with (device units at :data:`DPI`)."""

    painter: QPainter
    fonts: Fonts

    def text_height(self, text: str, font: QFont, width: float) -> float:
        """Height of ``text`` wrapped to ``width``."""
        self.painter.setFont(font)
        rect = self.painter.boundingRect(QRectF(0, 0, width, BIG), text, wrapping())
        return rect.height()

    def draw_text(self, rect: QRectF, text: str, font: QFont, colour: str = TEXT_COLOUR,
                  align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> None:
        """Draw wrapped ``text`` inside ``rect``."""
        self.painter.setFont(font)
        self.painter.setPen(QColor(colour))
        self.painter.drawText(rect, text, wrapping(align))


def wrapping(align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> QTextOption:
    """Wrap at word boundaries (CJK: between characters); break a word only when it must."""
    option = QTextOption(align | Qt.AlignmentFlag.AlignTop)
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    return option


class Block:
    """Something placed on a page: measured, then painted at a position."""

    keep_with_next = False
    repeat_header: Block | None = None

    def height(self, canvas: Canvas, width: float) -> float:
        """Height in device units at ``width``."""
        raise NotImplementedError

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Draw the block with its top-left corner at (x, y)."""
        raise NotImplementedError


@dataclass
class Paragraph(Block):
    """Wrapped text in one style."""

    text: str
    size_pt: float = 9.5
    bold: bool = False
    mono: bool = False
    colour: str = TEXT_COLOUR
    space_before_pt: float = 0.0
    space_after_pt: float = 4.0
    indent_pt: float = 0.0
    keep_with_next: bool = False

    def _font(self, canvas: Canvas) -> QFont:
        return canvas.fonts.font(self.size_pt, self.bold, self.mono)

    def height(self, canvas: Canvas, width: float) -> float:
        """Text height plus spacing."""
        inner = width - self.indent_pt * PT
        return ((self.space_before_pt + self.space_after_pt) * PT
                + canvas.text_height(self.text, self._font(canvas), inner))

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Draw the text."""
        indent = self.indent_pt * PT
        rect = QRectF(x + indent, y + self.space_before_pt * PT, width - indent, BIG)
        canvas.draw_text(rect, self.text, self._font(canvas), self.colour)


@dataclass
class Heading(Paragraph):
    """A section title with a rule under it; kept on the page of what follows."""

    keep_with_next: bool = True
    size_pt: float = 13.0
    bold: bool = True
    space_before_pt: float = 10.0
    space_after_pt: float = 6.0

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Draw the title and its rule."""
        super().paint(canvas, x, y, width)
        bottom = y + self.height(canvas, width) - self.space_after_pt * PT / 2
        canvas.painter.setPen(QPen(QColor(RULE_COLOUR), 0.6 * PT))
        canvas.painter.drawLine(QLineF(x, bottom, x + width, bottom))


@dataclass(frozen=True)
class Cell:
    """One table cell."""

    text: str
    align: str = "left"  # left | right | center
    bold: bool = False
    colour: str = TEXT_COLOUR
    fill: str | None = None
    mono: bool = False


_ALIGN = {"left": Qt.AlignmentFlag.AlignLeft, "right": Qt.AlignmentFlag.AlignRight,
          "center": Qt.AlignmentFlag.AlignHCenter}
CELL_PAD_PT = 3.0
SHORT_TABLE_ROWS = 16  # a table of at most this many rows stays on one page (when it fits one)


@dataclass
class TableRow(Block):
    """One table row (never split across pages); ``widths`` are shares of the table width."""

    cells: tuple[Cell, ...]
    widths: tuple[float, ...]
    size_pt: float = 8.0
    header: bool = False
    shade: bool = False
    repeat_header: Block | None = None
    keep_with_next: bool = False
    _cache: dict[float, float] = field(default_factory=dict, repr=False)

    def _font(self, canvas: Canvas, cell: Cell) -> QFont:
        return canvas.fonts.font(self.size_pt, self.header or cell.bold, cell.mono)

    def _columns(self, x: float, width: float) -> list[tuple[float, float]]:
        total = sum(self.widths)
        out, left = [], x
        for share in self.widths:
            w = width * share / total
            out.append((left, w))
            left += w
        return out

    def height(self, canvas: Canvas, width: float) -> float:
        """Tallest cell plus padding."""
        if width not in self._cache:
            pad = CELL_PAD_PT * PT
            tallest = max(canvas.text_height(c.text or " ", self._font(canvas, c), w - 2 * pad)
                          for c, (_, w) in zip(self.cells, self._columns(0, width), strict=True))
            self._cache[width] = tallest + 2 * pad
        return self._cache[width]

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Fill, text and a rule under the row."""
        height = self.height(canvas, width)
        pad = CELL_PAD_PT * PT
        painter = canvas.painter
        if self.header or self.shade:
            painter.fillRect(QRectF(x, y, width, height),
                             QColor(HEADER_FILL if self.header else SHADE_FILL))
        for cell, (left, w) in zip(self.cells, self._columns(x, width), strict=True):
            if cell.fill:
                painter.fillRect(QRectF(left, y, w, height), QColor(cell.fill))
            canvas.draw_text(QRectF(left + pad, y + pad, w - 2 * pad, height), cell.text,
                             self._font(canvas, cell), cell.colour, _ALIGN[cell.align])
        painter.setPen(QPen(QColor(RULE_COLOUR), 0.4 * PT))
        painter.drawLine(QLineF(x, y + height, x + width, y + height))


def table(header: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[float],
          aligns: Sequence[str] | None = None, size_pt: float = 8.0) -> list[Block]:
    """Blocks of a table: the header row, then rows that repeat it on each new page."""
    aligns = list(aligns or ["left"] * len(header))
    head = TableRow(tuple(Cell(h, align=a) for h, a in zip(header, aligns, strict=True)),
                    tuple(widths), size_pt, header=True, keep_with_next=True)
    blocks: list[Block] = [head]
    short = len(rows) <= SHORT_TABLE_ROWS
    for i, row in enumerate(rows):
        blocks.append(TableRow(tuple(row), tuple(widths), size_pt, shade=i % 2 == 1,
                               repeat_header=head, keep_with_next=short and i < len(rows) - 1))
    return blocks


@dataclass
class Drawing(Block):
    """A vector figure drawn by ``draw(canvas, rect)`` in a box of fixed height."""

    height_mm: float
    draw: Callable[[Canvas, QRectF], None]
    space_after_pt: float = 6.0

    def height(self, canvas: Canvas, width: float) -> float:
        """The figure's height plus spacing."""
        return self.height_mm * MM + self.space_after_pt * PT

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Draw the figure (the painter state is restored afterwards)."""
        canvas.painter.save()
        self.draw(canvas, QRectF(x, y, width, self.height_mm * MM))
        canvas.painter.restore()


@dataclass
class PageBreak(Block):
    """Start a new page."""

    def height(self, canvas: Canvas, width: float) -> float:
        """Takes no room; the paginator acts on it."""
        return 0.0

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Nothing to draw."""


@dataclass(frozen=True)
class PageGeometry:
    """A4 body box in device units."""

    width: float = 210 * MM
    height: float = 297 * MM
    left: float = 17 * MM
    right: float = 17 * MM
    top: float = 20 * MM
    bottom: float = 18 * MM

    @property
    def body_width(self) -> float:
        """Width available to blocks."""
        return self.width - self.left - self.right

    @property
    def body_bottom(self) -> float:
        """Lowest y a block may reach."""
        return self.height - self.bottom


Placement = tuple[Block, float]


def paginate(blocks: Sequence[Block], canvas: Canvas, page: PageGeometry) -> list[list[Placement]]:
    """Place ``blocks`` on pages: rows never split, headers repeat, headings keep with next."""
    width = page.body_width
    pages: list[list[Placement]] = [[]]
    y = page.top
    for i, block in enumerate(blocks):
        if isinstance(block, PageBreak):
            if pages[-1]:
                pages.append([])
                y = page.top
            continue
        needed = block.height(canvas, width)
        if block.keep_with_next and i + 1 < len(blocks):
            chained = needed + _first_height(blocks, i + 1, canvas, width)
            needed = chained if chained <= page.body_bottom - page.top else needed
        if y + needed > page.body_bottom and pages[-1]:
            pages.append([])
            y = page.top
            if block.repeat_header is not None:
                pages[-1].append((block.repeat_header, y))
                y += block.repeat_header.height(canvas, width)
        pages[-1].append((block, y))
        y += block.height(canvas, width)
    return pages


def _first_height(blocks: Sequence[Block], start: int, canvas: Canvas, width: float) -> float:
    """Height of the chain of keep-with-next blocks from ``start`` and the block after them."""
    total = 0.0
    for block in blocks[start:]:
        total += block.height(canvas, width)
        if not block.keep_with_next:
            break
    return total
