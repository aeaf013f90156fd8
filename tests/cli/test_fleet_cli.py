"""estimate --json's fleet verdict, the table, --mode, and size --watermark."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gpucalc.cli.main import main
from tests.cli.test_cli import run_json

CHAT_70B = ("llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "--num-gpus", "8", "-tp", "4",
            "--input-len", "2000", "--input-len-p95", "6000", "--output-len", "300",
            "--tpot-ms", "50", "--qps", "10", "--qps-peak", "20")
FLEET_KEYS = ("carries_average", "carries_peak", "gpus_needed", "replicas", "spare_replicas",
              "total_concurrency", "cost_per_hour_usd", "cost_per_month_usd", "replicas_deployed",
              "gpus_deployed", "requests_per_s_total", "layouts", "mode")


def _estimate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """``estimate ... --json`` as a dict (values of any JSON type)."""
    return run_json(capsys, *args)


def test_estimate_json_has_the_fleet_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    data = _estimate(capsys, *CHAT_70B)
    fleet = data["fleet"]
    assert isinstance(fleet, dict)
    for key in FLEET_KEYS:
        assert key in fleet, key
    assert fleet["carries_average"] is False
    assert fleet["carries_peak"] is False
    assert fleet["gpus_needed"] == (fleet["replicas"] + fleet["spare_replicas"]) * 4
    assert fleet["spare_replicas"] == 1
    assert fleet["gpus_deployed"] == 8
    assert fleet["replicas_deployed"] == 2
    assert fleet["total_concurrency"] == 2 * data["online_capacity"]
    assert fleet["cost_per_hour_usd"] == pytest.approx(fleet["gpus_needed"] * fleet["price_usd_per_gpu_hour"])
    assert data["knee_concurrency"] == data["recommended_concurrency"]


def test_estimate_table_prints_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", *CHAT_70B]) == 0
    out = capsys.readouterr().out
    data = _estimate(capsys, *CHAT_70B)["fleet"]
    assert (f"The planned GPUs do not carry 10 req/s on average and 20 req/s at the peak: it "
            f"needs {data['replicas']} replicas + 1 spare = {data['gpus_needed']} GPUs; 8 GPUs hold "
            "2 replicas.") in out


def test_mode_changes_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    online = _estimate(capsys, *CHAT_70B, "--mode", "online")
    offline = _estimate(capsys, *CHAT_70B, "--mode", "offline")
    mixed = _estimate(capsys, *CHAT_70B, "--mode", "mixed")
    assert offline["ceilings"]["compute"] is None
    assert offline["online_capacity"] == offline["recommended_concurrency"]
    assert online["online_capacity"] < online["recommended_concurrency"]
    assert mixed["fleet"]["backfill_tokens_per_day"] > 0
    assert online["fleet"]["backfill_tokens_per_day"] is None
    assert offline["fleet"]["mode"] == "offline"


def test_size_watermark_gives_different_fleets(capsys: pytest.CaptureFixture[str]) -> None:
    fleets = []
    for watermark in ("0.35", "0.7", "1.0"):
        assert main(["size", "--model", "llama-3.1-8b-instruct", "--gpus", "l40s-48gb", "--qps", "50",
                     "--watermark", watermark, "--json"]) == 0
        rows = json.loads(capsys.readouterr().out)
        fleets.append({(r["precision"], r["tensor_parallel_size"]): r["gpus_total"] for r in rows})
    assert fleets[0] != fleets[1] != fleets[2]
    for option, gpus in fleets[0].items():
        assert gpus >= fleets[1][option] >= fleets[2][option]


def test_size_table_marks_lower_precision_with_the_caveat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "llama-3.1-8b-instruct", "--gpus", "h100-sxm-80gb",
                 "--qps", "5"]) == 0
    out = capsys.readouterr().out
    assert " ‡" in out
    assert "‡ A lower precision is a capacity suggestion, not a quality result" in out


def test_one_deployed_replica_reads_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "resources" / "examples"
    example = examples / "llama-3.1-70b-8xa100.gpucalc.json"
    data = _estimate(capsys, "--scenario", str(example))["fleet"]
    assert data["replicas_deployed"] == 1
    assert not data["carries_peak"]
    assert main(["estimate", "--scenario", str(example)]) == 0
    out = capsys.readouterr().out
    assert "8 GPUs hold one replica." in out
    assert "hold 1 replicas" not in out
