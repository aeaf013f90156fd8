"""A tab page whose content is built the first time it is needed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyPage(QWidget):
    """Holds a factory; ``content()`` builds the widget once and shows it in this page.

    The plotting library loads with the first plot, so pages with plots are built when first
    shown rather than when the window opens.
    """

    def __init__(self, factory: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self._content: QWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        """Whether the content exists yet."""
        return self._content is not None

    def content(self) -> QWidget:
        """The page's widget, built on the first call."""
        if self._content is None:
            self._content = self._factory()
            self._layout.addWidget(self._content)
        return self._content
