"""The performance side of the window: ceilings, curves, grid, sizing with progress, compare."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog
from pytestqt.qtbot import QtBot

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.presets import PRESETS
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import save_scenario
from gpucalc.text.band_text import band_range
from gpucalc.ui.app import Shell
from gpucalc.ui.format import count
from gpucalc.ui.panels.sizing_model import SORT_ROLE
from tests.ui.conftest import RESULT_TIMEOUT_MS

SIZING_TIMEOUT_MS = 60_000


def _outcome(shell: Shell):  # type: ignore[no-untyped-def]
    outcome = shell.controller.last_outcome
    assert outcome is not None
    assert outcome.performance is not None
    return outcome


def test_bottleneck_bars_show_the_three_ceilings(shell: Shell) -> None:
    window, outcome = shell.window, _outcome(shell)
    performance = outcome.performance
    widths = window.tabs.ceilings_tab.bars.widths()
    assert widths[CeilingKind.MEMORY] == performance.ceiling(CeilingKind.MEMORY).value.value == 346
    assert widths[CeilingKind.COMPUTE] == performance.ceiling(CeilingKind.COMPUTE).value.value
    assert window.tabs.ceilings_tab.bars.binding == CeilingKind.MEMORY
    advice = window.tabs.ceilings_tab.advice.text()
    assert "Binding: Memory" in advice
    assert "--kv-cache-dtype fp8" in advice  # the advice sentence, not the code
    assert "quantize_kv_cache" not in advice
    assert window.tabs.ceilings_tab.points_table.rowCount() == 2
    cell = window.tabs.ceilings_tab.points_table.item(0, 1)
    assert cell is not None
    assert cell.text() == "346"


def test_changing_the_gpu_moves_bars_and_curves(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    bars_before = window.tabs.ceilings_tab.bars.widths()
    sweep_before = window.tabs.sweep_plot.recommended.getData()[1].copy()
    combo = window.inputs.binder.widget("gpu")
    assert isinstance(combo, QComboBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("a100-sxm-40gb"))
    window.tabs.flush()
    bars_after = window.tabs.ceilings_tab.bars.widths()
    assert bars_after[CeilingKind.MEMORY] < bars_before[CeilingKind.MEMORY]
    sweep_after = window.tabs.sweep_plot.recommended.getData()[1]
    assert sweep_after[len(sweep_after) // 2] < sweep_before[len(sweep_before) // 2]


def test_context_sweep_marks_the_crossover(shell: Shell) -> None:
    window, outcome = shell.window, _outcome(shell)
    assert outcome.sweep is not None
    assert window.tabs.sweep_plot.crossover_contexts == [c.context_tokens for c in outcome.sweep.crossovers]
    assert outcome.sweep.crossovers, "the default plan turns compute-bound at long context"
    line = window.tabs.sweep_plot.crossover_lines[0]
    assert line.isVisible()
    assert math.isclose(10 ** line.value(), outcome.sweep.crossovers[0].context_tokens, rel_tol=1e-9)
    caption = window.tabs.sweep_caption.text()
    assert f"from {outcome.sweep.crossovers[0].context_tokens:,} tokens" in caption
    # the scenario's own planning length is a point of the sweep, and there it is the answer
    assert "it is the answer: 346 requests (Memory (KV cache))" in caption


def test_load_curve_shows_knee_and_watermark(shell: Shell) -> None:
    window, outcome = shell.window, _outcome(shell)
    plot = window.tabs.load_plot
    # one knee everywhere: the recommendation; the watermark is 70 % of it, rounded down
    assert plot.knee == outcome.performance.knee_concurrency.value == 346
    assert outcome.performance.recommended_concurrency.value == 346
    assert plot.online == outcome.performance.online_capacity.value == 241  # the memory rule
    x, y = plot.tokens.getData()
    assert len(x) == len(outcome.performance.load_curve)
    assert y[-1] >= y[0]
    assert "Concurrency: 346 requests in flight" in window.tabs.load_caption.text()
    assert "Plan 241 requests per replica online: the memory planning rule" in window.tabs.load_caption.text()


def test_per_card_grid_fills_every_tier(shell: Shell) -> None:
    grid, outcome = shell.window.tabs.grid_tab, _outcome(shell)
    assert grid.table.rowCount() == 5  # four context tiers and the scenario's planning length
    assert grid.table.columnCount() == 3
    answer = count(outcome.performance.recommended_concurrency.value)
    assert grid.value("scenario", "bf16").split()[0] == answer
    short_bf16, short_fp8 = grid.value("short", "bf16"), grid.value("short", "fp8")
    assert int(short_fp8.split()[0].replace(",", "")) > int(short_bf16.split()[0].replace(",", ""))


def _with_qps(qtbot: QtBot, shell: Shell) -> None:
    """The default scenario with a QPS: the sizing tab sizes fleets only for a given traffic."""
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(workload=Workload(qps_avg=5)))
    shell.window.tabs.flush()


def test_sizing_waits_for_a_qps(shell: Shell) -> None:
    tab = shell.window.tabs.sizing_tab
    assert not tab.busy()
    assert tab.model.rowCount() == 0
    assert "Give the traffic" in tab.status.text()


def test_sizing_runs_in_the_background_and_sorts(qtbot: QtBot, shell: Shell) -> None:
    _with_qps(qtbot, shell)
    tab = shell.window.tabs.sizing_tab
    qtbot.waitUntil(lambda: not tab.busy() and tab.model.rowCount() > 0, timeout=SIZING_TIMEOUT_MS)
    costs = [row.cost_usd_per_hour for row in tab.model.rows if row.cost_usd_per_hour is not None]
    assert costs == sorted(costs)
    assert any(row.pareto for row in tab.model.rows)
    assert tab.progress.value() == tab.progress.maximum()
    tpot_column = next(c for c in range(tab.proxy.columnCount())
                       if tab.proxy.headerData(c, Qt.Orientation.Horizontal) == "TPOT ms")
    tab.table.sortByColumn(tpot_column, Qt.SortOrder.AscendingOrder)
    values = [tab.proxy.index(r, tpot_column).data(SORT_ROLE) for r in range(tab.proxy.rowCount())]
    assert values == sorted(values)
    assert "options meet the targets" in tab.status.text()


def test_sizing_can_be_cancelled_and_keeps_the_last_table(qtbot: QtBot, shell: Shell) -> None:
    _with_qps(qtbot, shell)
    tab = shell.window.tabs.sizing_tab
    qtbot.waitUntil(lambda: not tab.busy(), timeout=SIZING_TIMEOUT_MS)
    rows = list(tab.model.rows)
    with qtbot.waitSignal(tab.finished, timeout=SIZING_TIMEOUT_MS):
        tab.run()
        tab.cancel()
    assert "cancelled" in tab.status.text()
    assert tab.model.rows == rows
    assert not tab.busy()


def test_model_that_does_not_fit_disables_performance_tabs(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(model="llama-3.1-70b-instruct", gpu="a10-24gb"))
    assert window.banner.verdict.text() == "Does not fit"
    assert window.tabs.current_name() == "memory"
    assert not window.tabs.isTabEnabled(0)
    assert window.tabs.isTabEnabled(1)


def test_preset_replaces_the_workload(qtbot: QtBot, shell: Shell) -> None:
    picker = shell.window.inputs.preset
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        picker.activated.emit(picker.findData("mixed"))
    assert shell.controller.scenario.workload == PRESETS["mixed"]
    assert shell.window.inputs.classes.table.rowCount() == 2
    assert picker.currentData() == "mixed"


def test_request_classes_editor_validates_shares(qtbot: QtBot, shell: Shell) -> None:
    editor = shell.window.inputs.classes
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        editor.add_class()
    assert len(shell.controller.scenario.workload.classes) == 2
    with qtbot.waitSignal(shell.controller.fieldErrors, timeout=1000):
        share = editor.table.item(0, 1)
        assert share is not None
        share.setText("0.9")  # shares now add up to 1.4
    assert "add up to 1" in editor.error.text()
    assert len(shell.controller.scenario.workload.classes) == 2  # last valid workload stays


def test_compare_pinned_baseline_with_current(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    window.baselines.pin()
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(Scenario(deployment=Deployment(kv_cache_dtype="fp8")))
    window.tabs.flush()
    compare = window.tabs.compare_tab
    assert compare.cell("Weights / KV", 1).endswith("/ fp16")
    assert compare.cell("Weights / KV", 2).endswith("/ fp8")
    assert compare.cell("KV cache tokens", 3).startswith("+")


def test_compare_with_a_scenario_file(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    path = tmp_path / "b.gpucalc.json"
    save_scenario(path, Scenario(gpu="a100-sxm-80gb", workload=Workload(input_len_p50=4096)))
    compare = shell.window.tabs.compare_tab
    qtbot.waitUntil(lambda: shell.window.baselines.open(path) or True, timeout=1000)
    qtbot.waitUntil(lambda: compare.baseline is not None, timeout=RESULT_TIMEOUT_MS)
    assert "A100" in compare.cell("GPU", 1)
    assert "H100" in compare.cell("GPU", 2)


def test_custom_gpu_from_the_hardware_menu(qtbot: QtBot, shell: Shell,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from gpucalc.ui.dialogs.custom_gpu import CustomGpuDialog

    def accept_with_less_memory(dialog: CustomGpuDialog) -> int:
        base = shell.controller.catalog.gpu("h100-sxm-80gb")
        dialog.gpu = base.model_copy(update={"name": "H100 half", "memory_gib": 40.0,
                                             "usable_memory_gib": 39.0})
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(CustomGpuDialog, "exec", accept_with_less_memory)
    before = _outcome(shell).memory.kv_cache_tokens.value
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.window.tools.open_custom_gpu()
    assert shell.controller.scenario.custom_gpu is not None
    assert _outcome(shell).memory.kv_cache_tokens.value < before / 2
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.window.tools.clear_custom_gpu()
    assert _outcome(shell).memory.kv_cache_tokens.value == before


def test_dark_theme_rebuilds_the_window_with_readable_plots(qtbot: QtBot, shell: Shell) -> None:
    from gpucalc.ui.plots.style import is_dark_theme, text_colour

    shell.switch_theme("dark")
    qtbot.addWidget(shell.window)
    try:
        assert is_dark_theme()
        assert text_colour().lightness() > 160  # light text on the dark background
        assert shell.session.settings.theme == "dark"
        assert any(a.isChecked() and a.text() == "Dark" for a in shell.window.theme_menu.actions())
    finally:
        shell.switch_theme("system")
        qtbot.addWidget(shell.window)
    assert not is_dark_theme()


def test_uncertainty_tab_and_band_in_the_answer(shell: Shell) -> None:
    window, outcome = shell.window, _outcome(shell)
    assert outcome.bands is not None
    assert window.tabs.uncertainty_tab.table.rowCount() == len(outcome.bands.bands)
    rows = window.tabs.uncertainty_tab.tornado_rows()
    assert rows
    assert rows[0][0] == outcome.sensitivity.bars[0].key  # largest swing first
    band = next(b for b in outcome.bands.bands if b.key == "recommended_concurrency")
    assert band.low.value <= 346 <= band.high.value
    shown = window.banner.detail.text() + window.banner.bands.text()
    assert f"range {band.low.value:,.0f}–{band.high.value:,.0f}" not in shown  # one range per figure
    figure = next(b for b in outcome.figure_bands if b.key == "recommended_concurrency")
    assert band_range(figure, "en") in shown  # the 80 % band beside the answer


def test_workload_from_a_lengths_file_replaces_the_workload(qtbot: QtBot, shell: Shell,
                                                            tmp_path: Path) -> None:
    from gpucalc.core.measured.length_stats import length_stats
    from gpucalc.io.lengths import read_lengths

    path = tmp_path / "lengths.csv"
    rows = ["input_tokens,output_tokens"] + [f"{400 + (i * 37) % 600},{100 + (i * 13) % 300}"
                                             for i in range(500)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    suggested = length_stats(read_lengths(path).records).workload
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.window.tools.use_workload(suggested)
    assert shell.controller.scenario.workload == suggested
    assert shell.controller.scenario.gpu == "h100-sxm-80gb"  # the rest of the scenario stays


def test_export_report_and_csv_from_the_window(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    import zipfile

    exporter = shell.window.exporter
    with qtbot.waitSignal(exporter.done, timeout=60_000) as blocker:
        exporter.export_pdf(tmp_path / "plan", shell.controller.scenario, shell.controller.catalog, "en")
    pdf = tmp_path / "plan.pdf"
    assert blocker.args == [str(pdf)]
    assert pdf.read_bytes()[:5] == b"%PDF-"
    with qtbot.waitSignal(exporter.done, timeout=60_000):
        exporter.export_csv(tmp_path / "tables.zip", shell.controller.scenario, shell.controller.catalog)
    with zipfile.ZipFile(tmp_path / "tables.zip") as archive:
        assert any(name.startswith("sizing") for name in archive.namelist())


def test_export_to_an_unwritable_place_says_why(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    with qtbot.waitSignal(shell.window.exporter.failed, timeout=60_000) as blocker:
        shell.window.exporter.export_pdf(blocked / "r.pdf", shell.controller.scenario,
                                         shell.controller.catalog, "en")
    assert blocker.args[0]
    box = shell.window.message_box
    assert box is not None
    box.close()


def test_two_queued_exports_each_report_their_own_file(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    exporter = shell.window.exporter
    done: list[str] = []
    exporter.done.connect(done.append)
    scenario, catalog = shell.controller.scenario, shell.controller.catalog
    exporter.export_csv(tmp_path / "first.zip", scenario, catalog)
    exporter.export_csv(tmp_path / "second.zip", scenario, catalog)
    assert exporter.busy
    qtbot.waitUntil(lambda: len(done) == 2, timeout=60_000)
    assert done == [str(tmp_path / "first.zip"), str(tmp_path / "second.zip")]
    assert not exporter.busy


def test_simulation_from_the_window_explains_its_figures(qtbot: QtBot, shell: Shell) -> None:
    tab = shell.window.tabs.simulate_tab
    assert tab.run_button.isEnabled()
    tab.requests.setValue(300)
    tab.sweep_points.setValue(3)
    with qtbot.waitSignal(tab.resultReady, timeout=120_000) as done:
        tab.run()
    figure = done.args[0].run.request_throughput
    with qtbot.waitSignal(shell.window.tabs.termExplained, timeout=1000):
        tab.termSelected.emit(figure)
    assert figure.formula in shell.window.explain.detail.toPlainText()
