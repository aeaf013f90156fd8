"""The bands in words: one line for the answer's headline figures, each reason a band is wide once."""

from __future__ import annotations

from gpucalc.core.capacity.figure_band import FigureBand, ResidualSpread
from gpucalc.core.capacity.weak_regimes import WeakRegime
from gpucalc.text.band_text import band_lines, band_range, band_summary

DENSE = (("architecture", "dense"),)
DP_EP = (WeakRegime.LARGE_MOE_DP_EP,)


def _band(key: str, unit: str, low: float, expected: float, high: float, rows: int = 40,
          widened: tuple[WeakRegime, ...] = ()) -> FigureBand:
    spread = ResidualSpread(rows=rows, regime=DENSE, low_factor=low / expected,
                            high_factor=high / expected, widened_for=widened)
    return FigureBand(key=key, unit=unit, low=low, expected=expected, high=high, spread=spread)


CONCURRENCY = _band("recommended_concurrency", "requests", 34, 54, 73)
RATE = _band("rate_capacity", "req/s", 1.06, 1.65, 2.23, widened=DP_EP)
GPUS = _band("gpus_needed", "GPUs", 40, 48, 72, widened=DP_EP)
TTFT = _band("ttft_ms", "ms", 527, 600, 2885)


def test_the_summary_names_the_headline_figures_in_order_and_each_reason_once() -> None:
    assert band_summary([TTFT, GPUS, RATE, CONCURRENCY], "en") == (
        "80% bands: concurrency 34–73 requests · rate capacity 1.06–2.23 req/s · GPUs needed 40–72 GPUs"
        "; widened: no validation run of DP attention + expert parallel")


def test_the_summary_in_chinese_has_no_english_words() -> None:
    text = band_summary([CONCURRENCY, RATE], "zh")
    assert text.startswith("80% 区间：")
    assert "已放宽：验证集中没有 DP 注意力 + 专家并行的实测" in text
    assert "bands" not in text
    assert "widened" not in text


def test_an_exact_band_is_its_value_and_no_headline_band_is_no_line() -> None:
    exact = _band("recommended_concurrency", "requests", 256, 256, 256, rows=0)
    assert band_range(exact, "en") == "256 requests"
    assert band_summary([exact], "en") == "80% bands: concurrency 256 requests"
    assert band_summary([TTFT], "en") == ""
    assert band_summary([], "en") == ""


def test_the_terminal_lines_keep_one_figure_a_line() -> None:
    lines = band_lines([CONCURRENCY, TTFT], "en")
    assert lines[2].startswith("  concurrency: 34–73 requests (80% band from 40 validation runs")
    assert lines[3].startswith("  TTFT: 527–2,885 ms")
