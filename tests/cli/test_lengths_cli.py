"""``gpucalc lengths`` and ``gpucalc estimate --uncertainty``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.core.specs.inputs import Workload

ESTIMATE = ["estimate", "llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "-tp", "4",
            "--input-len", "2000", "--output-len", "300", "--tpot-ms", "50", "--qps", "20"]


def _lengths_file(tmp_path: Path) -> Path:
    rows = ["prompt_tokens,completion_tokens,session_id,turn"]
    rows += [f"{200 + 100 * t},50,c{c},{t}" for c in range(40) for t in range(1 + c % 3)]
    rows.append("oops,5,,")
    path = tmp_path / "lens.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(list(args)) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_lengths_json_has_percentiles_and_workload(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "lengths", str(_lengths_file(tmp_path)), "--json")
    assert data["file"]["bad_rows"] == 1
    assert data["file"]["bad_row_examples"][0].startswith("line ")
    assert data["conversations"] == 40
    workload = Workload.model_validate(data["workload"])
    assert workload.max_turns == 3
    assert workload.tokens_per_turn == 100
    assert workload.input_len_p50 == 200
    assert data["input_tokens"]["p95"] == workload.input_len_p95
    assert sum(data["output_tokens"]["histogram"]["counts"]) == data["requests"]
    assert "--max-turns 3 --tokens-per-turn 100" in data["estimate_flags"]
    assert data["explain"]["tokens_per_turn"]["formula"].startswith("median")


def test_lengths_text_shows_histogram_and_flags(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lengths", str(_lengths_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "P95" in out
    assert "█" in out
    assert "skipped line" in out
    assert "gpucalc estimate MODEL --gpu GPU --input-len 200" in out


def test_lengths_flags_run_in_estimate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "lengths", str(_lengths_file(tmp_path)), "--json")
    flags = data["estimate_flags"].split()
    result = _json(capsys, "estimate", "llama-3.1-8b-instruct", "--gpu", "h100", *flags, "--json")
    assert result["recommended_concurrency"] > 0


def test_lengths_bad_file_is_a_usage_error(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("", encoding="utf-8")
    assert main(["lengths", str(path)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("gpucalc: ")
    assert "is empty" in err
    assert err.count("\n") == 1


def test_estimate_uncertainty_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *ESTIMATE, "--uncertainty", "--json")
    bands = data["constant_bands"]
    assert set(bands) == {"kv_cache_tokens", "recommended_concurrency", "gpus_needed"}
    rec = bands["recommended_concurrency"]
    assert rec["low"] <= rec["expected"] <= rec["high"]
    assert rec["expected"] == data["recommended_concurrency"]
    assert bands["kv_cache_tokens"]["expected"] == data["kv_cache_tokens"]
    factors = data["sensitivity"]["factors"]
    swings = [f["swing"] for f in factors]
    assert swings == sorted(swings, reverse=True)
    assert {"key", "low_value", "high_value", "result_at_low", "result_at_high"} <= set(factors[0])
    assert data["uncertain_constants"][0]["reason"]


def test_estimate_without_uncertainty_has_no_constant_corners(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *ESTIMATE, "--json")
    assert "constant_bands" not in data
    assert "sensitivity" not in data
    assert data["bands"]["recommended_concurrency"]["expected"] == data["recommended_concurrency"]


def test_estimate_uncertainty_table_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ESTIMATE, "--uncertainty"]) == 0
    out = capsys.readouterr().out
    assert "recommended concurrency" in out
    assert "Sensitivity of the recommended concurrency" in out
    assert "TPOT target" in out  # the factor by its name (FACTOR_NAMES), not its key
