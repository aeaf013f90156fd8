"""The planning rules on the command line: the scheduler cap, the 70 % / 80 % lines, the margin."""

from __future__ import annotations

import pytest

from gpucalc.cli.main import main
from tests.cli.test_cli import run_json as _json

LLAMA_8B = ["llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len", "8192",
            "--kv-cache-memory", "10", "--input-len", "4000", "--output-len", "1000"]


def test_scheduler_cap_beside_the_three_ceilings(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len",
                 "8192", "--input-len", "500", "--output-len", "100", "--kv-cache-memory", "20",
                 "--max-num-seqs", "256")
    ceilings = data["ceilings"]
    assert isinstance(ceilings, dict)
    assert set(ceilings) == {"memory", "compute", "interconnect", "scheduler"}
    assert ceilings["memory"] == 269  # 10,240 blocks ÷ 38 blocks per 600-token request
    assert ceilings["scheduler"] == 256
    assert data["bottleneck"] == "scheduler"


def test_length_margin_flag(capsys: pytest.CaptureFixture[str]) -> None:
    plain = _json(capsys, *LLAMA_8B)
    margin = _json(capsys, *LLAMA_8B, "--length-margin", "0.25")
    assert plain["ceilings"] == {**plain["ceilings"], "memory": 16}  # type: ignore[dict-item]
    assert margin["ceilings"] == {**margin["ceilings"], "memory": 13}  # type: ignore[dict-item]
    check = margin["planning_check"]
    assert isinstance(check, dict)
    assert check["average_tokens"] == 6250
    assert check["share"] == 0.7
    assert check["alarm_share"] == 0.8


def test_memory_share_and_its_lines_in_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["llama-3.1-8b-instruct", "--gpu", "l4-24gb", "--max-model-len", "8192",
            "--input-len", "2000", "--output-len", "500"]
    data = _json(capsys, *args)
    share = data["memory_share"]
    assert isinstance(share, dict)
    assert share["alarm"] is True
    assert share["share_used"] >= 0.8
    assert [n["code"] for n in data["notices"]  # type: ignore[attr-defined]
            if not n["code"].startswith("weak_")] == ["memory_alarm_average_length"]
    assert main(["estimate", *args]) == 0
    out = capsys.readouterr().out
    assert "70% planning line" in out
    assert "80% alarm line" in out
    assert "Alarm: at the average length (2,500 tokens)" in out
