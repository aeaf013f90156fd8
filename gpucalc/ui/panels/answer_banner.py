"""Centre top: the answer sentence, the fit verdict and the notices."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from gpucalc.ui.answer import Answer, Verdict
from gpucalc.ui.plain_text import PlainLabel, plain_tooltip

VERDICT_COLOURS = {Verdict.FITS: "#2e7d32", Verdict.TIGHT: "#ef6c00", Verdict.NO_FIT: "#c62828"}
NOTICE_STYLE = "color: #b45f06;"
MIN_TEXT_WIDTH_PX = 200  # a banner not laid out yet fits its lines to at least this width
STALE_COLOUR = "#6b6b6b"
"""The verdict chip of a result that no longer matches the inputs (white on it: 5.3:1)."""


def chip_style(colour: str) -> str:
    """The verdict chip's style sheet on a ``colour`` background."""
    return (f"QLabel {{ background: {colour}; color: white; font-weight: bold; "
            "border-radius: 4px; padding: 4px 10px; }")


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
        self.bands = PlainLabel()  # how sure: the headline figures' 80 % bands (all of them on hover)
        self.bands.setObjectName("bands")
        self.bands.setWordWrap(True)
        self.bands.hide()
        self.verdict = PlainLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.notices = PlainLabel()
        self.notices.setWordWrap(True)
        self.notices.setStyleSheet(NOTICE_STYLE)
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        self.notices.hide()
        self._verdict = ("", STALE_COLOUR)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(8, 6, 8, 6)
        self.grid.addWidget(self.headline, 0, 0)
        self.grid.addWidget(self.verdict, 0, 1)
        self.grid.addWidget(self.detail, 1, 0, 1, 2)
        self.grid.addWidget(self.bands, 2, 0, 1, 2)
        self.grid.addWidget(self.notices, 3, 0, 1, 2)
        self.grid.addWidget(self.error, 4, 0, 1, 2)
        self.grid.setColumnStretch(0, 1)

    def set_answer(self, answer: Answer, notices: list[str]) -> None:
        """Show a new answer (clears the error line)."""
        self.headline.setText(answer.headline)
        self.detail.setText(answer.detail)
        self.bands.setText(answer.bands)
        self.bands.setToolTip(plain_tooltip(answer.bands_detail))
        self.bands.setVisible(bool(answer.bands))
        self._verdict = (answer.verdict_text, VERDICT_COLOURS[answer.verdict])
        self.notices.setText("\n".join(f"⚠ {n}" for n in notices))
        self.notices.setVisible(bool(notices))
        self.set_stale("")

    def _fit_height(self) -> None:
        """Give each wrapped line the height its text needs at the banner's width (no clipping).

        The widths come from the banner's own, not from the labels': a label shown for the first
        time (the error line) has no width of its own yet, and a height fitted to a guess leaves
        gaps between the lines.
        """
        margins = self.grid.contentsMargins()
        full = max(self.width() - margins.left() - margins.right(), MIN_TEXT_WIDTH_PX)
        beside_chip = max(full - self.verdict.sizeHint().width() - self.grid.horizontalSpacing(),
                          MIN_TEXT_WIDTH_PX)
        for label, width in ((self.headline, beside_chip), (self.detail, full), (self.bands, full),
                             (self.notices, full),
                             (self.error, full)):
            label.setMinimumHeight(0)  # heightForWidth never answers less than the minimum set
            label.setMinimumHeight(label.heightForWidth(width) if label.text() else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Re-fit the wrapped lines to the new width."""
        super().resizeEvent(event)
        self._fit_height()

    @property
    def stale(self) -> bool:
        """Whether the answer shown is an earlier one that the current inputs no longer give."""
        return self.error.isVisibleTo(self)

    def set_stale(self, message: str, details: str = "") -> None:
        """Grey the answer and say why it is stale (``message``; ``details`` on hover); '' shows it fresh.

        An invalid value and a failed computation both land here, so both look the same.
        """
        stale = bool(message)
        self.error.setText(message)
        self.error.setToolTip(plain_tooltip(details))
        self.error.setVisible(stale)
        for label in (self.headline, self.detail, self.bands, self.notices):
            label.setEnabled(not stale)  # the palette's disabled text: grey in both themes
        self.notices.setStyleSheet("" if stale else NOTICE_STYLE)
        text, colour = self._verdict
        self.verdict.setText(self.tr("Stale") if stale and text else text)
        self.verdict.setToolTip(self.tr("Was: {verdict}").format(verdict=text) if stale and text else "")
        self.verdict.setStyleSheet(chip_style(STALE_COLOUR if stale else colour) if text else "")
        self._fit_height()
