"""Translations handed in beside the catalogue, counted by the tests until they are merged into it.

A change that marks new texts brings their Chinese as ``translations.<name>.json`` at the
checkout root (``[context, english, chinese]`` triples); ``make translations`` merges them into
``resources/translations/gpucalc_zh_CN.ts``. Until then the tests read them into the loaded
catalogue, so behaviour in Chinese can be tested on the change itself. The completeness test
reads the ``.ts`` file directly and still lists every text the file lacks.
"""

from __future__ import annotations

import json
from pathlib import Path

from gpucalc.text.catalogue import catalogue

CHECKOUT = Path(__file__).resolve().parent.parent


def pending_translations(root: Path = CHECKOUT) -> dict[tuple[str, str], str]:
    """Every (context, English) → Chinese of the ``translations.*.json`` files at ``root``."""
    pending: dict[tuple[str, str], str] = {}
    for path in sorted(root.glob("translations.*.json")):
        for context, english, chinese in json.loads(path.read_text(encoding="utf-8")):
            if chinese:
                pending[(context, english)] = chinese
    return pending


def add_pending_translations(root: Path = CHECKOUT) -> None:
    """Add the pending translations the loaded Chinese catalogue lacks (the catalogue's own win)."""
    table = catalogue("zh")
    for key, chinese in pending_translations(root).items():
        table.setdefault(key, chinese)
