"""Page 1 is a plain-language summary; the appendices carry no code names or repository pointers."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.plan.scenario_file import load_scenario
from gpucalc.report import build_report, write_report
from gpucalc.report.numbers import count
from gpucalc.report.plots import ceiling_scale
from gpucalc.report.reader_text import reader_text
from gpucalc.report.strings import tr
from gpucalc.report.summary import APPENDIX_TITLE, SUMMARY_TITLE, local_time_text
from gpucalc.text.catalogue import translate
from gpucalc.text.extract_messages import extract
from gpucalc.text.terms import PLAIN_CEILING_NAMES, formula_text, input_name, term_name
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import NO_FIT_SCENARIO, TP_SCENARIO

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "llama-3.1-70b-8xa100.gpucalc.json"
SUMMARY_LABELS = ("Summary", "Verdict", "Concurrency", "Rate capacity", "Binding limit", "Top risk",
                  "What would change the answer")
REPOSITORY_POINTERS = (re.compile(r"[a-z_]+\.[a-z_]+ ="), re.compile(r"specs/"),
                       re.compile(r"python -m"), re.compile(r"\bseed 00\d"), re.compile(r"DOMAIN\.md"),
                       re.compile(r"\bgib\b"))


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def module_catalog() -> Catalog:
    return Catalog.load()


@pytest.fixture(scope="module", params=["en", "zh"])
def tp_pages(request: pytest.FixtureRequest, qapp: QApplication, module_catalog: Catalog,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[str]]:
    lang = str(request.param)
    path = tmp_path_factory.mktemp("summary") / f"tp_{lang}.pdf"
    write_report(path, TP_SCENARIO, module_catalog, lang)
    return lang, [_flat(page) for page in pdf_pages(path)]


def test_page_one_holds_the_verdict_words_and_the_answer(module_catalog: Catalog,
                                                         tp_pages: tuple[str, list[str]]) -> None:
    lang, pages = tp_pages
    data = build_report(TP_SCENARIO, module_catalog)
    perf, bands, fleet = data.result.performance, data.bands, data.plan.fleet
    assert perf is not None
    assert bands is not None
    assert fleet is not None
    band = bands.band("recommended_concurrency")
    assert band is not None
    page_one = pages[0]
    for label in SUMMARY_LABELS:
        assert (tr(label, "zh") if lang == "zh" else label) in page_one, label
    assert f"{count(perf.recommended_concurrency.value)} " in page_one
    assert f"{count(band.low.value)}–{count(band.high.value)}" in page_one
    assert fleet.cost_per_month_usd is not None
    assert f"${count(fleet.cost_per_month_usd.value)}" in page_one
    appendix_start = "1. 输入" if lang == "zh" else "1. Inputs"
    assert appendix_start not in page_one
    assert appendix_start in pages[1]


def test_no_repository_path_or_code_name_in_either_language(tp_pages: tuple[str, list[str]]) -> None:
    _, pages = tp_pages
    text = " ".join(pages)
    for pattern in REPOSITORY_POINTERS:
        assert not pattern.search(text), (pattern.pattern, pattern.search(text))


def test_chinese_report_translates_the_labels_it_used_to_leave_in_english(
        tp_pages: tuple[str, list[str]]) -> None:
    lang, pages = tp_pages
    if lang != "zh":
        return
    text = " ".join(pages)
    for english in ("forward gib", "dense mlp", "Pareto", "Summary", "Verdict", "GEMM efficiency",
                    "widened to", "the published measurements", "Σ tensor groups",
                    "memory as the driver reports it"):
        assert english not in text, english
    assert term_name("weights.dense_mlp", "zh") in text
    assert tr("Pareto", "zh") in text
    assert translate("Formulas", "memory as the driver reports it", "zh") in text


def test_every_formula_of_the_memory_and_ceiling_tables_has_chinese(module_catalog: Catalog) -> None:
    for scenario in (TP_SCENARIO, NO_FIT_SCENARIO):
        data = build_report(scenario, module_catalog, "zh")
        memory, perf = data.result.memory, data.result.performance
        terms = [memory.settings.total_gib, *memory.line_items, *memory.binding.weights,
                 *memory.binding.activation_parts, memory.kv_bytes_per_token, memory.kv_cache_tokens,
                 memory.max_concurrency, memory.concurrency_p95, memory.planning_check,
                 *([c.value for c in perf.ceilings] if perf is not None else [])]
        missing = {t.formula for t in terms if formula_text(t, "zh") == formula_text(t, "en")}
        assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_example_scenario_carries_no_internal_reference(qapp: QApplication, module_catalog: Catalog,
                                                        tmp_path: Path, lang: str) -> None:
    example = load_scenario(EXAMPLE)
    # a colleague's copy that names its source: the report must not repeat the reference
    scenario = example.model_copy(update={"name": f"{example.name} (seed 002's case)"})
    write_report(tmp_path / "x.pdf", scenario, module_catalog, lang)
    text = " ".join(_flat(page) for page in pdf_pages(tmp_path / "x.pdf"))
    for pattern in REPOSITORY_POINTERS:
        assert not pattern.search(text), (pattern.pattern, pattern.search(text))


def test_a_model_that_does_not_fit_says_so_on_page_one(qapp: QApplication, module_catalog: Catalog,
                                                       tmp_path: Path) -> None:
    write_report(tmp_path / "nofit.pdf", NO_FIT_SCENARIO, module_catalog, "en")
    page_one = _flat(pdf_pages(tmp_path / "nofit.pdf")[0])
    assert "Does not run: the model does not fit in the GPUs' memory." in page_one
    assert "What would change the answer" in page_one


def test_reader_text_drops_repository_pointers_and_keeps_titles() -> None:
    assert reader_text("seed 001: keep weights + KV(avg) + margin within 70 % of memory") == (
        "keep weights + KV(avg) + margin within 70 % of memory")
    assert reader_text("TTFT errors −43 % … +15 % in specs/validation/throughput.jsonl "
                       "(python -m benchmarks.throughput_accuracy)") == "TTFT errors −43 % … +15 %"
    assert reader_text("decode reaches 60–85 % of HBM bandwidth (DOMAIN.md §4); all-reduce") == (
        "decode reaches 60–85 % of HBM bandwidth; all-reduce")
    assert reader_text("Llama-3.1-70B on one 8× A100-80GB server (seed 002's case)") == (
        "Llama-3.1-70B on one 8× A100-80GB server")
    assert reader_text("non_torch: vLLM 0.19 'non-torch forward increase memory' on H100") == (
        "vLLM 0.19 'non-torch forward increase memory' on H100")
    title = "vLLM docs, 'Optimization and Tuning' (2025)"
    assert reader_text(title) == title


def test_formula_inputs_are_named_in_words() -> None:
    assert input_name("weights.dense_mlp", "en") == "dense MLP (GiB)"
    assert input_name("kv_blocks", "en") == "KV blocks"
    assert input_name("something_new", "en") == "something new"


def test_local_time_names_the_zone_and_its_offset() -> None:
    cet = dt.timezone(dt.timedelta(hours=1), "CET")
    assert local_time_text(dt.datetime(2026, 12, 1, 20, 45, tzinfo=cet)) == "2026-12-01 20:45 CET (UTC+01:00)"
    india = dt.timezone(dt.timedelta(hours=5, minutes=30))
    assert local_time_text(dt.datetime(2026, 12, 1, 2, 5, tzinfo=india)) == "2026-12-01 02:05 (UTC+05:30)"
    pacific = dt.timezone(-dt.timedelta(hours=8), "PST")
    assert local_time_text(dt.datetime(2026, 1, 2, 3, 4, tzinfo=pacific)) == (
        "2026-01-02 03:04 PST (UTC−08:00)")


def test_ceiling_scale_cuts_an_off_scale_bar() -> None:
    """Memory binds at 346, compute at 657, the interconnect at 131,072: the axis follows 657."""
    assert ceiling_scale([346.0, 657.0, 131_072.0], 346.0) == 657.0
    assert ceiling_scale([346.0, 1_000.0], 346.0) == 1_000.0
    assert ceiling_scale([], 0.0) == 1.0


def test_the_texts_the_summary_passes_by_name_are_marked_for_the_catalogue() -> None:
    marked = {(m.context, m.source) for m in extract()}
    shown = [*PLAIN_CEILING_NAMES.values(), SUMMARY_TITLE, APPENDIX_TITLE]
    assert {("Report", text) for text in shown} <= marked
