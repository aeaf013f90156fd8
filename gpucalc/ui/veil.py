"""The veil over a stale result: greyed as a whole, still readable, clicks passing through."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QWidget

STALE_VEIL_ALPHA = 150
"""Opacity (of 255) of the window-coloured veil over a stale page: its figures stay readable but
plainly greyed, in both themes."""


class Veil(QWidget):
    """A translucent layer of the window's colour over a page; clicks and scrolling pass through."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Fill the page with the window's colour at :data:`STALE_VEIL_ALPHA`."""
        colour = QColor(self.palette().color(QPalette.ColorRole.Window))
        colour.setAlpha(STALE_VEIL_ALPHA)
        QPainter(self).fillRect(self.rect(), colour)
