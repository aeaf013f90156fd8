"""Centre top: the answer sentence, the fit verdict and the notices."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from gpucalc.ui.answer import Answer, Verdict
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip

VERDICT_COLOURS = {Verdict.FITS: "#2e7d32", Verdict.TIGHT: "#ef6c00", Verdict.NO_FIT: "#c62828"}


class AnswerBanner(QWidget):
    """Headline, detail, verdict chip, notices and the last error (if any)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = PlainLabel(self.tr("Computing…"))
        self.headline.setObjectName("headline")
        self.headline.setWordWrap(True)
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.detail = PlainLabel()
        self.detail.setWordWrap(True)
        self.verdict = PlainLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.notices = PlainLabel()
        self.notices.setWordWrap(True)
        self.notices.setStyleSheet("color: #b45f06;")
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        self.notices.hide()
        layout = QGridLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.headline, 0, 0)
        layout.addWidget(self.verdict, 0, 1)
        layout.addWidget(self.detail, 1, 0, 1, 2)
        layout.addWidget(self.notices, 2, 0, 1, 2)
        layout.addWidget(self.error, 3, 0, 1, 2)
        layout.setColumnStretch(0, 1)

    def set_answer(self, answer: Answer, notices: list[str]) -> None:
        """Show a new answer (clears the error line)."""
        self.headline.setText(answer.headline)
        self.detail.setText(answer.detail)
        self.verdict.setText(answer.verdict_text)
        colour = VERDICT_COLOURS[answer.verdict]
        self.verdict.setStyleSheet(f"QLabel {{ background: {colour}; color: white; font-weight: bold; "
                                   "border-radius: 4px; padding: 4px 10px; }")
        self.notices.setText("\n".join(f"⚠ {n}" for n in notices))
        self.notices.setVisible(bool(notices))
        self.set_error("")
        self._fit_height()

    def _fit_height(self) -> None:
        """Give each wrapped line the height its text needs at the current width (no clipping)."""
        for label in (self.headline, self.detail, self.notices, self.error):
            width = label.width() if label.width() > 50 else max(self.width() - 140, 400)
            label.setMinimumHeight(label.heightForWidth(width) if label.text() else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Re-fit the wrapped lines to the new width."""
        super().resizeEvent(event)
        self._fit_height()

    def set_error(self, message: str, details: str = "") -> None:
        """Show why the current inputs give no result (the last good result stays); ``details`` on hover."""
        self.error.setText(self.tr("Showing the last good result. {reason}").format(reason=message)
                           if message else "")
        self.error.setToolTip(plain_tooltip(details))
        self.error.setVisible(bool(message))
        self._fit_height()
