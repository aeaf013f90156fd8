"""The Hardware and Tools menus: GPUs, tables, lengths, measurements, test plan, benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenuBar

from gpucalc.core.common.revise import revised
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import Workload

if TYPE_CHECKING:
    from gpucalc.ui.controller import PlanController
    from gpucalc.ui.dialogs.measurement_plan_dialog import MeasurementPlanDialog
    from gpucalc.ui.session import Session


class WindowTools(QObject):
    """Opens the tool dialogs of ``window`` and applies what they return to its scenario.

    A change to the user's spec tables (an edit, a saved GPU or calibrated profile) is announced
    through ``catalog_changed`` (the window's ``catalogChanged``), so the window reloads them. The
    dialogs are imported when first opened, which keeps them out of the window's start-up time.
    """

    def __init__(self, window: QMainWindow, controller: PlanController, session: Session,
                 report_language: Callable[[], str], catalog_changed: Callable[[], None]) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.session = session
        self.report_language = report_language
        self.catalog_changed = catalog_changed

    def add_menus(self, bar: QMenuBar) -> None:
        """Add the Hardware and Tools menus to ``bar``."""
        hardware = bar.addMenu(self.tr("&Hardware"))
        self._add(hardware.addAction(self.tr("&Custom GPU…")), self.open_custom_gpu)
        self._add(hardware.addAction(self.tr("&Use the catalog GPU again")), self.clear_custom_gpu)
        tools = bar.addMenu(self.tr("&Tools"))
        self._add(tools.addAction(self.tr("&Spec tables…")), self.open_spec_tables, "Ctrl+T")
        self._add(tools.addAction(self.tr("Request &lengths from a log…")), self.open_lengths)
        self._add(tools.addAction(self.tr("&Measurements and calibration…")), self.open_measurements,
                  "Ctrl+M")
        self._add(tools.addAction(self.tr("Measurement &plan…")), self.open_measurement_plan)
        self._add(tools.addAction(self.tr("Predict a &benchmark…")), self.open_bench)

    @staticmethod
    def _add(action: QAction, slot: object, shortcut: str = "") -> None:
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)

    def open_spec_tables(self) -> None:
        """Tools → Spec tables: edit the user's tables; the window reloads them when closed."""
        from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog

        dialog = SpecTablesDialog(self.session.catalogs(), self.window)
        changed: list[bool] = []
        dialog.tablesChanged.connect(lambda: changed.append(True))
        dialog.exec()
        dialog.wait()  # a table file still being read finishes before the dialog goes away
        if changed:
            self.catalog_changed()

    def open_custom_gpu(self) -> None:
        """Hardware → Custom GPU: plan on a GPU that is not in the catalog."""
        from gpucalc.ui.dialogs.custom_gpu import CustomGpuDialog

        scenario = self.controller.scenario
        dialog = CustomGpuDialog(self.controller.catalog, scenario.gpu,
                                 self.session.catalogs().store, self.window)
        saved: list[str] = []
        dialog.gpuSaved.connect(saved.append)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.gpu is not None:
            self.controller.set_scenario(revised(scenario, custom_gpu=dialog.gpu))
        if saved:
            self.catalog_changed()

    def clear_custom_gpu(self) -> None:
        """Hardware → use the catalog GPU chosen in the form again."""
        scenario = self.controller.scenario
        if scenario.custom_gpu is not None:
            self.controller.set_scenario(revised(scenario, custom_gpu=None))

    def open_lengths(self) -> None:
        """Tools → request lengths: plan with the real length distribution of a log export."""
        from gpucalc.ui.dialogs.lengths_dialog import LengthsDialog

        dialog = LengthsDialog(self.window)
        dialog.workloadChosen.connect(self.use_workload)
        dialog.exec()
        dialog.wait()  # a file still being read finishes before the dialog goes away

    def use_workload(self, workload: object) -> None:
        """Replace the workload (from a lengths file), keeping the rest of the scenario."""
        if isinstance(workload, Workload):
            self.controller.set_scenario(revised(self.controller.scenario, workload=workload))

    def open_measurements(self) -> None:
        """Tools → measurements: compare an engine log, fit to benchmark results, save a profile."""
        from gpucalc.ui.dialogs.measurements import MeasurementsDialog

        dialog = MeasurementsDialog(self.controller.catalog, self.controller.scenario,
                                    self.session.catalogs().store, self.window)
        saved: list[str] = []
        dialog.profileSaved.connect(saved.append)
        dialog.exec()
        if saved:
            self.window.statusBar().showMessage(
                self.tr("Saved engine profile {id}; choose it under Engine.").format(id=saved[-1]), 15_000)
            self.catalog_changed()

    def measurement_plan_dialog(self) -> MeasurementPlanDialog:
        """The measurement plan of the window's current result (not shown yet)."""
        from gpucalc.plan.measurement_plan import measurement_plan
        from gpucalc.ui.dialogs.measurement_plan_dialog import MeasurementPlanDialog

        outcome = self.controller.last_outcome
        mplan = measurement_plan(outcome) if outcome is not None else None
        engine = outcome.inputs.engine.kind if outcome is not None else EngineKind.VLLM
        return MeasurementPlanDialog(mplan, engine, self.report_language(), self.window)

    def open_measurement_plan(self) -> None:
        """Tools → Measurement plan: the load tests that check this estimate, and their results."""
        dialog = self.measurement_plan_dialog()
        dialog.exec()
        dialog.wait()  # results still being read finish before the dialog goes away

    def open_bench(self) -> None:
        """Tools → Predict a benchmark: what a pasted benchmark command would print here."""
        from gpucalc.ui.dialogs.bench_dialog import BenchDialog

        dialog = BenchDialog(self.controller.catalog, self.controller.scenario, self.window)
        dialog.exec()
        dialog.wait()  # a simulation still running finishes before the dialog goes away
