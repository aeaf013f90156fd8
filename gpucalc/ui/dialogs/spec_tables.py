"""The "Spec tables" dialog: one editor tab per table, saved through the user's store.

After every saved change the session's catalog is layered again, every tab refreshes and
``tablesChanged()`` is emitted (the window then hands ``session.catalog`` to the controller).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.tables import TABLE_NAMES
from gpucalc.catalog.user_store import StoreNotice, UserStoreError
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.text.notices import notice_text
from gpucalc.ui.dialogs.spec_table_tab import SpecTableTab
from gpucalc.ui.dialogs.table_columns import CONTEXT, TABLE_TITLES
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.i18n import notice_language
from gpucalc.ui.plain_text import PlainLabel


class SpecTablesDialog(QDialog):
    """Edit GPUs, models, engines, precisions and prices; edits survive upgrades."""

    tablesChanged = Signal()

    def __init__(self, session: CatalogSession, parent: QWidget | None = None,
                 lang: str | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.lang = lang or str(getattr(getattr(parent, "session", None), "language", "en"))
        self.setWindowTitle(self.tr("Spec tables"))
        self.tabs = QTabWidget()
        self._tabs: dict[str, SpecTableTab] = {}
        for table in TABLE_NAMES:
            tab = SpecTableTab(table, session, self)
            tab.saved.connect(self._after_save)
            tab.status.connect(self.show_status)
            self._tabs[table] = tab
            self.tabs.addTab(tab, QCoreApplication.translate(CONTEXT, TABLE_TITLES[table]))
        self.status_label = PlainLabel()
        self.status_label.setWordWrap(True)
        self.location = PlainLabel(self.tr("Your edits are saved in {path}").format(
            path=session.store.tables_dir))
        self.location.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        reset_all = QPushButton(self.tr("Reset &everything…"))
        reset_all.setToolTip(self.tr("Forget your edits to every table"))
        reset_all.setAutoDefault(False)
        reset_all.clicked.connect(self._ask_reset_everything)
        close = QPushButton(self.tr("&Close"))
        close.setAutoDefault(False)
        close.clicked.connect(self.accept)
        bottom = QHBoxLayout()
        bottom.addWidget(self.location, 1)
        bottom.addWidget(reset_all)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status_label)
        layout.addLayout(bottom)
        self.resize(1180, 640)

    def tab(self, table: str) -> SpecTableTab:
        """The editor tab of ``table``."""
        return self._tabs[table]

    def wait(self) -> None:
        """Block until files being imported are read (closing, tests)."""
        for tab in self._tabs.values():
            tab.wait()

    def show_status(self, text: str) -> None:
        """Say what happened (or why not) under the tabs."""
        self.status_label.setText(text)

    def _after_save(self, message: str, notices: object) -> None:
        self.session.reload()
        for tab in self._tabs.values():
            tab.refresh()
        lines = [message]
        if isinstance(notices, list):
            lang = notice_language(self.lang)
            lines += [notice_text(n, lang) for n in notices if isinstance(n, StoreNotice)]
        self.show_status("\n".join(lines))
        self.tablesChanged.emit()

    def reset_everything(self) -> bool:
        """Forget the user's edits to every table."""
        try:
            notices = self.session.store.reset_all()
        except (UserStoreError, OSError) as exc:
            self.show_status(self.tr("Not reset: {reason}").format(reason=failure_reason(exc)))
            return False
        self._after_save(self.tr("Every table is the bundled one again."), notices)
        return True

    def _ask_reset_everything(self) -> None:
        answer = QMessageBox.question(self, self.tr("Reset everything"),
                                      self.tr("Forget every edit you made to every spec table?"))
        if answer == QMessageBox.StandardButton.Yes:
            self.reset_everything()
