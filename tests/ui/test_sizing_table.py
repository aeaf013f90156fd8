"""The sizing table: cost first, the Pareto marking explained, flagged layouts hidden or marked."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.ui.panels.sizing_model import (
    COLUMNS,
    FLAG_MARK,
    SizingTableModel,
    layout_caveats,
    scale_up_domain_gpus,
    shown_rows,
)
from gpucalc.ui.panels.sizing_tab import SizingTab


def _row(gpu: str, tp: int, cost: float, tpot: float, catalog: Catalog) -> SizingRow:
    return SizingRow(gpu=gpu, gpu_name=catalog.gpus[gpu].name, precision="bf16", kv_format="fp16",
                     tensor_parallel_size=tp, recommended_concurrency=100, online_capacity=70,
                     bottleneck="memory", requests_per_s_per_replica=5.0, replicas_needed=1,
                     replicas_total=2, gpus_total=2 * tp, utilization=0.5, ttft_ms=100.0, tpot_ms=tpot,
                     price_usd_per_gpu_hour=cost / (2 * tp), cost_usd_per_hour=cost,
                     cost_usd_per_million_output_tokens=1.0, offline_tokens_per_day_spare=0.0)


def test_cost_per_month_comes_third_after_the_gpu_and_its_count(catalog: Catalog) -> None:
    headers = [c.header for c in COLUMNS]
    assert headers[:3] == ["GPU", "GPUs", "$ / month"]
    row = _row("h100-sxm-80gb", 1, 2.0, 50.0, catalog)
    assert COLUMNS[2].text(row) == "$1,460"  # 2 $/h × 730 h


def test_consumer_cards_and_tp_past_the_nvlink_domain_are_flagged(catalog: Catalog) -> None:
    rtx3090, h100, a6000 = (catalog.gpus[g] for g in ("rtx-3090-24gb", "h100-sxm-80gb", "rtx-a6000-48gb"))
    assert scale_up_domain_gpus(rtx3090) == 1  # PCIe only
    assert scale_up_domain_gpus(h100) == 8
    assert len(layout_caveats(rtx3090, 8)) == 2  # consumer and TP 8 over PCIe
    assert len(layout_caveats(rtx3090, 1)) == 1  # still a consumer card
    assert layout_caveats(h100, 8) == []
    assert len(layout_caveats(h100, 16)) == 1
    assert scale_up_domain_gpus(a6000) == 2
    assert layout_caveats(a6000, 2) == []
    assert len(layout_caveats(a6000, 4)) == 1


def test_hiding_flagged_rows_marks_the_pareto_front_among_those_left(catalog: Catalog) -> None:
    cheap_consumer = _row("rtx-3090-24gb", 8, 1.0, 30.0, catalog).model_copy(update={"pareto": True})
    h100 = _row("h100-sxm-80gb", 1, 2.0, 40.0, catalog)  # beaten by the 3090 on both axes
    rows = [cheap_consumer, h100]
    assert shown_rows(rows, catalog.gpus, hide_flagged=False) == rows
    kept = shown_rows(rows, catalog.gpus, hide_flagged=True)
    assert [r.gpu for r in kept] == ["h100-sxm-80gb"]
    assert kept[0].pareto


def test_flagged_rows_say_why_and_pareto_rows_say_what_bold_means(catalog: Catalog) -> None:
    model = SizingTableModel()
    flagged = _row("rtx-3090-24gb", 8, 1.0, 30.0, catalog).model_copy(update={"pareto": True})
    model.set_rows([flagged, _row("h100-sxm-80gb", 1, 2.0, 40.0, catalog)], catalog.gpus)
    name = model.index(0, 0).data()
    assert name.endswith(FLAG_MARK)
    tooltip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "consumer card" in tooltip
    assert "TP 8 without NVLink" in tooltip
    assert "Pareto front" in tooltip
    assert not model.index(1, 0).data().endswith(FLAG_MARK)
    assert "Pareto" not in model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_the_tab_hides_flagged_rows_by_default_and_shows_them_on_request(qtbot: QtBot,
                                                                        catalog: Catalog) -> None:
    tab = SizingTab()
    qtbot.addWidget(tab)
    tab._catalog = catalog
    rows = [_row("rtx-3090-24gb", 8, 1.0, 30.0, catalog), _row("h100-sxm-80gb", 1, 2.0, 40.0, catalog)]
    tab.set_rows(rows)
    assert tab.hide_flagged.isChecked()
    assert [r.gpu for r in tab.model.rows] == ["h100-sxm-80gb"]
    assert "1 more hidden" in tab.status.text()
    assert "Pareto front" in tab.legend.text()
    tab.hide_flagged.setChecked(False)
    assert len(tab.model.rows) == 2
    assert "hidden" not in tab.status.text()
