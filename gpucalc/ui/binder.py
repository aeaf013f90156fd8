"""One binder maps declared fields to widgets, both ways, from the pydantic schema.

Types, ranges and "unset" (None) come from the schema; titles/help/units from
:mod:`gpucalc.ui.fields`. Edits go to the controller; values and errors come back from it.
"""

from __future__ import annotations

import types
from enum import Enum
from typing import Any, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.controller import PlanController
from gpucalc.ui.fields import CONTEXT, EDITABLE_CHOICES, UNIT_TEXT, FieldSpec
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip
from gpucalc.ui.theme import ERROR_COLOUR, show_field_error
from gpucalc.ui.undo import HistoryKeysToWindow

Choice = tuple[Any, str]
INT_MAX = 2**31 - 1


def field_info(path: str) -> FieldInfo:
    """The pydantic field at dotted ``path`` of :class:`Scenario`."""
    model: type[BaseModel] = Scenario
    *sections, name = path.split(".")
    for section in sections:
        annotation = model.model_fields[section].annotation
        if get_origin(annotation) in (Union, types.UnionType):  # an optional sub-model
            annotation = next((a for a in get_args(annotation) if a is not type(None)), None)
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            raise TypeError(f"{section} is not a sub-model")
        model = annotation
    return model.model_fields[name]


def value_type(info: FieldInfo) -> tuple[type, bool]:
    """The non-None type of a field and whether None is allowed."""
    annotation = info.annotation
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return args[0], len(args) < len(get_args(annotation))
    if not isinstance(annotation, type):
        raise TypeError(f"unsupported field type {annotation!r}")
    return annotation, False


def bounds(info: FieldInfo) -> tuple[float | None, bool, float | None]:
    """Lower bound, whether it is exclusive, upper bound."""
    low: float | None = None
    exclusive = False
    high: float | None = None
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Gt):
            low, exclusive = float(item.gt), True  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Lt):
            high = float(item.lt)  # type: ignore[arg-type]
    return low, exclusive, high


def tr(text: str) -> str:
    """Translate a declared field string."""
    return QCoreApplication.translate(CONTEXT, text) if text else ""


class Binding:
    """One field and its widget."""

    def __init__(self, spec: FieldSpec, widget: QWidget, optional: bool) -> None:
        self.spec = spec
        self.widget = widget
        self.optional = optional
        self.help = tr(spec.help) or (field_info(spec.path).description or "")
        self.message = PlainLabel()
        self.message.setObjectName(f"{spec.path}.message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {ERROR_COLOUR};")
        self.message.hide()

    def set_value(self, value: Any) -> None:
        """Show ``value`` without emitting edits."""
        w = self.widget
        w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                index = w.findData(value)
                if index >= 0:
                    w.setCurrentIndex(index)
                elif w.isEditable():
                    w.setEditText("" if value is None else str(value))
                line = w.lineEdit()
                if line is not None:
                    line.setCursorPosition(0)  # a name longer than the box shows its start
            elif isinstance(w, QSpinBox):
                w.setValue(w.minimum() if value is None else int(value))
            elif isinstance(w, QDoubleSpinBox):
                w.setValue(w.minimum() if value is None else float(value))
        finally:
            w.blockSignals(False)

    def value(self) -> Any:
        """The value the widget holds, in the schema's terms."""
        w = self.widget
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QComboBox):
            text = w.currentText().strip()
            index = w.currentIndex()
            if w.isEditable() and (index < 0 or w.itemText(index) != w.currentText()):
                found = w.findText(text)
                return w.itemData(found) if found >= 0 else (text or None)
            return w.itemData(index)
        if isinstance(w, QSpinBox | QDoubleSpinBox):
            if self.optional and w.value() == w.minimum():
                return None
            return w.value()
        raise TypeError(type(w))

    def set_error(self, reason: str) -> None:
        """Flag (or clear, with '') the field: a red outline and the reason in words under it."""
        show_field_error(self.widget, bool(reason))
        self.message.setText(reason)
        self.message.setVisible(bool(reason))
        tip = self.help + (f"\n\n⚠ {reason}" if reason else "")
        self.widget.setToolTip(plain_tooltip(tip))
        self.widget.setProperty("fieldError", reason)


class FormBinder(QObject):
    """Create widgets for declared fields and keep them in sync with a controller."""

    errorsShown = Signal(object)  # {path: reason} of the fields just flagged (empty: none)

    def __init__(self, controller: PlanController, choices: dict[str, list[Choice]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.choices = choices
        self.bindings: dict[str, Binding] = {}
        self._history_keys = HistoryKeysToWindow(self)
        controller.fieldErrors.connect(self.show_errors)
        controller.scenarioReplaced.connect(self.refresh)

    def add_rows(self, form: QFormLayout, specs: tuple[FieldSpec, ...],
                 full_width: frozenset[str] = frozenset()) -> None:
        """Add one labelled row per spec to ``form``; the ``full_width`` paths' boxes go under their label."""
        for spec in specs:
            binding = self._create(spec)
            self.bindings[spec.path] = binding
            label = PlainLabel(tr(spec.title))
            label.setBuddy(binding.widget)
            label.setToolTip(plain_tooltip(binding.help))
            if spec.path in full_width:
                form.addRow(label)
                form.addRow(binding.widget)
            else:
                form.addRow(label, binding.widget)
            form.addRow(binding.message)
            binding.set_value(self.controller.draft_value(spec.path))
            binding.set_error("")

    def widget(self, path: str) -> QWidget:
        """The widget bound to ``path``."""
        return self.bindings[path].widget

    def refresh(self, *_: object) -> None:
        """Show the controller's draft in every widget."""
        for path, binding in self.bindings.items():
            binding.set_value(self.controller.draft_value(path))

    def show_errors(self, errors: object) -> None:
        """Flag the fields named in ``errors`` and clear the others."""
        found = errors if isinstance(errors, dict) else {}
        for path, binding in self.bindings.items():
            binding.set_error(str(found.get(path, "")))
        self.errorsShown.emit({path: reason for path, reason in found.items() if path in self.bindings})

    def _edited(self, path: str) -> None:
        self.controller.set_field(path, self.bindings[path].value())

    def _create(self, spec: FieldSpec) -> Binding:
        info = field_info(spec.path)
        kind, optional = value_type(info)
        widget: QWidget
        if spec.choices or issubclass(kind, Enum):
            widget = self._combo(spec)
        elif kind is bool:
            box = QCheckBox()
            box.toggled.connect(lambda _=False, p=spec.path: self._edited(p))
            widget = box
        else:
            widget = self._spin(spec, info, kind, optional)
        widget.setObjectName(spec.path)
        widget.installEventFilter(self._history_keys)
        line = widget.lineEdit() if isinstance(widget, QComboBox) else None
        if line is not None:
            line.installEventFilter(self._history_keys)
        return Binding(spec, widget, optional)

    def _combo(self, spec: FieldSpec) -> QComboBox:
        combo = QComboBox()
        for value, label in self.choices.get(spec.choices, []):
            combo.addItem(label, value)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        if spec.choices in EDITABLE_CHOICES:
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            completer = combo.completer()
            if completer is not None:
                completer.setFilterMode(Qt.MatchFlag.MatchContains)
                completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            combo.activated.connect(lambda _=0, p=spec.path: self._edited(p))
            line = combo.lineEdit()
            if line is not None:
                line.editingFinished.connect(lambda p=spec.path: self._edited(p))
        else:
            combo.currentIndexChanged.connect(lambda _=0, p=spec.path: self._edited(p))
        return combo

    def _spin(self, spec: FieldSpec, info: FieldInfo, kind: type, optional: bool) -> QAbstractSpinBox:
        low, exclusive, high = bounds(info)
        spin: QSpinBox | QDoubleSpinBox
        if kind is int:
            spin = QSpinBox()
            lowest = int(low if low is not None else 0) + (1 if exclusive else 0)
            spin.setRange(lowest - (1 if optional else 0), int(min(high or INT_MAX, INT_MAX)))
            spin.valueChanged.connect(lambda _=0, p=spec.path: self._edited(p))
        else:
            spin = QDoubleSpinBox()
            spin.setDecimals(spec.decimals)
            step = 10.0 ** -spec.decimals
            minimum = (low or 0.0) + (step if exclusive else 0.0)
            spin.setRange(minimum - (step if optional else 0.0), high or 1e9)
            spin.setSingleStep(0.05 if (high or 2) <= 1 else (10.0 if spec.decimals == 0 else 1.0))
            spin.valueChanged.connect(lambda _=0.0, p=spec.path: self._edited(p))
        spin.setGroupSeparatorShown(True)
        spin.setAccelerated(True)
        if optional:
            spin.setSpecialValueText(tr(spec.auto))
        if spec.unit:
            spin.setSuffix(" " + QCoreApplication.translate("Units", UNIT_TEXT.get(spec.unit) or spec.unit))
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        return spin
