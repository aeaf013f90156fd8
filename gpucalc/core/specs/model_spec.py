"""Normalised model architecture: what the planner needs from a Hugging Face ``config.json``."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

# Physical ranges of a model's dimensions. Published models sit far inside them (largest layer
# count 126 for Llama 3.1 405B, hidden 16,384, vocabulary 262,144 for Gemma 3, 512 experts for
# Qwen3-Next, context 10,485,760 for Llama 4 Scout); the caps keep every per-layer table and
# every product of dimensions small enough to compute in seconds and to stay finite as a float.
MAX_LAYERS = 1_024
MAX_HIDDEN = 1_048_576  # 2**20
MAX_INTERMEDIATE = 4 * MAX_HIDDEN
MAX_HEADS = 65_536
MAX_HEAD_DIM = 65_536
MAX_VOCAB = 16_777_216  # 2**24
MAX_POSITIONS = 1_073_741_824  # 2**30 tokens
MAX_EXPERTS = 16_384
MAX_PARAMS = 10**15  # parameters (a thousand trillion)
MAX_CHECKPOINT_BYTES = 2**63 - 1
MAX_TOKENS_PER_IMAGE = 16_777_216  # 2**24 encoder tokens


class AttentionKind(StrEnum):
    """How attention stores its keys and values."""

    MHA = "mha"
    GQA = "gqa"
    MQA = "mqa"
    MLA = "mla"


class LayerAttention(StrEnum):
    """Attention span of one decoder layer."""

    FULL = "full"
    SLIDING = "sliding"  # sliding window: holds at most `window` tokens
    CHUNKED = "chunked"  # chunked local attention (Llama 4): holds at most `chunk` tokens
    STATE = "state"  # linear attention / Mamba: fixed state per request, no per-token KV
    NONE = "none"  # no attention at all (Nemotron-NAS 'no_op' blocks): no weights, no KV


class MlaSpec(BaseModel):
    """Multi-head latent attention (DeepSeek V2/V3, Kimi K2)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    q_lora_rank: int | None = Field(default=None, ge=1, le=MAX_HIDDEN)
    kv_lora_rank: int = Field(ge=1, le=MAX_HIDDEN)
    qk_nope_head_dim: int = Field(ge=0, le=MAX_HEAD_DIM)
    qk_rope_head_dim: int = Field(ge=0, le=MAX_HEAD_DIM)
    v_head_dim: int = Field(ge=1, le=MAX_HEAD_DIM)
    index_n_heads: int = Field(default=0, ge=0, le=MAX_HEADS,
                               description="Sparse-attention indexer heads (DeepSeek-V3.2); 0: none.")
    index_head_dim: int = Field(default=0, ge=0, le=MAX_HEAD_DIM,
                                description="Indexer key width per token and layer (DeepSeek-V3.2).")
    index_topk: int = Field(default=0, ge=0, le=MAX_POSITIONS,
                            description="Tokens each query attends to under sparse attention.")


class LinearAttentionSpec(BaseModel):
    """Linear-attention layers (Gated DeltaNet, Qwen3-Next): a fixed state per request."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    num_key_heads: int = Field(ge=1, le=MAX_HEADS)
    num_value_heads: int = Field(ge=1, le=MAX_HEADS)
    key_head_dim: int = Field(ge=1, le=MAX_HEAD_DIM)
    value_head_dim: int = Field(ge=1, le=MAX_HEAD_DIM)
    conv_kernel: int = Field(default=4, ge=1, le=MAX_HEAD_DIM,
                             description="Short causal convolution over q, k and v (tokens).")


class MambaSpec(BaseModel):
    """Mamba-2 (SSM) layers (Nemotron-H): a fixed state per request."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    num_heads: int = Field(ge=1, le=MAX_HEADS)
    head_dim: int = Field(ge=1, le=MAX_HEAD_DIM)
    state_size: int = Field(ge=1, le=MAX_HEAD_DIM, description="SSM state per head and group.")
    num_groups: int = Field(ge=1, le=MAX_HEADS)
    conv_kernel: int = Field(default=4, ge=1, le=MAX_HEAD_DIM)
    conv_bias: bool = True
    ssm_cache_dtype: str | None = Field(
        default=None, max_length=32,
        description="Dtype the config asks for the SSM state (mamba_ssm_cache_dtype); None: model dtype.")


class MoeSpec(BaseModel):
    """Mixture-of-experts feed-forward layers."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    num_experts: int = Field(ge=1, le=MAX_EXPERTS, description="Routed experts per MoE layer.")
    experts_per_token: int = Field(ge=1, le=MAX_EXPERTS,
                                   description="Routed experts each token uses (top-k).")
    expert_intermediate_size: int = Field(ge=1, le=MAX_INTERMEDIATE)
    num_shared_experts: int = Field(default=0, ge=0, le=MAX_EXPERTS)
    shared_expert_intermediate_size: int = Field(default=0, ge=0, le=MAX_INTERMEDIATE)
    shared_expert_gate: bool = False
    num_moe_layers: int = Field(ge=1, le=MAX_LAYERS)
    latent_size: int | None = Field(
        default=None, ge=1, le=MAX_HIDDEN,
        description="LatentMoE (Nemotron 3 Super): routed experts work in this width, reached "
        "through one down and one up projection per MoE layer; None: experts work in hidden.")

    @model_validator(mode="after")
    def _top_k_within_experts(self) -> MoeSpec:
        if self.experts_per_token > self.num_experts:
            raise ValueError("experts_per_token exceeds num_experts")
        return self


class QuantScope(BaseModel):
    """Which tensor groups a checkpoint's quantization covers."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    attention: bool = True
    dense_mlp: bool = True
    experts: bool = True
    embeddings: bool = False
    lm_head: bool = False


class CheckpointQuant(BaseModel):
    """Quantization of the published checkpoint (``quantization_config``)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    method: str = Field(description="vLLM-style method name: awq, gptq, fp8, compressed-tensors...")
    weight_format: str = Field(description="Id of the weight format in the precision table.")
    scope: QuantScope = QuantScope()
    kv_cache_format: str | None = Field(default=None, description="KV dtype the checkpoint asks for.")


class VisionSpec(BaseModel):
    """A vision encoder attached to the language model (counted in weights, not in KV)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    params: int = Field(ge=0, le=MAX_PARAMS)
    description: str = ""
    hidden_size: int = Field(default=0, ge=0, le=MAX_HIDDEN,
                             description="Encoder width (0: geometry unknown).")
    intermediate_size: int = Field(default=0, ge=0, le=MAX_INTERMEDIATE, description="Encoder MLP width.")
    num_layers: int = Field(default=0, ge=0, le=MAX_LAYERS, description="Encoder layers (local + global).")
    tokens_per_item: int = Field(
        default=0, ge=0, le=MAX_TOKENS_PER_IMAGE,
        description="Encoder tokens of one image at the largest size: tiles × ((image_size / patch_size)² "
        "+ class token).")
    prompt_tokens_per_item: int = Field(
        default=0, ge=0, le=MAX_TOKENS_PER_IMAGE,
        description="Prompt tokens one image takes in the language model "
        "(mm_tokens_per_image, or encoder tokens × pixel_shuffle_ratio²); 0: tokens_per_item.")
    output_features: int = Field(
        default=0, ge=0, le=MAX_INTERMEDIATE,
        description="Features per token the encoder hands on (vision_output_dim, "
        "e.g. Mllama's final + 4 intermediate layers); 0: its width.")
    encoder_decoder: bool = Field(
        default=False, description="The language model reads the image through cross-attention "
        "layers (Mllama), which vLLM V0 runs as an encoder-decoder model.")


class ModelSpec(BaseModel):
    """Architecture of a decoder-only (or multimodal) language model, normalised."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    hf_id: str | None = None
    model_type: str
    hidden_size: int = Field(ge=1, le=MAX_HIDDEN)
    num_layers: int = Field(ge=1, le=MAX_LAYERS)
    num_attention_heads: int = Field(ge=1, le=MAX_HEADS)
    num_kv_heads: int = Field(ge=1, le=MAX_HEADS)
    head_dim: int = Field(ge=1, le=MAX_HEAD_DIM)
    vocab_size: int = Field(ge=1, le=MAX_VOCAB)
    intermediate_size: int = Field(ge=0, le=MAX_INTERMEDIATE,
                                   description="Dense MLP width (0 when every layer is MoE).")
    mlp_gated: bool = Field(default=True, description="Gated MLP (SwiGLU/GeGLU: 3 matrices).")
    attention_bias: bool = False
    tie_word_embeddings: bool = False
    max_position_embeddings: int = Field(ge=1, le=MAX_POSITIONS)
    torch_dtype: str = "bfloat16"
    mla: MlaSpec | None = None
    moe: MoeSpec | None = None
    layer_attention: tuple[LayerAttention, ...] = Field(max_length=MAX_LAYERS,
                                                        description="Attention span per layer.")
    sliding_window: int | None = Field(default=None, ge=1, le=MAX_POSITIONS)
    attention_chunk_size: int | None = Field(default=None, ge=1, le=MAX_POSITIONS)
    cross_attention_layers: int = Field(default=0, ge=0, le=MAX_LAYERS)
    vision: VisionSpec | None = None
    quantization: CheckpointQuant | None = None
    mtp_layers: int = Field(default=0, ge=0, le=MAX_LAYERS,
                            description="Multi-token-prediction layers (not served).")
    layer_mlp_widths: tuple[Annotated[int, Field(ge=0, le=MAX_INTERMEDIATE)], ...] | None = Field(
        default=None, max_length=MAX_LAYERS,
        description="Dense MLP width of each layer when layers differ (Nemotron-NAS); "
        "None: every dense layer has intermediate_size.")
    linear_attention: LinearAttentionSpec | None = Field(
        default=None, description="Geometry of the 'state' layers (linear attention).")
    mamba: MambaSpec | None = Field(default=None, description="Geometry of Mamba-2 'state' layers.")
    attention_output_gate: bool = Field(
        default=False, description="Full-attention layers gate their output with a second "
        "query-sized projection (Qwen3-Next).")
    approximations: tuple[str, ...] = Field(
        default=(), max_length=16,
        description="Notice codes for what the import approximates (worded in gpucalc.text.notices).")
    exact_total_params: int | None = Field(
        default=None, ge=0, le=MAX_PARAMS,
        description="Parameter count read from safetensors headers, when available."
    )
    exact_weight_bytes: int | None = Field(
        default=None, ge=0, le=MAX_CHECKPOINT_BYTES,
        description="Checkpoint tensor bytes read from safetensors headers."
    )

    @model_validator(mode="after")
    def _consistent(self) -> ModelSpec:
        if len(self.layer_attention) != self.num_layers:
            raise ValueError("layer_attention must have one entry per layer")
        if self.num_attention_heads % self.num_kv_heads != 0:
            raise ValueError("num_attention_heads must be a multiple of num_key_value_heads")
        if self.moe is not None and self.moe.num_moe_layers > self.num_layers:
            raise ValueError("num_moe_layers exceeds num_layers")
        windowed = {LayerAttention.SLIDING} & set(self.layer_attention)
        if windowed and self.sliding_window is None:
            raise ValueError("sliding layers need sliding_window")
        if LayerAttention.CHUNKED in self.layer_attention and self.attention_chunk_size is None:
            raise ValueError("chunked layers need attention_chunk_size")
        if self.layer_mlp_widths is not None and len(self.layer_mlp_widths) != self.num_layers:
            raise ValueError("layer_mlp_widths must have one entry per layer")
        return self

    @property
    def attention_kind(self) -> AttentionKind:
        """MHA, GQA, MQA or MLA, read from head counts."""
        if self.mla is not None:
            return AttentionKind.MLA
        if self.num_kv_heads == 1:
            return AttentionKind.MQA
        if self.num_kv_heads == self.num_attention_heads:
            return AttentionKind.MHA
        return AttentionKind.GQA

    @property
    def num_dense_layers(self) -> int:
        """Layers with a dense MLP instead of experts."""
        return self.num_layers - (self.moe.num_moe_layers if self.moe else 0)

    @property
    def num_attention_layers(self) -> int:
        """Layers with softmax attention (full, sliding or chunked): they hold per-token KV."""
        return self.num_layers - self.count_layers(LayerAttention.STATE) - self.count_layers(
            LayerAttention.NONE)

    def count_layers(self, kind: LayerAttention) -> int:
        """Number of layers with the given attention span."""
        return sum(1 for k in self.layer_attention if k == kind)
