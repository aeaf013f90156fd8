"""Scenario files (``*.gpucalc.json``): versioned, written atomically. Pure, no Qt."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpucalc.core.scenario import SCENARIO_SCHEMA_VERSION, Scenario

FILE_FORMAT = "gpucalc-scenario"
FILE_SUFFIX = ".gpucalc.json"
MAX_FILE_BYTES = 4 * 1024 * 1024


class ScenarioFileError(ValueError):
    """A scenario file cannot be read or written; the message says why, in one line."""


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    """The JSON document a scenario file holds."""
    return {"format": FILE_FORMAT, "schema_version": SCENARIO_SCHEMA_VERSION,
            "scenario": scenario.model_dump(mode="json")}


def save_scenario(path: Path, scenario: Scenario) -> None:
    """Write ``scenario`` to ``path`` atomically."""
    text = json.dumps(scenario_document(scenario), indent=2, ensure_ascii=False) + "\n"
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise ScenarioFileError(f"cannot write {path}: {exc.strerror or exc}") from exc


def scenario_from_document(doc: Any) -> Scenario:
    """Validate a parsed scenario document."""
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
        raise ScenarioFileError("not a gpucalc scenario file (format is not 'gpucalc-scenario')")
    version = doc.get("schema_version")
    if not isinstance(version, int) or version < 1:
        raise ScenarioFileError("the file has no valid schema_version")
    if version > SCENARIO_SCHEMA_VERSION:
        raise ScenarioFileError(f"the file was written by a newer gpucalc (schema version {version}; "
                                f"this version reads up to {SCENARIO_SCHEMA_VERSION})")
    try:
        return Scenario.model_validate(doc.get("scenario"))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "scenario"
        raise ScenarioFileError(f"invalid {where}: {first['msg']}") from exc


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file; raise :class:`ScenarioFileError` with a one-line reason."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ScenarioFileError(f"{path.name} is larger than {MAX_FILE_BYTES // 1024} KiB")
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScenarioFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioFileError(f"{path.name} is not valid JSON: {exc}") from exc
    return scenario_from_document(doc)
