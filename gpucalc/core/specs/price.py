"""A GPU's rental price: the figure in USD the plan uses, the figure as quoted, and its source.

Prices are compared in USD per GPU-hour. A price quoted in another currency (a Chinese
platform's ¥ per card-hour) keeps its own figure, the exchange rate it was converted at and that
rate's date, so a planner can redo the conversion; ``usd_per_gpu_hour`` is then the quoted
amount ÷ the rate. Where the figure was read is kept with it: provider, offering, region, the
source's own date, the URL (and the copy actually read), a verbatim quote and a confidence.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MAX_PRICE_USD_PER_GPU_HOUR = 100_000.0
"""$100,000 per GPU-hour: ~10,000x cloud list prices of an H100/B200 ($2-10 per GPU-hour)."""
MAX_PRICE_PER_GPU_HOUR = 100_000_000.0
"""A quoted price in any currency: $100,000 per GPU-hour at up to 1,000 units per USD."""
MAX_UNITS_PER_USD = 1_000_000.0
"""Currency units per USD: ~25x the weakest traded currency (IRR ~42,000 per USD, 2025)."""
USD = "USD"
NO_PRICE_NOTICE = "gpu_price_unknown"
"""Notice code: the GPU has no price, so cost figures are left out and sizing ranks it by GPU count."""
CONVERSION_TOLERANCE_USD = 0.005
"""How far a stated USD figure may sit from amount ÷ rate: half a cent, for figures rounded to cents."""
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

Confidence = Literal["high", "medium", "low"]


def iso_date(value: str | None) -> str | None:
    """``value`` when it is a real YYYY-MM-DD date (None passes); ValueError otherwise."""
    if value is None:
        return None
    if not ISO_DATE.fullmatch(value):
        raise ValueError("expected a date as YYYY-MM-DD")
    date.fromisoformat(value)  # raises ValueError for 2026-02-30
    return value


def usd_from_amount(amount: float, units_per_usd: float) -> float:
    """USD per GPU-hour of ``amount`` (currency units per GPU-hour) at ``units_per_usd``."""
    return amount / units_per_usd


class PriceSource(BaseModel):
    """Where a price was read: the provider's offer, the source's own date and a verbatim quote."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    provider: str = Field(min_length=1, description="Who rents the GPU at this price.")
    offering: str | None = Field(default=None, description="On-demand, lease, instance shape …")
    region: str | None = None
    date_or_period: str | None = Field(
        default=None, description="The source's dating as written: 'checked 2026-09-25', 'undated'.")
    url: str | None = Field(default=None, description="The original page.")
    read_via: str | None = Field(default=None, description="The copy read where the page itself was not.")
    quote: str | None = Field(default=None, description="The figure's text, verbatim (' | ' = line break).")
    raw_price: str | None = Field(
        default=None, description="The price as quoted where the per-GPU-hour figure is worked out.")
    derived_per_gpu_hour: bool = Field(
        default=False, description="The per-GPU-hour figure is worked out from a per-server price.")
    confidence: Confidence | None = None
    notes: str | None = None


class Price(BaseModel):
    """Indicative rental price per GPU-hour with its date, as quoted and in USD."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    usd_per_gpu_hour: float | None = Field(
        default=None, ge=0, le=MAX_PRICE_USD_PER_GPU_HOUR,
        description="USD per GPU-hour; for another currency, amount_per_gpu_hour ÷ fx_units_per_usd.")
    range_usd_per_gpu_hour: tuple[float, float] | None = None
    date: str | None = Field(default=None, description="When the price was seen (YYYY-MM-DD).")
    basis: str | None = None
    currency: str = Field(default=USD, pattern=r"^[A-Z]{3}$", description="ISO 4217 code of the quote.")
    amount_per_gpu_hour: float | None = Field(
        default=None, ge=0, le=MAX_PRICE_PER_GPU_HOUR, allow_inf_nan=False,
        description="The quoted price per GPU-hour in ``currency`` (a non-USD quote's own figure).")
    fx_units_per_usd: float | None = Field(
        default=None, gt=0, le=MAX_UNITS_PER_USD, allow_inf_nan=False,
        description="Units of ``currency`` per USD the quote was converted at (CNY: 6.6921).")
    fx_date: str | None = Field(default=None, description="Date of that rate (YYYY-MM-DD).")
    fx_source: str | None = Field(default=None, description="Where the rate comes from.")
    source: PriceSource | None = None

    @field_validator("range_usd_per_gpu_hour")
    @classmethod
    def _range_within_bounds(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and not all(0 <= v <= MAX_PRICE_USD_PER_GPU_HOUR for v in value):
            raise ValueError(f"each price must be between 0 and {MAX_PRICE_USD_PER_GPU_HOUR:,.0f} "
                             "USD per GPU-hour")
        return value

    @field_validator("fx_date")
    @classmethod
    def _fx_date_is_a_date(cls, value: str | None) -> str | None:
        return iso_date(value)

    @model_validator(mode="after")
    def _converted_at_the_stated_rate(self) -> Price:
        """A USD quote has no rate; another currency has its amount, rate, date and USD figure."""
        rate_fields = (self.fx_units_per_usd, self.fx_date, self.fx_source)
        if self.currency == USD:
            if any(v is not None for v in rate_fields):
                raise ValueError("a USD price has no exchange rate; leave fx_units_per_usd, fx_date "
                                 "and fx_source empty")
            if self.amount_per_gpu_hour is not None and self.amount_per_gpu_hour != self.usd_per_gpu_hour:
                raise ValueError("a USD price's amount_per_gpu_hour is its usd_per_gpu_hour; give "
                                 "only usd_per_gpu_hour")
            return self
        amount, rate, usd = self.amount_per_gpu_hour, self.fx_units_per_usd, self.usd_per_gpu_hour
        if amount is None or rate is None or usd is None or self.fx_date is None:
            missing = [name for name, value in (("amount_per_gpu_hour", amount), ("fx_units_per_usd", rate),
                                                ("fx_date", self.fx_date), ("usd_per_gpu_hour", usd))
                       if value is None]
            raise ValueError(f"a {self.currency} price needs {', '.join(missing)}: the quoted amount, "
                             "the rate it is converted at, that rate's date and the USD figure")
        converted = usd_from_amount(amount, rate)
        if abs(usd - converted) > CONVERSION_TOLERANCE_USD:
            raise ValueError(f"usd_per_gpu_hour {usd:g} is not {amount:g} {self.currency} ÷ {rate:g} "
                             f"{self.currency} per USD = {converted:.4f}; give the converted figure")
        return self
