"""Terms that explain themselves: value, unit, formula, inputs and sources.

Every number the user sees is a :class:`Term`. The UI and the report read the formula, the
inputs and the sources from it; the core never formats sentences for humans.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

InputValue = float | int | str | bool


class Term(BaseModel):
    """One computed quantity with the work behind it."""

    model_config = ConfigDict(frozen=True)

    key: str = Field(description="Stable code of the quantity, e.g. 'weights_gib_per_gpu'.")
    value: float
    unit: str = Field(description="Unit symbol: GiB, bytes, tokens, requests, ms, tok/s, ...")
    formula: str = Field(description="Formula in symbols, e.g. 'util × total − (weights + act)'.")
    inputs: dict[str, InputValue] = Field(default_factory=dict)
    sources: tuple[str, ...] = Field(default=(), description="Where each constant comes from.")


def term(
    key: str,
    value: float,
    unit: str,
    formula: str,
    inputs: dict[str, InputValue] | None = None,
    sources: tuple[str, ...] = (),
) -> Term:
    """Build a :class:`Term` (shorthand used throughout the core)."""
    return Term(
        key=key, value=float(value), unit=unit, formula=formula, inputs=inputs or {}, sources=sources
    )


class Notice(BaseModel):
    """A coded warning or advice item; the UI/report layer turns codes into sentences."""

    model_config = ConfigDict(frozen=True)

    code: str
    params: dict[str, InputValue] = Field(default_factory=dict)
