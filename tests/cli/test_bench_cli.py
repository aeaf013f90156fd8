"""``gpucalc bench``: the pasted command's summary, JSON, saved file and messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.cli.main import main

SERVE = ["bench", "--gpu", "h100-sxm-80gb", "--max-model-len", "8192"]
COMMAND = ["vllm", "bench", "serve", "--model", "meta-llama/Llama-3.1-8B-Instruct",
           "--dataset-name", "random", "--random-input-len", "256", "--random-output-len", "32",
           "--num-prompts", "50", "--max-concurrency", "4"]


def test_prints_vllms_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SERVE, "--", *COMMAND, "--made-up-flag"]) == 0
    out = capsys.readouterr().out
    assert "============ Serving Benchmark Result ============" in out
    assert "Successful requests:                     50" in out
    assert "Median TTFT (ms):" in out
    assert "P99 ITL (ms):" in out
    assert "--made-up-flag" in out  # listed as not modelled, not a crash


def test_json_and_saved_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "result.json"
    assert main([*SERVE, "--json", "--save-result", str(saved), "--", " ".join(COMMAND)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ttft_ms"]["median"] > 0
    assert data["total_output_tokens"] == 50 * 32
    written = json.loads(saved.read_text(encoding="utf-8"))
    assert written["completed"] == 50
    assert written["max_concurrency"] == 4


@pytest.mark.parametrize(("argv", "message"), [
    ([*SERVE], "paste the benchmark command"),
    ([*SERVE, "--", "curl", "http://x"], "no vllm bench serve"),
    (["bench", "--", *COMMAND], "--gpu"),
    ([*SERVE, "--", "vllm", "bench", "serve", "--dataset-name", "hf"], "dataset 'hf'"),
    ([*SERVE, "--", "vllm", "bench", "serve"], "no model"),
])
def test_problems_are_one_line_messages(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        message: str) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_predictions_saved_by_bench_feed_calibrate(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    files = []
    for clients in (2, 8, 32):
        path = tmp_path / f"c{clients}.json"
        command = [*COMMAND[:-1], str(clients)]
        assert main([*SERVE, "--save-result", str(path), "--", *command]) == 0
        files += ["--bench", str(path)]
    capsys.readouterr()
    assert main(["calibrate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb",
                 "--max-model-len", "8192", *files]) == 0
    out = capsys.readouterr().out
    assert "on 2 point(s), 1 held out" in out  # all three saved runs were read
