"""Read JSON from untrusted files with bounded work: size cap, depth cap, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gpucalc.io.errors import InputFileError

MAX_CONFIG_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 64


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of a parsed JSON value, stopping early past ``limit``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def parse_json_text(text: str | bytes, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON text, raising :class:`InputFileError` naming ``what`` on any problem."""
    try:
        value = json.loads(text)
    except RecursionError as exc:
        raise InputFileError(f"{what} is nested too deeply to be a valid file") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{what} is not valid JSON ({exc})") from exc
    if _depth(value, max_depth) > max_depth:
        raise InputFileError(f"{what} is nested more than {max_depth} levels deep")
    return value


def read_json_file(path: Path, what: str, max_bytes: int = MAX_CONFIG_BYTES) -> Any:
    """Read and parse a JSON file of at most ``max_bytes`` bytes."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputFileError(f"cannot read {what} at {path}: {exc.strerror}") from exc
    if size > max_bytes:
        raise InputFileError(
            f"{what} at {path} is {size / 1e6:.1f} MB; a config file is at most "
            f"{max_bytes / 1e6:.0f} MB"
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputFileError(f"cannot read {what} at {path}: {exc.strerror}") from exc
    return parse_json_text(data, f"{what} at {path}")
