"""The lengths dialog: load a file, show histogram and percentiles, hand the workload over."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QFileDialog, QTableWidget, QTableWidgetItem
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.inputs import Workload
from gpucalc.ui.dialogs.lengths_dialog import LengthsDialog

SIGNAL_TIMEOUT_MS = 2000


def _cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = table.item(row, column)
    assert item is not None
    return item


def _bimodal_csv(tmp_path: Path) -> Path:
    rng = np.random.default_rng(5)
    short = np.exp(rng.normal(np.log(300), 0.3, 800)).astype(int) + 1
    long = np.exp(rng.normal(np.log(16_000), 0.2, 200)).astype(int) + 1
    rows = ["input_tokens,output_tokens"]
    rows += [f"{i},{o}" for i, o in zip(np.concatenate([short, long]),
                                          rng.integers(50, 500, 1000), strict=True)]
    rows.append("bad,row")
    path = tmp_path / "lengths.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def dialog(qtbot: QtBot) -> LengthsDialog:
    made = LengthsDialog()
    qtbot.addWidget(made)
    return made


def test_load_file_shows_percentiles_histogram_and_workload(dialog: LengthsDialog,
                                                            tmp_path: Path) -> None:
    assert not dialog.use_button.isEnabled()
    assert dialog.load_file(_bimodal_csv(tmp_path))
    stats = dialog.stats
    assert stats is not None
    assert "1,001 rows, 1,000 usable, 1 skipped" in dialog.summary.text()
    assert "line 1002" in dialog.summary.toolTip()
    assert _cell(dialog.percentiles, 0, 2).text() == f"{stats.input.p95.value:,.0f}"
    assert "P95" in _cell(dialog.percentiles, 0, 2).toolTip()
    x, y = dialog.input_curve.getOriginalDataset()
    assert x is not None
    assert y is not None
    assert len(x) == len(y) + 1
    assert y.sum() == stats.requests
    assert len(stats.workload.classes) == 2
    names = [_cell(dialog.workload_table, r, 0).text()
             for r in range(dialog.workload_table.rowCount())]
    assert "Class short" in names
    assert "Class long" in names
    assert dialog.use_button.isEnabled()
    assert dialog.error.text() == ""


def test_use_this_workload_emits_the_workload(dialog: LengthsDialog, tmp_path: Path,
                                              qtbot: QtBot) -> None:
    dialog.load_file(_bimodal_csv(tmp_path))
    with qtbot.waitSignal(dialog.workloadChosen, timeout=SIGNAL_TIMEOUT_MS) as blocker:
        dialog.use_button.click()
    chosen = blocker.args[0] if blocker.args else None
    assert isinstance(chosen, Workload)
    assert dialog.stats is not None
    assert chosen == dialog.stats.workload


def test_unusable_file_shows_the_reason_and_keeps_the_last_result(dialog: LengthsDialog,
                                                                  tmp_path: Path) -> None:
    assert dialog.load_file(_bimodal_csv(tmp_path))
    kept = dialog.stats
    binary = tmp_path / "blob.csv"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    assert not dialog.load_file(binary)
    assert "looks binary" in dialog.error.text()
    assert dialog.stats is kept


def test_open_file_uses_the_file_dialog(qtbot: QtBot, dialog: LengthsDialog, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = _bimodal_csv(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: (str(path), "")))
    with qtbot.waitSignal(dialog.loaded, timeout=30_000):
        dialog.open_button.click()
    assert dialog.stats is not None
    assert dialog.file is not None
    assert dialog.file.path == str(path)


def test_cancelled_file_dialog_changes_nothing(dialog: LengthsDialog,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: ("", "")))
    dialog.open_file()
    assert dialog.stats is None
    assert not dialog.use_button.isEnabled()


def test_files_are_read_off_the_gui_thread(qtbot: QtBot, dialog: LengthsDialog, tmp_path: Path) -> None:
    with qtbot.waitSignal(dialog.loaded, timeout=30_000) as blocker:
        dialog.start_loading(_bimodal_csv(tmp_path))
        assert not dialog.open_button.isEnabled()  # busy until the worker answers
    assert blocker.args == [True]
    assert dialog.use_button.isEnabled()
    assert dialog.open_button.isEnabled()
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    with qtbot.waitSignal(dialog.loaded, timeout=30_000) as blocker:
        dialog.start_loading(empty)
    assert blocker.args == [False]
    assert "Cannot use this file" in dialog.error.text()
