"""Numbers and plots in the window: one "no limit", shares with units, no impossible values,
no empty axes before data, labels that keep clear of each other, readable colours."""

from __future__ import annotations

import re

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QStyleFactory, QTableWidget, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from gpucalc.core.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.scenario import Scenario
from gpucalc.text.palette import DARK_BACKGROUND, LIGHT_BACKGROUND, MIN_TEXT_CONTRAST, contrast_ratio
from gpucalc.ui.app import Shell
from gpucalc.ui.format import term_value
from gpucalc.ui.panels.term_table import KEY_ROLE
from gpucalc.ui.plots.load_plot import LEFT_OF_LINE, RIGHT_OF_LINE, LoadCurvePlot
from gpucalc.ui.plots.memory_bar import MemoryBar
from gpucalc.ui.plots.style import key_html
from gpucalc.ui.plots.sweep_plot import ContextSweepPlot
from gpucalc.ui.theme import dark_palette
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _cells(table: QTableWidget) -> list[str]:
    items = [table.item(r, c) for r in range(table.rowCount()) for c in range(table.columnCount())]
    return [item.text() for item in items if item is not None]


def _performance(shell: Shell) -> PerformanceResult:
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.performance is not None
    return outcome.performance


def _tree_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    groups = [tree.topLevelItem(g) for g in range(tree.topLevelItemCount())]
    children = [group.child(i) for group in groups if group is not None for i in range(group.childCount())]
    return [item for item in children if item is not None]


def test_the_contrast_test_uses_the_themes_own_backgrounds() -> None:
    assert dark_palette().color(QPalette.ColorRole.Window).name() == DARK_BACKGROUND
    fusion = QStyleFactory.create("Fusion")
    assert fusion.standardPalette().color(QPalette.ColorRole.Window).name() == LIGHT_BACKGROUND


def test_an_unlimited_ceiling_reads_no_limit_in_the_bars_and_the_tree(shell: Shell) -> None:
    window = shell.window
    performance = _performance(shell)
    link = performance.ceiling(CeilingKind.INTERCONNECT)  # one GPU: no interconnect limit
    assert not link.limited
    bars = window.tabs.ceilings_tab.bars
    labels = {bar.kind: bar.label for bar in bars._bars}
    assert labels[CeilingKind.INTERCONNECT] == "no limit"
    assert term_value(link.value) == "no limit"
    shown = _tree_items(window.explain.tree)
    assert [item.text(1) for item in shown if item.text(0) == "Interconnect ceiling"] == ["no limit"]
    ceilings = [item.text(1) for item in shown if str(item.data(0, KEY_ROLE)).startswith("ceiling.")]
    assert ceilings
    assert not any(text.startswith("131,072") for text in ceilings)


def test_shares_carry_a_percent_sign(shell: Shell) -> None:
    performance = _performance(shell)
    assert term_value(performance.comm_share).endswith(" %")
    step = _cells(shell.window.tabs.ceilings_tab.step_table)
    assert re.fullmatch(r"\d+(\.\d)? %", step[-1])


def test_a_model_that_does_not_fit_shows_no_negative_memory_or_impossible_shares(qtbot: QtBot,
                                                                                 shell: Shell) -> None:
    window = shell.window
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(model="llama-3.1-70b-instruct", gpu="a10-24gb"))
    window.tabs.flush()
    tab = window.tabs.memory_tab
    cells = _cells(tab.items_table) + _cells(tab.kv_table)
    assert any("does not fit" in cell for cell in cells)
    assert not any(cell.startswith("-") for cell in cells)
    shares = [float(m.group(1)) for cell in cells if (m := re.fullmatch(r"([\d.]+) %", cell))]
    assert shares
    assert all(0 <= s <= 100 for s in shares)


def test_plots_draw_nothing_before_there_is_data(qtbot: QtBot) -> None:
    for plot in (LoadCurvePlot(), ContextSweepPlot(), MemoryBar()):
        qtbot.addWidget(plot)
        plot.show()
        inner = [getattr(plot, name) for name in ("latency", "throughput", "plot") if hasattr(plot, name)]
        assert inner
        assert not any(widget.isVisible() for widget in inner)


def test_knee_and_watermark_labels_sit_on_opposite_sides_of_their_lines(shell: Shell) -> None:
    shell.window.tabs.flush()
    plot = shell.window.tabs.load_plot
    assert plot.online <= plot.knee
    assert plot.knee_lines[0].label.anchors == RIGHT_OF_LINE
    assert plot.watermark_lines[0].label.anchors == LEFT_OF_LINE
    assert not plot.latency.isHidden()  # shown once the data is in


def test_the_key_above_a_plot_uses_readable_colours(shell: Shell) -> None:
    key = key_html([("TPOT", "#d62728", "━━")])
    colours = re.findall(r"color:(#[0-9a-f]{6})", key)
    background = shell.window.palette().color(QPalette.ColorRole.Window).name()
    assert colours
    assert all(contrast_ratio(c, background) >= MIN_TEXT_CONTRAST for c in colours)


def test_one_of_a_thing_is_singular(shell: Shell) -> None:
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    replicas = outcome.fleet.replicas_deployed  # the example plans one replica
    assert replicas.value == 1
    assert term_value(replicas) == "1 replica"
    assert term_value(replicas.model_copy(update={"value": 2.0})) == "2 replicas"
