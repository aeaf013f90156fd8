"""Qt table model over one spec table: origin marker, key columns, per-cell validation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.tables import TableValidationError, validate_entry
from gpucalc.catalog.user_store import UserStoreError
from gpucalc.ui.dialogs.table_columns import (
    COLUMNS,
    CONTEXT,
    ColumnSpec,
    display_text,
    edited_entry_data,
    value_at,
)
from gpucalc.ui.dialogs.table_rows import RowOrigin, TableRow
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP, catalog_display_name

ORIGIN_COLUMN = 0
ERROR_BRUSH = QBrush(QColor(255, 205, 205))
EDITED_BRUSH = QBrush(QColor(255, 244, 214))
ADDED_BRUSH = QBrush(QColor(222, 244, 222))
HIDDEN_BRUSH = QBrush(QColor(128, 128, 128))
ENTRY_ID_ROLE = Qt.ItemDataRole.UserRole + 1

ORIGIN_TEXT: dict[RowOrigin, str] = {
    RowOrigin.BUNDLED: QT_TRANSLATE_NOOP("SpecTableModel", "bundled"),
    RowOrigin.EDITED: QT_TRANSLATE_NOOP("SpecTableModel", "edited"),
    RowOrigin.ADDED: QT_TRANSLATE_NOOP("SpecTableModel", "added"),
    RowOrigin.HIDDEN: QT_TRANSLATE_NOOP("SpecTableModel", "hidden"),
}

SaveEntry = Callable[[BaseModel], None]
Index = QModelIndex | QPersistentModelIndex


VALUE_WORDS = {
    "high": QT_TRANSLATE_NOOP("SpecTableModel", "high"),
    "medium": QT_TRANSLATE_NOOP("SpecTableModel", "medium"),
    "low": QT_TRANSLATE_NOOP("SpecTableModel", "low"),
}
"""Enumerated cell values shown in words of the window's language (edited as stored)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class SpecTableModel(QAbstractTableModel):
    """Rows of one table; a valid cell edit is handed to ``save``, an invalid one is marked.

    Invalid cells keep the typed text, turn red and carry the reason as their tooltip; nothing
    is saved for them. Marks are keyed by entry id and field, so sorting keeps them in place.
    """

    def __init__(self, table: str, save: SaveEntry, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.columns: tuple[ColumnSpec, ...] = COLUMNS[table]
        self._save = save
        self._rows: list[TableRow] = []
        self._dumps: dict[str, dict[str, Any]] = {}
        self._catalog: Catalog | None = None
        self.errors: dict[tuple[str, str], tuple[str, str]] = {}

    # -- contents ----------------------------------------------------------------------------
    def set_rows(self, rows: list[TableRow], catalog: Catalog) -> None:
        """Show ``rows``; ``catalog`` (the layered one) feeds the derived columns."""
        self._catalog = catalog
        same_ids = [row.entry_id for row in rows] == [row.entry_id for row in self._rows]
        before = {row.entry_id: row.entry for row in self._rows}
        unchanged = {row.entry_id for row in rows if before.get(row.entry_id) == row.entry}
        self.errors = {key: mark for key, mark in self.errors.items() if key[0] in unchanged}
        self._dumps = {row.entry_id: row.entry.model_dump(mode="json") for row in rows}
        if same_ids and rows:
            self._rows = list(rows)
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, self.columnCount() - 1))
            return
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> TableRow:
        """The listed entry in ``row``."""
        return self._rows[row]

    def rows(self) -> list[TableRow]:
        """Every listed entry."""
        return list(self._rows)

    def row_of(self, entry_id: str) -> int:
        """The row showing ``entry_id`` (-1 when absent)."""
        return next((i for i, row in enumerate(self._rows) if row.entry_id == entry_id), -1)

    def column_of(self, path: str) -> int:
        """The column editing field ``path`` (-1 when not a column)."""
        return next((i + 1 for i, col in enumerate(self.columns) if col.path == path), -1)

    # -- Qt model interface ----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        """Number of listed entries."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default argument
        """The origin column plus the table's key columns."""
        return 0 if parent.isValid() else len(self.columns) + 1

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles with units; the header tooltip explains derived columns."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if section == ORIGIN_COLUMN:
            if role == Qt.ItemDataRole.DisplayRole:
                return _tr(QT_TRANSLATE_NOOP("SpecTableModel", "Origin"))
            return None
        column = self.columns[section - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{_tr(column.header)} ({column.unit})" if column.unit else _tr(column.header)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return _tr(column.tooltip)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Editable for key columns of entries that are not hidden."""
        base = super().flags(index)
        if not index.isValid() or index.column() == ORIGIN_COLUMN:
            return base
        row = self._rows[index.row()]
        if self.columns[index.column() - 1].editable and row.origin is not RowOrigin.HIDDEN:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, edit text, error marks, origin tints."""
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == ENTRY_ID_ROLE:
            return row.entry_id
        if index.column() == ORIGIN_COLUMN:
            return self._origin_data(row, role)
        return self._cell_data(row, self.columns[index.column() - 1], role)

    def _cell_data(self, row: TableRow, column: ColumnSpec, role: int) -> Any:
        mark = self.errors.get((row.entry_id, column.path)) if column.path else None
        if role == Qt.ItemDataRole.DisplayRole and column.path == "name" and not mark:
            return catalog_display_name(display_text(self._value(row, column)))
        if role == Qt.ItemDataRole.DisplayRole and not mark:
            text = display_text(self._value(row, column))
            return _tr(VALUE_WORDS[text]) if text in VALUE_WORDS else text
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return mark[0] if mark else display_text(self._value(row, column))
        if role == Qt.ItemDataRole.ToolTipRole:
            return mark[1] if mark else (_tr(column.tooltip) if column.tooltip else None)
        if role == Qt.ItemDataRole.BackgroundRole and mark:
            return ERROR_BRUSH
        return self._origin_style(row, role)

    def _origin_data(self, row: TableRow, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return _tr(ORIGIN_TEXT[row.origin])
        if role == Qt.ItemDataRole.BackgroundRole:
            return {RowOrigin.EDITED: EDITED_BRUSH, RowOrigin.ADDED: ADDED_BRUSH}.get(row.origin)
        return self._origin_style(row, role)

    @staticmethod
    def _origin_style(row: TableRow, role: int) -> Any:
        if row.origin is not RowOrigin.HIDDEN:
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            return HIDDEN_BRUSH
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None

    def _value(self, row: TableRow, column: ColumnSpec) -> Any:
        if column.derive is not None:
            if self._catalog is None or row.origin is RowOrigin.HIDDEN:
                return None
            try:
                return column.derive(self._catalog, row.entry_id)
            except (LookupError, ValueError):
                return None
        return value_at(self._dumps.get(row.entry_id, {}), column.path)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Validate the edited entry; save it when valid, mark the cell when not."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() == ORIGIN_COLUMN:
            return False
        row = self._rows[index.row()]
        column = self.columns[index.column() - 1]
        if not column.editable:
            return False
        text = "" if value is None else str(value)
        key = (row.entry_id, column.path)
        try:
            entry = validate_entry(self.table, edited_entry_data(self.table, row.entry, column.path, text))
            self._save(entry)
        except TableValidationError as exc:
            self._mark(index, key, text, exc.reason if exc.field == column.path else str(exc))
            return False
        except (UserStoreError, OSError) as exc:
            message = _tr(QT_TRANSLATE_NOOP("SpecTableModel", "Not saved: {reason}"))
            self._mark(index, key, text, message.format(reason=failure_reason(exc)))
            return False
        self.errors.pop(key, None)
        self.dataChanged.emit(index, index)
        return True

    def _mark(self, index: Index, key: tuple[str, str], text: str, reason: str) -> None:
        self.errors[key] = (text, reason)
        self.dataChanged.emit(index, index)
