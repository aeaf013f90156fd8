"""Fit compact kernel-efficiency surfaces from aiconfigurator-core's measured tables.

Run it through ``make kernels``: the Makefile installs ``aiconfigurator-core`` (Apache-2.0) with
pandas/pyarrow/scipy into a scratch venv under ``build/`` and runs this script with that venv's
python. Nothing here is imported by gpucalc; the JSON it writes (``specs/kernels/<system>.json``)
is what ships.

Per measured system and engine family (vllm, sglang, trtllm; the latest version present):

* GEMM per dtype: time = max(FLOPs ÷ (peak × e_c), bytes ÷ (HBM × e_m)) + t₀ with
  e_c = e_max · M/(M + M½) · NK/(NK + NK½) (small M and small weight matrices fall below peak);
* context attention: time = t₀ + causal FLOPs ÷ (BF16 peak × e_max · s/(s + s½));
* generation attention: time = t₀ + t_seq · batch + KV bytes ÷ (HBM × e_m);
* MoE grouped GEMM: as a GEMM with e_c = e_max · T/(T + T½) over T = tokens per expert, bytes
  = the experts the batch touches;
* all-reduce per rank count (engine custom and NCCL): time = α + message bytes ÷ β.

Fractions are of the datasheet peaks in gpucalc's own ``specs/gpus`` entry of the system, so at
run time the same fraction times the same peak reproduces the measured time. Residuals are the
median and P90 of |predicted ÷ measured − 1| over the rows fitted.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import aiconfigurator_core  # type: ignore[import-not-found]
import numpy as np
import pandas as pd  # type: ignore[import-untyped]
from scipy.optimize import least_squares  # type: ignore[import-untyped]

PACKAGE = "aiconfigurator-core"
SCHEMA_VERSION = 1
FAMILIES = ("vllm", "sglang", "trtllm")
MAX_BYTES = 64 * 2**20  # all-reduce fits cover messages up to 64 MiB (decode to long prefill)

# aiconfigurator system → gpucalc GPU id whose datasheet peaks the fractions refer to.
SYSTEMS = {
    "a100_sxm": "a100-sxm-80gb", "h100_sxm": "h100-sxm-80gb", "h200_sxm": "h200-sxm-141gb",
    "b200_sxm": "b200-180gb", "b300_sxm": "b300-270gb", "gb200": "gb200-186gb",
    "gb300": "gb300-279gb", "l40s": "l40s-48gb", "rtx_pro_6000_server": "rtx-pro-6000-96gb",
}
# GEMM dtype → (gpucalc peak key, weight bytes per element).
GEMM_DTYPES = {"bfloat16": ("bf16", 2.0), "float16": ("fp16", 2.0), "fp8": ("fp8", 1.0),
               "fp8_block": ("fp8", 1.0), "nvfp4": ("fp4", 0.5), "int4_wo": ("bf16", 0.5),
               "w4a16": ("bf16", 0.5)}
MOE_DTYPES = {"bfloat16": ("bf16", 2.0), "fp8_block": ("fp8", 1.0), "fp8": ("fp8", 1.0)}


def _version_key(name: str) -> tuple[int, ...]:
    """Sortable key of a version folder name (1.3.0rc20 → (1, 3, 0, 20))."""
    return tuple(int(x) for x in re.findall(r"\d+", name))


def latest_table(root: Path, system: str, kind: str, family: str, name: str) -> Path | None:
    """The table ``name`` of the latest version of ``family`` that has it."""
    base = root / system / kind / family
    if not base.is_dir():
        return None
    for version in sorted((p.name for p in base.iterdir()), key=_version_key, reverse=True):
        path = base / version / name
        if path.exists():
            return path
    return None


def _residuals(predicted: np.ndarray, measured: np.ndarray) -> dict[str, float]:
    err = np.abs(predicted / measured - 1.0)
    return {"median": round(float(np.median(err)), 4), "p90": round(float(np.quantile(err, 0.9)), 4),
            "rows": int(err.size)}


def _fit(model: Callable[[np.ndarray], np.ndarray], x0: list[float], lower: list[float],
         upper: list[float], measured: np.ndarray) -> np.ndarray:
    """Parameters minimising the robust log-ratio of predicted to measured time."""
    def res(p: np.ndarray) -> np.ndarray:
        return np.log(np.maximum(model(p), 1e-12) / measured)
    out = least_squares(res, np.array(x0), bounds=(lower, upper), loss="soft_l1", f_scale=0.1)
    return np.asarray(out.x)


def _rel(path: Path, root: Path) -> str:
    return str(path.relative_to(root.parent.parent.parent))


def fit_gemm(df: pd.DataFrame, peaks: dict[str, float], hbm: float) -> dict[str, Any]:
    """One surface per dtype: (e_max, m_half, nk_half, e_mem, t0_us)."""
    out: dict[str, Any] = {}
    df = df[(df.n >= 512) & (df.k >= 512) & (df.n <= 65536) & (df.k <= 65536)]
    for dtype, group in df.groupby("gemm_dtype"):
        if dtype not in GEMM_DTYPES or not peaks.get(GEMM_DTYPES[dtype][0]):
            continue
        best = group.groupby(["m", "n", "k"], as_index=False)["latency"].min()  # fastest kernel
        m, n, k = (best[c].to_numpy(float) for c in ("m", "n", "k"))
        t = best.latency.to_numpy(float) * 1e-3
        peak = peaks[GEMM_DTYPES[dtype][0]] * 1e12
        flops = 2 * m * n * k
        data = n * k * GEMM_DTYPES[dtype][1] + 2 * (m * k + m * n)

        def model(p: np.ndarray, m: np.ndarray = m, nk: np.ndarray = n * k,
                  flops: np.ndarray = flops, data: np.ndarray = data, peak: float = peak) -> np.ndarray:
            e_c = p[0] * m / (m + p[1]) * nk / (nk + p[2])
            return np.maximum(flops / (peak * e_c), data / (hbm * p[3])) + p[4] * 1e-6

        p = _fit(model, [0.7, 64, 4e6, 0.7, 5], [0.05, 0.1, 1.0, 0.05, 0], [1.0, 1e5, 1e9, 1.0, 100], t)
        out[str(dtype)] = {"e_max": round(p[0], 4), "m_half": round(p[1], 2),
                           "nk_half": round(p[2], 0), "e_mem": round(p[3], 4), "t0_us": round(p[4], 3),
                           "residual": _residuals(model(p), t)}
    return out


def fit_context_attention(df: pd.DataFrame, bf16_peak: float) -> dict[str, Any] | None:
    """(e_max, s_half, t0_us) of causal prefill attention, head_dim 128, BF16 KV."""
    df = df[(df.head_dim == 128) & (df.window_size == 0) & (df.kv_cache_dtype == "bfloat16")
            & (df.isl >= 16)]
    if df.empty:
        return None
    best = df.groupby(["batch_size", "isl", "num_heads", "num_key_value_heads"],
                      as_index=False)["latency"].min()
    b, s, h = (best[c].to_numpy(float) for c in ("batch_size", "isl", "num_heads"))
    t = best.latency.to_numpy(float) * 1e-3
    flops = b * h * 128 * 2 * s * s  # 4·h·d·s² halved by the causal mask
    peak = bf16_peak * 1e12

    def model(p: np.ndarray) -> np.ndarray:
        return flops / (peak * p[0] * s / (s + p[1])) + p[2] * 1e-6

    p = _fit(model, [0.5, 512, 10], [0.01, 1, 0], [1.0, 1e5, 1000], t)
    return {"e_max": round(p[0], 4), "s_half": round(p[1], 1), "t0_us": round(p[2], 3),
            "residual": _residuals(model(p), t)}


def fit_generation_attention(df: pd.DataFrame, hbm: float) -> dict[str, Any] | None:
    """(e_mem, t0_us, t_seq_us) of decode attention, head_dim 128, KV dtypes bf16/fp8."""
    df = df[(df.head_dim == 128) & (df.window_size == 0) & (df.num_key_value_heads <= 8)
            & (df.step >= 63)]
    if df.empty:
        return None
    best = df.groupby(["batch_size", "step", "num_heads", "num_key_value_heads", "kv_cache_dtype"],
                      as_index=False)["latency"].min()
    b, ctx, kvh = (best[c].to_numpy(float) for c in ("batch_size", "step", "num_key_value_heads"))
    kvb = np.where(best.kv_cache_dtype.to_numpy() == "fp8", 1.0, 2.0)
    data = b * ctx * 2 * kvh * 128 * kvb
    t = best.latency.to_numpy(float) * 1e-3

    def model(p: np.ndarray) -> np.ndarray:
        return data / (hbm * p[0]) + p[1] * 1e-6 + p[2] * 1e-6 * b

    p = _fit(model, [0.6, 8, 0.05], [0.02, 0, 0], [1.0, 1000, 100], t)
    return {"e_mem": round(p[0], 4), "t0_us": round(p[1], 3), "t_seq_us": round(p[2], 4),
            "residual": _residuals(model(p), t)}


def fit_moe(df: pd.DataFrame, peaks: dict[str, float], hbm: float) -> dict[str, Any]:
    """Per dtype (e_max, tpe_half, e_mem, t0_us) over tokens per expert, balanced routing."""
    out: dict[str, Any] = {}
    df = df[(df.moe_tp_size == 1) & (df.moe_ep_size == 1) & (df.distribution == "balanced")]
    for dtype, group in df.groupby("moe_dtype"):
        if dtype not in MOE_DTYPES or not peaks.get(MOE_DTYPES[dtype][0]):
            continue
        keys = ["num_tokens", "hidden_size", "inter_size", "topk", "num_experts"]
        best = group.groupby(keys, as_index=False)["latency"].min()
        tok, hid, inter, k, e = (best[c].to_numpy(float) for c in keys)
        t = best.latency.to_numpy(float) * 1e-3
        per_expert = 3 * hid * inter
        flops = 2 * tok * k * per_expert
        touched = e * (1 - (1 - k / e) ** tok)
        data = touched * per_expert * MOE_DTYPES[dtype][1]
        tpe = tok * k / e
        peak = peaks[MOE_DTYPES[dtype][0]] * 1e12

        def model(p: np.ndarray, flops: np.ndarray = flops, data: np.ndarray = data,
                  tpe: np.ndarray = tpe, peak: float = peak) -> np.ndarray:
            return np.maximum(flops / (peak * p[0] * tpe / (tpe + p[1])),
                              data / (hbm * p[2])) + p[3] * 1e-6

        p = _fit(model, [0.5, 32, 0.6, 20], [0.01, 0.01, 0.02, 0], [1.0, 1e4, 1.0, 1000], t)
        out[str(dtype)] = {"e_max": round(p[0], 4), "tpe_half": round(p[1], 2),
                           "e_mem": round(p[2], 4), "t0_us": round(p[3], 3),
                           "residual": _residuals(model(p), t)}
    return out


def fit_allreduce(df: pd.DataFrame) -> dict[str, Any]:
    """Per rank count: α (µs) and β (GB/s) of all-reduce over messages up to 64 MiB.

    ``message_size`` counts 16-bit elements (the package sizes all-reduces as tokens × hidden;
    read as bytes, H100 NVSwitch would reach half the bus bandwidth nccl-tests report), so bytes
    are twice it.
    """
    out: dict[str, Any] = {}
    df = df.assign(message_bytes=df.message_size * 2.0)
    df = df[(df.op_name == "all_reduce") & (df.message_bytes <= MAX_BYTES)]
    if "backend" in df.columns and (df.backend.astype(str).str.contains("graph")).any():
        df = df[df.backend.astype(str).str.contains("graph")]  # engines capture it in CUDA graphs
    if "nccl_dtype" in df.columns:
        df = df[df.nccl_dtype == "half"]
    for ranks, group in df.groupby("num_gpus"):
        best = group.groupby("message_bytes", as_index=False)["latency"].min()
        size = best.message_bytes.to_numpy(float)
        t = best.latency.to_numpy(float) * 1e-3

        def model(p: np.ndarray, size: np.ndarray = size) -> np.ndarray:
            return p[0] * 1e-6 + size / (p[1] * 1e9)

        # α from the latency-bound messages (≤ 64 KiB), β from the bandwidth-bound ones (≥ 1 MiB)
        alpha = float(np.median(t[size <= 65536])) if (size <= 65536).any() else float(t.min())
        big = size >= 2**20
        beta = float(np.median(size[big] / np.maximum(t[big] - alpha, 1e-9))) if big.any() else 1e11
        p = np.array([alpha * 1e6, beta / 1e9])
        out[str(int(ranks))] = {"alpha_us": round(p[0], 3), "beta_gb_per_s": round(p[1], 2),
                                "residual": _residuals(model(p), t)}
    return out


def _read(path: Path | None) -> pd.DataFrame | None:
    if path is None:
        return None
    df = pd.read_parquet(path)
    if "window_size" not in df.columns:  # older tables predate sliding-window rows
        df["window_size"] = 0
    return df


def fit_system(root: Path, system: str, gpu: dict[str, Any]) -> dict[str, Any]:
    """Every surface of one measured system."""
    peaks = {k: float(v) for k, v in gpu["dense_tflops"].items() if v}
    hbm = float(gpu["hbm_bandwidth_gb_per_s"]) * 1e9
    tables: list[str] = []
    engines: dict[str, Any] = {}

    def table(kind: str, family: str, name: str) -> pd.DataFrame | None:
        path = latest_table(root, system, kind, family, name)
        if path is not None:
            tables.append(_rel(path, root))
        return _read(path)

    for family in FAMILIES:
        surfaces: dict[str, Any] = {}
        gemm = table("gemm", family, "gemm_perf.parquet")
        if gemm is not None:
            surfaces["version"] = str(gemm.version.iloc[0])
            surfaces["gemm"] = fit_gemm(gemm, peaks, hbm)
        ctx = table("attention", family, "context_attention_perf.parquet")
        if ctx is not None and (fit := fit_context_attention(ctx, peaks["bf16"])):
            surfaces["context_attention"] = fit
        gen = table("attention", family, "generation_attention_perf.parquet")
        if gen is not None and (fit := fit_generation_attention(gen, hbm)):
            surfaces["generation_attention"] = fit
        moe = table("moe", family, "moe_perf.parquet")
        if moe is not None and (moe_fit := fit_moe(moe, peaks, hbm)):
            surfaces["moe"] = moe_fit
        custom = table("comm", family, "custom_allreduce_perf.parquet")
        if custom is not None and (ar := fit_allreduce(custom)):
            surfaces["allreduce"] = ar
        if surfaces:
            engines[family] = surfaces
    nccl = table("comm", "nccl", "nccl_perf.parquet")
    result: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "system": system,
        "gpu": gpu["id"],
        "name": gpu["name"],
        "package": PACKAGE,
        "package_version": metadata.version(PACKAGE),
        "source": {"package": PACKAGE, "licence": "Apache-2.0",
                   "note": "measured kernel latencies shipped in the package; fitted by "
                           "tools/fit_kernels.py (make kernels)", "tables": tables},
        "peaks": {"dense_tflops": peaks, "hbm_gb_per_s": gpu["hbm_bandwidth_gb_per_s"],
                  "source": f"specs/gpus/{gpu['id']}.json"},
        "engines": engines,
    }
    if nccl is not None:
        result["nccl_allreduce"] = fit_allreduce(nccl)
    return result


def main() -> None:
    """Fit every measured system and write ``<out>/<system>.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("specs/kernels"))
    parser.add_argument("--gpus", type=Path, default=Path("specs/gpus"))
    parser.add_argument("--systems", nargs="*", default=list(SYSTEMS))
    args = parser.parse_args()
    root = Path(aiconfigurator_core.__file__).parent / "systems" / "data"
    args.out.mkdir(parents=True, exist_ok=True)
    for system in args.systems:
        gpu_id = SYSTEMS[system]
        if not (root / system).is_dir():
            continue
        gpu = json.loads((args.gpus / f"{gpu_id}.json").read_text(encoding="utf-8"))
        result = fit_system(root, system, gpu)
        path = args.out / f"{system}.json"
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path}: {path.stat().st_size} bytes, engines {', '.join(result['engines'])}")


if __name__ == "__main__":
    main()
