"""Bands sized from the residuals of a plan's regime: the quantiles, the narrowing, the widening."""

from __future__ import annotations

import math

import pytest

from benchmarks.band_coverage import coverage
from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.core.capacity.weak_regimes import REGIME_WIDENING, WeakRegime
from gpucalc.validation.bands import (
    HIGH_QUANTILE,
    LOW_QUANTILE,
    MIN_ROWS,
    figure_band,
    quantile,
    residual_spread,
)
from gpucalc.validation.residuals import ResidualRow
from tests.cli.test_cli import run_json
from tests.helpers import plan

TAGS = {"architecture": "dense", "moe": "no", "engine": "vllm", "gpu_kernels": "measured",
        "vendor": "nvidia", "parallel": "single", "speculative": "no", "arrival": "closed_loop",
        "precision": "bf16", "kv_precision": "16-bit"}


def _row(index: int, error: float, **tags: str) -> ResidualRow:
    return ResidualRow(id=f"r{index}", file="throughput", group=f"g{index % 3}", metric="throughput",
                       measured=100.0, predicted=100.0 * math.exp(error), log_error=error, support=1,
                       tags={**TAGS, **tags})


def test_quantiles_interpolate_between_order_statistics() -> None:
    assert quantile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert quantile([0.0, 10.0], 0.25) == 2.5
    assert quantile([1.0, 2.0, 3.0, 4.0, 5.0], 1.0) == 5.0


def test_a_band_is_the_central_share_of_its_residuals() -> None:
    """Errors 0 … 0.99: measured = predicted × exp(−error), so the band is exp(−q_high) … exp(−q_low)."""
    rows = [_row(i, i / 100) for i in range(100)]
    spread = residual_spread(("throughput",), TAGS, rows)
    assert spread.rows == 100
    assert spread.low_factor == pytest.approx(math.exp(-quantile([i / 100 for i in range(100)],
                                                                 HIGH_QUANTILE)))
    assert spread.high_factor == 1.0  # every error over-predicts: the band still holds the prediction
    both_ways = residual_spread(("throughput",), TAGS, [_row(i, (i - 50) / 100) for i in range(101)])
    assert both_ways.low_factor == pytest.approx(math.exp(-(HIGH_QUANTILE * 100 - 50) / 100))
    assert both_ways.high_factor == pytest.approx(math.exp((50 - LOW_QUANTILE * 100) / 100))


def test_the_band_narrows_to_the_regime_only_with_enough_residuals() -> None:
    moe = [_row(i, 0.5, architecture="moe") for i in range(MIN_ROWS)]
    dense = [_row(100 + i, 0.0) for i in range(MIN_ROWS)]
    assert residual_spread(("throughput",), {**TAGS, "architecture": "moe"}, moe + dense).regime == (
        ("architecture", "moe"), ("parallel", "single"), ("engine", "vllm"), ("gpu_kernels", "measured"),
        ("precision", "bf16"))
    few = moe[:MIN_ROWS - 1]
    wide = residual_spread(("throughput",), {**TAGS, "architecture": "moe"}, few + dense)
    assert ("architecture", "moe") not in wide.regime
    assert wide.rows == len(few) + len(dense)


def test_a_regime_without_residuals_widens_the_band_and_says_so() -> None:
    rows = [_row(i, (i - 50) / 100) for i in range(101)]
    plain = residual_spread(("throughput",), TAGS, rows)
    dp_ep = residual_spread(("throughput",), {**TAGS, "parallel": "dp_ep"}, rows)
    low, high = REGIME_WIDENING[WeakRegime.LARGE_MOE_DP_EP]
    assert dp_ep.widened_for == (WeakRegime.LARGE_MOE_DP_EP,)
    assert dp_ep.low_factor == pytest.approx(plain.low_factor * low)
    assert dp_ep.high_factor == pytest.approx(plain.high_factor * high)


def test_the_bundled_bands_hold_what_unseen_sources_measured() -> None:
    """Sized on the other source groups, each family's band holds 70–90 % of a held-out group."""
    for family, (inside, total) in coverage().items():
        assert 0.7 <= inside / total <= 0.9, (family, inside, total)


def test_a_figure_band_holds_its_prediction(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb")
    band = figure_band("tpot_ms", "ms", 50.0, inputs, "closed_loop")
    assert band.low <= 50.0 <= band.high
    assert band.spread.rows >= MIN_ROWS


def test_every_headline_figure_has_its_band_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--qps", "30")
    bands = data["bands"]
    assert isinstance(bands, dict)
    assert set(bands) == {"kv_cache_tokens", "recommended_concurrency", "output_tokens_per_s",
                          "ttft_ms", "tpot_ms", "rate_capacity", "gpus_needed"}
    for band in bands.values():
        assert band["low"] <= band["expected"] <= band["high"]
        assert band["share"] == 0.8
    assert bands["recommended_concurrency"]["expected"] == data["recommended_concurrency"]
    assert bands["gpus_needed"]["expected"] == data["fleet"]["gpus_needed"]  # type: ignore[index]


def test_dp_and_ep_of_a_large_moe_widen_every_band(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "deepseek-v3", "--gpu", "h200-sxm-141gb", "--num-gpus", "8", "-dp", "8",
                    "--enable-expert-parallel", "--max-model-len", "8192")
    bands = data["bands"]
    assert isinstance(bands, dict)
    assert all(b["widened_for"] == ["large_moe_dp_ep"] for b in bands.values())
    assert main(["estimate", "deepseek-v3", "--gpu", "h200-sxm-141gb", "--num-gpus", "8", "-dp", "8",
                 "--enable-expert-parallel", "--max-model-len", "8192", "--lang", "en"]) == 0
    assert "widened: no validation run of DP attention + expert parallel" in capsys.readouterr().out


def test_a_model_that_does_not_fit_has_no_band(catalog: Catalog) -> None:
    """Nothing runs, so there is no figure to band (no '0–0 tokens')."""
    from gpucalc.plan.compute import PlanOptions, compute_plan
    from tests.report.scenarios import NO_FIT_SCENARIO

    data = compute_plan(catalog, NO_FIT_SCENARIO, PlanOptions(uncertainty=False, views=False))
    assert not data.memory.fits
    assert data.figure_bands == ()
