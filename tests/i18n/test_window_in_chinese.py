"""The window in Chinese, after a computation on bundled examples: no English a user has to read.

Every tab (built and updated), the answer banner, the Explanation pane for every figure, menus,
tooltips, table headers and cells, plot labels and legends, and every dialog the Hardware, Tools
and Help menus open are read back and scanned by :mod:`gpucalc.text.untranslated`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.ui.app import Shell
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.scenario_files import example_paths, example_title, open_scenario
from gpucalc.ui.session import Session
from tests.i18n.scan import bundled_allowed, english_found
from tests.i18n.widget_text import Shown, menu_texts, opened_dialog_texts, widget_texts

RESULT_TIMEOUT_MS = 30_000
RUN_TIMEOUT_MS = 60_000
DIALOG_MENUS = (("WindowTools", "&Hardware"), ("WindowTools", "&Tools"), ("MainWindow", "&Help"))
"""Menus whose actions open dialogs (File's open a file chooser, View's rebuild the window)."""


def chinese_shell(qtbot: QtBot, catalog: Catalog, example: Path) -> Iterator[Shell]:
    """The window in Chinese on ``example``: computed, every tab built, sizing and a simulation run."""
    shell = Shell(catalog, open_scenario(example), Session(language="zh"))
    qtbot.addWidget(shell.window)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.start()
    tabs = shell.window.tabs
    tabs.flush()
    qtbot.waitUntil(lambda: not tabs.sizing_tab.busy(), timeout=RUN_TIMEOUT_MS)
    simulate = tabs.simulate_tab
    if simulate.run_button.isEnabled():
        with qtbot.waitSignal(simulate.resultReady, timeout=RUN_TIMEOUT_MS):
            simulate.run_button.click()
    yield shell
    shell.shutdown()
    shell.translators.install("en")


@pytest.fixture(params=example_paths(), ids=example_title)
def chinese(qtbot: QtBot, catalog: Catalog, request: pytest.FixtureRequest) -> Iterator[Shell]:
    """The window in Chinese on each bundled example."""
    yield from chinese_shell(qtbot, catalog, Path(request.param))


@pytest.fixture
def chinese_first(qtbot: QtBot, catalog: Catalog) -> Iterator[Shell]:
    """The window in Chinese on the first bundled example (its dialogs are read once)."""
    yield from chinese_shell(qtbot, catalog, example_paths()[0])


def window_menus(window: MainWindow) -> list[QMenu]:
    """The menus of the window's menu bar."""
    return [menu for action in window.menuBar().actions() if isinstance(menu := action.menu(), QMenu)]


def window_texts(window: MainWindow) -> list[Shown]:
    """Everything the window shows, the menus, and the Explanation of every figure in turn."""
    shown = widget_texts(window)
    for menu in window_menus(window):
        shown.extend(menu_texts(menu))
    pane = window.explain
    for key in list(pane._terms):
        pane.show_term(key)
        shown.append((f"Explanation of {key}", pane.detail.toPlainText()))
    return shown


def dialog_texts(window: MainWindow) -> tuple[list[Shown], int]:
    """The texts of every dialog the Hardware, Tools and Help menus open, and how many opened."""
    titles = {QCoreApplication.translate(context, text) for context, text in DIALOG_MENUS}
    shown: list[Shown] = []
    opened = 0
    for menu in window_menus(window):
        if menu.title() not in titles:
            continue
        for action in menu.actions():
            if action.menu() is None and not action.isSeparator():
                texts = opened_dialog_texts(window, action)
                opened += bool(texts)
                shown.extend((f"{action.text()} › {where}", text) for where, text in texts)
    return shown, opened


def test_the_walk_reaches_tabs_plots_explanations_and_dialogs(chinese_first: Shell) -> None:
    shown = window_texts(chinese_first.window)
    texts = [text for _, text in shown]
    assert len(texts) > 500
    assert any(where.startswith("PlotWidget") for where, _ in shown)  # legends and axis labels
    assert any(where.startswith("Explanation of ") and "公式" in text for where, text in shown)
    assert any("显存" in text for text in texts)
    dialogs, opened = dialog_texts(chinese_first.window)
    assert opened >= 10  # custom GPU, spec tables, lengths, measurements, plan, benchmark, help …
    assert len(dialogs) > 100


def test_the_window_is_in_chinese(chinese: Shell) -> None:
    allowed = bundled_allowed().with_names([chinese.controller.scenario.name])
    assert english_found(window_texts(chinese.window), allowed) == {}


def test_dialogs_from_the_menus_are_in_chinese(chinese_first: Shell) -> None:
    assert english_found(dialog_texts(chinese_first.window)[0], bundled_allowed()) == {}
