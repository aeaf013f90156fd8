"""Pasted serve commands become scenarios (pure, no Qt)."""

from __future__ import annotations

import pytest

from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command


def test_vllm_serve_flags_fill_deployment() -> None:
    parsed = parse_serve_command(
        "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 "
        "--max-model-len=32768 --gpu-memory-utilization 0.92 --max-num-seqs 128 "
        "--kv-cache-dtype fp8 --quantization fp8 --enable-expert-parallel --port 8000")
    dep = parsed.scenario.deployment
    assert parsed.engine == "vllm"
    assert parsed.scenario.model == "meta-llama/Llama-3.1-70B-Instruct"
    assert (dep.tensor_parallel_size, dep.num_gpus, dep.max_model_len) == (4, 4, 32768)
    assert dep.gpu_memory_utilization == pytest.approx(0.92)
    assert (dep.max_num_seqs, dep.kv_cache_dtype, dep.weight_format) == (128, "fp8", "fp8")
    assert dep.enable_expert_parallel
    assert parsed.ignored == ("--port",)


def test_line_continuations_env_and_data_parallel() -> None:
    text = "CUDA_VISIBLE_DEVICES=0,1,2,3 vllm serve m \\\n  -tp 2 \\\n  -dp 2 -pp 1"
    dep = parse_serve_command(text).scenario.deployment
    assert (dep.tensor_parallel_size, dep.num_gpus) == (2, 4)


def test_sglang_launch_server() -> None:
    parsed = parse_serve_command(
        "python -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 2 "
        "--mem-fraction-static 0.85 --context-length 16384 --max-running-requests 64")
    dep = parsed.scenario.deployment
    assert parsed.scenario.model == "Qwen/Qwen3-32B"
    assert (dep.engine, dep.tensor_parallel_size, dep.max_model_len, dep.max_num_seqs) == (
        "sglang", 2, 16384, 64)
    assert dep.gpu_memory_utilization == pytest.approx(0.85)


def test_keeps_gpu_and_workload_of_base() -> None:
    base = Scenario(gpu="a100-sxm-80gb")
    parsed = parse_serve_command("vllm serve llama-3.1-8b-instruct", base)
    assert parsed.scenario.gpu == "a100-sxm-80gb"
    assert parsed.scenario.workload == base.workload


@pytest.mark.parametrize(("text", "reason"), [
    ("echo hello", "no 'vllm serve'"),
    ("vllm serve", "names no model"),
    ("vllm serve m --tensor-parallel-size two", "needs a int"),
    ("vllm serve m --gpu-memory-utilization 1.5", "--gpu-memory-utilization: "),
    ("vllm serve m 'unclosed", "cannot split"),
])
def test_bad_commands_say_why(text: str, reason: str) -> None:
    with pytest.raises(ServeCommandError, match=reason):
        parse_serve_command(text)
