"""Hostile benchmark result files: huge numbers, overlong fields, pipes, random content.

Every outcome is a list of finite measured points or one line of :class:`InputFileError`.
"""

from __future__ import annotations

import json
import math
import os
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.io.bench_results import MAX_POINTS, _label_and_unit, parse_bench_text, read_bench_results
from gpucalc.io.errors import InputFileError
from tests.io.refusals import result_or_refusal

BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"
HUGE = "9" * 5000
RECORD = '{"max_concurrency": %s, "mean_ttft_ms": 5, "output_throughput": 100}'


def _refusal(text: str) -> str:
    with pytest.raises(InputFileError) as caught:
        parse_bench_text(text, "crafted.json")
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_5000_digit_integer_in_json_lines_is_refused_naming_the_line() -> None:
    text = RECORD % 4 + "\n" + RECORD % HUGE + "\n"
    assert "crafted.json line 2 holds a number gpucalc cannot use" in _refusal(text)


def test_a_5000_digit_integer_in_a_csv_cell_is_ignored_like_any_unusable_value() -> None:
    (point,) = parse_bench_text(f"concurrency,ttft_ms\n{HUGE},5\n4,5\n")
    assert point.concurrency == 4


def test_a_csv_field_over_the_reader_limit_is_one_line() -> None:
    text = 'concurrency,ttft_ms\n"' + "a" * 140_000 + '",5\n4,5\n'
    assert _refusal(text) == "crafted.json: table row 2 has a field longer than 131,072 characters"


def test_genai_metric_names_are_split_without_backtracking() -> None:
    assert _label_and_unit("Time To First Token (ms)") == ("Time To First Token", "ms")
    assert _label_and_unit("Request Throughput (per sec)") == ("Request Throughput", "per sec")
    assert _label_and_unit("Output Token Throughput") == ("Output Token Throughput", "")
    assert _label_and_unit("(" * 50_000) == ("(" * 50_000, "")
    assert _label_and_unit("a (b) c)") == ("a (b) c)", "")


def test_more_points_than_the_cap_are_refused_with_the_cap() -> None:
    records = [{"max_concurrency": 1 + i % 64, "mean_ttft_ms": 5.0} for i in range(MAX_POINTS + 1)]
    assert "at most 10,000" in _refusal(json.dumps(records))


def test_figures_beyond_the_point_bounds_skip_the_record() -> None:
    text = ("concurrency,ttft_ms,input_len\n"
            "1e12,5,100\n"     # concurrency beyond 10**9
            "4,5,1e9\n"        # mean input beyond 16,777,216 tokens
            "8,5,100\n")
    (point,) = parse_bench_text(text)
    assert point.concurrency == 8


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    os.mkfifo(path)
    with pytest.raises(InputFileError, match="pipe"):
        read_bench_results(path)


def _check(text: str) -> None:
    points = result_or_refusal(partial(parse_bench_text, text, "fuzzed"))
    if points is None:
        return
    assert points
    for point in points:
        assert isinstance(point, MeasuredPoint)
        for name, value in point.model_dump().items():
            if isinstance(value, float) and name != "request_rate":
                assert math.isfinite(value), name
        assert point.request_rate is None or not math.isnan(point.request_rate)


HOSTILE = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["inf", "Infinity", "nan", "-1", "0", "", "1e999", HUGE[:600], "1" * 30]),
    st.text(max_size=12), st.none(), st.booleans(), st.just([1, 2]), st.just({"avg": 5}))
SERVING_KEYS = ["request_rate", "max_concurrency", "completed", "total_input_tokens",
                "total_output_tokens", "output_throughput", "request_throughput", "mean_ttft_ms",
                "median_ttft_ms", "p99_ttft_ms", "mean_tpot_ms", "mean_itl_ms", "median_itl_ms",
                "num_prompts", "p99_tpot_ms"]


def _json_text(value: object) -> str:
    return json.dumps(value, allow_nan=True, default=str)


@given(records=st.lists(st.dictionaries(st.sampled_from(SERVING_KEYS), HOSTILE, min_size=1),
                        min_size=1, max_size=4), lines=st.booleans())
@settings(max_examples=60, deadline=None)
def test_hostile_serving_records(records: list[dict[str, object]], lines: bool) -> None:
    _check("\n".join(_json_text(r) for r in records) if lines else _json_text(records))


@given(values=st.dictionaries(st.sampled_from(["avg", "p50", "p99", "unit"]), HOSTILE),
       metric=st.sampled_from(["time_to_first_token", "inter_token_latency",
                               "output_token_throughput", "request_throughput"]),
       load=HOSTILE)
@settings(max_examples=60, deadline=None)
def test_hostile_genai_perf_exports(values: dict[str, object], metric: str, load: object) -> None:
    _check(_json_text({metric: values, "input_config": {"concurrency": load}}))


@given(performance=st.dictionaries(st.sampled_from(["request_throughput_req_s",
                                                    "system_output_throughput_tok_s"]), HOSTILE,
                                   min_size=1),
       streaming=st.dictionaries(st.sampled_from(["avg_ttft_ms", "avg_tpot_ms"]), HOSTILE),
       info=st.dictionaries(st.sampled_from(["num_requests", "avg_input_length", "avg_output_length"]),
                            HOSTILE), concurrency=HOSTILE)
@settings(max_examples=60, deadline=None)
def test_hostile_trtllm_reports(performance: dict[str, object], streaming: dict[str, object],
                                info: dict[str, object], concurrency: object) -> None:
    _check(_json_text({"performance": performance, "streaming_metrics": streaming,
                       "request_info": info, "settings": {"concurrency": concurrency}}))


CELLS = st.one_of(st.sampled_from(["1", "4.5", "inf", "nan", "-3", "", "1e999", HUGE[:700], '"', "#"]),
                  st.text(max_size=10))


@given(header=st.lists(st.sampled_from(["concurrency", "request_rate", "ttft_ms", "tpot_ms", "itl_ms",
                                        "output_tokens_per_s", "input_len", "output_len", "Metric",
                                        "avg", "p99", "Time To First Token (ms)"]),
                       min_size=1, max_size=5),
       rows=st.lists(st.lists(CELLS, max_size=6), max_size=5),
       delimiter=st.sampled_from([",", ";", "\t"]))
@settings(max_examples=60, deadline=None)
def test_hostile_csv_tables(header: list[str], rows: list[list[str]], delimiter: str) -> None:
    _check("\n".join(delimiter.join(row) for row in [header, *rows]))


@given(data=st.binary(max_size=2000))
@settings(max_examples=60, deadline=None)
def test_random_bytes(data: bytes) -> None:
    _check(data.decode("utf-8", errors="replace"))
