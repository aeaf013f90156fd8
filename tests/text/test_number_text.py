"""Numbers as an analyst writes them: whole numbers whole, shares in per cent, small memory in MiB."""

from __future__ import annotations

import pytest

from gpucalc.text.numbers import memory_size, share_text, sig3


@pytest.mark.parametrize(("value", "text"), [(61.0, "61"), (2.0, "2"), (1.0, "1"), (-3.0, "-3"),
                                             (1234.0, "1,234"), (2.5, "2.50"), (47.3, "47.3"),
                                             (0.5, "0.5"), (0.0, "0")])
def test_whole_numbers_print_as_integers(value: float, text: str) -> None:
    assert sig3(value) == text


@pytest.mark.parametrize(("share", "text"), [(0.211, "21 %"), (0.7, "70 %"), (1.0, "100 %"),
                                             (0.045, "4.5 %"), (0.05, "5 %"), (0.0004, "< 0.1 %"),
                                             (0.0, "0 %")])
def test_shares_read_as_percentages(share: float, text: str) -> None:
    assert share_text(share) == text


@pytest.mark.parametrize(("gib", "text"), [(0.000488, "0.5 MiB"), (0.5, "512 MiB"), (15.0, "15 GiB"),
                                           (54.2, "54.2 GiB"), (1e-9, "< 0.01 MiB"), (0.0, "0 GiB")])
def test_memory_amounts_carry_a_unit_and_sensible_digits(gib: float, text: str) -> None:
    assert memory_size(gib) == text
