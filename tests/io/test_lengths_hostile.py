"""Hostile request-length files: huge numbers, overlong fields, pipes, random content.

Every outcome is a file of valid records (bad rows counted with a reason) or one line of
:class:`InputFileError`.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.core.measured.length_records import MAX_TOKENS_PER_REQUEST
from gpucalc.io.errors import InputFileError
from gpucalc.io.lengths import read_lengths
from tests.io.refusals import result_or_refusal

HUGE = "9" * 5000


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_5000_digit_csv_count_is_a_bad_row(tmp_path: Path) -> None:
    file = read_lengths(_write(tmp_path, "l.csv", f"input_tokens,output_tokens\n{HUGE},5\n10,5\n"))
    assert [(r.input_tokens, r.output_tokens) for r in file.records] == [(10, 5)]
    assert file.bad_row_examples == ("line 2: input tokens has 5,000 digits; a count has at most 18",)


def test_a_5000_digit_json_lines_count_is_a_bad_row(tmp_path: Path) -> None:
    text = f'{{"input_tokens": {HUGE}, "output_tokens": 5}}\n{{"input_tokens": 10, "output_tokens": 5}}\n'
    file = read_lengths(_write(tmp_path, "l.jsonl", text))
    assert file.bad_rows == 1
    assert file.bad_row_examples == ("line 1: holds a number of more than 18 digits",)


def test_a_long_signed_or_decimal_count_is_a_bad_row(tmp_path: Path) -> None:
    file = read_lengths(_write(tmp_path, "l.csv", f"input_tokens,output_tokens\n+{HUGE}.0,5\n10,5\n"))
    assert file.bad_rows == 1
    assert "at most 18 digits" in file.bad_row_examples[0]


def test_a_field_over_the_csv_limit_is_a_bad_row_or_a_refused_header(tmp_path: Path) -> None:
    row = '"' + "1" * 140_000 + '",5'
    file = read_lengths(_write(tmp_path, "l.csv", f"input_tokens,output_tokens\n{row}\n10,5\n"))
    assert file.bad_row_examples == ("line 2: has a field longer than 131,072 characters",)
    header = '"' + "i" * 140_000 + '",output_tokens'
    with pytest.raises(InputFileError, match="the first line has a field longer than 131,072 characters"):
        read_lengths(_write(tmp_path, "h.csv", f"{header}\n10,5\n"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "lengths.csv"
    os.mkfifo(path)
    with pytest.raises(InputFileError, match="pipe"):
        read_lengths(path)


def _check(path: Path) -> None:
    file = result_or_refusal(partial(read_lengths, path))
    if file is None:
        return
    assert file.records
    for record in file.records:
        assert 1 <= record.input_tokens <= MAX_TOKENS_PER_REQUEST
        assert 1 <= record.output_tokens <= MAX_TOKENS_PER_REQUEST
    assert all("\n" not in example for example in file.bad_row_examples)


VALUES = st.one_of(st.integers(min_value=-(10**25), max_value=10**25),
                   st.sampled_from(["1", "12.0", "1e999", "nan", "-4", "", " ", HUGE[:800], "1" * 19,
                                    "+7", "0x10", '"3"', "1,5"]),
                   st.text(max_size=8))


@given(rows=st.lists(st.tuples(VALUES, VALUES), min_size=1, max_size=6),
       delimiter=st.sampled_from([",", ";", "\t"]), header=st.booleans())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_hostile_csv(tmp_path: Path, rows: list[tuple[object, object]], delimiter: str,
                     header: bool) -> None:
    lines = [f"input_tokens{delimiter}output_tokens"] if header else []
    lines += [f"{a}{delimiter}{b}" for a, b in rows]
    _check(_write(tmp_path, "fuzz.csv", "\n".join(lines) + "\n"))


JSON_VALUES = st.one_of(st.integers(min_value=-(10**25), max_value=10**25), st.floats(),
                        st.sampled_from([HUGE[:900], "1e999", "NaN", "[1]", "{}", "null", "true",
                                         '"12"', "1" * 19]))


@given(rows=st.lists(st.tuples(JSON_VALUES, JSON_VALUES), min_size=1, max_size=6),
       usage=st.booleans())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_hostile_json_lines(tmp_path: Path, rows: list[tuple[object, object]], usage: bool) -> None:
    if usage:
        lines = [f'{{"usage": {{"prompt_tokens": {a}, "completion_tokens": {b}}}}}' for a, b in rows]
    else:
        lines = [f'{{"input_tokens": {a}, "output_tokens": {b}, "turn": {b}}}' for a, b in rows]
    _check(_write(tmp_path, "fuzz.jsonl", "\n".join(lines) + "\n"))


@given(data=st.binary(max_size=2000), suffix=st.sampled_from([".csv", ".jsonl", ".txt"]))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_random_bytes(tmp_path: Path, data: bytes, suffix: str) -> None:
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(data)
    _check(path)
