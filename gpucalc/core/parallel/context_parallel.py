"""Decode context parallel (vLLM ``--decode-context-parallel-size``): KV sharded along tokens.

DCP reuses the GPUs of the tensor-parallel group. Where TP would replicate the KV cache — MLA's
single latent head on every rank, or GQA KV heads when TP exceeds them — the ``dcp`` ranks that
hold the same heads each keep every dcp-th token instead, so one GPU stores 1/dcp of the KV and
the replica holds dcp times the tokens (vLLM docs "Context Parallel Deployment";
vLLM v1/core/single_type_kv_cache_manager.py: the scheduler's block covers block_size × dcp tokens).

Each rank attends over its shard only, so the ranks all-gather the decode queries of their heads
and combine the partial outputs by their log-sum-exp (vLLM attention/ops/common.py
``cp_lse_ag_out_rs``: all-gather of the LSEs, reduce-scatter of the outputs), once per attention
layer.
"""

from __future__ import annotations

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.parallel_inputs import dcp_divides_tp_error

ACT_BYTES = 2.0  # queries and partial outputs travel in the 16-bit activation dtype
LSE_BYTES = 4.0  # log-sum-exp per head and token, float32


def max_decode_context_parallel(model: ModelSpec, tp: int) -> int:
    """Largest DCP size the engine accepts at TP ``tp``: tp ÷ KV heads (MLA: one latent head).

    vLLM config/model.py ``verify_with_parallel_config``: for GQA/MQA, TP must exceed the total
    KV heads and dcp ≤ tp // total_num_kv_heads; MLA has a single KV head.
    """
    heads = 1 if model.mla is not None else model.num_kv_heads
    return max(tp // heads, 1)


def check_decode_context_parallel(model: ModelSpec, tp: int, dcp: int) -> PlanError | None:
    """Why ``dcp`` cannot shard this model's KV at TP ``tp`` (the error), or None when it can."""
    if dcp <= 1:
        return None
    if (error := dcp_divides_tp_error(tp, dcp)) is not None:
        return error
    largest = max_decode_context_parallel(model, tp)
    if dcp <= largest:
        return None
    heads = 1 if model.mla is not None else model.num_kv_heads
    return PlanError("dcp_kv_heads", QT_TRANSLATE_NOOP(
        "Errors", "{decode_context_parallel_size} {dcp} can be at most {tensor_parallel_size} ÷ KV "
                  "heads = {tp} ÷ {heads} = {largest}: only KV replicated across TP ranks can be "
                  "sharded"),
        "decode_context_parallel_size", dcp=dcp, tp=tp, heads=heads, largest=largest)


def dcp_combine_bytes_per_token(model: ModelSpec, tp: int, dcp: int) -> float:
    """Bytes one GPU sends per token to combine attention over ``dcp`` ranks, all layers.

    Per attention layer the dcp ranks exchange, for the heads they share (heads / TP × dcp), the
    query, the partial output and its log-sum-exp; a ring all-gather / reduce-scatter moves
    (dcp − 1)/dcp of that per GPU. MLA's absorbed query is latent + rope wide, its output latent
    wide; GQA's are head_dim wide.
    """
    if dcp <= 1:
        return 0.0
    if model.mla is not None:
        query, output = model.mla.kv_lora_rank + model.mla.qk_rope_head_dim, model.mla.kv_lora_rank
    else:
        query = output = model.head_dim
    heads = model.num_attention_heads / tp * dcp
    per_layer = heads * ((query + output) * ACT_BYTES + LSE_BYTES) * (dcp - 1) / dcp
    return per_layer * model.num_attention_layers
