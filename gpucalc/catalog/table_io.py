"""Export spec tables to JSON / CSV and import them back, validating every row first.

CSV layout: one header row; nested fields flatten to dotted columns named exactly as the fields
(``dense_tflops.bf16``, ``interconnect.bidir_gb_per_s``), so units stay in the column names;
lists of plain values are ``;``-joined (or a JSON list when an item contains ``;``, and ``[]``
when empty); free-form objects and lists of objects (``config``, ``sources``) are one JSON cell;
an empty cell means "not given" (the field's default).

Import never writes anything: :func:`preview_import` returns an :class:`ImportPreview`; the
caller shows it and, once confirmed, calls :func:`apply_import`.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from gpucalc.catalog.storage import atomic_write_text
from gpucalc.catalog.tables import (
    TableValidationError,
    entry_id,
    is_scalar_type,
    submodel,
    table_spec,
    unwrap_optional,
    validate_entry,
    with_key_id,
)
from gpucalc.catalog.user_store import MAX_TABLE_BYTES, StoreNotice, UserStore
from gpucalc.io.bounded_json import parse_json_text, read_bounded_bytes
from gpucalc.io.errors import InputFileError
from gpucalc.io.spreadsheet import neutral_cell, restored_cell

EXPORT_FORMAT = "gpucalc-table-export"
EXPORT_SCHEMA_VERSION = 1


class TableFormat(StrEnum):
    """File formats for import and export."""

    JSON = "json"
    CSV = "csv"


class ColumnKind(StrEnum):
    """How a CSV column holds its field."""

    SCALAR = "scalar"
    LIST = "list"  # ';'-joined plain values
    JSON = "json"  # one JSON value


@dataclass(frozen=True)
class Column:
    """One CSV column: its dotted name, field path and kind."""

    name: str
    path: tuple[str, ...]
    kind: ColumnKind


@dataclass(frozen=True)
class ImportProblem:
    """Why a row cannot be imported. ``row`` is 1-based (CSV: the header is row 1); 0 = file."""

    row: int
    column: str
    reason: str

    def __str__(self) -> str:
        where = f"row {self.row}" if self.row else "file"
        return f"{where}, column {self.column}: {self.reason}" if self.column else f"{where}: {self.reason}"


@dataclass(frozen=True)
class ImportPreview:
    """What an import would do; ``entries`` is empty unless every row is valid."""

    table: str
    entries: dict[str, BaseModel]
    problems: tuple[ImportProblem, ...]

    @property
    def ok(self) -> bool:
        """Every row is valid and there is something to import."""
        return not self.problems and bool(self.entries)

    def changes(self, existing: Mapping[str, BaseModel]) -> tuple[list[str], list[str], list[str]]:
        """Ids that are new, that would replace a different entry, and that are unchanged."""
        new = [key for key in self.entries if key not in existing]
        replaced = [key for key in self.entries if key in existing and existing[key] != self.entries[key]]
        same = [key for key in self.entries if key in existing and existing[key] == self.entries[key]]
        return new, replaced, same


class TableImportError(InputFileError):
    """:func:`apply_import` was given a preview with problems."""


def table_columns(table: str) -> list[Column]:
    """The CSV columns of ``table``, in field order."""
    return _columns(table_spec(table).model, ())


def _columns(model: type[BaseModel], prefix: tuple[str, ...]) -> list[Column]:
    columns: list[Column] = []
    for name, info in model.model_fields.items():
        path = (*prefix, name)
        sub = submodel(info.annotation)
        if sub is not None:
            columns.extend(_columns(sub, path))
            continue
        inner = unwrap_optional(info.annotation)
        if get_origin(inner) in (tuple, list):
            items = [a for a in get_args(inner) if a is not Ellipsis]
            kind = ColumnKind.LIST if all(is_scalar_type(a) for a in items) else ColumnKind.JSON
        elif is_scalar_type(inner):
            kind = ColumnKind.SCALAR
        else:
            kind = ColumnKind.JSON
        columns.append(Column(".".join(path), path, kind))
    return columns


# -- export ------------------------------------------------------------------------------------

def export_json(table: str, entries: Mapping[str, BaseModel]) -> str:
    """``entries`` as a JSON export document."""
    table_spec(table)
    doc = {"format": EXPORT_FORMAT, "table": table, "schema_version": EXPORT_SCHEMA_VERSION,
           "entries": [entry.model_dump(mode="json") for entry in entries.values()]}
    return json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _cell(value: Any, kind: ColumnKind) -> str:
    """One CSV cell: a number as written, text and lists neutralised (no cell runs as a formula)."""
    if value is None:
        return ""
    if kind is ColumnKind.JSON:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    if kind is ColumnKind.LIST:
        items = [_scalar_text(item) for item in value]
        if not items or any(";" in item for item in items) or items[0].startswith("["):
            return json.dumps(value, ensure_ascii=False, allow_nan=False)
        return neutral_cell(";".join(items))
    if isinstance(value, str):
        return neutral_cell(value)
    return _scalar_text(value)


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _get(data: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = data
    for part in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


def export_csv(table: str, entries: Mapping[str, BaseModel]) -> str:
    """``entries`` as CSV text with a header row."""
    columns = table_columns(table)
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # "\r\n" rows; cells holding \r or \n get quoted
    writer.writerow([column.name for column in columns])
    for entry in entries.values():
        data = entry.model_dump(mode="json")
        writer.writerow([_cell(_get(data, column.path), column.kind) for column in columns])
    return buffer.getvalue()


def format_for(path: Path) -> TableFormat:
    """The format a file name implies (``.json`` or ``.csv``)."""
    try:
        return TableFormat(path.suffix.lower().lstrip("."))
    except ValueError:
        raise InputFileError(f"{path.name}: use a .json or .csv file") from None


def export_table(path: Path, table: str, entries: Mapping[str, BaseModel],
                 fmt: TableFormat | None = None) -> None:
    """Write ``entries`` of ``table`` to ``path`` (format from the suffix unless given), atomically."""
    fmt = fmt or format_for(path)
    text = export_json(table, entries) if fmt is TableFormat.JSON else export_csv(table, entries)
    atomic_write_text(path, text)


# -- import ------------------------------------------------------------------------------------

def preview_import(table: str, path: Path) -> ImportPreview:
    """Read and validate ``path`` for ``table``; writes nothing."""
    fmt = format_for(path)
    try:
        data = read_bounded_bytes(path, path.name, MAX_TABLE_BYTES, kind="table file")
    except InputFileError as exc:
        return _failed(table, str(exc))
    return parse_import(table, data, fmt)


def parse_import(table: str, data: str | bytes, fmt: TableFormat) -> ImportPreview:
    """Validate import text for ``table``; the preview lists every bad row."""
    table_spec(table)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_TABLE_BYTES:
        return _failed(table, f"the file is over {MAX_TABLE_BYTES / 1e6:,.0f} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return _failed(table, f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})")
    if fmt is TableFormat.JSON:
        return _import_json(table, text)
    return _import_csv(table, text)


def _failed(table: str, reason: str, row: int = 0, column: str = "") -> ImportPreview:
    return ImportPreview(table, {}, (ImportProblem(row, column, reason),))


def _collect(table: str, rows: list[tuple[int, Any]], column_of: Any) -> ImportPreview:
    """Validate (row number, entry dict) pairs; problems name the row and column."""
    spec = table_spec(table)
    entries: dict[str, BaseModel] = {}
    problems: list[ImportProblem] = []
    first_row: dict[str, int] = {}
    for row, data in rows:
        try:
            entry = validate_entry(table, data)
        except TableValidationError as exc:
            problems.append(ImportProblem(row, column_of(exc.field), exc.reason))
            continue
        key = entry_id(spec, entry)
        if key in first_row:
            problems.append(ImportProblem(row, spec.id_field,
                                          f"id '{key}' is also on row {first_row[key]}"))
            continue
        first_row[key] = row
        entries[key] = entry
    if not rows:
        problems.append(ImportProblem(0, "", "the file has no entries"))
    if problems:
        return ImportPreview(table, {}, tuple(problems))
    return ImportPreview(table, entries, ())


def _import_json(table: str, text: str) -> ImportPreview:
    try:
        doc = parse_json_text(text, "the file")
    except InputFileError as exc:
        return _failed(table, str(exc))
    items: list[Any]
    if isinstance(doc, list):
        items = doc
    elif isinstance(doc, dict) and "entries" in doc:
        if doc.get("table", table) != table:
            return _failed(table, f"the file holds the '{doc.get('table')}' table, not '{table}'")
        entries = doc["entries"]
        if isinstance(entries, dict):
            items = [with_key_id(table, str(key), value) for key, value in entries.items()]
        elif isinstance(entries, list):
            items = entries
        else:
            return _failed(table, "'entries' must be a list or an object keyed by id")
    else:
        return _failed(table, "expected a list of entries or an export file with 'entries'")
    return _collect(table, list(enumerate(items, start=1)), lambda path: path)


def _import_csv(table: str, text: str) -> ImportPreview:
    columns = {column.name: column for column in table_columns(table)}
    spec = table_spec(table)
    try:
        records = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        return _failed(table, f"not a valid CSV file ({exc})")
    records = [record for record in records if any(cell.strip() for cell in record)]
    if not records:
        return _failed(table, "the file is empty")
    header = [name.strip() for name in records[0]]
    problems = _header_problems(header, columns, spec.id_field)
    if problems:
        return ImportPreview(table, {}, tuple(problems))
    rows: list[tuple[int, Any]] = []
    cell_problems: list[ImportProblem] = []
    for number, record in enumerate(records[1:], start=2):
        if len(record) > len(header):
            cell_problems.append(ImportProblem(number, "", f"{len(record)} cells but the header has "
                                                           f"{len(header)} columns"))
            continue
        data, problem = _row_to_entry(number, header, record, columns)
        if problem is not None:
            cell_problems.append(problem)
        else:
            rows.append((number, _fill_required_submodels(spec.model, data)))
    preview = _collect(table, rows, lambda path: _column_for(path, list(columns)))
    if cell_problems:
        merged = sorted((*cell_problems, *(p for p in preview.problems if p.row)), key=lambda p: p.row)
        return ImportPreview(table, {}, tuple(merged))
    return preview


def _header_problems(header: list[str], columns: Mapping[str, Column], id_field: str) -> list[ImportProblem]:
    problems: list[ImportProblem] = []
    seen: set[str] = set()
    for name in header:
        if name not in columns:
            problems.append(ImportProblem(1, name, "unknown column"))
        elif name in seen:
            problems.append(ImportProblem(1, name, "column appears twice"))
        seen.add(name)
    if id_field not in seen:
        problems.append(ImportProblem(1, id_field, "required column is missing"))
    return problems


def _row_to_entry(number: int, header: list[str], record: list[str],
                  columns: Mapping[str, Column]) -> tuple[dict[str, Any], ImportProblem | None]:
    data: dict[str, Any] = {}
    for name, cell in zip(header, record, strict=False):
        if cell.strip() == "":
            continue
        column = columns[name]
        try:
            value = _parse_cell(cell, column.kind)
        except InputFileError as exc:
            return data, ImportProblem(number, name, str(exc))
        target = data
        for part in column.path[:-1]:
            target = target.setdefault(part, {})
        target[column.path[-1]] = value
    return data, None


def _fill_required_submodels(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """Give required nested objects an empty dict when all their cells are empty.

    (A GPU whose every ``dense_tflops.*`` cell is empty has a ``DenseTflops`` of Nones, not a
    missing field; optional nested objects stay absent, i.e. None / their default.)
    """
    for name, info in model.model_fields.items():
        sub = submodel(info.annotation)
        if sub is None:
            continue
        if name not in data and info.is_required():
            data[name] = {}
        if isinstance(data.get(name), dict):
            _fill_required_submodels(sub, data[name])
    return data


def _parse_cell(cell: str, kind: ColumnKind) -> Any:
    """A cell's value: JSON, a ';'-split list, or the text itself (pydantic converts numbers).

    The apostrophe an export put before a text that could start a formula is removed.
    """
    cell = restored_cell(cell)
    text = cell.strip()
    if kind is ColumnKind.JSON or (kind is ColumnKind.LIST and text.startswith("[")):
        return parse_json_text(text, "the cell")
    if kind is ColumnKind.LIST:
        return [item.strip() for item in text.split(";") if item.strip()]
    return cell


def _column_for(field_path: str, names: list[str]) -> str:
    """The CSV column a validation error's field path falls in."""
    if field_path in names:
        return field_path
    parts = field_path.split(".")
    for length in range(len(parts) - 1, 0, -1):
        prefix = ".".join(parts[:length])
        if prefix in names:
            return prefix
    inside = [name for name in names if name.startswith(field_path + ".")]
    return inside[0] if inside else field_path


def apply_import(store: UserStore, preview: ImportPreview) -> list[StoreNotice]:
    """Save a confirmed, problem-free preview as user entries (one atomic write)."""
    if not preview.ok:
        first = preview.problems[0] if preview.problems else ImportProblem(0, "", "nothing to import")
        raise TableImportError(f"cannot import {preview.table}: {first}")
    return store.put_entries(preview.table, list(preview.entries.values()))
