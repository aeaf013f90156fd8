"""The plan's fleet verdict: one rule with sizing and the bands, layouts, modes, quality caveat."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet, size_option
from gpucalc.core.specs.inputs import Deployment, Targets, TrafficMode, Workload
from gpucalc.core.specs.quality import QUALITY_CAVEAT
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import Plan, PlanOptions, compute_plan

CHAT_70B = Scenario(
    model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb",
    deployment=Deployment(num_gpus=8, tensor_parallel_size=4),
    workload=Workload(input_len_p50=2000, input_len_p95=6000, output_len_p50=300, qps_avg=10,
                      qps_peak=20),
    targets=Targets(tpot_ms=50))
SMALL_ON_EIGHT = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                          deployment=Deployment(num_gpus=8, tensor_parallel_size=8,
                                                max_model_len=16384),
                          workload=Workload(qps_avg=40, qps_peak=60))


def _plan(catalog: Catalog, scenario: Scenario, uncertainty: bool = False) -> Plan:
    return compute_plan(catalog, scenario, PlanOptions(uncertainty=uncertainty))


def test_verdict_reads_the_answer_and_agrees_with_the_bands(catalog: Catalog) -> None:
    plan = _plan(catalog, CHAT_70B, uncertainty=True)
    perf, fleet, bands = plan.performance, plan.fleet, plan.bands
    assert perf is not None
    assert fleet is not None
    assert bands is not None
    assert perf.rate_capacity is not None
    assert fleet.requests_per_s_per_replica_capacity.value == pytest.approx(
        perf.rate_capacity.requests_per_s.value)
    assert fleet.requests_per_s_per_replica_planned.value == pytest.approx(
        0.7 * perf.rate_capacity.requests_per_s.value)
    assert fleet.total_concurrency.value == perf.online_capacity.value * 2
    assert fleet.gpus_deployed.value == 8
    assert fleet.replicas_deployed.value == 2
    gpus = bands.band("gpus_needed")
    assert gpus is not None
    assert gpus.expected.value == fleet.gpus_needed.value  # one definition of "GPUs needed"
    assert fleet.gpus_needed.value > 8
    assert not fleet.carries


def test_knee_is_the_recommendation_and_the_watermark_a_share_of_it(catalog: Catalog) -> None:
    perf = _plan(catalog, CHAT_70B).performance
    assert perf is not None
    knee = perf.knee_concurrency.value
    assert knee == perf.recommended_concurrency.value
    assert perf.online_capacity.value == int(0.7 * knee)
    assert perf.online_capacity.inputs["planned_by"] == "watermark"


def test_layouts_compare_replicas_with_tensor_parallel(catalog: Catalog) -> None:
    plan = _plan(catalog, SMALL_ON_EIGHT)
    assert plan.fleet is not None
    layouts = {x.tensor_parallel_size: x for x in plan.fleet.layouts}
    assert set(layouts) == {1, 2, 4, 8}
    assert [layouts[tp].replicas for tp in (1, 2, 4, 8)] == [8, 4, 2, 1]
    own = layouts[8]
    assert own.concurrency_total.value == plan.fleet.total_concurrency.value
    single = _plan(catalog, SMALL_ON_EIGHT.model_copy(update={"deployment": Deployment(
        num_gpus=8, tensor_parallel_size=1, max_model_len=16384)}))
    assert single.fleet is not None
    assert single.performance is not None
    assert layouts[1].concurrency_per_replica == single.performance.recommended_concurrency.value
    assert layouts[1].requests_per_s_total.value == pytest.approx(
        single.fleet.requests_per_s_total.value)
    assert single.fleet.layouts == ()  # one GPU per replica: nothing smaller to compare


def test_watermark_changes_sizing_monotonically(catalog: Catalog) -> None:
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="l40s-48gb",
                        workload=Workload(qps_avg=50))
    gpus = []
    for watermark in (0.35, 0.5, 0.7, 1.0):
        inputs = resolve_scenario(catalog, scenario.model_copy(
            update={"targets": Targets(watermark=watermark)}))
        row = size_option(inputs, SizingRequest(qps_avg=50))
        assert row is not None
        assert row.utilization <= watermark + 1e-9  # replicas run at most at the watermark
        # of their rate capacity
        gpus.append(row.gpus_total)
    assert gpus == sorted(gpus, reverse=True)
    assert gpus[0] > gpus[-1]


def test_modes_change_the_answer(catalog: Catalog) -> None:
    def plan(mode: TrafficMode) -> Plan:
        return _plan(catalog, CHAT_70B.model_copy(update={"workload": CHAT_70B.workload.model_copy(
            update={"mode": mode})}))

    online, offline, mixed = plan(TrafficMode.ONLINE), plan(TrafficMode.OFFLINE), plan(TrafficMode.MIXED)
    assert online.performance
    assert offline.performance
    assert mixed.performance
    assert online.fleet
    assert offline.fleet
    assert mixed.fleet
    # offline: memory filled, the latency ceilings do not limit, no watermark
    assert offline.performance.bottleneck == CeilingKind.MEMORY
    assert not offline.performance.ceiling(CeilingKind.COMPUTE).limited
    assert offline.performance.recommended_concurrency.value == \
        offline.performance.ceiling(CeilingKind.MEMORY).value.value
    assert offline.performance.online_capacity.value == offline.performance.recommended_concurrency.value
    assert offline.fleet.output_tokens_per_gpu_hour.value > online.fleet.output_tokens_per_gpu_hour.value
    # mixed: the online answer plus the backfill
    assert mixed.performance.online_capacity == online.performance.online_capacity
    assert online.fleet.backfill_tokens_per_day is None
    assert offline.fleet.backfill_tokens_per_day is None
    assert mixed.fleet.backfill_tokens_per_day is not None
    assert mixed.fleet.backfill_tokens_per_day.value > 0


def test_compute_bound_offline_plan_grows_to_memory(catalog: Catalog) -> None:
    tight = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                     workload=Workload(mode=TrafficMode.ONLINE), targets=Targets(tpot_ms=15))
    online = _plan(catalog, tight).performance
    offline = _plan(catalog, tight.model_copy(update={"workload": Workload(
        mode=TrafficMode.OFFLINE)})).performance
    assert online is not None
    assert offline is not None
    assert online.bottleneck == CeilingKind.COMPUTE
    assert offline.recommended_concurrency.value > online.recommended_concurrency.value


def test_quantize_advice_carries_the_quality_caveat(catalog: Catalog) -> None:
    relaxed = CHAT_70B.model_copy(update={"targets": Targets(tpot_ms=200)})  # memory binds
    perf = _plan(catalog, relaxed).performance
    assert perf is not None
    assert perf.bottleneck == CeilingKind.MEMORY
    codes = [a.code for a in perf.advice]
    assert "quantize_weights" in codes
    assert codes[-1] == QUALITY_CAVEAT


def test_sizing_marks_precisions_below_the_checkpoint(catalog: Catalog) -> None:
    inputs = resolve_scenario(catalog, Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb"))
    tiers = [(catalog.weight_format(w), catalog.kv_format(k))
             for w, k in (("bf16", "fp16"), ("fp8", "fp8"), ("int4", "fp8"))]
    rows = size_fleet(inputs, [catalog.gpu("h100-sxm-80gb")], tiers, SizingRequest(qps_avg=5))
    flagged = {r.precision: r.quantized_below_checkpoint for r in rows}
    assert flagged["bf16"] is False
    assert all(v for k, v in flagged.items() if k != "bf16")
