"""Predicted benchmark runs: the client's figures, its JSON, and its saved file read back."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.bench_results import read_bench_results
from gpucalc.plan.bench_parse import parse_bench_command
from gpucalc.plan.bench_report import prediction_json, result_file_text, tool_summary
from gpucalc.plan.bench_run import BenchPrediction, bench_scenario, predict_scenario

SCENARIO = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                    deployment=Deployment(max_model_len=8192))
VLLM = ("vllm bench serve --model m --dataset-name random --random-input-len 512 "
        "--random-output-len 64 --num-prompts 200 --request-rate 8 --max-concurrency 16")
SGLANG = ("python -m sglang.bench_serving --backend sglang --dataset-name random "
          "--random-input-len 512 --random-output-len 64 --random-range-ratio 0.5 --num-prompts 200")
GENAI = ("genai-perf profile -m m --synthetic-input-tokens-mean 512 --output-tokens-mean 64 "
         "--concurrency 8 --request-count 100")
TRTLLM = ("python benchmarks/cpp/prepare_dataset.py --stdout --tokenizer m token-norm-dist "
          "--num-requests 100 --input-mean 512 --output-mean 64 --input-stdev 0 --output-stdev 0"
          " > d.txt && trtllm-bench --model m throughput --dataset d.txt --concurrency 32")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def _predict(catalog: Catalog, text: str) -> BenchPrediction:
    return predict_scenario(catalog, SCENARIO, parse_bench_command(text))


def test_fixed_lengths_totals_and_cap(catalog: Catalog) -> None:
    p = _predict(catalog, VLLM)
    assert p.completed == 200
    assert (p.total_input_tokens, p.total_output_tokens) == (200 * 512, 200 * 64)
    assert p.peak_concurrency <= 16
    # duration runs from the first send to the last completion
    assert p.duration_s >= p.e2el_ms.max / 1000.0
    assert p.request_throughput == pytest.approx(200 / p.duration_s)
    # TPOT per request over output tokens − 1: E2E = TTFT + 63 × TPOT on average
    assert p.e2el_ms.mean == pytest.approx(p.ttft_ms.mean + 63 * p.tpot_ms.mean, rel=1e-6)
    # every output token but the first has one inter-token gap
    assert p.itl_ms.samples == 200 * 63
    assert p.itl_ms.mean == pytest.approx(p.tpot_ms.mean, rel=0.02)


def test_sglang_range_draws_below_the_length(catalog: Catalog) -> None:
    p = _predict(catalog, SGLANG)
    assert p.input_len.max <= 512
    assert p.input_len.min >= 256
    assert p.input_len.mean == pytest.approx(384, rel=0.05)


def test_sharegpt_means_come_from_the_dataset_facts(catalog: Catalog) -> None:
    p = _predict(catalog, "vllm bench serve --model m --dataset-name sharegpt --num-prompts 1000 "
                          "--request-rate 4")
    assert p.total_input_tokens / 1000 == pytest.approx(216, rel=0.08)
    assert p.total_output_tokens / 1000 == pytest.approx(200, rel=0.08)
    assert any("ShareGPT" in note for note in p.notes)


@pytest.mark.parametrize("text", [VLLM, SGLANG, GENAI, TRTLLM])
def test_summary_json_is_finite_and_complete(catalog: Catalog, text: str) -> None:
    p = _predict(catalog, text)
    data = json.loads(json.dumps(prediction_json(p), allow_nan=False))
    for key in ("duration_s", "request_throughput", "output_throughput"):
        assert data[key] > 0
    for key in ("ttft_ms", "tpot_ms", "itl_ms", "e2el_ms"):
        assert set(data[key]) == {"mean", "median", "p99"}
        assert all(math.isfinite(v) and v > 0 for v in data[key].values())
    assert "predicted by gpucalc" in tool_summary(p)


def test_one_token_outputs_give_zero_not_nan(catalog: Catalog) -> None:
    p = _predict(catalog, "vllm bench serve --model m --random-output-len 1 --num-prompts 20")
    data = prediction_json(p)
    assert data["tpot_ms"] == {"mean": 0.0, "median": 0.0, "p99": 0.0}
    json.dumps(data, allow_nan=False)


def test_summaries_use_each_clients_wording(catalog: Catalog) -> None:
    vllm = tool_summary(_predict(catalog, VLLM)).splitlines()
    assert vllm[0] == "============ Serving Benchmark Result ============"
    assert "---------------Time to First Token----------------" in vllm
    assert any(line.startswith("Maximum request concurrency:") and line.split()[-1] == "16"
               for line in vllm)
    sglang = tool_summary(_predict(catalog, SGLANG))
    assert "Total generated tokens (retokenized):" in sglang
    assert "Max request concurrency:                 not set" in sglang
    assert "Time To First Token (ms)" in tool_summary(_predict(catalog, GENAI))
    assert "= PERFORMANCE OVERVIEW" in tool_summary(_predict(catalog, TRTLLM))


@pytest.mark.parametrize(("text", "name"), [(VLLM, "result.json"), (SGLANG, "out.jsonl"),
                                            (GENAI, "profile_export_genai_perf.json"),
                                            (TRTLLM, "report.json")])
def test_predict_save_calibrate_is_one_loop(catalog: Catalog, tmp_path: Path, text: str,
                                            name: str) -> None:
    prediction = _predict(catalog, text)
    path = tmp_path / name
    path.write_text(result_file_text(prediction, SCENARIO.model), encoding="utf-8")
    (point,) = read_bench_results(path)
    assert point.ttft_ms == pytest.approx(prediction.ttft_ms.mean)
    assert point.output_tok_s == pytest.approx(prediction.output_throughput)
    spec = prediction.spec
    if spec.max_concurrency is not None and math.isinf(spec.request_rate):
        assert point.concurrency == spec.max_concurrency
    else:
        assert point.request_rate == pytest.approx(spec.request_rate)


def test_model_and_engine_come_from_the_command_when_not_given() -> None:
    spec = parse_bench_command("python -m sglang.bench_serving --backend sglang --model-path "
                               "Qwen/Qwen2.5-7B-Instruct")
    scenario = bench_scenario(Scenario(), spec, model_given=False, engine_given=False)
    assert scenario.model == "Qwen/Qwen2.5-7B-Instruct"
    assert scenario.deployment.engine == "sglang"
    kept = bench_scenario(SCENARIO, spec, model_given=True, engine_given=True)
    assert kept == SCENARIO
    with pytest.raises(ValueError, match="no model"):
        bench_scenario(Scenario(), parse_bench_command("vllm bench serve"), False, True)
