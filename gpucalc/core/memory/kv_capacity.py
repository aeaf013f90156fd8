"""How many tokens and requests a KV budget holds, counted the way each engine counts."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv import (
    KvGroup,
    blocks_for_request,
    state_bytes_per_request,
    vllm_hybrid_layout,
    vllm_max_request_blocks,
    vllm_unified_pages,
)
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.model_spec import LayerAttention


class KvCapacity(BaseModel):
    """KV capacity of one replica: blocks in the pool and how requests use them."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    num_blocks: int
    block_bytes: float
    block_size: int
    group_size: int
    groups: tuple[KvGroup, ...]
    windowed: bool
    tokens: int
    shared_prefix_tokens: int = 0  # prefix caching: block-aligned tokens of one shared prefix
    shared_prefixes: int = 0  # distinct shared prefixes, each held once in the pool
    state_blocks: int = 0  # blocks of fixed layer state per request outside the groups

    def blocks_per_request(self, tokens: int) -> int:
        """Pool blocks one request of ``tokens`` tokens holds (summed over KV-cache groups)."""
        return self.state_blocks + sum(blocks_for_request(g, tokens, self.block_size, self.windowed)
                                       for g in self.groups)

    def shared_prefix_blocks(self) -> int:
        """Pool blocks the shared prefixes hold, once per distinct prefix (prefix caching)."""
        if not self.shared_prefix_tokens:
            return 0
        return self.shared_prefixes * self.blocks_per_request(self.shared_prefix_tokens)

    def concurrency_for_length(self, tokens: int) -> float:
        """Requests of ``tokens`` tokens each that fit at once (not capped by max_num_seqs).

        With shared prefixes each request holds only its own tokens past the prefix; the
        prefixes' blocks come out of the pool once: (blocks − N × prefix blocks) ÷ own blocks.
        """
        own = max(tokens - self.shared_prefix_tokens, 1)
        need = self.blocks_per_request(own)
        pool = max(self.num_blocks - self.shared_prefix_blocks(), 0)
        return pool / need if need else 0.0

    def max_concurrency_at(self, max_model_len: int, max_batched_tokens: int) -> float:
        """VLLM's 'Maximum concurrency for N tokens per request' figure."""
        need = self.state_blocks + sum(
            vllm_max_request_blocks(g, max_model_len, max_batched_tokens, self.block_size)
            if self.windowed else math.ceil(max_model_len / self.block_size) for g in self.groups)
        return self.num_blocks / need if need else 0.0


def kv_capacity(
    engine: EngineProfile, kv_gib: float, groups: tuple[KvGroup, ...], block_size: int
) -> KvCapacity:
    """Blocks and tokens a KV budget of ``kv_gib`` GiB per GPU holds on one pipeline stage.

    Engines that free out-of-window blocks (vLLM's hybrid manager) split layers into equal-size
    groups sharing one pool, state layers taking one page per request; the others store every
    attention layer for every token and take each request's layer state from the same pool in
    whole blocks.
    """
    kv_bytes = max(kv_gib, 0.0) * BYTES_PER_GIB
    if not groups:
        return KvCapacity(num_blocks=0, block_bytes=0.0, block_size=block_size, group_size=0, groups=(),
                          windowed=False, tokens=0)
    if engine.counts_sliding_window_savings:
        block_size, groups = vllm_unified_pages(groups, block_size)
        layout = vllm_hybrid_layout(groups)
        page = max(max(block_size * g.bytes_per_token_per_layer, g.bytes_per_request_per_layer)
                   for g in layout.groups)
        num_blocks = int(kv_bytes // (page * layout.group_size))
        tokens = num_blocks // len(layout.groups) * block_size
        return KvCapacity(num_blocks=num_blocks, block_bytes=page * layout.group_size,
                          block_size=block_size, group_size=layout.group_size,
                          groups=layout.groups, windowed=True, tokens=tokens)
    attention = [g for g in groups if g.kind != LayerAttention.STATE]
    layers = sum(g.num_layers for g in attention)
    state = state_bytes_per_request(groups)
    merged = KvGroup(kind=LayerAttention.FULL, num_layers=layers, window_tokens=None,
                     bytes_per_token_per_layer=attention[0].bytes_per_token_per_layer if attention else 0.0)
    per_block = block_size * layers * merged.bytes_per_token_per_layer or state
    num_blocks = int(kv_bytes // per_block)
    return KvCapacity(num_blocks=num_blocks, block_bytes=per_block, block_size=block_size,
                      group_size=layers, groups=(merged,) if attention else (), windowed=False,
                      tokens=num_blocks * block_size, state_blocks=math.ceil(state / per_block))


SGLANG_REQ_POOL_PER_CONTEXT = 512  # model_runner: req_to_token pool = tokens ÷ context_len × 512
SGLANG_REQ_POOL_MIN, SGLANG_REQ_POOL_MAX = 2048, 4096  # … clamped to [2048, 4096]


def sglang_max_running_requests(kv_tokens: int, context_len: int) -> int:
    """SGLang's default ``max_running_requests`` for a pool of ``kv_tokens`` tokens.

    model_runner.init_memory_pool sizes the request-to-token table at
    min(max(tokens ÷ context_len × 512, 2048), 4096) rows; the scheduler runs at most
    min(tokens // 2, table rows) requests (sources['max_running_requests'] of the profile).
    """
    rows = int(kv_tokens / max(context_len, 1) * SGLANG_REQ_POOL_PER_CONTEXT)
    rows = min(max(rows, SGLANG_REQ_POOL_MIN), SGLANG_REQ_POOL_MAX)
    return max(min(kv_tokens // 2, rows), 1)
