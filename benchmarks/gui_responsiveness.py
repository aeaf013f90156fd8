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
TICK_MS = 2

# Runs in a fresh interpreter: imports, QApplication, catalog, window, first result.
_COLD_START = """
import sys
from PySide6.QtCore import QTimer
from gpucalc.ui.app import Shell, application
from gpucalc.ui.catalog_session import CatalogSession
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.scenario import Scenario
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


def typing_stalls() -> tuple[float, float, int]:
    """Type into the input-length field and drag the GPU count while a timer measures stalls.

    Returns (longest stall ms, 99th-percentile stall ms, results shown).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QSpinBox

    from gpucalc.catalog.bundled import Catalog
    from gpucalc.core.scenario import Scenario
    from gpucalc.ui.app import Shell, application
    from gpucalc.ui.main_window import Session

    app = application()
    shell = Shell(Catalog.load(), Scenario(), Session())
    shell.window.resize(1480, 920)
    shell.window.show()
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def tick() -> None:
        now = clock.nsecsElapsed()
        gaps.append((now - last[0]) / 1e6 - TICK_MS)
        last[0] = now

    results = [0]
    shell.controller.resultReady.connect(lambda *_: results.__setitem__(0, results[0] + 1))
    ticker = QTimer()
    ticker.setInterval(TICK_MS)
    ticker.timeout.connect(tick)
    length = shell.window.inputs.binder.widget("workload.input_len_p50")
    seqs = shell.window.inputs.binder.widget("deployment.max_num_seqs")
    assert isinstance(length, QSpinBox)
    assert isinstance(seqs, QSpinBox)
    step = [0]

    def keystroke() -> None:
        step[0] += 1
        length.setValue(500 + (step[0] * 137) % 7000)  # typing digits changes the value each time
        if step[0] % 3 == 0:
            seqs.setValue(64 + (step[0] * 8) % 512)  # dragging a spin box

    typer = QTimer()
    typer.setInterval(KEYSTROKE_MS)
    typer.timeout.connect(keystroke)
    shell.start()
    def start_ticking() -> None:
        last[0] = clock.nsecsElapsed()
        ticker.start()

    QTimer.singleShot(1500, start_ticking)  # after the first result and window set-up
    QTimer.singleShot(1500, typer.start)
    QTimer.singleShot(int(1500 + TYPING_SECONDS * 1000), typer.stop)
    QTimer.singleShot(int(1500 + TYPING_SECONDS * 1000 + 1500), app.quit)  # let the last result land
    app.exec()
    shell.shutdown()
    ordered = sorted(gaps)
    p99 = ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0
    return (max(gaps, default=0.0), p99, results[0])


def main() -> None:
    samples = [cold_start_seconds() for _ in range(COLD_START_RUNS)]
    print(f"cold start to first result: median {statistics.median(samples):.2f} s, "
          f"range {min(samples):.2f}–{max(samples):.2f} s over {COLD_START_RUNS} launches (target ≤ 1.5 s)")
    longest, p99, shown = typing_stalls()
    print(f"GUI thread while typing {TYPING_SECONDS:.0f} s (a value every {KEYSTROKE_MS} ms): longest stall "
          f"{longest:.1f} ms, 99th percentile {p99:.1f} ms, {shown} results shown (target ≤ 50 ms)")


if __name__ == "__main__":
    main()
