"""A QGuiApplication for drawing PDFs without a window (the command line has none)."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication


def ensure_gui_application() -> QCoreApplication:
    """The running Qt application, or a new QGuiApplication on the offscreen platform.

    The window's QApplication is reused as is; call this from the main thread when none exists.
    A PDF needs no display, so one that is unset or unreachable (a stale ``DISPLAY`` in an ssh
    session, which made Qt abort) changes nothing; ``QT_QPA_PLATFORM`` set by the user wins.
    """
    existing = QCoreApplication.instance()
    if existing is not None:
        return existing
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication(sys.argv[:1] or ["gpucalc"])
    app.setApplicationName("gpucalc")
    return app
