"""The one worker utility: run a callable on a thread pool, post the result back by signal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    """Lives on the GUI thread; signals emitted from a pool thread arrive queued."""

    done = Signal(int, object)
    failed = Signal(int, object)


class _Task(QRunnable):
    def __init__(self, generation: int, job: Callable[[], Any], relay: _Relay,
                 superseded: Callable[[int], bool] | None = None) -> None:
        super().__init__()
        self._generation = generation
        self._job = job
        self._relay = relay
        self._superseded = superseded

    def run(self) -> None:
        if self._superseded is not None and self._superseded(self._generation):
            self._relay.done.emit(self._generation, None)  # a newer job was submitted: skip this one
            return
        try:
            result = self._job()
        except Exception as exc:  # every failure is posted back, never lost
            self._relay.failed.emit(self._generation, exc)
            return
        self._relay.done.emit(self._generation, result)


class Worker(QObject):
    """Runs jobs off the GUI thread; ``finished``/``failed`` carry the job's generation number."""

    finished = Signal(int, object)
    failed = Signal(int, object)

    def __init__(self, parent: QObject | None = None, max_threads: int = 2) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        self._relay = _Relay(self)
        self._relay.done.connect(self.finished)
        self._relay.failed.connect(self.failed)
        self._latest = 0

    def submit(self, generation: int, job: Callable[[], Any]) -> None:
        """Run ``job`` on the pool; its result or exception comes back with ``generation``."""
        self._pool.start(_Task(generation, job, self._relay))

    def submit_latest(self, generation: int, job: Callable[[], Any]) -> None:
        """Like :meth:`submit`, but a job still waiting when a newer one is submitted is skipped.

        A skipped job never runs; ``finished`` comes back with its generation and ``None``, so a
        burst of edits queues at most the jobs already running plus the newest one.
        """
        self._latest = max(self._latest, generation)
        self._pool.start(_Task(generation, job, self._relay, self._superseded))

    def _superseded(self, generation: int) -> bool:
        return generation < self._latest

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until running jobs are done (shutdown and tests)."""
        return bool(self._pool.waitForDone(msecs))
