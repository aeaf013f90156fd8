"""Python's full garbage collections, moved to moments when the user is not typing.

A full (generation 2) collection walks every live object and stops every thread, the GUI thread
included; with the spec tables and a few results alive it took 30–50 ms, long enough to feel
while typing (benchmarks/gui_responsiveness.py). The window therefore freezes what exists after
start-up (it lives for the whole session), leaves the young generations to run as usual, and
runs full collections itself once nothing has been computed for a few seconds.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

IDLE_MS = 3000
CPYTHON_THRESHOLDS = (700, 10, 10)  # CPython's defaults for generations 0, 1 and 2
NO_AUTOMATIC_FULL_COLLECTION = 1_000_000_000


class IdleCollector(QObject):
    """Full collections after ``IDLE_MS`` without activity; call ``poke()`` on every activity."""

    def __init__(self, parent: QObject | None = None, collect: Callable[[], object] = gc.collect,
                 idle_ms: int = IDLE_MS) -> None:
        super().__init__(parent)
        self._collect = collect
        self.collections = 0
        gc.collect()
        gc.freeze()  # start-up objects (tables, window) live for the session: never scan them again
        gc.set_threshold(*CPYTHON_THRESHOLDS[:2], NO_AUTOMATIC_FULL_COLLECTION)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(idle_ms)
        self._timer.timeout.connect(self._collect_now)

    def poke(self, *_: object) -> None:
        """Something happened: postpone the next full collection."""
        self._timer.start()

    def _collect_now(self) -> None:
        self._collect()
        self.collections += 1

    @staticmethod
    def restore() -> None:
        """Back to CPython's automatic collections (when the window goes away)."""
        gc.unfreeze()
        gc.set_threshold(*CPYTHON_THRESHOLDS)
