"""Undo and redo of the inputs: every change of the scenario draft is one step on a stack.

A step holds the whole draft before and after (a few kB of JSON), so undoing a field edit, a
pasted serve command or a reset restores exactly what the form showed, invalid values included.
Keystrokes in one field coalesce: consecutive edits of the same field are one step, and a step
whose edits cancel out disappears. The stack's clean state is the window's "saved" state.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoCommand, QUndoStack

Draft = dict[str, Any]
FIELD_EDIT_ID = 1301
"""QUndoCommand.id() of a field edit: equal ids on top of each other may merge."""


class DraftChange(QUndoCommand):
    """The draft before and after one change; ``field`` is set for a single-field edit."""

    def __init__(self, apply: Callable[[Draft, str], None], before: Draft, after: Draft, text: str,
                 field: str = "") -> None:
        super().__init__(text)
        self.apply = apply
        self.before = copy.deepcopy(before)
        self.after = copy.deepcopy(after)
        self.field = field
        self._applied = True  # the change is already in the draft when it is recorded

    def id(self) -> int:
        """Field edits merge with the edit below them when it is of the same field."""
        return FIELD_EDIT_ID if self.field else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Take ``other``'s result when it edits the same field (typing in one field is one step)."""
        if not isinstance(other, DraftChange) or other.field != self.field:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        """Apply the change (not on the first call: the draft already holds it)."""
        if self._applied:
            self._applied = False
            return
        self.apply(copy.deepcopy(self.after), self.field)

    def undo(self) -> None:
        """Put the draft back as it was."""
        self.apply(copy.deepcopy(self.before), self.field)


class DraftHistory(QUndoStack):
    """The undo stack of one scenario draft; ``apply`` shows a draft (and the field a step edited)."""

    def __init__(self, apply: Callable[[Draft, str], None], parent: Any = None) -> None:
        super().__init__(parent)
        self._apply = apply

    def record(self, before: Draft, after: Draft, text: str, field: str = "") -> None:
        """Remember a change already made (nothing when the draft did not change)."""
        if before != after:
            self.push(DraftChange(self._apply, before, after, text, field))


HISTORY_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
EXTRA_REDO = QKeySequence("Ctrl+Shift+Z")


def is_history_key(event: QKeyEvent) -> bool:
    """Whether ``event`` is an undo or redo key (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y or the platform's)."""
    if any(event.matches(key) for key in HISTORY_KEYS):
        return True
    pressed = QKeySequence(event.keyCombination())
    return pressed.matches(EXTRA_REDO) == QKeySequence.SequenceMatch.ExactMatch


class HistoryKeysToWindow(QObject):
    """Send undo/redo keys pressed in a form field to the scenario's history, not the field's text.

    A focused spin box or editable combo box claims Ctrl+Z for its own text; every keystroke is
    already a step of the scenario's history, so the window's Undo (one step per field) wins.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refuse the field's claim on undo/redo keys so that the window's shortcut runs."""
        override = event.type() == QEvent.Type.ShortcutOverride
        if override and isinstance(event, QKeyEvent) and is_history_key(event):
            event.ignore()
            return True
        return False
