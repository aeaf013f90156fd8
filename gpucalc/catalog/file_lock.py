"""An advisory lock around a read-modify-write of one saved file, so concurrent saves all land.

Two gpucalc processes sharing a config folder (two windows, parallel ``compare-log --calibrate
--save`` runs) each read a table, change it and write it back; without a lock the last writer
drops the others' changes. :func:`locked` holds an exclusive lock on :data:`LOCK_NAME` in the
file's folder (the folder of the file a symbolic link points to) for the length of the block:
``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows, both behind :func:`_try_lock`. One lock
per folder: saves take milliseconds, so they may as well wait for each other. The lock file is
left in place (removing it would let two processes lock different files); it holds no data.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from gpucalc.catalog.storage import write_target

LOCK_NAME = ".gpucalc.lock"
LOCK_TIMEOUT_S = 20.0
"""How long a save waits for another process's save of the same file (each takes milliseconds)."""
POLL_S = 0.01


class LockTimeoutError(OSError):
    """Another process held the file's lock for longer than :data:`LOCK_TIMEOUT_S`."""


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: :data:`LOCK_NAME` beside the file a save of ``path`` writes."""
    return write_target(path).with_name(LOCK_NAME)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        """Take the exclusive lock of ``fd`` without waiting; whether it was taken."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        """Take the exclusive lock of ``fd`` without waiting; whether it was taken."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def locked(path: Path, timeout_s: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the advisory lock of ``path`` while the block runs.

    Waits up to ``timeout_s`` for another holder, then raises :class:`LockTimeoutError`;
    raises :class:`OSError` when the lock file cannot be created (a read-only folder).
    """
    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    try:
        deadline = time.monotonic() + timeout_s
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockTimeoutError(f"another gpucalc has been saving in {lock.parent} for more "
                                       f"than {timeout_s:g} s ({lock.name} is locked)")
            time.sleep(POLL_S)
        try:
            yield
        finally:
            with suppress(OSError):
                _unlock(fd)
    finally:
        os.close(fd)
