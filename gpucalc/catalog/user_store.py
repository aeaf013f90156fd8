"""The user's edits to the spec tables, one versioned JSON file per table in the config dir.

``<config>/tables/<table>.json`` holds::

    {"format": "gpucalc-user-table", "table": "gpus", "schema_version": 1,
     "entries": {"<id>": {...full entry...}}, "deleted": ["<bundled id>", ...]}

Files are written atomically (temp file + ``os.replace``; through a symbolic link its target is
written and the link kept). Older files are migrated in memory through :data:`MIGRATIONS`; a
failing migration leaves the file untouched. A file that cannot be used (not JSON, wrong shape,
too large, from a newer version) never stops the app and is never moved or rewritten by reading:
it is skipped with a :class:`StoreNotice`, so a newer gpucalc still finds its own table after a
downgrade and an upgrade. Only an explicit save into that table sets the file aside first, as
``<table>.bak-<timestamp>.json`` with its bytes unchanged. A single invalid entry is skipped
(and reported) but kept in the file. Every save holds the table's advisory lock
(:mod:`gpucalc.catalog.file_lock`) from its read to its write, so concurrent saves all land.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from gpucalc.catalog.file_lock import locked
from gpucalc.catalog.storage import (
    DocumentFormat,
    Migration,
    MigrationError,
    UnusableDocumentError,
    atomic_write_text,
    config_dir,
    document_version,
    migrate_document,
    move_aside,
    nothing_saved_at,
    read_json_document,
)
from gpucalc.catalog.tables import (
    TABLE_NAMES,
    TableValidationError,
    entry_id,
    exception_words,
    stored_form,
    table_spec,
    validate_entry,
    with_key_id,
)
from gpucalc.core.common.explain import Notice

FILE_FORMAT = "gpucalc-user-table"
CURRENT_SCHEMA_VERSION = 1
MAX_TABLE_BYTES = 16_000_000
"""The largest user table file read or written (16 MB: thousands of entries; a model entry with
its config is 2-6 kB), small enough to read and validate in about a second."""

MIGRATIONS: dict[int, Migration] = {}
"""Migration from schema_version N (the key) to N + 1; run in order on a copy of the file."""

TABLE_DOCUMENT = DocumentFormat(FILE_FORMAT, CURRENT_SCHEMA_VERSION, migrations=MIGRATIONS)


class StoreNotice(Notice):
    """A coded notice about the user's tables (codes below; the UI words them).

    * ``user_table_skipped``: {table, path, reason, detail} - not used; left as it is.
    * ``user_table_reset``: {table, backup, reason, detail} - a save moved the file aside.
    * ``user_table_migration_failed``: {table, path, from_version, reason} - file left as is.
    * ``user_table_unreadable``: {table, path, reason} - could not even be moved aside.
    * ``user_entry_invalid``: {table, id, field, reason} - entry skipped, kept in the file.
    * ``user_price_unknown_gpu`` / ``user_alias_conflict``: see :mod:`gpucalc.catalog.layered`.
    """


class UserStoreError(OSError):
    """Saving the user's tables failed; the message is one line for the user."""


@dataclass(frozen=True)
class UserTable:
    """One table as stored: valid entries, all raw entries (invalid ones kept), deletions."""

    name: str
    entries: dict[str, BaseModel] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)
    deleted: tuple[str, ...] = ()
    notices: tuple[StoreNotice, ...] = ()
    migration_failed: bool = False
    unusable: str | None = None  # why the file was skipped (a reason code); None: it was used


def _check_table(doc: dict[str, Any], table: str) -> None:
    """The document names ``table`` and has a usable body."""
    if doc.get("table") != table:
        raise UnusableDocumentError("wrong_shape", f"'table' is {doc.get('table')!r}, expected '{table}'")
    _body(doc)


def _body(doc: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Entries and deleted ids of a current-version document."""
    entries = doc.get("entries", {})
    deleted = doc.get("deleted", [])
    if not isinstance(entries, dict):
        raise UnusableDocumentError("wrong_shape", "'entries' is not an object keyed by id")
    if not isinstance(deleted, list) or not all(isinstance(d, str) for d in deleted):
        raise UnusableDocumentError("wrong_shape", "'deleted' is not a list of ids")
    return entries, list(dict.fromkeys(deleted))


def migrate(doc: dict[str, Any], table: str) -> dict[str, Any]:
    """Run the migrations from ``doc``'s version to the current one, on a copy.

    Raises :class:`MigrationError`; ``doc`` itself is never changed.
    """
    return migrate_document(doc, TABLE_DOCUMENT, lambda current: _check_table(current, table))


def entry_problem(table: str, key: str, value: Any) -> tuple[BaseModel | None, StoreNotice | None]:
    """Validate one stored entry: the entry, or the notice that sets it aside.

    Any failure counts - a bad field, an id that differs from its key, or an error deep in the
    model config an entry carries - so one entry can never stop the rest of the table loading.
    """
    spec = table_spec(table)
    try:
        entry = validate_entry(table, with_key_id(table, key, value))
        if entry_id(spec, entry) != key:
            raise TableValidationError(table, key, spec.id_field,
                                       f"'{entry_id(spec, entry)}' differs from its key")
    except TableValidationError as exc:
        return None, StoreNotice(code="user_entry_invalid", params={
            "table": table, "id": key, "field": exc.field, "reason": exc.reason})
    except Exception as exc:  # whatever fails, the entry is set aside, not the app
        return None, StoreNotice(code="user_entry_invalid", params={
            "table": table, "id": key, "field": "entry", "reason": exception_words(exc)})
    return entry, None


class UserStore:
    """Read and edit the user's tables under ``<user_dir>/tables/``."""

    def __init__(self, user_dir: Path | None = None, *,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.user_dir = user_dir if user_dir is not None else config_dir()
        self.tables_dir = self.user_dir / "tables"
        self._clock = clock or (lambda: datetime.now(UTC))

    def table_path(self, table: str) -> Path:
        """Where ``table`` is stored."""
        return self.tables_dir / f"{table_spec(table).name}.json"

    # -- reading -----------------------------------------------------------------------------

    def read_table(self, table: str) -> UserTable:
        """Load ``table``; a file that cannot be used is skipped with a notice, never moved."""
        path = self.table_path(table)
        if nothing_saved_at(path):
            return UserTable(table)
        try:
            doc = read_json_document(path, f"user table {path.name}", MAX_TABLE_BYTES,
                                     kind="user table")
            version = document_version(doc, TABLE_DOCUMENT)
            if version < CURRENT_SCHEMA_VERSION:
                try:
                    doc = migrate(doc, table)
                except MigrationError as exc:
                    return UserTable(table, migration_failed=True, notices=(StoreNotice(
                        code="user_table_migration_failed",
                        params={"table": table, "path": str(path), "from_version": version,
                                "reason": " ".join(str(exc).split())}),))
            _check_table(doc, table)
            raw, deleted = _body(doc)
        except UnusableDocumentError as exc:
            return self._skipped(table, path, exc.reason, exc.detail)
        except OSError as exc:
            return self._skipped(table, path, "unreadable", str(exc))
        return self._validated(table, raw, deleted)

    @staticmethod
    def _skipped(table: str, path: Path, reason: str, detail: str) -> UserTable:
        """A table whose file cannot be used: nothing loaded, the file left exactly as it is."""
        return UserTable(table, unusable=reason, notices=(StoreNotice(code="user_table_skipped", params={
            "table": table, "path": str(path), "reason": reason, "detail": " ".join(detail.split())}),))

    def _validated(self, table: str, raw: dict[str, Any], deleted: list[str]) -> UserTable:
        entries: dict[str, BaseModel] = {}
        notices: list[StoreNotice] = []
        for key, value in raw.items():
            entry, notice = entry_problem(table, key, value)
            if notice is not None:
                notices.append(notice)
            elif entry is not None:
                entries[key] = entry
        return UserTable(table, entries=entries, raw=dict(raw), deleted=tuple(deleted),
                         notices=tuple(notices))

    def _reset_notice(self, table: str, path: Path, reason: str, detail: str) -> StoreNotice:
        """Move an unusable file aside (an explicit save or reset only) and say where it went."""
        detail = " ".join(detail.split())
        try:
            backup = move_aside(path, self._clock())
        except OSError as exc:
            return StoreNotice(code="user_table_unreadable", params={
                "table": table, "path": str(path), "reason": f"{detail}; cannot move it aside: {exc}"})
        return StoreNotice(code="user_table_reset", params={
            "table": table, "backup": str(backup), "reason": reason, "detail": detail})

    def get_entries(self, table: str) -> dict[str, BaseModel]:
        """The user's valid entries of ``table`` (overrides and additions), keyed by id."""
        return self.read_table(table).entries

    def get_deleted(self, table: str) -> tuple[str, ...]:
        """Bundled ids the user has hidden in ``table``."""
        return self.read_table(table).deleted

    def read_all(self) -> tuple[dict[str, UserTable], list[StoreNotice]]:
        """Every table, and every notice loading them raised."""
        tables: dict[str, UserTable] = {name: self.read_table(name) for name in TABLE_NAMES}
        notices = [notice for state in tables.values() for notice in state.notices]
        return tables, notices

    # -- writing -----------------------------------------------------------------------------

    def put_entry(self, table: str, entry: Mapping[str, Any] | BaseModel, *,
                  check: Callable[[UserTable], None] | None = None) -> list[StoreNotice]:
        """Add or replace one entry (validated first; :class:`TableValidationError` if bad)."""
        return self.put_entries(table, [entry], check=check)

    def put_entries(self, table: str, entries: Iterable[Mapping[str, Any] | BaseModel], *,
                    check: Callable[[UserTable], None] | None = None) -> list[StoreNotice]:
        """Add or replace several entries in one write; nothing is saved unless all are valid.

        ``check`` sees the table as it is on disk, under the lock, and may refuse the save by
        raising (an id that another process saved meanwhile). Returns notices about a file that
        had to be moved aside first (usually none).
        """
        spec = table_spec(table)
        validated: list[BaseModel] = []
        for item in entries:
            data = item.model_dump(mode="json") if isinstance(item, BaseModel) else item
            validated.append(validate_entry(table, data))

        def change(raw: dict[str, Any], deleted: list[str]) -> None:
            for entry in validated:
                key = entry_id(spec, entry)
                raw[key] = stored_form(table, entry)
                if key in deleted:
                    deleted.remove(key)

        return self._mutate(table, change, check)

    def delete_entry(self, table: str, entry_id_: str) -> list[StoreNotice]:
        """Hide ``entry_id_``: drop the user's entry and hide a bundled one of that id."""

        def change(raw: dict[str, Any], deleted: list[str]) -> None:
            raw.pop(entry_id_, None)
            if entry_id_ not in deleted:
                deleted.append(entry_id_)

        return self._mutate(table, change)

    def reset_entry(self, table: str, entry_id_: str) -> list[StoreNotice]:
        """Forget the user's override or deletion of ``entry_id_`` (the bundled one comes back)."""

        def change(raw: dict[str, Any], deleted: list[str]) -> None:
            raw.pop(entry_id_, None)
            if entry_id_ in deleted:
                deleted.remove(entry_id_)

        return self._mutate(table, change)

    def reset_table(self, table: str) -> list[StoreNotice]:
        """Forget every edit to ``table``; a file gpucalc cannot use is moved aside, not lost."""
        path = self.table_path(table)
        try:
            with locked(path):
                state = self.read_table(table)
                notices = [n for n in state.notices
                           if n.code not in ("user_entry_invalid", "user_table_skipped")]
                if state.migration_failed or state.unusable is not None:
                    notices.append(self._reset_notice(table, path, state.unusable or "reset",
                                                      "reset by the user"))
                elif path.exists():
                    self._remove(table, path)
        except UserStoreError:
            raise
        except OSError as exc:
            raise UserStoreError(f"cannot reset {path}: {exc.strerror or exc}") from exc
        return notices

    def reset_all(self) -> list[StoreNotice]:
        """Forget every edit to every table."""
        return [notice for name in TABLE_NAMES for notice in self.reset_table(name)]

    def _mutate(self, table: str, change: Callable[[dict[str, Any], list[str]], None],
                check: Callable[[UserTable], None] | None = None) -> list[StoreNotice]:
        """Read ``table``, apply ``change`` and write it back, all under the table's lock.

        The read inside the lock sees every save that finished before, so concurrent saves all
        land. ``check`` sees the table as read (it may refuse the save by raising). A file that
        cannot be used is set aside first (its bytes kept in the backup).
        """
        path = self.table_path(table)
        try:
            with locked(path):
                state = self.read_table(table)
                if check is not None:
                    check(state)
                notices = [n for n in state.notices
                           if n.code not in ("user_entry_invalid", "user_table_skipped")]
                if state.migration_failed or state.unusable is not None:
                    # keep the old file: move it aside before starting a new one
                    notices.append(self._reset_notice(
                        table, path, state.unusable or "migration_failed",
                        "moved aside before saving new edits"))
                raw = dict(state.raw)
                deleted = list(state.deleted)
                change(raw, deleted)
                self._write(table, raw, deleted)
        except UserStoreError:
            raise
        except OSError as exc:
            raise UserStoreError(f"cannot save {path}: {exc.strerror or exc}") from exc
        return notices

    def _write(self, table: str, raw: dict[str, Any], deleted: list[str]) -> None:
        path = self.table_path(table)
        if not raw and not deleted:
            self._remove(table, path)
            return
        doc = {"format": FILE_FORMAT, "table": table, "schema_version": CURRENT_SCHEMA_VERSION,
               "entries": raw, "deleted": sorted(deleted)}
        text = json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        if len(text.encode("utf-8")) > MAX_TABLE_BYTES:
            raise UserStoreError(f"the {table} table would exceed {MAX_TABLE_BYTES / 1e6:,.0f} MB; "
                                 "remove some entries first")
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise UserStoreError(f"cannot save {path}: {exc.strerror or exc}") from exc

    @staticmethod
    def _remove(table: str, path: Path) -> None:
        """A table with no edits: no file, or an empty table where a symbolic link points."""
        try:
            if path.is_symlink():  # keep the link (dotfiles): its target becomes an empty table
                atomic_write_text(path, json.dumps(
                    {"format": FILE_FORMAT, "table": table, "schema_version": CURRENT_SCHEMA_VERSION,
                     "entries": {}, "deleted": []}, indent=2) + "\n")
            else:
                path.unlink(missing_ok=True)
        except OSError as exc:
            raise UserStoreError(f"cannot remove {path}: {exc.strerror or exc}") from exc
