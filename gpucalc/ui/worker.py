"""The one worker utility: run a callable on a thread pool, post the result back by signal.

:class:`LatestJob` is what a widget wants when only its newest request matters (a recomputation,
a file being read, a fit): it numbers the jobs itself and drops the answers of superseded ones.
:class:`Worker` is the pool underneath, for a caller that must hear every job's answer.
"""

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


class LatestJob(QObject):
    """Runs one kind of job off the GUI thread where only the newest request counts.

    ``done`` carries the result and ``failed`` the exception of the newest job started; the answer
    of a job that a later :meth:`start` or :meth:`invalidate` superseded is dropped here (and
    counted in :attr:`dropped`), so a slow old answer never overwrites a newer one. The pool is
    made on the first :meth:`start`, so a window or dialog that never runs a job never makes one.
    """

    done = Signal(object)
    failed = Signal(object)

    def __init__(self, parent: QObject | None = None, on_done: Callable[[object], None] | None = None,
                 on_failed: Callable[[object], None] | None = None, *, max_threads: int = 1,
                 skip_superseded: bool = False) -> None:
        """``on_done``/``on_failed`` are connected to ``done``/``failed`` when given.

        ``skip_superseded``: a job still queued when a newer one starts never runs.
        """
        super().__init__(parent)
        if on_done is not None:
            self.done.connect(on_done)
        if on_failed is not None:
            self.failed.connect(on_failed)
        self._max_threads = max_threads
        self._skip_superseded = skip_superseded
        self._worker: Worker | None = None
        self._generation = 0
        self._awaiting = False
        self.dropped = 0

    @property
    def generation(self) -> int:
        """How many times a job was started or the running one invalidated."""
        return self._generation

    @property
    def busy(self) -> bool:
        """Whether the newest job has not answered yet (and was not invalidated)."""
        return self._awaiting

    def start(self, job: Callable[[], Any]) -> None:
        """Run ``job``; every job started before it (running or queued) will not be answered."""
        worker = self._pool_worker()
        self._generation += 1
        self._awaiting = True
        if self._skip_superseded:
            worker.submit_latest(self._generation, job)
        else:
            worker.submit(self._generation, job)

    def invalidate(self) -> None:
        """Drop the answer of whatever is running (its inputs changed); it still runs to its end."""
        self._generation += 1
        self._awaiting = False

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until running jobs are done (shutdown and tests)."""
        return self._worker is None or self._worker.wait(msecs)

    def _pool_worker(self) -> Worker:
        if self._worker is None:
            self._worker = Worker(self, max_threads=self._max_threads)
            self._worker.finished.connect(self._on_finished)
            self._worker.failed.connect(self._on_failed)
        return self._worker

    def _is_newest(self, generation: int) -> bool:
        if generation != self._generation:
            self.dropped += 1
            return False
        self._awaiting = False
        return True

    def _on_finished(self, generation: int, result: object) -> None:
        if self._is_newest(generation):
            self.done.emit(result)

    def _on_failed(self, generation: int, exc: object) -> None:
        if self._is_newest(generation):
            self.failed.emit(exc)
