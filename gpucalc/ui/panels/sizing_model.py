"""The sizing table as a Qt model: one row per GPU × precision × layout, sortable by raw value."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from gpucalc.core.perf_result import CeilingKind
from gpucalc.core.sizing import SizingRow
from gpucalc.ui.format import count, kind_name, sig3
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

SORT_ROLE = Qt.ItemDataRole.UserRole
QUALITY_CAVEAT_TEXT = QT_TRANSLATE_NOOP(
    "Sizing", "‡ Lower precision than the checkpoint: measure the quantized model's quality on your "
              "own tasks before you plan on it.")
Index = QModelIndex | QPersistentModelIndex


def _money(value: float | None) -> str:
    return "—" if value is None else f"${value:,.2f}"


def _bold() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


@dataclass(frozen=True)
class Column:
    """One column: header, raw value (for sorting) and text."""

    header: str
    raw: Callable[[SizingRow], float | str]
    text: Callable[[SizingRow], str]


COLUMNS = (
    Column(QT_TRANSLATE_NOOP("Sizing", "GPU"), lambda r: r.gpu_name, lambda r: r.gpu_name),
    Column(QT_TRANSLATE_NOOP("Sizing", "Weights / KV"), lambda r: f"{r.precision}/{r.kv_format}",
           lambda r: f"{r.precision} / {r.kv_format}" + (" ‡" if r.quantized_below_checkpoint else "")),
    Column(QT_TRANSLATE_NOOP("Sizing", "TP"), lambda r: r.tensor_parallel_size,
           lambda r: str(r.tensor_parallel_size)),
    Column(QT_TRANSLATE_NOOP("Sizing", "GPUs"), lambda r: r.gpus_total, lambda r: count(r.gpus_total)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Replicas (N+k)"), lambda r: r.replicas_total,
           lambda r: f"{r.replicas_needed}+{r.replicas_total - r.replicas_needed}"),
    Column(QT_TRANSLATE_NOOP("Sizing", "Knee / replica"), lambda r: r.recommended_concurrency,
           lambda r: count(r.recommended_concurrency)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Online / replica"), lambda r: r.online_capacity,
           lambda r: count(r.online_capacity)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Bottleneck"), lambda r: r.bottleneck,
           lambda r: kind_name(CeilingKind(r.bottleneck))),
    Column(QT_TRANSLATE_NOOP("Sizing", "TTFT ms"), lambda r: r.ttft_ms, lambda r: sig3(r.ttft_ms)),
    Column(QT_TRANSLATE_NOOP("Sizing", "TPOT ms"), lambda r: r.tpot_ms, lambda r: sig3(r.tpot_ms)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Utilization"), lambda r: r.utilization,
           lambda r: f"{r.utilization:.0%}"),
    Column(QT_TRANSLATE_NOOP("Sizing", "$ / hour"), lambda r: r.cost_usd_per_hour or float("inf"),
           lambda r: _money(r.cost_usd_per_hour)),
    Column(QT_TRANSLATE_NOOP("Sizing", "$ / M output tokens"),
           lambda r: r.cost_usd_per_million_output_tokens or float("inf"),
           lambda r: _money(r.cost_usd_per_million_output_tokens)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Pareto"), lambda r: 0 if r.pareto else 1,
           lambda r: "★" if r.pareto else ""),
)


class SizingTableModel(QAbstractTableModel):
    """Rows of :class:`SizingRow`; ``SORT_ROLE`` gives the raw value of a cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[SizingRow] = []

    def set_rows(self, rows: list[SizingRow]) -> None:
        """Replace all rows."""
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows of the table."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Columns of the table."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Translated column headers."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("Sizing", COLUMNS[section].header)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Text, raw sort value, alignment and the Pareto rows in bold."""
        if not index.isValid():
            return None
        row, column = self.rows[index.row()], COLUMNS[index.column()]
        values: dict[int, Callable[[], object]] = {
            Qt.ItemDataRole.DisplayRole: lambda: column.text(row),
            SORT_ROLE: lambda: column.raw(row),
            Qt.ItemDataRole.ToolTipRole: lambda: self.explain(row),
            Qt.ItemDataRole.TextAlignmentRole: lambda: (
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if index.column() > 1 else None),
            Qt.ItemDataRole.FontRole: lambda: _bold() if row.pareto else None,
        }
        value = values.get(role)
        return value() if value else None

    @staticmethod
    def explain(row: SizingRow) -> str:
        """How this row's GPU count follows from its throughput (and the quality caveat)."""
        caveat = ("\n" + QCoreApplication.translate("Sizing", QUALITY_CAVEAT_TEXT)
                  if row.quantized_below_checkpoint else "")
        return QCoreApplication.translate(
            "Sizing", "replicas = max(ceil(average QPS ÷ {rps} req/s per replica at the watermark), "
            "ceil(peak QPS ÷ req/s at the knee)) = {n}; + {k} spare = {total}; "
            "GPUs = replicas × TP {tp} = {gpus}; cost = GPUs × ${price}/h").format(
            rps=sig3(row.requests_per_s_per_replica), n=row.replicas_needed,
            k=row.replicas_total - row.replicas_needed, total=row.replicas_total,
            tp=row.tensor_parallel_size, gpus=row.gpus_total,
            price="—" if row.price_usd_per_gpu_hour is None else f"{row.price_usd_per_gpu_hour:.2f}") \
            + caveat
