"""The one place gpucalc keeps and writes files: config folder, atomic writes, backups, versions.

* :func:`config_dir` - the user's gpucalc folder on every OS (``GPUCALC_CONFIG_DIR`` overrides).
* :func:`cache_dir` - the folder of files gpucalc can rebuild (``GPUCALC_CACHE_DIR`` overrides).
* :func:`atomic_write_bytes` / :func:`atomic_write_text` - readers see the old file or the new
  one, never a mix: a temporary file in the same folder is written, fsynced, renamed over the
  target and the folder is fsynced. A new file gets the mode the umask gives (``0666 & ~umask``),
  a replaced file keeps its mode; a symbolic link is kept and its target written. The writer
  removes its own temporary files that an interrupted save left behind (older than
  :data:`STALE_TEMP_SECONDS`), and a failed save the folders it created.
* :func:`atomic_write_files` - a set of files (a CSV export) into a folder, all or none.
* :func:`read_json_document` - a bounded read through :mod:`gpucalc.io.bounded_json`.
* :func:`checked_document` - the header check and migrations of a versioned document.
* :func:`move_aside` - an unusable file becomes ``<stem>.bak-<UTC time>.json`` next to it; a
  backup is never overwritten (a clash in the same second gets ``-2``, ``-3``, …).

The policy for versioned files: reading never moves or rewrites a file. A file the app keeps for
itself (user tables, window settings) that cannot be used - unreadable, too large, not JSON, wrong
shape, or written by a newer gpucalc - is skipped with a notice and the app goes on without it;
only an explicit save into it moves it aside first, with a time-stamped backup of its bytes
(window settings written by a newer gpucalc are kept for it instead). Saves of those files hold
the folder's advisory lock (:mod:`gpucalc.catalog.file_lock`) from their read to their write. A
document the user opens (a scenario) is never moved, only refused with a one-line reason.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from gpucalc.io.bounded_json import parse_json_text, read_bounded_bytes, regular_file_size
from gpucalc.io.errors import InputFileError

CONFIG_DIR_ENV = "GPUCALC_CONFIG_DIR"
CACHE_DIR_ENV = "GPUCALC_CACHE_DIR"
APP_NAME = "gpucalc"
MAX_BACKUP_SUFFIX = 1000
STALE_TEMP_SECONDS = 3600
"""A temporary file of ours older than this (one hour) belongs to a save that was interrupted."""
NEW_FILE_MODE = 0o666
"""Mode a new file is created with before the umask applies (as ``open(..., "w")`` does)."""
_TEMP_TOKEN = re.compile(r"[A-Za-z0-9_]{6,32}")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def config_dir() -> Path:
    r"""The user's gpucalc folder: ``$GPUCALC_CONFIG_DIR``, else the platform's config folder.

    Linux ``~/.config/gpucalc``, macOS ``~/Library/Application Support/gpucalc``, Windows
    ``%LOCALAPPDATA%\gpucalc`` (no vendor folder above it).
    """
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    r"""Where gpucalc keeps what it can rebuild (the index of the bundled tables).

    ``$GPUCALC_CACHE_DIR``, else the platform's cache folder: Linux ``~/.cache/gpucalc``, macOS
    ``~/Library/Caches/gpucalc``, Windows ``%LOCALAPPDATA%\gpucalc\Cache``. Deleting it loses
    nothing.
    """
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


# -- writing ------------------------------------------------------------------------------------

def temp_name(path: Path) -> str:
    """A fresh name for a temporary file of ``path``: ``.<name>.<random>.tmp``."""
    return f".{path.name}.{secrets.token_hex(6)}.tmp"


def is_temp_of(name: str, path: Path) -> bool:
    """Whether ``name`` is a temporary file this writer makes for ``path``."""
    prefix = f".{path.name}."
    if not (name.startswith(prefix) and name.endswith(".tmp")):
        return False
    return _TEMP_TOKEN.fullmatch(name[len(prefix):-len(".tmp")]) is not None


def remove_stale_temps(path: Path, max_age_s: float = STALE_TEMP_SECONDS,
                       now: float | None = None) -> list[Path]:
    """Remove temporary files (and folders) of ``path`` older than ``max_age_s``; the ones removed.

    Only regular files and folders named as this writer names them are touched (a folder is a
    staged export, :func:`atomic_write_files`); anything unreadable is left.
    """
    cutoff = (time.time() if now is None else now) - max_age_s
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        if not is_temp_of(entry.name, path):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if info.st_mtime >= cutoff:
                continue
            if stat.S_ISREG(info.st_mode):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            elif stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _existing_mode(path: Path) -> int | None:
    """The permission bits of an existing regular file at ``path``, else None."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def write_target(path: Path) -> Path:
    """The file a save of ``path`` writes: ``path``, or the file a symbolic link there points to.

    Saving through a link (a table kept in a dotfiles repository) replaces the link's target
    atomically and keeps the link; a chain of links is followed to its end.
    """
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


def nothing_saved_at(path: Path) -> bool:
    """Whether there is no file at ``path``: none, or a symbolic link whose target is not there yet.

    A link into a dotfiles repository whose file does not exist yet is where the first save goes;
    a link that loops is something there that cannot be read.
    """
    if path.exists():
        return False
    if not path.is_symlink():
        return True
    target = write_target(path)
    return not target.is_symlink() and not target.exists()


def _make_folders(directory: Path) -> list[Path]:
    """Create ``directory`` and any missing parents; the folders created, outermost first."""
    missing: list[Path] = []
    current = directory
    while not current.exists() and current.parent != current:
        missing.append(current)
        current = current.parent
    directory.mkdir(parents=True, exist_ok=True)
    return list(reversed(missing))


def _remove_folders(created: list[Path]) -> None:
    """Remove the folders a failed save created (innermost first), if they are still empty."""
    for folder in reversed(created):
        with contextlib.suppress(OSError):
            folder.rmdir()


def atomic_write_bytes(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the new one.

    The bytes go to a temporary file in the same folder (created ``0666 & ~umask``, or with the
    mode of the file it replaces), which is flushed, fsynced and moved over ``path`` with
    :func:`os.replace`; the folder is then fsynced so the rename survives a power cut. A
    symbolic link is kept: its target is written (:func:`write_target`). On any error the
    temporary file and the folders this save created are removed and ``path`` is untouched.
    Raises :class:`OSError`.
    """
    target = write_target(path)
    created = _make_folders(target.parent)
    try:
        _replace_with(target, content)
    except BaseException:
        _remove_folders(created)
        raise
    _fsync_dir(target.parent)


def _replace_with(path: Path, content: bytes) -> None:
    """Write ``content`` to a temporary file next to ``path`` and rename it over ``path``."""
    remove_stale_temps(path)
    keep_mode = _existing_mode(path)
    tmp = path.with_name(temp_name(path))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, NEW_FILE_MODE)
    try:
        with os.fdopen(fd, "wb") as handle:
            if keep_mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), keep_mode)
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_files(directory: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write every ``(name, content)`` of ``files`` into ``directory``: all of them, or none.

    The files are written into a temporary folder next to ``directory`` first; a new folder is
    then renamed into place in one step, an existing one gets each file renamed over its old
    one. A failure (a full disk) leaves no file, no temporary folder and no new empty folder
    behind. Returns the paths written. Raises :class:`OSError`.
    """
    directory = write_target(directory)
    created = _make_folders(directory.parent)
    remove_stale_temps(directory)
    staging = directory.with_name(temp_name(directory))
    try:
        staging.mkdir()
        for name, content in files:
            _replace_with(staging / name, content)
        _fsync_dir(staging)
        _move_into(staging, directory, [name for name, _ in files])
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        _remove_folders(created)
        raise
    _fsync_dir(directory.parent)
    return [directory / name for name, _ in files]


def _move_into(staging: Path, directory: Path, names: list[str]) -> None:
    """Put the files of ``staging`` in ``directory``: a rename of the folder when it is new."""
    if not directory.exists():
        try:
            os.rename(staging, directory)
            return
        except OSError:
            if not directory.is_dir():
                raise
    for name in names:
        os.replace(staging / name, directory / name)
    staging.rmdir()
    _fsync_dir(directory)


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


# -- reading ------------------------------------------------------------------------------------


def read_json_document(path: Path, what: str, max_bytes: int, kind: str = "file") -> Any:
    """``path`` parsed as JSON, read with bounds (regular file, size, depth, numbers).

    Raises :class:`UnusableDocumentError` whose ``reason`` is ``unreadable`` (missing, a pipe,
    a folder, no permission), ``too_large`` or ``not_json`` and whose detail is one line naming
    ``what``.
    """
    try:
        size = regular_file_size(path, what)
    except InputFileError as exc:
        raise UnusableDocumentError("unreadable", str(exc)) from exc
    try:
        data = read_bounded_bytes(path, what, max_bytes, kind=kind)
    except InputFileError as exc:
        raise UnusableDocumentError("too_large" if size > max_bytes else "unreadable", str(exc)) from exc
    try:
        return parse_json_text(data, what)
    except InputFileError as exc:
        raise UnusableDocumentError("not_json", str(exc)) from exc


class UnusableDocumentError(Exception):
    """A document cannot be used at all: ``reason`` is a code, ``detail`` one line of words."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = " ".join(detail.split())


class MigrationError(Exception):
    """A migration step failed or produced an unusable document."""


@dataclass(frozen=True)
class DocumentFormat:
    """A versioned JSON document: its ``format`` tag, versions and migrations.

    ``migrations[n]`` turns a version-``n`` document into version ``n + 1``; ``tag`` None means
    the document carries no ``format`` key (window settings).
    """

    tag: str | None
    current_version: int
    oldest_version: int = 0
    migrations: Mapping[int, Migration] = field(default_factory=dict)


def document_version(doc: Any, fmt: DocumentFormat) -> int:
    """The ``schema_version`` of ``doc`` after checking its ``format`` tag.

    Raises :class:`UnusableDocumentError` (reason ``wrong_shape`` or ``newer_version``).
    """
    if not isinstance(doc, dict):
        raise UnusableDocumentError("wrong_shape", "the file is not a JSON object")
    if fmt.tag is not None and doc.get("format") != fmt.tag:
        raise UnusableDocumentError("wrong_shape", f"'format' is not '{fmt.tag}'")
    version = doc.get("schema_version", fmt.current_version if fmt.tag is None else None)
    if not isinstance(version, int) or isinstance(version, bool) or version < fmt.oldest_version:
        raise UnusableDocumentError(
            "wrong_shape", f"'schema_version' is not an integer of at least {fmt.oldest_version}")
    if version > fmt.current_version:
        raise UnusableDocumentError("newer_version", f"schema_version {version} is newer than this "
                                    f"gpucalc's {fmt.current_version}")
    return version


def migrate_document(doc: dict[str, Any], fmt: DocumentFormat,
                     check: Callable[[dict[str, Any]], None] = lambda _doc: None) -> dict[str, Any]:
    """Run the migrations from ``doc``'s version to the current one, on a copy.

    ``check`` validates the result (raising :class:`UnusableDocumentError`). Raises
    :class:`MigrationError`; ``doc`` itself is never changed.
    """
    current = copy.deepcopy(doc)
    start = int(current["schema_version"])
    for version in range(start, fmt.current_version):
        step = fmt.migrations.get(version)
        if step is None:
            raise MigrationError(f"no migration from schema_version {version}")
        try:
            current = step(current)
        except Exception as exc:  # a migration may fail in any way; we roll back and report it
            raise MigrationError(f"v{version} to v{version + 1}: {exc}") from exc
        if not isinstance(current, dict):
            raise MigrationError(f"v{version} to v{version + 1} did not return an object")
        current["schema_version"] = version + 1
    try:
        document_version(current, fmt)
        check(current)
    except UnusableDocumentError as exc:
        raise MigrationError(f"migrated file is unusable: {exc.detail}") from exc
    return current


# -- backups ------------------------------------------------------------------------------------

def backup_stamp(now: datetime) -> str:
    """UTC timestamp used in backup names, e.g. ``20260521T101500Z``."""
    return now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def backup_stem(path: Path) -> str:
    """``window.json`` → ``window``; ``gpus.json`` → ``gpus`` (the name a backup starts with)."""
    return path.name[:-len(".json")] if path.name.endswith(".json") else path.name


def move_aside(path: Path, now: datetime | None = None) -> Path:
    """Move ``path`` to ``<stem>.bak-<timestamp>.json`` next to it and return the new path.

    Through a symbolic link the file it points to is moved (next to itself) and the link stays,
    so the save that follows writes the link's target again. Never overwrites an existing
    file: a clash gets ``-2``, ``-3``, … appended. Raises :class:`OSError` when the file cannot
    be moved.
    """
    path = write_target(path)
    stamp = backup_stamp(now or datetime.now(UTC))
    for n in range(1, MAX_BACKUP_SUFFIX):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{backup_stem(path)}.bak-{stamp}{suffix}.json")
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
