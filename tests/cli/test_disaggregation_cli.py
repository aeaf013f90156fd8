"""estimate --disaggregate: the JSON keys, both pools in the text, and a coded error for a bad pool."""

from __future__ import annotations

import math

import pytest

from gpucalc.cli.main import main
from tests.cli.test_cli import run_json

CHAT_8B = ("llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--input-len", "2000",
           "--output-len", "300", "--qps", "30")


def test_estimate_json_has_both_pools(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *CHAT_8B, "-tp", "1", "--disaggregate", "--decode-tp", "2",
                    "--kv-transfer-gbps", "400")
    pools = data["disaggregated"]
    assert isinstance(pools, dict)
    assert pools["decode_tp"] == 2
    assert pools["prefill_tp"] == 1
    assert pools["prefill_gpus"] == pools["prefill_replicas"]
    assert pools["decode_gpus"] == 2 * pools["decode_replicas"]
    assert pools["ratio"] == f"{pools['prefill_replicas']}P{pools['decode_replicas']}D"
    # 2000 tokens × 131,072 B over 50 GB/s from one GPU: 5.24 ms plus the engine's latency
    assert pools["kv_transfer_ms"] == pytest.approx(5.24288, abs=0.05)
    assert pools["prefill_replicas"] == math.ceil(
        30 / (0.7 * pools["prefill_requests_per_s_per_replica"]))
    fleet = data["fleet"]
    assert isinstance(fleet, dict)
    assert pools["aggregated_gpus"] == fleet["replicas"] * fleet["gpus_per_replica"]


def test_estimate_json_without_disaggregation_has_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, *CHAT_8B)["disaggregated"] is None


def test_any_pool_flag_implies_disaggregation(capsys: pytest.CaptureFixture[str]) -> None:
    pools = run_json(capsys, *CHAT_8B, "--prefill-replicas", "1", "--decode-replicas", "1")["disaggregated"]
    assert isinstance(pools, dict)
    assert pools["ratio"] == "1P1D"


def test_text_output_shows_both_pools(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", *CHAT_8B, "--disaggregate"]) == 0
    out = capsys.readouterr().out
    assert "prefill pool:" in out
    assert "decode pool:" in out
    assert "KV transfer:" in out
    assert "aggregated for the same traffic:" in out


def test_prefill_tp_that_does_not_divide_the_heads_names_the_flag(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", *CHAT_8B, "--prefill-tp", "3"])
    assert code != 0
    err = capsys.readouterr().err
    assert "--prefill-tp 3 cannot split the model's heads" in err


def test_pool_dp_flags_put_each_pool_in_whole_engines(capsys: pytest.CaptureFixture[str]) -> None:
    """--prefill-dp 2 --decode-dp 4 on a dense model: engines of DP × TP × PP GPUs (SGLang --dp)."""
    pools = run_json(capsys, *CHAT_8B, "--prefill-dp", "2", "--decode-dp", "4", "--prefill-replicas", "3",
                     "--decode-replicas", "5")["disaggregated"]
    assert isinstance(pools, dict)
    assert (pools["prefill_dp"], pools["decode_dp"]) == (2, 4)
    assert (pools["prefill_engines"], pools["decode_engines"]) == (2, 2)
    assert (pools["prefill_gpus"], pools["decode_gpus"]) == (4, 8)
    assert pools["ratio"] == "2P2D"
    assert main(["estimate", *CHAT_8B, "--prefill-dp", "2", "--prefill-replicas", "3"]) == 0
    out = capsys.readouterr().out
    assert "prefill pool in whole engines: 2 × DP 2 × TP 1 × PP 1 = 4 GPUs for 3 replicas" in out
    assert "decode pool in whole engines" not in out
