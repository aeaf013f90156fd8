"""Numbers and plots in the window: one "no limit", shares with units, no impossible values,
no empty axes before data, labels that keep clear of each other, readable colours."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QStyleFactory, QTableWidget, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.specs.inputs import TrafficMode, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.text.palette import DARK_BACKGROUND, LIGHT_BACKGROUND, MIN_TEXT_CONTRAST, contrast_ratio
from gpucalc.ui.app import Shell
from gpucalc.ui.format import term_value
from gpucalc.ui.i18n import Translators
from gpucalc.ui.panels.ceilings_tab import CeilingsTab
from gpucalc.ui.panels.simulate_tab import SimulateTab
from gpucalc.ui.panels.term_table import KEY_ROLE
from gpucalc.ui.plots.load_plot import LoadCurvePlot
from gpucalc.ui.plots.markers import MarkerSet
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


def test_an_offline_ceiling_that_does_not_limit_reads_no_limit_in_every_view(qtbot: QtBot,
                                                                            shell: Shell) -> None:
    window = shell.window
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(workload=Workload(mode=TrafficMode.OFFLINE)))
    window.tabs.flush()
    compute = _performance(shell).ceiling(CeilingKind.COMPUTE)
    assert not compute.limited  # offline: no latency targets, the compute ceiling limits nothing
    assert compute.value.value < 131_072  # a finite value, which the views do not print
    bars = {bar.kind: bar for bar in window.tabs.ceilings_tab.bars._bars}
    assert bars[CeilingKind.COMPUTE].label == "no limit"
    assert not bars[CeilingKind.COMPUTE].limited
    shown = _tree_items(window.explain.tree)
    assert [item.text(1) for item in shown if item.text(0) == "Compute ceiling"] == ["no limit"]
    window.explain.show_term(compute.value.key)
    assert "no limit" in window.explain.detail.toPlainText()
    assert not any("not limiting" in item.text(1) for item in shown)


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
    simulate = SimulateTab()
    qtbot.addWidget(simulate)
    simulate.show()
    assert not simulate.plot.isVisible()
    assert not simulate.table.isVisible()
    for plot in (LoadCurvePlot(), ContextSweepPlot(), MemoryBar()):
        qtbot.addWidget(plot)
        plot.show()
        inner = [getattr(plot, name) for name in ("latency", "throughput", "plot") if hasattr(plot, name)]
        assert inner
        assert not any(widget.isVisible() for widget in inner)


def _overlapping(spans: list[tuple[float, float]], rows: list[int]) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(spans)) for j in range(i + 1, len(spans))
            if rows[i] == rows[j] and spans[i][0] < spans[j][1] and spans[j][0] < spans[i][1]]


def _band_bottom(markers: MarkerSet) -> float:
    """The lowest view y of the band of labels at the top of a plot."""
    (_x, (y0, y1)), height = markers.view.viewRange(), markers.view.height()
    return float(y1 - markers.band_px() * (y1 - y0) / height)


def _shown_on_a_laptop(qtbot: QtBot, shell: Shell, tab: str, markers: Callable[[], MarkerSet]) -> None:
    """Show ``tab`` in a 1366×768 window and wait until its plot has its size."""
    shell.window.resize(1366, 768)
    shell.window.tabs.show_tab(tab)
    qtbot.waitUntil(lambda: markers().view.height() > 100)


def test_load_curve_marks_its_crossovers_above_the_data(qtbot: QtBot, shell: Shell) -> None:
    _shown_on_a_laptop(qtbot, shell, "load", lambda: shell.window.tabs.load_plot.limit_markers)
    plot = shell.window.tabs.load_plot
    targets = {c.what: c.concurrency for c in plot.crossings}
    assert 346 < targets["ttft"] < 500  # TTFT passes 2 s between the knee and the next curve point
    assert [m.label for m in plot.limit_markers.markers] == [
        "concurrency 346 (Memory)", "Compute limit 661", "planned 241"]
    assert plot.target_markers.markers[0].label.startswith("TTFT past target from 4")
    _x, y = plot.crossing_dots.getData()  # log10 of the data on the log axis
    assert [round(10 ** v) for v in y] == [2000]
    for markers, curves in ((plot.target_markers, (plot.ttft, plot.tpot)),
                            (plot.limit_markers, (plot.tokens,))):
        spans = markers.label_spans()
        assert not _overlapping(spans, markers.rows)
        highest = max(float(np.nanmax(curve.getData()[1])) for curve in curves)  # log10 on a log axis
        assert _band_bottom(markers) >= highest
        shown = len(markers.markers)
        assert all(label.isVisible() and label.zValue() > line.zValue()  # lines never cross labels
                   for label, line in zip(markers.labels[:shown], markers.lines[:shown], strict=True))


def test_context_sweep_labels_its_crossovers_above_the_curves(qtbot: QtBot, shell: Shell) -> None:
    _shown_on_a_laptop(qtbot, shell, "sweep", lambda: shell.window.tabs.sweep_plot.markers)
    plot = shell.window.tabs.sweep_plot
    labels = [m.label for m in plot.markers.markers]
    assert labels == ["crossover 535", "crossover 62,736", "planning length 1,280"]
    assert not _overlapping(plot.markers.label_spans(), plot.markers.rows)
    highest = max(float(np.nanmax(curve.getData()[1])) for curve in plot.curves.values()
                  if curve.getData()[1] is not None)
    assert _band_bottom(plot.markers) >= highest


def test_the_key_above_a_plot_uses_readable_colours(shell: Shell) -> None:
    key = key_html([("TPOT", "#d62728", "━━")])
    colours = re.findall(r"color:(#[0-9a-f]{6})", key)
    background = shell.window.palette().color(QPalette.ColorRole.Window).name()
    assert colours
    assert all(contrast_ratio(c, background) >= MIN_TEXT_CONTRAST for c in colours)


def test_one_of_a_thing_is_singular(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(workload=Workload(qps_avg=1)))
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.fleet is not None
    replicas = outcome.fleet.replicas_deployed  # the example plans one replica
    assert replicas.value == 1
    assert term_value(replicas) == "1 replica"
    assert term_value(replicas.model_copy(update={"value": 2.0})) == "2 replicas"


def test_a_text_translated_as_itself_is_not_blank_in_chinese(qtbot: QtBot) -> None:
    translators = Translators()
    translators.install("zh")
    try:
        tab = CeilingsTab()  # "TTFT ms" and "req/s" read the same in Chinese
        qtbot.addWidget(tab)
        table = tab.points_table
        headers = [item.text() for c in range(table.columnCount())
                   if (item := table.horizontalHeaderItem(c)) is not None]
        assert "TTFT ms" in headers
        assert "req/s" in headers
        assert "工作点" in headers
        assert all(headers)
    finally:
        translators.install("en")
