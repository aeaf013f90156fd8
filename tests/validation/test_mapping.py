"""Row → scenario mapping, checked by hand on rows of each validation file.

Each expectation is read off the row itself (its model, GPU, settings, load and lengths) and the
catalog: the mapping must turn the source's wording into the planner inputs the source ran.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.validation.kv_cases import case_from_row as kv_case
from gpucalc.validation.kv_cases import engine_for
from gpucalc.validation.models import InexpressibleRowError, model_for
from gpucalc.validation.scoring import load_cases, validation_rows
from gpucalc.validation.throughput_cases import case_from_row as throughput_case
from gpucalc.validation.whole_runs import scenario_for_run


@pytest.fixture(scope="module")
def rows() -> dict[str, dict[str, Any]]:
    return {str(r["id"]): r for f in validation_rows().values() for r in f}


def test_start_up_log_of_a_w8a8_checkpoint(catalog: Catalog, rows: dict[str, dict[str, Any]]) -> None:
    # redhatai/Llama-3.3-70B-Instruct-quantized.w8a8, vLLM 0.19.0, 2× H100, TP 2, len 8192
    case = kv_case(catalog, rows["kv-llmd-054"])
    assert case.inputs.model.id == "llama-3.3-70b-instruct"
    assert case.inputs.weight_format.id == "int8"  # not compressed-tensors' INT4 guess
    assert case.inputs.engine.id == "vllm"
    assert case.inputs.deployment.tensor_parallel_size == 2
    assert case.measured_tokens == 244304


def test_start_up_log_on_mixed_gpus_says_why(catalog: Catalog, rows: dict[str, dict[str, Any]]) -> None:
    with pytest.raises(InexpressibleRowError, match="mixed GPU types"):
        kv_case(catalog, rows["kv-iss-015"])  # RTX 5070 Ti + RTX 5090 D pipeline


def test_static_batch_run_of_the_h200_blog(catalog: Catalog, rows: dict[str, dict[str, Any]]) -> None:
    case = throughput_case(catalog, rows["tp-trth200-044"])  # Llama 2 70B FP8, 4× H200, batch 512
    assert case.inputs.model.id == "llama-2-70b-hf"
    assert case.inputs.weight_format.id == "fp8"
    assert case.inputs.gpu.id == "h200-sxm-141gb"
    assert case.inputs.engine.id == "trtllm"
    assert case.inputs.deployment.tensor_parallel_size == 4
    assert (case.concurrency, case.request_rate) == (512.0, None)
    assert (case.inputs.workload.input_len_p50, case.inputs.workload.output_len_p50) == (128, 2048)


def test_sharegpt_run_takes_its_reported_token_totals(catalog: Catalog,
                                                      rows: dict[str, dict[str, Any]]) -> None:
    # GPUStack: vllm serve Qwen/Qwen3-14B on an A100, 1000 ShareGPT prompts all at once,
    # reported totals 217393 input / 201605 generated tokens
    case = throughput_case(catalog, rows["tp-more-001"])
    assert case.inputs.model.id == "qwen3-14b"
    assert case.inputs.gpu.id == "a100-sxm-80gb"
    assert (case.inputs.workload.input_len_p50, case.inputs.workload.output_len_p50) == (217, 202)
    assert case.request_rate is not None
    assert math.isinf(case.request_rate)
    assert case.num_requests == 1000
    assert case.inputs.deployment.max_model_len is None  # the serve command sets none


def test_awq_checkpoint_with_an_unstated_layout(catalog: Catalog, rows: dict[str, dict[str, Any]]) -> None:
    case = throughput_case(catalog, rows["tp-tt-052"])  # DeepSeek-R1-0528-AWQ on 8× H100
    assert case.inputs.model.id == "deepseek-r1"
    assert case.inputs.weight_format.id == "int4-g128-zp"  # AWQ, not the base checkpoint's FP8
    assert case.inputs.deployment.tensor_parallel_size == 8
    assert any("layout not stated" in note for note in case.assumptions)
    assert case.concurrency == 1.0


def test_serve_command_flags_reach_the_deployment(catalog: Catalog,
                                                  rows: dict[str, dict[str, Any]]) -> None:
    # amd/Llama-3.3-70B-Instruct-FP8-KV on one MI355X: --max-num-batched-tokens 32768,
    # --no-enable-prefix-caching, --kv-cache-dtype fp8, max concurrency 64 of 128 prompts
    case = throughput_case(catalog, rows["tp-more-029"])
    dep = case.inputs.deployment
    assert case.inputs.model.id == "llama-3.3-70b-instruct"
    assert case.inputs.weight_format.id == "fp8"
    assert case.inputs.gpu.id == "mi355x-288gb"
    assert (dep.max_num_batched_tokens, dep.enable_prefix_caching, dep.kv_cache_dtype) == (
        32768, False, "fp8")
    assert case.concurrency == 64.0


def test_measurements_without_a_counterpart_say_why(catalog: Catalog,
                                                    rows: dict[str, dict[str, Any]]) -> None:
    with pytest.raises(InexpressibleRowError, match="decode-only"):
        throughput_case(catalog, rows["tp-more-037"])
    with pytest.raises(InexpressibleRowError, match="only e2e_latency_ms"):
        throughput_case(catalog, rows["tp-more-035"])
    with pytest.raises(InexpressibleRowError, match="negative control"):
        throughput_case(catalog, rows["tp-trtuser-057"])


def test_whole_run_of_a_checkpoint_with_a_longer_native_context(
        catalog: Catalog, rows: dict[str, dict[str, Any]]) -> None:
    # SGLang 0.5.5 serving Qwen3-235B-A22B-Instruct-2507 on 8× H100 with --tp-size 8
    scenario = scenario_for_run(catalog, rows["lp-gpustack-013"])
    assert scenario.model == "qwen3-235b-a22b"
    assert scenario.deployment.max_model_len == 262_144
    assert scenario.deployment.engine == "sglang"
    assert scenario.deployment.tensor_parallel_size == 8
    fp8 = scenario_for_run(catalog, rows["lp-gpustack-004"])  # zai-org/GLM-4.6-FP8
    assert (fp8.model, fp8.quantization) == ("glm-4.6", "fp8")
    with pytest.raises(InexpressibleRowError, match="LMDeploy"):
        scenario_for_run(catalog, rows["lp-zhjunqin-005"])


@pytest.mark.parametrize(("version", "profile"), [
    ("not stated (July 2025)", "vllm"), ("not stated (2026 main)", "vllm"),
    ("not stated (V1 engine, Oct 2025)", "vllm"), ("not stated (V0 engine, Feb 2025)", "vllm-v0"),
    ("dev (Dec 2024, PR #10511)", "vllm-v0"), ("dev (Jan 2025, PR #12126)", "vllm-v0"),
    ("not stated (mid-2024)", "vllm-v0"), ("0.10.1.1 (per the committed startup log)", "vllm"),
])
def test_vllm_builds_without_a_version_number(version: str, profile: str) -> None:
    assert engine_for({"engine": "vllm", "engine_version": version}) == profile


@pytest.mark.parametrize(("text", "model", "quantization"), [
    ("meta-llama/Llama-3.1-8B(-Instruct) (as 'LLaMA v3.1 8B')", "llama-3.1-8b-instruct", None),
    ("Qwen2-7B-Instruct (local clone of Qwen/Qwen2-7B-Instruct)", "qwen2.5-7b-instruct", None),
    ("RedHatAI/Qwen2.5-7B-Instruct-fp8-dynamic", "qwen2.5-7b-instruct", "fp8"),
    ("nvidia/Llama-3.1-8B-Instruct-FP8", "llama-3.1-8b-instruct", "fp8"),
    ("Qwen/Qwen3-14B-AWQ", "qwen3-14b", "int4-g128-zp"),
    ("moonshotai/Kimi-Dev-72B", "qwen2.5-72b-instruct", None),
])
def test_model_names_as_sources_write_them(catalog: Catalog, text: str, model: str,
                                           quantization: str | None) -> None:
    choice = model_for(catalog, text)
    assert (choice.model, choice.quantization) == (model, quantization)


def test_unknown_model_says_which(catalog: Catalog) -> None:
    with pytest.raises(InexpressibleRowError, match="microsoft/phi-2"):
        model_for(catalog, "microsoft/phi-2")


def test_regime_tags_of_hand_checked_rows(catalog: Catalog) -> None:
    cases, unscored = load_cases(catalog)
    tags = {c.id: c.tags for c in cases}
    assert tags["tp-more-007"]["architecture"] == "mla"  # DeepSeek-R1, TP 8
    assert tags["tp-more-007"]["parallel"] == "tp"
    assert (tags["tp-more-011"]["architecture"], tags["tp-more-011"]["precision"]) == (
        "hybrid", "mxfp4")  # gpt-oss: sliding-window layers, MXFP4 experts
    assert tags["tp-trt017-001"]["arrival"] == "steady_offline"  # trtllm-bench max throughput
    assert tags["tp-more-043"]["arrival"] == "finite_all_at_once"  # 500 prompts at once
    assert tags["lp-gpustack-045"]["arrival"] == "closed_loop"
    assert tags["lp-zhjunqin-001"]["gpu_kernels"] == "mapped"  # RTX 3090 on the A100 tables
    assert tags["tp-more-029"]["vendor"] == "amd"
    assert tags["kv-llmd-002"]["arrival"] == "startup"
    assert all(u.reason for u in unscored)
    scored = {c.id for c in cases} | {u.id for u in unscored}
    assert scored == {str(r["id"]) for f in validation_rows().values() for r in f}
