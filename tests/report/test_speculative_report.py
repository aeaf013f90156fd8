"""Speculative decoding in the report: the inputs row, the summary line and summary.csv."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from gpucalc.report import write_report
from gpucalc.report.csv_export import write_csv_files
from tests.report.pdf_text import pdf_pages

SPECULATIVE = Scenario(
    model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
    deployment=Deployment(max_model_len=16384, speculative_config=SpeculativeDecoding(
        method="eagle", num_speculative_tokens=3, draft_model="yuhuili/EAGLE-LLaMA3.1-Instruct-8B",
        acceptance_length=2.6)))


def test_pdf_lists_the_set_up_and_the_gain(qapp: QApplication, catalog: Catalog,
                                           tmp_path: Path) -> None:
    path = tmp_path / "plan.pdf"
    write_report(path, SPECULATIVE, catalog, "en")
    text = " ".join(" ".join(page.split()) for page in pdf_pages(path))
    assert "Speculative decoding eagle, k = 3 (yuhuili/EAGLE-LLaMA3.1-Instruct-8B); acceptance " \
           "length as entered" in text
    assert "Speculative decoding (eagle, k = 3): 2.60 tokens per target step" in text
    assert "--speculative-config" in text  # the launch command carries it


def test_summary_csv_has_the_speculative_rows(catalog: Catalog, tmp_path: Path) -> None:
    zip_path = write_csv_files(tmp_path / "plan.zip", SPECULATIVE, catalog)[0]
    with zipfile.ZipFile(zip_path) as archive:
        summary = archive.read("summary.csv").decode("utf-8-sig")
        answer = archive.read("answer.csv").decode("utf-8-sig")
    rows = {(r["section"], r["field"]): r for r in csv.DictReader(io.StringIO(summary))}
    assert rows[("speculative", "method")]["value"] == "eagle"
    assert float(rows[("speculative", "acceptance_length")]["value"]) == 2.6
    assert float(rows[("speculative", "speedup_at_batch_1")]["value"]) > 1.5
    assert float(rows[("speculative", "draft_weights_gib")]["value"]) > 0.4
    quantities = {r["quantity"] for r in csv.DictReader(io.StringIO(answer))}
    assert {"speculative.acceptance_length", "speculative.speedup_at_knee"} <= quantities
