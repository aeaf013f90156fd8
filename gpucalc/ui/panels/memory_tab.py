"""The Memory tab: stacked bar against capacity, line-item table, weights and KV capacity."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QTableWidget, QVBoxLayout, QWidget

from gpucalc.core.common.explain import Term
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.ui.format import memory_size, share_text, term_name, term_value
from gpucalc.ui.panels.term_table import fill_terms, selected_key, term_table
from gpucalc.ui.plots.memory_bar import COLOURS, MemoryBar


def _fill(table: QTableWidget, rows: list[tuple[Term, list[str]]]) -> None:
    fill_terms(table, rows, COLOURS)


def share_of(part: float, whole: float) -> str:
    """``part`` as a share of ``whole``; past the whole it says so ("> 100 %"), never 954.6 %."""
    if whole <= 0 or part < 0:
        return "—"
    return "> 100 %" if part > whole else share_text(part / whole)


class MemoryTab(QWidget):
    """Memory picture of the binding GPU; selecting a row names the term in ``termSelected``."""

    termSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = MemoryBar()
        self.bar.setMinimumHeight(150)
        self.bar.setMaximumHeight(190)
        self.items_table = term_table([self.tr("Line item"), self.tr("Memory"), self.tr("Share")])
        self.weights_table = term_table([self.tr("Tensor group"), self.tr("Memory"), self.tr("Share")])
        self.kv_table = term_table([self.tr("KV cache and concurrency"), self.tr("Value")])
        row = QHBoxLayout()
        right = QVBoxLayout()
        for title, table in ((self.tr("Per-GPU memory, in the order the engine deducts it"),
                              self.items_table),
                             (self.tr("Weights by tensor group"), self.weights_table),
                             (self.tr("What the KV cache holds"), self.kv_table)):
            box = QGroupBox(title)
            inner = QVBoxLayout(box)
            inner.setContentsMargins(4, 4, 4, 4)
            inner.addWidget(table)
            if table is self.items_table:
                row.addWidget(box, 1)
            else:
                right.addWidget(box)
            table.itemSelectionChanged.connect(lambda t=table: self._selected(t))
        row.addLayout(right, 1)
        self.bar_box = QGroupBox(self.tr("Memory picture of one GPU"))
        bar_layout = QVBoxLayout(self.bar_box)
        bar_layout.setContentsMargins(4, 4, 4, 4)
        bar_layout.addWidget(self.bar)
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar_box)
        layout.addLayout(row, 1)

    def set_result(self, memory: MemoryResult, planning_share: float,
                   memory_share: Term | None = None) -> None:
        """Show ``memory`` (and seed 001's share at the planned concurrency, when known)."""
        self.bar.set_result(memory, planning_share)
        total = memory.settings.total_gib.value
        items = [(t, [term_name(t.key), self.amount(t), share_of(t.value, total)]) for t in memory.line_items]
        items.append((memory.settings.total_gib,
                      [term_name(memory.settings.total_gib.key), memory_size(total), "100 %"]))
        _fill(self.items_table, items)
        weights_total = memory.binding.weights_total.value or 1.0
        _fill(self.weights_table, [
            (t, [term_name(t.key), memory_size(t.value), share_of(t.value, weights_total)])
            for t in memory.binding.weights])
        kv_terms = (memory.kv_bytes_per_token, *memory.state_terms, memory.kv_cache_tokens,
                    memory.kv_cache_tokens_all_replicas,
                    memory.max_concurrency, memory.concurrency_p50, memory.concurrency_p95,
                    memory.kv_per_average_request, memory.planning_check, memory.alarm_check,
                    *(() if memory_share is None else (memory_share,)))
        _fill(self.kv_table, [(t, [term_name(t.key), self.amount(t)]) for t in kv_terms])

    def amount(self, term: Term) -> str:
        """``term``'s value; a negative one (what a model that does not fit leaves) says so instead."""
        if term.value >= 0 or term.unit == "GiB":
            return term_value(term)  # a negative GiB amount reads as the shortfall
        return self.tr("none: does not fit")

    def _selected(self, table: QTableWidget) -> None:
        key = selected_key(table)
        if key:
            self.termSelected.emit(key)
