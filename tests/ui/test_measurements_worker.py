"""The measurements dialog reads and compares logs (from a bounded head) and fits off the GUI thread."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.measured import calibrate
from gpucalc.core.measured.calibrate import MAX_CALIBRATION_POINTS, CalibrationResult
from gpucalc.core.measured.measured import MeasuredMemory, MeasuredPoint
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io import engine_log
from gpucalc.io.engine_log import MAX_LOG_BYTES
from gpucalc.ui.dialogs.measurements import MAX_SHOWN_LOG_CHARS, MeasurementsDialog

LOG = Path(__file__).resolve().parents[1] / "fixtures" / "logs" / "vllm-0.19-llama-3.1-8b-h100.log"
BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench" / "hand-table-llama8b-h100.csv"
WAIT_MS = 10_000


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog, tmp_path: Path) -> MeasurementsDialog:
    made = MeasurementsDialog(catalog, Scenario(), UserStore(tmp_path / "cfg"))
    qtbot.addWidget(made)
    return made


def test_pasted_log_is_parsed_on_a_worker_thread(dialog: MeasurementsDialog, qtbot: QtBot,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    parse = engine_log.parse_engine_log

    def recording(text: str, source: str = "pasted text") -> MeasuredMemory:
        threads.append(threading.current_thread())
        return parse(text, source)

    monkeypatch.setattr("gpucalc.ui.dialogs.measurements.parse_engine_log", recording)
    dialog.log_text.setPlainText(LOG.read_text(encoding="utf-8"))
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS) as signal:
        dialog.compare_pasted()
        assert dialog.log_status.text() == "Reading the log…"
    assert signal.args == [True]
    assert threads
    assert threads[0] is not threading.main_thread()


def test_an_older_comparison_that_ends_later_is_dropped(dialog: MeasurementsDialog, qtbot: QtBot) -> None:
    ended: list[bool] = []
    dialog.logCompared.connect(ended.append)
    dialog.log_text.setPlainText("hello world")
    dialog.compare_pasted()
    dialog.log_text.setPlainText(LOG.read_text(encoding="utf-8"))
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS):
        dialog.compare_pasted()
    dialog.wait_for_log()
    qtbot.wait(50)
    assert ended == [True]
    assert "figures differ" in dialog.log_status.text()


def test_a_huge_log_is_read_from_its_head_and_shown_in_part(dialog: MeasurementsDialog, qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    path = tmp_path / "long.log"
    traffic = "INFO 04-22 00:08:00 request served in 12 ms\n" * (MAX_LOG_BYTES // 40)
    path.write_text(LOG.read_text(encoding="utf-8") + traffic, encoding="utf-8")
    assert path.stat().st_size > MAX_LOG_BYTES
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS) as signal:
        dialog.load_log_file(path)
    assert signal.args == [True]
    assert len(dialog.log_text.toPlainText()) <= MAX_SHOWN_LOG_CHARS
    assert "found" not in dialog.log_status.text()  # the start-up lines are at its head


def test_a_log_whose_start_up_comes_late_is_searched(dialog: MeasurementsDialog, qtbot: QtBot,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "restarted.log"
    traffic = "INFO 04-22 00:08:00 request served in 12 ms\n" * (2 * MAX_LOG_BYTES // 40)
    path.write_text(traffic + LOG.read_text(encoding="utf-8"), encoding="utf-8")
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS) as signal:
        dialog.load_log_file(path)
    assert signal.args == [True]
    assert "Its start-up lines were found" in dialog.log_status.text()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_named_like_a_log_is_refused_at_once(dialog: MeasurementsDialog, qtbot: QtBot,
                                                    tmp_path: Path) -> None:
    path = tmp_path / "engine.log"
    os.mkfifo(path)
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS) as signal:
        dialog.load_log_file(path)
    assert signal.args == [False]
    assert "pipe" in dialog.log_status.text()


def test_a_figure_out_of_range_is_one_line_naming_the_line(dialog: MeasurementsDialog,
                                                           qtbot: QtBot) -> None:
    text = LOG.read_text(encoding="utf-8").replace("476,000 tokens", "9" * 400 + " tokens")
    dialog.log_text.setPlainText(text)
    with qtbot.waitSignal(dialog.logCompared, timeout=WAIT_MS) as signal:
        dialog.compare_pasted()
    assert signal.args == [False]
    status = dialog.log_status.text()
    assert "line 6" in status
    assert "GPU KV cache size" in status
    assert "\n" not in status


def test_the_fit_runs_on_a_worker_thread_and_states_the_point_cap(
        dialog: MeasurementsDialog, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    fit = calibrate.fit_efficiency

    def recording(*args: Any, **kwargs: Any) -> CalibrationResult:
        threads.append(threading.current_thread())
        return fit(*args, **kwargs)

    monkeypatch.setattr("gpucalc.plan.calibration_job.fit_efficiency", recording)
    assert dialog.add_bench_file(BENCH)
    with qtbot.waitSignal(dialog.fitted, timeout=WAIT_MS) as signal:
        dialog.fit()
        assert dialog.bench_status.text() == "Fitting…"
        assert not dialog.fit_button.isEnabled()
    assert signal.args == [True]
    assert threads
    assert threads[0] is not threading.main_thread()
    dialog.points = [MeasuredPoint(concurrency=1 + i % 64, ttft_ms=50.0)
                     for i in range(MAX_CALIBRATION_POINTS + 1)]
    with qtbot.waitSignal(dialog.fitted, timeout=WAIT_MS) as signal:
        dialog.fit()
    assert signal.args == [False]
    assert "at most 2,000 measured points" in dialog.bench_status.text()


def test_a_fit_for_points_since_replaced_is_dropped(dialog: MeasurementsDialog, qtbot: QtBot) -> None:
    ended: list[bool] = []
    dialog.fitted.connect(ended.append)
    assert dialog.add_bench_file(BENCH)
    dialog.fit()
    dialog.clear_points()
    dialog.wait_for_fit()
    qtbot.wait(50)
    assert ended == []
    assert dialog.fit_result is None
