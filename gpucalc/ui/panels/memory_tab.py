"""The Memory tab: stacked bar against capacity, line-item table, weights and KV capacity."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.explain import Term
from gpucalc.core.memory_result import MemoryResult
from gpucalc.ui.explain_pane import term_tooltip
from gpucalc.ui.format import sig3, term_name, term_value
from gpucalc.ui.plots.memory_bar import COLOURS, MemoryBar

KEY_ROLE = Qt.ItemDataRole.UserRole
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def _fill(table: QTableWidget, rows: list[tuple[Term, list[str]]]) -> None:
    selected = table.currentRow()
    table.blockSignals(True)
    table.setRowCount(len(rows))
    for r, (term, cells) in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setData(KEY_ROLE, term.key)
            item.setToolTip(term_tooltip(term))
            if c > 0:
                item.setTextAlignment(RIGHT)
            elif term.key in COLOURS:
                item.setData(Qt.ItemDataRole.DecorationRole, QColor(COLOURS[term.key]))
            table.setItem(r, c, item)
    if 0 <= selected < len(rows):
        table.selectRow(selected)
    table.blockSignals(False)


class MemoryTab(QWidget):
    """Memory picture of the binding GPU; selecting a row names the term in ``termSelected``."""

    termSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = MemoryBar()
        self.bar.setMinimumHeight(150)
        self.bar.setMaximumHeight(190)
        self.items_table = _table([self.tr("Line item"), self.tr("GiB"), self.tr("Share")])
        self.weights_table = _table([self.tr("Tensor group"), self.tr("GiB"), self.tr("Share")])
        self.kv_table = _table([self.tr("KV cache and concurrency"), self.tr("Value")])
        row = QHBoxLayout()
        for title, table in ((self.tr("Per-GPU memory, in the order the engine deducts it"),
                              self.items_table),
                             (self.tr("Weights by tensor group"), self.weights_table),
                             (self.tr("What the KV cache holds"), self.kv_table)):
            box = QGroupBox(title)
            inner = QVBoxLayout(box)
            inner.setContentsMargins(4, 4, 4, 4)
            inner.addWidget(table)
            row.addWidget(box, 2 if table is self.weights_table else 3)
            table.itemSelectionChanged.connect(lambda t=table: self._selected(t))
        self.bar_box = QGroupBox(self.tr("Memory picture of one GPU"))
        bar_layout = QVBoxLayout(self.bar_box)
        bar_layout.setContentsMargins(4, 4, 4, 4)
        bar_layout.addWidget(self.bar)
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar_box)
        layout.addLayout(row, 1)

    def set_result(self, memory: MemoryResult, planning_share: float) -> None:
        """Show ``memory``."""
        self.bar.set_result(memory, planning_share)
        total = memory.settings.total_gib.value
        items = [(t, [term_name(t.key), sig3(t.value), f"{t.value / total:.1%}"])
                 for t in memory.line_items]
        items.append((memory.settings.total_gib,
                      [term_name(memory.settings.total_gib.key), sig3(total), "100%"]))
        _fill(self.items_table, items)
        weights_total = memory.binding.weights_total.value or 1.0
        _fill(self.weights_table, [(t, [term_name(t.key), sig3(t.value), f"{t.value / weights_total:.1%}"])
                                   for t in memory.binding.weights])
        kv_terms = (memory.kv_bytes_per_token, memory.kv_cache_tokens, memory.kv_cache_tokens_all_replicas,
                    memory.max_concurrency, memory.concurrency_p50, memory.concurrency_p95,
                    memory.planning_check)
        _fill(self.kv_table, [(t, [term_name(t.key), term_value(t)]) for t in kv_terms])

    def _selected(self, table: QTableWidget) -> None:
        item = table.currentItem()
        if item is not None and table.selectedItems():
            self.termSelected.emit(str(item.data(KEY_ROLE)))
