"""A plan where the step model is weakly validated says so, and its uncertainty band widens."""

from __future__ import annotations

import pytest

import gpucalc.core.capacity.weak_regimes as weak_regimes_module
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.weak_regimes import REGIME_WIDENING, WeakRegime, weak_regimes
from gpucalc.core.fleet.uncertainty import UNCERTAIN_CONSTANTS, ranges_for, uncertainty_bands
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from tests.helpers import plan


def _codes(inputs: object) -> set[str]:
    result = calculate(inputs)  # type: ignore[arg-type]
    assert result.performance is not None
    return {n.code for n in result.performance.notices}


def test_a_measured_gpu_and_a_dense_model_are_not_flagged(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb")
    assert weak_regimes(inputs) == ()
    assert not {c for c in _codes(inputs) if c.startswith("weak_")}
    assert ranges_for(inputs) == UNCERTAIN_CONSTANTS


def test_large_moe_under_dp_and_ep_is_flagged_and_widened(catalog: Catalog) -> None:
    inputs = plan(catalog, "deepseek-v3", "h200-sxm-141gb", num_gpus=8, data_parallel_size=8,
                  enable_expert_parallel=True, max_model_len=8192)
    assert WeakRegime.LARGE_MOE_DP_EP in weak_regimes(inputs)
    assert "weak_large_moe_dp_ep" in _codes(inputs)
    low, high = REGIME_WIDENING[WeakRegime.LARGE_MOE_DP_EP]
    plain = {r.key: r for r in UNCERTAIN_CONSTANTS}
    widened = {r.key: r for r in ranges_for(inputs)}
    assert widened["gemm_compute"].low_factor <= plain["gemm_compute"].low_factor * low
    assert widened["gemm_compute"].high_factor >= plain["gemm_compute"].high_factor * high
    assert "DP attention + expert parallel" in widened["gemm_compute"].full_reason
    assert widened["activation_peak"] == plain["activation_peak"]  # memory constants stay
    same_at_tp = plan(catalog, "deepseek-v3", "h200-sxm-141gb", num_gpus=8, tensor_parallel_size=8,
                      max_model_len=8192)
    assert WeakRegime.LARGE_MOE_DP_EP not in weak_regimes(same_at_tp)


def test_the_widened_band_is_wider(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same small MoE plan, counted as large, gets a wider concurrency band."""
    inputs = plan(catalog, "qwen3-30b-a3b", "h100-sxm-80gb", num_gpus=2, data_parallel_size=2,
                  enable_expert_parallel=True, max_model_len=8192)
    assert WeakRegime.LARGE_MOE_DP_EP not in weak_regimes(inputs)
    band = uncertainty_bands(inputs).band("recommended_concurrency")
    monkeypatch.setattr(weak_regimes_module, "LARGE_MOE_PARAMS", 1e9)
    assert WeakRegime.LARGE_MOE_DP_EP in weak_regimes(inputs)
    wide = uncertainty_bands(inputs).band("recommended_concurrency")
    assert band is not None
    assert wide is not None
    assert wide.low.value <= band.low.value
    assert wide.high.value >= band.high.value
    assert wide.high.value - wide.low.value > band.high.value - band.low.value


def test_speculation_at_a_large_batch_is_flagged(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb",
                  speculative_config=SpeculativeDecoding(method="ngram", num_speculative_tokens=3))
    assert WeakRegime.SPECULATIVE_HIGH_BATCH in weak_regimes(inputs)
    assert WeakRegime.SPECULATIVE_HIGH_BATCH not in weak_regimes(inputs, running_per_rank=4)
    assert WeakRegime.SPECULATIVE_HIGH_BATCH in weak_regimes(inputs, running_per_rank=64)


def test_a_gpu_with_mapped_kernels_is_flagged(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "l4-24gb", max_model_len=8192)
    assert weak_regimes(inputs) == (WeakRegime.MAPPED_KERNELS,)
    notice = next(n for n in calculate(inputs).performance.notices  # type: ignore[union-attr]
                  if n.code == "weak_mapped_kernels")
    assert notice.params["system"]
    widened = {r.key: r for r in ranges_for(inputs)}
    assert widened["memory_bandwidth"].mapped_system == notice.params["system"]
