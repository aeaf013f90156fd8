"""A GPU's price as text: the USD figure the plan uses, with the quote it comes from and its date."""

from __future__ import annotations

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.price import USD, Price
from gpucalc.text.catalogue import translate

CURRENCY_SIGNS = {"USD": "$", "CNY": "¥", "EUR": "€", "GBP": "£", "JPY": "¥"}
PRICE_CONTEXT = "Prices"


def money(amount: float, currency: str = USD) -> str:
    """``amount`` with its currency sign and cents, a third decimal where it has one: '$1.39', '$1.006'."""
    sign = CURRENCY_SIGNS.get(currency)
    figure = f"{amount:,.{2 if round(amount, 2) == amount else 3}f}"
    return f"{sign}{figure}" if sign else f"{figure} {currency}"


def price_text(price: Price | None, lang: str = "en") -> str:
    """'$1.166/h (¥7.80 at 6.6921 per USD; 2026-10-04)', '$0.526/h (undated)', or 'no price'."""
    usd = None if price is None else price.usd_per_gpu_hour
    if price is not None and usd is None and price.range_usd_per_gpu_hour:
        low, high = price.range_usd_per_gpu_hour
        usd = (low + high) / 2
    if price is None or usd is None:
        return translate(PRICE_CONTEXT, QT_TRANSLATE_NOOP("Prices", "no price"), lang)
    dated = price.date or translate(PRICE_CONTEXT, QT_TRANSLATE_NOOP("Prices", "undated"), lang)
    if price.currency != USD and price.amount_per_gpu_hour is not None and price.fx_units_per_usd:
        detail = translate(PRICE_CONTEXT, QT_TRANSLATE_NOOP(
            "Prices", "{amount} at {rate} per USD; {date}"), lang).format(
            amount=money(price.amount_per_gpu_hour, price.currency), rate=f"{price.fx_units_per_usd:g}",
            date=dated)
    elif price.usd_per_gpu_hour is None and price.range_usd_per_gpu_hour:
        low, high = price.range_usd_per_gpu_hour
        detail = translate(PRICE_CONTEXT, QT_TRANSLATE_NOOP(
            "Prices", "middle of {low}–{high}; {date}"), lang).format(
            low=money(low), high=money(high), date=dated)
    else:
        detail = dated
    return translate(PRICE_CONTEXT, QT_TRANSLATE_NOOP("Prices", "{usd}/h ({detail})"), lang).format(
        usd=money(usd), detail=detail)
