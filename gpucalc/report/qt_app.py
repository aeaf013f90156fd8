"""A QGuiApplication for drawing PDFs without a window (the command line has none)."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication


def has_display() -> bool:
    """Whether a windowing system is reachable (always true off Linux)."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def ensure_gui_application() -> QCoreApplication:
    """The running Qt application, or a new QGuiApplication (offscreen when there is no display).

    The window's QApplication is reused as is; call this from the main thread when none exists.
    """
    existing = QCoreApplication.instance()
    if existing is not None:
        return existing
    if not has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication(sys.argv[:1] or ["gpucalc"])
    app.setApplicationName("gpucalc")
    return app
