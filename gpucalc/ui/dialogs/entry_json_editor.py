"""Side pane: the selected entry as JSON, for the fields the table has no column for."""

from __future__ import annotations

import json

from pydantic import BaseModel
from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from gpucalc.ui.plain_text import PlainLabel


class EntryJsonEditor(QWidget):
    """A JSON text box with an Apply button; ``applyRequested(text)`` when pressed."""

    applyRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QPlainTextEdit()
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setTabChangesFocus(True)
        self.text.setAccessibleName(self.tr("Entry as JSON"))
        self.apply_button = QPushButton(self.tr("Apply JSON"))
        self.apply_button.setAutoDefault(False)
        self.apply_button.setToolTip(self.tr("Validate the JSON and save it as your entry"))
        self.apply_button.clicked.connect(lambda: self.applyRequested.emit(self.text.toPlainText()))
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(PlainLabel(self.tr("All fields (JSON):")))
        layout.addWidget(self.text, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.apply_button)

    def show_entry(self, entry: BaseModel | None, editable: bool) -> None:
        """Show ``entry`` (or nothing) and clear the last error."""
        data = None if entry is None else entry.model_dump(mode="json")
        text = "" if data is None else json.dumps(data, indent=2, ensure_ascii=False)
        self.text.setPlainText(text)
        self.text.setReadOnly(not editable)
        self.apply_button.setEnabled(editable)
        self.error.clear()

    def show_error(self, reason: str) -> None:
        """Say why the JSON was not saved."""
        self.error.setText(reason)
