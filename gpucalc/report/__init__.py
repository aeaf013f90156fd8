"""Reports and exports: the PDF report (Qt GUI classes, no widgets) and CSV files (no Qt).

Importing this package does not import Qt; :func:`write_report` loads the PDF writer when called.
"""

from __future__ import annotations

from pathlib import Path

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report.data import ReportData, ReportSummary, build_report


def write_report(path: Path, scenario: Scenario, catalog: Catalog, lang: str = "en") -> ReportSummary:
    """Calculate ``scenario`` and write its PDF report to ``path`` (safe on a worker thread)."""
    from gpucalc.report.pdf import write_pdf  # noqa: PLC0415 - Qt loads only when a PDF is wanted

    return write_pdf(path, build_report(scenario, catalog, lang))


__all__ = ["ReportData", "ReportSummary", "build_report", "write_report"]
