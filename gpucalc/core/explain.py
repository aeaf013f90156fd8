"""Terms that explain themselves: value, unit, formula, inputs and sources.

Every number the user sees is a :class:`Term`. The UI and the report read the formula, the
inputs and the sources from it; the core never formats sentences for humans.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field

InputValue = float | int | str | bool
ModelT = TypeVar("ModelT", bound=BaseModel)


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
    """Build a :class:`Term` (shorthand used throughout the core).

    Arguments of exactly the declared types (str; float, int, str or bool inputs; a tuple of
    str) are what validation would return unchanged, so they skip it; others are validated.
    """
    inputs = dict(inputs) if inputs else {}
    if (type(key) is str and type(unit) is str and type(formula) is str
            and type(sources) is tuple and _plain_inputs(inputs) and _all_str(sources)):
        return _trusted(Term, {"key": key, "value": float(value), "unit": unit,
                               "formula": formula, "inputs": inputs, "sources": sources})
    return Term(key=key, value=float(value), unit=unit, formula=formula, inputs=inputs,
                sources=sources)


_PLAIN_INPUT_TYPES = frozenset({float, int, str, bool})


def _plain_inputs(inputs: dict[str, InputValue]) -> bool:
    """Whether every key is a str and every value a float, int, str or bool (no subclasses)."""
    for name, value in inputs.items():
        if type(name) is not str or type(value) not in _PLAIN_INPUT_TYPES:
            return False
    return True


def _all_str(items: tuple[str, ...]) -> bool:
    """Whether every item is a str (no subclasses)."""
    return _STR_ONLY.issuperset(map(type, items))


_STR_ONLY = frozenset({str})


def _trusted(cls: type[ModelT], fields: dict[str, object]) -> ModelT:
    """An instance of ``cls`` holding ``fields`` as given (every field, already valid).

    Sets exactly the attributes pydantic's own validation sets on a model without extras or
    private attributes; tests compare such instances with validated ones.
    """
    instance = _new_object(cls)
    _set_dict(instance, fields)
    _set_fields_set(instance, set(fields))
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


# The storage slots every pydantic model instance has (pydantic.BaseModel.__slots__).
_new_object = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class Notice(BaseModel):
    """A coded warning or advice item; the UI/report layer turns codes into sentences."""

    model_config = ConfigDict(frozen=True)

    code: str
    params: dict[str, InputValue] = Field(default_factory=dict)
