"""Fitting efficiency factors: recovers known factors, beats the defaults on held-out rows."""

from __future__ import annotations

import math

import pytest

from benchmarks.calibration_accuracy import (
    SYNTHETIC_TRUTH,
    calibrate_published_run,
    synthetic_inputs,
    synthetic_points,
    synthetic_recovery,
)
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.measured.calibrate import (
    BOUNDS,
    fit_efficiency,
    split_holdout,
)
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.specs.inputs import PlanInputs


def _inputs(catalog: Catalog) -> PlanInputs:
    return synthetic_inputs(catalog)


def test_calibration_fits_a_published_run_and_stays_close_on_its_held_out_row(
        catalog: Catalog) -> None:
    """Two rows fitted, the 16 req/s row held out.

    Six factors on two rows over-fit: the held-out row sits next to saturation, where the
    fitted profile and the defaults (within e^0.4 of it, ramp-up and drain counted) disagree
    about which side of saturation it falls. The fitted profile must still stay within a factor
    of two of it on average.
    """
    result, _ = calibrate_published_run(catalog)
    assert result.holdout_count >= 1
    assert result.fit_count >= 1
    assert result.holdout_log_error_before is not None
    assert result.holdout_log_error_after is not None
    assert result.holdout_log_error_before < math.log(1.5)
    assert result.holdout_log_error_after < math.log(2)
    assert result.fit_log_error_after < result.fit_log_error_before
    assert any(row.held_out for row in result.points)


def test_calibrated_beats_default_on_held_out_points_of_a_known_run(catalog: Catalog) -> None:
    """Half of a sweep whose factors are known is fitted; the other half is predicted better."""
    inputs = _inputs(catalog)
    truth = inputs.engine.efficiency.model_copy(update=SYNTHETIC_TRUTH)
    fit, held = split_holdout(synthetic_points(inputs, truth), 0.5)
    result = fit_efficiency(inputs, fit, held)
    assert result.holdout_log_error_before is not None
    assert result.holdout_log_error_after is not None
    assert result.holdout_log_error_after < result.holdout_log_error_before / 5


def test_known_efficiencies_are_recovered(catalog: Catalog) -> None:
    result, truth, _ = synthetic_recovery(catalog)
    fitted = result.efficiency
    # the step overhead and the HBM share trade off (both are fixed costs of a decode step; only
    # prefill steps and large batches tell them apart), so they are recovered within 10 %
    for name in SYNTHETIC_TRUTH:
        assert getattr(fitted, name) == pytest.approx(getattr(truth, name), rel=0.10), name
    assert max(result.fit_errors_after.values()) < 0.01
    assert min(result.fit_errors_before.values()) > 0.2
    by_name = {f.name: f for f in result.factors}
    assert by_name["comm_bandwidth"].plus_minus is None  # one GPU: no collective to fit
    assert by_name["comm_bandwidth"].after == truth.comm_bandwidth
    assert by_name["gemm_compute"].plus_minus is not None
    assert by_name["gemm_compute"].explanation.key == "efficiency.gemm_compute"


def test_factors_stay_within_bounds(catalog: Catalog) -> None:
    inputs = _inputs(catalog)
    truth = inputs.engine.efficiency.model_copy(update={"memory_bandwidth": 0.02,
                                                        "gemm_compute": 0.03})
    result = fit_efficiency(inputs, synthetic_points(inputs, truth)[:6])
    for fit in result.factors:
        low, high = BOUNDS[fit.name]
        assert low - 1e-9 <= fit.after <= high + 1e-9
    assert result.efficiency.memory_bandwidth == pytest.approx(BOUNDS["memory_bandwidth"][0])


def test_split_holdout_spreads_held_out_points_over_the_load_range() -> None:
    points = [MeasuredPoint(concurrency=c, ttft_ms=10.0) for c in (64, 1, 16, 4, 128)]
    fit, held = split_holdout(points, 0.5)
    assert [p.concurrency for p in held] == [4, 64]
    assert [p.concurrency for p in fit] == [1, 16, 128]
    assert split_holdout(points, 0.0) == (sorted(points, key=lambda p: p.load_order), [])
    fit, held = split_holdout(points[:1], 0.9)
    assert (len(fit), held) == (1, [])


def test_fit_needs_points(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="at least one"):
        fit_efficiency(_inputs(catalog), [])
