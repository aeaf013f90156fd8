"""What an import would change, worded for the user, and the dialog that asks to go ahead."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from gpucalc.catalog.table_io import ImportPreview
from gpucalc.ui.plain_text import PlainLabel

MAX_LISTED_PROBLEMS = 50


@dataclass(frozen=True)
class ImportPlan:
    """An import preview split against the current table: what is new, changed, unchanged."""

    preview: ImportPreview
    new: tuple[str, ...]
    changed: tuple[str, ...]
    unchanged: tuple[str, ...]

    @classmethod
    def of(cls, preview: ImportPreview, existing: Mapping[str, BaseModel]) -> ImportPlan:
        """Compare ``preview`` with the entries the table lists now."""
        new, changed, same = preview.changes(existing)
        return cls(preview, tuple(new), tuple(changed), tuple(same))

    @property
    def writes(self) -> bool:
        """Whether confirming would save anything."""
        return self.preview.ok and bool(self.new or self.changed)

    def to_apply(self) -> ImportPreview:
        """The preview restricted to new and changed entries (unchanged ones are not copied)."""
        keep = set(self.new) | set(self.changed)
        entries = {key: entry for key, entry in self.preview.entries.items() if key in keep}
        return ImportPreview(self.preview.table, entries, ())


translate = QCoreApplication.translate


def plan_summary(plan: ImportPlan) -> str:
    """Lines saying what would be added and changed, or why nothing can be imported."""
    problems = plan.preview.problems
    if problems:
        lines = [translate("ImportPreview", "Nothing can be imported: {n} problem(s).").format(
            n=len(problems))]
        lines += [str(problem) for problem in problems[:MAX_LISTED_PROBLEMS]]
        return "\n".join(lines)
    lines = [
        translate("ImportPreview", "New entries ({n}): {ids}").format(
            n=len(plan.new), ids=", ".join(plan.new) or "–"),
        translate("ImportPreview", "Changed entries ({n}): {ids}").format(
            n=len(plan.changed), ids=", ".join(plan.changed) or "–"),
        translate("ImportPreview", "Unchanged, skipped: {n}").format(n=len(plan.unchanged)),
    ]
    if not plan.writes:
        lines.append(translate("ImportPreview", "The import would change nothing."))
    return "\n".join(lines)


class ImportPreviewDialog(QDialog):
    """Shows :func:`plan_summary`; OK (only when there is something to import) confirms."""

    def __init__(self, plan: ImportPlan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import preview"))
        self.summary = QPlainTextEdit(plan_summary(plan))
        self.summary.setReadOnly(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Import"))
        ok.setEnabled(plan.writes)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(PlainLabel(self.tr("Importing into the {table} table:").format(
            table=plan.preview.table)))
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.resize(560, 320)
