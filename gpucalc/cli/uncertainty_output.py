"""``estimate --uncertainty``: bands of the key results and the sensitivity ranking."""

from __future__ import annotations

from typing import Any

from gpucalc.core.sensitivity import Sensitivity
from gpucalc.core.uncertainty import Bands

__all__ = ["uncertainty_json", "uncertainty_table"]

BAND_LABELS = {"kv_cache_tokens": "KV cache tokens", "recommended_concurrency":
               "recommended concurrency", "gpus_needed": "GPUs needed at --qps"}
TOP_BARS = 8


def uncertainty_json(bands: Bands, sensitivity: Sensitivity) -> dict[str, Any]:
    """The ``bands``, ``sensitivity`` and ``uncertain_constants`` keys of ``--json``."""
    return {
        "bands": {b.key: {"unit": b.unit, "low": b.low.value, "expected": b.expected.value,
                          "high": b.high.value, "low_formula": b.low.formula,
                          "high_formula": b.high.formula} for b in bands.bands},
        "sensitivity": {
            "result": sensitivity.result_key, "unit": sensitivity.result_unit,
            "baseline": sensitivity.baseline,
            "factors": [{**bar.model_dump(mode="json"), "swing": bar.swing}
                        for bar in sensitivity.bars]},
        "uncertain_constants": [r.model_dump(mode="json") for r in bands.ranges],
    }


def _number(value: float) -> str:
    """A value with thousands separators and at most three significant digits past the point."""
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.3g}"


def uncertainty_table(bands: Bands, sensitivity: Sensitivity, top: int = TOP_BARS) -> str:
    """Readable lines: each band low … expected … high, then the largest swings."""
    lines = ["Uncertainty (low/high: the uncertain constants at their pessimistic and optimistic "
             "corners; the recommended concurrency's range also brackets every sensitivity bar):",
             f"  {'':<26}{'low':>12}{'expected':>12}{'high':>12}"]
    for b in bands.bands:
        lines.append(f"  {BAND_LABELS.get(b.key, b.key):<26}{_number(b.low.value):>12}"
                     f"{_number(b.expected.value):>12}{_number(b.high.value):>12}  {b.unit}")
    lines.append(f"Sensitivity of the recommended concurrency ({_number(sensitivity.baseline)} "
                 "requests), one factor at a time, largest swing first:")
    for bar in sensitivity.bars[:top]:
        unit = f" {bar.unit}" if bar.unit else ""
        low, high = f"{_number(bar.low_value)}{unit}", f"{_number(bar.high_value)}{unit}"
        lines.append(f"  {bar.key:<24}{low:>16} → {_number(bar.result_at_low):>6}"
                     f"{high:>18} → {_number(bar.result_at_high):>6}   swing {_number(bar.swing)}")
    return "\n".join(lines)
