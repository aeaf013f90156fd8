"""Parameter counts per tensor group, from the architecture alone.

Counts follow the tensor shapes of the Hugging Face implementations: a gated MLP has three
matrices (gate, up, down); MLA has low-rank query/KV projections; MoE layers hold every expert.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.memo import PerObject
from gpucalc.core.specs.model_spec import LayerAttention, ModelSpec


class ParamBreakdown(BaseModel):
    """Parameters per tensor group (whole model, all layers)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    embedding: int
    attention: int
    dense_mlp: int
    routed_experts: int
    shared_experts: int
    router: int
    norms: int
    lm_head: int
    vision: int

    @property
    def total(self) -> int:
        """All parameters held in memory."""
        return (
            self.embedding + self.attention + self.dense_mlp + self.routed_experts
            + self.shared_experts + self.router + self.norms + self.lm_head + self.vision
        )


def attention_params_per_layer(model: ModelSpec) -> int:
    """Parameters of one attention block (projections and their biases)."""
    hidden = model.hidden_size
    heads = model.num_attention_heads
    if model.mla is not None:
        mla = model.mla
        qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
        if mla.q_lora_rank:
            q = hidden * mla.q_lora_rank + mla.q_lora_rank + mla.q_lora_rank * heads * qk_head
        else:
            q = hidden * heads * qk_head
        kv_a = hidden * (mla.kv_lora_rank + mla.qk_rope_head_dim) + mla.kv_lora_rank
        kv_b = mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim)
        out = heads * mla.v_head_dim * hidden
        return q + kv_a + kv_b + out
    q_width = heads * model.head_dim
    kv_width = model.num_kv_heads * model.head_dim
    gate = hidden * q_width if model.attention_output_gate else 0
    weights = hidden * q_width + 2 * hidden * kv_width + q_width * hidden + gate
    bias = (q_width + 2 * kv_width) if model.attention_bias else 0
    return weights + bias


def indexer_params_per_layer(model: ModelSpec) -> int:
    """Parameters of DeepSeek-V3.2's sparse-attention indexer in one layer (0 without one).

    wq_b (q_lora_rank × heads·dim) + wk (hidden × dim) + k_norm (2·dim) + weights_proj
    (hidden × heads), as in DeepSeek-V3.2's inference/model.py ``Indexer``.
    """
    mla = model.mla
    if mla is None or not mla.index_n_heads:
        return 0
    q_in = mla.q_lora_rank or model.hidden_size
    heads, dim = mla.index_n_heads, mla.index_head_dim
    return q_in * heads * dim + model.hidden_size * dim + 2 * dim + model.hidden_size * heads


def linear_attention_params_per_layer(model: ModelSpec) -> int:
    """Parameters of one linear-attention (Gated DeltaNet) layer; 0 when the model has none.

    in_proj_qkvz (hidden × (2·key + 2·value)) + in_proj_ba (hidden × 2·value heads) + depthwise
    conv over q, k, v ((2·key + value) × kernel) + dt_bias and A_log (value heads each) + gated
    norm (value head dim) + out_proj (value × hidden), as in transformers' Qwen3-Next.
    """
    lin = model.linear_attention
    if lin is None:
        return 0
    key = lin.num_key_heads * lin.key_head_dim
    value = lin.num_value_heads * lin.value_head_dim
    hidden = model.hidden_size
    projections = hidden * (2 * key + 2 * value) + hidden * 2 * lin.num_value_heads
    conv = (2 * key + value) * lin.conv_kernel
    return projections + conv + 2 * lin.num_value_heads + lin.value_head_dim + value * hidden


def mamba_params_per_layer(model: ModelSpec) -> int:
    """Parameters of one Mamba-2 mixer; 0 when the model has none.

    in_proj (hidden × (2·inner + 2·groups·state + heads)) + depthwise conv over x, B, C
    ((inner + 2·groups·state) × kernel, + bias) + dt_bias, A_log and D (heads each) + gated norm
    (inner) + out_proj (inner × hidden), inner = heads × head_dim, as in transformers' Nemotron-H.
    """
    mamba = model.mamba
    if mamba is None:
        return 0
    inner = mamba.num_heads * mamba.head_dim
    conv_dim = inner + 2 * mamba.num_groups * mamba.state_size
    in_proj = model.hidden_size * (inner + conv_dim + mamba.num_heads)
    conv = conv_dim * mamba.conv_kernel + (conv_dim if mamba.conv_bias else 0)
    return in_proj + conv + 3 * mamba.num_heads + inner + inner * model.hidden_size


def attention_params(model: ModelSpec) -> int:
    """Attention parameters of all layers (attention-free layers hold none).

    Softmax-attention layers with their indexers, plus state (linear-attention or Mamba) layers.
    """
    softmax = (attention_params_per_layer(model) + indexer_params_per_layer(model)) * (
        model.num_attention_layers)
    state_layer = linear_attention_params_per_layer(model) + mamba_params_per_layer(model)
    linear = state_layer * model.count_layers(LayerAttention.STATE)
    return softmax + linear


def dense_mlp_params(model: ModelSpec) -> int:
    """Dense MLP parameters of all layers (per-layer widths when the layers differ)."""
    if model.layer_mlp_widths is not None:
        return sum(mlp_params(model.hidden_size, width, model.mlp_gated)
                   for width in model.layer_mlp_widths)
    return mlp_params(model.hidden_size, model.intermediate_size, model.mlp_gated) * (
        model.num_dense_layers)


def mlp_params(hidden: int, intermediate: int, gated: bool) -> int:
    """Parameters of one (dense) MLP: 3·h·i when gated (SwiGLU/GeGLU), else 2·h·i."""
    return (3 if gated else 2) * hidden * intermediate


def param_breakdown(model: ModelSpec) -> ParamBreakdown:
    """Count parameters of every tensor group of ``model`` (once per model object)."""
    return _breakdowns(model)


def count_param_breakdown(model: ModelSpec) -> ParamBreakdown:
    """Count parameters of every tensor group of ``model`` from its shapes."""
    hidden = model.hidden_size
    embedding = model.vocab_size * hidden
    lm_head = 0 if model.tie_word_embeddings else model.vocab_size * hidden
    attention = attention_params(model)
    dense_mlp = dense_mlp_params(model)
    routed = shared = router = 0
    if model.moe is not None:
        moe = model.moe
        expert_width = moe.latent_size or hidden
        per_expert = mlp_params(expert_width, moe.expert_intermediate_size, model.mlp_gated)
        routed = moe.num_experts * per_expert * moe.num_moe_layers
        shared_width = moe.num_shared_experts * moe.shared_expert_intermediate_size
        shared = mlp_params(hidden, shared_width, model.mlp_gated) * moe.num_moe_layers
        # LatentMoE's hidden → latent and latent → hidden projections run for every token
        shared += 2 * hidden * (moe.latent_size or 0) * moe.num_moe_layers
        gate = hidden if moe.shared_expert_gate else 0
        router = (hidden * moe.num_experts + gate) * moe.num_moe_layers
    norms = 2 * hidden * model.num_layers + hidden
    vision = model.vision.params if model.vision else 0
    return ParamBreakdown(
        embedding=embedding, attention=attention, dense_mlp=dense_mlp, routed_experts=routed,
        shared_experts=shared, router=router, norms=norms, lm_head=lm_head, vision=vision,
    )


_breakdowns = PerObject(count_param_breakdown)


def active_params(model: ModelSpec, breakdown: ParamBreakdown) -> int:
    """Parameters one token touches: everything except the routed experts it does not use.

    Follows the publishers' convention (Mixtral 12.9 B, DeepSeek-V3 37 B): embeddings and
    lm_head count; only top-k of the routed experts count; the vision tower does not.
    """
    routed_active = 0
    if model.moe is not None and breakdown.routed_experts:
        routed_active = breakdown.routed_experts * model.moe.experts_per_token // model.moe.num_experts
    return breakdown.total - breakdown.vision - breakdown.routed_experts + routed_active


def matmul_params_per_token(model: ModelSpec, breakdown: ParamBreakdown) -> int:
    """Active parameters that take part in matrix multiplies (embedding lookup excluded)."""
    lm_head = breakdown.lm_head if breakdown.lm_head else breakdown.embedding
    return active_params(model, breakdown) - breakdown.embedding - breakdown.lm_head + lm_head
