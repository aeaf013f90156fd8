"""Shared by the i18n tests: the allowances of the bundled catalog and the findings of a scan."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from gpucalc.catalog.bundled import Catalog
from gpucalc.text.untranslated import Allowed, catalog_names, english_phrases

UNTRANSLATED = "untranslated texts being fixed"
EXCERPT = 120


@cache
def bundled_allowed() -> Allowed:
    """What may stay Latin in any text about the bundled catalog."""
    return catalog_names(Catalog.load())


def english_found(shown: Iterable[tuple[str, str]], allowed: Allowed) -> dict[str, str]:
    """Each English phrase found in ``shown`` (where, text) → where first seen and an excerpt."""
    found: dict[str, str] = {}
    for where, text in shown:
        flat = " ".join(text.split())
        for phrase in english_phrases(text, allowed):
            at = max(flat.find(" ".join(phrase.split())) - EXCERPT // 2, 0)
            found.setdefault(phrase, f"{where}: {flat[at:at + EXCERPT]}")
    return found


def printed_text(page: str) -> str:
    """A page of extracted PDF text as one run of lines: what wraps at '/' or '-' joined again."""
    return re.sub(r"(?<=[/-])\n", "", page).replace("\n", " ")
