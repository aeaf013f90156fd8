"""Engine start-up logs (``specs/validation/kv_capacity.jsonl``) as planner cases."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import CHECKPOINT_METHODS, CatalogError, resolve_inputs
from gpucalc.core.specs.inputs import Deployment, PlanInputs
from gpucalc.validation.models import InexpressibleRowError, clean_name, expressed, model_for

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

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    label: str
    inputs: PlanInputs
    measured_tokens: int
    measured: dict[str, Any]
    engine_version: str = ""

    @property
    def is_vllm_019(self) -> bool:
        """The vLLM 0.19 H100 start-ups the memory constants were fitted to."""
        return self.inputs.engine.id == "vllm" and self.engine_version.startswith("0.19")


def _plain(text: str) -> str:
    """Lower-case name without vendor words and separators.

    'NVIDIA A100-SXM4-40GB' → 'a100 sxm4 40gb'.
    """
    words = re.sub(r"[-_/()]", " ", text.lower()).split()
    return " ".join(w for w in words if w not in {"nvidia", "geforce", "tesla"})


def _catalog_match(catalog: Catalog, key: str, total_gib: float | None) -> str | None:
    """Catalog GPU whose id, alias or name the source's name contains.

    The longest match wins; among equal matches the one whose memory is closest to what the
    engine saw.
    """
    plain = f" {_plain(key)} "
    best: list[tuple[int, float, str]] = []
    for gpu in catalog.gpus.values():
        names = {_plain(gpu.name), _plain(gpu.id), *(_plain(str(a)) for a in gpu.aliases)}
        hits = [len(n) for n in names if n and f" {n} " in plain]
        if hits:
            gap = abs(gpu.usable_memory_gib - total_gib) if total_gib else 0.0
            best.append((-max(hits), gap, gpu.id))
    return min(best)[2] if best else None


def gpu_id_for(name: str, catalog: Catalog | None = None, total_gib: float | None = None) -> str:
    """Catalog id of a GPU as a validation source names it.

    Known spellings first, then (with ``catalog``) the catalog's aliases and names, preferring the
    memory variant closest to ``total_gib``.
    """
    key = name.strip().lower()
    if key in GPU_NAMES:
        return GPU_NAMES[key]
    for prefix, gpu_id in GPU_NAMES.items():
        if key.startswith(prefix):
            return gpu_id
    if catalog is not None:
        if key in {g.id for g in catalog.gpus.values()}:
            return key
        found = _catalog_match(catalog, key, total_gib)
        if found is not None:
            return found
    raise KeyError(f"no catalog GPU for '{name}'")


def _version(text: str) -> tuple[int, int] | None:
    """(major, minor) of a version string such as '0.6.3.post1' or 'v0.4.6' (None: not stated)."""
    match = re.search(r"(\d+)\.(\d+)", text)
    return (int(match.group(1)), int(match.group(2))) if match else None


MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
VLLM_V1_DEFAULT_SINCE = (2025, 4)
"""vLLM 0.8.0 (released 18 March 2025) made the V1 engine the default: builds dated from April
2025 on run V1 unless they say otherwise."""


def _dated(text: str) -> tuple[int, int] | None:
    """(year, month) a version note states, or None.

    'not stated (July 2025)' → (2025, 7); the month is 12 when only the year is given.
    """
    year = re.search(r"\b(20\d\d)\b", text)
    if year is None:
        return None
    month = re.search(r"\b(" + "|".join(MONTHS) + r")[a-z]*\b", text.lower())
    return int(year.group(1)), MONTHS.index(month.group(1)) + 1 if month else 12


def _vllm_v1(text: str, version: tuple[int, int] | None) -> bool:
    """Whether a vLLM build runs the V1 engine: from 0.8, or by its note when no version is stated."""
    if version is not None and "version not stated" not in text.lower():
        return version >= (0, 8)
    lowered = text.lower()
    if "v0 engine" in lowered or "pre-v1" in lowered:
        return False
    if "v1 engine" in lowered:
        return True
    dated = _dated(text)
    return dated is not None and dated >= VLLM_V1_DEFAULT_SINCE


def engine_for(row: dict[str, Any]) -> str:
    """Engine profile id for a row: the engine it names and its version family.

    vLLM: the V1 engine is the default from 0.8 (VLLM_USE_V1=0 keeps V0); earlier releases and
    logs in the pre-V1 format are V0; a build without a version number runs V1 when its note
    says so or dates it from April 2025 on. SGLang: 0.4.x and 0.5+ differ in their memory
    defaults.
    """
    engine = str(row.get("engine") or "vllm").lower()
    text = str(row.get("engine_version") or "")
    version = _version(text)
    if "sglang" in engine:
        return "sglang-0.4" if version is not None and version < (0, 5) else "sglang"
    if "tensorrt" in engine or "trt" in engine:
        return "trtllm"
    other = row.get("other_settings") or {}
    if str(other.get("VLLM_USE_V1", "")) == "0":
        return "vllm-v0"
    return "vllm" if _vllm_v1(text, version) else "vllm-v0"


def _memory_fraction(row: dict[str, Any], other: dict[str, Any]) -> float | None:
    """The engine's memory fraction as the row states it (each engine's own knob)."""
    for key in ("mem_fraction_static", "kv_cache_free_gpu_memory_fraction", "free_gpu_memory_fraction"):
        if other.get(key) is not None:
            return float(other[key])
    value = row.get("gpu_memory_utilization")
    return float(value) if value is not None else None


def _first_int(other: dict[str, Any], *keys: str) -> int | None:
    for key in keys:
        if other.get(key) is not None:
            return int(other[key])
    return None


def _eager(other: dict[str, Any]) -> bool:
    return bool(other.get("enforce_eager") or other.get("disable_cuda_graph"))


def measured_tokens(row: dict[str, Any], block_size: int) -> int:
    """KV tokens the log states: the token count, else blocks × tokens per block.

    Raises :class:`InexpressibleRowError` when the log states neither (only GiB of KV memory).
    """
    measured = row["measured"]
    for key in ("kv_cache_tokens", "max_total_num_tokens", "max_tokens"):
        if measured.get(key):
            return int(measured[key])
    if not measured.get("num_gpu_blocks"):
        raise InexpressibleRowError("the log states KV memory in GiB but no token or block count")
    return int(measured["num_gpu_blocks"]) * block_size


def _stated(text: object) -> str:
    """A setting as the row writes it, without its note: 'gptq (int4)' → 'gptq'."""
    return clean_name(str(text or "")).lower()


def _quantization(catalog: Catalog, row: dict[str, Any]) -> str | None:
    """The row's ``--quantization`` when the catalog knows it, else None.

    Without it the engine reads the checkpoint's own quantization config, as vLLM does.
    """
    name = _stated(row.get("quantization"))
    if name in {"", "none", "null", "auto"}:
        return None
    if name in CHECKPOINT_METHODS:
        return name
    try:
        catalog.weight_format(name)
    except CatalogError:
        return None
    return name


def kv_dtype(text: object) -> str:
    """The engine's ``--kv-cache-dtype`` for a row's KV text (FP8 variants → fp8; else auto)."""
    name = _stated(text)
    return "fp8" if name.startswith("fp8") else name if name in {"int8", "nvfp4"} else "auto"


def weight_dtype(text: object) -> str | None:
    """The row's ``--dtype`` (float16, bfloat16, float32), None where not stated."""
    name = _stated(text)
    return name if name in {"float16", "bfloat16", "float32", "half", "auto"} else None


def row_gpu(catalog: Catalog, row: dict[str, Any]) -> str:
    """Catalog GPU of a row, or :class:`InexpressibleRowError` (mixed GPU types, type not stated)."""
    name = str(row.get("gpu") or "")
    if name.lower().startswith("not stated"):
        raise InexpressibleRowError(f"GPU type not stated ({name})")
    if " + " in name and "rank" in name.lower():
        raise InexpressibleRowError(f"mixed GPU types in one deployment ({name})")
    total = row.get("gpu_total_memory_gib")
    try:
        return gpu_id_for(name, catalog, float(total) if total else None)
    except KeyError as error:
        raise InexpressibleRowError(f"GPU type not stated or not in the catalog ({name})") from error


def case_from_row(catalog: Catalog, row: dict[str, Any]) -> KvCase:
    """Build the planner inputs matching one start-up log row.

    Raises :class:`InexpressibleRowError` saying why when gpucalc cannot express the row.
    """
    other = row.get("other_settings") or {}
    engine = engine_for(row)
    total = row.get("gpu_total_memory_gib")
    gpu = row_gpu(catalog, row)
    choice = model_for(catalog, str(row["model"]))
    tp = row.get("tensor_parallel_size")
    if tp is None and (row.get("num_gpus") or 1) > 1:
        raise InexpressibleRowError("the tensor-parallel size of the multi-GPU start-up is not stated")
    deployment = Deployment(
        engine=engine,
        num_gpus=row.get("num_gpus") or 1,
        tensor_parallel_size=tp or 1,
        pipeline_parallel_size=row.get("pipeline_parallel_size") or 1,
        max_model_len=row["max_model_len"] or choice.max_model_len,
        gpu_memory_utilization=_memory_fraction(row, other),
        max_num_seqs=_first_int(other, "max_num_seqs", "max_running_requests", "max_batch_size",
                                "max_num_requests"),
        max_num_batched_tokens=_first_int(other, "max_num_batched_tokens", "chunked_prefill_size",
                                          "max_num_tokens"),
        kv_cache_dtype=choice.kv_cache_dtype or kv_dtype(row.get("kv_cache_dtype")),
        block_size=row.get("block_size") or _first_int(other, "page_size", "tokens_per_block"),
        limit_mm_per_prompt=_first_int(other, "limit_mm_per_prompt") or 1,
        enforce_eager=_eager(other),
        gpu_memory_gib=float(total) if total else None,
    )
    quantization = choice.quantization or _quantization(catalog, row)
    try:
        inputs = resolve_inputs(catalog, choice.model, gpu, deployment, quantization=quantization,
                                dtype=weight_dtype(row.get("weight_dtype")))
    except (CatalogError, ValueError) as error:
        raise InexpressibleRowError(f"the planner refuses the set-up: {error}") from error
    tokens = measured_tokens(row, deployment.block_size or inputs.engine.block_size_tokens)
    label = (f"{clean_name(str(row['model'])).split('/')[-1]} · TP{deployment.tensor_parallel_size}"
             f"/PP{deployment.pipeline_parallel_size} · len {deployment.max_model_len}"
             f" · kv {deployment.kv_cache_dtype}")
    return KvCase(id=row["id"], label=label, inputs=inputs, measured_tokens=tokens,
                  measured=row["measured"], engine_version=str(row.get("engine_version") or ""))


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSON-lines validation file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def kv_rows(path: Path | None = None) -> list[dict[str, Any]]:
    """The start-up log rows (``specs/validation/kv_capacity.jsonl`` by default)."""
    return read_rows(path or specs_dir() / "validation" / "kv_capacity.jsonl")


def expressed_kv_cases(catalog: Catalog, rows: list[dict[str, Any]]
                       ) -> tuple[list[KvCase], list[tuple[str, str]]]:
    """(cases, [(row id, why it cannot be expressed)]) of start-up log rows."""
    return expressed(rows, lambda row: case_from_row(catalog, row))


def load_kv_cases(catalog: Catalog, path: Path | None = None) -> list[KvCase]:
    """The start-up log rows gpucalc can express, as cases."""
    return expressed_kv_cases(catalog, kv_rows(path))[0]
