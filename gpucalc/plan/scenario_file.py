"""Scenario files (``*.gpucalc.json``): versioned, written atomically, read with bounds. Pure, no Qt.

A scenario file is a document the user chose: one that cannot be used is refused with a one-line
:class:`ScenarioFileError` and left exactly as it is (see :mod:`gpucalc.catalog.storage`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpucalc.catalog.storage import (
    DocumentFormat,
    Migration,
    MigrationError,
    UnusableDocumentError,
    atomic_write_text,
    document_version,
    migrate_document,
    read_json_document,
)
from gpucalc.core.common.errors import error_location
from gpucalc.core.specs.scenario import SCENARIO_SCHEMA_VERSION, Scenario

FILE_FORMAT = "gpucalc-scenario"
FILE_SUFFIX = ".gpucalc.json"
MAX_FILE_BYTES = 4_000_000
"""The largest scenario file read or written (4 MB; a scenario with a custom GPU is about 3 kB)."""

MIGRATIONS: dict[int, Migration] = {}
"""Migration from scenario schema_version N (the key) to N + 1."""

SCENARIO_DOCUMENT = DocumentFormat(FILE_FORMAT, SCENARIO_SCHEMA_VERSION, oldest_version=1,
                                   migrations=MIGRATIONS)


class ScenarioFileError(ValueError):
    """A scenario file cannot be read or written; the message says why, in one line."""


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    """The JSON document a scenario file holds."""
    return {"format": FILE_FORMAT, "schema_version": SCENARIO_SCHEMA_VERSION,
            "scenario": scenario.model_dump(mode="json")}


def scenario_text(scenario: Scenario) -> str:
    """The text of a scenario file; :class:`ScenarioFileError` when it could not be read back."""
    try:
        text = json.dumps(scenario_document(scenario), indent=2, ensure_ascii=False,
                          allow_nan=False) + "\n"
    except ValueError as exc:
        raise ScenarioFileError("the scenario holds a number that is not finite") from exc
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise ScenarioFileError(f"the scenario is {size / 1e6:,.1f} MB; a scenario file is at most "
                                f"{MAX_FILE_BYTES / 1e6:,.2f} MB, so it could not be opened again")
    return text


def save_scenario(path: Path, scenario: Scenario) -> None:
    """Write ``scenario`` to ``path`` atomically (only what :func:`load_scenario` can read back)."""
    text = scenario_text(scenario)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise ScenarioFileError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _problem(exc: UnusableDocumentError) -> str:
    """The one-line reason a scenario document is refused."""
    if exc.reason == "newer_version":
        return (f"the file was written by a newer gpucalc ({exc.detail}); this version reads up to "
                f"schema version {SCENARIO_SCHEMA_VERSION}")
    if exc.detail.startswith("'format'"):
        return f"not a gpucalc scenario file (format is not '{FILE_FORMAT}')"
    if exc.reason == "wrong_shape":
        return f"not a gpucalc scenario file ({exc.detail})"
    return exc.detail


def scenario_from_document(doc: Any) -> Scenario:
    """Validate a parsed scenario document (migrating an older one)."""
    try:
        version = document_version(doc, SCENARIO_DOCUMENT)
        if version < SCENARIO_SCHEMA_VERSION:
            doc = migrate_document(doc, SCENARIO_DOCUMENT)
    except UnusableDocumentError as exc:
        raise ScenarioFileError(_problem(exc)) from exc
    except MigrationError as exc:
        raise ScenarioFileError(f"the file's schema version {version} cannot be updated: {exc}") from exc
    try:
        return Scenario.model_validate(doc.get("scenario"))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = error_location(first["loc"]) or "scenario"
        raise ScenarioFileError(f"invalid {where}: {first['msg']}") from exc


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file; raise :class:`ScenarioFileError` with a one-line reason."""
    try:
        doc = read_json_document(path, f"scenario file {path.name}", MAX_FILE_BYTES,
                                 kind="scenario file")
    except UnusableDocumentError as exc:
        raise ScenarioFileError(exc.detail) from exc
    return scenario_from_document(doc)
