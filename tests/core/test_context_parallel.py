"""Decode context parallel and DeepSeek sparse attention, against the engines' own rules.

- vLLM config/parallel.py: ``decode_context_parallel_size`` reuses the TP group's GPUs, so TP
  must be divisible by it; vLLM config/model.py ``verify_with_parallel_config``: for GQA/MQA
  dcp ≤ tp // total_num_kv_heads (MLA: one KV head, dcp ≤ tp).
- vLLM docs "Context Parallel Deployment": the KV cache is sharded along tokens over the DCP
  ranks; vLLM v1 single_type_kv_cache_manager.py: a scheduler block covers block_size × dcp tokens.
- vLLM attention/ops/common.py ``cp_lse_ag_out_rs``: partial outputs combined by their
  log-sum-exp (all-gather + reduce-scatter) per layer.
- DeepSeek-V3.2 (paper §2.1, DeepSeek Sparse Attention): each query attends to index_topk
  tokens chosen by a lightning indexer scoring every token; vLLM stores the indexer key in FP8
  with one float32 scale per 128 elements (models/deepseek_v2.py DeepseekV32IndexerCache).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.common.errors import InputRuleError, PlanError
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.parallel.context_parallel import (
    check_decode_context_parallel,
    dcp_combine_bytes_per_token,
    max_decode_context_parallel,
)
from gpucalc.core.specs.inputs import Deployment
from tests.helpers import plan

V32 = "deepseek-v3.2"
V32_KV_PER_LAYER = (512 + 64) * 2 + 128 + 4  # latent + rope (bf16) + indexer FP8 key + scale


def test_dcp_must_divide_tp() -> None:
    with pytest.raises(ValidationError) as error:
        Deployment(num_gpus=4, tensor_parallel_size=4, decode_context_parallel_size=3)
    cause = error.value.errors()[0]["ctx"]["error"]
    assert isinstance(cause, InputRuleError)
    assert cause.field == "decode_context_parallel_size"


def test_a_layout_built_without_validation_is_checked_too(catalog: Catalog) -> None:
    """Sizing copies deployments with other TP sizes: the plan itself refuses DCP ∤ TP."""
    assert check_decode_context_parallel(catalog.model(V32), 8, 8) is None
    error = check_decode_context_parallel(catalog.model(V32), 12, 8)
    assert error is not None
    assert error.code == "dcp_tp"


def test_gqa_dcp_is_at_most_tp_over_the_kv_heads(catalog: Catalog) -> None:
    next_model = catalog.model("qwen3-next-80b-a3b-thinking")  # 2 KV heads
    assert max_decode_context_parallel(next_model, 4) == 2
    assert max_decode_context_parallel(catalog.model(V32), 8) == 8  # MLA: one latent head
    with pytest.raises(PlanError) as error:
        calculate_memory(plan(catalog, "llama-3.1-8b-instruct", tensor_parallel_size=8,
                              decode_context_parallel_size=2))  # 8 KV heads at TP 8: none replicated
    assert error.value.code == "dcp_kv_heads"
    assert error.value.values["largest"] == 1


def test_mla_dcp_divides_kv_per_gpu_and_multiplies_the_tokens(catalog: Catalog) -> None:
    alone = calculate_memory(plan(catalog, V32, "h200-sxm-141gb", tensor_parallel_size=8,
                                  max_model_len=32_768))
    sharded = calculate_memory(plan(catalog, V32, "h200-sxm-141gb", tensor_parallel_size=8,
                                    max_model_len=32_768, decode_context_parallel_size=8))
    assert alone.kv_bytes_per_token_per_gpu.value == 61 * V32_KV_PER_LAYER == 78_324
    assert sharded.kv_bytes_per_token_per_gpu.value == 78_324 / 8
    assert sharded.kv_bytes_per_token_per_gpu.inputs["dcp"] == 8
    assert sharded.kv_cache_tokens.inputs["block_size"] == 16 * 8  # scheduler block × dcp
    assert sharded.kv_cache_tokens.value == 8 * alone.kv_cache_tokens.value
    assert sharded.max_concurrency.value == pytest.approx(8 * alone.max_concurrency.value, rel=1e-3)


def test_gqa_dcp_shards_the_replicated_kv_head(catalog: Catalog) -> None:
    """Qwen3-Next at TP 4: 2 KV heads, each replicated on 2 ranks; DCP 2 keeps half on each."""
    alone = calculate_memory(plan(catalog, "qwen3-next-80b-a3b-thinking", "h200-sxm-141gb",
                                  tensor_parallel_size=4, max_model_len=32_768))
    sharded = calculate_memory(plan(catalog, "qwen3-next-80b-a3b-thinking", "h200-sxm-141gb",
                                    tensor_parallel_size=4, max_model_len=32_768,
                                    decode_context_parallel_size=2))
    assert alone.kv_bytes_per_token_per_gpu.value == 12 * 2 * 1 * 256 * 2
    assert sharded.kv_bytes_per_token_per_gpu.value == alone.kv_bytes_per_token_per_gpu.value / 2


def test_dcp_combine_bytes_by_hand(catalog: Catalog) -> None:
    """Per layer: heads/TP × dcp heads exchange query + output (bf16) + float32 LSE, (dcp−1)/dcp."""
    v32 = catalog.model(V32)
    per_layer = 128 * ((576 + 512) * 2 + 4) * 7 / 8
    assert dcp_combine_bytes_per_token(v32, 8, 8) == pytest.approx(61 * per_layer)
    assert dcp_combine_bytes_per_token(v32, 8, 1) == 0.0
    next_model = catalog.model("qwen3-next-80b-a3b-thinking")
    gqa_layer = 8 * ((256 + 256) * 2 + 4) / 2
    assert dcp_combine_bytes_per_token(next_model, 4, 2) == pytest.approx(12 * gqa_layer)


def test_dcp_costs_decode_tokens_on_the_link_and_lowers_the_interconnect_ceiling(
        catalog: Catalog) -> None:
    alone = plan(catalog, V32, "h200-sxm-141gb", tensor_parallel_size=8, max_model_len=32_768)
    sharded = plan(catalog, V32, "h200-sxm-141gb", tensor_parallel_size=8, max_model_len=32_768,
                   decode_context_parallel_size=8)
    a = build_context(alone, calculate_memory(alone))
    s = build_context(sharded, calculate_memory(sharded))
    assert s.step.dcp_seconds(0) == 0.0  # prefill attends locally
    extra = s.step.dcp_seconds(64) - s.step.dcp_seconds(32)
    assert extra == pytest.approx(32 * dcp_combine_bytes_per_token(sharded.model, 8, 8)
                                  / s.step.link_bytes_per_s)
    assert s.comm_seconds_at(64) > a.comm_seconds_at(64)
    # each rank reads 1/8 of the latent KV in decode
    assert s.step.kv_read_bytes(100_000) == pytest.approx(a.step.kv_read_bytes(100_000) / 8)


def test_sparse_attention_reads_topk_latents_and_every_indexer_key(catalog: Catalog) -> None:
    inputs = plan(catalog, V32, "h200-sxm-141gb", tensor_parallel_size=8, max_model_len=32_768)
    step = build_context(inputs, calculate_memory(inputs)).step
    latent, indexer = 61 * 1_152, 61 * 132
    assert step.kv_read_bytes(1_000) == pytest.approx((latent + indexer) * 1_000)
    assert step.kv_read_bytes(100_000) == pytest.approx(latent * 2_048 + indexer * 100_000)
    mla_pair = 61 * (2 * 16 * 576 + 2 * 16 * 512)  # 128 heads / TP 8, absorbed MLA
    index_pair = 61 * 2 * 64 * 128  # the indexer's 64 heads × 128 on every rank
    assert step.attn_flops(1, 100_000) == pytest.approx(mla_pair * 2_048 + index_pair * 100_000)
    dense = plan(catalog, "deepseek-v3", "h200-sxm-141gb", tensor_parallel_size=8, max_model_len=32_768)
    v3 = build_context(dense, calculate_memory(dense)).step
    assert step.kv_read_bytes(100_000) < v3.kv_read_bytes(100_000) / 5
