"""Every command that takes a model answers a bad model name or folder in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main

LONG_ID = "x" * 300


@pytest.mark.parametrize("command", [
    ["estimate", LONG_ID, "--gpu", "h100"],
    ["sweep", LONG_ID, "--gpu", "h100"],
    ["simulate", LONG_ID, "--gpu", "h100"],
    ["size", "--model", LONG_ID, "--gpus", "h100"],
])
def test_model_id_longer_than_a_file_name(capsys: pytest.CaptureFixture[str],
                                          command: list[str]) -> None:
    assert main(command) == EXIT_USAGE
    error = capsys.readouterr().err
    assert "not a known model id or a readable folder" in error
    assert error.count("\n") == 1


def test_report_blames_the_model_not_the_output_path(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    assert main(["report", LONG_ID, "--gpu", "h100", "-o", str(tmp_path / "r.pdf")]) == EXIT_USAGE
    error = capsys.readouterr().err
    assert "not a known model id" in error
    assert "r.pdf" not in error


def test_folder_with_ten_billion_layers_is_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    config = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 10**10,
              "num_attention_heads": 4, "vocab_size": 100}
    (tmp_path / "config.json").write_text(json.dumps(config), encoding="utf-8")
    assert main(["estimate", str(tmp_path), "--gpu", "h100"]) == EXIT_USAGE
    error = capsys.readouterr().err
    assert "num_hidden_layers is 10,000,000,000; it must be 1 to 1,024" in error
