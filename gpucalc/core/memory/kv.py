"""KV cache: bytes per token, and how many tokens and requests a KV budget holds.

Full attention stores K and V for every token in every layer; GQA/MQA enter through the KV head
count; MLA stores one latent per token per layer (not split across TP ranks); sliding-window and
chunked layers hold at most their window; paged engines allocate whole blocks. Decode context
parallel shards what TP replicates along tokens; DeepSeek sparse attention adds its indexer's key
cache; linear-attention and Mamba layers hold one fixed state per request instead.
"""

from __future__ import annotations

import math
from collections import Counter

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.units import ceil_div
from gpucalc.core.memory.state_memory import StateBytes
from gpucalc.core.parallel.parallel import Stage, kv_heads_per_rank
from gpucalc.core.specs.model_spec import LayerAttention, ModelSpec

# DeepSeek-V3.2's indexer keys: FP8 with one float32 scale per 128 elements (vLLM
# models/deepseek_v2.py DeepseekV32IndexerCache: head size index_head_dim + index_head_dim // 128 × 4
# bytes, uint8).
INDEXER_QUANT_BLOCK = 128
INDEXER_SCALE_BYTES = 4.0
# vLLM rounds a hybrid model's attention block size to this many tokens when it grows it to hold a
# Mamba page (config.py HybridAttentionMambaModelConfig, kernel_block_alignment_size).
HYBRID_BLOCK_ALIGNMENT = 16


class KvGroup(BaseModel):
    """Layers of one attention span on one GPU."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: LayerAttention
    num_layers: int
    window_tokens: int | None
    bytes_per_token_per_layer: float
    bytes_per_request_per_layer: float = 0.0  # state layers: fixed state of one request


def indexer_bytes_per_token_per_layer(model: ModelSpec) -> float:
    """Bytes of the sparse-attention indexer's key one token adds to one layer (0 without DSA)."""
    if model.mla is None or not model.mla.index_head_dim:
        return 0.0
    dim = model.mla.index_head_dim
    return dim + dim // INDEXER_QUANT_BLOCK * INDEXER_SCALE_BYTES


def kv_bytes_per_token_per_layer(model: ModelSpec, kv_bytes_per_element: float, tp: int,
                                 dcp: int = 1) -> float:
    """KV bytes one token adds to one layer on one TP rank, with ``dcp`` decode-context shards.

    Full attention: 2 (K and V) × KV heads per rank × head_dim × bytes.
    MLA: (kv_lora_rank + qk_rope_head_dim) × bytes, replicated on every rank, plus the DSA
    indexer's key. Decode context parallel divides the replicated KV by dcp.
    """
    if model.mla is not None:
        latent = (model.mla.kv_lora_rank + model.mla.qk_rope_head_dim) * kv_bytes_per_element
        return (latent + indexer_bytes_per_token_per_layer(model)) / dcp
    heads = kv_heads_per_rank(model.num_kv_heads, tp)
    return 2 * heads * model.head_dim * kv_bytes_per_element / dcp


def stage_layer_kinds(
    model: ModelSpec, stage: Stage, stages: tuple[Stage, ...]
) -> tuple[LayerAttention, ...]:
    """Attention spans of the layers that ``stage`` holds (stages in pipeline order)."""
    start = sum(s.num_layers for s in stages[: stage.index])
    return model.layer_attention[start : start + stage.num_layers]


def kv_groups(
    model: ModelSpec, kinds: tuple[LayerAttention, ...], kv_bytes_per_element: float, tp: int,
    dcp: int = 1, state: StateBytes | None = None,
) -> tuple[KvGroup, ...]:
    """Group a stage's layers by attention span; state layers last, one state per request."""
    per_layer = kv_bytes_per_token_per_layer(model, kv_bytes_per_element, tp, dcp)
    counts = Counter(kinds)
    groups = []
    for kind in (LayerAttention.FULL, LayerAttention.SLIDING, LayerAttention.CHUNKED):
        if counts.get(kind):
            window = {LayerAttention.SLIDING: model.sliding_window,
                      LayerAttention.CHUNKED: model.attention_chunk_size}.get(kind)
            groups.append(KvGroup(kind=kind, num_layers=counts[kind], window_tokens=window,
                                  bytes_per_token_per_layer=per_layer))
    if state is not None and counts.get(LayerAttention.STATE):
        groups.append(KvGroup(kind=LayerAttention.STATE, num_layers=counts[LayerAttention.STATE],
                              window_tokens=None, bytes_per_token_per_layer=0.0,
                              bytes_per_request_per_layer=state.total))
    return tuple(groups)


def state_bytes_per_request(groups: tuple[KvGroup, ...]) -> float:
    """Bytes of fixed state one request holds on one GPU over its state layers."""
    return sum(g.num_layers * g.bytes_per_request_per_layer for g in groups)


def vllm_unified_pages(groups: tuple[KvGroup, ...], block_size: int) -> tuple[int, tuple[KvGroup, ...]]:
    """Block size and groups after vLLM gives attention and state layers one page size.

    With state layers, vLLM grows the attention block to the smallest multiple of 16 tokens whose
    page holds one state, then pads the state page to the attention page
    (config.py ``HybridAttentionMambaModelConfig.verify_and_update_config``).
    """
    state = max((g.bytes_per_request_per_layer for g in groups if g.kind == LayerAttention.STATE),
                default=0.0)
    per_token = max((g.bytes_per_token_per_layer for g in groups), default=0.0)
    if not state or not per_token:
        return block_size, groups
    align = HYBRID_BLOCK_ALIGNMENT
    block = max(block_size, align * math.ceil(state / (align * per_token)))
    page = max(block * per_token, state)
    return block, tuple(g.model_copy(update={"bytes_per_request_per_layer": page})
                        if g.kind == LayerAttention.STATE else g for g in groups)


def kv_bytes_per_token(groups: tuple[KvGroup, ...]) -> float:
    """Bytes per token on one GPU if every layer keeps the token (the full-attention rate)."""
    return sum(g.num_layers * g.bytes_per_token_per_layer for g in groups)


class HybridLayout(BaseModel):
    """vLLM's grouping of layers into KV-cache groups of equal size (hybrid allocator)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    group_size: int
    groups: tuple[KvGroup, ...]  # one entry per KV-cache group (layers of one span)


def vllm_hybrid_layout(groups: tuple[KvGroup, ...]) -> HybridLayout:
    """Split layer kinds into vLLM KV-cache groups of ``group_size`` layers.

    One kind: a single group of all layers. Several kinds: the group size is the largest layer
    count when it is below 1.25 × the smallest, else the smallest; each kind is split into
    ceil(count / group_size) groups (vLLM ``_get_kv_cache_groups_uniform_page_size``).
    """
    if len(groups) == 1:
        return HybridLayout(group_size=groups[0].num_layers, groups=groups)
    counts = [g.num_layers for g in groups]
    smallest, largest = min(counts), max(counts)
    size = largest if largest < smallest * 1.25 else smallest
    split: list[KvGroup] = []
    for group in groups:
        for start in range(0, group.num_layers, size):
            split.append(group.model_copy(update={"num_layers": min(size, group.num_layers - start)}))
    return HybridLayout(group_size=size, groups=tuple(split))


def blocks_for_request(group: KvGroup, tokens: int, block_size: int, windowed: bool) -> int:
    """Blocks one request of ``tokens`` tokens occupies in one KV-cache group.

    Sliding/chunked layers keep at most their window (+1 block in flight) when the engine
    frees out-of-window blocks; a state group holds one block per request (vLLM ``MambaManager``
    without prefix caching).
    """
    if group.kind == LayerAttention.STATE:
        return 1
    blocks = ceil_div(tokens, block_size)
    if windowed and group.window_tokens is not None and group.kind != LayerAttention.FULL:
        blocks = min(blocks, ceil_div(group.window_tokens, block_size) + 1)
    return blocks


def vllm_max_request_blocks(
    group: KvGroup, max_model_len: int, max_batched_tokens: int, block_size: int
) -> int:
    """Blocks vLLM reserves per request for 'Maximum concurrency' (its worst case)."""
    if group.kind == LayerAttention.STATE:
        return 1
    if group.kind == LayerAttention.FULL or group.window_tokens is None:
        return ceil_div(max_model_len, block_size)
    if group.kind == LayerAttention.SLIDING:
        span = min(group.window_tokens - 1 + max_batched_tokens, max_model_len)
        return ceil_div(span, block_size) + 1
    span = min(group.window_tokens + max_batched_tokens, max_model_len)
    return ceil_div(span, block_size)


def vllm_max_len_kv_bytes(
    groups: tuple[KvGroup, ...], max_model_len: int, max_batched_tokens: int, block_size: int
) -> float:
    """KV bytes on one GPU vLLM V1 requires for one ``max_model_len`` request at start-up.

    Σ layers × blocks × block size × bytes per token per layer, where a full-attention layer
    needs ``max_model_len`` and a sliding layer only its window plus one token budget
    (vLLM ``check_enough_kv_cache_memory`` summing each layer's ``max_memory_usage_bytes``); a
    state layer needs its one page.
    """
    return sum(g.num_layers * (block_size * g.bytes_per_token_per_layer
                               * vllm_max_request_blocks(g, max_model_len, max_batched_tokens, block_size)
                               + g.bytes_per_request_per_layer)
               for g in groups)


def vllm_estimated_max_model_len(
    groups: tuple[KvGroup, ...], kv_bytes: float, max_model_len: int, max_batched_tokens: int,
    block_size: int,
) -> int:
    """Longest context (tokens) whose one request fits ``kv_bytes``, as vLLM estimates it.

    Binary search over 1 … ``max_model_len`` (vLLM ``estimate_max_model_len``); 0 when even one
    token does not fit.
    """
    low, high = 0, max_model_len
    while low < high:
        mid = (low + high + 1) // 2
        if vllm_max_len_kv_bytes(groups, mid, max_batched_tokens, block_size) <= kv_bytes:
            low = mid
        else:
            high = mid - 1
    return low
