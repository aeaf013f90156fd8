"""The Compare tab's baseline: the current result pinned, or a scenario file computed off the GUI thread."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from gpucalc.plan.compute import Plan, compute_plan
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.scenario_files import open_scenario
from gpucalc.ui.worker import LatestJob

if TYPE_CHECKING:
    from gpucalc.ui.main_window import MainWindow


class Baselines(QObject):
    """Sets the baseline of ``window``'s Compare tab."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._name = ""
        self._job = LatestJob(self, self._ready, self._failed)
        window.tabs.compare_tab.pinRequested.connect(self.pin)
        window.tabs.compare_tab.openRequested.connect(self.open_dialog)

    def pin(self) -> None:
        """Compare → pin the current result as the baseline."""
        outcome = self.window.controller.last_outcome
        if outcome is not None:
            name = outcome.scenario.name or f"{outcome.inputs.model.name} · {outcome.inputs.gpu.name}"
            self.window.tabs.compare_tab.set_baseline(outcome, name)

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
            self.window.warn(self.tr("Cannot open scenario"), str(exc))
            return False
        self._name = path.name
        self._job.start(partial(compute_plan, self.window.controller.catalog, scenario))
        return True

    def _failed(self, exc: object) -> None:
        self.window.warn(self.tr("Cannot compute the baseline"), failure_reason(exc))

    def _ready(self, outcome: object) -> None:
        if isinstance(outcome, Plan):
            self.window.tabs.compare_tab.set_baseline(outcome, self._name)

    def wait(self) -> None:
        """Block until a baseline being computed is done."""
        self._job.wait()
