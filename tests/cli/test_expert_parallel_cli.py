"""DP attention + expert parallel on the command line, in a pasted serve line and written back.

Flag spellings: vLLM ``--data-parallel-size/-dp``, ``--enable-expert-parallel``,
``--enable-eplb``, ``--eplb-config '{"num_redundant_experts": N}'``, ``--all2all-backend``
(vLLM docs "Expert Parallel Deployment"); SGLang ``--tp N --dp M --enable-dp-attention``
(attention TP = tp ÷ dp, SGLang server arguments), ``--ep-size``, ``--moe-a2a-backend deepep
--deepep-mode``, ``--ep-num-redundant-experts``.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.parallel_inputs import DEFAULT_IMBALANCE, EPLB_IMBALANCE, AllToAllMode
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from gpucalc.plan.serve_line import serve_line
from tests.cli.test_cli import run_json

DEEPSEEK = ["deepseek-v3", "--gpu", "h200", "--max-model-len", "32768"]


def test_json_has_the_expert_parallel_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *DEEPSEEK, "-dp", "8", "--enable-expert-parallel",
                     "--all2all-backend", "deepep_low_latency")
    ep = data["expert_parallel"]
    assert isinstance(ep, dict)
    assert (ep["size"], ep["experts_per_gpu"], ep["imbalance"]) == (8, 32, 1.4)
    assert ep["alltoall_mode"] == "low-latency"
    assert ep["data_parallel_size"] == 8
    assert isinstance(ep["alltoall_ms_per_step"], float)
    assert ep["alltoall_ms_per_step"] > 0
    assert data["replicas"] == 1  # one engine of 8 DP ranks
    assert "alltoall_ms" in data["step_breakdown_ms"]  # type: ignore[operator]


def test_json_without_dp_has_no_expert_group(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *DEEPSEEK, "-tp", "8", "--enable-expert-parallel")
    assert data["expert_parallel"] is None


def test_sglang_dp_attention_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """SGLang's ``--tp 8 --dp 8 --enable-dp-attention``: attention TP 1 × DP 8, experts over 8."""
    data = run_json(capsys, *DEEPSEEK, "--engine", "sglang", "--tp", "8", "--dp", "8",
                     "--enable-dp-attention", "--ep-size", "8", "--enable-eplb")
    ep = data["expert_parallel"]
    assert isinstance(ep, dict)
    assert (ep["attention_tensor_parallel_size"], ep["data_parallel_size"], ep["size"]) == (1, 8, 8)
    assert ep["imbalance"] == 1.08


def test_eplb_config_json_sets_redundant_experts(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *DEEPSEEK, "-dp", "8", "--enable-expert-parallel",
                     "--eplb-config", '{"num_redundant_experts": 32}')
    ep = data["expert_parallel"]
    assert isinstance(ep, dict)
    assert ep["experts_per_gpu"] == 36


def test_text_output_names_the_expert_group(capsys: pytest.CaptureFixture[str]) -> None:
    main(["estimate", *DEEPSEEK, "-dp", "8", "--enable-expert-parallel"])
    out = capsys.readouterr().out
    assert "expert group: DP 8 × TP 1 = 8 ranks, 32 experts per GPU, imbalance 1.4×" in out


def test_unknown_all2all_backend_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["estimate", *DEEPSEEK, "-dp", "8", "--all2all-backend", "carrier_pigeon"])
    assert exit_info.value.code == EXIT_USAGE
    assert "deepep_low_latency" in capsys.readouterr().err


def test_pasted_sglang_dp_attention_line() -> None:
    """SGLang: --tp is the whole group with --enable-dp-attention (attention TP = 8 ÷ 8 = 1)."""
    parsed = parse_serve_command(
        "python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --dp 8 "
        "--enable-dp-attention --ep-size 8 --moe-a2a-backend deepep --deepep-mode normal "
        "--enable-eplb --ep-num-redundant-experts 32")
    dep = parsed.scenario.deployment
    assert (dep.tensor_parallel_size, dep.data_parallel_size, dep.num_gpus) == (1, 8, 8)
    assert dep.enable_expert_parallel
    assert dep.enable_eplb
    assert dep.num_redundant_experts == 32
    assert dep.all2all_mode == AllToAllMode.NORMAL
    assert not parsed.ignored


def test_pasted_vllm_dp_ep_line() -> None:
    parsed = parse_serve_command(
        "vllm serve Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8 -dp 8 -tp 1 --enable-expert-parallel "
        "--all2all-backend deepep_low_latency --enable-eplb "
        "--eplb-config '{\"num_redundant_experts\": 32}'")
    dep = parsed.scenario.deployment
    assert (dep.tensor_parallel_size, dep.data_parallel_size, dep.num_gpus) == (1, 8, 8)
    assert dep.all2all_mode == AllToAllMode.LOW_LATENCY
    assert dep.num_redundant_experts == 32
    assert not parsed.ignored


def test_pasted_sglang_tp_not_a_multiple_of_dp_is_refused() -> None:
    with pytest.raises(ServeCommandError, match="multiple of --dp"):
        parse_serve_command("python -m sglang.launch_server --model-path m --tp 6 --dp 4 "
                            "--enable-dp-attention")


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_serve_line_round_trips_dp_and_ep(catalog: Catalog, engine: str) -> None:
    scenario = Scenario(model="deepseek-v3", gpu="h200", deployment=Deployment(
        engine=engine, num_gpus=16, tensor_parallel_size=2, data_parallel_size=8,
        enable_expert_parallel=True, enable_eplb=True, num_redundant_experts=16,
        all2all_mode=AllToAllMode.LOW_LATENCY, max_model_len=16384))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    parsed = parse_serve_command(line, scenario)
    dep = parsed.scenario.deployment
    assert (dep.tensor_parallel_size, dep.data_parallel_size, dep.num_gpus) == (2, 8, 16)
    assert dep.enable_expert_parallel
    assert dep.enable_eplb
    assert dep.num_redundant_experts == 16
    assert dep.all2all_mode == AllToAllMode.LOW_LATENCY
    if engine == "sglang":
        assert "--tp 16" in line
        assert "--enable-dp-attention" in line


def test_imbalance_help_states_the_sourced_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """``estimate --help`` gives the figures the core uses and where they come from."""
    with pytest.raises(SystemExit):
        main(["estimate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"default {DEFAULT_IMBALANCE:g}, {EPLB_IMBALANCE:g} with EPLB: aiconfigurator-core 0.12.0" in text
    assert f"default imbalance {EPLB_IMBALANCE:g} instead of {DEFAULT_IMBALANCE:g}" in text
