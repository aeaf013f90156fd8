"""Fit the window to the screen it opens on: first-run size, saved geometry clamped, dock widths.

All sizes are logical pixels (what ``QScreen.availableGeometry()`` reports, after the desktop's
scaling). The smallest screen planned for is a 1366×768 laptop at 125 % scaling: 1093×614
logical pixels, of which the taskbar and the window frame take some.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QWidget

PREFERRED_SIZE = QSize(1480, 920)
"""The first-run size where the screen has room: every tab's tables show all their columns."""
FRAME_ALLOWANCE = QSize(16, 40)
"""Room left for the window frame around ``resize()``'s client area: a title bar of about 30 px and
borders of a few pixels (Windows 10/11, GNOME and KDE defaults at 100 % scaling)."""
INPUTS_DOCK_WIDTH = (250, 360)
"""The Inputs dock: narrowest (labels wrap above their fields) and widest first-run width, px."""
EXPLAIN_DOCK_WIDTH = (230, 330)
"""The Explanation dock: narrowest (the value column still shows) and widest first-run width, px."""
DOCK_SHARE = (0.22, 0.21)
"""Share of the window's width the Inputs and Explanation docks start with (the rest is results)."""


def first_run_size(available: QRect) -> QSize:
    """The window's client size on first run: the preferred size, never larger than ``available``."""
    return PREFERRED_SIZE.boundedTo(_room(available))


def _room(available: QRect) -> QSize:
    """The largest client area whose frame still fits in ``available``."""
    return (available.size() - FRAME_ALLOWANCE).expandedTo(QSize(1, 1))


def centred(size: QSize, available: QRect) -> QRect:
    """A rectangle of ``size`` centred in ``available`` (top-left never above or left of it)."""
    left = available.left() + max(0, (available.width() - size.width()) // 2)
    top = available.top() + max(0, (available.height() - size.height()) // 2)
    return QRect(left, top, size.width(), size.height())


def clamped(geometry: QRect, available: QRect) -> QRect:
    """A saved client area ``geometry`` made small enough for ``available`` and moved inside it.

    The layout may come from a bigger screen, or a screen that is no longer there.
    """
    size = geometry.size().boundedTo(_room(available))
    left = min(max(geometry.left(), available.left()), available.right() + 1 - size.width())
    top = min(max(geometry.top(), available.top()), available.bottom() + 1 - size.height())
    return QRect(left, top, size.width(), size.height())


def dock_widths(window_width: int) -> tuple[int, int]:
    """First-run widths of the Inputs and Explanation docks for a window ``window_width`` wide."""
    def share(fraction: float, bounds: tuple[int, int]) -> int:
        return max(bounds[0], min(bounds[1], round(window_width * fraction)))

    return share(DOCK_SHARE[0], INPUTS_DOCK_WIDTH), share(DOCK_SHARE[1], EXPLAIN_DOCK_WIDTH)


def available_geometry(widget: QWidget) -> QRect | None:
    """The available geometry of the screen ``widget`` is on (or the primary screen's)."""
    screen = widget.screen()
    return screen.availableGeometry() if screen is not None else None
