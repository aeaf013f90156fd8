"""Light and dark themes (follow the system, or force one: View → Theme) and the invalid-field outline."""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QApplication, QWidget

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
    """Apply ``theme`` ('system', 'light' or 'dark'); return the one applied.

    Qt re-polishes every widget while it changes the style and palette, calling back into
    Python for each; a garbage collection in the middle of that walk can delete a widget Qt is
    still visiting (a crash seen while a result job ran and dialogs came and went), so
    collections wait until the walk is done.
    """
    if not _system:
        _system.append((QPalette(app.palette()), app.style().name()))
    theme = theme if theme in THEMES else "system"
    collecting = gc.isenabled()
    gc.disable()
    try:
        if theme == "system":
            palette, style = _system[0]
            app.setStyle(style)
            app.setPalette(palette)
        else:
            app.setStyle("Fusion")
            app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    finally:
        if collecting:
            gc.enable()
    return theme


def text_colour() -> QColor:
    """The palette's text colour, so labels stay readable in light and dark themes."""
    return QGuiApplication.palette().color(QPalette.ColorRole.WindowText)


def is_dark_theme() -> bool:
    """Whether the window background is dark."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


ERROR_COLOUR = "#d62728"
"""The outline of a field whose value is refused (red, 4.6:1 on white)."""


class ErrorOutline(QWidget):
    """A red frame drawn over a field that holds an invalid value.

    A style sheet on a spin box replaces the platform's drawing of the whole control, and the
    step arrows with it; this frame paints only a border on top, ignores the mouse, and leaves
    the field itself (arrows, text, focus) drawn and used as always.
    """

    def __init__(self, field: QWidget) -> None:
        super().__init__(field)
        self.setObjectName("errorOutline")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        field.installEventFilter(self)
        self.setGeometry(field.rect())
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the field's size."""
        if isinstance(watched, QWidget) and watched is self.parent() and event.type() == QEvent.Type.Resize:
            self.setGeometry(watched.rect())
        return False

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A 2 px rounded border in :data:`ERROR_COLOUR`."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(ERROR_COLOUR))
        pen.setWidth(2)
        painter.setPen(pen)
        painter.drawRoundedRect(self.rect().adjusted(1, 1, -1, -1), 3, 3)


def show_field_error(field: QWidget, flagged: bool) -> None:
    """Outline ``field`` in red (or remove the outline) without restyling the control."""
    outline = field.findChild(ErrorOutline, "errorOutline", Qt.FindChildOption.FindDirectChildrenOnly)
    if outline is None:
        if not flagged:
            return
        outline = ErrorOutline(field)
    outline.setGeometry(field.rect())
    outline.setVisible(flagged)
    if flagged:
        outline.raise_()


def field_error_shown(field: QWidget) -> bool:
    """Whether ``field`` carries the red invalid-value outline."""
    outline = field.findChild(ErrorOutline, "errorOutline", Qt.FindChildOption.FindDirectChildrenOnly)
    return outline is not None and outline.isVisibleTo(field)
