"""Responsiveness of the window: cold start to the first result, and the longest GUI-thread stall.

Run: ``python -m benchmarks.gui_responsiveness`` (offscreen). Targets (issue 4): first result
within 1.5 s of launching; the GUI thread never blocked for more than 50 ms while a user types
into a field or drags a value.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

COLD_START_RUNS = 5
TYPING_SECONDS = 4.0
KEYSTROKE_MS = 40
BURST_KEYS = 4  # keystrokes typed in a row, then a pause of PAUSE_TICKS × KEYSTROKE_MS
PAUSE_TICKS = 8
TICK_MS = 2

# Runs in a fresh interpreter: imports, QApplication, catalog, window, first result. The window's
# modules come first, as `gpucalc` imports them (gpucalc.ui imports its Qt-free layers before Qt).
_COLD_START = """
import sys
from gpucalc.ui.app import Shell, application
from PySide6.QtCore import QTimer
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.main_window import Session
app = application()
shell = Shell(CatalogSession(UserStore()).catalog, Scenario(), Session())
def ready(*_):
    print("first-result", flush=True)
    QTimer.singleShot(0, app.quit)
shell.controller.resultReady.connect(ready)
QTimer.singleShot(30_000, app.quit)  # never hang the benchmark
shell.start()
app.exec()
shell.window.tabs.sizing_tab.cancel()
shell.shutdown()
"""


def cold_start_seconds() -> float:
    """Wall time from process launch to the first result line on stdout."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYQTGRAPH_QT_LIB": "PySide6"}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _COLD_START], stdout=subprocess.PIPE, text=True,
                            env=env, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-result"):
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError("the window produced no result")
    proc.wait(timeout=60)
    return elapsed


class StallMeter:
    """A fast timer on the GUI thread: how late each tick fires is how long the thread was busy."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, QTimer

        self.gaps_ms: list[float] = []
        self._clock = QElapsedTimer()
        self._clock.start()
        self._last = 0
        self._timer = QTimer()
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        """Start measuring now."""
        self._last = self._clock.nsecsElapsed()
        self._timer.start()

    def _tick(self) -> None:
        now = self._clock.nsecsElapsed()
        self.gaps_ms.append((now - self._last) / 1e6 - TICK_MS)
        self._last = now

    def longest_and_p99(self) -> tuple[float, float]:
        """Longest stall and the 99th percentile (ms)."""
        ordered = sorted(self.gaps_ms)
        p99 = ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0
        return (max(ordered, default=0.0), p99)


class Typist:
    """Types numbers into the input-length field in bursts and drags the max-sequences spin box."""

    def __init__(self, length: object, seqs: object) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QSpinBox

        assert isinstance(length, QSpinBox)
        assert isinstance(seqs, QSpinBox)
        self.length, self.seqs, self.step = length, seqs, 0
        self.timer = QTimer()
        self.timer.setInterval(KEYSTROKE_MS)
        self.timer.timeout.connect(self.keystroke)

    def keystroke(self) -> None:
        """One keystroke (or a pause tick between numbers)."""
        self.step += 1
        if self.step % (BURST_KEYS + PAUSE_TICKS) >= BURST_KEYS:
            return  # the user pauses between numbers, so results arrive while typing
        self.length.setValue(500 + (self.step * 137) % 7000)
        if self.step % 3 == 0:
            self.seqs.setValue(64 + (self.step * 8) % 512)


def typing_stalls() -> tuple[float, float, int]:
    """Type into the form while a timer measures GUI-thread stalls.

    Returns (longest stall ms, 99th-percentile stall ms, results shown).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer

    from gpucalc.catalog.bundled import Catalog
    from gpucalc.core.specs.scenario import Scenario
    from gpucalc.ui.app import Shell, application
    from gpucalc.ui.session import Session

    app = application()
    shell = Shell(Catalog.load(), Scenario(), Session())
    shell.window.resize(1480, 920)
    results = [0]
    shell.controller.resultReady.connect(lambda *_: results.__setitem__(0, results[0] + 1))
    meter = StallMeter()
    typist = Typist(shell.window.inputs.binder.widget("workload.input_len_p50"),
                    shell.window.inputs.binder.widget("deployment.max_num_seqs"))
    shell.start()
    settle_ms, typing_ms = 1500, int(TYPING_SECONDS * 1000)
    QTimer.singleShot(settle_ms, meter.start)  # after the first result and window set-up
    QTimer.singleShot(settle_ms, typist.timer.start)
    QTimer.singleShot(settle_ms + typing_ms, typist.timer.stop)
    QTimer.singleShot(settle_ms * 2 + typing_ms, app.quit)  # let the last result land
    app.exec()
    shell.shutdown()
    return (*meter.longest_and_p99(), results[0])


def main() -> None:
    samples = [cold_start_seconds() for _ in range(COLD_START_RUNS)]
    print(f"cold start to first result: median {statistics.median(samples):.2f} s, "
          f"range {min(samples):.2f}–{max(samples):.2f} s over {COLD_START_RUNS} launches (target ≤ 1.5 s)")
    longest, p99, shown = typing_stalls()
    print(f"GUI thread while typing for {TYPING_SECONDS:.0f} s ({BURST_KEYS} values {KEYSTROKE_MS} ms apart, "
          f"then a {PAUSE_TICKS * KEYSTROKE_MS} ms pause): longest stall {longest:.1f} ms, 99th percentile "
          f"{p99:.1f} ms, {shown} results shown (target ≤ 50 ms)")


if __name__ == "__main__":
    main()
