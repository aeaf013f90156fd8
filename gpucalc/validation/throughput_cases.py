"""Published throughput / latency runs (``specs/validation/throughput.jsonl``) as planner cases."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import CatalogError, resolve_inputs
from gpucalc.core.capacity.load import closed_loop, open_loop
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.efficiency import Efficiency
from gpucalc.core.specs.inputs import PlanInputs, Workload
from gpucalc.plan.bench_run import dataset_facts
from gpucalc.validation.kv_cases import engine_for, kv_dtype, read_rows, row_gpu
from gpucalc.validation.models import InexpressibleRowError, clean_name, expressed, model_for
from gpucalc.validation.serving import row_deployment, serve_command


class ThroughputCase(BaseModel):
    """One published run and the inputs and load that reproduce it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    label: str
    inputs: PlanInputs
    concurrency: float | None
    request_rate: float | None  # math.inf for "all requests at once"
    num_requests: int | None
    measured: dict[str, Any]
    latency_stat: str | None
    per_gpu: bool = False  # the source gives output throughput per GPU
    assumptions: tuple[str, ...] = ()  # what the mapping had to assume, in words


def _rate(value: Any) -> float | None:
    """Request rate of a row: a number, inf for 'all at once' wordings, None when not stated."""
    if value is None:
        return None
    if isinstance(value, int | float):
        return float(value)
    text = str(value).lower()
    if text.startswith(("inf", "infinite")) or "all requests" in text or "all prompts" in text:
        return math.inf
    number = re.match(r"\s*(\d+(?:\.\d+)?)", text)
    return float(number.group(1)) if number else None


_TOTALS = re.compile(r"(\d[\d,]*) input / (\d[\d,]*) generated")


def row_lengths(row: dict[str, Any]) -> tuple[int, int, str | None]:
    """(mean input, mean output, where they come from when not stated as lengths).

    Fixed lengths as stated; a dataset's reported token totals ÷ prompts; ShareGPT without totals:
    the bundled dataset's means. Raises :class:`InexpressibleRowError` when none is given.
    """
    if row.get("input_len") and row.get("output_len"):
        return int(row["input_len"]), int(row["output_len"]), None
    dataset = str(row.get("dataset") or "")
    totals = _TOTALS.search(dataset)
    prompts = row.get("num_requests")
    if totals and prompts:
        into, out = (int(g.replace(",", "")) for g in totals.groups())
        return (max(round(into / prompts), 1), max(round(out / prompts), 1),
                "mean lengths from the run's reported token totals")
    if "sharegpt" in dataset.lower():
        facts = dataset_facts("sharegpt")
        return (round(facts.prompt_tokens_mean), round(facts.output_tokens_mean),
                "ShareGPT means of specs/datasets/sharegpt.json (the run reports no totals)")
    raise InexpressibleRowError("the source states no input and output lengths")


def _load(row: dict[str, Any]) -> tuple[float | None, float | None, str | None]:
    """(concurrency, request rate, assumption) of a row's load."""
    if row.get("concurrency"):
        return float(row["concurrency"]), None, None
    rate = _rate(row.get("request_rate"))
    if row.get("batch_size") and (rate is None or "static batch" in str(row.get("request_rate"))):
        return (float(row["batch_size"]), None,
                f"static batch of {row['batch_size']} run as {row['batch_size']} requests in flight")
    if rate is None:
        raise InexpressibleRowError("the source states no concurrency, request rate or batch size")
    return None, rate, None


def measured_metrics(row: dict[str, Any]) -> dict[str, float]:
    """The scored figures a row measured: output tok/s (whole system or per GPU), TTFT, TPOT.

    TPOT is the TPOT the source gives, else its ITL (compared with one decode step where the ITL
    is a median: :func:`median_itl`).
    """
    m = row["measured"]
    values: dict[str, Any] = {"throughput": m.get("output_throughput_tok_s")
                              or m.get("per_gpu_output_throughput_tok_s"),
                              "ttft": m.get("ttft_ms"), "tpot": m.get("tpot_ms") or m.get("itl_ms")}
    return {k: float(v) for k, v in values.items() if isinstance(v, int | float) and v > 0}


def median_itl(case: ThroughputCase) -> bool:
    """Whether the case's per-token figure is a median ITL (one decode step) rather than a TPOT."""
    return (str(case.latency_stat or "").startswith("median")
            and not case.measured.get("tpot_ms") and bool(case.measured.get("itl_ms")))


def _per_gpu(row: dict[str, Any]) -> bool:
    m = row["measured"]
    return not m.get("output_throughput_tok_s") and bool(m.get("per_gpu_output_throughput_tok_s"))


def _weights(precision: str) -> tuple[str | None, str | None]:
    """(quantization, dtype) a row's precision text states."""
    text = precision.lower()
    if text.startswith("fp8") or "fp8 weights" in text or "quark fp8" in text:
        return "fp8", None
    if text.startswith("fp16"):
        return None, "float16"
    if text.startswith(("bf16", "bfloat16")):
        return None, "bfloat16"
    return None, None


def _unmodelled(row: dict[str, Any]) -> None:
    """Raise :class:`InexpressibleRowError` for measurements the planner has no counterpart of."""
    engine = str(row.get("engine") or "").lower()
    if "negative control" in str(row.get("notes") or "").lower():
        raise InexpressibleRowError("the source marks it as a run that does not reproduce the engine's "
                               "published figure (a negative control, not a measurement to match)")
    if "disaggregated decode instance" in engine:
        raise InexpressibleRowError("decode-only instance of a disaggregated deployment, measured at a "
                               "fixed per-GPU batch from engine logs (the load model always "
                               "includes the prompts' prefill)")
    if not measured_metrics(row):
        stated = [k for k in ("e2e_latency_ms", "request_throughput_req_s")
                  if row["measured"].get(k)]
        raise InexpressibleRowError("no scored metric (output throughput, TTFT or TPOT); the source "
                               f"gives only {', '.join(stated) or 'figures in plots'}")


def case_from_row(catalog: Catalog, row: dict[str, Any]) -> ThroughputCase:
    """Inputs and load of one published run (:class:`InexpressibleRowError` saying why not)."""
    _unmodelled(row)
    engine = engine_for(row)
    gpu = row_gpu(catalog, row)
    choice = model_for(catalog, str(row["model"]))
    assumptions = [choice.note] if choice.note else []
    input_len, output_len, lengths_note = row_lengths(row)
    if lengths_note:
        assumptions.append(lengths_note)
    concurrency, rate, load_note = _load(row)
    if load_note:
        assumptions.append(load_note)
    quant, dtype = _weights(str(row.get("precision") or ""))
    stated_tp = row.get("tensor_parallel_size")
    gpus = int(row.get("num_gpus") or stated_tp or 1)
    if stated_tp is None and gpus > 1:
        assumptions.append(f"layout not stated: TP {gpus} over the {gpus} GPUs")
    defaults: dict[str, Any] = {
        "tensor_parallel_size": int(stated_tp or gpus),
        "pipeline_parallel_size": int(row.get("pipeline_parallel_size") or 1),
        "num_gpus": gpus,
        "kv_cache_dtype": choice.kv_cache_dtype or kv_dtype(row.get("kv_cache_dtype")),
        "enable_expert_parallel": int(row.get("expert_parallel_size") or 1) > 1,
        "max_model_len": choice.max_model_len or (
            None if serve_command(row) else max(input_len + output_len + 64, 4096)),
    }
    deployment = row_deployment(row, engine, defaults)
    workload = Workload(input_len_p50=input_len, output_len_p50=output_len)
    try:
        inputs = resolve_inputs(catalog, choice.model, gpu, deployment, workload,
                                quantization=choice.quantization or quant, dtype=dtype)
    except (CatalogError, ValueError) as error:
        raise InexpressibleRowError(f"the planner refuses the set-up: {error}") from error
    label = (f"{clean_name(str(row['model'])).split('/')[-1][:22]} "
             f"{str(row.get('precision') or 'auto')[:4]} {row['gpu'][:14]} "
             f"TP{deployment.tensor_parallel_size} {input_len}/{output_len}")
    return ThroughputCase(
        id=row["id"], label=label, inputs=inputs, concurrency=concurrency, request_rate=rate,
        num_requests=row.get("num_requests"), measured=row["measured"],
        latency_stat=row["measured"].get("latency_stat"), per_gpu=_per_gpu(row),
        assumptions=tuple(assumptions))


def throughput_rows(path: Path | None = None) -> list[dict[str, Any]]:
    """The published runs (``specs/validation/throughput.jsonl`` by default)."""
    return read_rows(path or specs_dir() / "validation" / "throughput.jsonl")


def expressed_throughput_cases(catalog: Catalog, rows: list[dict[str, Any]]
                               ) -> tuple[list[ThroughputCase], list[tuple[str, str]]]:
    """(cases, [(row id, why it cannot be expressed)]) of published runs."""
    return expressed(rows, lambda row: case_from_row(catalog, row))


def load_throughput_cases(catalog: Catalog, path: Path | None = None) -> list[ThroughputCase]:
    """The published runs gpucalc can express, as cases."""
    return expressed_throughput_cases(catalog, throughput_rows(path))[0]


ROOFLINE = Efficiency(gemm_compute=1.0, attention_compute=1.0, memory_bandwidth=1.0,
                      comm_bandwidth=1.0, comm_latency_us=0.0, step_overhead_ms=0.0,
                      fp8_gemm_relative=1.0, source="pure roofline at 100 % of every peak")


class Prediction(BaseModel):
    """Predicted metrics for one case, comparable with its measurement."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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
    return predict_on(case, inputs, calculate_memory(inputs))


def predict_on(case: ThroughputCase, inputs: PlanInputs, memory: MemoryResult) -> Prediction:
    """The load model for the case's load on ``inputs`` (its memory result given)."""
    ctx = build_context(inputs, memory)
    shape = ctx.shape(ctx.running_cap())
    if case.concurrency:
        point = closed_loop(ctx.step, shape, case.concurrency)
    else:
        point = open_loop(ctx.step, shape, case.request_rate or math.inf, case.num_requests)
    itl = point.itl_decode_s if median_itl(case) else point.tpot_s
    return Prediction(output_tok_s=point.output_tok_s, ttft_ms=point.ttft_s * 1000,
                      itl_ms=itl * 1000)


def relative_errors(case: ThroughputCase, prediction: Prediction) -> dict[str, float]:
    """Signed relative error per metric the case measured (per GPU where the source is)."""
    row = {"measured": case.measured}
    share = case.inputs.deployment.num_gpus if case.per_gpu else 1
    predicted = {"throughput": prediction.output_tok_s / share, "ttft": prediction.ttft_ms,
                 "tpot": prediction.itl_ms}
    return {k: (predicted[k] - v) / v for k, v in measured_metrics(row).items()}
