"""Prefix caching: hit rate from whole blocks, prefill of the uncached suffix, shared KV, simulator.

Engine behaviour followed (cited in gpucalc/core/step/prefix_cache.py): vLLM's automatic prefix
caching hashes only full blocks (docs 'Automatic Prefix Caching', v1/core/kv_cache_manager.py)
and recomputes the last prompt token on a full hit; the V1 scheduler counts only uncached
tokens against max_num_batched_tokens (v1/core/sched/scheduler.py); cached blocks are
reference-counted and evicted least-recently-used (v1/core/block_pool.py).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.prefix import prefix_traffic
from gpucalc.core.simulation.replica import RequestBook
from gpucalc.core.simulation.simulate import replica_config, request_lengths, run_events, simulate
from gpucalc.core.simulation.traffic import TrafficSpec, arrival_times_s
from gpucalc.core.specs.inputs import PlanInputs, Workload
from gpucalc.core.step.prefix_cache import caching_on, prefix_plan, whole_blocks
from tests.helpers import plan

LLAMA_8B = "llama-3.1-8b-instruct"


def _inputs(catalog: Catalog, workload: Workload, **deployment: Any) -> PlanInputs:
    deployment.setdefault("max_model_len", 8192)
    return plan(catalog, LLAMA_8B, workload=workload, **deployment)


def _fixed(prompt: int, output: int, **prefix: Any) -> Workload:
    return Workload(input_len_p50=prompt, input_len_p95=prompt, output_len_p50=output,
                    output_len_p95=output, **prefix)


@pytest.mark.parametrize(("prompt", "shared", "cached"), [
    (1000, 500, 496),  # floor(500 / 16) × 16: the partly filled 32nd block is not shared
    (1000, 512, 512),  # exactly 32 blocks
    (1000, 1000, 992),  # whole prompt shared: the last token is computed, floor(999 / 16) × 16
    (1000, 15, 0),  # less than one block: nothing is shared
])
def test_hit_rate_counts_whole_blocks_only(catalog: Catalog, prompt: int, shared: int,
                                           cached: int) -> None:
    inputs = _inputs(catalog, _fixed(prompt, 100, shared_prefix_len=shared))
    got = prefix_plan(inputs.workload, inputs.deployment, inputs.engine, 16)
    assert got.cached_tokens == cached
    assert got.hit_rate == pytest.approx(cached / prompt)


def test_history_of_a_cached_chat_follows_the_shared_prefix(catalog: Catalog) -> None:
    """Turn t resends the system prompt and the earlier turns: one contiguous cached prefix."""
    workload = _fixed(1000, 100, shared_prefix_len=300, max_turns=5, tokens_per_turn=400,
                      history_cached=True)
    inputs = _inputs(catalog, workload)
    got = prefix_plan(workload, inputs.deployment, inputs.engine, 16)
    # mean prompt 1000 + (5 − 1) / 2 × 400 = 1800; cached floor((300 + 800) / 16) × 16 = 1088
    assert (got.mean_input, got.cached_tokens, got.shared_tokens) == (1800, 1088, 288)
    unset = prefix_plan(workload.model_copy(update={"history_cached": False}),
                        inputs.deployment, inputs.engine, 16)
    assert unset.cached_tokens == 288


def test_engine_defaults_and_the_flag(catalog: Catalog) -> None:
    """On by default in vLLM V1, SGLang and TensorRT-LLM; off in vLLM V0; the flag wins."""
    workload = _fixed(1000, 100, shared_prefix_len=512)
    on = {e: caching_on(_inputs(catalog, workload, engine=e).deployment,
                        _inputs(catalog, workload, engine=e).engine)
          for e in ("vllm", "vllm-v0", "sglang", "trtllm")}
    assert on == {"vllm": True, "vllm-v0": False, "sglang": True, "trtllm": True}
    off = _inputs(catalog, workload, enable_prefix_caching=False)
    assert prefix_plan(workload, off.deployment, off.engine, 16).hit_rate == 0


def test_nothing_shared_leaves_the_answer_unchanged(catalog: Catalog) -> None:
    workload = _fixed(2000, 200)
    base = calculate(_inputs(catalog, workload))
    off = calculate(_inputs(catalog, workload, enable_prefix_caching=False))
    assert base.performance is not None
    assert off.performance is not None
    assert base.performance.prefix_cache is None
    assert base.performance.ceilings == off.performance.ceilings


def test_ttft_and_compute_improve_with_the_hit_rate(catalog: Catalog) -> None:
    """Cached tokens skip their GEMMs and attention: TTFT falls, the compute ceiling rises."""
    ttft, compute, saved = [], [], []
    for rate in (None, 0.5, 0.9):
        result = calculate(_inputs(catalog, _fixed(4000, 200, prefix_hit_rate=rate)),
                           LoadRequest(concurrency=16))
        perf = result.performance
        assert perf is not None
        ttft.append(perf.operating_point.ttft_ms.value)
        compute.append(perf.ceiling(CeilingKind.COMPUTE).value.value)
        saved.append(perf.prefix_cache.prefill_tokens_saved.value if perf.prefix_cache else 0.0)
    assert ttft[0] > ttft[1] > ttft[2]
    assert compute[0] <= compute[1] <= compute[2]
    assert compute[0] < compute[2]
    assert saved[0] == 0 < saved[1] < saved[2]


def test_the_suffix_still_attends_to_the_cached_prefix(catalog: Catalog) -> None:
    """h of the scheduled prompt tokens cached: (1 − h) computed at mean context (1 + h) L/2."""
    inputs = _inputs(catalog, _fixed(4000, 200, prefix_hit_rate=0.75))
    step = build_context(inputs, calculate_memory(inputs)).step
    plain = dataclasses.replace(step, prefill_cached_share=0.0)
    assert step.step_seconds(32, 4000, 3000, 2000) == pytest.approx(
        plain.step_seconds(32, 1000, 3000, 3500))
    many = step.step_seconds_many(np.array([32.0]), np.array([4000.0]), 3000.0, 2000.0)
    assert many[0] == pytest.approx(step.step_seconds(32, 4000, 3000, 2000))


def test_memory_ceiling_with_n_prefixes_of_s_tokens(catalog: Catalog) -> None:
    """R requests hold (planning − S) tokens each; the N prefixes' blocks are held once."""
    shared, prefixes = 2048, 8
    workload = _fixed(3000, 300, shared_prefix_len=shared, num_prefixes=prefixes)
    result = calculate(_inputs(catalog, workload))
    off = calculate(_inputs(catalog, workload, enable_prefix_caching=False))
    assert result.performance is not None
    assert off.performance is not None
    memory = result.performance.ceiling(CeilingKind.MEMORY).value
    blocks = int(memory.inputs["kv_blocks"])
    # planning 3300 tokens: own 3300 − 2048 = 1252 → 79 blocks; each prefix 128 blocks
    assert memory.value == math.floor((blocks - prefixes * 128) / 79)
    plain = off.performance.ceiling(CeilingKind.MEMORY).value
    assert plain.value == math.floor(blocks / math.ceil(3300 / 16))
    cache = result.performance.prefix_cache
    assert cache is not None
    block_bytes = 16 * 32 * 8 * 128 * 2 * 2  # tokens × layers × KV heads × head dim × K,V × fp16
    assert cache.kv_shared_gib.value == pytest.approx(prefixes * 128 * block_bytes / 2**30)


def test_simulated_hit_rate_matches_the_analytic_one(catalog: Catalog) -> None:
    """Four prefixes, fixed seed: only the first (cold) requests of each prefix miss."""
    workload = _fixed(3000, 200, shared_prefix_len=2000, num_prefixes=4)
    inputs = _inputs(catalog, workload)
    memory = calculate_memory(inputs)
    result = simulate(inputs, memory, TrafficSpec(request_rate=8, num_requests=800, seed=3))
    analytic = prefix_plan(workload, inputs.deployment, inputs.engine, 16).hit_rate
    assert result.prefix_hit_rate is not None
    assert result.prefix_hit_rate.value == pytest.approx(analytic, abs=0.01)
    assert result.prefix_hit_rate.value < analytic  # the cold misses
    cold = simulate(_inputs(catalog, workload, enable_prefix_caching=False), memory,
                    TrafficSpec(request_rate=8, num_requests=800, seed=3))
    assert cold.prefix_hit_rate is None
    assert result.ttft_ms.p50.value < cold.ttft_ms.p50.value


def test_simulated_prefixes_are_evicted_lru_and_every_token_returns(catalog: Catalog) -> None:
    """A small pool and many prefixes: unreferenced ones are evicted, the books balance."""
    workload = _fixed(1500, 300, shared_prefix_len=1024, num_prefixes=40)
    inputs = _inputs(catalog, workload)
    memory = calculate_memory(inputs)
    config = dataclasses.replace(replica_config(inputs, memory), kv_tokens=40_000)
    traffic = TrafficSpec(request_rate=30, num_requests=500)
    prompt, output = request_lengths(inputs, traffic, config.kv_tokens)
    prefixes = prefix_traffic(inputs, prompt, 16, traffic.seed)
    book = RequestBook(prompt.tolist(), output.tolist(),
                       arrival_times_s(traffic, np.random.default_rng(0)).tolist(), prefixes)
    replicas = run_events(config, book, traffic)
    replica = replicas[0]
    assert min(book.finish) > 0
    assert not replica.running
    assert replica.decoding == 0
    assert all(refs == 0 for refs in replica.prefix_refs.values())
    assert replica.kv_used == sum(replica.prefix_lru.values()) <= config.kv_tokens
    assert len(replica.prefix_lru) < 40  # some prefixes were evicted to make room
    assert 0 < replica.prompt_tokens_cached < replica.prompt_tokens_seen


def test_whole_blocks() -> None:
    assert [whole_blocks(t, 16) for t in (0, 15, 16, 31, 32, -3)] == [0, 0, 16, 16, 32, 0]
