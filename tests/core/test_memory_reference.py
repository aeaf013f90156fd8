"""The memory estimate of a spread of plans, term by term, against values frozen before the
memory path was made faster (shortcuts in building terms, per-model caches, shared work).

Every value, key, unit, formula, input and source of every term, every stage, setting and
notice must stay identical, including int versus float. Regenerate only for a deliberate change
of the model: ``python -m tests.core.test_memory_reference``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "memory_reference.json"
SKEWED = Workload(input_len_p50=3000, output_len_p50=500, input_len_p95=12000, output_len_p95=2000)

# name: (model, gpu, deployment flags, quantization, dtype)
CASES: dict[str, tuple[str, str, dict[str, Any], str | None, str | None]] = {
    "dense": ("llama-3.1-8b-instruct", "h100-sxm-80gb", {}, None, None),
    "dense_tp4": ("llama-3.1-70b-instruct", "h100-sxm-80gb",
                  {"tensor_parallel_size": 4, "max_model_len": 8192}, None, None),
    "tp2_pp2": ("llama-3.1-70b-instruct", "a100-sxm-80gb",
                {"tensor_parallel_size": 2, "pipeline_parallel_size": 2, "max_model_len": 16384},
                None, None),
    "moe_tp2": ("mixtral-8x7b-instruct-v0.1", "h100-sxm-80gb", {"tensor_parallel_size": 2},
                None, None),
    "moe_fp8_ep": ("qwen3-235b-a22b-fp8", "h200-sxm-141gb",
                   {"tensor_parallel_size": 4, "enable_expert_parallel": True}, None, None),
    "mla": ("deepseek-v2-lite-chat", "h100-sxm-80gb", {"max_model_len": 32768}, None, None),
    "sliding_window": ("gemma-2-9b-it", "l40s-48gb", {}, None, None),
    "sliding_moe_checkpoint": ("gpt-oss-20b", "h100-sxm-80gb", {}, None, None),
    "vision_mllama": ("llama-3.2-11b-vision-instruct", "h100-sxm-80gb",
                      {"max_model_len": 8192}, None, None),
    "vision_gemma3": ("gemma-3-27b-it", "h100-sxm-80gb", {"tensor_parallel_size": 2}, None, None),
    "sglang_small_gpu": ("llama-3.1-8b-instruct", "rtx-4090-24gb",
                         {"engine": "sglang", "max_model_len": 8192}, None, None),
    "sglang_04": ("qwen2.5-7b-instruct", "a100-sxm-80gb", {"engine": "sglang-0.4"}, None, None),
    "trtllm_fp8_checkpoint": ("llama-3.1-70b-instruct-fp8", "h100-sxm-80gb",
                              {"engine": "trtllm", "tensor_parallel_size": 2}, None, None),
    "vllm_v0": ("llama-3.1-8b-instruct", "a100-sxm-40gb",
                {"engine": "vllm-v0", "max_model_len": 16384}, None, None),
    "fp8_kv": ("llama-3.1-8b-instruct", "h100-sxm-80gb", {"kv_cache_dtype": "fp8"}, None, None),
    "int4_what_if": ("qwen2.5-32b-instruct", "rtx-4090-24gb", {"max_model_len": 4096}, "int4", None),
    "float32": ("qwen2.5-0.5b-instruct", "a10g-24gb", {}, None, "float32"),
    "does_not_fit": ("llama-3.1-70b-instruct", "rtx-4090-24gb", {}, None, None),
    "refused_max_len": ("llama-3.1-8b-instruct", "rtx-4090-24gb", {}, None, None),
    "sglang_pool_caps": ("llama-3.1-8b-instruct", "rtx-4090-24gb", {"engine": "sglang"}, None, None),
    "eager_flags": ("mistral-7b-instruct-v0.3", "l4-24gb",
                    {"enforce_eager": True, "max_num_seqs": 64, "max_num_batched_tokens": 4096,
                     "gpu_memory_utilization": 0.85, "block_size": 32}, None, None),
}


def case_inputs(catalog: Catalog, name: str) -> PlanInputs:
    """The inputs of one reference case (with a skewed traffic shape)."""
    model, gpu, flags, quantization, dtype = CASES[name]
    tp = flags.get("tensor_parallel_size", 1) * flags.get("pipeline_parallel_size", 1)
    deployment = Deployment(num_gpus=tp, **flags)
    return resolve_inputs(catalog, model, gpu, deployment, SKEWED, quantization=quantization,
                          dtype=dtype)


def memory_dump(catalog: Catalog, name: str) -> Any:
    """The whole memory result of one case as JSON values (ints stay ints)."""
    return json.loads(calculate_memory(case_inputs(catalog, name)).model_dump_json())


def _typed(value: Any) -> Any:
    """``value`` with every number tagged by its type, so that 1 and 1.0 differ."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


def test_every_case_is_frozen(reference: dict[str, Any]) -> None:
    assert sorted(reference) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_memory_result_is_identical_to_the_frozen_reference(
        catalog: Catalog, reference: dict[str, Any], name: str) -> None:
    assert _typed(memory_dump(catalog, name)) == _typed(reference[name])


@pytest.mark.parametrize("name", ["dense", "dense_tp4", "tp2_pp2"])
def test_single_gpu_what_if_and_repeated_estimates_agree(catalog: Catalog, name: str) -> None:
    """The TP = 1 what-if, recomputed as a plan of its own, and a second estimate of the same
    inputs (served from per-model caches) equal the first."""
    inputs = case_inputs(catalog, name)
    first = calculate_memory(inputs)
    assert calculate_memory(inputs) == first
    one = inputs.deployment.model_copy(update={"tensor_parallel_size": 1,
                                               "pipeline_parallel_size": 1, "num_gpus": 1})
    alone = calculate_memory(inputs.model_copy(update={"deployment": one}))
    assert first.fits_single_gpu.value == alone.stages[0].kv_cache.value
    assert first.fits_single_gpu.inputs["weights_gib"] == round(
        alone.stages[0].weights_total.value, 2)


def test_full_estimate_memory_is_the_memory_estimate(catalog: Catalog) -> None:
    # the case's own lengths (12,000 + 2,000 tokens) exceed its max_model_len of 8,192, which the
    # full estimate refuses as the engine refuses such requests; the memory takes no lengths
    inputs = case_inputs(catalog, "dense_tp4").model_copy(update={"workload": Workload()})
    assert calculate(inputs).memory == calculate_memory(inputs)


def freeze(path: Path = REFERENCE) -> None:
    """Write the current memory results of every case as the reference."""
    catalog = Catalog.load()
    data = {name: memory_dump(catalog, name) for name in sorted(CASES)}
    path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    freeze()
