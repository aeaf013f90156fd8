"""The rows of one spec table as the editor lists them: bundled, user-edited, user-added, hidden."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.tables import catalog_entries
from gpucalc.catalog.user_store import UserTable


class RowOrigin(StrEnum):
    """Where a row's entry comes from."""

    BUNDLED = "bundled"
    EDITED = "edited"  # a user entry replacing a bundled one of the same id
    ADDED = "added"  # a user entry with a new id
    HIDDEN = "hidden"  # a bundled entry the user deleted (Reset brings it back)


@dataclass(frozen=True)
class TableRow:
    """One listed entry, its id and origin."""

    entry_id: str
    entry: BaseModel
    origin: RowOrigin


def table_rows(table: str, bundled: Catalog, user: UserTable) -> list[TableRow]:
    """Bundled entries (hidden ones marked) with the user's entries over them, in id order."""
    shipped = catalog_entries(bundled, table)
    rows: dict[str, TableRow] = {}
    for key, entry in shipped.items():
        origin = RowOrigin.HIDDEN if key in user.deleted else RowOrigin.BUNDLED
        rows[key] = TableRow(key, entry, origin)
    for key, entry in user.entries.items():
        origin = RowOrigin.EDITED if key in shipped else RowOrigin.ADDED
        rows[key] = TableRow(key, entry, origin)
    return [rows[key] for key in sorted(rows)]


def copy_id(existing: set[str], base: str) -> str:
    """A free id for a copy of ``base``: ``<base>-copy``, then ``<base>-copy-2`` and so on."""
    candidate = f"{base}-copy"
    number = 2
    while candidate in existing:
        candidate = f"{base}-copy-{number}"
        number += 1
    return candidate
