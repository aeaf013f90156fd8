"""Fleet sizing's layout search skips only layouts that cannot fit."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers
from gpucalc.core.common.errors import PlanError
from gpucalc.core.fleet.sizing import TP_CHOICES, _fitting_layouts, layout_variant
from gpucalc.core.memory.memory_plan import calculate_memory, weights_alone_overflow
from gpucalc.core.parallel.topology import default_gpus_per_node
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from tests.helpers import plan

CASES = [("llama-3.1-70b-instruct", "vllm"), ("mixtral-8x7b-instruct-v0.1", "sglang"),
         ("qwen2.5-32b-instruct", "trtllm"), ("gemma-2-27b-it", "vllm-v0"),
         ("deepseek-v2-lite-chat", "sglang-0.4")]


def _variants(catalog: Catalog, model: str, engine: str) -> list[PlanInputs]:
    base = plan(catalog, model, engine=engine, max_model_len=8192)
    return [layout_variant(base.model_copy(update={"gpu": gpu}), weights, kv, tp)
            for gpu in catalog.gpus.values()
            for weights, kv in precision_tiers(catalog).values() for tp in TP_CHOICES if tp <= 8]


@pytest.mark.parametrize(("model", "engine"), CASES)
def test_weights_alone_overflow_never_rules_out_a_fitting_layout(
        catalog: Catalog, model: str, engine: str) -> None:
    overflowing = 0
    for variant in _variants(catalog, model, engine):
        try:
            skipped = weights_alone_overflow(variant)
        except PlanError:
            with pytest.raises(PlanError):
                calculate_memory(variant, single_gpu_check=False)
            continue
        if skipped:
            overflowing += 1
            memory = calculate_memory(variant, single_gpu_check=False)
            assert not memory.fits
            assert "kv_budget_negative" in {n.code for n in memory.blocking_notices}
    assert overflowing > 0


def test_a_fixed_kv_budget_is_never_ruled_out(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-70b-instruct", "rtx-4090-24gb", kv_cache_memory_gib=2.0)
    assert not weights_alone_overflow(inputs)
    assert weights_alone_overflow(plan(catalog, "llama-3.1-70b-instruct", "rtx-4090-24gb"))


def _fitting_straightforward(inputs: PlanInputs, weights: WeightFormat, kv: KvFormat) -> list[int]:
    """Tensor-parallel sizes the search should return, from a full memory estimate each.

    Every TP up to one node that holds the model (a dense model: no DP + EP, no pipeline).
    """
    found: list[int] = []
    for tp in TP_CHOICES:
        if tp > default_gpus_per_node(inputs.gpu):
            break
        variant = layout_variant(inputs, weights, kv, tp)
        try:
            memory = calculate_memory(variant, single_gpu_check=False)
        except PlanError:
            continue
        if memory.fits:
            found.append(tp)
    return found


@pytest.mark.parametrize("gpu", ["rtx-4090-24gb", "l40s-48gb", "h100-sxm-80gb", "b200-180gb"])
def test_layout_search_finds_what_full_estimates_find(catalog: Catalog, gpu: str) -> None:
    base = plan(catalog, "llama-3.1-70b-instruct", gpu, max_model_len=8192)
    for weights, kv in precision_tiers(catalog).values():
        found = [v.deployment.tensor_parallel_size for v, _ in _fitting_layouts(base, weights, kv)]
        assert found == _fitting_straightforward(base, weights, kv)
