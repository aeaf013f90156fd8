"""Cost per million output tokens beside cost per month, and GPUs without a price.

Hand-worked: a fleet costing $10.00 an hour that serves 2 req/s × 250 output tokens = 500
output tok/s makes 1.8 M tokens an hour, so $10.00 ÷ 1.8 M × 10⁶ = $5.556 per million.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.rates import PlannedBy, ReplicaRates
from gpucalc.core.common.explain import term
from gpucalc.core.fleet.fleet import FleetPolicy, cost_per_million_output_tokens, fleet_verdict
from gpucalc.core.fleet.sizing import SizingRequest, SizingRow, size_fleet, sizing_rank_key
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.specs.price import NO_PRICE_NOTICE
from gpucalc.plan.fleet import plan_fleet
from gpucalc.text.notices import notice_text
from tests.helpers import plan

RATES = ReplicaRates(concurrency=40, planned_concurrency=28, planned_by=PlannedBy.WATERMARK,
                     watermark=0.7, requests_per_s_capacity=1.0, requests_per_s_planned=0.7,
                     output_tokens_per_s_capacity=250.0, output_tokens_per_s_planned=175.0,
                     output_tokens_per_s_saturated=400.0)


def test_cost_per_million_output_tokens_worked_by_hand() -> None:
    cost = term("fleet.cost_per_hour_usd", 10.0, "USD", "GPUs × price per GPU-hour × hours")
    made = cost_per_million_output_tokens(cost, qps=2.0, mean_output_tokens=250.0)
    assert made is not None
    assert made.value == pytest.approx(10.0 / 1.8e6 * 1e6)  # $5.556
    assert made.inputs == {"cost_per_hour_usd": 10.0, "qps": 2.0, "mean_output_tokens": 250.0}
    assert made.sources
    assert cost_per_million_output_tokens(None, 2.0, 250.0) is None
    assert cost_per_million_output_tokens(cost, 0.0, 250.0) is None


def test_the_verdict_carries_it_and_it_equals_the_sizing_rows() -> None:
    workload = Workload(qps_avg=2.0, qps_peak=2.0, output_len_p50=250)
    verdict = fleet_verdict(RATES, workload, 4, 1, 1.25, 250.0, FleetPolicy(spare_replicas=1))
    assert verdict is not None
    assert verdict.cost_per_hour_usd is not None
    assert verdict.cost_per_million_output_tokens_usd is not None
    # N = ceil(2 / 0.7) = 3, + 1 spare = 4 GPUs × $1.25 = $5.00/h over 500 output tok/s
    assert verdict.cost_per_hour_usd.value == pytest.approx(5.0)
    assert verdict.cost_per_million_output_tokens_usd.value == pytest.approx(5.0 / 1.8)
    unpriced = fleet_verdict(RATES, workload, 4, 1, None, 250.0)
    assert unpriced is not None
    assert unpriced.cost_per_million_output_tokens_usd is None


def test_the_plans_verdict_and_the_sizing_row_give_one_figure(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", workload=Workload(qps_avg=3.0))
    perf = calculate(inputs).performance
    assert perf is not None
    verdict = plan_fleet(inputs, perf)
    assert verdict is not None
    assert verdict.cost_per_million_output_tokens_usd is not None
    row = next(r for r in size_fleet(inputs, [inputs.gpu], [(inputs.weight_format, inputs.kv_format)],
                                     SizingRequest(qps_avg=3.0)) if r.tensor_parallel_size == 1)
    assert row.gpus_total == verdict.gpus_needed.value
    assert row.cost_usd_per_million_output_tokens == pytest.approx(
        verdict.cost_per_million_output_tokens_usd.value)


def _row(gpu: str, cost: float | None, gpus: int, tpot_ms: float = 50.0) -> SizingRow:
    return SizingRow(
        gpu=gpu, gpu_name=gpu, precision="bf16", kv_format="fp16", tensor_parallel_size=1,
        recommended_concurrency=10, online_capacity=7, bottleneck="memory",
        requests_per_s_per_replica=1.0, replicas_needed=gpus, replicas_total=gpus, gpus_total=gpus,
        utilization=0.5, ttft_ms=500.0, tpot_ms=tpot_ms, price_usd_per_gpu_hour=None if cost is None else 1.0,
        cost_usd_per_hour=cost, cost_usd_per_million_output_tokens=None, offline_tokens_per_day_spare=0.0)


def test_gpus_without_a_price_rank_by_gpu_count_after_the_priced_ones() -> None:
    rows = [_row("b", None, 8), _row("a", 9.0, 6), _row("c", None, 2, tpot_ms=80.0),
            _row("d", None, 2, tpot_ms=40.0), _row("e", 3.0, 12)]
    ranked = [r.gpu for r in sorted(rows, key=sizing_rank_key)]
    assert ranked == ["e", "a", "d", "c", "b"]  # cheapest first; then fewest GPUs, then TPOT


def test_sizing_puts_an_unpriced_gpu_after_the_priced_one(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h200-sxm-141gb", workload=Workload(qps_avg=3.0))
    rows = size_fleet(inputs, [catalog.gpu("h200-nvl-141gb"), catalog.gpu("h200-sxm-141gb")],
                      [(inputs.weight_format, inputs.kv_format)], SizingRequest(qps_avg=3.0))
    assert rows[0].gpu == "h200-sxm-141gb"
    unpriced = [r for r in rows if r.gpu == "h200-nvl-141gb"]
    assert unpriced
    assert all(r.cost_usd_per_hour is None and r.price_usd_per_gpu_hour is None for r in unpriced)


def test_a_gpu_without_a_price_says_so(catalog: Catalog) -> None:
    notices = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", "h200-nvl-141gb")).notices
    notice = next(n for n in notices if n.code == NO_PRICE_NOTICE)
    assert notice.params == {"gpu": "h200-nvl-141gb"}
    assert notice_text(notice).startswith("The catalog has no rental price for h200-nvl-141gb")
    assert "h200-nvl-141gb 的租用价格" in notice_text(notice, "zh")
    priced = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", "h200-sxm-141gb")).notices
    assert NO_PRICE_NOTICE not in {n.code for n in priced}
