"""Published throughput / latency runs (``specs/validation/throughput.jsonl``) as planner cases."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.efficiency import Efficiency
from gpucalc.core.inputs import Deployment, PlanInputs, Workload
from gpucalc.core.load import closed_loop, open_loop
from gpucalc.core.memory_plan import calculate_memory
from gpucalc.core.perf_model import build_context
from gpucalc.validation.kv_cases import gpu_id_for

MODEL_NAMES = {"llama-3.1-8b": "llama-3.1-8b-instruct", "llama 3.1 8b": "llama-3.1-8b-instruct",
               "llama-3.1-70b": "llama-3.1-70b-instruct", "llama 3.1 70b": "llama-3.1-70b-instruct"}


class ThroughputCase(BaseModel):
    """One published run and the inputs and load that reproduce it."""

    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    inputs: PlanInputs
    concurrency: float | None
    request_rate: float | None  # math.inf for "all requests at once"
    num_requests: int | None
    measured: dict[str, Any]
    latency_stat: str | None


def _model_id(name: str) -> str:
    key = name.lower()
    for needle, model_id in MODEL_NAMES.items():
        if needle in key:
            return model_id
    raise KeyError(f"no catalog model for '{name}'")


def _rate(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, int | float):
        return float(value)
    return math.inf if "inf" in str(value).lower() else None


def case_from_row(catalog: Catalog, row: dict[str, Any]) -> ThroughputCase:
    """Inputs and load of one published run."""
    engine = "trtllm" if "tensorrt" in row["engine"].lower() else "vllm"
    precision = str(row.get("precision") or "").lower()
    kv = str(row.get("kv_cache_dtype") or "auto").lower()
    quant = "fp8" if precision.startswith("fp8") else None
    tp = row.get("tensor_parallel_size") or 1
    deployment = Deployment(
        engine=engine, num_gpus=row.get("num_gpus") or tp, tensor_parallel_size=tp,
        max_model_len=max(row["input_len"] + row["output_len"] + 64, 4096),
        kv_cache_dtype="fp8" if kv.startswith("fp8") else "auto",
        gpu_memory_utilization=0.9 if engine == "vllm" else None,
    )
    workload = Workload(input_len_p50=row["input_len"], output_len_p50=row["output_len"])
    inputs = resolve_inputs(catalog, _model_id(row["model"]), gpu_id_for(row["gpu"]), deployment,
                            workload, quantization=quant,
                            dtype="float16" if precision == "fp16" else None)
    label = (f"{row['model'].split('/')[-1][:22]} {row['precision'][:4]} {row['gpu'][:14]} "
             f"TP{tp} {row['input_len']}/{row['output_len']}")
    return ThroughputCase(
        id=row["id"], label=label, inputs=inputs, concurrency=row.get("concurrency"),
        request_rate=_rate(row.get("request_rate")), num_requests=row.get("num_requests"),
        measured=row["measured"], latency_stat=row["measured"].get("latency_stat"),
    )


def load_throughput_cases(catalog: Catalog, path: Path | None = None) -> list[ThroughputCase]:
    """All published runs as cases."""
    source = path or specs_dir() / "validation" / "throughput.jsonl"
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line]
    return [case_from_row(catalog, row) for row in rows]


ROOFLINE = Efficiency(gemm_compute=1.0, attention_compute=1.0, memory_bandwidth=1.0,
                      comm_bandwidth=1.0, comm_latency_us=0.0, step_overhead_ms=0.0,
                      fp8_gemm_relative=1.0, source="pure roofline at 100 % of every peak")


class Prediction(BaseModel):
    """Predicted metrics for one case, comparable with its measurement."""

    model_config = ConfigDict(frozen=True)

    output_tok_s: float
    ttft_ms: float
    itl_ms: float  # compared with median ITL (decode-only step) or mean ITL/TPOT


def predict(case: ThroughputCase, efficiency: Efficiency | None = None) -> Prediction:
    """Run the load model for a published run.

    ``efficiency`` replaces the engine's and drops the measured kernel surfaces (the roofline
    comparison is one share per kernel class, not a shape over M).
    """
    inputs = case.inputs
    if efficiency is not None:
        engine = inputs.engine.model_copy(update={"efficiency": efficiency, "efficiency_by_gpu": {}})
        inputs = inputs.model_copy(update={"engine": engine, "kernels": None})
    memory = calculate_memory(inputs)
    ctx = build_context(inputs, memory)
    shape = ctx.shape(ctx.running_cap())
    if case.concurrency:
        point = closed_loop(ctx.step, shape, case.concurrency)
    else:
        point = open_loop(ctx.step, shape, case.request_rate or math.inf, case.num_requests)
    itl = point.itl_decode_s if case.latency_stat == "median" else point.tpot_s
    return Prediction(output_tok_s=point.output_tok_s, ttft_ms=point.ttft_s * 1000,
                      itl_ms=itl * 1000)


def relative_errors(case: ThroughputCase, prediction: Prediction) -> dict[str, float]:
    """Signed relative error per metric the case measured."""
    m = case.measured
    pairs = {"throughput": (m.get("output_throughput_tok_s"), prediction.output_tok_s),
             "ttft": (m.get("ttft_ms"), prediction.ttft_ms),
             "tpot": (m.get("itl_ms") or m.get("tpot_ms"), prediction.itl_ms)}
    return {k: (pred - meas) / meas for k, (meas, pred) in pairs.items() if meas}
