"""Translations written for texts marked on this branch, before they are merged into the catalogue.

Texts newly marked for the catalogue get their Chinese in ``translations.<name>.json`` (a list of
``[context, english, chinese]``) until ``resources/translations/gpucalc_zh_CN.ts`` is regenerated
with them. Tests that read Chinese output add those entries to the loaded catalogue for their
duration; once merged (the file gone or every entry already in the catalogue) this changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gpucalc.text.catalogue import catalogue

ROOT = Path(__file__).resolve().parents[1]


def pending_entries() -> dict[tuple[str, str], str]:
    """Every (context, English) → Chinese of the ``translations.*.json`` files at the checkout's root."""
    entries: dict[tuple[str, str], str] = {}
    for path in sorted(ROOT.glob("translations.*.json")):
        for context, english, chinese in json.loads(path.read_text(encoding="utf-8")):
            if chinese:
                entries[(context, english)] = chinese
    return entries


@contextmanager
def pending_translations() -> Iterator[None]:
    """The Chinese catalogue with the pending entries added (the catalogue's own ones win)."""
    table = catalogue("zh")
    added = {key: text for key, text in pending_entries().items() if key not in table}
    table.update(added)
    try:
        yield
    finally:
        for key in added:
            table.pop(key, None)
