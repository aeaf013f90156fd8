"""Predict a benchmark client's run: the same arrivals, prompts and lengths through the simulator.

Qt-free. :func:`predict_bench` draws the lengths the pasted command asks for (the client's own
sampling rules, :mod:`gpucalc.core.simulation.lengths`), runs every prompt through the event simulator
with the client's arrival process (rate and burstiness, a ``--max-concurrency`` cap, all at
once), and measures what the client measures: duration from the first send to the last
completion, TTFT from the send, TPOT per request over output tokens − 1, every inter-token gap.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.common.units import MS_PER_S
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.lengths import DatasetShape, IntArray, normal_lengths, ranged_lengths
from gpucalc.core.simulation.metrics import request_latencies_s, steady_state_mask
from gpucalc.core.simulation.prefix import shared_prefixes
from gpucalc.core.simulation.replica import Replica, RequestBook
from gpucalc.core.simulation.simulate import Progress, replica_config, run_book
from gpucalc.core.simulation.traffic import TrafficSpec, clip_to_context
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.step.prefix_cache import caching_on
from gpucalc.engines.bench_tools import BenchTool
from gpucalc.io.dataset_spec import DatasetFacts, read_dataset_facts
from gpucalc.plan.bench_parse import BenchSpec, LengthSource

FloatArray = NDArray[np.float64]


class LatencyStats(BaseModel):
    """One latency over a run, in ms (0 with no samples; ``samples`` says how many)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    samples: int
    mean: float
    median: float
    std: float
    min: float
    max: float
    p75: float
    p90: float
    p95: float
    p99: float


class BenchPrediction(BaseModel):
    """What the client would report for the run, and the assumptions behind it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    spec: BenchSpec
    completed: int
    duration_s: float
    total_input_tokens: int
    total_output_tokens: int
    request_throughput: float
    output_throughput: float
    total_token_throughput: float
    mean_concurrency: float  # sum of end-to-end latencies ÷ duration (SGLang's "Concurrency")
    peak_concurrency: int  # requests in flight at most
    ttft_ms: LatencyStats
    tpot_ms: LatencyStats
    itl_ms: LatencyStats
    e2el_ms: LatencyStats
    input_len: LatencyStats  # tokens, for genai-perf's sequence-length rows
    output_len: LatencyStats
    notes: tuple[str, ...] = ()
    steady_ttft_ms: LatencyStats | None = None  # a --max-concurrency run's steady stretch (no
    steady_tpot_ms: LatencyStats | None = None  # ramp-up, no drain): what a concurrency is judged on


def _weighted_quantiles(values: FloatArray, weights: FloatArray,
                        quantiles: tuple[float, ...]) -> list[float]:
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    total = cumulative[-1]
    return [float(values[order][min(int(np.searchsorted(cumulative, q * total)), len(values) - 1)])
            for q in quantiles]


def latency_stats(values: FloatArray, weights: FloatArray | None = None) -> LatencyStats:
    """Mean, spread and percentiles of ``values`` (each counted ``weights`` times if given)."""
    if values.size == 0:
        return LatencyStats(samples=0, mean=0.0, median=0.0, std=0.0, min=0.0, max=0.0, p75=0.0,
                            p90=0.0, p95=0.0, p99=0.0)
    if weights is None:
        marks = [float(v) for v in np.percentile(values, (50, 75, 90, 95, 99))]
        mean, std, count = float(values.mean()), float(values.std()), int(values.size)
    else:
        marks = _weighted_quantiles(values, weights, (0.5, 0.75, 0.9, 0.95, 0.99))
        mean = float(np.average(values, weights=weights))
        std = math.sqrt(float(np.average((values - mean) ** 2, weights=weights)))
        count = int(weights.sum())
    return LatencyStats(samples=count, mean=mean, median=marks[0], std=std,
                        min=float(values.min()), max=float(values.max()), p75=marks[1],
                        p90=marks[2], p95=marks[3], p99=marks[4])


@lru_cache(maxsize=4)
def dataset_facts(dataset_id: str) -> DatasetFacts:
    """Facts of a bundled dataset (``specs/datasets/<id>.json``)."""
    return read_dataset_facts(specs_dir() / "datasets" / f"{dataset_id}.json")


@lru_cache(maxsize=4)
def _shape(facts: DatasetFacts) -> DatasetShape:
    return DatasetShape(facts.prompt_tokens_mean, facts.output_tokens_mean, facts.median_to_mean,
                        facts.min_tokens, facts.max_prompt_tokens, facts.max_total_tokens)


def bench_lengths(spec: BenchSpec, rng: np.random.Generator) -> tuple[IntArray, IntArray, list[str]]:
    """Prompt and output tokens of every request, as the client draws them, and notes."""
    count = spec.num_prompts
    notes: list[str] = []
    if spec.lengths is LengthSource.SHAREGPT:
        facts = dataset_facts("sharegpt")
        prompt, output = _shape(facts).sample(count, rng)
        notes.append(f"ShareGPT: means {facts.prompt_tokens_mean:g} in / "
                     f"{facts.output_tokens_mean:g} out ({facts.means_source.split(':')[0]}); "
                     f"spread: {facts.median_to_mean_source.split(':')[0].lower()}")
        if spec.ignore_eos:
            notes.append("--ignore-eos with ShareGPT: reference lengths taken as the generated "
                         "ones (no separate published mean)")
        if spec.sharegpt_output_len is not None:
            output = np.full(count, spec.sharegpt_output_len, dtype=np.int64)
    elif spec.lengths is LengthSource.NORMAL:
        prompt = normal_lengths(spec.input_len, spec.input_stddev, count, rng)
        output = normal_lengths(spec.output_len, spec.output_stddev, count, rng)
    else:
        prompt = ranged_lengths(spec.input_len, spec.range_ratio, spec.range_rule, count, rng)
        output = ranged_lengths(spec.output_len, spec.range_ratio, spec.range_rule, count, rng)
        prompt = prompt + spec.prefix_len
    if spec.lengths is not LengthSource.SHAREGPT and not spec.ignore_eos:
        notes.append("EOS honoured, but synthetic prompts run to max_tokens (real random-prompt "
                     "runs without --ignore-eos generated exactly prompts × output tokens)")
    return prompt, output, notes


def bench_traffic(spec: BenchSpec, replicas: int) -> TrafficSpec:
    """The client's arrival process as simulator traffic."""
    return TrafficSpec(request_rate=None if math.isinf(spec.request_rate) else spec.request_rate,
                       concurrency=spec.max_concurrency, burstiness=spec.burstiness,
                       num_requests=spec.num_prompts, seed=spec.seed, replicas=replicas)


def _itl(replicas: list[Replica]) -> LatencyStats:
    gaps = np.array([s for r in replicas for s in r.decode_step_s]) * MS_PER_S
    counts = np.array([c for r in replicas for c in r.decode_step_tokens], dtype=np.float64)
    return latency_stats(gaps, counts)


def _peak_in_flight(send_s: FloatArray, finish_s: FloatArray) -> int:
    times = np.concatenate([send_s, finish_s])
    steps = np.concatenate([np.ones(send_s.size), -np.ones(finish_s.size)])
    order = np.lexsort((steps, times))  # completions before sends at the same instant
    return int(np.cumsum(steps[order]).max())


def summarise_bench(spec: BenchSpec, book: RequestBook, replicas: list[Replica],
                    notes: list[str]) -> BenchPrediction:
    """The client's figures from per-request times (seconds) and the replicas' step log."""
    send = np.array(book.arrival)
    first = np.array(book.first_token)
    finish = np.array(book.finish)
    outputs = np.array(book.output, dtype=np.int64)
    inputs = np.array(book.input, dtype=np.int64)
    ttft_s, e2e_s, tpot_s, multi = request_latencies_s(send, first, finish, outputs)
    steady = steady_state_mask(bench_traffic(spec, len(replicas)), send, finish)
    ttft, e2e, tpot = ttft_s * MS_PER_S, e2e_s * MS_PER_S, tpot_s * MS_PER_S
    duration = max(float(finish.max() - send.min()), 1e-9)
    total_in, total_out = int(inputs.sum()), int(outputs.sum())
    return BenchPrediction(
        spec=spec, completed=int(send.size), duration_s=duration,
        total_input_tokens=total_in, total_output_tokens=total_out,
        request_throughput=send.size / duration, output_throughput=total_out / duration,
        total_token_throughput=(total_in + total_out) / duration,
        mean_concurrency=float(e2e.sum()) / MS_PER_S / duration,
        peak_concurrency=_peak_in_flight(send, finish),
        ttft_ms=latency_stats(ttft), tpot_ms=latency_stats(tpot), itl_ms=_itl(replicas),
        e2el_ms=latency_stats(e2e), input_len=latency_stats(inputs.astype(np.float64)),
        output_len=latency_stats(outputs.astype(np.float64)),
        notes=(*spec.notes, *notes),
        steady_ttft_ms=None if steady is None else latency_stats(ttft_s[steady] * MS_PER_S),
        steady_tpot_ms=None if steady is None else latency_stats(
            (e2e_s - ttft_s)[steady & multi] / (outputs[steady & multi] - 1) * MS_PER_S))


def predict_bench(inputs: PlanInputs, memory: MemoryResult, spec: BenchSpec,
                  progress: Progress | None = None) -> BenchPrediction:
    """The run ``spec`` describes, on the deployment of ``inputs`` (every replica behind it).

    Raises ValueError when the model does not fit or a request cannot fit in the KV cache.
    """
    if not memory.fits or memory.kv_cache_tokens.value <= 0:
        raise ValueError("the model does not fit, so there is no benchmark to predict")
    config = replica_config(inputs, memory)
    prompt, output, notes = bench_lengths(spec, np.random.default_rng([spec.seed, 1]))
    limit = min(int(memory.settings.max_model_len.value), config.kv_tokens)
    clipped_prompt, clipped_output = clip_to_context(prompt, output, limit)
    if not (np.array_equal(clipped_prompt, prompt) and np.array_equal(clipped_output, output)):
        notes.append(f"requests longer than {limit:,} tokens were shortened to fit (the engine "
                     "would reject them)")
    traffic = bench_traffic(spec, inputs.deployment.replicas)
    prefixes = None
    if spec.prefix_len and caching_on(inputs.deployment, inputs.engine):
        prefixes = shared_prefixes(clipped_prompt, spec.prefix_len, spec.num_prefixes,
                                   memory.settings.block_size, spec.seed)
        notes.append(f"prefix caching on: {spec.num_prefixes:,} shared prefix(es) of "
                     f"{spec.prefix_len:,} tokens, cached in whole blocks after their first prefill")
    book, replicas = run_book(config, clipped_prompt, clipped_output, traffic, progress, prefixes)
    return summarise_bench(spec, book, replicas, notes)


def engine_for_client(spec: BenchSpec) -> str:
    """The engine a client usually drives when the serve flags name none."""
    if spec.client is BenchTool.TRTLLM:
        return "trtllm"
    if spec.client is BenchTool.SGLANG and (spec.backend or "sglang").startswith("sglang"):
        return "sglang"
    return "vllm"


def bench_scenario(base: Scenario, spec: BenchSpec, model_given: bool,
                   engine_given: bool) -> Scenario:
    """``base`` with the pasted command's model (unless one was given) and engine (likewise)."""
    update: dict[str, object] = {}
    if not model_given:
        if spec.model is None:
            raise ValueError("no model: give one, or paste a command with --model")
        update["model"] = spec.model
    if not engine_given:
        update["deployment"] = base.deployment.model_copy(
            update={"engine": engine_for_client(spec)})
    return Scenario.model_validate({**base.model_dump(), **update}) if update else base


def predict_scenario(catalog: Catalog, scenario: Scenario, spec: BenchSpec,
                     progress: Progress | None = None) -> BenchPrediction:
    """Resolve ``scenario`` and predict the run ``spec`` on it."""
    inputs = resolve_scenario(catalog, scenario)
    return predict_bench(inputs, calculate_memory(inputs), spec, progress)
