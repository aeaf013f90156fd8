"""Read-only tables whose rows are terms: selecting a row names the term, tooltips explain it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from gpucalc.core.common.explain import Term
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.plain_text import plain_tooltip

KEY_ROLE = Qt.ItemDataRole.UserRole
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def term_table(headers: Sequence[str], stretch_column: int = 0) -> QTableWidget:
    """A read-only, single-row-selection table with ``headers``."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    for column in range(len(headers)):
        mode = (QHeaderView.ResizeMode.Stretch if column == stretch_column
                else QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(column, mode)
    return table


def fill_terms(table: QTableWidget, rows: Sequence[tuple[Term, Sequence[str]]],
               swatches: Mapping[str, str] | None = None) -> None:
    """Replace the rows; column 0 is the name (with a colour swatch when known), others right-aligned."""
    selected = table.currentRow()
    table.blockSignals(True)
    table.setRowCount(len(rows))
    for r, (term, cells) in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setData(KEY_ROLE, term.key)
            item.setToolTip(plain_tooltip(term_tooltip(term)))
            if c > 0:
                item.setTextAlignment(RIGHT)
            elif swatches and term.key in swatches:
                item.setData(Qt.ItemDataRole.DecorationRole, QColor(swatches[term.key]))
            table.setItem(r, c, item)
    if 0 <= selected < len(rows):
        table.selectRow(selected)
    table.blockSignals(False)


def selected_key(table: QTableWidget) -> str:
    """Key of the term in the selected row ('' when none)."""
    item = table.currentItem()
    if item is None or not table.selectedItems():
        return ""
    return str(item.data(KEY_ROLE) or "")


def read_only_table(headers: Sequence[str]) -> QTableWidget:
    """A small read-only table with ``headers``, columns sized to their contents."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def table_cell(text: str, tooltip: str = "", right: bool = True) -> QTableWidgetItem:
    """A table cell, right-aligned for numbers."""
    item = QTableWidgetItem(text)
    if tooltip:
        item.setToolTip(plain_tooltip(tooltip))
    if right:
        item.setTextAlignment(RIGHT)
    return item


def fit_height_to_rows(table: QTableWidget, scroll_room: bool = True) -> None:
    """Make ``table`` exactly as tall as its header and rows: no empty block, no hidden row.

    ``scroll_room`` keeps room for a horizontal scroll bar should the page grow too narrow for
    the columns. The header's size hint is used: its height is 0 until it is first shown.
    """
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    scroll = table.horizontalScrollBar().sizeHint().height() if scroll_room else 0
    header = table.horizontalHeader().sizeHint().height()
    table.setFixedHeight(header + rows + scroll + 2 * table.frameWidth())
