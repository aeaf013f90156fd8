"""``compare-log``, ``calibrate``, ``test-plan --results`` and ``lengths`` on hostile files.

Each ends with a valid answer (strict JSON: no NaN or Infinity) or exit 2 and one line on
standard error, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.core.measured.calibrate import MAX_CALIBRATION_POINTS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOG_TEXT = (FIXTURES / "logs" / "vllm-0.19-llama-3.1-8b-h100.log").read_text(encoding="utf-8")
LLAMA = ("llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb")


def _strict(text: str) -> Any:
    """JSON that Python's parser reads without its NaN / Infinity extension."""
    def refuse(name: str) -> float:
        raise AssertionError(f"{name} in the output")
    return json.loads(text, parse_constant=refuse)


def _log(tmp_path: Path, text: str) -> str:
    path = tmp_path / "engine.log"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("gpucalc: ")
    assert err.count("\n") == 1
    return err


def test_compare_log_with_a_400_digit_count_names_the_line(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = _log(tmp_path, LOG_TEXT.replace("476,000 tokens", "9" * 400 + " tokens"))
    err = _one_line_error(capsys, ["compare-log", log, *LLAMA, "--json"])
    assert "line 6: GPU KV cache size" in err


def test_compare_log_json_is_strict_when_a_measured_figure_is_next_to_zero(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tiny = "0." + "0" * 320 + "1"
    log = _log(tmp_path, LOG_TEXT.replace("Available KV cache memory: 58.11 GiB",
                                          f"Available KV cache memory: {tiny} GiB"))
    assert main(["compare-log", log, *LLAMA, "--json"]) == 0
    data = _strict(capsys.readouterr().out)
    line = next(line for line in data["lines"] if line["key"] == "kv_cache_gib_per_gpu")
    assert line["relative"] is None
    assert line["flagged"] is True
    assert main(["compare-log", log, *LLAMA]) == 0
    table = capsys.readouterr().out
    assert "nan" not in table
    assert "inf " not in table


@pytest.mark.parametrize("tolerance", ["nan", "inf", "-0.1"])
def test_compare_log_refuses_a_tolerance_that_is_not_a_share(
        tolerance: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _one_line_error(capsys, ["compare-log", _log(tmp_path, LOG_TEXT), *LLAMA,
                                   "--tolerance", tolerance])
    assert "--tolerance" in err


def test_calibrate_states_its_point_cap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.json"
    records = [{"max_concurrency": 1 + i % 64, "mean_ttft_ms": 50.0, "output_throughput": 900.0}
               for i in range(MAX_CALIBRATION_POINTS + 1)]
    path.write_text(json.dumps(records), encoding="utf-8")
    err = _one_line_error(capsys, ["calibrate", *LLAMA, "--bench", str(path)])
    assert "at most 2,000 measured points" in err


def test_test_plan_results_with_an_overlong_csv_field(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.csv"
    path.write_text('concurrency,ttft_ms\n"' + "1" * 140_000 + '",5\n', encoding="utf-8")
    err = _one_line_error(capsys, ["test-plan", *LLAMA, "--results", str(path)])
    assert "longer than 131,072 characters" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
@pytest.mark.parametrize("command", ["lengths", "compare-log"])
def test_a_pipe_is_refused_at_once(command: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "input.csv"
    os.mkfifo(path)
    argv = [command, str(path)] + (list(LLAMA) if command == "compare-log" else [])
    assert "pipe" in _one_line_error(capsys, argv)


NUMBER_SPANS = [m.span() for m in re.finditer(r"[0-9][0-9.,]*", LOG_TEXT)]
NUMBERS = st.one_of(st.from_regex(r"[0-9]{1,500}", fullmatch=True),
                    st.from_regex(r"0\.[0-9]{0,330}1", fullmatch=True),
                    st.sampled_from(["0", "0.0", "1e999", "", "1,", "99999999999999"]))


@given(data=st.data())
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_compare_log_json_on_hostile_numbers(data: st.DataObject, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    chosen = data.draw(st.lists(st.sampled_from(NUMBER_SPANS), min_size=1, max_size=3, unique=True))
    text = LOG_TEXT
    for start, end in sorted(chosen, reverse=True):
        text = text[:start] + data.draw(NUMBERS) + text[end:]
    code = main(["compare-log", _log(tmp_path, text), *LLAMA, "--json"])
    out, err = capsys.readouterr()
    if code == 0:
        _strict(out)
    else:
        assert code == EXIT_USAGE
        assert err.startswith("gpucalc: ")
        assert err.count("\n") == 1
