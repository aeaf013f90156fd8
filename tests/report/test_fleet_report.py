"""The PDF's summary and appendices and the fleet CSV show the figures estimate --json prints."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.plan.checklist import fill_checklist, item_detail
from gpucalc.report import build_report, write_report
from gpucalc.report.csv_export import fleet_table, report_tables, table_text
from gpucalc.report.numbers import count, sig3
from gpucalc.text.answer_text import fleet_sentence
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import TP_SCENARIO

TP_FLAGS = ("llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "--num-gpus", "8", "-tp", "4",
            "--max-model-len", "32768", "--input-len", "2000", "--output-len", "300",
            "--input-len-p95", "6000", "--output-len-p95", "600", "--qps", "5", "--qps-peak", "10",
            "--tpot-ms", "50")


@pytest.fixture
def fleet_json(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["estimate", *TP_FLAGS, "--json"]) == 0
    fleet = json.loads(capsys.readouterr().out)["fleet"]
    assert isinstance(fleet, dict)
    return fleet


def test_page_one_states_the_json_verdict(qapp: QApplication, catalog: Catalog, tmp_path: Path,
                                          fleet_json: dict[str, Any]) -> None:
    write_report(tmp_path / "plan.pdf", TP_SCENARIO, catalog, "en")
    pages = [" ".join(page.split()) for page in pdf_pages(tmp_path / "plan.pdf")]
    page_two = pages[1]
    unwrapped = "".join(pdf_pages(tmp_path / "plan.pdf", layout=False)[0].split())
    assert not fleet_json["carries_peak"]
    verdict = (f"The planned GPUs do not carry {sig3(fleet_json['qps_avg'])} req/s on average and "
               f"{sig3(fleet_json['qps_peak'])} req/s at the peak: it needs "
               f"{count(fleet_json['replicas'])} replicas + {count(fleet_json['spare_replicas'])} "
               f"spare = {count(fleet_json['gpus_needed'])} GPUs; {count(fleet_json['gpus_deployed'])} "
               f"GPUs hold {count(fleet_json['replicas_deployed'])} replicas.")
    assert "".join(verdict.split()) in unwrapped
    assert f"${count(fleet_json['cost_per_month_usd'])}/monthfortheGPUsneeded" in unwrapped
    per_million = fleet_json["cost_per_million_output_tokens_usd"]
    assert f"${sig3(per_million)}permillionoutputtokens" in unwrapped
    assert " ".join(verdict.split()) in page_two
    assert (f"Replicas of {fleet_json['gpus_per_replica']} GPUs: {fleet_json['replicas_for_average']} "
            f"for the average at {sig3(fleet_json['requests_per_s_per_replica_planned'])} req/s each"
            ) in page_two
    assert (f"{fleet_json['replicas_for_peak']} for the peak at "
            f"{sig3(fleet_json['requests_per_s_per_replica_capacity'])} req/s each") in page_two
    assert (f"All {fleet_json['replicas_deployed']} replicas deployed: "
            f"{count(fleet_json['total_concurrency'])} requests in flight planned") in page_two


def test_fleet_csv_rows_equal_the_json(catalog: Catalog, fleet_json: dict[str, Any]) -> None:
    data = build_report(TP_SCENARIO, catalog)
    assert data.plan.fleet is not None
    assert "fleet" in [t.name for t in report_tables(data)]
    rows = {r["quantity"]: r["value"] for r in csv.DictReader(io.StringIO(
        table_text(fleet_table(data.plan.fleet))))}
    assert set(rows) == set(fleet_json) - {"layouts"}
    for key, value in fleet_json.items():
        if key == "layouts":
            continue
        if isinstance(value, bool):
            assert rows[key] == ("true" if value else "false"), key
        elif value is None:
            assert rows[key] == "", key
        elif isinstance(value, str):
            assert rows[key] == value, key
        else:
            assert float(rows[key]) == pytest.approx(value, rel=1e-8), key


def test_checklist_margin_uses_the_verdict(catalog: Catalog, fleet_json: dict[str, Any]) -> None:
    items = {i.title: i for i in fill_checklist(build_report(TP_SCENARIO, catalog).plan)}
    margin = items["Margin"]
    assert margin.fleet is not None
    detail = item_detail(margin, "en")
    assert fleet_sentence(margin.fleet, "en") in detail  # the answer's one fleet sentence
    assert f"= {count(fleet_json['gpus_needed'])} GPUs" in detail
    assert "8 GPUs hold" in detail or "(8 planned)" in detail
    # 2 replicas with one spare leave 1 serving replica, short of 10 req/s peak
    assert fleet_json["carries_peak"] is False
    assert not margin.passed
