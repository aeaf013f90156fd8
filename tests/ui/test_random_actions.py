"""Random actions on the window: nothing a user clicks or types raises, and it still computes.

The actions are those of ``benchmarks/window_fuzz.py`` (which runs 10,000 of them); here two
seeds of 550 keep the suite fast. pytest-qt fails a test on any exception raised in a slot or
event handler, ``tests/ui/conftest.py`` on any Qt warning, and an exception raised by an action's
own call is recorded by the fuzzer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QTableWidgetItem
from pytestqt.qtbot import QtBot

from benchmarks.window_fuzz import WindowFuzzer, finite_answer, hostile_scenario_files
from gpucalc.ui.app import Shell
from gpucalc.ui.panels.workload_extras import ClassesEditor

ACTIONS_PER_SEED = 550


@pytest.mark.parametrize("seed", [7, 2026])
def test_random_actions_raise_nothing_and_the_window_still_computes(
        seed: int, rebuilt_shell: Shell, tmp_path: Path) -> None:
    fuzzer = WindowFuzzer(rebuilt_shell, seed, hostile_scenario_files(tmp_path / "files"))
    report = fuzzer.run(ACTIONS_PER_SEED)
    assert report.actions == ACTIONS_PER_SEED
    assert report.errors == []
    assert len(report.counts) >= 18  # every kind of action was tried
    assert report.results > 0
    assert finite_answer(rebuilt_shell) == ""


def test_removing_a_class_keeps_a_share_typed_as_text(qtbot: QtBot, shell: Shell) -> None:
    classes: ClassesEditor = shell.window.inputs.classes
    for _ in range(3):
        classes.add_class()
    classes.table.setItem(0, 1, QTableWidgetItem("abc"))
    classes.table.setCurrentCell(3, 0)
    classes.remove_class()
    rows = classes.rows()
    assert len(rows) == 3
    assert rows[0]["share"] == "abc"
    classes.table.setItem(1, 1, QTableWidgetItem("inf"))
    assert classes.rows()[1]["share"] == "inf"


def test_a_new_simulation_cancels_the_running_one(qtbot: QtBot, shell: Shell) -> None:
    tabs = shell.window.tabs
    tabs.show_tab("simulate")
    tabs.flush()
    simulate = tabs.simulate_tab
    simulate.requests.setValue(10)
    simulate.run()
    first = simulate._cancel
    simulate.run()
    assert first.is_set()
    assert not simulate._cancel.is_set()
    simulate.shutdown()
