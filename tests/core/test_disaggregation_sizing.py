"""Sizing compares aggregated and disaggregated layouts for the same traffic, one row per layout."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.fleet.disaggregation import disaggregated_plan
from gpucalc.core.fleet.sizing import SizingRequest, disaggregated_option, size_fleet
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.inputs import Workload
from tests.helpers import plan

WORKLOAD = Workload(input_len_p50=2000, output_len_p50=300, qps_avg=30)


def test_rows_for_both_layouts_when_disaggregated(catalog: Catalog) -> None:
    base = plan(catalog, "llama-3.1-8b-instruct", workload=WORKLOAD,
                disaggregation=Disaggregation(enabled=True))
    tiers = [(base.weight_format, base.kv_format)]
    rows = size_fleet(base, [catalog.gpus["h100-sxm-80gb"]], tiers, SizingRequest(qps_avg=30))
    layouts = {r.layout for r in rows}
    assert "aggregated" in layouts
    split = [r for r in rows if r.layout != "aggregated"]
    assert split
    assert all(r.layout.endswith("D") and "P" in r.layout for r in split)
    plain = plan(catalog, "llama-3.1-8b-instruct", workload=WORKLOAD)
    assert {r.layout for r in size_fleet(plain, [catalog.gpus["h100-sxm-80gb"]], tiers,
                                         SizingRequest(qps_avg=30))} == {"aggregated"}


def test_disaggregated_row_counts_both_pools_and_a_spare_in_each(catalog: Catalog) -> None:
    base = plan(catalog, "llama-3.1-8b-instruct", workload=WORKLOAD,
                disaggregation=Disaggregation(enabled=True, decode_tp=2))
    row = disaggregated_option(base, SizingRequest(qps_avg=30, redundancy=1))
    pools = disaggregated_plan(base)
    assert row is not None
    assert row.layout == pools.ratio
    # (P + 1) × 1 GPU + (D + 1) × 2 GPUs
    assert row.gpus_total == (pools.prefill_replicas + 1) + (pools.decode_replicas + 1) * 2
    assert row.replicas_total == pools.prefill_replicas + pools.decode_replicas + 2
    assert row.tensor_parallel_size == 2
    assert row.tpot_ms == pytest.approx(pools.decode_tpot_ms.value)
    price = catalog.gpus["h100-sxm-80gb"].usable_price_usd_per_hour
    assert price is not None
    assert row.cost_usd_per_hour == pytest.approx(row.gpus_total * price)
