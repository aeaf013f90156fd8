"""DP + EP in the report: the deployment table, the expert-group figures, summary.csv, the launch line."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import write_report
from gpucalc.report.csv_export import write_csv_files
from gpucalc.report.data import build_report
from tests.report.pdf_text import pdf_pages

DP_EP = Scenario(model="deepseek-v3", gpu="h200", deployment=Deployment(
    num_gpus=8, data_parallel_size=8, enable_expert_parallel=True, enable_eplb=True,
    num_redundant_experts=32, all2all_mode=AllToAllMode.LOW_LATENCY, max_model_len=32768),
    workload=Workload(qps_avg=2.0))


def test_pdf_lists_the_dp_row_and_the_expert_group(qapp: QApplication, catalog: Catalog,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "plan.pdf"
    write_report(path, DP_EP, catalog, "en")
    text = " ".join(" ".join(page.split()) for page in pdf_pages(path))
    assert "DP 8 × attention TP 1 per engine (8 GPUs)" in text
    assert "experts over 8 ranks (expert parallel), EPLB on, 32 redundant experts" in text
    assert "Expert group (DP × TP ranks)" in text
    assert "Experts per GPU" in text
    assert "Expert all-to-all per step" in text
    assert "--all2all-backend deepep_low_latency --enable-eplb" in text


def test_summary_csv_has_the_dp_inputs_and_figures(catalog: Catalog, tmp_path: Path) -> None:
    zip_path = write_csv_files(tmp_path / "plan.zip", DP_EP, catalog)[0]
    with zipfile.ZipFile(zip_path) as archive:
        rows = list(csv.DictReader(io.StringIO(archive.read("summary.csv").decode("utf-8-sig"))))
    values = {(r["section"], r["field"]): r["value"] for r in rows}
    assert values[("parallelism", "data_parallel_size")] == "8"
    assert values[("parallelism", "num_redundant_experts")] == "32"
    assert values[("parallelism", "expert_imbalance")] == "1.08"
    sources = {(r["section"], r["field"]): r["source"] for r in rows}
    assert "aiconfigurator-core 0.12.0" in sources[("parallelism", "expert_imbalance")]
    assert values[("parallelism", "all2all_mode")] == "low-latency"
    assert values[("answer", "expert_parallel_experts_per_gpu")] == "36"
    data = build_report(DP_EP, catalog)
    perf = data.result.performance
    assert perf is not None
    alltoall = next(t for t in perf.expert_parallel if t.key == "expert_parallel.alltoall_ms_per_step")
    assert float(values[("answer", "expert_parallel_alltoall_ms_per_step")]) == pytest.approx(alltoall.value)
