"""The fleet rule worked by hand: replicas for the average and the peak, N + k, GPUs, verdict, cost."""

from __future__ import annotations

import math

import pytest

from gpucalc.core.capacity.rates import (
    PlannedBy,
    ReplicaRates,
    planned_concurrency,
    planning_watermark,
    replicas_for_rate,
)
from gpucalc.core.fleet.fleet import (
    HOURS_PER_MONTH,
    SECONDS_PER_DAY,
    FleetPolicy,
    fleet_layout,
    fleet_verdict,
)
from gpucalc.core.specs.inputs import Targets, TrafficMode, Workload
from gpucalc.text.numbers import count

WATERMARK = 0.7
CAPACITY = 1.3 / WATERMARK  # 1.857 req/s per replica (the rate capacity) → 1.3 planned at 70 %
MEAN_OUTPUT = 300.0


def _rates(concurrency: int = 100, saturated_tok_s: float = 1000.0) -> ReplicaRates:
    planned, planned_by = planned_concurrency(concurrency, WATERMARK, None)
    return ReplicaRates(
        concurrency=concurrency, planned_concurrency=planned, planned_by=planned_by,
        watermark=WATERMARK, requests_per_s_planned=1.3, requests_per_s_capacity=CAPACITY,
        output_tokens_per_s_planned=1.3 * MEAN_OUTPUT, output_tokens_per_s_capacity=CAPACITY * MEAN_OUTPUT,
        output_tokens_per_s_saturated=saturated_tok_s)


def _workload(mode: TrafficMode = TrafficMode.ONLINE, peak: float | None = 20) -> Workload:
    return Workload(qps_avg=10, qps_peak=peak, mode=mode)


def test_ten_average_twenty_peak_at_one_point_three_per_replica() -> None:
    # average: ceil(10 / 1.3) = ceil(7.69) = 8; peak: ceil(20 / 1.857) = ceil(10.77) = 11
    # N = max(8, 11) = 11, k = 1 → 12 replicas × 4 GPUs = 48 GPUs; 8 GPUs = 2 replicas deployed
    fleet = fleet_verdict(_rates(), _workload(), num_gpus=8, gpus_per_replica=4,
                          price_usd_per_gpu_hour=2.0, mean_output_tokens=MEAN_OUTPUT)
    assert fleet is not None
    assert fleet.replicas_for_average.value == 8
    assert fleet.replicas_for_peak.value == 11
    assert fleet.replicas.value == 11
    assert fleet.spare_replicas.value == 1
    assert fleet.replicas_needed.value == 12
    assert fleet.gpus_needed.value == 48
    assert fleet.replicas_deployed.value == 2
    assert not fleet.carries_average
    assert not fleet.carries_peak
    assert not fleet.carries
    assert fleet.cost_per_hour_usd is not None
    assert fleet.cost_per_month_usd is not None
    assert fleet.cost_per_hour_usd.value == pytest.approx(48 * 2.0)
    assert fleet.cost_per_month_usd.value == pytest.approx(48 * 2.0 * HOURS_PER_MONTH)
    assert fleet.cost_per_hour_deployed_usd is not None
    assert fleet.cost_per_hour_deployed_usd.value == pytest.approx(16.0)
    # $96/h ÷ (10 req/s × 300 tokens × 3,600 s) × 10⁶ = $8.89 per million output tokens
    assert fleet.cost_per_million_output_tokens_usd is not None
    assert fleet.cost_per_million_output_tokens_usd.value == pytest.approx(96 / 10.8e6 * 1e6)
    # totals are over the two replicas deployed, at the planned rate
    assert fleet.total_concurrency.value == 2 * 70
    assert fleet.total_concurrency_max.value == 2 * 100
    assert fleet.requests_per_s_total.value == pytest.approx(2.6)
    assert fleet.output_tokens_per_s_total.value == pytest.approx(2 * 390)
    assert fleet.output_tokens_per_day.value == pytest.approx(2 * 390 * SECONDS_PER_DAY)
    assert fleet.output_tokens_per_gpu_hour.value == pytest.approx(2 * 390 * 3600 / 8)
    assert fleet.backfill_tokens_per_day is None


def test_a_missing_spare_never_turns_the_answer_into_no() -> None:
    # 44 GPUs = 11 replicas: all 11 serve the peak; the spare is what is short, not the capacity
    fleet = fleet_verdict(_rates(), _workload(), 44, 4, None, MEAN_OUTPUT)
    assert fleet is not None
    assert fleet.carries_average
    assert fleet.carries_peak
    assert fleet.spare_deployed == 0
    assert fleet.spare_short == 1
    assert fleet.cost_per_hour_usd is None
    assert fleet.cost_per_month_usd is None
    assert fleet.cost_per_million_output_tokens_usd is None
    enough = fleet_verdict(_rates(), _workload(), 48, 4, None, MEAN_OUTPUT)
    assert enough is not None
    assert enough.carries
    assert enough.spare_short == 0
    assert enough.gpus_needed.value == enough.gpus_deployed.value == 48
    # 40 GPUs = 10 replicas: enough for the average (8), not for the peak (11)
    partial = fleet_verdict(_rates(), _workload(), 40, 4, None, MEAN_OUTPUT)
    assert partial is not None
    assert partial.carries_average
    assert not partial.carries_peak


def test_no_qps_no_fleet_and_no_peak_is_the_average() -> None:
    assert fleet_verdict(_rates(), Workload(), 8, 4, 2.0, MEAN_OUTPUT) is None
    same = fleet_verdict(_rates(), _workload(peak=None), 8, 4, None, MEAN_OUTPUT)
    assert same is not None
    assert same.qps_peak == same.qps_avg == 10
    assert not same.peak_given


def test_average_only_sizing_lets_the_peak_queue() -> None:
    fleet = fleet_verdict(_rates(), _workload(), 8, 4, None, MEAN_OUTPUT, FleetPolicy(size_for_peak=False))
    assert fleet is not None
    assert fleet.replicas.value == 8
    assert fleet.gpus_needed.value == 36
    assert fleet.replicas_for_peak.value == 11  # still reported


def test_exact_multiples_need_no_extra_replica() -> None:
    assert replicas_for_rate(10.0, 2.5) == 4
    assert replicas_for_rate(10.0, 10 / 3) == 3  # 3.0000000000000004 is still 3
    assert replicas_for_rate(0.1, 2.5) == 1


def test_planned_concurrency_is_the_watermark_share_rounded_down_within_the_memory_rule() -> None:
    assert planned_concurrency(495, 0.7, None) == (346, PlannedBy.WATERMARK)  # 346.5 → 346
    assert planned_concurrency(10, 0.7, None)[0] == 7  # 7.000000000000001 or 6.9999… → 7
    assert planned_concurrency(1, 0.35, None)[0] == 1  # one request is planned when one is held
    assert planned_concurrency(0, 0.7, None)[0] == 0
    # seed 001's memory rule allows 8 at the average length: it plans, not the watermark's 18
    assert planned_concurrency(26, 0.7, 8) == (8, PlannedBy.MEMORY_SHARE)
    assert planned_concurrency(26, 0.7, 40) == (18, PlannedBy.WATERMARK)


def test_offline_fills_memory_and_mixed_backfills_above_the_watermark() -> None:
    targets = Targets(watermark=0.6)
    assert planning_watermark(targets, TrafficMode.ONLINE) == 0.6
    assert planning_watermark(targets, TrafficMode.MIXED) == 0.6
    assert planning_watermark(targets, TrafficMode.OFFLINE) == 1.0
    mixed = fleet_verdict(_rates(saturated_tok_s=1000.0), _workload(TrafficMode.MIXED), 8, 4, None,
                          MEAN_OUTPUT)
    assert mixed is not None
    assert mixed.backfill_tokens_per_day is not None
    # (1,000 − 390) tok/s spare × 2 replicas × 86,400 s
    assert mixed.backfill_tokens_per_day.value == pytest.approx(610 * 2 * SECONDS_PER_DAY)


def test_no_verdict_when_no_replica_serves() -> None:
    dead = _rates().model_copy(update={"requests_per_s_capacity": 0.0, "requests_per_s_planned": 0.0})
    assert fleet_verdict(dead, _workload(), 8, 4, None, MEAN_OUTPUT) is None


def test_layout_totals_multiply_by_replicas() -> None:
    layout = fleet_layout(_rates(), num_gpus=8, tp=2, pp=1)
    assert layout.replicas == 4
    assert layout.concurrency_total.value == 4 * 70
    assert layout.requests_per_s_total.value == pytest.approx(5.2)
    assert math.isclose(layout.output_tokens_per_s_total.value, 4 * 390)


@pytest.mark.parametrize(("value", "shown"), [(346.7, "346"), (346.0, "346"),
                                              (345.99999999999, "346"), (1234.9, "1,234"),
                                              (0.4, "0")])
def test_counts_round_down(value: float, shown: str) -> None:
    assert count(value) == shown
