"""Engine start-up logs (``specs/validation/kv_capacity.jsonl``) as planner cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.inputs import Deployment, PlanInputs

# GPU names as the validation sources print them → catalog ids.
GPU_NAMES = {
    "nvidia h100 80gb": "h100-sxm-80gb",
    "nvidia h100 (single gpu": "h100-sxm-80gb",
    "nvidia h100 80gb (variant not stated)": "h100-sxm-80gb",
    "h100 80gb hbm3": "h100-sxm-80gb",
    "nvidia geforce rtx 3090 24gb": "rtx-3090-24gb",
    "h200 141gb hbm3": "h200-sxm-141gb",
    "l40s": "l40s-48gb",
    "a100-sxm4-80gb": "a100-sxm-80gb",
}


class KvCase(BaseModel):
    """One measured start-up and the inputs that reproduce it."""

    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    inputs: PlanInputs
    measured_tokens: int
    measured: dict[str, Any]


def gpu_id_for(name: str) -> str:
    """Catalog id of a GPU as a validation source names it."""
    key = name.strip().lower()
    if key in GPU_NAMES:
        return GPU_NAMES[key]
    for prefix, gpu_id in GPU_NAMES.items():
        if key.startswith(prefix):
            return gpu_id
    raise KeyError(f"no catalog GPU for '{name}'")


def engine_for(row: dict[str, Any]) -> str:
    """Engine profile id: vLLM V1 (≥ 0.8) rows vs the pre-V1 log format."""
    version = str(row.get("engine_version") or "")
    return "vllm" if version[:2] in {"0.", "1."} and not version.startswith("0.6") else "vllm-v0"


def case_from_row(catalog: Catalog, row: dict[str, Any]) -> KvCase:
    """Build the planner inputs matching one start-up log row."""
    other = row.get("other_settings") or {}
    deployment = Deployment(
        engine=engine_for(row),
        num_gpus=row.get("num_gpus") or 1,
        tensor_parallel_size=row.get("tensor_parallel_size") or 1,
        pipeline_parallel_size=row.get("pipeline_parallel_size") or 1,
        max_model_len=row["max_model_len"],
        gpu_memory_utilization=row["gpu_memory_utilization"],
        max_num_seqs=other.get("max_num_seqs"),
        kv_cache_dtype=row.get("kv_cache_dtype") or "auto",
        block_size=row.get("block_size"),
    )
    inputs = resolve_inputs(catalog, row["model"], gpu_id_for(row["gpu"]), deployment,
                            dtype=row.get("weight_dtype"))
    measured = row["measured"]
    tokens = measured.get("kv_cache_tokens") or measured["num_gpu_blocks"] * 16
    label = (f"{row['model'].split('/')[-1]} · TP{deployment.tensor_parallel_size}"
             f"/PP{deployment.pipeline_parallel_size} · len {row['max_model_len']}"
             f" · kv {deployment.kv_cache_dtype}")
    return KvCase(id=row["id"], label=label, inputs=inputs, measured_tokens=int(tokens),
                  measured=measured)


def load_kv_cases(catalog: Catalog, path: Path | None = None) -> list[KvCase]:
    """All start-up log rows as cases."""
    source = path or specs_dir() / "validation" / "kv_capacity.jsonl"
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line]
    return [case_from_row(catalog, row) for row in rows]
