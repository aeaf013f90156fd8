"""The mark that puts a text into the translation catalogue, importable from every layer.

Texts written for people (formulas, reasons, notices, labels) are wrapped in
``QT_TRANSLATE_NOOP("Context", "text")`` where they are written; the mark returns the text
unchanged. The catalogue (:mod:`gpucalc.text.catalogue`) translates them where they are shown.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name the extractor knows
    """Mark ``text`` for the catalogue in ``context``; it is translated where it is shown."""
    del context
    return text
