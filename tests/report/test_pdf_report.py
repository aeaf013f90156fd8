"""The PDF report: every section, the Result's numbers as printed, Chinese, no-fit, threads."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.plan.checklist import fill_checklist
from gpucalc.report import ReportSummary, build_report, write_report
from gpucalc.report.numbers import count, gib
from gpucalc.report.strings import tr
from gpucalc.report.summary import SUMMARY_TITLE
from gpucalc.report.writer import SECTION_TITLES
from gpucalc.text.terms import ceiling_name
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO, TP_SCENARIO


@pytest.fixture(scope="module")
def module_catalog() -> Catalog:
    return Catalog.load()


@pytest.fixture(scope="module")
def english(qapp: QApplication, module_catalog: Catalog,
            tmp_path_factory: pytest.TempPathFactory) -> tuple[ReportSummary, list[str]]:
    path = tmp_path_factory.mktemp("report") / "plan.pdf"
    summary = write_report(path, TP_SCENARIO, module_catalog, "en")
    return summary, pdf_pages(path)


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(page.split()) for page in pages)


def test_every_section_is_in_the_pdf_in_order(english: tuple[ReportSummary, list[str]]) -> None:
    summary, pages = english
    assert summary.sections == (SUMMARY_TITLE, *SECTION_TITLES)
    assert summary.pages == len(pages) >= 4
    text = _flat(pages)
    positions = [text.index(title) for title in SECTION_TITLES]
    assert positions == sorted(positions)
    assert "GPU inference capacity report" in text
    assert f"Page {summary.pages} of {summary.pages}" in text


def test_printed_numbers_equal_the_result(module_catalog: Catalog,
                                          english: tuple[ReportSummary, list[str]]) -> None:
    data = build_report(TP_SCENARIO, module_catalog)
    memory, perf = data.result.memory, data.result.performance
    assert perf is not None
    text = _flat(english[1])
    assert f"{count(memory.kv_cache_tokens.value)} tokens" in text
    assert f"{gib(memory.binding.weights_total.value)} GiB" in text
    assert f"{count(perf.recommended_concurrency.value)} requests in flight per replica with P95" in text
    assert f"Plan {count(perf.online_capacity.value)} requests per replica online" in text
    assert "vllm serve meta-llama/Llama-3.1-70B-Instruct" in text
    assert "--tensor-parallel-size 4" in text


def test_checklist_is_filled_in(module_catalog: Catalog,
                                english: tuple[ReportSummary, list[str]]) -> None:
    text = _flat(english[1])
    items = fill_checklist(build_report(TP_SCENARIO, module_catalog).plan)
    assert len(items) == 8
    for item in items:  # titles may wrap inside their cell: the first words share a line
        assert " ".join(item.title.split()[:2]) in text
    assert text.count("attention") >= sum(not i.passed for i in items)
    assert "Planned at P95: 6,000 input + 600 output =" in text


def test_chinese_report_is_extractable(qapp: QApplication, module_catalog: Catalog,
                                       tmp_path: Path) -> None:
    summary = write_report(tmp_path / "zh.pdf", SMALL_SCENARIO, module_catalog, "zh")
    text = _flat(pdf_pages(tmp_path / "zh.pdf"))
    assert summary.lang == "zh"
    assert summary.sections[:3] == tuple(tr(t, "zh") for t in (SUMMARY_TITLE, "1. Inputs",
                                                              "2. Pre-reporting checklist"))
    for needle in ("推理容量报告", "报数前自查清单", "权重占用单独列一行", "单卡显存", "并发上限"):
        assert needle in text, needle
    assert "Pre-reporting checklist" not in text


def test_no_fit_report_says_why(qapp: QApplication, module_catalog: Catalog, tmp_path: Path) -> None:
    summary = write_report(tmp_path / "nofit.pdf", NO_FIT_SCENARIO, module_catalog, "en")
    text = _flat(pdf_pages(tmp_path / "nofit.pdf"))
    assert not summary.fits
    assert "The model does not fit: no memory is left for the KV cache" in text
    assert "3. Memory per GPU" in text
    assert "5. Ceilings against planning length" not in text


def test_write_report_runs_on_a_worker_thread(qapp: QApplication, module_catalog: Catalog,
                                              tmp_path: Path) -> None:
    results: list[ReportSummary] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            results.append(write_report(tmp_path / "thread.pdf", SMALL_SCENARIO, module_catalog, "en"))
        except BaseException as exc:  # re-raised in the test thread
            errors.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=60)
    assert not errors, errors
    assert results[0].size_bytes == (tmp_path / "thread.pdf").stat().st_size > 10_000


def test_sweep_grid_and_range_print_the_answer(module_catalog: Catalog,
                                               english: tuple[ReportSummary, list[str]]) -> None:
    """Section 5 names the answer's point, section 7's scenario column is the answer, and the
    printed range of the recommended concurrency brackets every printed tornado bar."""
    data = build_report(TP_SCENARIO, module_catalog)
    perf = data.result.performance
    assert perf is not None
    assert data.sweep is not None
    assert data.bands is not None
    assert data.sensitivity is not None
    text = _flat(english[1])
    planning, answer = count(data.sweep.planning_tokens), count(perf.recommended_concurrency.value)
    assert f"at {planning} tokens it is the answer" in text
    assert f"scenario ({planning})" in text
    assert f"{answer} · {ceiling_name(perf.bottleneck, 'en', short=True)}" in text
    band = data.bands.band("recommended_concurrency")
    assert band is not None
    low, high = count(band.low.value), count(band.high.value)
    assert f"Recommended concurrency {low} {answer} {high} requests" in text
    results = [r for bar in data.sensitivity.bars for r in (bar.result_at_low, bar.result_at_high)]
    assert band.low.value <= min(results)
    assert max(results) <= band.high.value
