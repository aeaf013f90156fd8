"""Load the fitted kernel surfaces (``specs/kernels/*.json``) and the mapping of other GPUs."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from gpucalc.core.specs.kernel_surfaces import GpuMapping, KernelCatalog, KernelSystem
from gpucalc.io.bounded_json import parse_json_text, read_bounded_bytes
from gpucalc.io.errors import InputFileError

MAPPING_FILE = "mapping.json"
MAX_FILE_BYTES = 256 * 1024  # each system's JSON is a few KB; refuse anything far larger


class KernelTableError(ValueError):
    """A kernel-surface file is unreadable, too large or fails validation."""


def _read_json(path: Path) -> object:
    try:
        data = read_bounded_bytes(path, f"kernel surfaces {path.name}", MAX_FILE_BYTES,
                                  kind="kernel-surface file")
        return parse_json_text(data, f"kernel surfaces {path.name}")
    except InputFileError as exc:
        raise KernelTableError(str(exc)) from exc


def load_kernel_catalog(directory: Path) -> KernelCatalog | None:
    """Every ``<system>.json`` under ``directory`` and its ``mapping.json`` (None when absent)."""
    if not directory.is_dir():
        return None
    try:
        systems = {}
        for path in sorted(directory.glob("*.json")):
            if path.name == MAPPING_FILE:
                continue
            system = KernelSystem.model_validate(_read_json(path))
            systems[system.system] = system
        mapping_path = directory / MAPPING_FILE
        raw = _read_json(mapping_path) if mapping_path.exists() else {"mappings": []}
        rows = raw.get("mappings", []) if isinstance(raw, dict) else []
        mappings = tuple(GpuMapping.model_validate(row) for row in rows)
    except ValidationError as exc:
        raise KernelTableError(f"kernel surfaces under {directory} fail validation: {exc}") from exc
    return KernelCatalog(systems=systems, mappings=mappings) if systems else None
