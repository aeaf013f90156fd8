"""The English text of ``estimate`` is the one it printed before the output went through the catalogue.

``data/estimate_en_main.txt`` is the output of ``gpucalc --lang en estimate llama-3.1-8b-instruct
--gpu h100-sxm-80gb`` before the change. The only differences allowed are the rows that now use a
name the window and the report already show (``REWORDED``); every other line is byte for byte the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.cli.main import main

BEFORE = Path(__file__).parent / "data" / "estimate_en_main.txt"
ARGV = ["--lang", "en", "estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb"]
REWORDED = {
    # weights by tensor group: the Terms names instead of the JSON keys
    "  embedding                  0.979": "  Embedding                  0.979",
    "  attention                  2.500": "  Attention                  2.500",
    "  dense_mlp                 10.500": "  Dense MLP                 10.500",
    "  norms_router               0.000": "  Norms and router           0.000",
    "  lm_head                    0.979": "  LM head                    0.979",
    # the operating point: the report's name instead of its label
    "offline_max: TTFT": "Offline maximum (batch full): TTFT",
}


def expected_lines() -> list[str]:
    return [_reworded(line) for line in BEFORE.read_text(encoding="utf-8").splitlines()]


def _reworded(line: str) -> str:
    for old, new in REWORDED.items():
        if line.startswith(old):
            return new + line[len(old):]
    return line


def test_estimate_english_text_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGV) == 0
    assert capsys.readouterr().out.splitlines() == expected_lines()


def test_every_rewording_applies_to_a_line_printed_before() -> None:
    before = BEFORE.read_text(encoding="utf-8").splitlines()
    assert all(any(line.startswith(old) for line in before) for old in REWORDED)
