"""Benchmark result files: vLLM, SGLang, genai-perf/aiperf, CSV; robust to bad content."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gpucalc.io.bench_results import parse_bench_text, read_bench_results
from gpucalc.io.errors import InputFileError

BENCH = Path(__file__).resolve().parents[1] / "fixtures" / "bench"


def test_vllm_save_result_json() -> None:
    (point,) = read_bench_results(BENCH / "vllm-bench-serve-llama8b-h100-c16.json")
    assert point.concurrency == 16
    assert point.request_rate is None
    assert (point.mean_input_tokens, point.mean_output_tokens) == (1024, 256)
    assert point.ttft_ms == pytest.approx(41.37)
    assert point.ttft_stat == "mean"
    assert point.tpot_ms == pytest.approx(7.61)
    assert point.itl_ms == pytest.approx(7.12)
    assert point.itl_stat == "median"
    assert point.output_tok_s == pytest.approx(2057.8)
    assert point.metrics == {"throughput": 2057.8, "ttft": 41.37, "tpot": 7.61}


def test_vllm_finite_rate_is_an_open_loop_point() -> None:
    record = {"request_rate": 4.0, "max_concurrency": None, "completed": 10, "mean_ttft_ms": 20.0}
    (point,) = parse_bench_text(json.dumps(record))
    assert (point.request_rate, point.concurrency) == (4.0, None)


def test_sglang_jsonl_uses_max_concurrency_not_measured_concurrency() -> None:
    points = read_bench_results(BENCH / "sglang-bench-serving-llama8b-h100.jsonl")
    assert [p.concurrency for p in points] == [8, 32, 128]
    assert points[2].output_tok_s == pytest.approx(8161.3)


def test_genai_perf_json_takes_load_from_input_config() -> None:
    (point,) = read_bench_results(BENCH / "genai-perf-profile_export_genai_perf.json")
    assert point.concurrency == 32
    assert point.ttft_ms == pytest.approx(66.4)
    assert point.itl_ms == pytest.approx(10.1)
    assert point.output_tok_s == pytest.approx(3097.6)


def test_aiperf_records_in_nanoseconds_become_ms() -> None:
    (point,) = read_bench_results(BENCH / "aiperf-profile_export_aiperf.json")
    assert point.concurrency == 128
    assert point.ttft_ms == pytest.approx(171.3)
    assert point.itl_ms == pytest.approx(14.9)
    assert point.p99_ttft_ms == pytest.approx(590.0)


def test_genai_perf_csv_takes_load_from_its_folder_name() -> None:
    (point,) = read_bench_results(BENCH / "llama8b-openai-chat-concurrency64" /
                                  "profile_export_genai_perf.csv")
    assert point.concurrency == 64
    assert point.ttft_ms == pytest.approx(98.31)
    assert point.output_tok_s == pytest.approx(5442.70)
    assert point.request_per_s == pytest.approx(21.26)


def test_hand_typed_csv_with_subsets_and_other_separators() -> None:
    points = read_bench_results(BENCH / "hand-table-llama8b-h100.csv")
    assert [p.concurrency for p in points] == [1, 4, 16, 64, 128]
    assert points[-1].metrics == {"throughput": 8120, "ttft": 171.3, "tpot": 14.9}
    rates = read_bench_results(BENCH / "hand-rate-subset.csv")
    assert [p.request_rate for p in rates[:2]] == [1, 4]
    assert rates[2].request_rate is not None
    assert math.isinf(rates[2].request_rate)
    assert rates[0].metrics == {"ttft": 19.5}


def test_wrong_types_are_ignored_and_the_usable_record_kept() -> None:
    (point,) = read_bench_results(BENCH / "wrong-types.json")
    assert point.concurrency == 8
    assert point.output_tok_s == pytest.approx(1250.5)
    assert point.ttft_ms is None
    assert point.tpot_ms is None


@pytest.mark.parametrize(("name", "words"), [
    ("not-json.json", "not valid JSON"),
    ("unrelated.json", "no usable measurement"),
])
def test_bad_files_say_why(name: str, words: str) -> None:
    with pytest.raises(InputFileError, match=words):
        read_bench_results(BENCH / name)


def test_csv_without_load_or_metric_columns() -> None:
    with pytest.raises(InputFileError, match="concurrency"):
        parse_bench_text("batch,ttft_ms\n1,2\n")
    with pytest.raises(InputFileError, match="no metric column"):
        parse_bench_text("concurrency,note\n1,fast\n")
    with pytest.raises(InputFileError, match="neither JSON nor a CSV"):
        parse_bench_text("just some words")


def test_size_limit_and_binary(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"mean_ttft_ms": 1.0, "pad": "x" * 5000}))
    with pytest.raises(InputFileError, match="at most"):
        read_bench_results(big, max_bytes=1000)
    binary = tmp_path / "b.json"
    binary.write_bytes(b"{\x00\x00")
    with pytest.raises(InputFileError, match="binary"):
        read_bench_results(binary)
