"""A headline figure with its band: the prediction, its range and what the range rests on.

Sized by :mod:`gpucalc.validation.bands` from the out-of-sample residuals of the plan's regime;
the words are :mod:`gpucalc.text.band_text`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucalc.core.capacity.weak_regimes import WeakRegime

BAND_SHARE = 0.8  # the share of unseen runs a band is meant to hold


@dataclass(frozen=True, slots=True)
class ResidualSpread:
    """The residuals a band is sized from and the factors they give."""

    rows: int
    regime: tuple[tuple[str, str], ...]  # the (tag, value) pairs the residuals were narrowed to
    low_factor: float  # low end ÷ prediction
    high_factor: float  # high end ÷ prediction
    widened_for: tuple[WeakRegime, ...]  # regimes absent from the residuals


@dataclass(frozen=True, slots=True)
class FigureBand:
    """One headline figure's band: the prediction and its 80 % range."""

    key: str
    unit: str
    low: float
    expected: float
    high: float
    spread: ResidualSpread

    @property
    def share(self) -> float:
        """The share of residuals the band holds (0.8)."""
        return BAND_SHARE
