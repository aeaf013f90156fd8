"""``gpucalc test-plan``: the measurement plan as text and JSON, result files marked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.plan.scenario_file import save_scenario
from tests.report.scenarios import TP_SCENARIO

BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"
FIXTURE_FLAGS = ["llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-num-seqs", "64",
                 "--input-len", "1024", "--output-len", "256"]


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["test-plan", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_json_lists_the_four_steps_with_commands(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *FIXTURE_FLAGS)
    mplan = data["measurement_plan"]
    assert isinstance(mplan, dict)
    assert [s["kind"] for s in mplan["steps"]] == ["baseline", "ladder", "mix", "watermark"]
    assert mplan["recommended"] == 64
    ladder = mplan["steps"][1]
    assert [r["run"]["concurrency"] for r in ladder["runs"]][:4] == [16, 32, 48, 64]
    first = ladder["runs"][0]
    assert first["commands"]["vllm"].startswith("vllm bench serve --model meta-llama/Llama-3.1-8B")
    assert "--max-concurrency 16" in first["commands"]["sglang"]
    assert "--concurrency 16" in first["commands"]["genai-perf"]
    assert first["expected"]["tpot_ms"] > 0
    assert mplan["serve_command"].startswith("vllm serve meta-llama/Llama-3.1-8B-Instruct")
    assert "check" not in data


def test_results_are_marked(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, *FIXTURE_FLAGS, "--results", str(BENCH / "hand-table-llama8b-h100.csv"),
                 str(BENCH / "sglang-bench-serving-llama8b-h100.jsonl"))
    check = data["check"]
    assert isinstance(check, dict)
    marks = {s["step"]: s["mark"] for s in check["steps"]}
    assert marks["ladder"] == "attention"  # 128 clients held the targets the estimate breaks
    assert marks["watermark"] == "not measured"
    ladder = {r["label"]: r for r in check["steps"][1]["runs"]}
    assert ladder["c=32"]["point"]["source"].endswith(".jsonl")
    assert {p["concurrency"] for p in check["unmatched"]} == {4.0, 8.0, 128.0}


def test_text_with_a_scenario_file_and_sglang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = TP_SCENARIO.model_copy(update={"deployment": TP_SCENARIO.deployment.model_copy(
        update={"engine": "sglang"})})
    path = tmp_path / "plan.gpucalc.json"
    save_scenario(path, scenario)
    assert main(["test-plan", "--scenario", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Serve: python -m sglang.launch_server --model-path ")
    assert "1. Single-request baseline" in out
    assert "4. Watermark check" in out
    assert "$ python -m sglang.bench_serving --backend sglang" in out
    assert "The estimate expects a target to break at about" in out
    assert "benchmark one of the 2 replicas" in out


def test_usage_and_no_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test-plan", "--gpu", "h100"]) == EXIT_USAGE
    assert main(["test-plan", "llama-3.1-70b-instruct", "--gpu", "l4", "--max-model-len",
                 "8192"]) == EXIT_DOES_NOT_FIT
    assert "nothing to measure" in capsys.readouterr().err


def test_calibrate_marks_the_measurement_plan_steps(capsys: pytest.CaptureFixture[str]) -> None:
    hand = str(BENCH / "hand-table-llama8b-h100.csv")
    assert main(["calibrate", *FIXTURE_FLAGS, "--bench", hand, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    marks = data["measurement_plan_marks"]
    assert marks["baseline"] in {"pass", "attention"}  # the hand table's c=1 row, measured
    assert marks["ladder"] == "attention"  # 128 clients held the targets the estimate breaks
    assert (marks["mix"], marks["watermark"]) == ("not measured", "not measured")
    assert main(["calibrate", *FIXTURE_FLAGS, "--bench", hand]) == 0
    assert "ladder: attention · mix: not measured" in capsys.readouterr().out
