"""The report's memory and ceiling tables name figures, formulas and inputs in the report's language."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.explain import Term
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import build_report
from gpucalc.report.data import ReportData
from gpucalc.report.layout import TableRow
from gpucalc.report.risk_sections import range_reason
from gpucalc.report.sections import report_blocks
from gpucalc.report.writer import Writer
from gpucalc.text.terms import formula_text, input_name, term_name

SCENARIOS = {
    "dense": Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                      deployment=Deployment(max_model_len=16384)),
    "moe": Scenario(model="qwen3-30b-a3b", gpu="h100-sxm-80gb", deployment=Deployment(max_model_len=16384)),
}


def _table_rows(data: ReportData) -> list[tuple[str, ...]]:
    blocks, _ = report_blocks(data)
    return [tuple(cell.text for cell in b.cells) for b in blocks if isinstance(b, TableRow)]


def _shown_terms(data: ReportData) -> list[Term]:
    memory, perf = data.result.memory, data.result.performance
    assert perf is not None
    return [*memory.line_items, *memory.binding.weights, *memory.binding.activation_parts,
            memory.kv_cache_tokens, memory.max_concurrency, *(c.value for c in perf.ceilings)]


@pytest.fixture(scope="module")
def chinese_reports() -> dict[str, tuple[ReportData, list[tuple[str, ...]]]]:
    catalog = Catalog.load()
    made = {}
    for name, scenario in SCENARIOS.items():
        data = build_report(scenario, catalog, "zh")
        made[name] = (data, _table_rows(data))
    return made


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_chinese_tables_show_chinese_formulas_and_input_names(
        name: str, chinese_reports: dict[str, tuple[ReportData, list[tuple[str, ...]]]]) -> None:
    data, rows = chinese_reports[name]
    cells = {cell for row in rows for cell in row}
    flat = " ".join(cells)
    for term in _shown_terms(data):
        if not term.value:
            continue
        formula = formula_text(term, "zh")
        assert formula != term.formula, term.key
        assert formula in cells, term.key
        assert term.formula not in cells, term.key
        if not term.key.startswith("ceiling."):  # ceilings are named by their kind
            assert any(term_name(term.key, "zh") in cell for cell in cells), term.key
        for key in term.inputs:
            assert f"{input_name(key, 'zh')} = " in flat, key
    assert "dense MLP (GiB)" not in flat
    assert "kv_blocks" not in flat


def test_moe_weights_name_the_experts_in_chinese(
        chinese_reports: dict[str, tuple[ReportData, list[tuple[str, ...]]]]) -> None:
    data, rows = chinese_reports["moe"]
    labels = {row[0].strip() for row in rows}
    assert term_name("weights.experts", "zh") in labels
    assert "参数量 × 位宽 / 8 / 2^30；参数量 = MoE 层数 × 专家数" in formula_text(
        next(t for t in data.result.memory.binding.weights if t.key == "weights.experts"), "zh")


def test_range_reasons_read_in_chinese_without_repository_pointers(
        chinese_reports: dict[str, tuple[ReportData, list[tuple[str, ...]]]]) -> None:
    data, _ = chinese_reports["dense"]
    assert data.bands is not None
    writer = Writer(data, "zh")
    reasons = [range_reason(writer, r) for r in data.bands.ranges]
    for reason in reasons:
        assert "specs/" not in reason
        assert "python -m" not in reason
        assert not reason.isascii(), reason
