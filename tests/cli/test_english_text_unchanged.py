"""The English text of ``estimate`` is byte for byte the reviewed one.

``data/estimate_en_main.txt`` is the output of ``gpucalc --lang en estimate llama-3.1-8b-instruct
--gpu h100-sxm-80gb``. A change of wording or of a figure shows up here as a diff to review;
after reviewing it, write the file again with that command.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.cli.main import main

BEFORE = Path(__file__).parent / "data" / "estimate_en_main.txt"
ARGV = ["--lang", "en", "estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb"]


def test_estimate_english_text_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGV) == 0
    assert capsys.readouterr().out.splitlines() == BEFORE.read_text(encoding="utf-8").splitlines()
