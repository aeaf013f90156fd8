"""Write the PDF report: A4, bundled font, page header and "page n of N" footer (QtGui only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLineF, QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from gpucalc.catalog.storage import atomic_write_bytes
from gpucalc.report.data import ReportData, ReportSummary
from gpucalc.report.file_names import display_name
from gpucalc.report.fonts import register_bundled_fonts, report_family, report_mono_family
from gpucalc.report.layout import (
    DPI,
    MUTED_COLOUR,
    PT,
    RULE_COLOUR,
    Block,
    Canvas,
    Fonts,
    PageGeometry,
    paginate,
)
from gpucalc.report.qt_app import ensure_gui_application
from gpucalc.report.sections import report_blocks
from gpucalc.report.strings import tr
from gpucalc.text.catalog_text import catalog_name, scenario_title


class ReportWriteError(OSError):
    """The PDF could not be written; the message says why in one line."""


def _page_furniture(canvas: Canvas, page: PageGeometry, number: int, total: int, header: str,
                    footer: str, lang: str) -> None:
    """Running header and the footer with page numbers."""
    painter = canvas.painter
    font = canvas.fonts.font(7.5)
    width = page.body_width
    top = page.top - 9 * PT
    canvas.draw_text(QRectF(page.left, top, width, 9 * PT), header, font, MUTED_COLOUR)
    painter.setPen(QPen(QColor(RULE_COLOUR), 0.4 * PT))
    painter.drawLine(QLineF(page.left, page.top - 2 * PT, page.left + width, page.top - 2 * PT))
    bottom = page.body_bottom + 6 * PT
    canvas.draw_text(QRectF(page.left, bottom, width, 10 * PT), footer, font, MUTED_COLOUR)
    canvas.draw_text(QRectF(page.left, bottom, width, 10 * PT),
                     tr("Page {n} of {total}", lang).format(n=number, total=total), font,
                     MUTED_COLOUR, Qt.AlignmentFlag.AlignRight)


def render_blocks(blocks: list[Block], header: str, footer: str, lang: str = "en",
                  title: str = "", creator: str = "gpucalc") -> tuple[bytes, int]:
    """Lay ``blocks`` out on A4 pages and return the PDF bytes and the page count."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice  # noqa: PLC0415 - only here

    ensure_gui_application()
    families = register_bundled_fonts()
    fonts = Fonts(report_family(families), report_mono_family(families))
    content = QByteArray()
    buffer = QBuffer(content)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))
    writer.setTitle(title)
    writer.setCreator(creator)
    painter = QPainter()
    if not painter.begin(writer):
        raise ReportWriteError("cannot start drawing the PDF")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        canvas = Canvas(painter, fonts)
        page = PageGeometry()
        pages = paginate(blocks, canvas, page)
        for number, placements in enumerate(pages, start=1):
            if number > 1:
                writer.newPage()
            _page_furniture(canvas, page, number, len(pages), header, footer, lang)
            for block, y in placements:
                block.paint(canvas, page.left, y, page.body_width)
    finally:
        painter.end()
    buffer.close()
    return bytes(content.data()), len(pages)


def render_pdf(data: ReportData) -> tuple[bytes, int, tuple[str, ...]]:
    """The PDF bytes of ``data``, its page count and the section titles it holds."""
    name = tr("GPU inference capacity report", data.lang)
    inputs = data.inputs
    blocks, titles = report_blocks(data)
    model = display_name(catalog_name(inputs.model.name, data.lang))
    subject = scenario_title(data.scenario.name, data.lang) or model
    content, pages = render_blocks(
        blocks, header=f"{name} · {model} · {display_name(catalog_name(inputs.gpu.name, data.lang))}",
        footer=f"gpucalc {data.version} · {data.created.strftime('%Y-%m-%d')}", lang=data.lang,
        title=display_name(f"{name} — {subject}"), creator=f"gpucalc {data.version}")
    return content, pages, titles


def write_pdf(path: Path, data: ReportData) -> ReportSummary:
    """Render ``data`` and write it to ``path`` atomically."""
    content, pages, titles = render_pdf(data)
    try:
        atomic_write_bytes(path, content)
    except OSError as exc:
        raise ReportWriteError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return ReportSummary(path=path, pages=pages, size_bytes=len(content), lang=data.lang,
                         sections=titles, fits=data.result.performance is not None)
