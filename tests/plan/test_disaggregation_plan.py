"""Disaggregation in the plan: pasted serve lines with the engines' flags, and each pool's launch line."""

from __future__ import annotations

import json
import shlex

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.plan.compute import compute_plan
from gpucalc.plan.disaggregation import pool_serve_lines
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from tests.helpers import plan

MODEL = "meta-llama/Llama-3.1-8B-Instruct"


def test_sglang_prefill_server_sets_the_prefill_pool() -> None:
    # SGLang docs advanced_features/pd_disaggregation: --disaggregation-mode prefill|decode
    parsed = parse_serve_command(f"python -m sglang.launch_server --model-path {MODEL} --tp 2 "
                                 "--disaggregation-mode prefill --disaggregation-transfer-backend nixl")
    pools = parsed.scenario.deployment.disaggregation
    assert pools.enabled
    assert pools.prefill_tp == 2
    assert pools.decode_tp is None
    assert parsed.ignored == ()


def test_vllm_kv_transfer_config_roles() -> None:
    # vLLM docs features/disagg_prefill: kv_role kv_producer (prefill), kv_consumer (decode)
    def config(role: str) -> str:
        return shlex.quote(json.dumps({"kv_connector": "NixlConnector", "kv_role": role}))

    consumer = parse_serve_command(f"vllm serve {MODEL} -tp 4 --kv-transfer-config {config('kv_consumer')}")
    assert consumer.scenario.deployment.disaggregation.decode_tp == 4
    both = parse_serve_command(f"vllm serve {MODEL} --kv-transfer-config {config('kv_both')}")
    assert both.scenario.deployment.disaggregation.enabled
    assert not parse_serve_command(f"vllm serve {MODEL}").scenario.deployment.disaggregation.enabled


@pytest.mark.parametrize("text", [f"vllm serve {MODEL} --kv-transfer-config nixl",
                                  f"python -m sglang.launch_server --model-path {MODEL} "
                                  "--disaggregation-mode both"])
def test_bad_disaggregation_flags_say_why(text: str) -> None:
    with pytest.raises(ServeCommandError, match=r"disaggregation-mode|kv-transfer-config"):
        parse_serve_command(text)


def test_each_pool_has_a_launch_line_that_pastes_back(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", engine="sglang",
                  disaggregation=Disaggregation(enabled=True, decode_tp=2))
    lines = pool_serve_lines(inputs)
    assert lines is not None
    prefill, decode = lines
    assert prefill.endswith("--disaggregation-mode prefill")
    assert "--tp 2" in decode
    assert parse_serve_command(decode).scenario.deployment.disaggregation.decode_tp == 2
    assert pool_serve_lines(plan(catalog, "llama-3.1-8b-instruct")) is None


def test_the_plan_holds_the_pools_only_when_disaggregated(catalog: Catalog) -> None:
    from gpucalc.core.specs.scenario import Scenario

    base = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb")
    assert compute_plan(catalog, base).disaggregated is None
    split = base.model_copy(update={"deployment": base.deployment.model_copy(
        update={"disaggregation": Disaggregation(enabled=True)})})
    pools = compute_plan(catalog, split).disaggregated
    assert pools is not None
    assert pools.prefill_replicas >= 1


def test_sglang_dp_attention_decode_server_sets_the_decode_pools_dp() -> None:
    """SGLang --tp 16 --dp 16 --enable-dp-attention: attention TP 1, DP 16 on the decode pool."""
    parsed = parse_serve_command("python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 "
                                 "--tp 16 --dp 16 --enable-dp-attention --moe-a2a-backend deepep "
                                 "--disaggregation-mode decode")
    pools = parsed.scenario.deployment.disaggregation
    assert (pools.decode_tp, pools.decode_dp) == (1, 16)
    assert pools.prefill_dp is None


def test_a_pool_of_dp_2_launches_one_engine_that_pastes_back(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", engine="sglang",
                  disaggregation=Disaggregation(enabled=True, prefill_dp=2))
    lines = pool_serve_lines(inputs)
    assert lines is not None
    pools = parse_serve_command(lines[0]).scenario.deployment.disaggregation
    assert (pools.prefill_tp, pools.prefill_dp) == (1, 2)
