"""Terminal columns that stay aligned when a cell holds wide (CJK) characters.

A terminal draws an East Asian wide or full-width character in two cells (Unicode UAX #11,
``unicodedata.east_asian_width`` 'W' or 'F'); Python's ``str`` padding counts it as one, so a
Chinese label would push the columns after it out of line.
"""

from __future__ import annotations

import unicodedata

__all__ = ["cells", "left", "right"]

WIDE = frozenset({"W", "F"})
"""East Asian width classes a terminal draws two cells wide (UAX #11)."""


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide character, one for any other."""
    return sum(2 if unicodedata.east_asian_width(ch) in WIDE else 1 for ch in text)


def left(text: str, width: int) -> str:
    """``text`` padded on the right to ``width`` cells (as ``f"{text:<width}"`` for ASCII)."""
    return text + " " * max(0, width - cells(text))


def right(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` cells (as ``f"{text:>width}"`` for ASCII)."""
    return " " * max(0, width - cells(text)) + text
