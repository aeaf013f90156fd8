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

from gpucalc.core.fleet.fleet import HOURS_PER_MONTH
from gpucalc.core.fleet.sizing import SizingRow, mark_pareto
from gpucalc.core.specs.gpu_spec import GpuSpec, InterconnectKind
from gpucalc.text.answer_text import short_limit_name
from gpucalc.ui.format import count, layout_name, share_text, sig3, window_translate
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP, catalog_display_name

SORT_ROLE = Qt.ItemDataRole.UserRole
QUALITY_CAVEAT_TEXT = QT_TRANSLATE_NOOP(
    "Sizing", "‡ Lower precision than the checkpoint: measure the quantized model's quality on your "
              "own tasks before you plan on it.")
PARETO_LEGEND_TEXT = QT_TRANSLATE_NOOP(
    "Sizing", "Bold rows and ★: the Pareto front — no other option is both cheaper per hour and faster "
              "(lower TPOT).")
FLAG_MARK = " †"
CONSUMER_WORD = "consumer"  # the specs' form_factor names GeForce boards "… consumer"
Index = QModelIndex | QPersistentModelIndex


def scale_up_domain_gpus(gpu: GpuSpec) -> int:
    """GPUs one tensor-parallel group can span on the card's scale-up link (NVLink or similar).

    A PCIe-only card has no scale-up link (domain of 1): tensor parallelism then all-reduces
    over PCIe every layer. Otherwise the spec's ``max_gpus_per_domain`` (one GPU when unknown).
    """
    if gpu.interconnect.kind is InterconnectKind.PCIE:
        return 1
    return gpu.interconnect.max_gpus_per_domain or 1


def layout_caveats(gpu: GpuSpec, tensor_parallel_size: int) -> list[str]:
    """Why a planner would not buy this layout (translated), or [] when nothing stands out."""
    reasons = []
    if CONSUMER_WORD in (gpu.form_factor or "").lower():
        reasons.append(QCoreApplication.translate(
            "Sizing", "consumer card: no data-centre support, warranty or ECC"))
    domain = scale_up_domain_gpus(gpu)
    if tensor_parallel_size > domain:
        if domain == 1:
            reasons.append(QCoreApplication.translate(
                "Sizing", "TP {tp} without NVLink: every layer all-reduces over PCIe").format(
                tp=tensor_parallel_size))
        else:
            reasons.append(QCoreApplication.translate(
                "Sizing", "TP {tp} spans more than the {n}-GPU NVLink domain").format(
                tp=tensor_parallel_size, n=domain))
    return reasons


def shown_rows(rows: list[SizingRow], gpus: dict[str, GpuSpec], hide_flagged: bool) -> list[SizingRow]:
    """``rows`` without flagged layouts when ``hide_flagged``, the Pareto front marked among those shown."""
    if not hide_flagged:
        return rows
    kept = [r for r in rows if r.gpu not in gpus or not layout_caveats(gpus[r.gpu], r.tensor_parallel_size)]
    return mark_pareto([r.model_copy(update={"pareto": False}) for r in kept])


def _money(value: float | None, decimals: int = 2) -> str:
    return "—" if value is None else f"${value:,.{decimals}f}"


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
    left: bool = False  # text columns align left, numbers right


def _per_month(row: SizingRow) -> float | None:
    return None if row.cost_usd_per_hour is None else row.cost_usd_per_hour * HOURS_PER_MONTH


COLUMNS = (
    Column(QT_TRANSLATE_NOOP("Sizing", "GPU"), lambda r: r.gpu_name,
           lambda r: catalog_display_name(r.gpu_name), True),
    Column(QT_TRANSLATE_NOOP("Sizing", "GPUs"), lambda r: r.gpus_total, lambda r: count(r.gpus_total)),
    Column(QT_TRANSLATE_NOOP("Sizing", "$ / month"), lambda r: _per_month(r) or float("inf"),
           lambda r: _money(_per_month(r), 0)),
    # the replicas come right after the cost: whole on a laptop's first view, never cut to "3+"
    Column(QT_TRANSLATE_NOOP("Sizing", "Replicas (N+k)"), lambda r: r.replicas_total,
           lambda r: f"{r.replicas_needed}+{r.replicas_total - r.replicas_needed}"),
    Column(QT_TRANSLATE_NOOP("Sizing", "Weights / KV"), lambda r: f"{r.precision}/{r.kv_format}",
           lambda r: f"{r.precision} / {r.kv_format}" + (" ‡" if r.quantized_below_checkpoint else ""), True),
    Column(QT_TRANSLATE_NOOP("Sizing", "Layout"), lambda r: r.layout, lambda r: layout_name(r.layout), True),
    Column(QT_TRANSLATE_NOOP("Sizing", "TP"), lambda r: r.tensor_parallel_size,
           lambda r: r.layout_text),
    Column(QT_TRANSLATE_NOOP("Sizing", "Concurrency / replica"), lambda r: r.recommended_concurrency,
           lambda r: count(r.recommended_concurrency)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Planned / replica"), lambda r: r.online_capacity,
           lambda r: count(r.online_capacity)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Rate capacity req/s"), lambda r: r.rate_capacity_per_replica,
           lambda r: sig3(r.rate_capacity_per_replica)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Bottleneck"), lambda r: r.bottleneck,
           lambda r: short_limit_name(r.bottleneck, window_translate)),
    Column(QT_TRANSLATE_NOOP("Sizing", "TTFT ms"), lambda r: r.ttft_ms, lambda r: sig3(r.ttft_ms)),
    Column(QT_TRANSLATE_NOOP("Sizing", "TPOT ms"), lambda r: r.tpot_ms, lambda r: sig3(r.tpot_ms)),
    Column(QT_TRANSLATE_NOOP("Sizing", "Utilization"), lambda r: r.utilization,
           lambda r: share_text(r.utilization)),
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
        self.gpus: dict[str, GpuSpec] = {}

    def set_rows(self, rows: list[SizingRow], gpus: dict[str, GpuSpec] | None = None) -> None:
        """Replace all rows; ``gpus`` (by id) lets rows carry their layout caveats."""
        self.beginResetModel()
        self.rows = list(rows)
        self.gpus = dict(gpus or {})
        self.endResetModel()

    def caveats(self, row: SizingRow) -> list[str]:
        """The layout caveats of ``row`` (consumer card, TP past the NVLink domain)."""
        gpu = self.gpus.get(row.gpu)
        return [] if gpu is None else layout_caveats(gpu, row.tensor_parallel_size)

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
        flagged = index.column() == 0 and bool(self.caveats(row))
        values: dict[int, Callable[[], object]] = {
            Qt.ItemDataRole.DisplayRole: lambda: column.text(row) + (FLAG_MARK if flagged else ""),
            SORT_ROLE: lambda: column.raw(row),
            Qt.ItemDataRole.ToolTipRole: lambda: self.tooltip(row),
            Qt.ItemDataRole.TextAlignmentRole: lambda: (
                None if column.left else int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)),
            Qt.ItemDataRole.FontRole: lambda: _bold() if row.pareto else None,
        }
        value = values.get(role)
        return value() if value else None

    def tooltip(self, row: SizingRow) -> str:
        """The row's caveats (†), its Pareto marking and how its GPU count follows."""
        lines = [f"{FLAG_MARK.strip()} {reason}" for reason in self.caveats(row)]
        if row.pareto:
            lines.append(QCoreApplication.translate("Sizing", PARETO_LEGEND_TEXT))
        return "\n".join([*lines, self.explain(row)])

    @staticmethod
    def explain(row: SizingRow) -> str:
        """How this row's GPU count follows from its throughput (and the quality caveat)."""
        caveat = ("\n" + QCoreApplication.translate("Sizing", QUALITY_CAVEAT_TEXT)
                  if row.quantized_below_checkpoint else "")
        if row.layout != "aggregated":
            return QCoreApplication.translate(
                "Sizing", "prefill and decode pools {layout}: replicas of each pool = max(ceil(average "
                "QPS ÷ (watermark × its req/s per replica)), ceil(peak QPS ÷ its req/s)), {n} in all; "
                "+ {k} spare per pool = {total}; GPUs = each pool's replicas × its TP × PP = {gpus}; "
                "cost = GPUs × ${price}/h").format(
                layout=row.layout, n=row.replicas_needed, k=(row.replicas_total - row.replicas_needed) // 2,
                total=row.replicas_total, gpus=row.gpus_total,
                price="—" if row.price_usd_per_gpu_hour is None else f"{row.price_usd_per_gpu_hour:.2f}") \
                + caveat
        return QCoreApplication.translate(
            "Sizing", "replicas = max(ceil(average QPS ÷ {rps} req/s per replica at the watermark), "
            "ceil(peak QPS ÷ req/s at the knee)) = {n}; + {k} spare = {total}; "
            "GPUs = replicas × TP {tp} = {gpus}; cost = GPUs × ${price}/h").format(
            rps=sig3(row.requests_per_s_per_replica), n=row.replicas_needed,
            k=row.replicas_total - row.replicas_needed, total=row.replicas_total,
            tp=row.tensor_parallel_size, gpus=row.gpus_total,
            price="—" if row.price_usd_per_gpu_hour is None else f"{row.price_usd_per_gpu_hour:.2f}") \
            + caveat
