"""Light and dark themes: follow the system, or force one (View → Theme)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

THEMES = {
    "system": QT_TRANSLATE_NOOP("MainWindow", "Follow the system"),
    "light": QT_TRANSLATE_NOOP("MainWindow", "Light"),
    "dark": QT_TRANSLATE_NOOP("MainWindow", "Dark"),
}
_DARK = {
    QPalette.ColorRole.Window: "#2b2d30",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#2a2c30",
    QPalette.ColorRole.ToolTipBase: "#3a3d42",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#35373b",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Link: "#6cb4ff",
    QPalette.ColorRole.Highlight: "#3d7fd9",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#8a8d91",
}
_system: list[tuple[QPalette, str]] = []  # the platform's palette and style, before any change


def dark_palette() -> QPalette:
    """A dark palette with readable disabled text."""
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7d82"))
    return palette


def apply_theme(app: QApplication, theme: str) -> str:
    """Apply ``theme`` ('system', 'light' or 'dark'); return the one applied."""
    if not _system:
        _system.append((QPalette(app.palette()), app.style().name()))
    theme = theme if theme in THEMES else "system"
    if theme == "system":
        palette, style = _system[0]
        app.setStyle(style)
        app.setPalette(palette)
    else:
        app.setStyle("Fusion")
        app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    return theme


def text_colour() -> QColor:
    """The palette's text colour, so labels stay readable in light and dark themes."""
    return QGuiApplication.palette().color(QPalette.ColorRole.WindowText)


def is_dark_theme() -> bool:
    """Whether the window background is dark."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
