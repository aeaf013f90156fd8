"""``gpucalc simulate``: JSON keys, CSV curves, lengths files and one-line usage errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE
from gpucalc.cli.main import main

BASE = ["simulate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len", "8192"]


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main([*BASE, *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_json_has_percentiles_throughput_and_goodput(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--request-rate", "5", "--num-requests", "200", "--input-len-p95", "3000")
    for key in ("ttft_ms", "tpot_ms", "e2e_ms"):
        stats = data[key]
        assert stats["p50"] <= stats["p95"] <= stats["p99"]
        assert stats["p50"] > 0
    for key in ("request_throughput", "output_tokens_per_s", "goodput"):
        assert data[key] > 0
    assert data["completed"] == 200
    assert data["traffic"]["request_rate"] == 5


def test_infinite_rate_is_all_at_once_in_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--request-rate", "inf", "--num-requests", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out, parse_constant=pytest.fail)
    assert data["traffic"]["request_rate"] is None
    assert data["traffic"]["all_at_once"] is True


def test_seed_makes_runs_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--request-rate", "10", "--num-requests", "150", "--output-len-p95", "900")
    first = run_json(capsys, *args, "--seed", "3")
    assert run_json(capsys, *args, "--seed", "3") == first
    assert run_json(capsys, *args, "--seed", "4")["ttft_ms"] != first["ttft_ms"]


def test_concurrency_replicas_and_router(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--concurrency", "4", "--num-requests", "40", "--num-gpus", "2",
                    "--router", "least-outstanding")
    assert data["traffic"]["replicas"] == 2  # two GPUs at TP1 are two replicas
    assert data["traffic"]["concurrency"] == 4
    assert data["traffic"]["router"] == "least-outstanding"


def test_sweep_rates_prints_the_curve_as_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--sweep-rates", "2,8,40", "--num-requests", "300", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [float(r["request_rate"]) for r in rows] == [2, 8, 40]
    ttft = [float(r["ttft_p95_ms"]) for r in rows]
    assert ttft == sorted(ttft)


def test_automatic_sweep_reports_knee_and_capacity(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--sweep", "4", "--num-requests", "300", "--percentile", "99")
    assert len(data["points"]) == 4
    assert data["percentile"] == 99
    assert data["knee_rate"] >= data["points"][0]["request_rate"]
    assert "ttft_ms" in data["points"][0]
    assert main([*BASE, "--sweep", "3", "--num-requests", "100"]) == 0
    assert "capacity at P95 SLO" in capsys.readouterr().out


def test_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--num-requests", "50"]) == 0
    out = capsys.readouterr().out
    assert "TTFT ms" in out
    assert "preemptions" in out


def test_lengths_file_drives_the_request_lengths(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    path = tmp_path / "lengths.csv"
    path.write_text("input_tokens,output_tokens\n100,10\n2000,30\n", encoding="utf-8")
    data = run_json(capsys, "--lengths", str(path), "--num-requests", "2", "--request-rate", "1")
    assert data["output_tokens_per_s"] * data["duration_s"] == pytest.approx(40)


@pytest.mark.parametrize("args", [
    ["--request-rate", "2", "--concurrency", "3"],
    ["--sweep-rates", "1,x"],
    ["--sweep-rates", "-1"],
    ["--burstiness", "0"],
    ["--sweep", "0"],
])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    try:
        code = main([*BASE, *args])
    except SystemExit as exc:  # argparse rejects the flags before a command runs
        code = int(str(exc.code))
    assert code == EXIT_USAGE
    assert capsys.readouterr().err.strip()


def test_missing_lengths_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([*BASE, "--lengths", str(tmp_path / "nope.csv")]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err.startswith("gpucalc:")
    assert "\n" not in err


def test_model_that_does_not_fit(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "--num-requests", "5"])
    assert code == EXIT_DOES_NOT_FIT
    assert "does not fit" in capsys.readouterr().err


def test_runs_start_at_the_scenario_qps(capsys: pytest.CaptureFixture[str]) -> None:
    """No load flag: Poisson at --qps; --at-peak: at --qps-peak."""
    average = run_json(capsys, "--qps", "3", "--qps-peak", "6", "--num-requests", "60")
    assert average["traffic"]["request_rate"] == 3.0
    assert not average["traffic"]["all_at_once"]
    peak = run_json(capsys, "--qps", "3", "--qps-peak", "6", "--at-peak", "--num-requests", "60")
    assert peak["traffic"]["request_rate"] == 6.0
    assert average["notices"] == []


def test_offered_load_past_capacity_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """70B TP 8 on 8× A100 carries about 2 req/s at the P95 SLO; 12 req/s collapses goodput."""
    args = ["simulate", "llama-3.1-70b-instruct", "--gpu", "a100-sxm-80gb",
            "--tensor-parallel-size", "8", "--input-len", "3840", "--output-len", "256",
            "--ttft-ms", "2000", "--tpot-ms", "100", "--qps", "12", "--num-requests", "120"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    notice = data["notices"][0]
    assert notice["code"] == "offered_exceeds_capacity"
    assert notice["params"]["offered"] == "12"
    assert 1.0 < float(notice["params"]["capacity"]) < 4.0
    assert "goodput collapses" in notice["text"]
    assert data["goodput"] < 1.0
    assert main(args) == 0
    assert "exceeds the capacity" in capsys.readouterr().out


def test_per_class_percentiles(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--request-class", "0.8:300:200:chat", "--request-class",
                    "0.2:6000:500:documents", "--qps", "5", "--num-requests", "200")
    rows = data["per_class"]
    assert [row["name"] for row in rows] == ["chat", "documents"]
    assert rows[1]["longest"]
    assert rows[1]["ttft_ms"]["p50"] > rows[0]["ttft_ms"]["p50"]


def test_sweep_follows_the_slo_percentile(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--sweep", "2", "--num-requests", "100", "--slo-percentile", "99")
    assert data["percentile"] == 99.0
