"""Numbers as gpucalc prints them everywhere (window, report, CSV-free text): ~3 significant digits."""

from __future__ import annotations

import math


def sig3(value: float) -> str:
    """``value`` with about three significant digits and thousands separators."""
    magnitude = abs(value)
    if magnitude >= 100:
        return f"{value:,.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    if magnitude == 0:
        return "0"
    return f"{value:.3g}"


COUNT_TOLERANCE = 1e-9  # 345.9999999 from float arithmetic is still 346


def count(value: float) -> str:
    """A whole count with thousands separators, rounded down.

    Capacities are whole requests (or tokens, GPUs) that fit: 346.7 requests is 346 that can run,
    never 347 beside a ceiling of 346.
    """
    return f"{math.floor(value + COUNT_TOLERANCE):,}"


def gib(value: float) -> str:
    """GiB with two decimals (memory line items add up visibly)."""
    return f"{value:,.2f}"


def percent(share: float) -> str:
    """A share as a whole percentage, e.g. 0.7 → ``70 %``."""
    return f"{share * 100:.0f} %"


def params_text(value: float) -> str:
    """Parameter count in billions (B) or millions (M)."""
    if value >= 1e9:
        return f"{sig3(value / 1e9)} B"
    return f"{sig3(value / 1e6)} M"


def compact_number(value: float) -> str:
    """Axis label for a count: 512, 2k, 32k, 1M."""
    if value >= 1e6:
        return f"{value / 1e6:g}M"
    if value >= 1e3:
        return f"{value / 1e3:g}k"
    return f"{value:g}"
