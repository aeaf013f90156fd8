"""Published whole benchmark runs: each row as the deployment and the command its source ran.

Rows of ``specs/validation/latency_percentiles.jsonl`` state the engine and its settings, the
client, the dataset, the number of prompts, the arrival process and the lengths. This module turns
a row into a :class:`Scenario` and the client command line, and replays it through the same code
path as ``gpucalc bench`` (:func:`gpucalc.plan.bench_parse.parse_bench_command`,
:func:`gpucalc.plan.bench_run.predict_scenario`). The replay benchmark and the side-by-side
comparison both score rows through here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.bench_tools import BenchTool, bench_flag, switch_flag
from gpucalc.plan.bench_parse import parse_bench_command
from gpucalc.plan.bench_run import BenchPrediction, predict_scenario
from gpucalc.validation.kv_cases import engine_for, read_rows, row_gpu
from gpucalc.validation.models import InexpressibleRowError, model_for
from gpucalc.validation.serving import row_deployment

PRE_V1_CLIENT = ("0.4", "0.5", "0.6")  # vLLM releases whose client is benchmarks/benchmark_serving.py
RUN_METRICS = ("median TTFT", "P99 TTFT", "median TPOT", "request throughput")


def load_whole_runs(path: Path | None = None) -> list[dict[str, Any]]:
    """The published runs (``specs/validation/latency_percentiles.jsonl`` by default)."""
    return read_rows(path or specs_dir() / "validation" / "latency_percentiles.jsonl")


def run_engine(row: dict[str, Any]) -> str | None:
    """The engine profile of the run's engine and version (None for engines gpucalc lacks)."""
    name = str(row.get("engine") or "").lower()
    if not any(known in name for known in ("vllm", "sglang", "tensorrt", "trt")):
        return None
    return engine_for(row)


def _setting(row: dict[str, Any], key: str) -> int | None:
    value = (row.get("engine_settings") or {}).get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def scenario_for_run(catalog: Catalog, row: dict[str, Any]) -> Scenario:
    """The deployment the run served from, or :class:`InexpressibleRowError` saying why not."""
    engine = run_engine(row)
    if engine is None:
        raise InexpressibleRowError(f"no engine profile for {str(row.get('engine')).split(' ')[0]}")
    gpu = row_gpu(catalog, row)
    choice = model_for(catalog, str(row["model"]))
    tp = int(row.get("tensor_parallel_size") or 1)
    pp = int(row.get("pipeline_parallel_size") or 1)
    dp = int(row.get("data_parallel_size") or 1)
    defaults: dict[str, Any] = {
        "num_gpus": int(row.get("num_gpus") or tp * pp * dp), "tensor_parallel_size": tp,
        "pipeline_parallel_size": pp, "data_parallel_size": dp,
        "enable_expert_parallel": bool(row.get("expert_parallel")),
        "max_model_len": _setting(row, "max_model_len") or choice.max_model_len,
        "max_num_seqs": _setting(row, "max_num_seqs"),
        "max_num_batched_tokens": _setting(row, "max_num_batched_tokens")}
    deployment = row_deployment(row, engine, {k: v for k, v in defaults.items() if v is not None})
    return Scenario(model=choice.model, gpu=gpu, deployment=deployment,
                    quantization=choice.quantization)


def run_scenario(catalog: Catalog, row: dict[str, Any]) -> Scenario | None:
    """The deployment the run served from (None when gpucalc cannot express it)."""
    try:
        return scenario_for_run(catalog, row)
    except InexpressibleRowError:
        return None


def _pre_v1_client(row: dict[str, Any]) -> bool:
    return "vllm" in str(row.get("engine")).lower() and str(row["engine_version"]).startswith(
        PRE_V1_CLIENT)


def run_command(row: dict[str, Any]) -> tuple[str, str | None]:
    """The benchmark command the run's source states, and the client's release."""
    old = _pre_v1_client(row)
    tool = BenchTool.VLLM_SCRIPT if old else BenchTool.VLLM
    words = ["python", "benchmarks/benchmark_serving.py"] if old else ["vllm", "bench", "serve"]
    settings: dict[str, object] = {"backend": "vllm" if old else "openai-chat",
                                   "model": str(row["model"]).split(" ")[0],
                                   "num_prompts": row["num_requests"]}
    length = row["input_len"]
    if length.get("kind") == "dataset":
        settings["dataset"] = "sharegpt"
    else:
        settings.update(dataset="random", input_len=round(length["mean"]),
                        output_len=round(row["output_len"]["mean"]),
                        range_ratio=length.get("range_ratio") or 0.0)
    arrival = row["arrival"]
    settings.update({key: arrival[key] for key in ("request_rate", "burstiness", "max_concurrency")
                     if arrival.get(key) is not None})
    for field, value in settings.items():
        words += [bench_flag(tool, field), str(value)]
    if row.get("ignore_eos"):
        words.append(switch_flag("ignore_eos", on=True))
    return " ".join(words), str(row["engine_version"]) if old else None


def replay_run(catalog: Catalog, row: dict[str, Any]) -> BenchPrediction | None:
    """The predicted run of ``row`` (None when gpucalc cannot express it)."""
    scenario = run_scenario(catalog, row)
    if scenario is None:
        return None
    command, version = run_command(row)
    return predict_scenario(catalog, scenario, parse_bench_command(command, version))


def predicted_run_metrics(prediction: BenchPrediction) -> dict[str, float]:
    """The four scored figures of a predicted run."""
    return {"median TTFT": prediction.ttft_ms.median, "P99 TTFT": prediction.ttft_ms.p99,
            "median TPOT": prediction.tpot_ms.median,
            "request throughput": prediction.request_throughput}


def measured_run_metrics(row: dict[str, Any]) -> dict[str, float]:
    """The four scored figures the run measured (missing ones left out)."""
    m = row["measured"]
    values = {"median TTFT": (m.get("ttft_ms") or {}).get("p50"),
              "P99 TTFT": (m.get("ttft_ms") or {}).get("p99"),
              "median TPOT": (m.get("tpot_ms") or {}).get("p50"),
              "request throughput": m.get("request_throughput_req_s")}
    return {k: float(v) for k, v in values.items() if isinstance(v, int | float) and v > 0}


def run_errors(row: dict[str, Any], prediction: BenchPrediction) -> dict[str, float]:
    """|predicted − measured| ÷ measured per metric the run measured."""
    predicted = predicted_run_metrics(prediction)
    return {k: abs(predicted[k] - v) / v for k, v in measured_run_metrics(row).items()}
