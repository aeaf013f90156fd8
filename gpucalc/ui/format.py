"""Numbers, units and term names as the window shows them (translated, 3 significant digits)."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from gpucalc.core.capacity.perf_model import MAX_SEARCH_CONCURRENCY
from gpucalc.core.capacity.perf_result import Ceiling, CeilingKind
from gpucalc.core.common.explain import InputValue, Term
from gpucalc.report.reader_text import reader_text
from gpucalc.text import terms
from gpucalc.text.numbers import COUNT_TOLERANCE, count, memory_size, params_text, share_text, sig3

__all__ = ["KINDS", "ceiling_text", "count", "formula_text", "input_name", "input_value", "is_no_limit",
           "kind_name", "memory_amount", "memory_size", "no_limit_text", "params_text", "share_text", "sig3",
           "source_text", "term_name", "term_value", "unit_name", "window_translate"]

SHARE_KEYS = frozenset({"comm_share", "memory_share_at_planned"})
"""Terms that are a share of a whole (unit-less in the core): shown as a percentage."""



def window_translate(context: str, text: str) -> str:
    """``text`` through the window's installed translator; itself when the catalogue lacks it.

    Kept as a guard: a translator that answers '' for a text it does not hold (a source's
    title, a text from a data file) would otherwise show a blank.
    """
    return QCoreApplication.translate(context, text) or text


def term_name(key: str) -> str:
    """The translated name of the quantity ``key`` (its last segment in words when unnamed)."""
    return terms.term_name(key, window_translate)


def layout_name(layout: str) -> str:
    """A sizing row's layout, translated: 'aggregated' or '2P3D split'."""
    return terms.layout_name(layout, window_translate)


def formula_text(term: Term) -> str:
    """The translated formula of ``term``."""
    return terms.formula_text(term, window_translate)


def input_name(key: str) -> str:
    """The translated name of a formula input."""
    return terms.input_name(key, window_translate)


def source_text(source: str) -> str:
    """A source as the window shows it: an explanatory sentence translated, a title as it is."""
    return reader_text(terms.source_text(source, window_translate))




def unit_name(unit: str, amount: float | None = None) -> str:
    """The translated unit symbol; singular when ``amount`` is exactly one (1 replica, 2 replicas)."""
    return terms.unit_name(unit, window_translate, amount)


def is_no_limit(value: float) -> bool:
    """Whether a concurrency in requests means "no limit".

    The ceiling searches stop at ``MAX_SEARCH_CONCURRENCY`` (131,072): a ceiling at that cap never
    limits anything (one place decides it for the bars, the tables and the Explanation tree).
    """
    return value >= MAX_SEARCH_CONCURRENCY


def no_limit_text() -> str:
    """How every view says a ceiling sets no limit."""
    return QCoreApplication.translate("Ceilings", "no limit")


def ceiling_text(ceiling: Ceiling) -> str:
    """A ceiling's value as every view shows it: a count, or "no limit" (``Ceiling.sets_no_limit``)."""
    return no_limit_text() if ceiling.sets_no_limit else count(ceiling.value.value)


def memory_amount(gib_value: float) -> str:
    """A memory amount with its unit.

    A negative one (what a model that does not fit leaves for the KV cache) reads as the shortfall.
    """
    if gib_value < 0:
        return QCoreApplication.translate("Terms", "does not fit: {gib} short").format(
            gib=memory_size(-gib_value))
    return memory_size(gib_value)


def term_value(term: Term) -> str:
    """A term's value with its unit."""
    if term.unit == "params":
        return params_text(term.value)
    if term.unit == "GiB":
        return memory_amount(term.value)
    if term.unit == "":
        return share_text(term.value) if term.key.rsplit(".", 1)[-1] in SHARE_KEYS else sig3(term.value)
    return _counted_value(term)


def _counted_value(term: Term) -> str:
    if term.unit == "requests" and is_no_limit(term.value):
        return no_limit_text()
    fractional_few = term.unit == "requests" and term.value < 10 and not float(term.value).is_integer()
    if term.unit in ("tokens", "bytes", "requests", "replicas", "GPUs") and not fractional_few:
        return f"{count(term.value)} {unit_name(term.unit, math.floor(term.value + COUNT_TOLERANCE))}"
    return f"{sig3(term.value)} {unit_name(term.unit)}"


def input_value(value: InputValue) -> str:
    """An input of a formula, formatted (a word in the window's language)."""
    return terms.input_value_text(value, window_translate)


KINDS = (CeilingKind.MEMORY, CeilingKind.COMPUTE, CeilingKind.INTERCONNECT, CeilingKind.SCHEDULER)


def kind_name(kind: CeilingKind, short: bool = False) -> str:
    """Translated name of a ceiling (``short``: its one-word name)."""
    return terms.ceiling_name(kind, window_translate, short)
