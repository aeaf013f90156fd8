"""Where a lower precision than the checkpoint's is suggested, its quality must be measured.

Seeds 000 and 001: quantization frees memory and speeds decode, but its quality risk is not
something a capacity estimate can vouch for; it has to be evaluated separately.
"""

from __future__ import annotations

from gpucalc.core.common.explain import Notice
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.precision import dtype_bytes

QUALITY_CAVEAT = "quantization_quality_caveat"
SUGGESTS_LOWER_PRECISION = frozenset({"quantize_weights", "quantize_kv_cache"})
HALF_BIT = 0.5  # scales and zeros add a fraction of a bit; a real step down is several bits


def checkpoint_bits_per_weight(inputs: PlanInputs) -> float | None:
    """Bits per weight of the published checkpoint; None when it cannot be told from ``inputs``.

    The served format when it is the checkpoint's own, else the dtype of an unquantized
    checkpoint (float32 serves in 16 bits).
    """
    if inputs.body_format_is_checkpoint:
        return inputs.weight_format.bits_per_weight
    if inputs.model.quantization is None:
        return dtype_bytes(inputs.model.torch_dtype) * 8
    return None


def checkpoint_kv_bytes(inputs: PlanInputs) -> float:
    """Bytes per KV element the checkpoint serves with by default (its compute dtype)."""
    quant = inputs.model.quantization
    if quant is not None and quant.kv_cache_format is not None:
        return 1.0
    return dtype_bytes(inputs.model.torch_dtype)


def below_checkpoint(inputs: PlanInputs, reference_bits: float | None = None) -> bool:
    """Weights or KV cache served at a lower precision than the checkpoint's.

    ``reference_bits`` is the checkpoint's bits per weight when the caller knows it better
    (a sizing variant no longer carries it).
    """
    bits = reference_bits if reference_bits is not None else checkpoint_bits_per_weight(inputs)
    weights_lower = bits is not None and inputs.weight_format.bits_per_weight < bits - HALF_BIT
    return weights_lower or inputs.kv_format.bytes_per_element < checkpoint_kv_bytes(inputs)


def quality_caveat(suggestions: tuple[Notice, ...]) -> tuple[Notice, ...]:
    """``suggestions`` with the quality caveat added after them when one suggests quantizing."""
    if any(n.code in SUGGESTS_LOWER_PRECISION for n in suggestions):
        return (*suggestions, Notice(code=QUALITY_CAVEAT, params={}))
    return suggestions
