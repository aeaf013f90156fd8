"""CSV exports: plain numbers, RFC 4180 quoting, round trips, zip bundle, shared CLI writer."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.cli.perf_output import sizing_csv, sweep_csv
from gpucalc.core.capacity.figure_band import FigureBand, ResidualSpread
from gpucalc.core.capacity.weak_regimes import WeakRegime
from gpucalc.report.csv_export import (
    CsvTable,
    context_sweep_table,
    figure_bands_table,
    line_items_table,
    plain_number,
    report_tables,
    table_bytes,
    table_text,
    write_csv_files,
)
from gpucalc.report.data import ReportData, build_report
from gpucalc.text.band_text import band_phrase
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO

EXPECTED_FILES = {"summary.csv", "line_items.csv", "term_inputs.csv", "answer.csv",
                  "context_sweep.csv", "concurrency_sweep.csv", "per_card_grid.csv", "sizing.csv",
                  "fleet.csv", "uncertainty.csv", "simulation_sweep.csv", "figure_bands.csv", "README.txt"}


@pytest.fixture
def small(catalog: Catalog) -> ReportData:
    return build_report(SMALL_SCENARIO, catalog)


@pytest.mark.parametrize(("value", "text"), [
    (1234567.0, "1234567"), (0.1, "0.1"), (1e-05, "0.00001"), (1e16, "10000000000000000"),
    (2.5, "2.5"), (-0.0, "0"), (7, "7"), (float("nan"), ""), (1 / 3, "0.333333333"),
])
def test_plain_number_has_no_exponent_or_separator(value: float, text: str) -> None:
    assert plain_number(value) == text


def _read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_rfc4180_quoting_round_trips() -> None:
    table = CsvTable("t", ("name_text", "value_ms"),
                     (('has "quotes", commas\nand a newline', 1.5), ("plain", None), ("b", True)))
    rows = _read(table_text(table))
    assert rows[0] == {"name_text": 'has "quotes", commas\nand a newline', "value_ms": "1.5"}
    assert rows[1]["value_ms"] == ""
    assert rows[2]["value_ms"] == "true"


def test_file_bytes_are_utf8_with_bom_and_crlf() -> None:
    content = table_bytes(CsvTable("t", ("formula",), (("a × b − c",),)))
    assert content.startswith(b"\xef\xbb\xbf")
    assert b"\r\n" in content
    assert content.decode("utf-8-sig").splitlines()[1] == "a × b − c"


def test_line_items_round_trip(small: ReportData) -> None:
    memory = small.result.memory
    rows = _read(table_text(line_items_table(memory)))
    by_item = {r["item"]: r for r in rows if not r["part_of"]}
    for term in memory.line_items:
        assert float(by_item[term.key]["value_gib_per_gpu"]) == pytest.approx(term.value, rel=1e-8)
        assert by_item[term.key]["formula"] == term.formula
    weight_parts = [r for r in rows if r["part_of"] == "weights_gib_per_gpu"]
    assert sum(float(r["value_gib_per_gpu"]) for r in weight_parts) == pytest.approx(
        memory.binding.weights_total.value, rel=1e-6)


def test_sweep_and_load_curve_round_trip(small: ReportData) -> None:
    assert small.sweep is not None
    assert small.result.performance is not None
    rows = _read(table_text(context_sweep_table(small.sweep)))
    assert len(rows) == len(small.sweep.points)
    for row, point in zip(rows, small.sweep.points, strict=True):
        assert int(row["planning_length_tokens"]) == point.context_tokens
        assert float(row["memory_ceiling_requests"]) == point.memory
        assert float(row["compute_ceiling_requests"]) == point.compute
        assert row["interconnect_ceiling_requests"] == ""  # one GPU: no interconnect limit
        assert float(row["scheduler_cap_requests"]) == point.scheduler
        assert row["binding"] == point.binding.value
    tables = {t.name: t for t in report_tables(small)}
    curve = _read(table_text(tables["concurrency_sweep"]))
    first = small.result.performance.load_curve[0]
    assert list(curve[0]) == ["concurrency_requests", "ttft_ms", "tpot_ms", "output_tokens_per_s"]
    assert float(curve[0]["ttft_ms"]) == pytest.approx(first.ttft_ms, rel=1e-8)
    assert float(curve[0]["output_tokens_per_s"]) == pytest.approx(first.output_tokens_per_s, rel=1e-8)


def test_grid_and_sizing_round_trip(small: ReportData) -> None:
    tables = {t.name: t for t in report_tables(small)}
    grid = _read(table_text(tables["per_card_grid"]))
    assert len(grid) == len(small.grid)
    assert float(grid[0]["concurrency_requests"]) == small.grid[0].concurrency
    sizing = _read(table_text(tables["sizing"]))
    assert len(sizing) == len(small.sizing) > 0
    cheapest = small.sizing[0]
    assert sizing[0]["gpu"] == cheapest.gpu
    assert int(sizing[0]["gpus_total"]) == cheapest.gpus_total
    assert sizing[0]["pareto"] in {"true", "false"}
    assert "," not in sizing[0]["requests_per_s_per_replica_planned"]


def test_cli_csv_uses_the_export_writer(small: ReportData) -> None:
    assert small.sweep is not None
    assert sweep_csv(small.sweep) == table_text(context_sweep_table(small.sweep))
    assert sizing_csv(list(small.sizing)).startswith("gpu,precision,kv_format")


def test_zip_bundle_holds_every_table(tmp_path: Path, catalog: Catalog) -> None:
    written = write_csv_files(tmp_path / "plan.zip", SMALL_SCENARIO, catalog)
    assert written == [tmp_path / "plan.zip"]
    with zipfile.ZipFile(written[0]) as archive:
        assert set(archive.namelist()) == EXPECTED_FILES
        text = archive.read("line_items.csv").decode("utf-8-sig")
    assert text.startswith("item,part_of,value_gib_per_gpu,formula,inputs,sources\r\n")


def test_folder_export_and_no_fit(tmp_path: Path, catalog: Catalog) -> None:
    written = write_csv_files(tmp_path / "out", SMALL_SCENARIO, catalog)
    assert {p.name for p in written} == EXPECTED_FILES
    assert all(p.stat().st_size > 0 for p in written)
    only = write_csv_files(tmp_path / "nofit.zip", NO_FIT_SCENARIO, catalog)
    with zipfile.ZipFile(only[0]) as archive:
        assert archive.namelist() == ["summary.csv", "line_items.csv", "term_inputs.csv",
                                      "README.txt"]  # no band: nothing runs


def test_cli_export_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.zip"
    assert main(["export-csv", "llama-3.1-8b-instruct", "--gpu", "h100", "--max-model-len", "8192",
                 "-o", str(out)]) == 0
    assert zipfile.ZipFile(out).namelist()
    assert str(out) in capsys.readouterr().out
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    assert main(["export-csv", "llama-3.1-8b-instruct", "--gpu", "h100", "-o", str(blocker)]) == 2
    assert "give a .zip name or a folder" in capsys.readouterr().err


def test_figure_bands_round_trip_with_the_words_of_the_report(small: ReportData) -> None:
    bands = small.plan.figure_bands
    rows = _read(table_text(figure_bands_table(bands, "en")))
    assert [r["figure"] for r in rows] == [b.key for b in bands]
    assert "recommended_concurrency" in {r["figure"] for r in rows}
    for row, band in zip(rows, bands, strict=True):
        assert float(row["low"]) <= float(row["expected"]) <= float(row["high"])
        assert float(row["expected"]) == pytest.approx(band.expected)
        assert row["band_share"] == "0.8"
        assert row["band"] == band_phrase(band, "en")
        assert row["widened_because"] == ""  # a dense model on one GPU: every regime measured


def test_a_widened_band_says_why_in_the_export_language() -> None:
    spread = ResidualSpread(rows=12, regime=(("architecture", "moe"), ("parallel", "dp_ep")),
                            low_factor=0.5, high_factor=1.6, widened_for=(WeakRegime.LARGE_MOE_DP_EP,))
    band = FigureBand(key="rate_capacity", unit="req/s", low=1.0, expected=2.0, high=3.2, spread=spread)
    en, zh = (_read(table_text(figure_bands_table([band], lang)))[0] for lang in ("en", "zh"))
    assert en["regime"] == "architecture=moe; parallel=dp_ep"
    assert en["validation_runs"] == "12"
    assert en["widened_because"] == "widened: no validation run of DP attention + expert parallel"
    assert zh["widened_because"] == "已放宽：验证集中没有 DP 注意力 + 专家并行的实测"
    assert "已放宽" in zh["band"]
