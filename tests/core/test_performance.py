"""Performance side: the seeds' own case, published runs, and monotonic properties."""

from __future__ import annotations

import itertools
import statistics

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.perf_result import CeilingKind, LimitKind
from gpucalc.core.capacity.sweep import context_sweep
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.validation.sources import EARLIER_PUBLIC_ROWS
from gpucalc.validation.throughput_cases import load_throughput_cases, predict, relative_errors


def seeds_case(catalog: Catalog) -> PlanInputs:
    """Seed 002: 8× A100-80GB NVLink, Llama-3-70B FP16, TP 8, vLLM, 3840 in + 256 out."""
    return resolve_inputs(
        catalog, "meta-llama-3-70b-instruct", "a100-sxm-80gb",
        Deployment(num_gpus=8, tensor_parallel_size=8, max_model_len=4096),
        Workload(input_len_p50=3840, output_len_p50=256), Targets(ttft_ms=2000, tpot_ms=100),
        dtype="float16")


def test_seed_002_measured_60_to_70_concurrent(catalog: Catalog) -> None:
    """Seed 002's ladder held 60–70 requests in flight; the concurrency is within ± 10 % of it.

    The rate capacity under Poisson arrivals holds fewer in flight at the same P95 targets
    (random arrivals queue in front of the prefill), about 24 (DOMAIN.md §1).
    """
    perf = calculate(seeds_case(catalog)).performance
    assert perf is not None
    assert 0.9 * 60 <= perf.recommended_concurrency.value <= 1.1 * 70
    assert perf.binding_limit == LimitKind.TPOT
    assert perf.rate_capacity is not None
    assert 20 <= perf.rate_capacity.in_flight.value <= 30
    assert perf.rate_capacity.in_flight.value < perf.recommended_concurrency.value


def test_published_runs_within_tolerance(catalog: Catalog) -> None:
    """The 15 runs of the earlier public set (the constants were tuned on them); the runs added
    since are scored out of sample by ``python -m benchmarks.generalisation``, not pinned."""
    errors: dict[str, list[float]] = {"throughput": [], "ttft": [], "tpot": []}
    cases = [c for c in load_throughput_cases(catalog) if c.id in EARLIER_PUBLIC_ROWS]
    assert len(cases) == 15
    for case in cases:
        for metric, err in relative_errors(case, predict(case)).items():
            errors[metric].append(abs(err))
    # measured-kernel surfaces: 5.5 % / 8.3 % / 13.8 % (python -m benchmarks.throughput_accuracy)
    assert statistics.median(errors["throughput"]) <= 0.10
    assert statistics.median(errors["tpot"]) <= 0.12
    assert statistics.median(errors["ttft"]) <= 0.20


def _plan(catalog: Catalog, **changes: object) -> PlanInputs:
    base = {"model": "llama-3.1-8b-instruct", "gpu": "h100-sxm-80gb", "gpus": 1, "tp": 1,
            "input": 2000, "output": 300, "kv": "auto"}
    base.update(changes)
    return resolve_inputs(
        catalog, str(base["model"]), str(base["gpu"]),
        Deployment(num_gpus=int(base["gpus"]), tensor_parallel_size=int(base["tp"]),  # type: ignore[call-overload]
                   max_model_len=32768, kv_cache_dtype=str(base["kv"])),
        Workload(input_len_p50=int(base["input"]), output_len_p50=int(base["output"])),  # type: ignore[call-overload]
        Targets(ttft_ms=3000, tpot_ms=60))


def test_more_context_never_raises_memory_ceiling(catalog: Catalog) -> None:
    sweep = context_sweep(_plan(catalog), count=64)
    memory = [p.memory for p in sweep.points]
    assert all(b <= a for a, b in itertools.pairwise(memory))


def test_fp8_kv_never_lowers_memory_ceiling(catalog: Catalog) -> None:
    auto = calculate(_plan(catalog)).performance
    fp8 = calculate(_plan(catalog, kv="fp8")).performance
    assert auto is not None
    assert fp8 is not None
    assert fp8.ceiling(CeilingKind.MEMORY).value.value >= auto.ceiling(CeilingKind.MEMORY).value.value


def test_more_gpus_never_lower_capacity(catalog: Catalog) -> None:
    one = calculate(_plan(catalog, model="llama-3.1-70b-instruct", gpus=4, tp=4)).performance
    four = calculate(_plan(catalog, model="llama-3.1-70b-instruct", gpus=8, tp=8)).performance
    assert one is not None
    assert four is not None
    assert four.recommended_concurrency.value >= one.recommended_concurrency.value


def test_throughput_rises_and_speed_falls_with_batch(catalog: Catalog) -> None:
    perf = calculate(_plan(catalog)).performance
    assert perf is not None
    curve = [c for c in perf.load_curve if c.concurrency <= perf.offline_max.running]
    assert all(b.output_tokens_per_s >= a.output_tokens_per_s * 0.999
               for a, b in itertools.pairwise(curve))
    assert all(b.tpot_ms >= a.tpot_ms for a, b in itertools.pairwise(curve))


def test_ttft_turns_up_past_the_knee(catalog: Catalog) -> None:
    inputs = _plan(catalog)
    perf = calculate(inputs).performance
    assert perf is not None
    cap = perf.offline_max.running
    below = calculate(inputs, LoadRequest(concurrency=max(int(cap * 0.5), 1))).performance
    beyond = calculate(inputs, LoadRequest(concurrency=int(cap * 3))).performance
    assert below is not None
    assert beyond is not None
    assert beyond.operating_point.ttft_ms.value > 5 * below.operating_point.ttft_ms.value


def test_interconnect_has_no_limit_on_one_gpu(catalog: Catalog) -> None:
    perf = calculate(_plan(catalog)).performance
    assert perf is not None
    assert not perf.ceiling(CeilingKind.INTERCONNECT).limited


def test_pcie_tp_is_interconnect_bound_with_advice(catalog: Catalog) -> None:
    inputs = _plan(catalog, gpu="rtx-4090-24gb", gpus=8, tp=8, model="llama-3.1-8b-instruct")
    perf = calculate(inputs).performance
    assert perf is not None
    link = perf.ceiling(CeilingKind.INTERCONNECT).value.value
    nvlink = calculate(_plan(catalog, gpu="h100-sxm-80gb", gpus=8, tp=8,
                             model="llama-3.1-8b-instruct")).performance
    assert nvlink is not None
    assert link < nvlink.ceiling(CeilingKind.INTERCONNECT).value.value
    if perf.bottleneck == CeilingKind.INTERCONNECT:
        assert {a.code for a in perf.advice} & {"replicas_instead_of_tp", "use_nvlink"}


def test_sizing_meets_traffic(catalog: Catalog) -> None:
    inputs = _plan(catalog)
    precisions = [(catalog.weight_format("bf16"), catalog.kv_format("fp16"))]
    rows = size_fleet(inputs, [catalog.gpu("h100-sxm-80gb"), catalog.gpu("l40s-48gb")], precisions,
                      SizingRequest(qps_avg=20, qps_peak=30, redundancy=1))
    assert rows
    for row in rows:
        serving = row.replicas_total - 1  # one spare (N + 1)
        assert serving * row.requests_per_s_per_replica >= 20 * 0.999  # average at the watermark
        assert serving * row.requests_per_s_per_replica / 0.7 >= 30 * 0.999  # peak at the knee
        assert row.gpus_total == row.replicas_total * row.tensor_parallel_size
    assert any(r.pareto for r in rows)


@pytest.mark.parametrize("concurrency", [1, 8, 64])
def test_latency_is_finite_and_positive(catalog: Catalog, concurrency: int) -> None:
    perf = calculate(_plan(catalog), LoadRequest(concurrency=concurrency)).performance
    assert perf is not None
    point = perf.operating_point
    assert point.ttft_ms.value > 0
    assert point.tpot_ms.value > 0
    assert point.output_tokens_per_s.value > 0
