"""The planning rules in the PDF: the scheduler row, the 70 % / 80 % lines, the domain notice."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import build_report, write_report
from gpucalc.report.numbers import count
from tests.report.pdf_text import pdf_pages

PCIE_TP8 = Scenario(
    model="llama-3.1-70b-instruct", gpu="h100-pcie-80gb",
    deployment=Deployment(num_gpus=8, tensor_parallel_size=8, max_model_len=8192),
    workload=Workload(input_len_p50=2000, input_len_p95=6000, output_len_p50=300),
    targets=Targets(tpot_ms=50))


def test_report_shows_the_scheduler_the_memory_lines_and_the_domain(
        qapp: QApplication, catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "pcie.pdf"
    write_report(path, PCIE_TP8, catalog, "en")
    text = " ".join(" ".join(page.split()) for page in pdf_pages(path))
    memory = build_report(PCIE_TP8, catalog).result.memory
    assert "Scheduler (max_num_seqs)" in text
    assert "Concurrency at the 80 % alarm" in text
    assert f"{count(memory.alarm_check.value)} requests" in text
    assert "Memory share at planned" in text  # the cell wraps before "concurrency"
    assert "planning share 70 % alarm 80 %" in text  # the two lines on the memory bar
    assert "joins only 2 GPUs by NVLink 4 bridge" in text
