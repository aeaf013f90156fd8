"""The mark that puts a text into the translation catalogue (importable from any layer, no deps)."""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name the extractor knows
    """Mark ``text`` for the catalogue in ``context``; it is translated where it is shown."""
    del context
    return text
