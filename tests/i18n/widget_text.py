"""Every text a window shows: labels, buttons, tooltips, menus, tables, trees and plot items."""

from __future__ import annotations

from collections.abc import Iterator

import shiboken6
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

Shown = tuple[str, str]
"""(where it is shown — a widget's class and object name, a menu, a table cell — , the text)."""

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
MAX_ROWS = 400  # a long table repeats its column's kind of text; the first rows show it


def plain(text: str) -> str:
    """``text`` as read: rich text (HTML) reduced to its words."""
    return QTextDocumentFragment.fromHtml(text).toPlainText() if "<" in text and ">" in text else text


def _where(widget: QWidget) -> str:
    name = widget.objectName()
    return f"{type(widget).__name__}{'#' + name if name else ''}"


def widget_texts(root: QWidget) -> list[Shown]:
    """Every text of ``root`` and its children (hidden pages too); typed-in values are left out."""
    found: list[Shown] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QHeaderView):  # its texts are its view's model's header data
            continue
        where = _where(widget)
        found.extend((where, text) for text in _own_texts(widget) if text and text.strip())
    return found


def _own_texts(widget: QWidget) -> Iterator[str]:
    yield plain(widget.toolTip())
    yield widget.statusTip()
    if widget.isWindow() or isinstance(widget, QDockWidget):
        yield widget.windowTitle()
    yield from _kind_texts(widget)


def _kind_texts(widget: QWidget) -> Iterator[str]:  # noqa: PLR0912 - one branch per widget kind
    if isinstance(widget, QLabel):
        yield plain(widget.text())
    elif isinstance(widget, QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            yield widget.tabText(i)
            yield widget.tabToolTip(i)
    elif isinstance(widget, QComboBox):
        yield from (widget.itemText(i) for i in range(widget.count()) if not widget.isEditable())
        yield from (plain(str(widget.itemData(i, Qt.ItemDataRole.ToolTipRole) or ""))
                    for i in range(widget.count()))
    elif isinstance(widget, QLineEdit):
        yield widget.placeholderText()
        if widget.isReadOnly():
            yield widget.text()
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        yield from (widget.prefix(), widget.suffix(), widget.specialValueText())
    elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
        yield widget.placeholderText()
        if widget.isReadOnly():
            yield widget.toPlainText()
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        yield from model_texts(widget.model())
    elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
        yield from (item.toPlainText() for item in widget.scene().items()
                    if isinstance(item, QGraphicsTextItem))


def model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[str]:
    """Header texts and the display text and tooltip of every cell (tree children too)."""
    parent = parent or QModelIndex()
    rows, columns = min(model.rowCount(parent), MAX_ROWS), model.columnCount(parent)
    if not parent.isValid():
        for role in ROLES:
            for orientation, count in ((Qt.Orientation.Horizontal, columns), (Qt.Orientation.Vertical, rows)):
                yield from (str(model.headerData(i, orientation, role) or "") for i in range(count))
    for r in range(rows):
        for c in range(columns):
            index = model.index(r, c, parent)
            yield from (plain(str(model.data(index, role) or "")) for role in ROLES)
            if c == 0 and model.rowCount(index) > 0:
                yield from model_texts(model, index)


def menu_texts(menu: QMenu, where: str = "") -> list[Shown]:
    """The titles, texts and tips of ``menu``'s actions and submenus."""
    here = f"{where} › {menu.title()}" if where else f"menu {menu.title()}"
    found: list[Shown] = [(here, menu.title())]
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.extend(menu_texts(sub, here))
        elif not action.isSeparator():
            found.extend((here, text) for text in (action.text(), action.statusTip()) if text)
            if action.toolTip() and action.toolTip().replace("&", "") != action.text().replace("&", ""):
                found.append((here, action.toolTip()))
    return found


def opened_dialog_texts(window: QWidget, action: QAction) -> list[Shown]:
    """The texts of what ``action`` opens: a modal dialog (closed again at once) or a new window."""
    before = {_address(w) for w in QApplication.topLevelWidgets()}
    found: list[Shown] = []
    running = [True]

    def grab_modal() -> None:
        modal = QApplication.activeModalWidget()
        if not running[0]:
            return
        if modal is None or _address(modal) in before:
            QTimer.singleShot(20, grab_modal)
            return
        found.extend(widget_texts(modal))
        before.add(_address(modal))
        modal.close()

    QTimer.singleShot(0, grab_modal)
    action.trigger()
    running[0] = False
    for widget in QApplication.topLevelWidgets():
        if _address(widget) not in before and widget.isVisible():
            found.extend(widget_texts(widget))
            widget.close()
    return found


def _address(widget: QWidget) -> int:
    """The widget's C++ address: stable, unlike the id of a Python wrapper that may be recreated."""
    return int(shiboken6.getCppPointer(widget)[0])
