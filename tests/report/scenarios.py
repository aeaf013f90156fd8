"""Scenarios the report tests share."""

from __future__ import annotations

from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario

TP_SCENARIO = Scenario(
    name="70B chat, 8× H100",
    model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb",
    deployment=Deployment(num_gpus=8, tensor_parallel_size=4, max_model_len=32768),
    workload=Workload(input_len_p50=2000, output_len_p50=300, input_len_p95=6000, output_len_p95=600,
                      qps_avg=5, qps_peak=10),
    targets=Targets(tpot_ms=50))
SMALL_SCENARIO = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                          deployment=Deployment(max_model_len=16384), workload=Workload(qps_avg=1.0))
NO_FIT_SCENARIO = Scenario(model="llama-3.1-70b-instruct", gpu="l4",
                           deployment=Deployment(max_model_len=8192))
