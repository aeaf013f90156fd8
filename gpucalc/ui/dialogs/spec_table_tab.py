"""One tab of the spec-table editor: filter, table, JSON pane and the table's actions.

Every action has a method taking its answer directly (``add_copy(new_id)``,
``import_from(path, confirm=True)``, ``export_to(path)``, ``reset_table()``); the buttons ask the
user first (file dialogs, confirmations) and then call them, so tests can skip the asking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import QItemSelectionModel, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.table_io import export_table, preview_import
from gpucalc.catalog.tables import TableValidationError
from gpucalc.catalog.user_store import StoreNotice, UserStoreError
from gpucalc.io.bounded_json import regular_file_size
from gpucalc.io.errors import InputFileError
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.dialogs.entry_json_editor import EntryJsonEditor
from gpucalc.ui.dialogs.import_preview import ImportPlan, ImportPreviewDialog, plan_summary
from gpucalc.ui.dialogs.spec_table_model import SpecTableModel
from gpucalc.ui.dialogs.table_edits import copied_entry, entry_from_json
from gpucalc.ui.dialogs.table_rows import RowOrigin, TableRow, copy_id, table_rows
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.worker import LatestJob

StoreWrite = Callable[[], list[StoreNotice]]
MAX_COLUMN_WIDTH_PX = 240


def import_plan(table: str, path: Path, existing: Mapping[str, BaseModel]) -> ImportPlan:
    """Read and validate ``path`` for ``table`` and compare it with ``existing`` (any thread).

    A pipe, device or folder is refused at once: reading one would block.
    """
    regular_file_size(path, "table file")
    return ImportPlan.of(preview_import(table, path), existing)


class SpecTableTab(QWidget):
    """Editor of one table. ``saved(message, notices)`` after each write; ``status(text)`` else."""

    saved = Signal(str, object)
    status = Signal(str)

    def __init__(self, table: str, session: CatalogSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.session = session
        self.last_plan: ImportPlan | None = None
        self._import_job = LatestJob(self, self._on_previewed, self._on_preview_failed)
        self._import_path = Path()
        self.model = SpecTableModel(table, self.save_entry, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._build()
        self.refresh()

    # -- layout ----------------------------------------------------------------------------
    def _build(self) -> None:
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setTabKeyNavigation(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setMaximumSectionSize(MAX_COLUMN_WIDTH_PX)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._selection_changed())
        self.json = EntryJsonEditor()
        self.json.applyRequested.connect(self.apply_json)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(self.json)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(splitter, 1)
        layout.addLayout(self._buttons())

    def _button(self, row: QHBoxLayout, text: str, tip: str, slot: object) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.add_button = self._button(row, self.tr("&Add…"),
                                       self.tr("Copy the selected entry under a new id"), self._ask_add)
        self.delete_button = self._button(row, self.tr("&Delete"), self.tr("Delete the entry you added"),
                                          self.delete_current)
        self.reset_button = self._button(row, self.tr("&Reset entry"),
                                         self.tr("Forget your edit: the bundled entry comes back"),
                                         self.reset_current)
        row.addStretch(1)
        self._button(row, self.tr("Reset &table…"), self.tr("Forget every edit to this table"),
                     self._ask_reset_table)
        self.import_button = self._button(row, self.tr("&Import…"),
                                          self.tr("Add or replace entries from a JSON or CSV file"),
                                          self._ask_import)
        self._button(row, self.tr("E&xport…"), self.tr("Write this table to a JSON or CSV file"),
                     self._ask_export)
        return row

    # -- contents --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Reload the rows from the session (after any save) and keep the selection."""
        selected = self.current_id()
        rows = table_rows(self.table, self.session.bundled, self.session.store.read_table(self.table))
        self.model.set_rows(rows, self.session.catalog)
        if selected is not None and self.model.row_of(selected) >= 0:
            self.select_id(selected)
        self._selection_changed()

    def current_row(self) -> TableRow | None:
        """The selected entry, if any."""
        index = self.view.selectionModel().currentIndex()
        if not index.isValid():
            return None
        return self.model.row_at(self.proxy.mapToSource(index).row())

    def current_id(self) -> str | None:
        """Id of the selected entry, if any."""
        row = self.current_row()
        return None if row is None else row.entry_id

    def select_id(self, entry_id: str) -> bool:
        """Select the row of ``entry_id`` (clearing the filter when it hides it)."""
        source_row = self.model.row_of(entry_id)
        if source_row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(source_row, 1))
        if not index.isValid():
            self.filter.clear()
            index = self.proxy.mapFromSource(self.model.index(source_row, 1))
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.view.scrollTo(index)
        return True

    def visible_entries(self) -> dict[str, BaseModel]:
        """The table's entries as the app uses them (hidden ones left out)."""
        return {row.entry_id: row.entry for row in self.model.rows() if row.origin is not RowOrigin.HIDDEN}

    def _selection_changed(self) -> None:
        row = self.current_row()
        origin = None if row is None else row.origin
        self.add_button.setEnabled(row is not None)
        self.delete_button.setEnabled(origin is RowOrigin.ADDED)
        self.reset_button.setEnabled(origin in (RowOrigin.EDITED, RowOrigin.HIDDEN))
        self.json.show_entry(None if row is None else row.entry,
                             editable=row is not None and origin is not RowOrigin.HIDDEN)

    # -- saving ----------------------------------------------------------------------------
    def save_entry(self, entry: BaseModel) -> None:
        """Save a validated entry as the user's (raises :class:`UserStoreError` / ``OSError``)."""
        notices = self.session.store.put_entry(self.table, entry)
        self._saved(self.tr("Saved {id}.").format(id=self._id_of(entry)), notices)

    def _id_of(self, entry: BaseModel) -> str:
        return str(getattr(entry, "gpu_id" if self.table == "prices" else "id"))

    def _saved(self, message: str, notices: list[StoreNotice]) -> None:
        self.saved.emit(message, notices)

    def _store_call(self, message: str, action: StoreWrite) -> bool:
        """Run a store write; report success through ``saved`` and failure through ``status``."""
        try:
            notices = action()
        except (UserStoreError, OSError) as exc:
            self.status.emit(self.tr("Not saved: {reason}").format(reason=failure_reason(exc)))
            return False
        self._saved(message, list(notices))
        return True

    def add_copy(self, new_id: str) -> str:
        """Save a copy of the selected entry as ``new_id``; '' on success, else the reason."""
        row = self.current_row()
        if row is None:
            return self.tr("Select the entry to copy first.")
        if self.model.row_of(new_id.strip()) >= 0:
            return self.tr("There is already an entry '{id}'.").format(id=new_id.strip())
        try:
            entry = copied_entry(self.table, row.entry, new_id)
            self.save_entry(entry)
        except TableValidationError as exc:
            return str(exc)
        except (UserStoreError, OSError) as exc:
            return self.tr("Not saved: {reason}").format(reason=failure_reason(exc))
        self.select_id(new_id.strip())
        return ""

    def delete_current(self) -> bool:
        """Delete the selected entry when the user added it."""
        row = self.current_row()
        if row is None or row.origin is not RowOrigin.ADDED:
            return False
        store, table, key = self.session.store, self.table, row.entry_id
        return self._store_call(self.tr("Deleted {id}.").format(id=key),
                                lambda: store.reset_entry(table, key))

    def reset_current(self) -> bool:
        """Bring back the bundled version of the selected entry."""
        row = self.current_row()
        if row is None or row.origin not in (RowOrigin.EDITED, RowOrigin.HIDDEN):
            return False
        store, table, key = self.session.store, self.table, row.entry_id
        return self._store_call(self.tr("{id} is the bundled entry again.").format(id=key),
                                lambda: store.reset_entry(table, key))

    def reset_table(self) -> bool:
        """Forget every edit to this table."""
        store, table = self.session.store, self.table
        return self._store_call(self.tr("The {table} table is the bundled one again.").format(table=table),
                                lambda: store.reset_table(table))

    def apply_json(self, text: str) -> bool:
        """Save the JSON pane's text as the selected entry; the reason shows in the pane if not."""
        row = self.current_row()
        if row is None or row.origin is RowOrigin.HIDDEN:
            return False
        try:
            entry = entry_from_json(self.table, text, row.entry_id)
            self.save_entry(entry)
        except TableValidationError as exc:
            self.json.show_error(str(exc))
            return False
        except (UserStoreError, OSError) as exc:
            self.json.show_error(self.tr("Not saved: {reason}").format(reason=failure_reason(exc)))
            return False
        return True

    # -- files -----------------------------------------------------------------------------
    def import_from(self, path: Path, confirm: bool | None = None) -> bool:
        """Preview ``path`` here; import when ``confirm`` is True (None: ask with the preview dialog).

        The Import button reads and validates on a worker instead (:meth:`start_import`).
        """
        try:
            plan = import_plan(self.table, path, self.visible_entries())
        except InputFileError as exc:
            self.status.emit(self.tr("Not imported: {reason}").format(reason=failure_reason(exc)))
            return False
        return self.apply_import(path, plan, confirm)

    def start_import(self, path: Path) -> None:
        """Read and validate ``path`` on a worker (a large file takes seconds); then preview it."""
        self._import_path = path
        self.import_button.setEnabled(False)
        self.status.emit(self.tr("Reading {name}…").format(name=path.name))
        self._import_job.start(partial(import_plan, self.table, path, self.visible_entries()))

    def wait(self) -> None:
        """Block until a file being read is done (closing, tests)."""
        self._import_job.wait()

    def _on_previewed(self, plan: object) -> None:
        if not isinstance(plan, ImportPlan):
            return
        self.import_button.setEnabled(True)
        self.apply_import(self._import_path, plan, None)

    def _on_preview_failed(self, exc: object) -> None:
        self.import_button.setEnabled(True)
        self.status.emit(self.tr("Not imported: {reason}").format(reason=failure_reason(exc)))

    def apply_import(self, path: Path, plan: ImportPlan, confirm: bool | None) -> bool:
        """Save the new and changed entries of ``plan`` when ``confirm`` (None: ask first)."""
        self.last_plan = plan
        if confirm is None:
            confirm = ImportPreviewDialog(plan, self).exec() == ImportPreviewDialog.DialogCode.Accepted
        if not plan.writes:
            self.status.emit(plan_summary(plan).replace("\n", " "))
            return False
        if not confirm:
            return False
        store, subset = self.session.store, plan.to_apply()
        message = self.tr("Imported {new} new and {changed} changed entries from {name}.").format(
            new=len(plan.new), changed=len(plan.changed), name=path.name)
        return self._store_call(message, lambda: store.put_entries(self.table, list(subset.entries.values())))

    def export_to(self, path: Path) -> bool:
        """Write the table (as the app uses it) to ``path``, JSON or CSV by its suffix."""
        try:
            export_table(path, self.table, self.visible_entries())
        except (InputFileError, OSError) as exc:
            self.status.emit(self.tr("Not exported: {reason}").format(reason=failure_reason(exc)))
            return False
        self.status.emit(self.tr("Exported {n} entries to {path}.").format(
            n=len(self.visible_entries()), path=path))
        return True

    # -- asking first (buttons) ------------------------------------------------------------
    def _ask_add(self) -> None:
        row = self.current_row()
        if row is None:
            return
        suggestion = copy_id({r.entry_id for r in self.model.rows()}, row.entry_id)
        new_id, ok = QInputDialog.getText(self, self.tr("Add entry"),
                                          self.tr("Id of the copy (lower-case letters, digits, '.', '-'):"),
                                          QLineEdit.EchoMode.Normal, suggestion)
        if ok and new_id.strip():
            problem = self.add_copy(new_id)
            if problem:
                self.status.emit(problem)

    def _ask_reset_table(self) -> None:
        answer = QMessageBox.question(self, self.tr("Reset table"), self.tr(
            "Forget every edit you made to the {table} table?").format(table=self.table))
        if answer == QMessageBox.StandardButton.Yes:
            self.reset_table()

    def _ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Import table"), "",
                                              self.tr("Tables (*.json *.csv)"))
        if name:
            self.start_import(Path(name))

    def _ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export table"), f"{self.table}.json",
                                              self.tr("Tables (*.json *.csv)"))
        if name:
            self.export_to(Path(name))
