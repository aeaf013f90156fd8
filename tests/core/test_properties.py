"""Property-based checks over the memory core: any valid input gives sane, consistent numbers."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.errors import PlanError
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from tests.helpers import plan

MODELS = ["llama-3.1-8b-instruct", "qwen3-30b-a3b", "gemma-3-27b-it", "deepseek-v2-lite-chat",
          "gpt-oss-20b", "mistral-7b-instruct-v0.1", "llama-4-scout-17b-16e-instruct",
          "qwen2.5-0.5b-instruct", "phi-3-mini-128k-instruct", "glm-4-9b"]
GPUS = ["h100-sxm-80gb", "a100-sxm-40gb", "rtx-4090-24gb", "h200-sxm-141gb", "l4-24gb",
        "mi300x-192gb"]

deployments = st.fixed_dictionaries({
    "model": st.sampled_from(MODELS),
    "gpu": st.sampled_from(GPUS),
    "tp": st.sampled_from([1, 2, 4, 8]),
    "pp": st.sampled_from([1, 2]),
    "util": st.floats(min_value=0.5, max_value=0.98),
    "max_len": st.integers(min_value=256, max_value=32768),
    "kv": st.sampled_from(["auto", "fp8"]),
    "engine": st.sampled_from(["vllm", "sglang", "trtllm", "vllm-v0"]),
    "quant": st.sampled_from([None, "fp8", "int4"]),
    "in_len": st.integers(min_value=1, max_value=8000),
    "out_len": st.integers(min_value=1, max_value=4000),
})


def _inputs(catalog: Catalog, d: dict[str, Any]) -> PlanInputs:
    return plan(catalog, str(d["model"]), str(d["gpu"]), quantization=d["quant"],
                workload=Workload(input_len_p50=d["in_len"], output_len_p50=d["out_len"]),
                engine=d["engine"], tensor_parallel_size=d["tp"], pipeline_parallel_size=d["pp"],
                gpu_memory_utilization=d["util"], max_model_len=d["max_len"],
                kv_cache_dtype=d["kv"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deployments)
def test_results_are_finite_and_consistent(catalog: Catalog, d: dict[str, Any]) -> None:
    try:
        inputs = _inputs(catalog, d)
        result = calculate_memory(inputs)
    except PlanError:
        return  # impossible layouts are rejected with a reason, never computed
    stage = result.binding
    values = [t.value for t in stage.line_items]
    assert all(math.isfinite(v) for v in values)
    total = result.settings.total_gib.value
    assert sum(values) == pytest.approx(total, rel=1e-9)
    assert result.kv_cache_tokens.value >= 0
    assert result.max_concurrency.value >= 0
    assert result.concurrency_p95.value >= 0
    if result.fits:
        assert all(v >= 0 for v in values[:-1])
        assert stage.kv_cache.value > 0
    for weight in stage.weights:
        assert weight.value >= 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deployments, st.integers(min_value=1, max_value=20000))
def test_more_context_never_more_concurrency(catalog: Catalog, d: dict[str, Any],
                                            extra: int) -> None:
    try:
        inputs = _inputs(catalog, d)
        result = calculate_memory(inputs)
    except PlanError:
        return
    longer = inputs.model_copy(update={"workload": inputs.workload.model_copy(
        update={"input_len_p50": inputs.workload.input_len_p50 + extra})})
    assert calculate_memory(longer).concurrency_p50.value <= result.concurrency_p50.value


@pytest.mark.parametrize(("field", "value"), [
    ("tensor_parallel_size", 0), ("gpu_memory_utilization", 1.5), ("max_model_len", -5),
    ("max_num_seqs", 0), ("num_gpus", 0), ("gpu_memory_gib", -1.0),
])
def test_invalid_deployment_names_the_field(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as info:
        Deployment(**{field: value})
    assert field in str(info.value)


def test_parallel_layout_needs_enough_gpus() -> None:
    with pytest.raises(ValidationError, match="num_gpus"):
        Deployment(num_gpus=2, tensor_parallel_size=4)


def test_tp_that_does_not_divide_heads_is_rejected(catalog: Catalog) -> None:
    with pytest.raises(PlanError, match="does not divide"):
        calculate_memory(plan(catalog, "llama-3.1-70b-instruct", tensor_parallel_size=3))
