"""The Chinese PDF report, read back as printed: no English label a user needs to read."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import write_report
from gpucalc.ui.scenario_files import example_paths, example_title, open_scenario
from tests.i18n.scan import bundled_allowed, english_found, printed_text
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import NO_FIT_SCENARIO

SCENARIOS = {**{example_title(path): path for path in example_paths()}, "no-fit": None}


def _scenario(name: str) -> Scenario:
    path = SCENARIOS[name]
    return NO_FIT_SCENARIO if path is None else open_scenario(path)


@pytest.fixture(scope="module")
def catalog_once() -> Catalog:
    return Catalog.load()


def chinese_report(name: str, catalog: Catalog, folder: Path) -> tuple[Scenario, list[str]]:
    """The pages of the Chinese report of scenario ``name``, as text."""
    scenario = _scenario(name)
    path = folder / f"{name}.pdf"
    write_report(path, scenario, catalog, "zh")
    return scenario, pdf_pages(path, layout=False)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_report_is_read_back_in_chinese(qapp: QApplication, catalog_once: Catalog, tmp_path: Path,
                                            name: str) -> None:
    _, pages = chinese_report(name, catalog_once, tmp_path)
    text = " ".join(pages)
    assert len(pages) >= 2
    assert "推理容量报告" in text


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_chinese_report_has_no_english(qapp: QApplication, catalog_once: Catalog, tmp_path: Path,
                                           name: str) -> None:
    scenario, pages = chinese_report(name, catalog_once, tmp_path)
    allowed = bundled_allowed().with_names([scenario.name, f"{name}.pdf"])
    shown = [(f"page {number}", printed_text(page)) for number, page in enumerate(pages, start=1)]
    assert english_found(shown, allowed) == {}
