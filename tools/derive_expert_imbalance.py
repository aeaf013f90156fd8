"""Derive gpucalc's default expert load imbalance from aiconfigurator-core's measured MoE tables.

Run it with the python of the scratch venv that holds ``aiconfigurator-core`` 0.12.0 (Apache-2.0)
and pandas/pyarrow (``bash tools/peer_env.sh`` builds ``build/peer-venv``)::

    build/peer-venv/bin/python tools/derive_expert_imbalance.py          # print the figures
    build/peer-venv/bin/python tools/derive_expert_imbalance.py --write  # and set the constants

Nothing here is imported by gpucalc; ``--write`` sets ``DEFAULT_IMBALANCE`` / ``EPLB_IMBALANCE``
in ``gpucalc/core/specs/parallel_inputs.py``, which is what ships. aiconfigurator plans MoE routing as
``workload_distribution = "power_law"`` (sdk/config.py) with α = 1.01 (sdk/models/deepseek.py and
the other MoE models) and measured its kernels under that routing and under balanced routing.

* Without EPLB: the grouped-GEMM time of one EP rank under power-law α = 1.01 routing ÷ the same
  shape under balanced routing (``systems/data/<gpu>/moe/<engine>/<version>/moe_perf.parquet``,
  every engine and version with both, whole experts per rank: moe_tp 1), at EP 8–64 and
  ≥ 4096 tokens (the compute-bound range, where the expert GEMMs scale with the busiest rank's
  tokens and the ratio levels off). Median per GPU, then the median over GPUs.
* With EPLB: TensorRT-LLM's wide-EP table (``wideep_moe_perf.parquet``) records the tokens routed
  to the measured rank (``rank0_num_tokens``) under ``power_law_1.01_eplb``; divided by the
  tokens one rank receives on average under uniform top-k routing over the slots,
  T × (1 − C(S − S/EP, k) ÷ C(S, k)), it is the residual imbalance EPLB leaves. Same EP sizes,
  token range and medians.
"""

from __future__ import annotations

import argparse
import json
import re
from importlib import metadata
from math import comb
from pathlib import Path
from typing import Any

import aiconfigurator_core  # type: ignore[import-not-found]
import pandas as pd  # type: ignore[import-untyped]

PACKAGE = "aiconfigurator-core"
EP_SIZES = (8, 16, 32, 64)  # one node of 8 GPUs up to the wide-EP deployments of DeepSeek-V3
MIN_TOKENS = 4096  # compute-bound: below it the expert weights' reads, not the tokens, set the time
ALPHA = "power_law_1.01"  # aiconfigurator's planning routing (sdk/models/*.py _power_law_alpha)
SHAPE = ["kernel_source", "moe_dtype", "num_tokens", "hidden_size", "inter_size", "topk",
         "num_experts", "moe_tp_size", "moe_ep_size"]
TARGET = Path(__file__).resolve().parent.parent / "gpucalc" / "core" / "specs" / "parallel_inputs.py"


def _data_root() -> Path:
    """The package's measured-table folder (systems/data)."""
    return Path(aiconfigurator_core.__file__).resolve().parent / "systems" / "data"


def _selected(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows at the EP sizes and token counts the figures are taken over."""
    return frame[frame.moe_ep_size.isin(EP_SIZES) & (frame.num_tokens >= MIN_TOKENS)]


def _median_over_gpus(frame: pd.DataFrame, column: str) -> tuple[float, dict[str, float]]:
    """Median of ``column`` per GPU, and the median of those (each GPU counts once)."""
    per_gpu = frame.groupby("gpu")[column].median()
    return float(per_gpu.median()), {k: round(float(v), 3) for k, v in per_gpu.items()}


def power_law_time_ratios(root: Path) -> pd.DataFrame:
    """Grouped-GEMM time under power-law α = 1.01 ÷ balanced, per measured shape (moe_tp 1)."""
    frames = []
    for path in sorted(root.glob("*/moe/*/*/moe_perf.parquet")):
        data = pd.read_parquet(path, columns=[*SHAPE, "distribution", "latency"])
        if not {"balanced", ALPHA} <= set(data.distribution):
            continue
        wide = data.pivot_table(index=SHAPE, columns="distribution", values="latency",
                                aggfunc="median").reset_index().dropna(subset=["balanced", ALPHA])
        wide["ratio"] = wide[ALPHA] / wide["balanced"]
        wide["gpu"] = path.parts[-5]
        frames.append(wide[wide.moe_tp_size == 1])
    return _selected(pd.concat(frames, ignore_index=True))


def _uniform_tokens_per_rank(row: Any) -> float:
    """Tokens one EP rank receives on average when top-k picks k of S slots uniformly."""
    slots, per_rank, k = int(row.num_slots), int(row.num_slots) // int(row.moe_ep_size), int(row.topk)
    return float(row.num_tokens) * (1 - comb(slots - per_rank, k) / comb(slots, k))


def eplb_token_ratios(root: Path) -> pd.DataFrame:
    """The measured rank's tokens under power-law α = 1.01 with EPLB ÷ the uniform mean."""
    frames = []
    for path in sorted(root.glob("*/moe/trtllm/*/wideep_moe_perf.parquet")):
        data = pd.read_parquet(path)
        data = data[data.distribution == f"{ALPHA}_eplb"].copy()
        if data.empty:
            continue
        data["ratio"] = data.rank0_num_tokens / data.apply(_uniform_tokens_per_rank, axis=1)
        data["gpu"] = path.parts[-5]
        frames.append(data)
    return _selected(pd.concat(frames, ignore_index=True))


def derive(root: Path) -> dict[str, Any]:
    """Both figures (rounded to 0.01, as gpucalc ships them) with their per-GPU medians."""
    time_rows = power_law_time_ratios(root)
    eplb_rows = eplb_token_ratios(root)
    default, default_gpus = _median_over_gpus(time_rows, "ratio")
    eplb, eplb_gpus = _median_over_gpus(eplb_rows, "ratio")
    return {
        "source": f"{PACKAGE} {metadata.version(PACKAGE)} systems/data",
        "ep_sizes": list(EP_SIZES), "min_tokens": MIN_TOKENS,
        "default_imbalance": round(default, 2), "default_per_gpu": default_gpus,
        "default_rows": len(time_rows),
        "eplb_imbalance": round(eplb, 2), "eplb_per_gpu": eplb_gpus, "eplb_rows": len(eplb_rows),
    }


def write_constants(figures: dict[str, Any], target: Path = TARGET) -> None:
    """Set DEFAULT_IMBALANCE and EPLB_IMBALANCE in gpucalc/core/specs/parallel_inputs.py."""
    text = target.read_text(encoding="utf-8")
    for name, key in (("DEFAULT_IMBALANCE", "default_imbalance"), ("EPLB_IMBALANCE", "eplb_imbalance")):
        text, count = re.subn(rf"^{name} = [0-9.]+", f"{name} = {figures[key]}", text, flags=re.M)
        if count != 1:
            raise SystemExit(f"{target}: expected one '{name} = ...' line, found {count}")
    target.write_text(text, encoding="utf-8")


def main() -> None:
    """Print the figures (JSON); with --write, set the constants."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true",
                        help="set the constants in gpucalc/core/specs/parallel_inputs.py")
    args = parser.parse_args()
    figures = derive(_data_root())
    print(json.dumps(figures, indent=1, sort_keys=True))
    if args.write:
        write_constants(figures)


if __name__ == "__main__":
    main()
