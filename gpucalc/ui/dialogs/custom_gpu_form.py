"""The fields of a custom GPU as a form: spin boxes with units and ranges, errors at the field.

Numbers shown as "—" (the spin box at 0) mean "not given": no TFLOPS figure for that precision,
unknown bandwidth or price. The form starts from a catalog GPU and keeps its other fields
(vendor, PCIe, sources) in the spec it builds.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.gpu_spec import GpuSpec, InterconnectKind
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip

DTYPES = ("fp32", "tf32", "fp16", "bf16", "fp8", "int8", "fp4", "int4")
LINK_NAMES = {
    InterconnectKind.NVLINK: QT_TRANSLATE_NOOP("CustomGpuForm", "NVLink (switch or board)"),
    InterconnectKind.NVLINK_BRIDGE: QT_TRANSLATE_NOOP("CustomGpuForm", "NVLink bridge (pairs)"),
    InterconnectKind.PCIE: QT_TRANSLATE_NOOP("CustomGpuForm", "PCIe only"),
    InterconnectKind.XGMI: QT_TRANSLATE_NOOP("CustomGpuForm", "xGMI (AMD Infinity Fabric)"),
    InterconnectKind.HCCS: QT_TRANSLATE_NOOP("CustomGpuForm", "HCCS (Huawei Ascend)"),
    InterconnectKind.ROCE: QT_TRANSLATE_NOOP("CustomGpuForm", "RoCE network"),
}
"""The interconnect kinds as the form lists them (the entry keeps the kind's id)."""

ERROR_STYLE = "background-color: #ffcdcd;"
NumberBox = QDoubleSpinBox | QSpinBox


def _number(unit: str, maximum: float, decimals: int = 1, optional: bool = True) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.0, maximum)
    box.setDecimals(decimals)
    box.setSuffix(f" {unit}")
    box.setAccelerated(True)
    box.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
    if optional:
        box.setSpecialValueText("—")
    return box


class CustomGpuForm(QWidget):
    """Edits one GPU's planning fields; :meth:`spec_data` gives the entry to validate."""

    def __init__(self, base: GpuSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.base = base
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.memory_gb = _number("GB", 4096, optional=False)
        self.usable_gib = _number("GiB", 4096, decimals=2, optional=False)
        self.tflops = {dtype: _number("TFLOPS", 100_000) for dtype in DTYPES}
        self.hbm = _number("GB/s", 100_000, decimals=0)
        self.link_kind = QComboBox()
        for kind in InterconnectKind:
            self.link_kind.addItem(QCoreApplication.translate("CustomGpuForm", LINK_NAMES[kind]), kind.value)
        self.link_bw = _number("GB/s", 100_000, decimals=0)
        self.gpus_per_server = QSpinBox()
        self.gpus_per_server.setRange(0, 4096)
        self.gpus_per_server.setSpecialValueText("—")
        self.price = _number("$/h", 10_000, decimals=2)
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self._layout()
        self.fields: dict[str, QWidget] = {
            "id": self.id_edit, "name": self.name_edit, "memory_gb": self.memory_gb,
            "usable_memory_gib": self.usable_gib, "hbm_bandwidth_gb_per_s": self.hbm,
            "interconnect.kind": self.link_kind, "interconnect.bidir_gb_per_s": self.link_bw,
            "interconnect.max_gpus_per_domain": self.gpus_per_server, "price": self.price,
            **{f"dense_tflops.{dtype}": box for dtype, box in self.tflops.items()},
        }
        self._tips = {path: widget.toolTip() for path, widget in self.fields.items()}
        self.load(base)

    def _layout(self) -> None:
        form = QFormLayout(self)
        form.addRow(self.tr("&ID:"), self.id_edit)
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Memory (marketing):"), self.memory_gb)
        form.addRow(self.tr("&Usable memory:"), self.usable_gib)
        for dtype, box in self.tflops.items():
            form.addRow(self.tr("Dense {dtype}:").format(dtype=dtype.upper()), box)
        form.addRow(self.tr("HBM &bandwidth:"), self.hbm)
        form.addRow(self.tr("&Interconnect:"), self.link_kind)
        form.addRow(self.tr("&Link bandwidth (bidir.):"), self.link_bw)
        form.addRow(self.tr("&GPUs per link domain:"), self.gpus_per_server)
        form.addRow(self.tr("&Price per GPU-hour:"), self.price)
        form.addRow(self.error)
        self.id_edit.setToolTip(self.tr("Lower-case letters, digits, '.' and '-'; the id it is saved under"))
        self.usable_gib.setToolTip(self.tr("Total memory as the driver reports it (nvidia-smi)"))
        self.gpus_per_server.setToolTip(self.tr(
            "GPUs the fast link joins: 2 for an NVLink bridge pair, 8 for an NVLink board, 72 for "
            "an NVL72 rack; tensor parallelism past it runs over PCIe"))

    def load(self, gpu: GpuSpec) -> None:
        """Fill the form from ``gpu`` (it becomes the base for the other fields)."""
        self.base = gpu
        self.id_edit.setText(f"{gpu.id}-custom")
        self.name_edit.setText(self.tr("{name} (custom)").format(name=gpu.name))
        self.memory_gb.setValue(gpu.memory_gb)
        self.usable_gib.setValue(gpu.usable_memory_gib)
        for dtype, box in self.tflops.items():
            box.setValue(getattr(gpu.dense_tflops, dtype) or 0.0)
        self.hbm.setValue(gpu.hbm_bandwidth_gb_per_s or 0.0)
        self.link_kind.setCurrentIndex(self.link_kind.findData(gpu.interconnect.kind.value))
        self.link_bw.setValue(gpu.interconnect.bidir_gb_per_s or 0.0)
        self.gpus_per_server.setValue(gpu.interconnect.max_gpus_per_domain or 0)
        self.price.setValue(gpu.usable_price_usd_per_hour or 0.0)
        self.show_errors({})

    @staticmethod
    def _optional(box: NumberBox) -> float | None:
        value = box.value()
        return None if value == box.minimum() and box.specialValueText() else float(value)

    def spec_data(self) -> dict[str, Any]:
        """The GPU entry the form describes (base fields kept), as JSON-form data."""
        data: dict[str, Any] = self.base.model_dump(mode="json")
        price = self._optional(self.price)
        gpus = self._optional(self.gpus_per_server)
        data.update({
            "id": self.id_edit.text().strip(), "name": self.name_edit.text().strip(), "aliases": [],
            "memory_gb": self.memory_gb.value(), "usable_memory_gib": self.usable_gib.value(),
            "usable_memory_basis": self.tr("entered by the user"),
            "hbm_bandwidth_gb_per_s": self._optional(self.hbm),
            "dense_tflops": {dtype: self._optional(box) for dtype, box in self.tflops.items()},
            "interconnect": {**data["interconnect"], "kind": self.link_kind.currentData(),
                             "bidir_gb_per_s": self._optional(self.link_bw),
                             "max_gpus_per_domain": None if gpus is None else int(gpus)},
            "price": None if price is None else {"usd_per_gpu_hour": price, "date": date.today().isoformat(),
                                                  "basis": self.tr("entered by the user")},
            "notes": self.tr("Custom GPU based on {name}.").format(name=self.base.name),
        })
        return data

    def form_problems(self) -> dict[str, str]:
        """Problems pydantic does not see: an empty name, no TFLOPS figure at all."""
        problems: dict[str, str] = {}
        if not self.name_edit.text().strip():
            problems["name"] = self.tr("Give the GPU a name.")
        if all(self._optional(box) is None for box in self.tflops.values()):
            problems["dense_tflops.bf16"] = self.tr("Give at least one dense TFLOPS figure.")
        return problems

    def show_errors(self, errors: dict[str, str]) -> None:
        """Mark the fields in ``errors`` (field path → reason) red with the reason; clear the rest."""
        marked: dict[str, str] = {}
        for path, reason in errors.items():
            owner = self.field_path(path)
            if owner is not None:
                marked.setdefault(owner, reason)
        for path, widget in self.fields.items():
            reason = marked.get(path, "")
            widget.setStyleSheet(ERROR_STYLE if reason else "")
            widget.setToolTip(plain_tooltip(reason or self._tips.get(path, "")))
        lines = [f"{self.field_label(path)}: {reason}" for path, reason in errors.items()]
        self.error.setText("\n".join(lines))

    def field_label(self, path: str) -> str:
        """The form's label of the field at ``path`` (without mnemonic and colon), else the path."""
        owner = self.field_path(path)
        layout = self.layout()
        if owner is None or not isinstance(layout, QFormLayout):
            return path
        label = layout.labelForField(self.fields[owner])
        if not isinstance(label, QLabel):
            return path
        return label.text().replace("&", "").rstrip(":")

    def field_path(self, path: str) -> str | None:
        """The form field editing ``path`` (the nearest enclosing one for nested paths)."""
        while path:
            if path in self.fields:
                return path
            path = path.rpartition(".")[0]
        return None
