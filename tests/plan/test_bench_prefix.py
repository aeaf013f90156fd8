"""Benchmarks with shared prefixes: vLLM's prefix_repetition and --random-prefix-len datasets.

vllm/benchmarks/datasets.py: PrefixRepetitionRandomDataset draws each prompt as one of
--prefix-repetition-num-prefixes prefixes (default 10) of --prefix-repetition-prefix-len tokens
(256) plus a --prefix-repetition-suffix-len (256) suffix, output --prefix-repetition-output-len
(128); RandomDataset puts one --random-prefix-len prefix before every prompt.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.bench_parse import BenchCommandError, parse_bench_command
from gpucalc.plan.bench_run import predict_scenario

REPETITION = ("vllm bench serve --model m --dataset-name prefix_repetition "
              "--prefix-repetition-prefix-len 2048 --prefix-repetition-suffix-len 256 "
              "--prefix-repetition-num-prefixes 4 --prefix-repetition-output-len 64 "
              "--num-prompts 200 --request-rate 10")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def test_prefix_repetition_flags_and_defaults() -> None:
    spec = parse_bench_command(REPETITION)
    assert (spec.prefix_len, spec.input_len, spec.num_prefixes, spec.output_len) == (2048, 256, 4, 64)
    default = parse_bench_command("vllm bench serve --model m --dataset-name prefix_repetition")
    assert (default.prefix_len, default.input_len, default.num_prefixes,
            default.output_len, default.range_ratio) == (256, 256, 10, 128, 0.0)
    with pytest.raises(BenchCommandError):  # SGLang's client has no such dataset
        parse_bench_command("python -m sglang.bench_serving --dataset-name prefix_repetition")


@pytest.mark.parametrize("text", [REPETITION, (
    "vllm bench serve --model m --dataset-name random --random-input-len 256 "
    "--random-prefix-len 2048 --random-output-len 64 --num-prompts 200 --request-rate 10")])
def test_cached_prefixes_shorten_the_predicted_ttft(catalog: Catalog, text: str) -> None:
    spec = parse_bench_command(text)
    cached = predict_scenario(catalog, Scenario(
        model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
        deployment=Deployment(max_model_len=8192)), spec)
    cold = predict_scenario(catalog, Scenario(
        model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
        deployment=Deployment(max_model_len=8192, enable_prefix_caching=False)), spec)
    assert cached.total_input_tokens == cold.total_input_tokens == 200 * (2048 + 256)
    assert cached.ttft_ms.mean < 0.6 * cold.ttft_ms.mean
    assert any("prefix caching on" in note for note in cached.notes)
    assert not any("prefix caching on" in note for note in cold.notes)
