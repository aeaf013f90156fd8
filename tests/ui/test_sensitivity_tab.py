"""The uncertainty tab: bands table and tornado chart, updated in place."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidgetItem
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.fleet.sensitivity import concurrency_sensitivity
from gpucalc.core.fleet.sizing import SizingRequest
from gpucalc.core.fleet.uncertainty import uncertainty_bands
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.ui.panels.sensitivity_tab import MAX_BARS, SensitivityTab


def _inputs(catalog: Catalog, input_p95: int) -> PlanInputs:
    return resolve_inputs(catalog, "llama-3.1-70b-instruct", "h100-sxm-80gb",
                          Deployment(num_gpus=4, tensor_parallel_size=4, max_model_len=32768),
                          Workload(input_len_p50=2000, input_len_p95=input_p95, output_len_p50=300),
                          Targets(tpot_ms=50))


def _cell(tab: SensitivityTab, row: int, column: int) -> QTableWidgetItem:
    item = tab.table.item(row, column)
    assert item is not None
    return item


@pytest.fixture
def tab(qtbot: QtBot) -> SensitivityTab:
    widget = SensitivityTab()
    qtbot.addWidget(widget)
    return widget


def test_bands_table_shows_low_expected_high(tab: SensitivityTab, catalog: Catalog) -> None:
    inputs = _inputs(catalog, 4000)
    bands = uncertainty_bands(inputs, SizingRequest(qps_avg=10))
    tab.set_data(bands, concurrency_sensitivity(inputs))
    assert tab.table.rowCount() == 3
    rec = bands.band("recommended_concurrency")
    assert rec is not None
    row = [_cell(tab, 1, c).text() for c in range(5)]
    assert row[0] == "Recommended concurrency"
    assert row[1:4] == [f"{rec.low.value:,.0f}", f"{rec.expected.value:,.0f}",
                        f"{rec.high.value:,.0f}"]
    assert row[4] == "requests"
    assert "pessimistic" in _cell(tab, 1, 1).toolTip()


def test_tornado_bars_run_from_baseline_to_each_result(tab: SensitivityTab,
                                                       catalog: Catalog) -> None:
    inputs = _inputs(catalog, 4000)
    tornado = concurrency_sensitivity(inputs)
    tab.set_data(uncertainty_bands(inputs), tornado)
    rows = tab.tornado_rows()
    assert len(rows) == min(MAX_BARS, len(tornado.bars))
    assert rows[0][0] == tornado.bars[0].key
    low_spans, high_spans = tab.bar_spans()
    base = tornado.baseline
    for (key, at_low, at_high), low, high in zip(rows, low_spans, high_spans, strict=True):
        assert sorted(low) == pytest.approx(sorted((base, at_low))), key
        assert sorted(high) == pytest.approx(sorted((base, at_high))), key
    assert tab.baseline.value() == base
    axis_label = tab.plot.getPlotItem().getAxis("bottom").labelText
    assert "requests" in axis_label


def test_update_reuses_the_plot_items(tab: SensitivityTab, catalog: Catalog) -> None:
    items_before = (tab.low_bars, tab.high_bars, tab.baseline)
    for p95 in (4000, 24000):
        inputs = _inputs(catalog, p95)
        tab.set_data(uncertainty_bands(inputs), concurrency_sensitivity(inputs))
    assert (tab.low_bars, tab.high_bars, tab.baseline) == items_before
    plot_items = tab.plot.getPlotItem().items
    assert plot_items.count(tab.low_bars) == 1
    assert tab.tornado_rows()[0][0] == concurrency_sensitivity(_inputs(catalog, 24000)).bars[0].key
