"""The custom-GPU editor: start from a catalog GPU, change what differs, use it in the plan.

OK gives a :class:`GpuSpec` (``dialog.gpu``) for ``Scenario.custom_gpu``; with "Save to my GPU
table" ticked it is also written as a user GPU entry through the :class:`UserStore`.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.tables import TableValidationError, validate_entry
from gpucalc.catalog.user_store import UserStore, UserStoreError
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.ui.dialogs.custom_gpu_form import CustomGpuForm
from gpucalc.ui.failures import failure_reason


class CustomGpuDialog(QDialog):
    """Edit a GPU's planning figures; ``gpuSaved(id)`` after saving it to the user's table."""

    gpuSaved = Signal(str)

    def __init__(self, catalog: Catalog, base_gpu_id: str, store: UserStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Custom GPU"))
        self.catalog = catalog
        self.store = store
        self.gpu: GpuSpec | None = None
        self.base_combo = QComboBox()
        for gpu in sorted(catalog.gpus.values(), key=lambda g: g.name.lower()):
            self.base_combo.addItem(gpu.name, gpu.id)
        start = catalog.gpu(base_gpu_id) if base_gpu_id else next(iter(catalog.gpus.values()))
        self.base_combo.setCurrentIndex(self.base_combo.findData(start.id))
        self.form = CustomGpuForm(start)
        self.base_combo.currentIndexChanged.connect(self._base_changed)
        self.save_check = QCheckBox(self.tr("&Save to my GPU table (replaces an entry with the same id)"))
        self.save_check.setEnabled(store is not None)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._build()

    def _build(self) -> None:
        top = QFormLayout()
        top.addRow(self.tr("Start &from:"), self.base_combo)
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.save_check)
        layout.addWidget(self.buttons)
        self.resize(520, 640)

    def _base_changed(self, _index: int) -> None:
        self.form.load(self.catalog.gpus[str(self.base_combo.currentData())])

    def gpu_spec(self) -> GpuSpec | None:
        """The GPU the form describes, or None with the problems marked at their fields."""
        problems = self.form.form_problems()
        try:
            entry = validate_entry("gpus", self.form.spec_data())
        except TableValidationError as exc:
            problems.setdefault(exc.field or "id", exc.reason)
            entry = None
        if problems or not isinstance(entry, GpuSpec):
            self.form.show_errors(problems)
            return None
        self.form.show_errors({})
        return entry

    def save_to_table(self, gpu: GpuSpec) -> bool:
        """Write ``gpu`` as the user's GPU entry; the reason shows under the form if not."""
        if self.store is None:
            return False
        try:
            self.store.put_entry("gpus", gpu)
        except (TableValidationError, UserStoreError, OSError) as exc:
            self.form.error.setText(self.tr("Not saved: {reason}").format(reason=failure_reason(exc)))
            return False
        self.gpuSaved.emit(gpu.id)
        return True

    def accept(self) -> None:
        """Close with the GPU when it is valid (and saved, when asked); stay open otherwise."""
        gpu = self.gpu_spec()
        if gpu is None:
            return
        if self.save_check.isChecked() and not self.save_to_table(gpu):
            return
        self.gpu = gpu
        super().accept()
