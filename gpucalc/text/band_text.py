"""The headline figures' bands in words: the range, what it rests on and why it is wide.

One wording for the command line, the window and the report (context "Bands").
"""

from __future__ import annotations

from collections.abc import Sequence

from gpucalc.core.capacity.figure_band import FigureBand
from gpucalc.core.capacity.weak_regimes import WeakRegime
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import list_separator, translate
from gpucalc.text.numbers import count, sig3
from gpucalc.text.terms import unit_name

FIGURE_NAMES = {
    "kv_cache_tokens": QT_TRANSLATE_NOOP("Bands", "KV cache"),
    "recommended_concurrency": QT_TRANSLATE_NOOP("Bands", "concurrency"),
    "output_tokens_per_s": QT_TRANSLATE_NOOP("Bands", "output throughput"),
    "ttft_ms": QT_TRANSLATE_NOOP("Bands", "TTFT"),
    "tpot_ms": QT_TRANSLATE_NOOP("Bands", "TPOT"),
    "rate_capacity": QT_TRANSLATE_NOOP("Bands", "rate capacity"),
    "gpus_needed": QT_TRANSLATE_NOOP("Bands", "GPUs needed"),
}
"""Each banded figure's name."""

REGIME_WORDS = {
    ("architecture", "dense"): QT_TRANSLATE_NOOP("Bands", "dense models"),
    ("architecture", "moe"): QT_TRANSLATE_NOOP("Bands", "MoE models"),
    ("architecture", "mla"): QT_TRANSLATE_NOOP("Bands", "MLA models"),
    ("architecture", "hybrid"): QT_TRANSLATE_NOOP("Bands", "hybrid-attention models"),
    ("parallel", "single"): QT_TRANSLATE_NOOP("Bands", "one GPU"),
    ("parallel", "tp"): QT_TRANSLATE_NOOP("Bands", "tensor parallel"),
    ("parallel", "pp"): QT_TRANSLATE_NOOP("Bands", "pipeline parallel"),
    ("parallel", "dp"): QT_TRANSLATE_NOOP("Bands", "data parallel"),
    ("parallel", "ep"): QT_TRANSLATE_NOOP("Bands", "expert parallel"),
    ("parallel", "dp_ep"): QT_TRANSLATE_NOOP("Bands", "DP attention + expert parallel"),
    ("gpu_kernels", "measured"): QT_TRANSLATE_NOOP("Bands", "measured kernels"),
    ("gpu_kernels", "mapped"): QT_TRANSLATE_NOOP("Bands", "mapped kernels"),
    ("gpu_kernels", "none"): QT_TRANSLATE_NOOP("Bands", "no kernel tables"),
}
"""The regime tags a band narrows by, as words (the engine and the precision are names)."""

WIDENED = {
    WeakRegime.LARGE_MOE_DP_EP: QT_TRANSLATE_NOOP(
        "Bands", "widened: no validation run of DP attention + expert parallel"),
    WeakRegime.SPECULATIVE_HIGH_BATCH: QT_TRANSLATE_NOOP(
        "Bands", "widened: no validation run with speculative decoding"),
    WeakRegime.MAPPED_KERNELS: QT_TRANSLATE_NOOP("Bands", "widened: mapped kernel tables"),
}
"""Why a band is wider than its residuals: the regime the validation set does not cover."""


def _value(value: float, unit: str) -> str:
    return count(value) if unit in ("requests", "tokens", "GPUs") else sig3(value)


def _regime_text(band: FigureBand, lang: str) -> str:
    words = [translate("Bands", REGIME_WORDS[pair], lang) if pair in REGIME_WORDS else pair[1]
             for pair in band.spread.regime]
    return list_separator(lang).join(words) if words else translate("Bands", "all runs", lang)


def band_phrase(band: FigureBand, lang: str) -> str:
    """'345–353 requests (80 % band from 43 validation runs: dense models, measured kernels)'."""
    spread = band.spread
    if spread.rows == 0:
        return translate("Bands", "{value} {unit} (exact: the scheduler's cap)", lang).format(
            value=_value(band.expected, band.unit), unit=unit_name(band.unit, lang))
    text = translate("Bands", "{low}–{high} {unit} ({share} band from {rows} validation runs: "
                              "{regime})", lang).format(
        low=_value(band.low, band.unit), high=_value(band.high, band.unit),
        unit=unit_name(band.unit, lang), share=f"{band.share:.0%}", rows=count(spread.rows),
        regime=_regime_text(band, lang))
    for regime in spread.widened_for:
        text += translate("Bands", "; {why}", lang).format(why=translate("Bands", WIDENED[regime], lang))
    return text


HEADLINE_KEYS = ("recommended_concurrency", "rate_capacity", "gpus_needed")
"""The figures the answer's first lines state: their bands stand beside them (banner, page 1)."""

BANDS_MEANING = QT_TRANSLATE_NOOP(
    "Bands", "80 % bands: measured values of unseen runs fall inside them 4 times in 5; each is sized "
             "from the out-of-sample errors of the validation runs of this plan's regime.")


def figure_name(band: FigureBand, lang: str) -> str:
    """The banded figure's name ('concurrency', 'GPUs needed')."""
    return translate("Bands", FIGURE_NAMES.get(band.key, band.key), lang)


def band_range(band: FigureBand, lang: str) -> str:
    """'300–380 requests', or the value alone where the band is exact (the scheduler's cap)."""
    unit = unit_name(band.unit, lang)
    if band.spread.rows == 0 or band.low == band.high:
        return f"{_value(band.expected, band.unit)} {unit}"
    return translate("Bands", "{low}–{high} {unit}", lang).format(
        low=_value(band.low, band.unit), high=_value(band.high, band.unit), unit=unit)


def widened_reasons(bands: Sequence[FigureBand], lang: str) -> list[str]:
    """Why any of ``bands`` is wider than its residuals, each reason once, in plain words."""
    regimes = dict.fromkeys(regime for band in bands for regime in band.spread.widened_for)
    return [translate("Bands", WIDENED[regime], lang) for regime in regimes]


def band_summary(bands: Sequence[FigureBand], lang: str, keys: Sequence[str] = HEADLINE_KEYS) -> str:
    """'80% bands: concurrency 300–380 requests · rate capacity 2.1–2.6 req/s; widened: …' ('' if none)."""
    shown = [band for key in keys for band in bands if band.key == key]
    if not shown:
        return ""
    figures = " · ".join(f"{figure_name(band, lang)} {band_range(band, lang)}" for band in shown)
    text = translate("Bands", "{share} bands: {figures}", lang).format(share=f"{shown[0].share:.0%}",
                                                                         figures=figures)
    for why in widened_reasons(shown, lang):
        text += translate("Bands", "; {why}", lang).format(why=why)
    return text


def band_lines(bands: Sequence[FigureBand], lang: str) -> list[str]:
    """The bands as lines for the terminal: a heading, then one figure per line."""
    if not bands:
        return []
    lines = ["", translate("Bands", "bands (measured values of unseen runs fall inside 4 times in 5, "
                                    "sized from the out-of-sample errors of the validation runs of "
                                    "this regime):", lang)]
    for band in bands:
        lines.append("  " + translate("Bands", "{figure}: {band}", lang).format(
            figure=figure_name(band, lang), band=band_phrase(band, lang)))
    return lines
