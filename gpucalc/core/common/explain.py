"""Terms that explain themselves: value, unit, formula, inputs and sources.

Every number the user sees is a :class:`Term`. The UI and the report read the formula, the
inputs and the sources from it; the core never formats sentences for humans.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

InputValue = float | int | str | bool


class FormulaTemplate(BaseModel):
    """A formula with ``{placeholders}``: its marked English text and the values that fill it.

    The text is marked ``QT_TRANSLATE_NOOP("Formulas", …)``; text values are themselves marked
    "Formulas" texts. Where the formula is shown, the template is translated first and filled
    after (``gpucalc.text.terms.formula_text``); the term's ``formula`` is the English filled in.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    text: str
    values: dict[str, InputValue] = Field(default_factory=dict)

    def filled(self) -> str:
        """The English formula with its values in place."""
        return self.text.format(**self.values)


def template(text: str, **values: InputValue) -> FormulaTemplate:
    """A :class:`FormulaTemplate` of ``text`` filled with ``values``."""
    return FormulaTemplate(text=text, values=values)


class Term(BaseModel):
    """One computed quantity with the work behind it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str = Field(description="Stable code of the quantity, e.g. 'weights_gib_per_gpu'.")
    value: float
    unit: str = Field(description="Unit symbol: GiB, bytes, tokens, requests, ms, tok/s, ...")
    formula: str = Field(description="Formula in symbols, e.g. 'util × total − (weights + act)'.")
    inputs: dict[str, InputValue] = Field(default_factory=dict)
    sources: tuple[str, ...] = Field(default=(), description="Where each constant comes from.")
    template: FormulaTemplate | None = Field(
        default=None, description="The template ``formula`` was filled from (None: a fixed text).")


def term(
    key: str,
    value: float,
    unit: str,
    formula: str | FormulaTemplate,
    inputs: dict[str, InputValue] | None = None,
    sources: tuple[str, ...] = (),
) -> Term:
    """Build a :class:`Term` (shorthand used throughout the core).

    ``formula`` is a marked fixed text or a :class:`FormulaTemplate` (the term keeps it and
    its English filled in). Arguments of exactly the declared types (str; float, int, str or
    bool inputs; a tuple of str) are what validation would return unchanged, so they skip it;
    others are validated.
    """
    inputs = dict(inputs) if inputs else {}
    filled_from = formula if isinstance(formula, FormulaTemplate) else None
    text = formula.filled() if isinstance(formula, FormulaTemplate) else formula
    if not _plain(key, unit, text, inputs, sources):
        if filled_from is None:
            return Term(key=key, value=float(value), unit=unit, formula=text, inputs=inputs,
                        sources=sources)
        return Term(key=key, value=float(value), unit=unit, formula=text, inputs=inputs,
                    sources=sources, template=filled_from)
    made = _new_object(Term)
    _set_dict(made, {"key": key, "value": float(value), "unit": unit, "formula": text,
                     "inputs": inputs, "sources": sources, "template": filled_from})
    _set_fields_set(made, set(_TERM_FIELDS) if filled_from is not None else set(_UNTEMPLATED_FIELDS))
    _set_extra(made, None)
    _set_private(made, None)
    return made


def _plain(key: object, unit: object, formula: object, inputs: dict[str, InputValue],
           sources: object) -> bool:
    """Whether validating these :class:`Term` fields would return them unchanged.

    That is: str texts, str input names with float, int, str or bool values, a tuple of str
    (no subclasses anywhere).
    """
    if type(key) is not str or type(unit) is not str or type(formula) is not str:
        return False
    if type(sources) is not tuple:
        return False
    for name, given in inputs.items():
        if type(name) is not str or type(given) not in _PLAIN_INPUT_TYPES:
            return False
    for source in sources:  # noqa: SIM110 (a plain loop is faster than all() over a generator)
        if type(source) is not str:
            return False
    return True


_PLAIN_INPUT_TYPES = frozenset({float, int, str, bool})
_TERM_FIELDS = frozenset(Term.model_fields)
_UNTEMPLATED_FIELDS = _TERM_FIELDS - {"template"}

# A term built above holds exactly what pydantic's validation sets on a model without extras or
# private attributes, in the storage slots every model instance has (BaseModel.__slots__);
# tests compare such terms with validated ones.
_new_object = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class Notice(BaseModel):
    """A coded warning or advice item; the UI/report layer turns codes into sentences."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    code: str
    params: dict[str, InputValue] = Field(default_factory=dict)
