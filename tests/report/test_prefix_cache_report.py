"""Prefix caching in the PDF (inputs line, figures with formulas) and in the CSV summary."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import build_report, write_report
from gpucalc.report.csv_export import report_tables, table_text
from gpucalc.report.numbers import sig3
from tests.report.pdf_text import pdf_pages

SCENARIO = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                    deployment=Deployment(max_model_len=8192),
                    workload=Workload(input_len_p50=3000, input_len_p95=3000, output_len_p50=300,
                                      shared_prefix_len=2000, num_prefixes=4))


def test_pdf_lists_the_input_and_the_figures(qapp: QApplication, catalog: Catalog,
                                             tmp_path: Path) -> None:
    write_report(tmp_path / "plan.pdf", SCENARIO, catalog, "en")
    text = " ".join(" ".join(pdf_pages(tmp_path / "plan.pdf", layout=False)).split())
    assert "on (engine default); shared prefix 2,000 tokens, 4 distinct" in text
    assert "Prefix cache (one replica)" in text
    assert "Prefix cache hit rate" in text
    assert "KV held by shared prefixes" in text


def test_csv_summary_and_answer_carry_the_json_figures(catalog: Catalog,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len",
                 "8192", "--input-len", "3000", "--input-len-p95", "3000", "--output-len", "300",
                 "--shared-prefix-len", "2000", "--num-prefixes", "4", "--json"]) == 0
    cache = json.loads(capsys.readouterr().out)["prefix_cache"]
    tables = {t.name: t for t in report_tables(build_report(SCENARIO, catalog, "en"))}
    summary = {(r["section"], r["field"]): r
               for r in csv.DictReader(io.StringIO(table_text(tables["summary"])))}
    assert summary[("traffic", "shared_prefix_len")]["value"] == "2000"
    assert summary[("deployment", "prefix_caching")]["value"] in {"true", "True", "yes"}
    for key in ("hit_rate", "cached_tokens_per_request", "kv_shared_gib"):
        assert float(summary[("prefix_cache", key)]["value"]) == pytest.approx(cache[key], rel=1e-6)
    answer = {r["quantity"]: r for r in csv.DictReader(io.StringIO(table_text(tables["answer"])))}
    assert sig3(float(answer["prefix_cache.hit_rate"]["value"])) == sig3(cache["hit_rate"])
