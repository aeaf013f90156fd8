"""The price schema: USD figures, quotes in another currency with their rate, and their source."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpucalc.core.specs.price import Price, PriceSource, usd_from_amount

A800_CNY = {"usd_per_gpu_hour": 1.1656, "currency": "CNY", "amount_per_gpu_hour": 7.8,
            "fx_units_per_usd": 6.6921, "fx_date": "2026-10-10"}


def test_a_cny_quote_keeps_its_amount_rate_and_date() -> None:
    price = Price.model_validate(A800_CNY)
    assert (price.currency, price.amount_per_gpu_hour, price.fx_units_per_usd) == ("CNY", 7.8, 6.6921)
    assert usd_from_amount(7.8, 6.6921) == pytest.approx(1.16556, abs=1e-5)  # ¥7.80 ÷ 6.6921


def test_a_usd_figure_rounded_to_cents_is_accepted() -> None:
    assert Price.model_validate({**A800_CNY, "usd_per_gpu_hour": 1.17}).usd_per_gpu_hour == 1.17


@pytest.mark.parametrize(("changes", "reason"), [
    ({"usd_per_gpu_hour": 1.5}, "usd_per_gpu_hour 1.5 is not 7.8 CNY ÷ 6.6921 CNY per USD = 1.1656"),
    ({"fx_units_per_usd": None}, "a CNY price needs fx_units_per_usd"),
    ({"fx_date": None, "amount_per_gpu_hour": None}, "a CNY price needs amount_per_gpu_hour, fx_date"),
    ({"fx_date": "10/10/2026"}, "expected a date as YYYY-MM-DD"),
    ({"fx_date": "2026-02-30"}, "day is out of range"),
    ({"currency": "cny"}, "String should match pattern"),
    ({"fx_units_per_usd": 0}, "greater than 0"),
    ({"currency": "USD"}, "a USD price has no exchange rate"),
])
def test_inconsistent_quotes_are_refused_with_the_reason(changes: dict[str, object], reason: str) -> None:
    with pytest.raises(ValidationError, match=reason):
        Price.model_validate({**A800_CNY, **changes})


def test_a_usd_price_needs_no_rate_and_its_amount_is_its_usd_figure() -> None:
    assert Price(usd_per_gpu_hour=1.39).currency == "USD"
    assert Price(usd_per_gpu_hour=1.39, amount_per_gpu_hour=1.39).usd_per_gpu_hour == 1.39
    with pytest.raises(ValidationError, match="give only usd_per_gpu_hour"):
        Price(usd_per_gpu_hour=1.39, amount_per_gpu_hour=1.2)


def test_the_source_needs_a_provider_and_a_known_confidence() -> None:
    assert PriceSource(provider="RunPod", confidence="high").derived_per_gpu_hour is False
    with pytest.raises(ValidationError):
        PriceSource(provider="")
    with pytest.raises(ValidationError):
        PriceSource.model_validate({"provider": "RunPod", "confidence": "certain"})
