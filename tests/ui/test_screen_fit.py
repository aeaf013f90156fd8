"""The window on a laptop screen: sized to the screen, nothing essential cut off at 1366×768."""

from __future__ import annotations

import argparse
import base64
from functools import partial

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import _scale_factor, _screen_size, build_parser
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.settings_store import WindowSettings
from gpucalc.ui.app import Shell, screenshot_size
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.screen_fit import (
    EXPLAIN_DOCK_WIDTH,
    INPUTS_DOCK_WIDTH,
    PREFERRED_SIZE,
    available_geometry,
    centred,
    clamped,
    dock_widths,
    first_run_size,
)
from gpucalc.ui.session import Session
from tests.ui.conftest import RESULT_TIMEOUT_MS

TASKBAR_PX = 40
"""Height a desktop taskbar takes from the screen (Windows 10/11 at 100 %: 40 px; GNOME's top bar
is shorter), so the available area of a 1366×768 screen is 1366×728."""
FORM_LAYOUT_TIMEOUT_MS = 2_000
"""A row's new height climbs through the nested layouts one posted event at a time."""
LAPTOPS = {"1366x768 at 100 %": QSize(1366, 768), "1366x768 at 125 %": QSize(1093, 614)}


def _available(screen: QSize) -> QRect:
    return QRect(0, 0, screen.width(), screen.height() - TASKBAR_PX)


def test_first_run_size_is_the_preferred_size_where_it_fits() -> None:
    assert first_run_size(QRect(0, 0, 2560, 1400)) == PREFERRED_SIZE


def test_first_run_size_never_exceeds_the_available_screen() -> None:
    # 1366 × 728 available, less 16 × 40 px for the window frame
    assert first_run_size(_available(QSize(1366, 768))) == QSize(1350, 688)
    assert first_run_size(_available(QSize(1093, 614))) == QSize(1077, 534)


def test_first_run_window_is_centred_on_the_screen() -> None:
    assert centred(QSize(1350, 688), QRect(0, 0, 1366, 728)) == QRect(8, 20, 1350, 688)
    assert centred(QSize(1480, 920), QRect(100, 50, 2560, 1400)) == QRect(640, 290, 1480, 920)


def test_a_saved_geometry_from_a_bigger_screen_is_clamped() -> None:
    # saved at 1480 × 920 on a 2560-wide monitor at x = 2000, opened on a 1366 × 728 laptop
    assert clamped(QRect(2000, 100, 1480, 920), QRect(0, 0, 1366, 728)) == QRect(16, 40, 1350, 688)


def test_a_saved_geometry_that_fits_stays_where_it_was() -> None:
    assert clamped(QRect(30, 60, 900, 600), QRect(0, 0, 1366, 728)) == QRect(30, 60, 900, 600)


def test_dock_widths_follow_the_window_within_their_bounds() -> None:
    assert dock_widths(1366) == (301, 287)  # 22 % and 21 % of 1366 px
    assert dock_widths(900) == (INPUTS_DOCK_WIDTH[0], EXPLAIN_DOCK_WIDTH[0])
    assert dock_widths(3000) == (INPUTS_DOCK_WIDTH[1], EXPLAIN_DOCK_WIDTH[1])


def test_screenshot_size_is_divided_by_the_scaling() -> None:
    assert screenshot_size((1366, 768), 1.25) == (1093, 614)
    assert screenshot_size((1366, 768), 1.0) == (1366, 768)
    assert screenshot_size(None, 1.0) == (PREFERRED_SIZE.width(), PREFERRED_SIZE.height())


def test_gui_size_and_scale_options() -> None:
    args = build_parser().parse_args(["gui", "--screenshot", "x.png", "--size", "1366x768",
                                      "--scale", "1.25"])
    assert args.size == (1366, 768)
    assert args.scale == 1.25
    for bad in ("1366", "x768", "0x768", "1366x-1", "wide"):
        with pytest.raises(argparse.ArgumentTypeError):
            _screen_size(bad)
    for bad in ("0.5", "five", "8"):
        with pytest.raises(argparse.ArgumentTypeError):
            _scale_factor(bad)


def _window(qtbot: QtBot, catalog: Catalog, settings: WindowSettings) -> MainWindow:
    shell = Shell(catalog, Scenario(), Session(settings=settings, language="en"))
    qtbot.addWidget(shell.window)
    return shell.window


def test_first_run_opens_inside_the_available_screen(qtbot: QtBot, catalog: Catalog) -> None:
    window = _window(qtbot, catalog, WindowSettings())
    available = available_geometry(window)
    assert available is not None
    assert window.width() <= available.width()
    assert window.height() <= available.height()
    assert available.contains(window.geometry())


def test_saved_geometry_larger_than_the_screen_is_clamped(qtbot: QtBot, catalog: Catalog) -> None:
    big = _window(qtbot, catalog, WindowSettings())
    big.setGeometry(3000, 2000, 2400, 1500)
    saved = base64.b64encode(bytes(big.saveGeometry().data())).decode("ascii")
    window = _window(qtbot, catalog, WindowSettings(geometry=saved))
    available = available_geometry(window)
    assert available is not None
    assert available.contains(window.geometry())


def _inside(widget: QWidget, window: QWidget) -> bool:
    """Whether all of ``widget`` lies within the window's visible area."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    return widget.isVisible() and window.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("screen", LAPTOPS.values(), ids=LAPTOPS.keys())
def test_nothing_essential_is_cut_off_on_a_laptop(qtbot: QtBot, catalog: Catalog, lang: str,
                                                  screen: QSize) -> None:
    shell = Shell(catalog, Scenario(), Session(language=lang))
    window = shell.window
    qtbot.addWidget(window)
    size = first_run_size(_available(screen))
    window.resize(size)  # as the window opens on that screen: sized first, then shown and computed
    window.size_docks(size.width())
    try:
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.start()
        qtbot.waitUntil(lambda: _form_laid_out(window), timeout=FORM_LAYOUT_TIMEOUT_MS)
        _assert_nothing_essential_cut_off(window, size)
    finally:
        shell.shutdown()
        shell.translators.install("en")


def _form_laid_out(window: MainWindow) -> bool:
    """Whether every section of the Inputs form is as tall as its rows are at its width."""
    bodies = [section.body for section in window.inputs.sections]
    return all(body.height() >= body.heightForWidth(body.width()) for body in bodies)


def _assert_nothing_essential_cut_off(window: MainWindow, size: QSize) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= size.width(), hint
    assert hint.height() <= size.height(), hint
    assert window.size() == size, "the window's contents do not force it larger than the screen"
    headline = window.banner.headline
    assert headline.text()
    assert _inside(headline, window)
    assert headline.height() >= headline.heightForWidth(headline.width()), "headline cut off"
    tree = window.explain.tree
    assert _inside(tree, window)
    header = tree.header()
    value_right = header.sectionViewportPosition(1) + header.sectionSize(1)
    assert header.sectionViewportPosition(1) >= 0
    assert value_right <= tree.viewport().width(), "the Explanation values are cut off"
    assert _inside(window.statusBar(), window)
    assert window.status_label.width() > 0
    inputs = window.inputs
    assert _inside(inputs, window)
    body = inputs.widget()
    assert body is not None
    assert body.minimumSizeHint().width() <= inputs.viewport().width(), "the form scrolls sideways"
    assert _form_laid_out(window), "a section of the Inputs form is squeezed"
    summary = inputs.model_info
    assert summary.height() >= summary.heightForWidth(summary.width()), "model summary cut off"
    last = inputs.sections[-1]
    inputs.ensureWidgetVisible(last.button)
    assert inputs.viewport().rect().contains(QRect(last.button.mapTo(inputs.viewport(), QPoint(0, 0)),
                                                   last.button.size())), "the last section unreachable"


def test_a_long_status_message_does_not_widen_the_window(shell: Shell) -> None:
    window = shell.window
    before = window.minimumSizeHint().width()
    window.status_label.setText("Could not compute this plan: " + "a very long reason " * 40)
    assert window.minimumSizeHint().width() == before
    assert before <= first_run_size(_available(LAPTOPS["1366x768 at 125 %"])).width()


NO_SIDEWAYS_SCROLL = ("bottleneck", "grid", "compare", "checklist", "uncertainty", "simulate", "sizing")
"""Tabs whose page fits the width a 1366×768 laptop at 125 % leaves it, in both languages."""


SIZING_TIMEOUT_MS = 60_000
"""The Sizing tab's table is filled by a background job over every GPU type."""


def _laid_out(window: MainWindow, name: str, page: QWidget) -> bool:
    """Whether a tab's page has its content laid out (and Sizing its table filled)."""
    layout = page.layout()
    if layout is not None:
        layout.activate()
    done = name != "sizing" or not window.tabs.sizing_tab.busy()
    return done and page.minimumSizeHint().width() > 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_result_tabs_do_not_scroll_sideways_at_125_percent(qtbot: QtBot, catalog: Catalog, lang: str) -> None:
    shell = Shell(catalog, Scenario(), Session(language=lang))
    window = shell.window
    qtbot.addWidget(window)
    size = first_run_size(_available(LAPTOPS["1366x768 at 125 %"]))
    window.resize(size)
    window.size_docks(size.width())
    window.show()
    try:
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.start()
        for name in NO_SIDEWAYS_SCROLL:
            window.tabs.show_tab(name)
            frame = window.tabs.frames[name].frame
            page = frame.widget()
            assert page is not None
            qtbot.waitUntil(partial(_laid_out, window, name, page), timeout=SIZING_TIMEOUT_MS)
            assert page.minimumSizeHint().width() <= frame.viewport().width(), f"{name} scrolls sideways"
        bars = window.tabs.ceilings_tab
        assert bars.top_row.stacked  # one above the other at this width
        assert bars.bottom_row.stacked
    finally:
        shell.shutdown()
        shell.translators.install("en")
