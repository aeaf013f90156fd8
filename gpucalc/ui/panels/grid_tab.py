"""The per-card grid (seed 001): context tier × precision tier → concurrency at the SLO."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.capacity.sweep import CONTEXT_TIERS, SCENARIO_TIER, GridCell
from gpucalc.text.grid_text import grid_cell_text, tier_name
from gpucalc.text.palette import CEILING_COLOURS
from gpucalc.ui.format import count, window_translate
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP
from gpucalc.ui.plain_text import PlainLabel

CELL_ALPHA = 60
SLOWER_MARK = " *"
WEIGHT_ONLY_NOTE = QT_TRANSLATE_NOOP(
    "Grid", "* Weight-only formats (INT4 W4A16; FP8 or INT8 W8A16 where the GPU has no FP8 tensor "
            "cores) keep the weights in fewer bits but multiply in 16-bit, dequantising every weight "
            "in the GEMM: they save memory, but where compute binds they are slower than FP8 weights "
            "with FP8 math (W8A8) and, at large batches, than 16-bit weights, so they serve fewer "
            "requests there.")


def slower_weight_only(cells: tuple[GridCell, ...]) -> set[tuple[str, str]]:
    """(row, precision tier) of the weight-only cells slower than another precision of their row.

    Slower: compute binds there and a precision that multiplies in its own format (16-bit, or
    FP8 W8A8) serves more requests in the same row.
    """
    best: dict[str, float] = {}
    for c in cells:
        if not c.weight_only and c.binding is not None:
            best[c.context_tier] = max(best.get(c.context_tier, 0.0), c.concurrency)
    return {(c.context_tier, c.precision_tier) for c in cells
            if c.weight_only and c.binding is CeilingKind.COMPUTE
            and c.concurrency < best.get(c.context_tier, 0.0)}


class GridTab(QWidget):
    """Rows: context tiers; columns: precision tiers; cells coloured by the binding ceiling."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.contexts: list[tuple[str, int]] = list(CONTEXT_TIERS)
        self.table = QTableWidget(len(CONTEXT_TIERS), 0)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.note = PlainLabel(self.tr(
            "Concurrent requests one replica serves within the TTFT and TPOT targets, at each "
            "planning length (KV tokens per request, the scenario's lengths scaled in proportion) and "
            "precision (weights / KV cache). The \"This scenario\" row at the scenario's precision is "
            "the answer. Colour: the binding ceiling; 0 = does not fit or cannot meet the targets. "
            "Tiers below the checkpoint's precision are capacity suggestions: measure the quantized "
            "model's quality on your own tasks before you plan on them."))
        self.note.setWordWrap(True)
        self.weight_only_note = PlainLabel(QCoreApplication.translate("Grid", WEIGHT_ONLY_NOTE))
        self.weight_only_note.setWordWrap(True)
        self.weight_only_note.hide()
        box = QGroupBox(self.tr("Per-card capacity grid"))
        inner = QVBoxLayout(box)
        inner.addWidget(self.note)
        inner.addWidget(self.table, 1)
        inner.addWidget(self.weight_only_note)
        layout = QVBoxLayout(self)
        layout.addWidget(box)

    def set_grid(self, cells: tuple[GridCell, ...]) -> None:
        """Show the grid ``cells``."""
        tiers = list(dict.fromkeys(c.precision_tier for c in cells))
        self.contexts = list(dict.fromkeys((c.context_tier, c.context_tokens) for c in cells))
        rows = [name for name, _ in self.contexts]
        self.table.setColumnCount(len(tiers))
        self.table.setRowCount(len(rows))
        # two lines a header, so a narrow page shows every precision whole
        labels = {c.precision_tier: f"{self._precision_name(c.precision_tier)}\n"
                                    f"({c.weight_format} / KV {c.kv_format})" for c in cells}
        self.table.setHorizontalHeaderLabels([labels[t] for t in tiers])
        self.table.setVerticalHeaderLabels([f"{tier_name(n, window_translate)}  {count(t)}"
                                            for n, t in self.contexts])
        slower = slower_weight_only(cells)
        self.weight_only_note.setVisible(bool(slower))
        for cell in cells:
            marked = (cell.context_tier, cell.precision_tier) in slower
            item = QTableWidgetItem(self._cell_text(cell) + (SLOWER_MARK if marked else ""))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if cell.binding is not None:
                colour = QColor(CEILING_COLOURS[cell.binding])
                colour.setAlpha(CELL_ALPHA)
                item.setBackground(colour)
            item.setToolTip(self._cell_tooltip(cell) + (
                "\n" + QCoreApplication.translate("Grid", WEIGHT_ONLY_NOTE) if marked else ""))
            self.table.setItem(rows.index(cell.context_tier), tiers.index(cell.precision_tier), item)

    def _precision_name(self, tier: str) -> str:
        return tier_name(tier, window_translate) if tier == SCENARIO_TIER else tier.upper()

    def _cell_tooltip(self, cell: GridCell) -> str:
        if cell.past_max_model_len is not None:
            return self.tr("{tokens} tokens per request is past the scenario's --max-model-len of "
                           "{limit}: the engine refuses such requests. Raise Max model length to "
                           "plan for them.").format(tokens=count(cell.context_tokens),
                                                    limit=count(cell.past_max_model_len))
        if cell.past_model_context is not None:
            return self.tr("{tokens} tokens per request is past the model's context of {limit} "
                           "tokens (max_position_embeddings).").format(
                tokens=count(cell.context_tokens), limit=count(cell.past_model_context))
        return self.tr(
            "{tokens} tokens, weights {w}, KV {kv}: {n} requests\n"
            "= min(memory, compute, interconnect ceilings) with the scenario's lengths scaled to a "
            "planning length of {tokens} tokens; the same calculation as the Bottleneck tab").format(
            tokens=count(cell.context_tokens), w=cell.weight_format, kv=cell.kv_format,
            n=count(cell.concurrency))

    def _cell_text(self, cell: GridCell) -> str:
        return grid_cell_text(cell, window_translate, separator="\n")

    def value(self, context_tier: str, precision_tier: str) -> str:
        """The text of one cell (for tests and the report)."""
        rows = [name for name, _ in self.contexts]
        wanted = self._precision_name(precision_tier).lower()
        for column in range(self.table.columnCount()):
            header = self.table.horizontalHeaderItem(column)
            if header is not None and header.text().lower().startswith(wanted):
                item = self.table.item(rows.index(context_tier), column)
                return item.text() if item else ""
        return ""
