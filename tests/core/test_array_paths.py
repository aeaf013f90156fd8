"""The array paths give the scalar paths' answers exactly.

Step times over arrays equal the scalar step time element by element; the lockstep search ends
where the scalar search ends for checks that do not hold up to a single point, with and without
hints; the load curve equals the closed loop point by point; sizing's knees equal the three
ceilings'.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers
from gpucalc.core.capacity.calculate import load_curve
from gpucalc.core.capacity.ceiling_arrays import Lookahead, largest_satisfying_many
from gpucalc.core.capacity.ceilings import ceiling_values, three_ceilings
from gpucalc.core.capacity.load import closed_loop
from gpucalc.core.capacity.perf_model import MAX_SEARCH_CONCURRENCY, build_context, largest_satisfying
from gpucalc.core.fleet.sizing import _fitting_layouts, layout_answer
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import (
    Deployment,
    PlanInputs,
    StateDtype,
    Targets,
    Workload,
)
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from tests.helpers import plan

PLANS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "dense, TP 4": ("llama-3.1-70b-instruct", "h100-sxm-80gb", {"tensor_parallel_size": 4}),
    "TP 2 × PP 2 on PCIe": ("llama-3.1-70b-instruct", "a100-pcie-80gb",
                            {"tensor_parallel_size": 2, "pipeline_parallel_size": 2}),
    "MoE": ("qwen3-30b-a3b", "h100-sxm-80gb", {}),
    "MoE, expert parallel": ("qwen3-30b-a3b", "h100-sxm-80gb",
                             {"tensor_parallel_size": 2, "enable_expert_parallel": True}),
    "MLA": ("deepseek-v2-lite-chat", "h100-sxm-80gb", {}),
    "sliding window": ("gemma-2-9b-it", "l40s-48gb", {}),
    "chunked attention": ("llama-4-scout-17b-16e-instruct", "h100-sxm-80gb",
                          {"tensor_parallel_size": 4}),
    "eager": ("llama-3.1-8b-instruct", "h100-sxm-80gb", {"enforce_eager": True}),
    "DP + EP, DeepEP, EPLB": ("qwen3-30b-a3b", "h100-sxm-80gb",
                              {"num_gpus": 4, "data_parallel_size": 4, "enable_expert_parallel": True,
                               "all2all_mode": AllToAllMode.LOW_LATENCY, "enable_eplb": True,
                               "num_redundant_experts": 16, "expert_imbalance": 1.2}),
    "decode context parallel": ("deepseek-v2-lite-chat", "h100-sxm-80gb",
                                {"tensor_parallel_size": 2, "decode_context_parallel_size": 2}),
    "prefix caching": ("llama-3.1-8b-instruct", "h100-sxm-80gb", {"enable_prefix_caching": True}),
    "speculative (n-gram)": ("llama-3.1-8b-instruct", "h100-sxm-80gb",
                             {"speculative_config": SpeculativeDecoding(method="ngram",
                                                                        num_speculative_tokens=3)}),
    "speculative (draft model, eager)": (
        "llama-3.1-70b-instruct", "h100-sxm-80gb",
        {"tensor_parallel_size": 4, "enforce_eager": True,
         "speculative_config": SpeculativeDecoding(method="draft", num_speculative_tokens=4,
                                                   draft_model="llama-3.2-1b-instruct")}),
    "two nodes, TP across them": ("llama-3.1-70b-instruct", "h100-sxm-80gb",
                                  {"num_gpus": 16, "tensor_parallel_size": 16, "nodes": 2,
                                   "gpus_per_node": 8,
                                   "network": "roce-400"}),
    "FP8 weights and KV, small blocks": ("llama-3.1-8b-instruct", "h100-sxm-80gb",
                                         {"weight_format": "fp8", "kv_cache_dtype": "fp8",
                                          "block_size": 32}),
    "hybrid state layers": ("qwen3-next-80b-a3b-thinking", "h100-sxm-80gb",
                            {"tensor_parallel_size": 4, "mamba_ssm_cache_dtype": StateDtype.FLOAT32}),
}
"""Every step feature of a deployment, each in at least one plan (see STEP_FEATURES)."""

STEP_FEATURES = {
    "tensor_parallel_size": "dense, TP 4", "pipeline_parallel_size": "TP 2 × PP 2 on PCIe",
    "enable_expert_parallel": "MoE, expert parallel", "data_parallel_size": "DP + EP, DeepEP, EPLB",
    "all2all_mode": "DP + EP, DeepEP, EPLB", "enable_eplb": "DP + EP, DeepEP, EPLB",
    "num_redundant_experts": "DP + EP, DeepEP, EPLB", "expert_imbalance": "DP + EP, DeepEP, EPLB",
    "decode_context_parallel_size": "decode context parallel",
    "enable_prefix_caching": "prefix caching", "speculative_config": "speculative (n-gram)",
    "enforce_eager": "eager", "nodes": "two nodes, TP across them",
    "gpus_per_node": "two nodes, TP across them", "network": "two nodes, TP across them",
    "weight_format": "FP8 weights and KV, small blocks", "kv_cache_dtype": "FP8 weights and KV, small blocks",
    "block_size": "FP8 weights and KV, small blocks", "mamba_ssm_cache_dtype": "hybrid state layers",
}
"""The deployment fields that shape a step, and the plan of :data:`PLANS` that exercises each."""

NOT_IN_THE_STEP = {
    "engine": "selects the profile whose constants every plan uses",
    "num_gpus": "the replicas, not one replica's step",
    "max_model_len": "memory and admission, not the step's arithmetic",
    "gpu_memory_utilization": "memory", "gpu_memory_gib": "memory", "kv_cache_memory_gib": "memory",
    "max_num_batched_tokens": "the scheduler's budget: the steps' inputs, not their arithmetic",
    "max_num_seqs": "the scheduler's cap", "limit_mm_per_prompt": "the profiling pass's memory",
    "disaggregation": "pools of plain steps (their own deployments)",
}
"""The deployment fields that do not change a step's arithmetic, and why."""


def test_every_deployment_field_is_a_parity_case_or_says_why_not() -> None:
    fields = set(Deployment.model_fields)
    assert set(STEP_FEATURES) | set(NOT_IN_THE_STEP) == fields, (
        "a new deployment field: add a plan exercising it to PLANS and name it in STEP_FEATURES, "
        "or say in NOT_IN_THE_STEP why the step does not see it")
    assert not set(STEP_FEATURES) & set(NOT_IN_THE_STEP)
    assert set(STEP_FEATURES.values()) <= set(PLANS)


def _plan(catalog: Catalog, name: str) -> PlanInputs:
    model, gpu, deployment = PLANS[name]
    return plan(catalog, model, gpu, **deployment)


@pytest.mark.parametrize("name", list(PLANS))
def test_step_time_over_arrays_is_the_scalar_step_time(catalog: Catalog, name: str) -> None:
    inputs = _plan(catalog, name)
    step = build_context(inputs, calculate_memory(inputs)).step
    rng = random.Random(name)
    # the last batch has no tokens at all: no step, 0 s
    decode = np.array([*(rng.choice([0, 1, 3, 17, 255.5, 1000]) for _ in range(200)), 0])
    prefill = np.array([*(rng.choice([0, 1, 100.25, 2048, 8192]) for _ in range(200)), 0])
    context = np.array([rng.uniform(0, 40_000) for _ in range(201)])
    prefill_context = np.array([rng.uniform(0, 9000) for _ in range(201)])
    many = step.step_seconds_many(decode, prefill, context, prefill_context)
    alone = [step.step_seconds(*args) for args in zip(decode.tolist(), prefill.tolist(),
                                                      context.tolist(), prefill_context.tolist(),
                                                      strict=True)]
    assert many.tolist() == alone
    assert alone[-1] == 0.0
    assert min(alone[:-1]) > 0.0 or 0.0 in decode[:-1] + prefill[:-1]


def _holes_check(rng: random.Random, upper: int) -> tuple[int, set[int], set[int]]:
    """A check holding up to a boundary, with failures below it and islands above it."""
    boundary = rng.choice([0, 1, 2, 3, 5, 8, 9, 63, 64, 65, 100, 777, 4096, upper - 1, upper,
                           upper + 5, rng.randint(1, 3000)])
    holes = {rng.randint(2, max(boundary, 2)) for _ in range(rng.randint(0, 6))}
    islands = {boundary + rng.randint(2, 300) for _ in range(rng.randint(0, 3))}
    return boundary, holes, islands


@pytest.mark.parametrize("lookahead", [Lookahead(), Lookahead(gallop=1, bisect=1),
                                       Lookahead(gallop=3, bisect=2)])
def test_the_lockstep_search_walks_the_scalar_path(lookahead: Lookahead) -> None:
    """Checks that fail below their boundary and hold above it: only the path decides."""
    rng = random.Random(11)
    upper = 5000
    checks = [_holes_check(rng, upper) for _ in range(300)]

    def holds(point: int, n: int) -> bool:
        boundary, holes, islands = checks[point]
        return (n <= boundary and n not in holes) or n in islands

    def check_many(points: np.ndarray, ns: np.ndarray) -> np.ndarray:
        assert ((ns >= 1) & (ns <= upper)).all()
        return np.array([holds(p, n) for p, n in zip(points.tolist(), ns.tolist(), strict=True)],
                        dtype=np.bool_)

    hints = np.array([rng.choice([0, 1, 2, c[0], c[0] + 1, c[0] - 2, rng.randint(0, upper + 9)])
                      for c in checks], dtype=np.int64)
    for with_hints in (None, hints):
        found = largest_satisfying_many(check_many, len(checks), with_hints, upper, lookahead)
        expected = [largest_satisfying(partial(holds, i), upper,
                                       None if with_hints is None else int(with_hints[i]))
                    for i in range(len(checks))]
        assert found.tolist() == expected
    assert any(e != min(c[0], upper) for e, c in zip(expected, checks, strict=True))


def test_the_lockstep_search_reaches_the_search_limit() -> None:
    found = largest_satisfying_many(lambda p, n: np.ones(len(n), np.bool_), 3,
                                    np.array([0, 5, MAX_SEARCH_CONCURRENCY]))
    assert found.tolist() == [MAX_SEARCH_CONCURRENCY] * 3
    assert largest_satisfying_many(lambda p, n: n < 1, 2).tolist() == [0, 0]


@pytest.mark.parametrize("name", ["dense, TP 4", "MoE", "sliding window", "eager"])
def test_the_load_curve_is_the_closed_loop_point_by_point(catalog: Catalog, name: str) -> None:
    inputs = _plan(catalog, name).model_copy(update={
        "workload": Workload(input_len_p50=3000, output_len_p50=400)})
    ctx = build_context(inputs, calculate_memory(inputs))
    shape = ctx.shape(ctx.running_cap())
    curve = load_curve(ctx, max(shape.running_cap * 3, 2), marked=(37,))
    points = [closed_loop(ctx.step, shape, int(p.concurrency), ctx.mix) for p in curve]
    # the same formulas on floats and on arrays: equal but for numpy's own power and log, which
    # may round the last bit differently from the C library's
    assert [v for p in curve for v in (p.ttft_ms, p.tpot_ms, p.output_tokens_per_s)] == pytest.approx(
        [v for p in points for v in (p.ttft_s * 1000, p.tpot_s * 1000, p.output_tok_s)], rel=1e-12)
    assert curve[-1].concurrency > shape.running_cap  # past the cap: requests queue
    assert curve[-1].ttft_ms > curve[0].ttft_ms


def test_sizing_concurrencies_are_the_three_ceilings_answers(catalog: Catalog) -> None:
    base = plan(catalog, "llama-3.1-70b-instruct", tensor_parallel_size=4).model_copy(update={
        "workload": Workload(input_len_p50=2000, output_len_p50=300),
        "targets": Targets(tpot_ms=50)})
    compared = 0
    for gpu in ("h100-sxm-80gb", "a100-pcie-80gb", "l40s-48gb", "h200-sxm-141gb"):
        with_gpu = base.model_copy(update={"gpu": catalog.gpus[gpu]})
        for weights, kv in precision_tiers(catalog).values():
            for variant, memory in _fitting_layouts(with_gpu, weights, kv):
                ctx = build_context(variant, memory)
                binding = next(c for c in three_ceilings(ctx, variant) if c.binding)
                knee = int(binding.value.value)
                answer = layout_answer(variant, memory)
                if knee < 1:
                    assert answer is None
                    continue
                assert answer is not None
                assert answer.concurrency == knee
                assert answer.values.binding_limit == ceiling_values(ctx, variant).binding_limit
                at_knee = closed_loop(ctx.step, ctx.shape(ctx.running_cap()), knee, ctx.mix)
                assert answer.at_concurrency.tpot_s == at_knee.tpot_s
                compared += 1
    assert compared >= 6
