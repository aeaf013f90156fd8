"""Boxes for pages that must fit a laptop: titles that wrap, rows that stack when narrow."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QGroupBox, QLayout, QSizePolicy, QVBoxLayout, QWidget

from gpucalc.ui.plain_text import PlainLabel


def titled_box(title: str, widget: QWidget) -> QGroupBox:
    """``widget`` in a frame under a bold, word-wrapped ``title``.

    A ``QGroupBox``'s own title never wraps and sets the box's minimum width, so a long one makes
    a page scroll sideways on a laptop at 125 % scaling; this title is a label inside the frame.
    """
    box = QGroupBox()
    heading = PlainLabel(title)
    heading.setObjectName("boxTitle")
    heading.setWordWrap(True)
    font = heading.font()
    font.setBold(True)
    heading.setFont(font)
    heading.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(heading)
    layout.addWidget(widget, 1)
    layout.addStretch(0)  # room the widget cannot take goes below it, not around the title
    return box


class SideBySide(QWidget):
    """Widgets side by side where the page is at least ``min_width`` wide, else one above the other.

    Side by side they share the width by their stretch factors; stacked, the last one takes the
    height left over (the ones above keep the height they need).
    """

    def __init__(self, widgets: Sequence[tuple[QWidget, int]], min_width: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.min_width = min_width
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.row.setContentsMargins(0, 0, 0, 0)
        # the width asked for is the stacked one (minimumSizeHint), so a narrow page can stack
        # the widgets rather than be widened by them side by side
        self.row.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.stretches = [stretch for _widget, stretch in widgets]
        for widget, stretch in widgets:
            self.row.addWidget(widget, stretch)

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest widget (stacked), as high as the current layout needs."""
        items = [self.row.itemAt(i) for i in range(self.row.count())]
        widths = [item.minimumSize().width() for item in items if item is not None]
        return QSize(max(widths, default=0), self.row.minimumSize().height())

    @property
    def stacked(self) -> bool:
        """Whether the widgets are one above the other."""
        return self.row.direction() == QBoxLayout.Direction.TopToBottom

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Stack the widgets below ``min_width`` (a threshold of the width alone: no flip-flopping)."""
        super().resizeEvent(event)
        direction = (QBoxLayout.Direction.LeftToRight if self.width() >= self.min_width
                     else QBoxLayout.Direction.TopToBottom)
        if self.row.direction() == direction:
            return
        self.row.setDirection(direction)
        last = len(self.stretches) - 1
        for index, stretch in enumerate(self.stretches):
            self.row.setStretch(index, stretch if not self.stacked else int(index == last))
