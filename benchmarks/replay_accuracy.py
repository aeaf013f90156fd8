"""Whole benchmark runs replayed: published runs through ``gpucalc bench``'s code path.

Run: ``python -m benchmarks.replay_accuracy``. Each row of
``specs/validation/latency_percentiles.jsonl`` becomes the command its source ran (the client,
dataset, prompts, rate, concurrency and lengths it states) and the serve flags of its engine;
:func:`gpucalc.plan.bench_parse.parse_bench_command` and
:func:`gpucalc.plan.bench_run.predict_scenario` predict it exactly as ``gpucalc bench`` does. Prints
each run and the median absolute error of median TTFT, P99 TTFT, median TPOT and request
throughput.

Measured on the 12 replayable runs (median |error| of median TTFT / P99 TTFT / median TPOT /
request throughput): before ``gpucalc bench`` (``gpucalc simulate`` with each run's mean lengths,
arrival kind and request count) 54 % / 61 % / 50 % / 107 %; through ``gpucalc bench`` 58 % / 79 % /
49 % / 41 %. The step times of the 8-GPU MoE runs (TPOT 3–4× too fast) dominate what is left.

Rows are skipped (and listed) when gpucalc has no profile for their engine (LMDeploy) or no
catalog entry for their model. GLM-4.6 is replayed as GLM-4.5, whose architecture it keeps
(355B total / 32B active, same layers and heads: zai-org's model card).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.core.inputs import Deployment
from gpucalc.core.scenario import Scenario
from gpucalc.plan.bench_parse import parse_bench_command
from gpucalc.plan.bench_run import BenchPrediction, predict_scenario

MODELS = {"deepseek-ai/DeepSeek-R1": "deepseek-r1", "zai-org/GLM-4.6": "glm-4.5",
          "meta-llama/Meta-Llama-3-8B-Instruct": "meta-llama-3-8b-instruct"}
GPUS = {"NVIDIA H200 SXM": "h200-sxm-141gb", "NVIDIA GeForce RTX 3090": "rtx-3090-24gb"}
METRICS = ("median TTFT", "P99 TTFT", "median TPOT", "request throughput")


def rows(path: Path | None = None) -> list[dict[str, Any]]:
    """The published runs."""
    source = path or specs_dir() / "validation" / "latency_percentiles.jsonl"
    return [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _engine(row: dict[str, Any]) -> str | None:
    name = row["engine"].lower()
    if name == "sglang":
        return "sglang"
    if name == "vllm":
        return "vllm-v0" if str(row["engine_version"]).startswith("0.4") else "vllm"
    return None


def _setting(row: dict[str, Any], key: str) -> int | None:
    value = row["engine_settings"].get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def row_scenario(row: dict[str, Any]) -> Scenario | None:
    """The deployment a run served from (None when gpucalc cannot express it)."""
    engine = _engine(row)
    model = next((v for k, v in MODELS.items() if row["model"].startswith(k)), None)
    gpu = next((v for k, v in GPUS.items() if row["gpu"].startswith(k)), None)
    if engine is None or model is None or gpu is None:
        return None
    tp = row["tensor_parallel_size"] or 1
    deployment = Deployment(
        engine=engine, num_gpus=row["num_gpus"] or tp, tensor_parallel_size=tp,
        max_model_len=_setting(row, "max_model_len"), max_num_seqs=_setting(row, "max_num_seqs"),
        max_num_batched_tokens=_setting(row, "max_num_batched_tokens"))
    return Scenario(model=model, gpu=gpu, deployment=deployment)


def row_command(row: dict[str, Any]) -> tuple[str, str | None]:
    """The benchmark command the run's source states, and the client's release."""
    old = str(row["engine_version"]).startswith("0.4")
    words = (["python", "benchmarks/benchmark_serving.py", "--backend", "vllm"] if old else
             ["vllm", "bench", "serve", "--backend", "openai-chat"])
    words += ["--model", row["model"].split(" ")[0], "--num-prompts", str(row["num_requests"])]
    length = row["input_len"]
    if length["kind"] == "dataset":
        words += ["--dataset-name", "sharegpt"]
    else:
        words += ["--dataset-name", "random", "--random-input-len", str(length["mean"]),
                  "--random-output-len", str(row["output_len"]["mean"]),
                  "--random-range-ratio", str(length.get("range_ratio") or 0.0)]
    arrival = row["arrival"]
    if arrival.get("request_rate") is not None:
        words += ["--request-rate", str(arrival["request_rate"])]
    if arrival.get("burstiness") is not None:
        words += ["--burstiness", str(arrival["burstiness"])]
    if arrival.get("max_concurrency") is not None:
        words += ["--max-concurrency", str(arrival["max_concurrency"])]
    if row.get("ignore_eos"):
        words.append("--ignore-eos")
    return " ".join(words), "0.4.1" if old else None


def replay(catalog: Catalog, row: dict[str, Any]) -> BenchPrediction | None:
    """The predicted run of ``row`` (None when it is skipped)."""
    scenario = row_scenario(row)
    if scenario is None:
        return None
    command, version = row_command(row)
    return predict_scenario(catalog, scenario, parse_bench_command(command, version))


def errors(row: dict[str, Any], p: BenchPrediction) -> dict[str, float]:
    """|predicted − measured| ÷ measured per metric."""
    m = row["measured"]
    pairs = {"median TTFT": (p.ttft_ms.median, m["ttft_ms"]["p50"]),
             "P99 TTFT": (p.ttft_ms.p99, m["ttft_ms"]["p99"]),
             "median TPOT": (p.tpot_ms.median, m["tpot_ms"]["p50"]),
             "request throughput": (p.request_throughput, m["request_throughput_req_s"])}
    return {k: abs(pred - meas) / meas for k, (pred, meas) in pairs.items() if meas}


def main() -> None:
    catalog = Catalog.load()
    collected: dict[str, list[float]] = {k: [] for k in METRICS}
    skipped: list[str] = []
    print(f"{'run':<18}{'TTFT p50 ms':>22}{'TTFT p99 ms':>22}{'TPOT p50 ms':>18}{'req/s':>14}")
    for row in rows():
        prediction = replay(catalog, row)
        if prediction is None:
            skipped.append(f"{row['id']} ({row['engine']}, {row['model'].split(' ')[0]})")
            continue
        m = row["measured"]
        err = errors(row, prediction)
        for key, value in err.items():
            collected[key].append(value)
        print(f"{row['id']:<18}"
              f"{prediction.ttft_ms.median:>10,.0f} /{m['ttft_ms']['p50']:>9,.0f}"
              f"{prediction.ttft_ms.p99:>12,.0f} /{m['ttft_ms']['p99']:>9,.0f}"
              f"{prediction.tpot_ms.median:>9.1f} /{m['tpot_ms']['p50']:>6.1f}"
              f"{prediction.request_throughput:>7.2f} /{m['request_throughput_req_s']:>5.2f}")
    print("predicted / measured; median |error| over "
          f"{len(collected['median TTFT'])} runs: " +
          ", ".join(f"{k} {statistics.median(v):.0%}" for k, v in collected.items() if v))
    if skipped:
        print("skipped (no engine profile, catalog model or GPU): " + "; ".join(skipped))


if __name__ == "__main__":
    main()
