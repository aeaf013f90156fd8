"""Entries made from user actions in the table editor: copies under a new id, pasted JSON. No Qt."""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication

from gpucalc.catalog.tables import TableValidationError, table_spec, validate_entry
from gpucalc.io.bounded_json import parse_json_text
from gpucalc.io.errors import InputFileError


def copied_entry(table: str, entry: BaseModel, new_id: str) -> BaseModel:
    """``entry`` under ``new_id``, without aliases (they name the original); validated."""
    spec = table_spec(table)
    data = entry.model_dump(mode="json")
    data[spec.id_field] = new_id.strip()
    if "aliases" in data:
        data["aliases"] = []
    return validate_entry(table, data)


def entry_from_json(table: str, text: str, expected_id: str) -> BaseModel:
    """The entry typed as JSON in the side pane; it must keep the selected entry's id.

    Raises :class:`TableValidationError` with the reason (bad JSON, changed id, invalid field).
    """
    spec = table_spec(table)
    try:
        data = parse_json_text(text, "the JSON")
    except InputFileError as exc:
        raise TableValidationError(table, expected_id, "", str(exc)) from exc
    if isinstance(data, dict) and data.get(spec.id_field) != expected_id:
        raise TableValidationError(table, expected_id, spec.id_field,
                                   QCoreApplication.translate(
                                       "TableEdits", "the id must stay '{id}'; use Add for a new entry"
                                   ).format(id=expected_id))
    return validate_entry(table, data)
