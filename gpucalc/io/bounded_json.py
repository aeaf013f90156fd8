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


def checked_size(path: Path, what: str, max_bytes: int, kind: str = "file", hint: str = "") -> int:
    """The size of ``path`` in bytes; a clear error when it cannot be read or exceeds ``max_bytes``.

    ``what`` names the file in messages, ``kind`` says what sort of file has the limit and
    ``hint`` (optional) how to get under it.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputFileError(f"cannot read {what} at {path}: {exc.strerror}") from exc
    if size > max_bytes:
        raise InputFileError(f"{what} at {path} is {size / 1e6:,.1f} MB; a {kind} is at most "
                             f"{max_bytes / 1e6:,.{0 if max_bytes >= 10**7 else 2}f} MB{hint}")
    return size


def read_bounded_bytes(path: Path, what: str, max_bytes: int, kind: str = "file") -> bytes:
    """The bytes of ``path``, refused beyond ``max_bytes`` (also when it grows while read)."""
    checked_size(path, what, max_bytes, kind)
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputFileError(f"cannot read {what} at {path}: {exc.strerror}") from exc
    if len(data) > max_bytes:
        raise InputFileError(f"{what} at {path} grew past {max_bytes / 1e6:,.0f} MB while being read")
    return data


def read_json_file(path: Path, what: str, max_bytes: int = MAX_CONFIG_BYTES) -> Any:
    """Read and parse a JSON file of at most ``max_bytes`` bytes."""
    data = read_bounded_bytes(path, what, max_bytes, kind="config file")
    return parse_json_text(data, f"{what} at {path}")
