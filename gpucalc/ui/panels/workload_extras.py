"""Workload helpers above the workload form: presets and the mixed request classes editor."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.specs.presets import PRESETS, preset_id
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.controller import PlanController
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP
from gpucalc.ui.plain_text import PlainLabel

PRESET_NAMES = {
    "short_qa": QT_TRANSLATE_NOOP("Presets", "Short Q&A / chatbot"),
    "long_document": QT_TRANSLATE_NOOP("Presets", "Long-document analysis"),
    "rag": QT_TRANSLATE_NOOP("Presets", "RAG (retrieved context)"),
    "multi_turn_chat": QT_TRANSLATE_NOOP("Presets", "Multi-turn chat (8 turns)"),
    "mixed": QT_TRANSLATE_NOOP("Presets", "Mixed: 80 % short, 20 % long"),
    "offline_batch": QT_TRANSLATE_NOOP("Presets", "Offline batch"),
}
CLASS_FIELDS = ("name", "share", "input_len", "output_len")


class PresetPicker(QComboBox):
    """Choosing a preset replaces the workload; editing a field shows 'custom'."""

    def __init__(self, controller: PlanController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.addItem(self.tr("custom"), "")
        for key in PRESETS:
            self.addItem(QCoreApplication.translate("Presets", PRESET_NAMES[key]), key)
        self.setToolTip(self.tr("Start from a typical traffic shape, then enter your own P50/P95."))
        self.activated.connect(self._chosen)
        controller.scenarioReplaced.connect(self.sync)
        controller.resultReady.connect(self.sync)
        self.sync()

    def sync(self, *_: object) -> None:
        """Show the preset the current workload equals."""
        self.blockSignals(True)
        self.setCurrentIndex(max(self.findData(preset_id(self.controller.scenario.workload)), 0))
        self.blockSignals(False)

    def _chosen(self, index: int) -> None:
        key = self.itemData(index)
        if key:
            self.controller.set_scenario(self.controller.scenario.model_copy(
                update={"workload": PRESETS[key]}))


class ClassesEditor(QWidget):
    """Request classes of a mixed workload: name, share, input and output tokens."""

    def __init__(self, controller: PlanController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.table = QTableWidget(0, len(CLASS_FIELDS))
        self.table.setHorizontalHeaderLabels([self.tr("Class"), self.tr("Share"), self.tr("Input"),
                                              self.tr("Output")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setMaximumHeight(130)
        self.table.setToolTip(self.tr("Mixed traffic: each class's share of requests and its lengths "
                                      "(tokens). Shares must add up to 1. The memory ceiling plans for "
                                      "the longest class."))
        add = QPushButton(self.tr("Add class"))
        remove = QPushButton(self.tr("Remove class"))
        add.clicked.connect(self.add_class)
        remove.clicked.connect(self.remove_class)
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        self.table.itemChanged.connect(self._edited)
        controller.scenarioReplaced.connect(self.load)
        controller.fieldErrors.connect(self._errors)
        self.load(controller.scenario)

    def load(self, scenario: object) -> None:
        """Show the classes of ``scenario``."""
        if isinstance(scenario, Scenario):
            self._show_rows([c.model_dump() for c in scenario.workload.classes])

    def _show_rows(self, rows: list[dict[str, Any]]) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, name in enumerate(CLASS_FIELDS):
                item = QTableWidgetItem(str(row[name]))
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.blockSignals(False)

    def rows(self) -> list[dict[str, Any]]:
        """The classes as typed (numbers parsed where possible)."""
        rows = []
        for r in range(self.table.rowCount()):
            row: dict[str, Any] = {}
            for c, name in enumerate(CLASS_FIELDS):
                item = self.table.item(r, c)
                text = item.text().strip() if item else ""
                row[name] = text if name == "name" else _number(text)
            rows.append(row)
        return rows

    def add_class(self) -> None:
        """Add a class; the first two split the traffic evenly."""
        wl = self.controller.scenario.workload
        rows = self.rows() or [{"name": "main", "share": 1.0, "input_len": wl.input_len_p50,
                                "output_len": wl.output_len_p50}]
        rows.append({"name": f"class {len(rows) + 1}", "share": 0.0, "input_len": wl.input_p95,
                     "output_len": wl.output_p95})
        even = round(1.0 / len(rows), 4)
        for row in rows:
            row["share"] = even
        rows[-1]["share"] = round(1.0 - even * (len(rows) - 1), 4)
        self._apply(rows)
        self._show_rows(rows)

    def remove_class(self) -> None:
        """Remove the selected (or last) class; one left means no classes."""
        rows = self.rows()
        if not rows:
            return
        index = self.table.currentRow() if self.table.currentRow() >= 0 else len(rows) - 1
        rows.pop(index)
        if len(rows) == 1:
            rows = []
        elif rows:
            total = sum(float(r["share"]) for r in rows if isinstance(r["share"], float | int)) or 1.0
            for row in rows:  # a share typed as text stays as typed (the field shows why it is wrong)
                if isinstance(row["share"], float | int):
                    row["share"] = round(float(row["share"]) / total, 4)
        self._apply(rows)
        self._show_rows(rows)

    def _edited(self, _item: QTableWidgetItem) -> None:
        self._apply(self.rows())

    def _apply(self, rows: list[dict[str, Any]]) -> None:
        self.controller.set_field("workload.classes", rows)

    def _errors(self, errors: object) -> None:
        message = ""
        if isinstance(errors, dict):
            message = next((str(v) for k, v in errors.items() if str(k).startswith("workload")
                            and ("class" in str(k) or "share" in str(v))), "")
        self.error.setText(message)
        self.error.setVisible(bool(message))


def _number(text: str) -> float | int | str:
    """A typed cell as a number; text that is not a finite number stays text."""
    try:
        value = float(text)
    except ValueError:
        return text
    if not math.isfinite(value):
        return text
    return int(value) if value.is_integer() and "." not in text else value
