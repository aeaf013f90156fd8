"""Serving-engine profiles: each engine's memory semantics and its sourced constants."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.efficiency import Efficiency, EfficiencyOverride


class EngineKind(StrEnum):
    """Supported serving engines."""

    VLLM = "vllm"
    SGLANG = "sglang"
    TRTLLM = "trtllm"


class MemoryKnob(StrEnum):
    """What an engine's memory fraction is a fraction of (DOMAIN.md §2)."""

    TOTAL = "fraction_of_total"  # vLLM --gpu-memory-utilization
    STATIC = "static_fraction"  # SGLang --mem-fraction-static: (weights + KV) / capacity
    FREE_AFTER_LOAD = "fraction_of_free_after_load"  # TensorRT-LLM free_gpu_memory_fraction


class MaxLenAdmission(StrEnum):
    """What an engine does at start-up when one max_model_len request outgrows its KV pool."""

    REFUSE_KV_BYTES = "refuse_kv_bytes"  # vLLM V1: per-layer bytes, sliding layers at their window
    REFUSE_KV_TOKENS = "refuse_kv_tokens"  # vLLM V0: max_model_len > KV blocks × block size
    CAP_TO_POOL = "cap_to_pool"  # SGLang, TensorRT-LLM: start, cap request length at the pool


class MultimodalProfiling(StrEnum):
    """How an engine's profiling pass sizes the vision-encoder batch (what it runs once)."""

    NONE = "none"  # the encoder's activations are not part of the measured peak
    ENCODER_BUDGET = "encoder_budget"  # vLLM V1: items = max(T, item tokens) ÷ item tokens
    SEQS_BY_MM_TOKENS = "seqs_by_mm_tokens"  # vLLM V0: dummy seqs each carrying the max items


class ActivationConstants(BaseModel):
    """Constants of the activation-peak model (profiling forward pass + sampler)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    forward_base_gib: float = Field(ge=0, description="Fixed part of the profiling forward peak.")
    mlp_elements_per_token_factor: float = Field(
        ge=0, description="Live MLP elements per token per intermediate width (gate+up+act = 3)."
    )
    sampler_bytes_per_logit: float = Field(ge=0, description="Sampler bytes per (seq × vocab).")
    sampler_base_gib: float = Field(ge=0)
    moe_workspace_persistent: bool = Field(
        description="Fused-MoE workspaces stay allocated after the forward pass."
    )
    multimodal_profiling: MultimodalProfiling = Field(
        default=MultimodalProfiling.NONE,
        description="How the profiling pass batches the vision encoder (source in "
        "multimodal_source).")
    multimodal_source: str = ""
    source: str


class RuntimeConstants(BaseModel):
    """Memory outside the framework's tensors: CUDA context, NCCL, CUDA graphs."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    non_torch_gib_single: float = Field(ge=0)
    non_torch_gib_tp_extra: float = Field(ge=0, description="Added when tensor parallel > 1.")
    cuda_graph_gib: float = Field(ge=0)
    cuda_graph_deducted: bool = Field(description="Graph memory is taken out of the KV budget.")
    eager_launch_ms_per_layer: float = Field(
        default=0.0, ge=0, le=10,
        description="CPU time to launch one decoder layer's kernels without CUDA graphs (ms); "
        "a step cannot finish faster than layers × this.",
    )
    eager_source: str = Field(default="", description="Where the eager launch cost comes from.")
    source: str


class BatchDefaults(BaseModel):
    """Scheduler defaults, which differ for large (≥ 70 GiB, non-A100) and other GPUs."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    max_num_batched_tokens_large_gpu: int = Field(ge=1)
    max_num_batched_tokens_other_gpu: int = Field(ge=1)
    max_num_seqs_large_gpu: int = Field(ge=1)
    max_num_seqs_other_gpu: int = Field(ge=1)
    large_gpu_min_gib: float = 70.0
    large_gpu_excludes: tuple[str, ...] = ("a100",)
    batched_tokens_follow_max_model_len_up_to: int | None = Field(
        default=None,
        description="Without chunked prefill (pre-V1 vLLM) the token budget is max(max_model_len,"
        " default) for max_model_len up to this length; longer contexts enable chunked prefill.",
    )
    multimodal_follows_max_model_len: bool = Field(
        default=False, description="Multimodal models keep chunked prefill off at any length, so "
        "their token budget is max(max_model_len, default) (pre-V1 vLLM).")
    source: str


class SglangMemoryTier(BaseModel):
    """One GPU-memory tier of SGLang's defaults (chunked prefill size, CUDA-graph batch size)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    below_mib: float | None = Field(
        default=None, description="Tier applies to GPUs with less memory than this (MiB); "
        "None: no upper bound.")
    chunked_prefill_size: int = Field(ge=1)
    cuda_graph_max_bs_tp_below_4: int = Field(ge=1)
    cuda_graph_max_bs_tp_4_up: int = Field(ge=1)


class SglangTpFraction(BaseModel):
    """A fixed ``mem_fraction_static`` default for tensor-parallel sizes of at least ``min_tp``."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    min_tp: int = Field(ge=1)
    fraction: float = Field(gt=0, le=1)


class SglangReserve(BaseModel):
    """SGLang's default ``mem_fraction_static`` heuristic (reserved MB for non-static memory).

    0.5.x derives the fraction from a reserve that grows with the chunked-prefill size and the
    CUDA-graph batch size, both set per GPU-memory tier; 0.4.x uses a fixed fraction per TP size
    (``tp_fractions``, non-empty) and only sets the tiers' prefill and graph sizes.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    base_mb: float = 512.0
    per_prefill_token_mb: float = 1.5
    per_cuda_graph_batch_mb: float = 2.0
    per_tp_over_8_mb: float = 1024.0
    min_reserved_mb_large_gpu: float = 10 * 1024.0
    large_gpu_min_mb: float = 60 * 1024.0
    cuda_graph_max_bs: int = 256
    tiers: tuple[SglangMemoryTier, ...] = Field(
        default=(), description="GPU-memory tiers in ascending order; empty: the fixed sizes.")
    tp_fractions: tuple[SglangTpFraction, ...] = Field(
        default=(), description="0.4.x: fixed fraction by TP size; empty: the reserve formula.")
    multimodal_fraction_factor: float = Field(
        default=1.0, gt=0, le=1, description="Fraction multiplier for models with a vision "
        "encoder (image processor memory).")
    context_before_pool: bool = Field(
        default=True, description="The fraction applies to the memory free after the CUDA "
        "context and NCCL are created (model_runner measures it before loading weights).")
    source: str = ""


class EngineProfile(BaseModel):
    """One engine's memory semantics and defaults."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    schema_version: int = 1
    id: str
    kind: EngineKind
    name: str
    version: str
    memory_knob: MemoryKnob
    memory_knob_flag: str
    default_memory_fraction: float | None = Field(default=None, gt=0, le=1)
    block_size_tokens: int = Field(ge=1)
    counts_sliding_window_savings: bool = Field(
        description="KV capacity accounts for sliding-window layers holding fewer tokens."
    )
    max_len_admission: MaxLenAdmission = Field(
        default=MaxLenAdmission.REFUSE_KV_TOKENS,
        description="Start-up rule when one max_model_len request's KV exceeds the pool "
        "(source in sources['admission']).",
    )
    batch_defaults: BatchDefaults
    activation: ActivationConstants
    runtime: RuntimeConstants
    sglang_reserve: SglangReserve | None = None
    kv_dtype_from_checkpoint: bool = Field(
        default=False, description="KV dtype 'auto' takes the checkpoint's KV quantization "
        "(e.g. kv_cache_quant_algo FP8) instead of the activation dtype (source in "
        "sources['kv_dtype']).")
    prefix_caching_default: bool = Field(
        default=False, description="Automatic prefix caching is on unless switched off (vLLM V1 "
        "--enable-prefix-caching, SGLang's radix cache, TensorRT-LLM KV block reuse); source in "
        "sources['prefix_caching'].")
    efficiency: Efficiency
    efficiency_by_gpu: dict[str, EfficiencyOverride] = Field(default_factory=dict)
    sources: dict[str, str] = Field(default_factory=dict)
    notes: str = ""
