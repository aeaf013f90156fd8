"""The command line with ``--lang zh``: tables, listings and errors without English to read.

Skipped while the command line has no ``--lang`` option for these commands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.cli.main import build_parser, main
from tests.i18n.scan import bundled_allowed, english_found

MODEL, GPU = "llama-3.1-8b-instruct", "h100-sxm-80gb"
BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"
COMMANDS = {
    "estimate": ["estimate", MODEL, "--gpu", GPU],
    "sweep": ["sweep", MODEL, "--gpu", GPU],
    "size": ["size", "--model", MODEL, "--gpus", f"{GPU},l4", "--qps", "20"],
    "gpus": ["gpus"],
    "models": ["models"],
    "refused": ["estimate", "llama-3.1-70b-instruct", "--gpu", GPU, "--tensor-parallel-size", "3"],
    "simulate": ["simulate", MODEL, "--gpu", GPU, "--max-model-len", "8192", "--num-requests", "50",
                 "--request-class", "0.5:100:50:short", "--request-class", "0.5:4000:300:long"],
    "test-plan": ["test-plan", MODEL, "--gpu", GPU, "--max-num-seqs", "64", "--input-len", "1024",
                  "--output-len", "256", "--results", str(BENCH / "hand-table-llama8b-h100.csv"),
                  str(BENCH / "sglang-bench-serving-llama8b-h100.jsonl")],
    "simulate sweep": ["simulate", MODEL, "--gpu", GPU, "--max-model-len", "8192", "--sweep-rates", "2,8",
                       "--num-requests", "60"],
}
CLASS_NAMES = {"short", "long"}
"""The request classes' names are the workload's data, shown as the user named them."""


def in_chinese(argv: list[str]) -> list[str]:
    """``argv`` with ``--lang zh`` where the parser takes it (before or after the command)."""
    for candidate in (["--lang", "zh", *argv], [*argv, "--lang", "zh"]):
        try:
            args, unknown = build_parser().parse_known_args(candidate)
        except SystemExit:
            continue
        if not unknown and getattr(args, "lang", None) == "zh":
            return candidate
    pytest.skip("the command line has no --lang option for this command yet")


def printed(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(in_chinese(argv))
    out = capsys.readouterr()
    return out.out + out.err


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_command_line_speaks_chinese(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = printed(COMMANDS[name], capsys)
    assert text.strip()
    shown = [(name, line) for line in text.splitlines()]
    assert english_found(shown, bundled_allowed().with_names(CLASS_NAMES)) == {}


def test_the_lengths_report_speaks_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Percentiles, histograms, the suggested workload and its request classes of a clean log."""
    rows = ["prompt_tokens,completion_tokens"] + [
        "100,50" if i % 2 else "8000,500" for i in range(400)]
    path = tmp_path / "lengths.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    text = printed(["lengths", str(path)], capsys)
    assert "████" in text
    shown = [("lengths", line) for line in text.splitlines()]
    assert english_found(shown, bundled_allowed().with_names(CLASS_NAMES)) == {}
