"""The measurements dialog: log comparison, calibration with confirmation, benchmark fit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox, QTableWidget, QTableWidgetItem
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.dialogs.measurements import FLAG_BRUSH, MeasurementsDialog

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOG = FIXTURES / "logs" / "vllm-0.19-llama-3.1-8b-h100.log"
BENCH = FIXTURES / "bench" / "hand-table-llama8b-h100.csv"
SIGNAL_TIMEOUT_MS = 2000


def _cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = table.item(row, column)
    assert item is not None
    return item


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg")


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog, store: UserStore) -> MeasurementsDialog:
    made = MeasurementsDialog(catalog, Scenario(), store)
    qtbot.addWidget(made)
    return made


def _compared(qtbot: QtBot, dialog: MeasurementsDialog, start: Callable[[], None]) -> bool:
    """Start a log comparison and wait for its end; whether it showed a table."""
    with qtbot.waitSignal(dialog.logCompared, timeout=SIGNAL_TIMEOUT_MS * 5) as signal:
        start()
    return bool(signal.args[0])


def _answer(monkeypatch: pytest.MonkeyPatch, *answers: bool) -> list[str]:
    """Answer the confirmations in turn (the last answer repeats); the texts asked are recorded."""
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        yes = answers[min(len(asked), len(answers)) - 1]
        return QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def test_log_table_side_by_side_with_the_log_flags(dialog: MeasurementsDialog, qtbot: QtBot) -> None:
    assert not dialog.calibrate_log_button.isEnabled()
    assert _compared(qtbot, dialog, lambda: dialog.load_log_file(LOG))
    table = dialog.log_table
    assert table.rowCount() == 6
    labels = [_cell(table, r, 0).text() for r in range(6)]
    assert "KV cache tokens (tokens)" in labels
    row = labels.index("KV cache tokens (tokens)")
    assert _cell(table, row, 2).text() == "476,000"
    assert all(_cell(table, r, 0).background().color() != FLAG_BRUSH for r in range(6))
    assert "0 of 6" in dialog.log_status.text()
    assert dialog.calibrate_log_button.isEnabled()


def test_differences_are_highlighted_without_the_log_flags(dialog: MeasurementsDialog,
                                                           qtbot: QtBot) -> None:
    dialog.use_log_flags.setChecked(False)  # the scenario keeps utilisation 0.9, max_model_len default
    dialog.log_text.setPlainText(LOG.read_text(encoding="utf-8"))
    assert _compared(qtbot, dialog, dialog.compare_pasted)
    assert dialog.comparison is not None
    flagged = {line.label for line in dialog.comparison.flagged}
    assert "KV cache" in flagged
    row = [line.label for line in dialog.comparison.lines].index("KV cache")
    assert _cell(dialog.log_table, row, 3).background().color() == FLAG_BRUSH
    assert dialog.log_notes.text()


def test_unusable_log_text_says_why(dialog: MeasurementsDialog, qtbot: QtBot) -> None:
    dialog.log_text.setPlainText("hello world")
    assert not _compared(qtbot, dialog, dialog.compare_pasted)
    assert "does not look like" in dialog.log_status.text()
    assert not dialog.calibrate_log_button.isEnabled()


def test_calibrate_from_log_asks_first_and_never_overwrites_silently(
        dialog: MeasurementsDialog, store: UserStore, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _compared(qtbot, dialog, lambda: dialog.load_log_file(LOG))
    asked = _answer(monkeypatch, False)
    assert dialog.calibrate_from_log() is None
    assert "activation.forward_base_gib" in asked[0]
    assert store.get_entries("engines") == {}
    _answer(monkeypatch, True)
    with qtbot.waitSignal(dialog.profileSaved, timeout=SIGNAL_TIMEOUT_MS) as signal:
        saved = dialog.calibrate_from_log()
    assert saved is not None
    assert signal.args == [saved]
    assert saved in store.get_entries("engines")
    asked = _answer(monkeypatch, True, False)
    assert dialog.calibrate_from_log() is None  # confirmed, then the replace question said no
    assert len(asked) == 2
    assert "already exists" in asked[1]
    with qtbot.waitSignal(dialog.profileSaved, timeout=SIGNAL_TIMEOUT_MS):
        _answer(monkeypatch, True, True)
        assert dialog.calibrate_from_log() == saved


def test_benchmark_fit_plot_and_save(dialog: MeasurementsDialog, store: UserStore, qtbot: QtBot,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert not dialog.fit_button.isEnabled()
    assert dialog.add_bench_file(BENCH)
    x, y = dialog.markers["ttft"].getOriginalDataset()
    assert x is not None
    assert y is not None
    assert list(x) == [1, 4, 16, 64, 128]
    assert len(y) == 5
    assert dialog.fit_button.isEnabled()
    assert not dialog.save_button.isEnabled()
    with qtbot.waitSignal(dialog.fitted, timeout=SIGNAL_TIMEOUT_MS * 10) as fitted:
        dialog.fit()
    assert fitted.args == [True]
    result = dialog.fit_result
    assert result is not None
    assert result.holdout_count == 2
    assert dialog.factor_table.rowCount() == 6
    assert _cell(dialog.error_table, 0, 0).text() == "throughput"
    curve_x, _ = dialog.curves[("tpot", "after")].getOriginalDataset()
    assert curve_x is not None
    assert len(curve_x) > 1
    _answer(monkeypatch, True)
    monkeypatch.setattr(QInputDialog, "getText",
                        staticmethod(lambda *_a, **_k: ("H100 lab fit", True)))
    with qtbot.waitSignal(dialog.profileSaved, timeout=SIGNAL_TIMEOUT_MS):
        saved = dialog.save_fitted_profile()
    assert saved == "h100-lab-fit"
    profile = store.get_entries("engines")[saved]
    assert isinstance(profile, EngineProfile)
    assert profile.name == "H100 lab fit"
    assert profile.efficiency_by_gpu["h100-sxm-80gb"].gemm_compute == pytest.approx(
        result.efficiency.gemm_compute)


def test_bad_benchmark_file_is_reported(dialog: MeasurementsDialog) -> None:
    assert not dialog.add_bench_file(FIXTURES / "bench" / "not-json.json")
    assert "Cannot use this file" in dialog.bench_status.text()
    assert dialog.points == []
