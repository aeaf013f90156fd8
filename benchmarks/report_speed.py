"""Speed of the PDF report and the CSV export.

Run: ``python -m benchmarks.report_speed``. Target: a PDF report in ≤ 2 s. Figures are medians
of repeated runs in one process (the first run, which loads Qt and the font, is reported apart).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.fleet.sensitivity import evaluate_uncertainty
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding
from gpucalc.plan.compute import simulate_plan
from gpucalc.report import build_report, write_report
from gpucalc.report.csv_export import write_csv_files
from gpucalc.report.pdf import render_pdf

SCENARIO = Scenario(
    model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb",
    deployment=Deployment(num_gpus=8, tensor_parallel_size=4, max_model_len=32768),
    workload=Workload(input_len_p50=2000, output_len_p50=300, input_len_p95=6000, output_len_p95=600,
                      qps_avg=5, qps_peak=10),
    targets=Targets(tpot_ms=50))
REPEAT = 5
MTP_PLAIN = Scenario(model="deepseek-v3", gpu="h200-sxm-141gb",
                     deployment=Deployment(num_gpus=8, tensor_parallel_size=8))
MTP = MTP_PLAIN.model_copy(update={"deployment": MTP_PLAIN.deployment.model_copy(update={
    "speculative_config": SpeculativeDecoding(method=SpecMethod.MTP, num_speculative_tokens=1)})})


def _median(samples: list[float]) -> str:
    return f"{statistics.median(samples):6.2f} s (median of {len(samples)}, max {max(samples):.2f} s)"


def main() -> None:
    catalog = Catalog.load()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        start = time.perf_counter()
        summary = write_report(out / "first.pdf", SCENARIO, catalog, "en")
        print(f"PDF report, first in the process (Qt start-up, font): "
              f"{time.perf_counter() - start:6.2f} s ({summary.pages} pages)")
        whole, compute, draw, risk, sim = [], [], [], [], []
        for i in range(REPEAT):
            start = time.perf_counter()
            write_report(out / f"r{i}.pdf", SCENARIO, catalog, "zh" if i % 2 else "en")
            whole.append(time.perf_counter() - start)
            start = time.perf_counter()
            data = build_report(SCENARIO, catalog)
            compute.append(time.perf_counter() - start)
            start = time.perf_counter()
            render_pdf(data)
            draw.append(time.perf_counter() - start)
            start = time.perf_counter()
            evaluate_uncertainty(data.inputs)
            risk.append(time.perf_counter() - start)
            start = time.perf_counter()
            simulate_plan(data.inputs, data.result.memory)
            sim.append(time.perf_counter() - start)
        print(f"PDF report (calculate + draw + write), target ≤ 2 s: {_median(whole)}")
        print(f"  of which calculation (all sections):           {_median(compute)}")
        print(f"    uncertainty bands and sensitivity:           {_median(risk)}")
        print(f"    traffic simulation (rate sweep):             {_median(sim)}")
        print(f"  of which layout and drawing:                   {_median(draw)}")
        csv_samples = []
        for i in range(REPEAT):
            start = time.perf_counter()
            write_csv_files(out / f"c{i}.zip", SCENARIO, catalog)
            csv_samples.append(time.perf_counter() - start)
        print(f"CSV export, all tables in one zip:              {_median(csv_samples)}")
        for label, scenario in (("DeepSeek-V3 on 8× H200, plain", MTP_PLAIN),
                                ("the same with MTP speculation", MTP)):
            samples = []
            for i in range(3):
                start = time.perf_counter()
                write_csv_files(out / f"m{i}.zip", scenario, catalog)
                samples.append(time.perf_counter() - start)
            print(f"CSV export, {label:<34} {_median(samples)}")
        command = [sys.executable, "-m", "gpucalc", "report", "llama-3.1-70b-instruct", "--gpu",
                   "h100-sxm-80gb", "-tp", "4", "--max-model-len", "32768", "--input-len", "2000",
                   "--output-len", "300", "--tpot-ms", "50", "-o", str(out / "cli.pdf")]
        process = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            process.append(time.perf_counter() - start)
        print(f"`gpucalc report … -o x.pdf`, whole process:     {_median(process)}")


if __name__ == "__main__":
    main()
