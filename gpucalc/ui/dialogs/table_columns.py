"""Which fields of each spec table are shown as columns, and how a cell edit changes an entry.

Columns name a dotted field path in the entry's JSON form (``dense_tflops.bf16``). Read-only
columns may instead be derived from the layered catalog (a model's parsed architecture, the price
a GPU ends up with). No Qt here apart from the translation marker.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.tables import table_spec, unwrap_optional
from gpucalc.core.specs.price import USD
from gpucalc.text.prices import money
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "SpecTableModel"

Derive = Callable[[Catalog, str], Any]


@dataclass(frozen=True)
class ColumnSpec:
    """One column: its header (marked for translation), unit and field path or derivation."""

    header: str
    path: str = ""
    unit: str = ""
    derive: Derive | None = None
    tooltip: str = ""

    @property
    def editable(self) -> bool:
        """Whether a cell edit writes to the entry (id columns and derived columns do not)."""
        return self.derive is None and self.path not in ("", "id", "gpu_id")


def _model_attr(name: str) -> Derive:
    def derive(catalog: Catalog, entry_id: str) -> Any:
        return getattr(catalog.model(entry_id), name)
    return derive


def _effective_price(catalog: Catalog, entry_id: str) -> Any:
    gpu = catalog.gpus.get(entry_id)
    return None if gpu is None else gpu.usable_price_usd_per_hour


def _quoted_price(catalog: Catalog, entry_id: str) -> Any:
    """A non-USD price as quoted: '¥7.80 ÷ 6.6921 (2026-10-10)'; None for a USD price."""
    gpu = catalog.gpus.get(entry_id)
    price = None if gpu is None else gpu.price
    if price is None or price.currency == USD or price.amount_per_gpu_hour is None:
        return None
    amount = money(price.amount_per_gpu_hour, price.currency)
    return f"{amount} ÷ {price.fx_units_per_usd:g} ({price.fx_date})"


_CURRENCY_FIELDS = ("amount_per_gpu_hour", "fx_units_per_usd", "fx_date", "fx_source")


_ARCH_TIP = QT_TRANSLATE_NOOP("SpecTableModel",
                              "Parsed from the model's config; edit the config in the JSON pane.")

COLUMNS: dict[str, tuple[ColumnSpec, ...]] = {
    "gpus": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Name"), "name"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Memory"), "usable_memory_gib", "GiB"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "BF16 dense"), "dense_tflops.bf16", "TFLOPS"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Bandwidth"), "hbm_bandwidth_gb_per_s", "GB/s"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Interconnect"), "interconnect.kind"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Link (bidir.)"), "interconnect.bidir_gb_per_s",
                   "GB/s"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Price"), unit="$/h", derive=_effective_price,
                   tooltip=QT_TRANSLATE_NOOP("SpecTableModel",
                                             "The price the plan uses; edit it in the Prices tab.")),
    ),
    "models": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Name"), "name"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Params"), "published_params.total_b", "B"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Layers"), derive=_model_attr("num_layers"),
                   tooltip=_ARCH_TIP),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Hidden"), derive=_model_attr("hidden_size"),
                   tooltip=_ARCH_TIP),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Heads"), derive=_model_attr("num_attention_heads"),
                   tooltip=_ARCH_TIP),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "KV heads"), derive=_model_attr("num_kv_heads"),
                   tooltip=_ARCH_TIP),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Context"),
                   derive=_model_attr("max_position_embeddings"),
                   unit="tokens", tooltip=_ARCH_TIP),
    ),
    "engines": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Name"), "name"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Version"), "version"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Memory fraction"), "default_memory_fraction"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "GEMM eff."), "efficiency.gemm_compute"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Attention eff."), "efficiency.attention_compute"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Memory BW eff."), "efficiency.memory_bandwidth"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Comm. BW eff."), "efficiency.comm_bandwidth"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Comm. latency"), "efficiency.comm_latency_us", "µs"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Step overhead"), "efficiency.step_overhead_ms", "ms"),
    ),
    "weight_formats": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Label"), "label"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Bits per weight"), "bits_per_weight", "bit"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Compute dtype"), "compute_dtype"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Tier"), "tier"),
    ),
    "kv_formats": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Label"), "label"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Bytes per element"), "bytes_per_element", "B"),
    ),
    "prices": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "GPU ID"), "gpu_id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Price"), "usd_per_gpu_hour", "$/h"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Date"), "date"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Basis"), "basis"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "As quoted"), derive=_quoted_price,
                   tooltip=QT_TRANSLATE_NOOP(
                       "SpecTableModel", "A price quoted in another currency, with the rate it is "
                       "converted to USD at; edit it in the JSON pane. Typing a price in $/h makes "
                       "it a USD price.")),
    ),
    "networks": (
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "ID"), "id"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Name"), "name"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Kind"), "kind"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "NIC line rate"), "nic_line_rate_gbit_per_s",
                   "Gb/s"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "NICs per GPU"), "nics_per_gpu"),
        ColumnSpec(QT_TRANSLATE_NOOP("SpecTableModel", "Latency"), "latency_us", "µs"),
    ),
}

TABLE_TITLES: dict[str, str] = {
    "gpus": QT_TRANSLATE_NOOP("SpecTableModel", "GPUs"),
    "models": QT_TRANSLATE_NOOP("SpecTableModel", "Models"),
    "engines": QT_TRANSLATE_NOOP("SpecTableModel", "Engines"),
    "weight_formats": QT_TRANSLATE_NOOP("SpecTableModel", "Weight formats"),
    "kv_formats": QT_TRANSLATE_NOOP("SpecTableModel", "KV formats"),
    "prices": QT_TRANSLATE_NOOP("SpecTableModel", "Prices"),
    "networks": QT_TRANSLATE_NOOP("SpecTableModel", "Networks"),
}


def value_at(data: Mapping[str, Any], path: str) -> Any:
    """The value at dotted ``path`` in a JSON-form entry (None where a part is missing)."""
    value: Any = data
    for part in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


def field_is_optional(model: type[BaseModel], path: str) -> bool:
    """Whether the field at dotted ``path`` of ``model`` accepts None."""
    current: type[BaseModel] = model
    parts = path.split(".")
    for index, part in enumerate(parts):
        info = current.model_fields.get(part)
        if info is None:
            return False
        if index == len(parts) - 1:
            return unwrap_optional(info.annotation) is not info.annotation
        inner = unwrap_optional(info.annotation)
        if not (isinstance(inner, type) and issubclass(inner, BaseModel)):
            return False
        current = inner
    return False


def edited_entry_data(table: str, entry: BaseModel, path: str, text: str) -> dict[str, Any]:
    """The JSON form of ``entry`` with the cell at ``path`` set from the typed ``text``.

    An empty cell means "not given" (None) for optional fields; other text goes to validation
    as typed, so pydantic parses numbers and enum values and words the reasons.
    """
    data = copy.deepcopy(entry.model_dump(mode="json"))
    stripped = text.strip()
    value: Any = None if stripped == "" and field_is_optional(table_spec(table).model, path) else stripped
    *parents, leaf = path.split(".")
    target = data
    for part in parents:
        if not isinstance(target.get(part), dict):
            target[part] = {}
        target = target[part]
    target[leaf] = value
    if table == "prices" and path == "usd_per_gpu_hour":  # a typed $/h price is a USD price
        data.update({"currency": USD, **dict.fromkeys(_CURRENCY_FIELDS)})
    return data


def display_text(value: Any) -> str:
    """A cell value as shown: numbers without needless zeros, None as empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.10g}"
    return str(value)
