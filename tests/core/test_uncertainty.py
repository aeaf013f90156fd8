"""Uncertainty bands and one-at-a-time sensitivity of the key results."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.perf_model import plan_efficiency
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.fleet.sensitivity import FactorKind, concurrency_sensitivity
from gpucalc.core.fleet.sizing import SizingRequest, size_option
from gpucalc.core.fleet.uncertainty import (
    UNCERTAIN_CONSTANTS,
    ConstantRange,
    Hurts,
    corner_factors,
    key_results,
    uncertainty_bands,
    with_constant_factors,
)
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload

SIZING = SizingRequest(qps_avg=20)


def _plan(catalog: Catalog, model: str = "llama-3.1-8b-instruct", tp: int = 1, *,
          workload: Workload | None = None, targets: Targets | None = None) -> PlanInputs:
    return resolve_inputs(
        catalog, model, "h100-sxm-80gb",
        Deployment(num_gpus=tp, tensor_parallel_size=tp, max_model_len=32768),
        workload or Workload(input_len_p50=2000, output_len_p50=300, qps_avg=20),
        targets or Targets(ttft_ms=2000, tpot_ms=50))


def _memory_bound(catalog: Catalog) -> PlanInputs:
    """Long prompts and a loose TPOT target: the KV cache binds."""
    return _plan(catalog, workload=Workload(input_len_p50=4000, input_len_p95=16000,
                                            output_len_p50=300),
                 targets=Targets(ttft_ms=20_000, tpot_ms=1000))


@pytest.mark.parametrize(("model", "tp"), [("llama-3.1-8b-instruct", 1),
                                           ("llama-3.1-70b-instruct", 4),
                                           ("mixtral-8x7b-instruct-v0.1", 2)])
def test_low_expected_high_are_ordered(catalog: Catalog, model: str, tp: int) -> None:
    bands = uncertainty_bands(_plan(catalog, model, tp), SIZING)
    assert {b.key for b in bands.bands} == {"kv_cache_tokens", "recommended_concurrency",
                                            "gpus_needed"}
    for band in bands.bands:
        assert band.low.value <= band.expected.value <= band.high.value, band.key
        assert band.low.unit == band.expected.unit == band.high.unit == band.unit


def test_expected_equals_plain_calculation(catalog: Catalog) -> None:
    inputs = _plan(catalog, "llama-3.1-70b-instruct", 4)
    bands = uncertainty_bands(inputs, SIZING)
    result = calculate(inputs)
    assert result.performance is not None
    kv, rec, gpus = (bands.band(k) for k in ("kv_cache_tokens", "recommended_concurrency",
                                              "gpus_needed"))
    assert kv is not None
    assert rec is not None
    assert gpus is not None
    assert kv.expected.value == result.memory.kv_cache_tokens.value
    assert rec.expected.value == result.performance.recommended_concurrency.value
    row = size_option(inputs, SIZING)
    assert row is not None
    assert gpus.expected.value == row.gpus_total


def test_pessimistic_corner_lowers_capacity(catalog: Catalog) -> None:
    bands = uncertainty_bands(_plan(catalog, "llama-3.1-70b-instruct", 4), SIZING)
    assert bands.pessimistic.kv_cache_tokens < bands.expected.kv_cache_tokens
    assert bands.pessimistic.recommended_concurrency < bands.expected.recommended_concurrency
    assert bands.optimistic.kv_cache_tokens > bands.expected.kv_cache_tokens
    assert "pessimistic" in bands.bands[0].low.formula


def test_zero_range_gives_zero_width(catalog: Catalog) -> None:
    flat = tuple(r.model_copy(update={"low_factor": 1.0, "high_factor": 1.0})
                 for r in UNCERTAIN_CONSTANTS)
    bands = uncertainty_bands(_plan(catalog, "llama-3.1-70b-instruct", 4), SIZING, flat)
    assert all(b.width == 0 for b in bands.bands)


def test_a_memory_constant_alone_moves_kv_not_through_efficiency(catalog: Catalog) -> None:
    only_activation = (ConstantRange(key="activation_peak", low_factor=0.5, high_factor=2.0,
                                     hurts=Hurts.HIGH, reason="test"),)
    inputs = _plan(catalog)
    kv = uncertainty_bands(inputs, None, only_activation).band("kv_cache_tokens")
    assert kv is not None
    assert kv.width > 0
    only_gemm = (ConstantRange(key="gemm_compute", low_factor=0.5, high_factor=1.0,
                               hurts=Hurts.LOW, reason="test"),)
    kv_gemm = uncertainty_bands(inputs, None, only_gemm).band("kv_cache_tokens")
    assert kv_gemm is not None
    assert kv_gemm.width == 0


def test_corner_factors_follow_which_end_hurts() -> None:
    worst, best = corner_factors(True), corner_factors(False)
    assert worst["activation_peak"] > 1 > best["activation_peak"]
    assert worst["gemm_compute"] < 1 < best["gemm_compute"]
    assert all(r.reason for r in UNCERTAIN_CONSTANTS)


def test_efficiency_factors_apply_over_the_gpu_override(catalog: Catalog) -> None:
    inputs = _plan(catalog)
    scaled = with_constant_factors(inputs, {"memory_bandwidth": 0.5})
    assert list(scaled.engine.efficiency_by_gpu) == [inputs.gpu.id]  # wins over measured levels
    base = calculate(inputs).performance
    assert base is not None
    assert plan_efficiency(scaled).memory_bandwidth == pytest.approx(
        0.5 * base.efficiency.memory_bandwidth)
    capped = with_constant_factors(inputs, {"gemm_compute": 10.0})
    assert plan_efficiency(capped).gemm_compute == 1.0


def test_without_sizing_there_is_no_gpu_band(catalog: Catalog) -> None:
    bands = uncertainty_bands(_plan(catalog))
    assert bands.band("gpus_needed") is None
    assert bands.expected.gpus_needed is None


def test_plan_that_does_not_fit_has_zero_concurrency(catalog: Catalog) -> None:
    inputs = _plan(catalog, "llama-3.1-70b-instruct", 1)
    result = key_results(inputs, SIZING)
    assert result.recommended_concurrency == 0
    assert result.gpus_needed is None


def test_sensitivity_ranks_context_first_when_memory_binds(catalog: Catalog) -> None:
    inputs = _memory_bound(catalog)
    perf = calculate(inputs).performance
    assert perf is not None
    assert perf.bottleneck == CeilingKind.MEMORY
    tornado = concurrency_sensitivity(inputs)
    first = tornado.bars[0]
    assert first.key == "input_len_p95"
    assert first.kind is FactorKind.INPUT
    assert first.result_at_low > tornado.baseline > first.result_at_high
    assert first.low_value == pytest.approx(0.8 * 16000)
    assert tornado.baseline == perf.recommended_concurrency.value
    efficiency = next(b for b in tornado.bars if b.key == "gemm_compute")
    assert efficiency.swing == 0  # memory-bound: compute efficiency does not move the answer


def test_sensitivity_ranks_tpot_target_high_when_compute_binds(catalog: Catalog) -> None:
    inputs = _plan(catalog, "llama-3.1-70b-instruct", 4)
    perf = calculate(inputs).performance
    assert perf is not None
    assert perf.bottleneck == CeilingKind.COMPUTE
    tornado = concurrency_sensitivity(inputs)
    top = [b.key for b in tornado.bars[:3]]
    assert "tpot_target_ms" in top
    swings = [b.swing for b in tornado.bars]
    assert swings == sorted(swings, reverse=True)
    memory_fraction = next(b for b in tornado.bars if b.key == "memory_fraction")
    assert memory_fraction.swing == 0


def test_every_constant_and_key_input_has_a_bar(catalog: Catalog) -> None:
    keys = {b.key for b in concurrency_sensitivity(_plan(catalog)).bars}
    assert {r.key for r in UNCERTAIN_CONSTANTS} <= keys
    assert {"input_len_p95", "output_len", "gpu_memory_gib", "hbm_bandwidth_gb_per_s",
            "peak_tflops", "memory_fraction", "tpot_target_ms", "ttft_target_ms"} <= keys


def test_headline_band_reaches_the_widest_bar(catalog: Catalog) -> None:
    """The issue's case: the band's ends are the extremes of the constant corners and of every
    sensitivity bar, and the Term names the bar that set an end beyond the corners."""
    from gpucalc.core.fleet.sensitivity import FACTOR_NAMES, evaluate_uncertainty

    inputs = resolve_inputs(
        catalog, "llama-3.1-70b-instruct", "h100-sxm-80gb",
        Deployment(num_gpus=8, tensor_parallel_size=4),
        Workload(input_len_p50=2000, input_len_p95=6000, output_len_p50=300),
        Targets(tpot_ms=50))
    corners = uncertainty_bands(inputs).band("recommended_concurrency")
    bands, sensitivity = evaluate_uncertainty(inputs)
    band = bands.band("recommended_concurrency")
    assert corners is not None
    assert band is not None
    results = [r for b in sensitivity.bars for r in (b.result_at_low, b.result_at_high)]
    assert band.high.value == max(corners.high.value, *results)
    assert band.low.value == min(corners.low.value, *results)
    context = next(b for b in sensitivity.bars if b.key == "input_len_p95")
    assert context.low_value == 4800  # −20 % of the P95 input
    if band.high.value > corners.high.value:
        top = next(b for b in sensitivity.bars
                   if band.high.value in (b.result_at_low, b.result_at_high))
        assert FACTOR_NAMES[top.key] in band.high.formula  # named as the reader reads it
    assert band.expected == corners.expected
