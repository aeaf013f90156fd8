"""How tensor and pipeline parallelism split a model across GPUs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP


class Stage(BaseModel):
    """One pipeline stage: which layers it holds and whether it holds embedding / lm_head."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    index: int
    num_layers: int
    has_embedding: bool
    has_lm_head: bool


def pipeline_stages(num_layers: int, pp: int) -> tuple[Stage, ...]:
    """Split layers over ``pp`` stages the way vLLM does.

    Each stage gets ``num_layers // pp`` layers; the remainder goes one each to the stages
    just before the last one (vLLM ``get_pp_indices``). The first stage holds the embedding,
    the last the final norm, lm_head and sampler.
    """
    if pp < 1 or pp > num_layers:
        raise ValueError(f"pipeline_parallel_size {pp} must be between 1 and {num_layers} layers")
    sizes = [num_layers // pp] * pp
    for offset in range(2, num_layers % pp + 2):
        sizes[-offset] += 1
    return tuple(
        Stage(index=i, num_layers=size, has_embedding=i == 0, has_lm_head=i == pp - 1)
        for i, size in enumerate(sizes)
    )


def kv_heads_per_rank(num_kv_heads: int, tp: int) -> int:
    """KV heads each tensor-parallel rank holds: split when tp ≤ heads, replicated beyond."""
    if tp <= num_kv_heads:
        return -(-num_kv_heads // tp)
    return 1


def check_tensor_parallel(num_attention_heads: int, num_kv_heads: int, tp: int) -> PlanError | None:
    """Why ``tp`` cannot split this model's heads (the error to raise), or None when it can."""
    if num_attention_heads % tp != 0:
        template = QT_TRANSLATE_NOOP("Errors", "{tensor_parallel_size} {tp} does not divide the {heads} "
                                               "attention heads")
        return PlanError("tp_heads", template, "tensor_parallel_size", tp=tp, heads=num_attention_heads)
    if tp <= num_kv_heads and num_kv_heads % tp != 0:
        template = QT_TRANSLATE_NOOP("Errors", "{tensor_parallel_size} {tp} does not divide the {heads} "
                                               "KV heads")
    elif tp > num_kv_heads and tp % num_kv_heads != 0:
        template = QT_TRANSLATE_NOOP("Errors", "{tensor_parallel_size} {tp} is not a multiple of the "
                                               "{heads} KV heads")
    else:
        return None
    return PlanError("tp_heads", template, "tensor_parallel_size", tp=tp, heads=num_kv_heads)
