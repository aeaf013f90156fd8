"""Text from files stays text: labels and tooltips that never interpret markup.

A name in a colleague's scenario, a config's ``_name_or_path`` or a table entry can contain
``<b>``, ``<img src=…>`` or ``<a href=…>``; Qt renders a label or tooltip as HTML when its text
merely looks like HTML (``Qt.mightBeRichText``). Labels here are plain text always, and tooltips
are converted from plain text, so such a name shows as the characters it is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel, QWidget


class PlainLabel(QLabel):
    """A label that shows its text literally (no rich text, no links, no images)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)


class MarkupLabel(QLabel):
    """A label showing rich text the window composes itself (bold, lists, colours).

    Every piece of text put into the markup is escaped by the caller (:func:`html.escape`), so a
    name from a file still shows as the characters it is; links are never followed.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setOpenExternalLinks(False)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)


def plain_tooltip(text: str) -> str:
    """``text`` as a tooltip that shows it literally, line breaks kept.

    Text Qt would take for HTML is converted (escaped, in a paragraph); other text is already
    shown as written and stays as it is.
    """
    if not GuiQt.mightBeRichText(text):
        return text
    return GuiQt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def menu_text(text: str) -> str:
    """``text`` for a menu entry: an '&' in a file name is shown, not taken as a shortcut key."""
    return text.replace("&", "&&")
