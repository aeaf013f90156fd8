"""Load the fitted kernel surfaces (``specs/kernels/*.json``) and the mapping of other GPUs.

Reading (:func:`read_kernel_tables`, the files' parsed JSON) and validating
(:func:`kernel_catalog_from`) are apart, so the catalog's index of the bundled tables can keep
the first and redo only the second.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpucalc.core.specs.kernel_surfaces import GpuMapping, KernelCatalog, KernelSystem
from gpucalc.io.bounded_json import parse_json_text, read_bounded_bytes
from gpucalc.io.errors import InputFileError

MAPPING_FILE = "mapping.json"
MAX_FILE_BYTES = 256 * 1024  # each system's JSON is a few KB; refuse anything far larger

KernelTables = dict[str, Any]
"""The parsed files of a kernel folder: ``systems`` (``[file name, JSON]`` pairs, in name order)
and ``mapping`` (the mapping file's JSON, None when there is none)."""


class KernelTableError(ValueError):
    """A kernel-surface file is unreadable, too large or fails validation."""


def _read_json(path: Path) -> object:
    try:
        data = read_bounded_bytes(path, f"kernel surfaces {path.name}", MAX_FILE_BYTES,
                                  kind="kernel-surface file")
        return parse_json_text(data, f"kernel surfaces {path.name}")
    except InputFileError as exc:
        raise KernelTableError(str(exc)) from exc


def read_kernel_tables(directory: Path) -> KernelTables | None:
    """The parsed JSON of every ``<system>.json`` under ``directory`` and of its ``mapping.json``.

    None when there is no such folder.
    """
    if not directory.is_dir():
        return None
    systems = [[path.name, _read_json(path)] for path in sorted(directory.glob("*.json"))
               if path.name != MAPPING_FILE]
    mapping_path = directory / MAPPING_FILE
    return {"systems": systems, "mapping": _read_json(mapping_path) if mapping_path.exists() else None}


def kernel_catalog_from(directory: Path, tables: KernelTables | None) -> KernelCatalog | None:
    """The kernel catalog of the files ``tables`` holds (None without systems); ``directory`` names them."""
    if tables is None:
        return None
    try:
        systems = {}
        for _name, data in tables["systems"]:
            system = KernelSystem.model_validate(data)
            systems[system.system] = system
        raw = tables["mapping"] if tables["mapping"] is not None else {"mappings": []}
        rows = raw.get("mappings", []) if isinstance(raw, dict) else []
        mappings = tuple(GpuMapping.model_validate(row) for row in rows)
    except ValidationError as exc:
        raise KernelTableError(f"kernel surfaces under {directory} fail validation: {exc}") from exc
    return KernelCatalog(systems=systems, mappings=mappings) if systems else None


def load_kernel_catalog(directory: Path) -> KernelCatalog | None:
    """Every ``<system>.json`` under ``directory`` and its ``mapping.json`` (None when absent)."""
    return kernel_catalog_from(directory, read_kernel_tables(directory))
