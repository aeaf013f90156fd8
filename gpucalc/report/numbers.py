"""Numbers as the report prints them: about three significant digits, thousands separators."""

from __future__ import annotations

from gpucalc.text.numbers import count, params_text, sig3

__all__ = ["count", "gib", "params_text", "percent", "sig3"]


def gib(value: float) -> str:
    """GiB with two decimals (memory line items add up visibly)."""
    return f"{value:,.2f}"


def percent(share: float) -> str:
    """A share as a whole percentage, e.g. 0.7 → ``70 %``."""
    return f"{share * 100:.0f} %"
