"""Pasted benchmark commands read with each client's own defaults and meanings."""

from __future__ import annotations

import math

import pytest

from gpucalc.core.simulation.lengths import RangeRule
from gpucalc.engines.bench_tools import BenchTool
from gpucalc.plan.bench_parse import (
    BenchCommandError,
    LengthSource,
    parse_bench_command,
)


def test_vllm_bench_serve_defaults_are_vllms() -> None:
    spec = parse_bench_command("vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct")
    assert spec.client is BenchTool.VLLM
    assert spec.model == "meta-llama/Llama-3.1-8B-Instruct"
    assert (spec.num_prompts, spec.input_len, spec.output_len) == (1000, 1024, 128)
    assert spec.lengths is LengthSource.RANDOM
    assert math.isinf(spec.request_rate)
    assert spec.range_rule is RangeRule.SYMMETRIC
    assert spec.range_ratio == 0.0
    assert not spec.ignore_eos
    assert spec.seed == 0


def test_vllm_flags_rate_cap_burstiness_and_lengths() -> None:
    spec = parse_bench_command(
        "vllm bench serve --model m --dataset-name random --random-input-len 2000 "
        "--random-output-len=100 --random-range-ratio 0.25 --num-prompts 500 --request-rate 4 "
        "--burstiness 0.5 --max-concurrency 32 --ignore-eos --seed 42 --save-result")
    assert (spec.input_len, spec.output_len, spec.range_ratio) == (2000, 100, 0.25)
    assert (spec.num_prompts, spec.request_rate, spec.burstiness) == (500, 4.0, 0.5)
    assert spec.max_concurrency == 32
    assert spec.ignore_eos
    assert spec.seed == 42
    assert spec.ignored == ()


def test_old_benchmark_serving_defaults_to_sharegpt_and_reads_old_range_rule() -> None:
    current = parse_bench_command("python benchmarks/benchmark_serving.py --backend vllm --model m")
    assert current.client is BenchTool.VLLM_SCRIPT
    assert current.lengths is LengthSource.SHAREGPT
    assert current.notes  # says which range-ratio meaning it assumed
    old = parse_bench_command("python benchmarks/benchmark_serving.py --model m "
                              "--dataset-name random", tool_version="0.6.3")
    assert old.range_rule is RangeRule.BELOW
    assert old.range_ratio == 1.0  # the old default: every request at full length


def test_sglang_defaults_ignore_eos_and_draw_below_the_length() -> None:
    spec = parse_bench_command("python3 -m sglang.bench_serving --backend sglang "
                               "--dataset-name random --random-input-len 512")
    assert spec.client is BenchTool.SGLANG
    assert spec.ignore_eos  # --disable-ignore-eos turns it off
    assert spec.range_rule is RangeRule.BELOW
    assert (spec.output_len, spec.seed, spec.range_ratio) == (1024, 1, 0.0)
    assert not parse_bench_command("python -m sglang.bench_serving --disable-ignore-eos").ignore_eos
    assert parse_bench_command("python -m sglang.bench_serving").lengths is LengthSource.SHAREGPT


def test_genai_perf_synthetic_lengths_and_concurrency() -> None:
    spec = parse_bench_command(
        "genai-perf profile -m m --endpoint-type chat --streaming --synthetic-input-tokens-mean 300 "
        "--synthetic-input-tokens-stddev 20 --output-tokens-mean 150 --output-tokens-stddev 10 "
        "--concurrency 8 --request-count 64")
    assert spec.client is BenchTool.GENAI_PERF
    assert (spec.input_len, spec.input_stddev, spec.output_len, spec.output_stddev) == (300, 20, 150, 10)
    assert (spec.max_concurrency, spec.num_prompts) == (8, 64)
    assert spec.lengths is LengthSource.NORMAL
    with pytest.raises(BenchCommandError, match="--output-tokens-mean"):
        parse_bench_command("genai-perf profile -m m --concurrency 8")
    assert parse_bench_command("genai-perf profile -m m --output-tokens-mean 9").max_concurrency == 1


def test_trtllm_bench_takes_lengths_from_the_prepare_dataset_line() -> None:
    text = ("python benchmarks/cpp/prepare_dataset.py --stdout --tokenizer m token-norm-dist "
            "--num-requests 300 --input-mean 128 --output-mean 64 --input-stdev 0 "
            "--output-stdev 0 > d.txt\n"
            "trtllm-bench --model m throughput --dataset d.txt --concurrency 16 --backend pytorch")
    spec = parse_bench_command(text)
    assert spec.client is BenchTool.TRTLLM
    assert (spec.num_prompts, spec.input_len, spec.output_len, spec.max_concurrency) == (300, 128, 64, 16)
    assert spec.ignore_eos  # --eos_id -1 by default
    with pytest.raises(BenchCommandError, match="prepare_dataset"):
        parse_bench_command("trtllm-bench --model m throughput --dataset d.txt")


@pytest.mark.parametrize(("text", "message"), [
    ("echo hello", "no vllm bench serve"),
    ("vllm bench serve --dataset-name sonnet", "sonnet"),
    ("vllm bench serve --num-prompts lots", "--num-prompts cannot be 'lots'"),
    ("vllm bench serve --random-range-ratio 1.5", "below 1"),
    ("vllm bench serve --request-rate -2", "--request-rate"),
    ("vllm bench serve --num-prompts", "needs a value"),
    ("vllm bench serve --model 'unclosed", "cannot split"),
])
def test_bad_commands_say_why(text: str, message: str) -> None:
    with pytest.raises(BenchCommandError, match=message):
        parse_bench_command(text)


def test_unknown_flags_are_listed_not_fatal() -> None:
    spec = parse_bench_command("vllm bench serve --model m --frobnicate 3 --fancy-switch "
                               "--host localhost --port 8000")
    assert spec.ignored == ("--frobnicate", "--fancy-switch")
