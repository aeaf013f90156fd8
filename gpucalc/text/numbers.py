"""Numbers as gpucalc prints them everywhere (window, report, CSV-free text): ~3 significant digits."""

from __future__ import annotations

import json
import math
from typing import Any

UNBOUNDED_TEXT = "unbounded"
UNDEFINED_TEXT = "n/a"


def non_finite_text(value: float) -> str:
    """How text shows a number that is not finite: 'unbounded' (±infinity) or 'n/a' (NaN)."""
    return UNDEFINED_TEXT if math.isnan(value) else UNBOUNDED_TEXT


def sig3(value: float) -> str:
    """``value`` with about three significant digits and thousands separators.

    A whole number prints as an integer (61, not 61.0; 2, not 2.00).
    """
    if not math.isfinite(value):
        return non_finite_text(value)
    magnitude = abs(value)
    if magnitude >= 100 or (magnitude >= 1 and value == round(value)):
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
    if not math.isfinite(value):
        return non_finite_text(value)
    return f"{math.floor(value + COUNT_TOLERANCE):,}"


def gib(value: float) -> str:
    """GiB with two decimals (memory line items add up visibly)."""
    if not math.isfinite(value):
        return non_finite_text(value)
    return f"{value:,.2f}"


def percent(share: float) -> str:
    """A share as a whole percentage, e.g. 0.7 → ``70 %``."""
    value = share * 100
    return f"{value:.0f} %" if math.isfinite(value) else non_finite_text(value)


SMALLEST_SHARE = 0.001  # below 0.1 % a share reads "< 0.1 %"


def share_text(share: float) -> str:
    """A share of a whole as a percentage: ``21 %``, ``4.5 %`` below 10 %, ``< 0.1 %`` for a trace."""
    value = share * 100
    if not math.isfinite(value):
        return non_finite_text(value)
    if 0 < share < SMALLEST_SHARE:
        return "< 0.1 %"
    if abs(value) < 10 and round(value, 1) != round(value):
        return f"{value:.1f} %"
    return f"{value:.0f} %"


MIB_PER_GIB = 1024
SMALLEST_MIB = 0.01  # below 0.01 MiB (10 KiB) a memory amount reads "< 0.01 MiB"


def memory_size(gib_value: float) -> str:
    """A memory amount with its unit: ``26.3 GiB`` from 1 GiB up, ``0.5 MiB`` below, ``< 0.01 MiB``."""
    if not math.isfinite(gib_value):
        return non_finite_text(gib_value)
    if abs(gib_value) >= 1 or gib_value == 0:
        return f"{sig3(gib_value)} GiB"
    mib = gib_value * MIB_PER_GIB
    if 0 < mib < SMALLEST_MIB:
        return f"< {SMALLEST_MIB:g} MiB"
    return f"{sig3(mib)} MiB"


def usd_cost(usd: float | None, sign: bool = True) -> str:
    """A cost as every view prints it: about three significant digits, thousands separated.

    '$22.2', '$16,200', '$0.219'; without ``sign`` where the heading names the currency; '—'
    where there is no price. (A quoted price keeps its cents: :func:`gpucalc.text.prices.money`.)
    """
    if usd is None:
        return "—"
    return ("$" if sign else "") + sig3(usd)


def params_text(value: float) -> str:
    """Parameter count in billions (B) or millions (M)."""
    if value >= 1e9:
        return f"{sig3(value / 1e9)} B"
    return f"{sig3(value / 1e6)} M"


def compact_number(value: float) -> str:
    """Axis label for a count: 512, 2k, 32k, 1M."""
    if not math.isfinite(value):
        return non_finite_text(value)
    if value >= 1e6:
        return f"{value / 1e6:g}M"
    if value >= 1e3:
        return f"{value / 1e3:g}k"
    return f"{value:g}"


NOT_FINITE_CONVENTION = (
    "Numbers in --json output and CSV files are always finite. A quantity that is unbounded or "
    "never reached (the latency when nothing can run, a request rate with no limit, a knee the "
    "curve never shows) is JSON null and an empty CSV cell; readable text says 'unbounded'.")


def finite_or_none(value: float) -> float | None:
    """``value`` when finite, else None (unbounded or not reached; see NOT_FINITE_CONVENTION)."""
    return value if math.isfinite(value) else None


def finite_json(value: Any) -> Any:
    """``value`` with every non-finite float (at any depth) replaced by None, as JSON null."""
    if isinstance(value, float):
        return finite_or_none(value)
    if isinstance(value, dict):
        return {k: finite_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite_json(v) for v in value]
    return value


def strict_json(value: Any, indent: int | None = 2) -> str:
    """Strict JSON text (no NaN, no Infinity): non-finite numbers become null."""
    return json.dumps(finite_json(value), indent=indent, ensure_ascii=False, allow_nan=False)


def finite_text(value: float, shown: str) -> str:
    """``shown`` (the formatted ``value``) when finite, else :func:`non_finite_text`."""
    return shown if math.isfinite(value) else non_finite_text(value)
