"""Fixed state per request of linear-attention and Mamba-2 layers, per GPU.

A state layer keeps no per-token KV: each running request holds one short-convolution state
and one recurrent state per layer, whatever its length. Shapes follow vLLM's
``MambaStateShapeCalculator`` (model_executor/layers/mamba/mamba_utils.py): tensor parallelism
splits the convolution channels and the heads.

- Gated DeltaNet (Qwen3-Next): conv (kernel − 1) × (2 × key heads × key dim + value heads ×
  value dim) / TP; recurrent value heads / TP × key dim × value dim.
- Mamba-2 (Nemotron-H): conv (kernel − 1) × (heads × head dim + 2 × groups × state size) / TP,
  groups replicated up to TP when TP does not divide them; recurrent heads / TP × head dim ×
  state size.

The convolution state is stored in the model dtype (vLLM ``mamba_cache_dtype`` auto); the
recurrent state in ``--mamba-ssm-cache-dtype``, whose ``auto`` takes the config's
``mamba_ssm_cache_dtype`` (Nemotron-H asks for float32; vLLM models/config.py
``NemotronHForCausalLMConfig``) and otherwise the model dtype.
"""

from __future__ import annotations

from typing import NamedTuple

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import ceil_div
from gpucalc.core.specs.model_spec import LayerAttention, LinearAttentionSpec, MambaSpec, ModelSpec
from gpucalc.core.specs.precision import dtype_bytes

STATE_DTYPE_BYTES = {"float32": 4.0, "bfloat16": 2.0, "float16": 2.0}  # torch element sizes

# FLOPs per recurrent-state element per token: decay (1 multiply), rank-one update (1 multiply-add)
# and read-out (1 multiply-add) — 2 + 2 + 2 (Gated DeltaNet, Yang et al. 2024 §3 recurrence;
# Mamba-2 SSD recurrence h = a·h + B·x, y = C·h, Dao & Gu 2024 §3).
STATE_FLOPS_PER_ELEMENT = 6.0


class StateBytes(NamedTuple):
    """Bytes one request's state takes in one state layer on one GPU."""

    conv: float
    recurrent: float
    recurrent_elements: float  # elements of the recurrent state (what a token reads and writes)
    dtype: str  # recurrent-state dtype used

    @property
    def total(self) -> float:
        """Convolution + recurrent state (bytes)."""
        return self.conv + self.recurrent


def recurrent_state_dtype(model: ModelSpec, requested: str) -> str:
    """Dtype of the recurrent state: the flag, else the config's request, else the model dtype."""
    if requested != "auto":
        return requested
    if model.mamba is not None and model.mamba.ssm_cache_dtype:
        return model.mamba.ssm_cache_dtype
    return model.torch_dtype


def _bytes_of(dtype: str) -> float:
    return STATE_DTYPE_BYTES.get(dtype.lower().replace("torch.", ""), dtype_bytes(dtype))


def gated_deltanet_state(spec: LinearAttentionSpec, tp: int, conv_bytes: float) -> tuple[float, float]:
    """(conv bytes, recurrent elements) of one Gated-DeltaNet layer on one TP rank."""
    conv_dim = 2 * spec.num_key_heads * spec.key_head_dim + spec.num_value_heads * spec.value_head_dim
    conv = (spec.conv_kernel - 1) * ceil_div(conv_dim, tp) * conv_bytes
    elements = ceil_div(spec.num_value_heads, tp) * spec.key_head_dim * spec.value_head_dim
    return conv, float(elements)


def mamba2_state(spec: MambaSpec, tp: int, conv_bytes: float) -> tuple[float, float]:
    """(conv bytes, recurrent elements) of one Mamba-2 layer on one TP rank."""
    groups = spec.num_groups if spec.num_groups % tp == 0 else spec.num_groups + tp - spec.num_groups % tp
    conv_dim = spec.num_heads * spec.head_dim + 2 * groups * spec.state_size
    conv = (spec.conv_kernel - 1) * ceil_div(conv_dim, tp) * conv_bytes
    elements = ceil_div(spec.num_heads, tp) * spec.head_dim * spec.state_size
    return conv, float(elements)


def state_layer_bytes(model: ModelSpec, tp: int, requested_dtype: str = "auto") -> StateBytes | None:
    """State of one request in one state layer on one TP rank; None without state geometry."""
    if LayerAttention.STATE not in model.layer_attention:
        return None
    dtype = recurrent_state_dtype(model, requested_dtype)
    conv_bytes, state_bytes = dtype_bytes(model.torch_dtype), _bytes_of(dtype)
    if model.linear_attention is not None:
        conv, elements = gated_deltanet_state(model.linear_attention, tp, conv_bytes)
    elif model.mamba is not None:
        conv, elements = mamba2_state(model.mamba, tp, conv_bytes)
    else:
        return None
    return StateBytes(conv=conv, recurrent=elements * state_bytes, recurrent_elements=elements,
                      dtype=dtype)


def state_flops_per_token(state: StateBytes | None, layers: int) -> float:
    """Recurrent FLOPs one token costs over ``layers`` state layers on one GPU."""
    if state is None:
        return 0.0
    return STATE_FLOPS_PER_ELEMENT * state.recurrent_elements * layers


def state_per_request_term(model: ModelSpec, tp: int, requested_dtype: str, layers: int) -> Term | None:
    """The fixed state one request holds on one GPU over ``layers`` state layers (bytes)."""
    state = state_layer_bytes(model, tp, requested_dtype)
    if state is None:
        return None
    return term(
        "state_bytes_per_request_per_gpu", layers * state.total, "bytes",
        QT_TRANSLATE_NOOP("Formulas", "state layers × (convolution state + recurrent state) per "
                                      "request, heads split over TP"),
        {"state_layers": layers, "conv_state_bytes_per_layer": state.conv,
         "recurrent_state_bytes_per_layer": state.recurrent, "recurrent_state_dtype": state.dtype,
         "tp": tp},
        (QT_TRANSLATE_NOOP("Sources", "vLLM mamba_utils.py MambaStateShapeCalculator (Gated DeltaNet, "
                                      "Mamba-2 state shapes); --mamba-ssm-cache-dtype"),),
    )
