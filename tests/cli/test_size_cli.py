"""``size`` searches what ``estimate`` can express, and its rows are ``estimate``'s answers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gpucalc.cli.main import main

SEED_002 = ["--model", "llama-3-70b-instruct", "--gpus", "a100-sxm-80gb", "--max-model-len", "4096",
            "--input-len", "3840", "--output-len", "256", "--qps", "5"]
CHAT = ["--model", "llama-3.1-8b-instruct", "--gpus", "h100-sxm-80gb", "--qps", "20",
        "--max-turns", "4", "--tokens-per-turn", "1500", "--history-cached"]


def _size(capsys: pytest.CaptureFixture[str], *flags: str) -> list[dict[str, Any]]:
    assert main(["size", *flags, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert isinstance(rows, list)
    return rows


def _estimate(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, Any]:
    assert main(["estimate", *flags, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_size_offers_every_tensor_parallel_size_that_fits(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _size(capsys, *SEED_002, "-q", "bf16")
    assert {r["tensor_parallel_size"] for r in rows} >= {4, 8}
    assert {r["precision"] for r in rows} == {"bf16"}
    rows = _size(capsys, *SEED_002)
    assert {r["tensor_parallel_size"] for r in rows} >= {2, 4, 8}


@pytest.mark.parametrize("tp", [4, 8])
def test_a_sizing_row_equals_estimate_for_its_layout(capsys: pytest.CaptureFixture[str], tp: int) -> None:
    row = next(r for r in _size(capsys, *SEED_002, "-q", "bf16")
               if r["tensor_parallel_size"] == tp and r["layout"] == "aggregated"
               and r["kv_format"] == "fp16")
    answer = _estimate(capsys, "llama-3-70b-instruct", "--gpu", "a100-sxm-80gb", "-tp", str(tp),
                       "--max-model-len", "4096", "--input-len", "3840", "--output-len", "256",
                       "--qps", "5")
    assert row["recommended_concurrency"] == answer["recommended_concurrency"]
    assert row["rate_capacity_per_replica"] == pytest.approx(
        answer["rate_capacity"]["requests_per_s"], rel=1e-9)


def test_the_layout_flags_pin_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _size(capsys, *SEED_002, "-tp", "8")
    assert rows
    assert {r["tensor_parallel_size"] for r in rows} == {8}


def test_the_precision_flags_pin_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _size(capsys, *CHAT, "-q", "fp8", "--kv-cache-dtype", "fp8")
    assert rows
    assert {(r["precision"], r["kv_format"]) for r in rows} == {("fp8", "fp8")}


def test_size_honours_prefix_caching(capsys: pytest.CaptureFixture[str]) -> None:
    cached = _size(capsys, *CHAT, "-q", "fp8", "--kv-cache-dtype", "fp8", "-tp", "1")
    uncached = _size(capsys, *CHAT, "-q", "fp8", "--kv-cache-dtype", "fp8", "-tp", "1",
                     "--no-enable-prefix-caching")
    assert cached[0]["rate_capacity_per_replica"] > 1.2 * uncached[0]["rate_capacity_per_replica"]
    assert cached[0]["gpus_total"] < uncached[0]["gpus_total"]


def test_size_without_a_qps_asks_for_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "llama-3.1-8b-instruct", "--gpus", "h100-sxm-80gb"]) == 2
    assert "give --qps" in capsys.readouterr().err


def test_pool_flags_alone_plan_the_pools_they_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Without -tp the deployment is the decode pool, not one GPU that the 70B cannot fit."""
    data = _estimate(capsys, "llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "--prefill-tp", "4",
                     "--decode-tp", "4", "--qps", "4")
    assert data["fits"]
    assert data["disaggregated"] is not None
    assert data["disaggregated"]["decode_tp"] == 4
