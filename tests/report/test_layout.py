"""Pagination: rows never split, the header repeats on each page a table continues on."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gpucalc.report.layout import SHORT_TABLE_ROWS, Block, Cell, Heading, Paragraph, TableRow, table
from gpucalc.report.pdf import render_blocks
from tests.report.pdf_text import pdf_pages

ROWS = 120


def _long_table() -> list[Block]:
    rows = [(Cell(f"R{i:03d}A"), Cell(f"R{i:03d}B " + "wrapped words " * (3 + i % 7) + f"R{i:03d}Z"))
            for i in range(ROWS)]
    return [Heading("Long table"), *table(["HEADCOL-ONE", "HEADCOL-TWO"], rows, (1, 3))]


def test_long_table_rows_stay_on_one_page_and_header_repeats(qapp: QApplication,
                                                             tmp_path: Path) -> None:
    content, pages = render_blocks(_long_table(), header="test header", footer="test footer")
    path = tmp_path / "long.pdf"
    path.write_bytes(content)
    texts = pdf_pages(path)
    assert pages == len(texts) > 2
    for page in texts:
        assert "HEADCOL-ONE" in page
        assert "HEADCOL-TWO" in page
        starts = set(re.findall(r"R(\d{3})A", page))
        ends = set(re.findall(r"R(\d{3})Z", page))
        assert starts == ends, "a row's first and last cell are on different pages"
    seen = [n for page in texts for n in re.findall(r"R(\d{3})A", page)]
    assert seen == [f"{i:03d}" for i in range(ROWS)]


def test_heading_is_kept_with_the_block_after_it() -> None:
    heading = Heading("Section")
    assert heading.keep_with_next
    assert not Paragraph("text").keep_with_next
    head, *rows = table(["a"], [(Cell("x"),), (Cell("y"),)], (1,))
    assert isinstance(head, TableRow)
    assert head.header
    assert head.keep_with_next
    assert all(isinstance(r, TableRow) and r.repeat_header is head for r in rows)


def test_a_short_table_moves_whole_to_the_next_page(qapp: QApplication, tmp_path: Path) -> None:
    """Filler leaves room for a few rows only: the short table starts on page 2, all of it."""
    filler = [Paragraph(f"filler line {i}", size_pt=9.5) for i in range(44)]
    rows = [(Cell(f"S{i:02d}A"), Cell(f"S{i:02d}B")) for i in range(10)]
    content, pages = render_blocks([*filler, *table(["SHORTHEAD", "TWO"], rows, (1, 1))],
                                   header="h", footer="f")
    path = tmp_path / "short.pdf"
    path.write_bytes(content)
    texts = pdf_pages(path)
    assert pages == len(texts) == 2
    assert "filler line 43" in texts[0]
    assert "S00A" not in texts[0]
    assert "SHORTHEAD" in texts[1]
    assert re.findall(r"S(\d{2})A", texts[1]) == [f"{i:02d}" for i in range(10)]


def test_rows_of_a_short_table_keep_with_the_next_and_long_tables_do_not() -> None:
    short = table(["a"], [(Cell(str(i)),) for i in range(SHORT_TABLE_ROWS)], (1,))
    long = table(["a"], [(Cell(str(i)),) for i in range(SHORT_TABLE_ROWS + 1)], (1,))
    assert [b.keep_with_next for b in short[1:]] == [True] * (SHORT_TABLE_ROWS - 1) + [False]
    assert not any(b.keep_with_next for b in long[1:])
