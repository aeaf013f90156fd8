"""Nodes and the network in the PDF's inputs table and the CSV summary."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report import write_report
from gpucalc.report.csv_export import write_csv_files
from tests.report.pdf_text import pdf_pages

TWO_NODES = Scenario(model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb", deployment=Deployment(
    num_gpus=16, tensor_parallel_size=8, pipeline_parallel_size=2, nodes=2, max_model_len=8192))


def test_csv_summary_lists_nodes_network_and_what_crosses_it(tmp_path: Path, catalog: Catalog) -> None:
    zip_path = write_csv_files(tmp_path / "plan.zip", TWO_NODES, catalog)[0]
    with zipfile.ZipFile(zip_path) as archive:
        text = archive.read("summary.csv").decode("utf-8-sig")
    rows = {(r["section"], r["field"]): r for r in csv.DictReader(io.StringIO(text))}
    assert rows[("nodes", "nodes")]["value"] == "2"
    assert rows[("nodes", "gpus_per_node")]["value"] == "8"
    assert rows[("nodes", "network")]["value"] == "ib-ndr-400"
    assert float(rows[("nodes", "scale_out_gb_per_s")]["value"]) == 50.0
    assert rows[("nodes", "pp_hops_across_nodes")]["value"] == "1"
    assert rows[("nodes", "tp_spans_nodes")]["value"] in {"False", "false", "no"}


def test_pdf_names_the_nodes_and_the_pipeline_hop(qapp: QApplication, catalog: Catalog,
                                                  tmp_path: Path) -> None:
    path = tmp_path / "plan.pdf"
    write_report(path, TWO_NODES, catalog, "en")
    text = " ".join(" ".join(page.split()) for page in pdf_pages(path, layout=False))
    assert "2 node(s), 8 GPUs per node; between nodes InfiniBand NDR 400 Gb/s" in text
    assert "1 pipeline hop(s) across nodes" in text
