"""Fixed state of linear-attention and Mamba-2 layers: bytes by hand, KV capacity, step time.

State shapes follow vLLM model_executor/layers/mamba/mamba_utils.py (MambaStateShapeCalculator:
``gated_delta_net_state_shape``, ``mamba2_state_shape``); the hybrid pool follows vLLM
config.py ``HybridAttentionMambaModelConfig`` (attention block grown to hold a state page) and
v1/core/kv_cache_utils.py (layers grouped by kind, one page per state layer per request).
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv import kv_groups, state_bytes_per_request, vllm_unified_pages
from gpucalc.core.memory.kv_capacity import kv_capacity
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.state_memory import mamba2_state, state_layer_bytes
from gpucalc.core.specs.inputs import StateDtype
from gpucalc.core.specs.model_spec import LayerAttention
from tests.helpers import plan

NEXT = "qwen3-next-80b-a3b-thinking"
NANO = "nvidia-nemotron-3-nano-30b-a3b"
# Qwen3-Next-80B: Gated DeltaNet, 16 key heads × 128, 32 value heads × 128, kernel 4, bf16
NEXT_CONV_TP1 = 3 * (2 * 16 * 128 + 32 * 128) * 2  # (kernel − 1) × conv_dim × 2 bytes = 49,152
NEXT_RECURRENT_TP1 = 32 * 128 * 128 * 2  # value heads × key dim × value dim × 2 bytes = 1,048,576
# Nemotron-3-Nano: Mamba-2, 64 heads × 64, 8 groups × state 128, kernel 4, ssm state float32
NANO_CONV_TP1 = 3 * (64 * 64 + 2 * 8 * 128) * 2  # 36,864
NANO_RECURRENT_TP1 = 64 * 64 * 128 * 4  # 2,097,152 (config: mamba_ssm_cache_dtype float32)


def test_gated_deltanet_state_of_qwen3_next_by_hand(catalog: Catalog) -> None:
    model = catalog.model(NEXT)
    one = state_layer_bytes(model, tp=1)
    assert one is not None
    assert (one.conv, one.recurrent, one.dtype) == (NEXT_CONV_TP1, NEXT_RECURRENT_TP1, "bfloat16")
    four = state_layer_bytes(model, tp=4)  # TP splits the conv channels and the value heads
    assert four is not None
    assert (four.conv, four.recurrent) == (NEXT_CONV_TP1 / 4, NEXT_RECURRENT_TP1 / 4)
    groups = kv_groups(model, model.layer_attention, 2.0, 1, state=one)
    assert state_bytes_per_request(groups) == 36 * (NEXT_CONV_TP1 + NEXT_RECURRENT_TP1) == 39_518_208


def test_mamba2_state_of_nemotron_3_nano_by_hand(catalog: Catalog) -> None:
    model = catalog.model(NANO)
    state = state_layer_bytes(model, tp=1)
    assert state is not None
    assert (state.conv, state.recurrent, state.dtype) == (NANO_CONV_TP1, NANO_RECURRENT_TP1, "float32")
    groups = kv_groups(model, model.layer_attention, 2.0, 1, state=state)
    assert state_bytes_per_request(groups) == 23 * (36_864 + 2_097_152) == 49_082_368
    half = state_layer_bytes(model, tp=1, requested_dtype=StateDtype.BFLOAT16)
    assert half is not None
    assert half.recurrent == NANO_RECURRENT_TP1 / 2


def test_mamba2_groups_are_replicated_up_to_tp() -> None:
    """vLLM extra_groups_for_head_shards: 8 groups on 16 ranks become 16, one per rank."""
    from gpucalc.core.specs.model_spec import MambaSpec
    spec = MambaSpec(num_heads=64, head_dim=64, state_size=128, num_groups=8)
    conv, elements = mamba2_state(spec, 16, 2.0)
    assert conv == 3 * (64 * 64 + 2 * 16 * 128) / 16 * 2
    assert elements == 4 * 64 * 128


def test_vllm_grows_the_attention_block_to_hold_a_state_page(catalog: Catalog) -> None:
    """Qwen3-Next at TP 4: a state page of 274,432 bytes over 1,024 bytes per token → 272 tokens."""
    model = catalog.model(NEXT)
    groups = kv_groups(model, model.layer_attention, 2.0, 4, state=state_layer_bytes(model, 4))
    block, unified = vllm_unified_pages(groups, 16)
    assert block == 16 * -(-274_432 // (16 * 1_024)) == 272
    state = next(g for g in unified if g.kind == LayerAttention.STATE)
    assert state.bytes_per_request_per_layer == 272 * 1_024  # padded to the attention page


def test_vllm_pool_gives_each_state_group_one_block_per_request(catalog: Catalog) -> None:
    model = catalog.model(NEXT)
    groups = kv_groups(model, model.layer_attention, 2.0, 4, state=state_layer_bytes(model, 4))
    capacity = kv_capacity(catalog.engine("vllm"), 10.0, groups, 16)
    # 12 full + 36 state layers → groups of 12: one attention group and three state groups
    assert (capacity.block_size, capacity.group_size, len(capacity.groups)) == (272, 12, 4)
    assert capacity.block_bytes == 272 * 1_024 * 12
    assert capacity.num_blocks == int(10 * BYTES_PER_GIB // (272 * 1_024 * 12)) == 3_212
    assert capacity.blocks_per_request(1_000) == 4 + 3  # ceil(1000 / 272) + one per state group
    assert capacity.concurrency_for_length(1_000) == pytest.approx(3_212 / 7)


def test_a_merged_pool_takes_the_state_in_whole_blocks(catalog: Catalog) -> None:
    """SGLang-style pool (every layer per token): the state costs ceil(state ÷ block bytes) blocks."""
    model = catalog.model(NEXT)
    groups = kv_groups(model, model.layer_attention, 2.0, 4, state=state_layer_bytes(model, 4))
    capacity = kv_capacity(catalog.engine("sglang"), 10.0, groups, 1)
    assert capacity.block_bytes == 12 * 1_024
    assert capacity.state_blocks == 9_879_552 // (12 * 1_024) == 804
    assert capacity.blocks_per_request(1_000) == 1_000 + 804


def test_state_lowers_the_concurrency_and_shows_in_the_plan(catalog: Catalog) -> None:
    inputs = plan(catalog, NANO, "h200-sxm-141gb", max_model_len=32_768)
    memory = calculate_memory(inputs)
    assert memory.state_bytes_per_request is not None
    assert memory.state_bytes_per_request.value == 49_082_368
    assert memory.state_bytes_per_request.inputs["recurrent_state_dtype"] == "float32"
    assert memory.state_terms == (memory.state_bytes_per_request,)
    assert not [n for n in memory.notices if "state" in n.code]
    capacity = build_context(inputs, memory).capacity
    assert capacity.block_size == 2_096  # 16 × ceil(2,134,016 ÷ (16 × 1,024))
    assert capacity.blocks_per_request(2_000) == 1 + 4  # 23 state layers in groups of 6
    half = calculate_memory(plan(catalog, NANO, "h200-sxm-141gb", max_model_len=32_768,
                                 mamba_ssm_cache_dtype=StateDtype.BFLOAT16))
    assert float(half.concurrency_p50.inputs["uncapped"]) > float(memory.concurrency_p50.inputs["uncapped"])


def test_a_model_without_state_layers_has_no_state_term(catalog: Catalog) -> None:
    memory = calculate_memory(plan(catalog, "llama-3.1-8b-instruct"))
    assert memory.state_bytes_per_request is None
    assert memory.state_terms == ()


def test_state_layers_read_and_write_their_state_once_per_token(catalog: Catalog) -> None:
    """Decode reads + writes 2 × state bytes per token whatever the context; prefill costs it
    linearly in tokens (6 FLOPs per state element), never over the context."""
    inputs = plan(catalog, NEXT, "h200-sxm-141gb", tensor_parallel_size=4)
    step = build_context(inputs, calculate_memory(inputs)).step
    full_per_token = 12 * 1_024  # 12 full-attention layers × 1,024 bytes per token on a rank
    state_io = 2 * 36 * (NEXT_CONV_TP1 + NEXT_RECURRENT_TP1) / 4
    for context in (1, 1_000, 100_000):
        assert step.kv_read_bytes(context) == pytest.approx(full_per_token * context + state_io)
    state_flops = 6 * 36 * (32 / 4 * 128 * 128)
    per_pair = 12 * 4 * (16 / 4) * 256
    assert step.attn_flops(10, 5_000) == pytest.approx(10 * (per_pair * 5_000 + state_flops))
