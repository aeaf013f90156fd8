"""File → Export: the PDF report and the CSV tables, written on a worker thread."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report.file_names import export_file_name
from gpucalc.ui.failures import failure_reason
from gpucalc.ui.worker import Worker


class Exporter(QObject):
    """Writes exports off the GUI thread; says where they went (``done``) or why not (``failed``)."""

    done = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._parent = parent
        self._worker = Worker(self, max_threads=1)
        self._worker.finished.connect(self._finished)
        self._worker.failed.connect(self._failed)
        self._pending: dict[int, Path] = {}
        self._count = 0

    @property
    def busy(self) -> bool:
        """Whether an export is still being written."""
        return bool(self._pending)

    def pdf_dialog(self, scenario: Scenario, catalog: Catalog, lang: str) -> bool:
        """Ask where to save the PDF report, then write it; whether it was started (not cancelled)."""
        name, _ = QFileDialog.getSaveFileName(self._parent, self.tr("Export report"),
                                              export_file_name("report", scenario.name),
                                              self.tr("PDF (*.pdf)"))
        if name:
            self.export_pdf(Path(name), scenario, catalog, lang)
        return bool(name)

    def csv_dialog(self, scenario: Scenario, catalog: Catalog, lang: str = "en") -> bool:
        """Ask where to save the CSV tables (one zip), then write them; whether it was started."""
        name, _ = QFileDialog.getSaveFileName(self._parent, self.tr("Export CSV tables"),
                                              export_file_name("tables", scenario.name),
                                              self.tr("Zip of CSV files (*.zip)"))
        if name:
            self.export_csv(Path(name), scenario, catalog, lang)
        return bool(name)

    def export_pdf(self, path: Path, scenario: Scenario, catalog: Catalog, lang: str) -> None:
        """Write the PDF report of ``scenario`` to ``path`` (``lang``: 'en' or 'zh')."""
        from gpucalc.report import write_report

        path = path if path.suffix.lower() == ".pdf" else path.with_suffix(".pdf")
        self._start(partial(write_report, path, scenario, catalog, lang), path)

    def export_csv(self, path: Path, scenario: Scenario, catalog: Catalog, lang: str = "en") -> None:
        """Write the CSV tables of ``scenario`` into the zip ``path`` (README in ``lang``)."""
        from gpucalc.report.csv_export import write_csv_files

        path = path if path.suffix.lower() == ".zip" else path.with_suffix(".zip")
        self._start(partial(write_csv_files, path, scenario, catalog, lang), path)

    def wait(self) -> None:
        """Block until a running export is done."""
        self._worker.wait()

    def _start(self, job: Callable[[], object], path: Path) -> None:
        """Queue ``job``; every export is reported with its own path (none is superseded)."""
        self._count += 1
        self._pending[self._count] = path
        self._worker.submit(self._count, job)

    def _finished(self, number: int, _result: object) -> None:
        path = self._pending.pop(number, None)
        if path is not None:
            self.done.emit(str(path))

    def _failed(self, number: int, exc: object) -> None:
        self._pending.pop(number, None)
        self.failed.emit(failure_reason(exc))
