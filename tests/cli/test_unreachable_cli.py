"""Never a silent 0: a plan that meets no target says which target fails, by how much, and what does."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gpucalc.cli.main import main

QWEN_72B_AWQ = ["qwen2.5-72b-instruct", "-q", "awq", "--gpu", "l40s-48gb", "--num-gpus", "4", "-tp", "4",
                "--qps", "2"]


def _json(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, Any]:
    assert main(["estimate", *flags, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_an_8k_chat_on_four_l40s_gets_a_fleet_answer(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *QWEN_72B_AWQ, "--max-model-len", "8192")
    assert data["recommended_concurrency"] >= 1
    assert data["unreachable"] is None
    fleet = data["fleet"]
    assert fleet is not None
    assert fleet["gpus_needed"] >= 4
    assert fleet["requests_per_s_per_replica_capacity"] > 0


def test_a_target_one_request_misses_is_named_with_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    flags = (*QWEN_72B_AWQ, "--input-len", "8000", "--output-len", "500")
    data = _json(capsys, *flags)
    assert data["recommended_concurrency"] == 0
    reason = data["unreachable"]
    assert reason["failing"] == ["ttft"]
    assert reason["ttft_ms_at_one"] > reason["ttft_target_ms"]
    assert data["alternatives"] or data["fastest_layout"] is not None
    assert main(["estimate", *flags]) == 0
    text = capsys.readouterr().out
    assert f"P95 TTFT is {reason['ttft_ms_at_one']:,.0f} ms with one request in flight" in text
    assert "The sizing search finds" in text or "No layout of NVIDIA L40S meets the targets" in text


def test_the_fastest_layout_is_the_best_reachable(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *QWEN_72B_AWQ, "--input-len", "8000", "--output-len", "500")
    assert data["alternatives"] == []  # no layout of an L40S prefills 8,000 tokens of a 72B in 2 s
    fastest = data["fastest_layout"]
    assert fastest is not None
    assert fastest["ttft_ms"] <= data["unreachable"]["ttft_ms_at_one"] * (1 + 1e-9)
