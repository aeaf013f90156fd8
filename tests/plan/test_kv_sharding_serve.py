"""Decode context parallel and the state dtype paste in from a serve line and are written back."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, StateDtype
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.serve_command import parse_serve_command
from gpucalc.plan.serve_line import serve_line


def test_vllm_spellings_paste_in() -> None:
    long = parse_serve_command("vllm serve deepseek-ai/DeepSeek-V3.2 -tp 8 "
                               "--decode-context-parallel-size 8").scenario.deployment
    short = parse_serve_command("vllm serve deepseek-ai/DeepSeek-V3.2 -tp 8 -dcp 4").scenario.deployment
    assert (long.decode_context_parallel_size, short.decode_context_parallel_size) == (8, 4)
    assert long.num_gpus == 8  # DCP reuses the TP group's GPUs
    state = parse_serve_command("vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 "
                                "--mamba-ssm-cache-dtype float32").scenario.deployment
    assert state.mamba_ssm_cache_dtype == StateDtype.FLOAT32


def test_sglang_state_dtype_spelling() -> None:
    pasted = parse_serve_command("python -m sglang.launch_server --model-path "
                                 "Qwen/Qwen3-Next-80B-A3B-Thinking --tp 4 --mamba-ssm-dtype bfloat16"
                                 ).scenario.deployment
    assert pasted.mamba_ssm_cache_dtype == StateDtype.BFLOAT16


def test_the_launch_line_writes_them_back(catalog: Catalog) -> None:
    scenario = Scenario(model="qwen3-next-80b-a3b-thinking", gpu="h200-sxm-141gb", deployment=Deployment(
        num_gpus=4, tensor_parallel_size=4, decode_context_parallel_size=2, max_model_len=32_768,
        mamba_ssm_cache_dtype=StateDtype.FLOAT32))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    assert "--decode-context-parallel-size 2" in line
    assert "--mamba-ssm-cache-dtype float32" in line
    parsed = parse_serve_command(line, scenario).scenario.deployment
    assert parsed.decode_context_parallel_size == 2
    assert parsed.mamba_ssm_cache_dtype == StateDtype.FLOAT32
    plain = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb")
    plain_inputs = resolve_scenario(catalog, plain)
    plain_line = serve_line(plain_inputs, calculate_memory(plain_inputs).settings)
    assert "context-parallel" not in plain_line
    assert "mamba" not in plain_line
