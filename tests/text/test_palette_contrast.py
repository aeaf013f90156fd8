"""Every annotation colour is readable (WCAG 4.5:1) on both themes' backgrounds."""

from __future__ import annotations

import pytest

from gpucalc.text.palette import (
    ALARM_COLOUR,
    CEILING_COLOURS,
    DARK_BACKGROUND,
    LIGHT_BACKGROUND,
    LINE_ITEM_COLOURS,
    MARKER_COLOUR,
    MIN_TEXT_CONTRAST,
    THROUGHPUT_COLOUR,
    TPOT_COLOUR,
    TTFT_COLOUR,
    contrast_ratio,
    readable_on,
    text_on_fill,
)

ANNOTATION_COLOURS = [*CEILING_COLOURS.values(), TTFT_COLOUR, TPOT_COLOUR, THROUGHPUT_COLOUR,
                      MARKER_COLOUR, ALARM_COLOUR, "#d62728"]


def test_contrast_ratio_matches_the_wcag_reference_values() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # WCAG's classic grey
    assert contrast_ratio("#d62728", DARK_BACKGROUND) == pytest.approx(2.75, abs=0.01)  # the old label


@pytest.mark.parametrize("background", [LIGHT_BACKGROUND, DARK_BACKGROUND])
@pytest.mark.parametrize("colour", ANNOTATION_COLOURS)
def test_annotation_text_reaches_4_5_to_1(colour: str, background: str) -> None:
    shown = readable_on(colour, background)
    assert contrast_ratio(shown, background) >= MIN_TEXT_CONTRAST
    if contrast_ratio(colour, background) >= MIN_TEXT_CONTRAST:
        assert shown == colour  # a colour that already reads is left alone


@pytest.mark.parametrize("fill", [*LINE_ITEM_COLOURS.values(), *CEILING_COLOURS.values()])
def test_numbers_inside_bars_take_the_better_of_black_and_white(fill: str) -> None:
    chosen = text_on_fill(fill)
    other = "#ffffff" if chosen == "#111111" else "#111111"
    assert contrast_ratio(chosen, fill) >= contrast_ratio(other, fill)
