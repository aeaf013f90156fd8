"""The context sweep evaluates all its points together; the searches take hints.

Every point of a sweep (its searches run over arrays, point by point in lockstep) equals the
same point evaluated on its own by the scalar searches, on dense, MoE, MLA and sliding-window
models, TP and PP layouts, offline traffic, and each percentile; a hint only shortens a search.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.ceilings import compute_values
from gpucalc.core.capacity.perf_model import build_context, largest_satisfying
from gpucalc.core.capacity.sweep import at_planning_length, context_at, context_sweep, sweep_point
from gpucalc.core.capacity.tail_latency import Arrivals
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, PlanInputs, RequestClass, Targets, TrafficMode, Workload

SCENARIOS: dict[str, tuple[str, str, Deployment, Workload, Targets]] = {
    "70b on 4 H100, TP 4": ("llama-3.1-70b-instruct", "h100-sxm-80gb",
                            Deployment(num_gpus=4, tensor_parallel_size=4, max_model_len=8192),
                            Workload(input_len_p50=2000, output_len_p50=300), Targets(tpot_ms=50)),
    "8b chat, spread lengths, P99": ("llama-3.1-8b-instruct", "a100-sxm-80gb",
                                     Deployment(max_model_len=16384),
                                     Workload(input_len_p50=500, output_len_p50=200,
                                              input_len_p95=2000, output_len_p95=600,
                                              max_turns=4, tokens_per_turn=300),
                                     Targets(ttft_ms=500, tpot_ms=40, percentile=99)),
    # its percentile check turns back on at a larger batch at some lengths (not monotone)
    "two classes on an L40S": ("qwen2.5-14b-instruct", "l40s-48gb", Deployment(),
                               Workload(classes=(
                                   RequestClass(share=0.7, input_len=500, output_len=200),
                                   RequestClass(share=0.3, input_len=8000, output_len=800))),
                               Targets()),
    "TP 2 × PP 2 on PCIe": ("llama-3.1-70b-instruct", "a100-pcie-80gb",
                            Deployment(num_gpus=4, tensor_parallel_size=2, pipeline_parallel_size=2),
                            Workload(), Targets()),
    "offline, small step budget": ("llama-3.1-8b-instruct", "h100-sxm-80gb",
                                   Deployment(max_num_seqs=16, max_num_batched_tokens=2048),
                                   Workload(mode=TrafficMode.OFFLINE), Targets(tpot_ms=15)),
    "MoE, expert parallel, spread lengths": (
        "qwen3-30b-a3b", "h100-sxm-80gb",
        Deployment(num_gpus=2, tensor_parallel_size=2, enable_expert_parallel=True,
                   max_model_len=32768),
        Workload(input_len_p50=1000, output_len_p50=400, input_len_p95=6000, output_len_p95=1500),
        Targets(tpot_ms=30)),
    "MLA on TP 2": ("deepseek-v2-lite-chat", "h100-sxm-80gb",
                    Deployment(num_gpus=2, tensor_parallel_size=2),
                    Workload(input_len_p50=3000, output_len_p50=500), Targets(ttft_ms=800, tpot_ms=25)),
    "sliding window, P50, chat history": (
        "gemma-2-9b-it", "l40s-48gb", Deployment(),
        Workload(input_len_p50=700, output_len_p50=300, input_len_p95=3000, output_len_p95=900,
                 max_turns=3, tokens_per_turn=250),
        Targets(percentile=50)),
    "chunked attention, eager": ("llama-4-scout-17b-16e-instruct", "h100-sxm-80gb",
                                 Deployment(num_gpus=4, tensor_parallel_size=4, enforce_eager=True),
                                 Workload(input_len_p50=4000, output_len_p50=200), Targets()),
}


def scenario(catalog: Catalog, name: str) -> PlanInputs:
    model, gpu, deployment, workload, targets = SCENARIOS[name]
    return resolve_inputs(catalog, model, gpu, deployment, workload, targets)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_sweep_point_equals_the_point_on_its_own(catalog: Catalog, name: str) -> None:
    inputs = scenario(catalog, name)
    memory = calculate_memory(inputs)
    sweep = context_sweep(inputs, count=96)
    alone = [sweep_point(inputs, memory, p.context_tokens) for p in sweep.points]
    assert list(sweep.points) == alone
    assert sweep.at(sweep.planning_tokens) is not None


def test_the_compute_search_ignores_any_hint(catalog: Catalog) -> None:
    """Far-off, nearby and exact hints give the unhinted ceilings where the check is not monotone."""
    inputs = scenario(catalog, "two classes on an L40S")
    memory = calculate_memory(inputs)
    base = build_context(inputs, memory)
    turns_back_on = False
    for tokens in (1000, 2150, 2204, 2259, 6000):
        ctx = context_at(base, at_planning_length(inputs, tokens).workload, tokens)
        exact = compute_values(ctx)
        check = [ctx.meets_percentile(n, Arrivals.POISSON)
                 for n in range(1, exact.mean_latency + 1)]
        turns_back_on |= False in check and any(check[check.index(False):])
        for hint in (1, exact.mean_latency - 7, exact.mean_latency, exact.mean_latency + 1,
                     exact.mean_latency + 40, 5000):
            assert compute_values(ctx, hint) == exact
    assert turns_back_on  # the case a search started elsewhere would get wrong


@pytest.mark.parametrize("boundary", [0, 1, 2, 3, 7, 8, 9, 63, 64, 100, 1000, (1 << 17) - 1, 1 << 17])
def test_a_hint_leaves_a_monotone_search_unchanged(boundary: int) -> None:
    calls: list[int] = []

    def check(n: int) -> bool:
        calls.append(n)
        return n <= boundary

    assert largest_satisfying(check) == boundary
    for hint in (1, 2, 5, boundary - 3, boundary - 1, boundary, boundary + 1, boundary + 9, 70_000,
                 (1 << 17) - 1, 1 << 17, 1 << 20):
        calls.clear()
        assert largest_satisfying(check, hint=hint) == boundary
        assert all(0 <= n <= (1 << 17) for n in calls)
    calls.clear()
    largest_satisfying(check, hint=boundary)
    assert len(calls) <= 3 or boundary in (0, 1 << 17)  # 1, the hint + 1, the hint
