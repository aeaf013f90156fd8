"""KV bytes per token and capacity counting, checked by hand and against engine logs."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.kv import kv_bytes_per_token_per_layer, kv_groups, vllm_hybrid_layout
from gpucalc.core.memory.kv_capacity import kv_capacity
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.model_spec import LayerAttention
from tests.helpers import plan


def test_gqa_bytes_per_token_llama_8b(catalog: Catalog) -> None:
    model = catalog.model("llama-3.1-8b-instruct")
    # 2 (K,V) × 8 KV heads × 128 head_dim × 2 bytes = 4096 bytes per layer
    assert kv_bytes_per_token_per_layer(model, 2, tp=1) == 4096
    assert kv_bytes_per_token_per_layer(model, 1, tp=1) == 2048  # FP8 KV halves it
    assert kv_bytes_per_token_per_layer(model, 2, tp=2) == 2048  # heads split over TP


def test_kv_heads_replicate_beyond_their_count(catalog: Catalog) -> None:
    model = catalog.model("llama-3.1-70b-instruct")  # 8 KV heads
    assert kv_bytes_per_token_per_layer(model, 2, tp=8) == 2 * 1 * 128 * 2
    assert kv_bytes_per_token_per_layer(model, 2, tp=16) == 2 * 1 * 128 * 2  # replicated


def test_mla_latent_is_not_split_across_tp(catalog: Catalog) -> None:
    model = catalog.model("deepseek-v3")
    per_layer = (512 + 64) * 2
    assert kv_bytes_per_token_per_layer(model, 2, tp=1) == per_layer
    assert kv_bytes_per_token_per_layer(model, 2, tp=8) == per_layer


def test_gemma3_hybrid_layers(catalog: Catalog) -> None:
    model = catalog.model("gemma-3-27b-it")
    assert model.count_layers(LayerAttention.SLIDING) == 52
    assert model.count_layers(LayerAttention.FULL) == 10
    assert model.sliding_window == 1024
    layout = vllm_hybrid_layout(kv_groups(model, model.layer_attention, 2, 1))
    assert layout.group_size == 10
    assert len(layout.groups) == 7  # 6 sliding groups + 1 full group


def test_sliding_window_requests_hold_at_most_the_window(catalog: Catalog) -> None:
    inputs = plan(catalog, "gemma-3-27b-it", max_model_len=32768)
    result = calculate_memory(inputs)
    stage = result.binding
    capacity = kv_capacity(inputs.engine, stage.kv_cache.value, stage.kv_groups, 16)
    long_request = capacity.blocks_per_request(32768)
    # 52 sliding layers keep ≤ 1024 tokens; 10 full layers keep all 32768.
    full_equivalent = 7 * (32768 // 16)
    assert long_request < full_equivalent / 4


def test_gemma2_max_concurrency_matches_vllm_log(catalog: Catalog) -> None:
    """vLLM 0.19 on H100: gemma-2-9b-it, 8192 tokens → 'Maximum concurrency … 20.60x'."""
    inputs = plan(catalog, "gemma-2-9b-it", max_model_len=8192, gpu_memory_utilization=0.95)
    result = calculate_memory(inputs)
    assert result.max_concurrency.value == pytest.approx(20.60, rel=0.01)


def test_vllm_concurrency_at_max_len_is_tokens_over_len_for_full_attention(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", max_model_len=8192,
                  gpu_memory_utilization=0.95)
    result = calculate_memory(inputs)
    assert result.max_concurrency.value == pytest.approx(result.kv_cache_tokens.value / 8192)


def test_fp8_kv_doubles_tokens(catalog: Catalog) -> None:
    auto = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", max_model_len=8192))
    fp8 = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", max_model_len=8192,
                                kv_cache_dtype="fp8"))
    assert fp8.kv_cache_tokens.value == pytest.approx(2 * auto.kv_cache_tokens.value, rel=1e-4)
