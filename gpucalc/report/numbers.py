"""Numbers as the report prints them: about three significant digits, thousands separators."""

from __future__ import annotations

from gpucalc.text.numbers import count, gib, params_text, percent, sig3, usd_cost

__all__ = ["count", "gib", "params_text", "percent", "sig3", "usd_cost"]
