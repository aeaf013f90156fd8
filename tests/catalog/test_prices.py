"""The catalog carries the sourced suggested-default prices and the datasheet figures found.

``specs/prices/gpu_prices.json`` is the sourced price data (copied from the shared reference
pack); ``tools/import_gpu_prices.py`` writes its suggested defaults into ``specs/gpus``. These
tests read both, so a price edited by hand, or data refreshed without rerunning the tool, fails.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.table_io import TableFormat, export_csv, export_json, parse_import
from gpucalc.catalog.tables import TableValidationError, catalog_entries
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.specs.gpu_spec import GpuSpec
from tests.helpers import plan

CNY_PER_USD = 6.6921  # the rate the sources quote: CMIS snapshot 2026-10-10


def _records() -> list[dict[str, Any]]:
    data = json.loads((specs_dir() / "prices" / "gpu_prices.json").read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


def _suggested() -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in _records():
        if record["suggested_default"]:
            found[record["gpu_id"]].append(record)
    return dict(found)


def _matches(gpu: GpuSpec, record: dict[str, Any]) -> bool:
    price = gpu.price
    if price is None or price.source is None:
        return False
    figure = price.amount_per_gpu_hour if record["currency"] != "USD" else price.usd_per_gpu_hour
    quoted = (record["currency"], record["price_per_gpu_hour"], record["provider"], record["quote"],
              record["source_url"])
    return (price.currency, figure, price.source.provider, price.source.quote, price.source.url) == quoted


def test_every_suggested_default_is_in_the_catalog_with_its_source(catalog: Catalog) -> None:
    suggested = _suggested()
    assert len(suggested) == 33
    for gpu_id, records in suggested.items():
        assert any(_matches(catalog.gpu(gpu_id), r) for r in records), gpu_id


def test_about_four_in_five_gpus_have_a_price(catalog: Catalog) -> None:
    priced = [g.id for g in catalog.gpus.values() if g.usable_price_usd_per_hour is not None]
    assert len(priced) == 39  # 33 sourced defaults + 6 earlier catalog figures the research kept
    assert len(priced) / len(catalog.gpus) >= 0.8


def test_gpus_the_research_found_nothing_for_stay_without_a_price(catalog: Catalog) -> None:
    """No price is borrowed from a sibling SKU (gpu_prices.md, rule 4)."""
    nothing = {r["gpu_id"] for r in _records()} - set(_suggested()) - {
        "h100-sxm-80gb", "l4-24gb", "l40-48gb", "rtx-3090-24gb", "rtx-5090-32gb", "rtx-pro-6000-96gb"}
    assert nothing == {"a30-24gb", "arc-pro-b60-24gb", "gaudi2-96gb", "gaudi3-128gb", "h20-141gb",
                       "h200-nvl-141gb", "mi250x-128gb", "mi355x-288gb", "v100-sxm2-32gb"}
    assert all(catalog.gpu(g).price is None for g in nothing)


@pytest.mark.parametrize(("gpu_id", "cny", "usd"), [
    ("a800-sxm-80gb", 7.80, 1.1656),  # 7.80 ÷ 6.6921 = 1.16556
    ("h800-sxm-80gb", 25.00, 3.7357),  # 25 ÷ 6.6921 = 3.73575
    ("h20-96gb", 7.50, 1.1207),
    ("l20-48gb", 4.00, 0.5977),
    ("rtx-4090d-24gb", 1.14, 0.1704),
])
def test_cny_prices_keep_their_figure_and_convert_at_the_stated_rate(
        catalog: Catalog, gpu_id: str, cny: float, usd: float) -> None:
    price = catalog.gpu(gpu_id).price
    assert price is not None
    assert (price.currency, price.amount_per_gpu_hour) == ("CNY", cny)
    assert (price.fx_units_per_usd, price.fx_date) == (CNY_PER_USD, "2026-10-10")
    assert price.usd_per_gpu_hour == usd
    assert price.usd_per_gpu_hour == round(cny / CNY_PER_USD, 4)


def test_h20_or_l20_which_is_cheaper_has_an_answer(catalog: Catalog) -> None:
    h20, l20 = catalog.gpu("h20-96gb"), catalog.gpu("l20-48gb")
    assert l20.usable_price_usd_per_hour is not None
    assert h20.usable_price_usd_per_hour is not None
    assert l20.usable_price_usd_per_hour < h20.usable_price_usd_per_hour  # ¥4.00 vs ¥7.50 an hour


def test_a_re_read_figure_keeps_its_range_and_earlier_basis(catalog: Catalog) -> None:
    price = catalog.gpu("a100-sxm-80gb").price
    assert price is not None
    assert price.source is not None
    assert (price.usd_per_gpu_hour, price.range_usd_per_gpu_hour) == (1.39, (0.8, 3.0))
    assert price.date == "2026-09-25"
    assert "earlier catalog basis: RunPod listed rate" in (price.source.notes or "")


def test_undated_sources_have_no_date_but_say_so(catalog: Catalog) -> None:
    price = catalog.gpu("t4-16gb").price
    assert price is not None
    assert price.source is not None
    assert (price.usd_per_gpu_hour, price.date, price.source.date_or_period) == (0.526, None, "undated")


def test_cny_gpus_round_trip_through_the_table_export(catalog: Catalog) -> None:
    gpus = {g: catalog.gpus[g] for g in ("a800-sxm-80gb", "t4-16gb", "gb200-186gb")}
    for fmt in TableFormat:
        text = export_json("gpus", gpus) if fmt is TableFormat.JSON else export_csv("gpus", gpus)
        assert parse_import("gpus", text, fmt).entries == gpus
    prices = catalog_entries(catalog, "prices")
    assert prices["a800-sxm-80gb"].model_dump(include={"currency", "amount_per_gpu_hour"}) == {
        "currency": "CNY", "amount_per_gpu_hour": 7.8}
    assert "t4-16gb" in prices, "an undated price is listed too"


@pytest.mark.parametrize(("gpu_id", "field", "value", "source"), [
    ("h20-141gb", "hbm_bandwidth_gb_per_s", 4000, "H20_141_REPORT"),
    ("h20-141gb", "memory_type", "HBM3e", "H20_141_REPORT"),
    ("h20-141gb", "tdp_w", 400, "H20_141_REPORT"),
    ("ascend-910c-128gb", "hbm_bandwidth_gb_per_s", 3200, "ASCEND_910C_BW"),
    ("ascend-910c-128gb", "memory_type", "HBM2E", "ASCEND_910C_BW"),
    ("h200-nvl-141gb", "hbm_bandwidth_gb_per_s", 4200, "H200_DATASHEET"),
    ("h800-sxm-80gb", "tdp_w", 700, "H800_TDP"),
    ("a10g-24gb", "tdp_w", 150, "GPU_TRACKER"),
    ("a10g-24gb", "launch_year", 2021, "GPU_TRACKER"),
    ("a100-pcie-80gb", "launch_year", 2021, "GPU_TRACKER"),
    ("b300-270gb", "launch_year", 2025, "GTC2025"),
    ("gb300-279gb", "launch_year", 2025, "GTC2025"),
])
def test_missing_datasheet_figures_are_filled_with_their_source(
        catalog: Catalog, gpu_id: str, field: str, value: object, source: str) -> None:
    gpu = catalog.gpu(gpu_id)
    assert getattr(gpu, field) == value
    assert source in {s.id for s in gpu.sources}


def test_h20_141gb_can_now_be_estimated(catalog: Catalog) -> None:
    result = calculate(plan(catalog, "qwen2.5-32b-instruct", "h20-141gb"))
    assert result.performance is not None
    assert result.performance.recommended_concurrency.value >= 1
    assert catalog.gpu("h20-141gb").confidence == "low"  # one compiled report, flagged in the plan
    assert "gpu_spec_low_confidence" in {n.code for n in result.memory.notices}


def test_a_users_cny_price_is_stored_with_its_rate_and_a_usd_one_as_before(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "cfg")
    store.put_entry("prices", {"gpu_id": "l20-48gb", "usd_per_gpu_hour": 0.5231, "date": "2026-11-01",
                               "currency": "CNY", "amount_per_gpu_hour": 3.5, "fx_units_per_usd": 6.6921,
                               "fx_date": "2026-10-10"})
    store.put_entry("prices", {"gpu_id": "a30-24gb", "usd_per_gpu_hour": 0.6, "date": "2026-11-01"})
    saved = json.loads(store.table_path("prices").read_text(encoding="utf-8"))["entries"]
    assert saved["a30-24gb"] == {"usd_per_gpu_hour": 0.6, "date": "2026-11-01", "basis": ""}
    assert saved["l20-48gb"]["currency"] == "CNY"
    layered, notices = load_layered_catalog(user_dir=store.user_dir)
    assert notices == []
    price = layered.gpu("l20-48gb").price
    assert price is not None
    assert (price.amount_per_gpu_hour, price.usd_per_gpu_hour) == (3.5, 0.5231)  # ¥3.50 ÷ 6.6921
    assert layered.gpu("a30-24gb").usable_price_usd_per_hour == 0.6


def test_a_users_inconsistent_cny_price_is_refused_with_the_figure(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "cfg")
    with pytest.raises(TableValidationError, match=r"not 3.5 CNY ÷ 6.6921 CNY per USD = 0.5230"):
        store.put_entry("prices", {"gpu_id": "l20-48gb", "usd_per_gpu_hour": 0.6, "currency": "CNY",
                                   "amount_per_gpu_hour": 3.5, "fx_units_per_usd": 6.6921,
                                   "fx_date": "2026-10-10"})
