"""The uncertainty and traffic-simulation sections: numbers as printed, Chinese, no-fit, CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.plan.compute import SIM_REQUESTS_PER_RATE, simulate_plan
from gpucalc.report.csv_export import (
    report_tables,
    simulation_sweep_table,
    table_text,
    uncertainty_table,
    write_csv_files,
)
from gpucalc.report.data import ReportData, build_report
from gpucalc.report.numbers import count, sig3
from gpucalc.report.pdf import write_pdf
from gpucalc.report.strings import tr
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO, TP_SCENARIO

CREATED = dt.datetime(2026, 1, 2, 3, 4, tzinfo=dt.UTC)
UNCERTAINTY_TITLE = "9. Uncertainty and sensitivity"
SIMULATION_TITLE = "10. Traffic simulation"


@pytest.fixture(scope="module")
def tp_data() -> ReportData:
    return build_report(TP_SCENARIO, Catalog.load(), "en", created=CREATED)


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(page.split()) for page in pages)


def _render(data: ReportData, lang: str, folder: Path) -> str:
    path = folder / f"{lang}.pdf"
    write_pdf(path, data.model_copy(update={"lang": lang}))
    return _flat(pdf_pages(path))


@pytest.fixture(scope="module")
def tp_text(qapp: QApplication, tp_data: ReportData, tmp_path_factory: pytest.TempPathFactory) -> str:
    return _render(tp_data, "en", tmp_path_factory.mktemp("risk"))


@pytest.fixture(scope="module")
def tp_text_zh(qapp: QApplication, tp_data: ReportData,
               tmp_path_factory: pytest.TempPathFactory) -> str:
    return _render(tp_data, "zh", tmp_path_factory.mktemp("risk_zh"))


def test_new_sections_sit_between_sizing_and_efficiency(tp_text: str, tp_text_zh: str) -> None:
    order = ["8. Fleet sizing and cost", UNCERTAINTY_TITLE, SIMULATION_TITLE, "11. Efficiency assumptions"]
    positions = [tp_text.index(title) for title in order]
    assert positions == sorted(positions)
    zh_order = [tr(title, "zh") for title in order]
    assert zh_order[1:3] == ["9. 不确定性与敏感性", "10. 流量仿真"]
    zh_positions = [tp_text_zh.index(title) for title in zh_order]
    assert zh_positions == sorted(zh_positions)
    assert "Traffic simulation" not in tp_text_zh
    for needle in ("敏感性", "有效吞吐", "拐点", "预期"):
        assert needle in tp_text_zh, needle


def test_concurrency_band_is_printed_as_computed(tp_data: ReportData, tp_text: str,
                                                 tp_text_zh: str) -> None:
    assert tp_data.bands is not None
    band = tp_data.bands.band("recommended_concurrency")
    assert band is not None
    assert band.low.value < band.high.value  # the scenario has a real band, not one number
    numbers = f"{count(band.low.value)} {count(band.expected.value)} {count(band.high.value)}"
    assert f"Recommended concurrency {numbers} requests" in tp_text
    assert f"推荐并发 {numbers}" in tp_text_zh
    gpus = tp_data.bands.band("gpus_needed")
    assert gpus is not None
    assert f"GPUs needed {count(gpus.low.value)} {count(gpus.expected.value)}" in tp_text


def test_sensitivity_ranking_is_printed(tp_data: ReportData, tp_text: str) -> None:
    assert tp_data.sensitivity is not None
    rank, top = next((i, b) for i, b in enumerate(tp_data.sensitivity.bars, 1)
                     if b.key == "input_len_p95")
    row = (f"{rank} Input length P95 {sig3(top.low_value)}–{sig3(top.high_value)} tokens "
           f"{count(top.result_at_low)} {count(top.result_at_high)} {count(top.swing)}")
    assert row in tp_text
    assert "Ranges of the uncertain constants" in tp_text
    assert "×0.5 – ×2.5" in tp_text  # CUDA-graph memory's stated range


def test_simulation_table_equals_the_data(tp_data: ReportData, tp_text: str) -> None:
    sim = tp_data.simulation
    assert sim is not None
    assert len(sim.sweep.points) >= 6
    for point in sim.sweep.points:
        r = point.result
        row = " ".join(sig3(v) for v in (point.request_rate, r.ttft_ms.p50.value, r.ttft_ms.p95.value,
                                         r.tpot_ms.p50.value, r.tpot_ms.p95.value,
                                         r.output_tokens_per_s.value, r.goodput.value))
        assert row in tp_text, row
    assert f"{SIM_REQUESTS_PER_RATE} requests per rate" in tp_text
    assert "fixed seed 0" in tp_text


def test_capacity_sentence_compares_with_the_analytic_rate(tp_data: ReportData, tp_text: str) -> None:
    sim, perf = tp_data.simulation, tp_data.result.performance
    assert sim is not None
    assert perf is not None
    assert perf.rate_capacity is not None
    capacity, analytic = sim.sweep.slo_capacity.value, perf.rate_capacity.requests_per_s_per_dp_rank
    assert 0 < capacity < max(p.request_rate for p in sim.sweep.points)
    assert (f"Capacity at the P95 SLO among the swept rates (TTFT ≤ 2,000 ms, TPOT ≤ 50 ms): "
            f"{sig3(capacity)} req/s per replica") in tp_text
    assert f"of the answer's rate capacity ({sig3(analytic)} req/s)" in tp_text
    assert f"2 replicas: {sig3(2 * capacity)} req/s in all." in tp_text


def test_bisection_against_the_percentile_capacity(tp_data: ReportData, tp_text: str) -> None:
    sim = tp_data.simulation
    assert sim is not None
    assert sim.slo_capacity is not None
    bisect = sim.slo_capacity
    assert bisect.percentile == 95
    assert (f"Bisection in the simulator: {sig3(bisect.simulated.value)} req/s per replica at the "
            f"P95 SLO; the rate capacity of the answer, {sig3(bisect.analytic.value)} "
            "req/s,") in " ".join(tp_text.split())
    assert bisect.stated.value == (bisect.analytic.value if bisect.agrees
                                   else bisect.simulated.value)


@pytest.mark.fresh_report_plans
def test_simulation_is_reproducible(tp_data: ReportData) -> None:
    again = build_report(TP_SCENARIO, Catalog.load(), "en", created=CREATED)
    assert again.simulation == tp_data.simulation
    assert again.simulation is not None
    assert simulate_plan(again.inputs, again.result.memory) == tp_data.simulation
    # the rates are not all equally loaded: the sweep is a real curve, not one point repeated
    ttfts = [p.result.ttft_ms.p95.value for p in again.simulation.sweep.points]
    assert ttfts[-1] > 2 * ttfts[0]


def test_no_fit_report_skips_both_sections(qapp: QApplication, tmp_path: Path) -> None:
    data = build_report(NO_FIT_SCENARIO, Catalog.load(), "en", created=CREATED)
    assert data.simulation is None
    assert data.bands is None
    text = _render(data, "en", tmp_path)
    assert f"{SIMULATION_TITLE} Not simulated: the model does not fit on this deployment." in text
    assert f"{UNCERTAINTY_TITLE} Not evaluated: the model does not fit on this deployment." in text
    assert "TTFT P50 (ms)" not in text
    assert "未仿真：该部署放不下此模型。" in _render(data, "zh", tmp_path)


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_uncertainty_and_simulation_csv_round_trip(tp_data: ReportData) -> None:
    assert tp_data.bands is not None
    assert tp_data.simulation is not None
    bands = _rows(table_text(uncertainty_table(tp_data.bands)))
    assert [r["result"] for r in bands] == ["kv_cache_tokens", "recommended_concurrency", "gpus_needed"]
    for row, band in zip(bands, tp_data.bands.bands, strict=True):
        assert row["unit"] == band.unit
        assert [float(row[k]) for k in ("low", "expected", "high")] == [
            band.low.value, band.expected.value, band.high.value]
    sweep = _rows(table_text(simulation_sweep_table(tp_data.simulation.sweep)))
    assert list(sweep[0]) == ["rate_req_per_s", "ttft_ms_p50", "ttft_ms_p95", "tpot_ms_p50",
                              "tpot_ms_p95", "output_tokens_per_s", "goodput_req_per_s"]
    assert len(sweep) == len(tp_data.simulation.sweep.points)
    for row, point in zip(sweep, tp_data.simulation.sweep.points, strict=True):
        r = point.result
        expected = (point.request_rate, r.ttft_ms.p50.value, r.ttft_ms.p95.value, r.tpot_ms.p50.value,
                    r.tpot_ms.p95.value, r.output_tokens_per_s.value, r.goodput.value)
        assert [float(v) for v in row.values()] == pytest.approx(expected, rel=1e-8)
    names = [t.name for t in report_tables(tp_data)]
    assert names[-2:] == ["uncertainty", "simulation_sweep"]


def test_zip_holds_the_new_csv_files(tmp_path: Path) -> None:
    written = write_csv_files(tmp_path / "plan.zip", SMALL_SCENARIO, Catalog.load())
    with zipfile.ZipFile(written[0]) as archive:
        sweep = archive.read("simulation_sweep.csv").decode("utf-8-sig")
        bands = archive.read("uncertainty.csv").decode("utf-8-sig")
    assert sweep.startswith("rate_req_per_s,ttft_ms_p50,")
    assert bands.startswith("result,unit,low,expected,high\r\n")
    assert len(_rows(sweep)) >= 6


def test_capacity_is_a_lower_bound_when_every_rate_meets_the_targets(qapp: QApplication) -> None:
    from gpucalc.report.risk_sections import capacity_sentence
    from gpucalc.report.writer import Writer

    data = build_report(SMALL_SCENARIO, Catalog.load(), "en", created=CREATED)
    sim, perf = data.simulation, data.result.performance
    assert sim is not None
    assert perf is not None
    assert sim.sweep.slo_capacity.value == max(p.request_rate for p in sim.sweep.points)
    english = capacity_sentence(Writer(data, "en"), perf, sim)
    assert ("req/s). Every simulated rate meets the targets, so the capacity is at least this. "
            "Bisection in the simulator:") in english
    assert "。所有仿真速率都满足目标" in capacity_sentence(Writer(data, "zh"), perf, sim)
