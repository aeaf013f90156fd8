"""Safe file writes: atomic replacement and never-overwriting backups."""

from __future__ import annotations

import contextlib
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

MAX_BACKUP_SUFFIX = 1000


def atomic_write_bytes(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the new one.

    The bytes go to a temporary file in the same directory, which is flushed, fsynced and then
    moved over ``path`` with :func:`os.replace`. On any error the temporary file is removed and
    ``path`` is untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8, atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _fsync_dir(directory: Path) -> None:
    """Make the rename durable where the platform allows opening a directory (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup_stamp(now: datetime) -> str:
    """UTC timestamp used in backup names, e.g. ``20260521T101500Z``."""
    return now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def move_aside(path: Path, now: datetime | None = None) -> Path:
    """Move ``path`` to ``<stem>.bak-<timestamp>.json`` next to it and return the new path.

    Never overwrites an existing file: a clash gets ``-2``, ``-3``, … appended. Raises
    :class:`OSError` when the file cannot be moved.
    """
    stamp = backup_stamp(now or datetime.now(UTC))
    for n in range(1, MAX_BACKUP_SUFFIX):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}.bak-{stamp}{suffix}.json")
        if target.exists():
            continue
        try:
            _rename_no_clobber(path, target)
        except FileExistsError:
            continue
        return target
    raise FileExistsError(f"too many backups of {path.name} at {stamp}")


def _rename_no_clobber(source: Path, target: Path) -> None:
    """Rename without replacing ``target``: hard link + unlink, else a checked rename."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        # No hard links here (some file systems, Windows without privileges); os.rename does not
        # replace an existing target on Windows, and we checked for one just before on POSIX.
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    source.unlink()
