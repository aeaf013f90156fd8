"""The calibration fit's work: one load context per workload, and caps stated in the message."""

from __future__ import annotations

import pytest

from benchmarks.calibration_accuracy import synthetic_inputs
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_model import plan_efficiency
from gpucalc.core.measured.calibrate import (
    MAX_CALIBRATION_POINTS,
    MAX_CALIBRATION_WORKLOADS,
    _predictions,
    _prepare,
    fit_efficiency,
    predicted_metrics,
)
from gpucalc.core.measured.measured import MeasuredPoint


def _point(concurrency: float, mean_input: float | None = None) -> MeasuredPoint:
    return MeasuredPoint(concurrency=concurrency, mean_input_tokens=mean_input, mean_output_tokens=None
                         if mean_input is None else 200, ttft_ms=50.0, tpot_ms=10.0, output_tok_s=900.0)


def test_shared_contexts_predict_what_each_point_predicts_alone(catalog: Catalog) -> None:
    inputs = synthetic_inputs(catalog)
    points = [_point(1), _point(8), _point(8, 500), _point(32, 500.4), _point(32, 2000)]
    prepared = _prepare(inputs, points)
    assert prepared[2].memory is prepared[3].memory  # 500 and 500.4 tokens round alike
    efficiency = plan_efficiency(inputs)
    alone = [predicted_metrics(item.inputs, item.memory, efficiency, item.point) for item in prepared]
    assert _predictions(prepared, efficiency) == alone


def test_more_points_than_the_cap_are_refused_with_the_cap(catalog: Catalog) -> None:
    points = [_point(1 + i % 64) for i in range(MAX_CALIBRATION_POINTS + 1)]
    with pytest.raises(ValueError, match="at most 2,000 measured points and these results hold 2,001"):
        fit_efficiency(synthetic_inputs(catalog), points[:1000], points[1000:])


def test_more_length_pairs_than_the_cap_are_refused_with_the_cap(catalog: Catalog) -> None:
    points = [_point(4, 100 + 10 * i) for i in range(MAX_CALIBRATION_WORKLOADS + 1)]
    with pytest.raises(ValueError, match="at most 100 different mean lengths"):
        fit_efficiency(synthetic_inputs(catalog), points)
