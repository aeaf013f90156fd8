"""The report lists both pools, the KV transfer and each pool's launch line; the CSV equals --json."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import build_report, write_report
from gpucalc.report.csv_export import disaggregated_table, report_tables, table_text
from gpucalc.report.csv_summary import summary_rows
from tests.report.pdf_text import pdf_pages

SPLIT = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                 deployment=Deployment(max_model_len=16384, disaggregation=Disaggregation(
                     enabled=True, decode_tp=2)),
                 workload=Workload(input_len_p50=2000, output_len_p50=300, qps_avg=30))
FLAGS = ("llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len", "16384",
         "-tp", "1", "--decode-tp", "2", "--input-len", "2000", "--output-len", "300", "--qps", "30")


def test_pdf_lists_both_pools_and_their_launch_lines(qapp: QApplication, catalog: Catalog,
                                                     tmp_path: Path) -> None:
    write_report(tmp_path / "plan.pdf", SPLIT, catalog, "en")
    text = " ".join(" ".join(pdf_pages(tmp_path / "plan.pdf")).split())
    assert "Prefill pool:" in text
    assert "Decode pool:" in text
    assert "KV transfer:" in text
    assert "Prefill launch command" in text
    assert "--disaggregation-mode" not in text  # vLLM: the KV connector flag
    assert "NixlConnector" in text


def test_disaggregated_csv_equals_the_json(catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", *FLAGS, "--json"]) == 0
    pools = json.loads(capsys.readouterr().out)["disaggregated"]
    data = build_report(SPLIT, catalog)
    assert "disaggregated" in [t.name for t in report_tables(data)]
    rows = {r["quantity"]: r for r in csv.DictReader(io.StringIO(table_text(disaggregated_table(data))))}
    assert set(rows) == set(pools)
    assert rows["kv_transfer_ms"]["unit"] == "ms"
    assert float(rows["kv_transfer_ms"]["value"]) == pytest.approx(pools["kv_transfer_ms"])
    assert int(rows["prefill_replicas"]["value"]) == pools["prefill_replicas"]
    summary = {(r.section, r.field): r for r in summary_rows(data)}
    assert summary["disaggregation", "decode_tp"].value == 2
    assert summary["disaggregation", "decode_gpus"].value == pools["decode_gpus"]
    assert summary["disaggregation", "decode_gpus"].source == "disaggregated.csv: decode_gpus"


def test_pdf_and_summary_show_the_pools_engines(qapp: QApplication, catalog: Catalog,
                                                tmp_path: Path) -> None:
    pooled = SPLIT.model_copy(update={"deployment": Deployment(
        max_model_len=16384, disaggregation=Disaggregation(enabled=True, decode_dp=2,
                                                           decode_replicas=3))})
    write_report(tmp_path / "plan.pdf", pooled, catalog, "en")
    text = " ".join(" ".join(pdf_pages(tmp_path / "plan.pdf")).split())
    assert ("The decode pool comes in whole engines: 2 × DP 2 × TP 1 × PP 1 = 4 GPUs for 3 "
            "replicas") in text
    summary = {(r.section, r.field): r for r in summary_rows(build_report(pooled, catalog))}
    assert summary["disaggregation", "decode_dp"].value == 2
    assert summary["disaggregation", "decode_engines"].value == 2
    assert summary["disaggregation", "decode_gpus"].value == 4
