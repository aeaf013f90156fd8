"""Seed 000's pre-reporting checklist, live: every item with its stated value and a mark."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.plan.checklist import ChecklistItem, fill_checklist, item_detail, item_title
from gpucalc.plan.compute import Plan
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip

PASS_COLOUR = "#2e7d32"
ATTENTION_COLOUR = "#e65100"
MARK_ALPHA = 50


class ChecklistTab(QWidget):
    """One row per checklist item (the report's wording, in the window's language)."""

    COLUMNS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = PlainLabel(self.tr("Go through each item before reporting a capacity number (the "
                                       "capacity planning checklist). Updated with every result."))
        self.note.setWordWrap(True)
        self.summary = PlainLabel()
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setHorizontalHeaderLabels([self.tr("Item"), self.tr("Stated value"), self.tr("Check")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # rows follow the wrapped text as the column width changes
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.items: tuple[ChecklistItem, ...] = ()

    def set_plan(self, plan: Plan, lang: str) -> None:
        """Fill the checklist of ``plan`` in ``lang`` ('en' or 'zh')."""
        self.items = fill_checklist(plan)
        self.table.setRowCount(len(self.items))
        for row, item in enumerate(self.items):
            self.table.setItem(row, 0, QTableWidgetItem(item_title(item, lang)))
            detail = QTableWidgetItem(item_detail(item, lang))
            detail.setToolTip(plain_tooltip(detail.text()))
            self.table.setItem(row, 1, detail)
            self.table.setItem(row, 2, self._mark(item.passed))
        open_items = sum(not i.passed for i in self.items)
        self.summary.setText(self.tr("{n} of {total} items need attention.").format(
            n=open_items, total=len(self.items)))

    def _mark(self, passed: bool) -> QTableWidgetItem:
        cell = QTableWidgetItem(self.tr("pass") if passed else self.tr("attention"))
        colour = QColor(PASS_COLOUR if passed else ATTENTION_COLOUR)
        cell.setForeground(QBrush(colour))
        colour.setAlpha(MARK_ALPHA)
        cell.setBackground(QBrush(colour))
        cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        return cell

    def cell_text(self, row: int, column: int) -> str:
        """The text of one cell ('' where there is none)."""
        cell = self.table.item(row, column)
        return cell.text() if cell is not None else ""

    def marks(self) -> list[str]:
        """The mark column's texts, top to bottom (tests, screenshots)."""
        return [self.cell_text(r, 2) for r in range(self.table.rowCount())]
