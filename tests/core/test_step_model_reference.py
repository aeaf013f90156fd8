"""The step model's fast paths give the plain formula's step time.

The reference below writes the step out term by term from the model's coefficients, as the
module docstring of :mod:`gpucalc.core.step.step_model` states it: each GEMM group at
max(compute line, weight streaming) plus its launches, the MoE grouped GEMM, decode attention
by KV bytes read, prefill attention by length, the faster of custom all-reduce and NCCL (or the
ring on the link), pipeline hops, the eager launch floor and the step overhead. Random batches
on dense, MoE, MLA, sliding-window, TP, PP, eager, mapped-GPU and one-efficiency plans must give
the same seconds from ``step_seconds`` and ``step_seconds_many``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.step.step_model import StepModel
from tests.core.test_array_paths import PLANS as ARRAY_PLANS
from tests.helpers import plan

PLANS: dict[str, tuple[str, str, dict[str, Any]]] = {
    # a speculative step is a token round of several plain steps (tests/core/test_speculative.py)
    **{name: case for name, case in ARRAY_PLANS.items() if "speculative" not in name},
    "dense": ("llama-3.1-8b-instruct", "h100-sxm-80gb", {}),
    "MLA, TP 2": ("deepseek-v2-lite-chat", "h200-sxm-141gb", {"tensor_parallel_size": 2}),
    "sliding window, MoE": ("gpt-oss-20b", "h100-sxm-80gb", {}),
    "mapped GPU": ("llama-3.1-8b-instruct", "mi300x-192gb", {}),
    "FP8": ("qwen3-8b-fp8", "h100-sxm-80gb", {"tensor_parallel_size": 2}),
}


def _inputs(catalog: Catalog, name: str) -> PlanInputs:
    model, gpu, deployment = PLANS[name]
    return plan(catalog, model, gpu, **deployment)


def _reference_seconds(s: StepModel, decode: float, prefill: float, context: float,
                       prefill_context: float) -> float:
    """One step written out from the coefficients, one term after another."""
    h = s.prefill_cached_share  # prefix caching: the uncached suffix of each prompt is computed
    prefill, prefill_context = prefill * (1.0 - h), prefill_context * (1.0 + h)
    tokens = decode + prefill
    if tokens <= 0:
        return 0.0
    kv = s.kv_full_bytes * context + sum(b * min(context, w) for b, w in s.kv_windowed)
    pairs = s.attn_full_flops * prefill_context + sum(f * min(prefill_context, w)
                                                      for f, w in s.attn_windowed)
    decode_pairs = s.attn_full_flops * context + sum(f * min(context, w)
                                                     for f, w in s.attn_windowed)
    hit = 1.0 - s.expert_hit_base ** tokens
    k = s.kernels
    if k is None:
        gemm = max((s.body_flops_per_token * tokens + s.lm_head_flops_per_token * max(decode, 1.0))
                   / s.gemm_flops_per_s,
                   (s.dense_weight_bytes + s.expert_weight_bytes * hit) / s.memory_bytes_per_s)
        attention = (max(decode * decode_pairs / s.attn_flops_per_s,
                         decode * kv / s.memory_bytes_per_s)
                     + prefill * pairs / s.attn_flops_per_s)
    else:
        gemm = sum(max(slope * (max(decode, 1.0) if per_decode else tokens) + intercept, memory)
                   + fixed for slope, intercept, memory, fixed, per_decode in k.gemm_lines)
        if s.expert_weight_bytes:
            gemm += max(k.moe_slope * tokens + k.moe_intercept,
                        s.expert_weight_bytes * hit / k.moe_mem_rate) + k.moe_t0_s
        length = 2.0 * prefill_context
        attention = (decode * kv / k.decode_mem_rate + decode * k.decode_seq_s
                     + prefill * pairs * (length + k.prefill_s_half)
                     / (k.prefill_rate * max(length, 1.0)) + k.attention_t0_s)
    work = gemm + attention
    if s.tp > 1:
        if k is not None and k.allreduce_alpha_s:
            per_collective = min(k.allreduce_alpha_s + tokens * k.allreduce_s_per_token,
                                 k.nccl_alpha_s + tokens * k.nccl_s_per_token)
        else:
            per_collective = s.comm_latency_s + 2 * (s.tp - 1) / s.tp * tokens * (
                s.allreduce_bytes_per_token / s.link_bytes_per_s)
        work += (s.collectives_per_step * per_collective
                 + tokens * s.alltoall_bytes_per_token / s.link_bytes_per_s)
    if s.a2a_s_per_token:  # a DP expert group's dispatch and combine
        work += s.a2a_fixed_s + tokens * s.a2a_s_per_token
    if s.pp > 1:
        work += sum(s.comm_latency_s + tokens * s.allreduce_bytes_per_token / hop
                    for hop in s.pp_hop_bytes_per_s)
    if s.dcp_bytes_per_decode and decode > 0:  # decode context parallel's combine
        work += s.dcp_collectives * s.comm_latency_s + decode * s.dcp_bytes_per_decode / s.link_bytes_per_s
    return float(max(work, s.eager_launch_s) + s.overhead_s)


def _steps(catalog: Catalog, name: str) -> list[StepModel]:
    """The plan's step model on its measured surfaces and on one efficiency per kernel class."""
    inputs = _inputs(catalog, name)
    memory = calculate_memory(inputs)
    without = inputs.model_copy(update={"kernels": None})
    return [build_context(inputs, memory).step, build_context(without, memory).step]


def _batches(name: str) -> list[tuple[float, float, float, float]]:
    rng = random.Random(name)
    batches = []
    for _ in range(300):
        decode = rng.choice([0.0, 1.0, 2.0, 7.0, float(rng.randint(1, 512)), rng.uniform(0, 2000)])
        prefill = rng.choice([0.0, 1.0, float(rng.randint(1, 8192)), rng.uniform(0, 16_384)])
        context = rng.choice([0.0, rng.uniform(0, 200_000), float(rng.randint(1, 8192))])
        prefill_context = rng.choice([prefill / 2, rng.uniform(0, 60_000), 0.0])
        batches.append((decode, prefill, context, prefill_context))
    return batches


@pytest.mark.parametrize("name", list(PLANS))
def test_step_seconds_equal_the_written_out_formula(catalog: Catalog, name: str) -> None:
    steps = _steps(catalog, name)
    assert steps[0].kernels is not None
    assert steps[1].kernels is None
    if name == "mapped GPU":
        assert steps[0].kernel_profile is not None
        assert steps[0].kernel_profile.mapped
    for step in steps:
        for decode, prefill, context, prefill_context in _batches(name):
            expected = _reference_seconds(step, decode, prefill, context, prefill_context)
            assert step.step_seconds(decode, prefill, context, prefill_context) == pytest.approx(
                expected, rel=1e-12, abs=0.0)
            if prefill_context == prefill / 2:  # the default prompt context
                assert step.step_seconds(decode, prefill, context) == pytest.approx(
                    expected, rel=1e-12, abs=0.0)


@pytest.mark.parametrize("name", list(PLANS))
def test_step_seconds_many_equal_the_written_out_formula(catalog: Catalog, name: str) -> None:
    batches = np.array(_batches(name))
    for step in _steps(catalog, name):
        many = step.step_seconds_many(*batches.T)
        expected = [_reference_seconds(step, *row) for row in batches.tolist()]
        assert many.tolist() == pytest.approx(expected, rel=1e-12, abs=0.0)
