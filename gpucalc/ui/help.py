"""Help: the offline manual (F1 opens it at the focused field or tab), the shortcut list, first steps.

The manual is one HTML page per language under ``resources/manual`` written for gpucalc (a
section per tab, the inputs, the explanation pane and a glossary). The list of input fields is
not written there: it is generated from :mod:`gpucalc.ui.fields`, the same titles and help texts
the form shows, so the manual and the form cannot disagree. Links are followed inside the
manual only; nothing is fetched from the network.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpucalc.catalog.paths import resources_dir
from gpucalc.ui.binder import tr as field_tr
from gpucalc.ui.fields import ALL_FIELDS
from gpucalc.ui.plain_text import PlainLabel

MANUAL_LANGUAGES = ("en", "zh")
FIELDS_ANCHOR = "fields"


def manual_path(lang: str) -> Path:
    """The manual page in ``lang`` ('zh…' → Chinese, anything else → English)."""
    code = "zh" if lang.startswith("zh") else "en"
    return resources_dir() / "manual" / f"manual.{code}.html"


def field_anchor(path: str) -> str:
    """The manual's anchor of the input field at dotted ``path``."""
    return "field-" + path.replace(".", "-")


def tab_anchor(name: str) -> str:
    """The manual's anchor of the result tab with short name ``name`` (bottleneck, memory, …)."""
    return "tab-" + name


def fields_section() -> str:
    """The manual's list of input fields: the form's own titles and help, in the current language."""
    heading = html.escape(QCoreApplication.translate("Help", "Every input field"))
    rows = "".join(
        f'<dt><a name="{field_anchor(spec.path)}"></a><b>{html.escape(field_tr(spec.title))}</b></dt>'
        f"<dd>{html.escape(field_tr(spec.help))}</dd>" for spec in ALL_FIELDS)
    return f'<h2><a name="{FIELDS_ANCHOR}"></a>{heading}</h2><dl>{rows}</dl>'


def manual_html(lang: str) -> str:
    """The whole manual page in ``lang``: the written sections and the generated field list."""
    body = manual_path(lang).read_text(encoding="utf-8")
    return f"<html><body>{body}{fields_section()}</body></html>"


class ManualWindow(QDialog):
    """The manual in a browser that stays open beside the window (not modal)."""

    def __init__(self, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("gpucalc manual"))
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setOpenLinks(False)  # only in-page anchors are followed (below)
        self.browser.anchorClicked.connect(self._follow)
        self.browser.setHtml(manual_html(lang))
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        self.resize(720, 640)

    def show_section(self, anchor: str) -> None:
        """Show the manual scrolled to ``anchor`` ('' for the top)."""
        self.show()
        self.activateWindow()
        if anchor:
            self.browser.scrollToAnchor(anchor)
        else:
            self.browser.verticalScrollBar().setValue(0)

    def _follow(self, url: QUrl) -> None:
        if url.fragment() and not url.scheme():
            self.browser.scrollToAnchor(url.fragment())


SHORTCUT_LABEL = "shortcutLabel"
"""Action property: the name to list when the menu text changes (Undo and Redo name their step)."""


def action_label(action: QAction) -> str:
    """An action's name for the shortcut list, without the '&' that marks its access key."""
    fixed = action.property(SHORTCUT_LABEL)
    text = fixed if isinstance(fixed, str) and fixed else action.text()
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def menu_actions(menu: QMenu | QMenuBar) -> list[QAction]:
    """Every action of ``menu`` and its submenus, in the order they are shown."""
    found: list[QAction] = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.extend(menu_actions(sub))
        else:
            found.append(action)
    return found


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """(what it does, keys) for every action that has a shortcut, in menu order, no repeats."""
    rows: list[tuple[str, str]] = []
    for action in actions:
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        row = (action_label(action), keys)
        if keys and row not in rows:
            rows.append(row)
    return rows


def with_close_button(dialog: QDialog, content: QWidget) -> None:
    """Lay out ``content`` above a Close button that dismisses ``dialog``."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(content)
    layout.addWidget(buttons)


class ShortcutsDialog(QDialog):
    """Help → Keyboard shortcuts: a table made from the window's actions."""

    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels([self.tr("Command"), self.tr("Keys")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, (label, keys) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(label))
            self.table.setItem(r, 1, QTableWidgetItem(keys))
        self.table.resizeColumnToContents(1)
        with_close_button(self, self.table)
        self.resize(460, 420)


class FirstStepsDialog(QDialog):
    """A short guide for a first start: where to type, where the answer is, where help is."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("First steps with gpucalc"))
        steps = (
            self.tr("1. On the left, choose the model, the GPU and how many GPUs serve it."),
            self.tr("2. Describe the traffic: prompt and answer lengths, requests per second, and the "
                    "latency targets the service must meet."),
            self.tr("3. Read the answer at the top: how many requests one deployment carries at once, "
                    "which limit binds, and whether it fits. Every number explains itself: click it and "
                    "read the Explanation pane on the right."),
            self.tr("4. The tabs show the detail: memory, curves against context and load, the GPUs "
                    "needed for your traffic, and a simulation."),
            self.tr("5. Edit → Undo (Ctrl+Z) takes back any change; File → Examples opens a worked "
                    "scenario; F1 opens the manual at the field you are in."),
        )
        self.text = PlainLabel("\n\n".join(steps))
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        with_close_button(self, self.text)
        self.resize(520, 340)
