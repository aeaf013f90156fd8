"""Numbers and lists read from a model's config files, checked before they reach the core.

A config file written by someone else may hold any JSON value where a count belongs: a string, a
list, ``1e300``, a negative number. These helpers turn such a value into a whole number (or a
finite real) within a stated range, or raise :class:`ValueError` naming the key as the file
spells it and the allowed range, in one line.
"""

from __future__ import annotations

import math
from typing import Any

MAX_SHOWN_CHARACTERS = 40
"""How much of an unexpected value a message repeats."""
MAX_LABEL_CHARACTERS = 64
"""Longest label (model_type, torch_dtype) kept from a config; published ones are under 30."""


def described(value: Any) -> str:  # noqa: PLR0911 - one return per JSON type reads clearest
    """A short, one-line description of a JSON value for an error message."""
    if value is None:
        return "missing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return f"a {len(text)}-digit number" if len(text) > 24 else f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        shown = value if len(value) <= MAX_SHOWN_CHARACTERS else value[:MAX_SHOWN_CHARACTERS] + "…"
        return repr(shown.replace("\n", " "))
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def whole_number(value: Any, key: str, low: int, high: int) -> int:
    """``value`` as an integer in ``low`` … ``high``; a real must be whole (``4096.0`` is 4096)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{key} must be a whole number, not {described(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"{key} must be a whole number, not {described(value)}")
    if not low <= value <= high:
        raise ValueError(f"{key} is {described(value)}; it must be {low:,} to {high:,}")
    return int(value)


def real_number(value: Any, key: str, low: float, high: float) -> float:
    """``value`` as a finite real in ``low`` … ``high``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{key} must be a number, not {described(value)}")
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{key} is {described(value)}; it must be {low:g} to {high:g}")
    return float(value)


def json_list(value: Any, key: str) -> list[Any]:
    """``value`` as a list; missing or empty is an empty list."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list, not {described(value)}")
    return value


def short_label(value: Any) -> str:
    """A config label (``model_type``, ``torch_dtype``) as one line of at most 64 characters."""
    text = " ".join(str(value).split())
    return text if len(text) <= MAX_LABEL_CHARACTERS else text[: MAX_LABEL_CHARACTERS - 1] + "…"
