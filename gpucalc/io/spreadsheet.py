"""Cells a spreadsheet reads as data, never as a formula (CSV injection, OWASP).

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or a line feed
(after any leading spaces or apostrophes) is written with an apostrophe in front, so Excel,
LibreOffice and Google Sheets show it as text instead of running it
(``=HYPERLINK("http://…")`` in a scenario name). Numbers are never touched: a number cell
holds a number, and a text cell that is a plain decimal (``-12.5``) is read as that number by
every spreadsheet, not as a formula. :func:`restored_cell` undoes exactly the apostrophe
:func:`neutral_cell` added, so a table exported and imported again is unchanged.
"""

from __future__ import annotations

import re

FORMULA_STARTS = frozenset("=+-@\t\r\n")
"""First characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection)."""
TEXT_MARK = "'"
_PLAIN_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def _could_start_a_formula(text: str) -> bool:
    """Whether ``text``, read by a spreadsheet, could be taken for a formula."""
    head = text.lstrip(TEXT_MARK).lstrip(" ")[:1]
    return head in FORMULA_STARTS and _PLAIN_DECIMAL.fullmatch(text) is None


def neutral_cell(text: str) -> str:
    """``text`` as a CSV cell that no spreadsheet runs: ``'`` in front when it could be a formula."""
    return TEXT_MARK + text if text and _could_start_a_formula(text) else text


def restored_cell(cell: str) -> str:
    """The text :func:`neutral_cell` was given for ``cell`` (one added ``'`` removed)."""
    if cell.startswith(TEXT_MARK) and _could_start_a_formula(cell[1:]):
        return cell[1:]
    return cell
