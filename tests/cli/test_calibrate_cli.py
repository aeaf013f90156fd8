"""``gpucalc compare-log`` and ``gpucalc calibrate``: tables, JSON, saving with confirmation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.catalog.user_store import UserStore
from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.core.specs.engine import EngineProfile

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOG = str(FIXTURES / "logs" / "vllm-0.19-llama-3.1-8b-h100.log")
BENCH = str(FIXTURES / "bench" / "hand-table-llama8b-h100.csv")
VLLM_JSON = str(FIXTURES / "bench" / "vllm-bench-serve-llama8b-h100-c16.json")
LLAMA = ("llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(list(args)) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_compare_log_table_fills_flags_from_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare-log", LOG, *LLAMA]) == 0
    out = capsys.readouterr().out
    assert "KV cache tokens" in out
    assert "476,000 tokens" in out
    assert "flags from the log: max_model_len=8192, gpu_memory_utilization=0.95" in out
    assert "0 of 6 figures differ" in out


def test_compare_log_json_keeps_flags_the_user_gave(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "compare-log", LOG, *LLAMA, "--gpu-memory-utilization", "0.8", "--json")
    assert "gpu_memory_utilization" not in data["flags_from_log"]  # type: ignore[operator]
    lines = {line["key"]: line for line in data["lines"]}  # type: ignore[attr-defined]
    assert lines["kv_cache_gib_per_gpu"]["flagged"] is True
    assert lines["weights_gib_per_gpu"]["flagged"] is False
    assert "log_memory_fraction_differs" in [n["code"] for n in data["notices"]]  # type: ignore[attr-defined]


def test_compare_log_calibrate_saves_only_with_save(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "compare-log", LOG, *LLAMA, "--calibrate", "--json")
    calibration = data["calibration"]
    assert isinstance(calibration, dict)
    assert calibration["saved"] is False
    assert UserStore().get_entries("engines") == {}
    data = _json(capsys, "compare-log", LOG, *LLAMA, "--save", "--name", "vllm 0.19 lab", "--json")
    saved = UserStore().get_entries("engines")
    assert list(saved) == ["vllm-0.19-lab"]


def test_compare_log_bad_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    bad = str(FIXTURES / "logs" / "vllm-0.19-truncated.log")
    assert main(["compare-log", bad, *LLAMA]) == EXIT_USAGE
    assert "truncated" in capsys.readouterr().err


def test_calibrate_prints_factors_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", *LLAMA, "--bench", BENCH, "--bench", VLLM_JSON]) == 0
    out = capsys.readouterr().out
    assert "GEMM efficiency" in out  # the factor by its name (FACTOR_NAMES)
    assert "held out: before" in out
    assert "fixed" in out  # comm factors on one GPU
    assert "Not saved" in out
    assert UserStore().get_entries("engines") == {}


def test_calibrate_json_save_and_overwrite(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["calibrate", *LLAMA, "--bench", BENCH, "--holdout-share", "0.4", "--name", "lab fit",
            "--json"]
    data = _json(capsys, *args, "--save")
    assert data["profile_id"] == "lab-fit"
    assert data["fit_count"] == 3
    assert data["holdout_count"] == 2
    factors = {f["name"]: f for f in data["factors"]}  # type: ignore[attr-defined]
    assert factors["comm_bandwidth"]["plus_minus"] is None
    profile = UserStore().get_entries("engines")["lab-fit"]
    assert isinstance(profile, EngineProfile)
    assert profile.efficiency_by_gpu["h100-sxm-80gb"].gemm_compute == pytest.approx(
        data["efficiency"]["gemm_compute"])  # type: ignore[index]
    assert main([*args, "--save"]) == EXIT_USAGE
    assert "--overwrite" in capsys.readouterr().err
    assert main([*args, "--save", "--overwrite"]) == 0
    capsys.readouterr()
    data = _json(capsys, "calibrate", *LLAMA, "--engine", "lab-fit", "--bench", BENCH, "--json")
    assert data["before"]["gemm_compute"] == pytest.approx(profile.efficiency_by_gpu[  # type: ignore[index]
        "h100-sxm-80gb"].gemm_compute)


def test_calibrate_rejects_a_bad_holdout_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", *LLAMA, "--bench", BENCH, "--holdout-share", "1.5"]) == EXIT_USAGE
    assert "holdout-share" in capsys.readouterr().err
