"""Bands that say how sure we are: each headline figure's 80 % range from the residuals of its regime.

The residuals are the out-of-sample errors of the validation rows
(``specs/validation/residuals.json``: ln(predicted ÷ measured) with every fitted constant fitted
on the other source groups). For a figure of a plan the band pools the residuals of the metrics
that measure it (output throughput and request throughput for the rates, TTFT for TTFT, TPOT and
ITL for TPOT, the start-up logs' KV tokens for the KV cache) and narrows them to the plan's
regime, tag by tag in :data:`NARROWING_ORDER`, as long as at least :data:`MIN_ROWS` residuals
remain. The central :data:`RESIDUAL_SHARE` of them sets the band: the measured value is the
prediction × exp(−error), so the band is [prediction × exp(−q_high), prediction × exp(−q_low)],
meant to hold 80 % of the runs the model has not seen. A regime the residuals do not
hold at all (DP attention + expert parallel, speculative decoding) widens the band by the factor
of :mod:`gpucalc.core.capacity.weak_regimes` and says so. ``python -m benchmarks.band_coverage``
measures how often held-out rows fall inside.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from gpucalc.core.capacity.figure_band import FigureBand, ResidualSpread
from gpucalc.core.capacity.weak_regimes import REGIME_WIDENING, WeakRegime
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.validation.regimes import regime_tags
from gpucalc.validation.residuals import ResidualRow, load_residuals

RESIDUAL_SHARE = 0.85  # the central share of the regime's residuals that sets it (7.5th to 92.5th
# percentile): sized on the other source groups, it holds 72-88 % of a held-out group's rows
# (python -m benchmarks.band_coverage), where the central 80 % held only 62-77 %: a group's
# errors share a bias the other groups' residuals do not show
LOW_QUANTILE = (1.0 - RESIDUAL_SHARE) / 2
HIGH_QUANTILE = 1.0 - LOW_QUANTILE
MIN_ROWS = 40  # a regime narrower than this many residuals keeps the wider pool's band
NARROWING_ORDER = ("architecture", "parallel", "engine", "gpu_kernels", "precision")
"""The tags a band narrows by, most telling first (the regimes the model's errors differ by)."""

FIGURE_METRICS: dict[str, tuple[str, ...]] = {
    "output_tokens_per_s": ("throughput", "run_request_throughput"),
    "rate_capacity": ("throughput", "run_request_throughput"),
    "ttft_ms": ("ttft", "run_ttft_median", "run_ttft_p99"),
    "tpot_ms": ("tpot", "run_tpot_median"),
    "kv_cache_tokens": ("kv_tokens",),
}
"""The residual metrics that measure each headline figure."""

MISSING_REGIMES = {"parallel": {"dp_ep": WeakRegime.LARGE_MOE_DP_EP},
                   "speculative": {"yes": WeakRegime.SPECULATIVE_HIGH_BATCH}}
"""Tag values whose absence from the residuals widens a band, and the widening they take."""


@cache
def _residuals() -> tuple[ResidualRow, ...]:
    """The bundled residuals (read once per process)."""
    return tuple(load_residuals().rows)


def quantile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (linear between order statistics)."""
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _narrowed(rows: Sequence[ResidualRow], tags: dict[str, str]
              ) -> tuple[list[ResidualRow], tuple[tuple[str, str], ...]]:
    """``rows`` narrowed tag by tag to the plan's regime while :data:`MIN_ROWS` remain."""
    kept: list[ResidualRow] = list(rows)
    regime: list[tuple[str, str]] = []
    for name in NARROWING_ORDER:
        narrower = [r for r in kept if r.tags.get(name) == tags[name]]
        if len(narrower) >= MIN_ROWS:
            kept, regime = narrower, [*regime, (name, tags[name])]
    return kept, tuple(regime)


def residual_spread(metrics: Sequence[str], tags: dict[str, str],
                    rows: Sequence[ResidualRow] | None = None) -> ResidualSpread:
    """The factors of a band for a figure measured by ``metrics`` in the regime of ``tags``.

    ``rows`` default to the bundled residuals (the coverage benchmark passes the other groups').
    """
    pool = [r for r in (_residuals() if rows is None else rows) if r.metric in metrics]
    kept, regime = _narrowed(pool, tags)
    errors = [r.log_error for r in kept]
    low, high = (math.exp(-quantile(errors, HIGH_QUANTILE)), math.exp(-quantile(errors, LOW_QUANTILE))
                 ) if errors else (1.0, 1.0)
    widened = tuple(regime for tag, missing in MISSING_REGIMES.items()
                    for value, regime in missing.items()
                    if tags.get(tag) == value and not any(r.tags.get(tag) == value for r in pool))
    for regime_name in widened:
        wide_low, wide_high = REGIME_WIDENING[regime_name]
        low, high = low * wide_low, high * wide_high
    return ResidualSpread(rows=len(kept), regime=regime, low_factor=min(low, 1.0),
                          high_factor=max(high, 1.0), widened_for=widened)


def figure_band(key: str, unit: str, value: float, inputs: PlanInputs, arrival: str,
                metrics: Sequence[str] | None = None) -> FigureBand:
    """The band of one figure of ``inputs`` (``metrics``: the residual metrics that measure it).

    The residuals are errors of the measuring metrics' own predictions, so the band of a time
    and of a rate alike is the prediction × the spread's factors.
    """
    spread = residual_spread(metrics or FIGURE_METRICS[key], regime_tags(inputs, arrival))
    return FigureBand(key=key, unit=unit, low=value * spread.low_factor, expected=value,
                      high=value * spread.high_factor, spread=spread)


__all__ = ["FIGURE_METRICS", "figure_band", "quantile", "residual_spread"]
