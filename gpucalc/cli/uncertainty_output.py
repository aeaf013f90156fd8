"""``estimate --uncertainty``: bands of the key results and the sensitivity ranking."""

from __future__ import annotations

from typing import Any

from gpucalc.cli.columns import cells, left, right
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.sensitivity import FACTOR_NAMES, Sensitivity
from gpucalc.core.fleet.uncertainty import Bands
from gpucalc.text.catalogue import translate
from gpucalc.text.terms import STATISTIC_NAMES, unit_name

__all__ = ["uncertainty_json", "uncertainty_table"]

BAND_LABELS = {"kv_cache_tokens": QT_TRANSLATE_NOOP("Cli", "KV cache tokens"),
               "recommended_concurrency": QT_TRANSLATE_NOOP("Cli", "recommended concurrency"),
               "gpus_needed": QT_TRANSLATE_NOOP("Cli", "GPUs needed at --qps")}
"""The banded results by key (context "Cli")."""
TOP_BARS = 8


def uncertainty_json(bands: Bands, sensitivity: Sensitivity) -> dict[str, Any]:
    """The ``constant_bands``, ``sensitivity`` and ``uncertain_constants`` keys of ``--json``.

    ``constant_bands``: the results with every uncertain constant at once at its pessimistic or
    optimistic end (``bands`` holds the residual-sized bands of every headline figure).
    """
    return {
        "constant_bands": {b.key: {"unit": b.unit, "low": b.low.value, "expected": b.expected.value,
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


def factor_name(key: str, lang: str) -> str:
    """The name of what a sensitivity bar moves, in ``lang`` (the key when unnamed)."""
    return translate("Formulas", FACTOR_NAMES[key], lang) if key in FACTOR_NAMES else key


def uncertainty_table(bands: Bands, sensitivity: Sensitivity, top: int = TOP_BARS, lang: str = "en") -> str:
    """Readable lines: each band low … expected … high, then the largest swings, the words in ``lang``."""
    lines = [translate("Cli", "Uncertainty (low/high: the uncertain constants at their pessimistic and "
                              "optimistic corners; the recommended concurrency's range also brackets every "
                              "sensitivity bar):", lang),
             "  " + " " * 26 + "".join(right(translate("Terms", STATISTIC_NAMES[s], lang), 12)
                                       for s in ("low", "expected", "high"))]
    for b in bands.bands:
        label = translate("Cli", BAND_LABELS[b.key], lang) if b.key in BAND_LABELS else b.key
        lines.append(f"  {left(label, 26)}{_number(b.low.value):>12}"
                     f"{_number(b.expected.value):>12}{_number(b.high.value):>12}  {unit_name(b.unit, lang)}")
    lines.append(translate("Cli", "Sensitivity of the recommended concurrency ({baseline} requests), one "
                                  "factor at a time, largest swing first:", lang).format(
        baseline=_number(sensitivity.baseline)))
    bars = sensitivity.bars[:top]
    names = [factor_name(bar.key, lang) for bar in bars]
    width = max((cells(n) for n in names), default=0) + 2
    swing = translate("Cli", "swing", lang)
    for bar, name in zip(bars, names, strict=True):
        unit = f" {unit_name(bar.unit, lang)}" if bar.unit else ""
        low, high = f"{_number(bar.low_value)}{unit}", f"{_number(bar.high_value)}{unit}"
        lines.append(f"  {left(name, width)}{right(low, 16)} → {_number(bar.result_at_low):>6}"
                     f"{right(high, 18)} → {_number(bar.result_at_high):>6}   {swing} {_number(bar.swing)}")
    return "\n".join(lines)
