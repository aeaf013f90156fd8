"""Predictions of NVIDIA's planner aiconfigurator for gpucalc's validation rows.

Run BY THE SCRATCH VENV's python (``bash tools/peer_env.sh`` builds it); gpucalc never imports
this file and aiconfigurator is never a dependency of gpucalc::

    build/peer-venv/bin/python tools/peer_predict.py < rows.json > predictions.json

stdin: a JSON list of case rows, as ``benchmarks/peer_comparison.py`` writes them::

    {"id": ..., "kind": "performance" | "kv_capacity",
     "model": "org/name", "hf_config": {...}, "hf_quant_config": {...} | null,
     "gpu": gpucalc GPU id, "engine": "vllm" | "sglang" | "trtllm" | other,
     "engine_version": "0.19.0", "tp": 1, "pp": 1, "ep": 1,
     "weight_format": gpucalc weight-format id, "kv_cache_dtype": "auto" | "fp8",
     "gpu_memory_utilization": 0.9, "max_num_batched_tokens": 8192, "max_num_seqs": 256,
     performance only: "input_len", "output_len", "concurrency" | null,
                       "request_rate": float | "inf" | null, "num_requests": int | null}

stdout: a JSON list, one object per row: ``output_tok_s``, ``request_per_s``, ``ttft_ms``,
``tpot_ms``, ``kv_cache_tokens`` (``null`` where not predicted), ``concurrency`` used,
``peer`` (system / backend / database version) and ``reason`` (why a value is ``null``).

How each case is put to the peer (its public ``cli_estimate`` and ``estimate_kv_cache`` API):

* a fixed concurrency C (``--max-concurrency``): aggregated (in-flight batching) mode at
  batch size C, prompt tokens per step balanced as the peer's own sweep defines it
  (``balanced_ctx_tokens``);
* all requests at once (request rate inf): batch size = min(requests, engine's max running
  requests, the peer's own KV capacity / (input + output) tokens);
* a finite request rate λ: the peer has no arrival model, so the batch size is the fixed point
  of Little's law C = λ · request latency(C), capped as above; output throughput is then
  min(λ · output length, the peer's tokens/s at C);
* KV capacity: ``estimate_kv_cache`` (native memory model only, no naive fallback), budget
  ``gpu_memory_utilization`` of TOTAL memory for vLLM / SGLang, of FREE memory for TRT-LLM.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import io
import json
import logging
import math
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

# gpucalc GPU id -> the peer's system name (systems/*.yaml of aiconfigurator-core 0.12.0).
PEER_SYSTEMS = {
    "a100-sxm-80gb": "a100_sxm", "a100-pcie-80gb": "a100_pcie", "a30-24gb": "a30",
    "h100-sxm-80gb": "h100_sxm", "h100-pcie-80gb": "h100_pcie", "h200-sxm-141gb": "h200_sxm",
    "b200-180gb": "b200_sxm", "b300-270gb": "b300_sxm", "gb200-186gb": "gb200",
    "gb300-279gb": "gb300", "l40s-48gb": "l40s", "l4-24gb": "l4",
    "rtx-pro-6000-96gb": "rtx_pro_6000_server",
}
PEER_BACKENDS = {"vllm": "vllm", "vllm-v0": "vllm", "sglang": "sglang", "trtllm": "trtllm"}
# gpucalc weight-format id -> the peer's GEMM quant mode; None lets the peer read the checkpoint.
PEER_GEMM_MODES = {"bf16": "bfloat16", "fp16": "bfloat16", "fp8": "fp8", "int4-g128": "int4_wo",
                   "int4-g128-zp": "int4_wo", "int8": "sq", "nvfp4": "nvfp4"}
LITTLE_ITERATIONS = 30


class UnexpressibleError(Exception):
    """The peer cannot express this case; the message says why."""


def _peer_module(name: str) -> Any:
    return importlib.import_module(name)


DOTTED_VERSION = re.compile(r"\d+(?:\.\d+)+")


def _version_key(version: str) -> tuple[int, ...]:
    dotted = DOTTED_VERSION.search(version)
    return tuple(int(part) for part in re.findall(r"\d+", dotted.group(0))[:3]) if dotted else (0,)


def peer_version(system: str, backend: str, wanted: str | None) -> str:
    """The peer's measured database closest to the engine version of the run."""
    databases = _peer_module("aiconfigurator_core.sdk.perf_database")
    supported = databases.get_supported_databases().get(system, {})
    versions: list[str] = [str(v) for v in supported.get(backend, [])]
    if not versions:
        raise UnexpressibleError(f"no {backend} measurements for {system}")
    default = databases.get_latest_database_version(system=system, backend=backend)
    if not wanted or not DOTTED_VERSION.search(wanted):  # e.g. "not stated (2026 main)"
        return str(default or versions[-1])
    target = _version_key(wanted)

    def distance(version: str) -> tuple[float, int]:
        key = _version_key(version)
        gap = sum(abs(a - b) * 1000.0 ** -i for i, (a, b) in enumerate(zip(key, target, strict=False)))
        return gap, 0 if version == default else 1

    return min(versions, key=distance)


def model_dir(row: dict[str, Any], root: Path) -> str:
    """A local folder with the row's config.json (and hf_quant_config.json), as the peer reads it."""
    folder = root / str(row["model"]).replace("/", "--")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(row["hf_config"]), encoding="utf-8")
    if row.get("hf_quant_config"):
        (folder / "hf_quant_config.json").write_text(json.dumps(row["hf_quant_config"]),
                                                      encoding="utf-8")
    return str(folder)


def peer_setup(row: dict[str, Any]) -> dict[str, Any]:
    """System, backend, version and parallelism of one row in the peer's terms."""
    system = PEER_SYSTEMS.get(str(row["gpu"]))
    if system is None:
        raise UnexpressibleError(f"no measured system for GPU {row['gpu']}")
    backend = PEER_BACKENDS.get(str(row["engine"]))
    if backend is None:
        raise UnexpressibleError(f"engine {row['engine']} is not modelled")
    return {"package": f"aiconfigurator {importlib.metadata.version('aiconfigurator')}",
            "system": system, "backend": backend,
            "version": peer_version(system, backend, row.get("engine_version"))}


def _quant_modes(row: dict[str, Any]) -> dict[str, str | None]:
    checkpoint_quantized = "quantization_config" in row["hf_config"] or row.get("hf_quant_config")
    gemm = None if checkpoint_quantized else PEER_GEMM_MODES.get(str(row["weight_format"]))
    if not checkpoint_quantized and gemm is None:
        raise UnexpressibleError(f"weight format {row['weight_format']} has no peer GEMM mode")
    kv = "fp8" if str(row.get("kv_cache_dtype", "auto")).startswith("fp8") else None
    return {"gemm_quant_mode": gemm, "kvcache_quant_mode": kv}


def _moe_sizes(row: dict[str, Any]) -> dict[str, int | None]:
    config = row["hf_config"]
    is_moe = any(key in config for key in ("num_local_experts", "num_experts", "n_routed_experts"))
    if not is_moe:
        return {"moe_tp_size": None, "moe_ep_size": None}
    ep = int(row.get("ep") or 1)
    return {"moe_tp_size": int(row["tp"]) // ep, "moe_ep_size": ep}


def kv_capacity_tokens(row: dict[str, Any], path: str, setup: dict[str, Any]) -> int:
    """Tokens of KV cache per model replica by the peer's native memory model."""
    memory = _peer_module("aiconfigurator_core.sdk.memory")
    of_free = setup["backend"] == "trtllm"
    estimate = memory.estimate_kv_cache(
        path, setup["system"], setup["backend"], setup["version"],
        max_num_tokens=int(row["max_num_batched_tokens"]), max_batch_size=int(row["max_num_seqs"]),
        memory_fraction_kind="of_free" if of_free else "of_total",
        memory_fraction_value=float(row["gpu_memory_utilization"]),
        tp_size=int(row["tp"]), pp_size=int(row.get("pp") or 1), **_moe_sizes(row), **_quant_modes(row),
    )
    return int(estimate["total_kv_size_tokens"])


def balanced_ctx_tokens(row: dict[str, Any], batch: int) -> int:
    """Prompt tokens per step in steady state: batch · input / output, at least one prompt.

    The peer's aggregated mode prefills ``ctx_tokens`` every step; its own agg sweep calls a
    point balanced when ``input · batch / ctx_tokens / output`` is 1 (every request's prompt
    is prefilled once over its output steps). A whole prompt per step is the floor (an engine
    prefills an arriving prompt at once), the engine's token budget per step the ceiling.
    """
    input_len, output_len = int(row["input_len"]), int(row["output_len"])
    balanced = round(batch * input_len / output_len)
    return max(1, min(int(row["max_num_batched_tokens"]), max(input_len, balanced)))


def agg_point(row: dict[str, Any], path: str, setup: dict[str, Any], batch: int) -> dict[str, float]:
    """TTFT, TPOT, request latency (ms) and output tokens/s of the peer at one batch size."""
    api = _peer_module("aiconfigurator.cli.api")
    result = api.cli_estimate(
        path, setup["system"], mode="agg", backend_name=setup["backend"],
        backend_version=setup["version"], isl=int(row["input_len"]), osl=int(row["output_len"]),
        batch_size=int(batch), ctx_tokens=balanced_ctx_tokens(row, batch),
        tp_size=int(row["tp"]), pp_size=int(row.get("pp") or 1),
        free_gpu_memory_fraction=float(row["gpu_memory_utilization"]),
        **_moe_sizes(row), **_quant_modes(row),
    )
    raw = result.raw
    return {"ttft_ms": float(result.ttft), "tpot_ms": float(result.tpot),
            "latency_ms": float(raw["request_latency"]), "output_tok_s": float(raw["tokens/s"]),
            "request_per_s": float(raw["seq/s"])}


def _rate(row: dict[str, Any]) -> float | None:
    value = row.get("request_rate")
    if value is None:
        return None
    return math.inf if value == "inf" else float(value)


def running_cap(row: dict[str, Any], path: str, setup: dict[str, Any]) -> int:
    """Most requests the engine runs at once: its max running requests, the KV cache, the run."""
    per_request = int(row["input_len"]) + int(row["output_len"])
    caps = [int(row["max_num_seqs"]), kv_capacity_tokens(row, path, setup) // per_request]
    if row.get("num_requests"):
        caps.append(int(row["num_requests"]))
    return max(1, min(caps))


def predict_performance(row: dict[str, Any], path: str, setup: dict[str, Any]) -> dict[str, Any]:
    """The peer's throughput and latency for a fixed concurrency, all-at-once or a request rate."""
    rate = _rate(row)
    if row.get("concurrency"):
        batch = int(row["concurrency"])
        return {**agg_point(row, path, setup, batch), "concurrency": batch}
    if rate is None:
        raise UnexpressibleError("the row gives neither a concurrency nor a request rate")
    cap = running_cap(row, path, setup)
    if math.isinf(rate):
        return {**agg_point(row, path, setup, cap), "concurrency": cap}
    batch = 1
    point = agg_point(row, path, setup, batch)
    for _ in range(LITTLE_ITERATIONS):
        wanted = min(cap, max(1, math.ceil(rate * point["latency_ms"] / 1000.0)))
        if wanted == batch:
            break
        batch = wanted
        point = agg_point(row, path, setup, batch)
    output_len = int(row["output_len"])
    return {**point, "concurrency": batch,
            "output_tok_s": min(rate * output_len, point["output_tok_s"]),
            "request_per_s": min(rate, point["request_per_s"])}


EMPTY = {"output_tok_s": None, "request_per_s": None, "ttft_ms": None, "tpot_ms": None,
         "kv_cache_tokens": None, "concurrency": None}


def predict_row(row: dict[str, Any], root: Path) -> dict[str, Any]:
    """One row's prediction, or ``null`` values and the reason the peer cannot express it."""
    out: dict[str, Any] = {"id": row["id"], **EMPTY, "peer": None, "reason": None}
    try:
        setup = peer_setup(row)
        out["peer"] = setup
        path = model_dir(row, root)
        if row["kind"] == "kv_capacity":
            out["kv_cache_tokens"] = kv_capacity_tokens(row, path, setup)
        else:
            out.update(predict_performance(row, path, setup))
    except UnexpressibleError as exc:
        out["reason"] = str(exc)
    except Exception as exc:  # the peer refuses the case: report its own words
        out["reason"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:240] if str(exc) else ''}"
    return out


def main() -> None:
    """Read rows on stdin, print predictions on stdout (the peer's own logging goes to stderr)."""
    rows = json.load(sys.stdin)
    os.environ.setdefault("AICONFIGURATOR_LOG_LEVEL", "ERROR")
    logging.disable(logging.WARNING)
    results = []
    with tempfile.TemporaryDirectory(prefix="peer-models-") as tmp:
        for row in rows:
            with contextlib.redirect_stdout(io.StringIO()):
                results.append(predict_row(row, Path(tmp)))
    json.dump(results, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
