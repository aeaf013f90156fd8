"""The Compare tab's baseline: the current result pinned, or a scenario file computed off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QWidget

from gpucalc.plan.compute import Plan, compute_plan
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.scenario_files import open_scenario
from gpucalc.ui.worker import LatestJob

if TYPE_CHECKING:
    from gpucalc.ui.controller import PlanController
    from gpucalc.ui.panels.compare_tab import CompareTab


class Baselines(QObject):
    """Sets the baseline of the window's Compare tab (its current result, or a scenario file)."""

    def __init__(self, window: QWidget, controller: PlanController, compare_tab: CompareTab,
                 warn: Callable[[str, str], None]) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.compare_tab = compare_tab
        self.warn = warn
        self._name = ""
        self._job = LatestJob(self, self._ready, self._failed)
        compare_tab.pinRequested.connect(self.pin)
        compare_tab.openRequested.connect(self.open_dialog)

    def pin(self) -> None:
        """Compare → pin the current result as the baseline."""
        outcome = self.controller.last_outcome
        if outcome is not None:
            name = outcome.scenario.name or f"{outcome.inputs.model.name} · {outcome.inputs.gpu.name}"
            self.compare_tab.set_baseline(outcome, name)

    def open_dialog(self) -> None:
        """Compare → open a scenario file as the baseline."""
        name, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open baseline scenario"), "",
                                              self.tr("gpucalc scenarios (*.gpucalc.json);;JSON (*.json)"))
        if name:
            self.open(Path(name))

    def open(self, path: Path) -> bool:
        """Compute the scenario in ``path`` off the GUI thread and make it the baseline."""
        try:
            scenario = open_scenario(path)
        except ScenarioFileError as exc:
            self.warn(self.tr("Cannot open scenario"), str(exc))
            return False
        self._name = path.name
        self._job.start(partial(compute_plan, self.controller.catalog, scenario))
        return True

    def _failed(self, exc: object) -> None:
        self.warn(self.tr("Cannot compute the baseline"), failure_reason(exc))

    def _ready(self, outcome: object) -> None:
        if isinstance(outcome, Plan):
            self.compare_tab.set_baseline(outcome, self._name)

    def wait(self) -> None:
        """Block until a baseline being computed is done."""
        self._job.wait()
