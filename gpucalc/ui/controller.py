"""The controller owns the current scenario; edits come in, debounced results go out."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import Plan, compute_plan
from gpucalc.ui.failures import Failure, describe_failure, describe_in_window
from gpucalc.ui.fields import field_title
from gpucalc.ui.undo import DraftHistory
from gpucalc.ui.worker import LatestJob

DEBOUNCE_MS = 150


def _set_path(data: dict[str, Any], path: str, value: Any) -> None:
    *sections, field = path.split(".")
    target = data
    for section in sections:
        if target.get(section) is None:  # an optional sub-model, edited while off: stays off
            target[section] = {"method": None}
        target = target[section]
    target[field] = value


class PlanController(QObject):
    """Holds the last valid :class:`Scenario`, the draft the form shows and the last result.

    Signals: ``scenarioReplaced`` when the whole scenario is set from outside the form (open,
    paste); ``fieldErrors`` with ``{path: reason}`` after every edit (empty when valid);
    ``resultReady`` with a :class:`Plan` of the current generation; ``computeFailed``
    with a one-line cause in plain words (:mod:`gpucalc.ui.failures`) and the field it belongs
    to; stale answers are dropped and counted.
    """

    scenarioReplaced = Signal(object)
    fieldErrors = Signal(object)
    resultReady = Signal(object)
    computeFailed = Signal(str, str)
    computeStarted = Signal()

    def __init__(self, catalog: Catalog, scenario: Scenario | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.scenario = scenario or Scenario()
        self._draft: dict[str, Any] = self.scenario.model_dump(mode="json")
        self.errors: dict[str, str] = {}
        self.last_outcome: Plan | None = None
        self.last_error: str = ""
        self.last_failure: Failure | None = None
        self.last_failure_field = ""  # the field the last failure belongs to ('' when none or unknown)
        self.history = DraftHistory(self.restore_draft, self)
        self._job = LatestJob(self, self._on_finished, self._on_failed, max_threads=2, skip_superseded=True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.compute_now)

    @property
    def generation(self) -> int:
        """How many computations were started."""
        return self._job.generation

    @property
    def dropped(self) -> int:
        """How many answers came back for a scenario that had already changed (and were not shown)."""
        return self._job.dropped

    def draft_value(self, path: str) -> Any:
        """The value the form should show at ``path`` (valid or not)."""
        target: Any = self._draft
        for part in path.split("."):
            target = target.get(part) if isinstance(target, dict) else None
        return target

    def set_scenario(self, scenario: Scenario, what: str = "") -> None:
        """Replace the whole scenario (pasted command, preset, reset) as one undoable step."""
        before = copy.deepcopy(self._draft)
        self._replace(scenario)
        self.history.record(before, self._draft, what or QCoreApplication.translate(
            "PlanController", "replace the scenario"))

    def open_scenario(self, scenario: Scenario) -> None:
        """Start over on ``scenario`` (a file opened): nothing to undo, nothing unsaved."""
        self._replace(scenario)
        self.history.clear()

    def _replace(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._draft = scenario.model_dump(mode="json")
        self.errors = {}
        self.scenarioReplaced.emit(scenario)
        self.fieldErrors.emit({})
        self.schedule()

    def restore_draft(self, draft: dict[str, Any], field: str = "") -> None:
        """Show ``draft`` (an undo or redo step of ``field``), valid or not, and recompute if valid."""
        self._draft = draft
        self._validate_draft(field)
        self.scenarioReplaced.emit(self.scenario)

    def set_field(self, path: str, value: Any) -> None:
        """Apply one form edit (undoable); invalid drafts are flagged and keep the last valid scenario."""
        before = copy.deepcopy(self._draft)
        _set_path(self._draft, path, value)
        self.history.record(before, self._draft, QCoreApplication.translate(
            "PlanController", "edit {field}").format(field=field_title(path)), field=path)
        self._validate_draft(path)

    def _validate_draft(self, path: str) -> None:
        """Check the draft; take it as the scenario when valid, else flag the field at fault."""
        try:
            scenario = Scenario.model_validate(self._draft)
        except ValidationError as exc:
            described = describe_in_window(exc)
            self.errors = {self._error_field(described.field, described.fields, path): described.message}
            self.fieldErrors.emit(dict(self.errors))
            return
        self.errors = {}
        self.fieldErrors.emit({})
        if scenario != self.scenario:
            self.scenario = scenario
            self.schedule()

    def _error_field(self, where: str, named: tuple[str, ...], path: str) -> str:
        """The field to flag for an error found at ``where`` (naming ``named``) after an edit of ``path``.

        The edited field when the error names it or lies in its section; else the field already
        flagged for an error in that section (editing an unrelated field does not move the flag to
        a section name).
        """
        if path and (path in named or where in ("", path.rpartition(".")[0])):
            return path
        flagged = next((f for f in self.errors if not where or f.startswith(where + ".")), "")
        return flagged or where

    def set_debounce_ms(self, ms: int) -> None:
        """Wait ``ms`` after the last edit before computing (tests and the window fuzzer shorten it)."""
        self._timer.setInterval(max(0, ms))

    def schedule(self) -> None:
        """Recompute after the debounce interval (restarts on every call)."""
        self._timer.start()

    def compute_now(self) -> None:
        """Start a computation of the current scenario now."""
        self._timer.stop()
        self.computeStarted.emit()
        self._job.start(partial(compute_plan, self.catalog, self.scenario))

    def shutdown(self) -> None:
        """Stop the timer and wait for running jobs (before the window goes away)."""
        self._timer.stop()
        self._job.wait()

    def _on_finished(self, outcome: object) -> None:
        if not isinstance(outcome, Plan):
            return
        self.last_outcome = outcome
        self.last_error = ""
        self.last_failure = None
        self.resultReady.emit(outcome)

    def _on_failed(self, exc: object) -> None:
        self.last_failure = describe_failure(exc)
        self.last_error = self.last_failure.cause
        field = self.last_failure.field
        self.last_failure_field = field
        self.computeFailed.emit(self.last_error, field)

    def set_catalog(self, catalog: Catalog) -> None:
        """Use ``catalog`` from now on (the user edited the spec tables) and recompute now."""
        self.catalog = catalog
        self.compute_now()
