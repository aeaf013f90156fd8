"""A titled section that folds away, and says in one line what it holds while folded."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from gpucalc.ui.plain_text import PlainLabel


class CollapsibleSection(QWidget):
    """Header button that shows or hides ``body``; folded, a summary line stands in for it."""

    def __init__(self, title: str, body: QWidget, parent: QWidget | None = None,
                 expanded: bool = True) -> None:
        super().__init__(parent)
        self.button = QToolButton()
        self.button.setText(title)
        self.button.setCheckable(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.button.setStyleSheet("QToolButton { border: none; font-weight: bold; text-align: left; }")
        self.body = body
        self.summary = PlainLabel()
        self.summary.setObjectName("sectionSummary")
        self.summary.setWordWrap(True)
        self.summary.setContentsMargins(18, 0, 4, 2)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        layout.addWidget(self.button)
        layout.addWidget(self.summary)
        layout.addWidget(line)
        layout.addWidget(body)
        self.button.toggled.connect(self.set_expanded)
        self.button.setChecked(expanded)
        self.set_expanded(expanded)

    @property
    def expanded(self) -> bool:
        """Whether the body is shown."""
        return self.button.isChecked()

    def set_expanded(self, expanded: bool) -> None:
        """Show or hide the body (the summary shows while it is hidden)."""
        if self.button.isChecked() != expanded:
            self.button.setChecked(expanded)  # comes back here through toggled
            return
        self.button.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.body.setVisible(expanded)
        self.summary.setVisible(not expanded and bool(self.summary.text()))

    def set_summary(self, text: str) -> None:
        """The one line that says what the folded body holds."""
        self.summary.setText(text)
        self.summary.setToolTip(text)
        self.summary.setVisible(not self.expanded and bool(text))
