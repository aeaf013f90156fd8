"""Shared yardsticks of the catalog-size tests: the tolerance on a publisher's printed size and the
KV bytes per token of a model in BF16."""

from __future__ import annotations

from gpucalc.core.memory.kv import kv_bytes_per_token, kv_groups
from gpucalc.core.specs.model_spec import ModelSpec

BF16 = 2.0  # bytes per KV element


def tolerance_b(published_b: float) -> float:
    """Half a unit of the last digit the publisher printed, plus 1 %.

    A printed "34B" covers 33.5-34.5 B; the extra 1 % covers what the count from shapes leaves
    out (per-head q/k norms, rotary buffers) and sizes rounded to a marketing figure (Llama 2
    "7B" is 6.74 B of tensors, Phi-4 "14B" is 14.66 B).
    """
    text = f"{published_b:g}"
    decimals = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10.0 ** (-decimals) + 0.01 * published_b


def kv_per_token(model: ModelSpec) -> float:
    """KV-cache bytes one token adds across every layer, BF16, one rank."""
    return kv_bytes_per_token(kv_groups(model, model.layer_attention, BF16, 1))
