"""Validated planner inputs: deployment (engine flags), workload and latency targets."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from gpucalc.core.common.errors import InputRuleError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.kernel_surfaces import KernelCatalog
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.network import NetworkSpec
from gpucalc.core.specs.parallel_inputs import IMBALANCE_DEFAULTS, AllToAllMode, dcp_divides_tp_error
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from gpucalc.core.specs.speculative_inputs import NEEDS_A_METHOD, SpeculativeDecoding
from gpucalc.core.specs.weight_only import served_weight_format


class StateDtype(StrEnum):
    """Dtype of the Mamba / linear-attention recurrent state (vLLM --mamba-ssm-cache-dtype choices)."""

    AUTO = "auto"
    FLOAT32 = "float32"
    BFLOAT16 = "bfloat16"
    FLOAT16 = "float16"


class Deployment(BaseModel):
    """How the model is served: engine flags, in vLLM's vocabulary."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    engine: str = Field(default="vllm", description="Engine profile id: vllm, sglang or trtllm.")
    num_gpus: int = Field(default=1, ge=1, le=4096, description="GPUs in the deployment.")
    tensor_parallel_size: int = Field(default=1, ge=1, le=512)
    pipeline_parallel_size: int = Field(default=1, ge=1, le=128)
    enable_expert_parallel: bool = Field(default=False, description="Split experts across ranks.")
    max_model_len: int | None = Field(default=None, ge=16, le=16_777_216)
    gpu_memory_utilization: float | None = Field(
        default=None, gt=0.0, le=1.0, description="The engine's memory fraction (its own meaning)."
    )
    max_num_batched_tokens: int | None = Field(default=None, ge=16, le=1_048_576)
    max_num_seqs: int | None = Field(default=None, ge=1, le=65_536)
    weight_format: str | None = Field(
        default=None, description="Weight precision: checkpoint's own when None, else a what-if."
    )
    kv_cache_dtype: str = Field(default="auto")
    gpu_memory_gib: float | None = Field(default=None, gt=0, le=4096, description="Override.")
    kv_cache_memory_gib: float | None = Field(default=None, gt=0, le=4096)
    block_size: int | None = Field(default=None, ge=1, le=1024)
    limit_mm_per_prompt: int = Field(
        default=1, ge=0, le=64, description="Images per prompt (vLLM --limit-mm-per-prompt); the "
        "profiling pass runs the vision encoder on the most images the engine allows at once.")
    enforce_eager: bool = Field(
        default=False, description="Run without CUDA graphs (vLLM --enforce-eager, SGLang "
        "--disable-cuda-graph): no graph memory, but every step pays the kernel launches.")
    # prefix caching (vLLM --enable-prefix-caching, SGLang radix cache)
    enable_prefix_caching: bool | None = Field(
        default=None, description="Reuse the KV blocks of prompt prefixes already computed "
        "(vLLM --enable-prefix-caching / --no-enable-prefix-caching, SGLang --disable-radix-cache); "
        "None: the engine's default (on in vLLM V1, SGLang and TensorRT-LLM).")
    # prefill/decode disaggregation: two pools, each this deployment with its own TP/PP
    disaggregation: Disaggregation = Field(
        default=Disaggregation(), description="Prefill and decode on separate pools of replicas.")
    # Nodes and the scale-out network (issue 14 item 6; gpucalc.core.parallel.topology, core.network)
    nodes: int | None = Field(
        default=None, ge=1, le=4096, description="Nodes (servers, or NVL72-class racks) the GPUs "
        "sit in; None: ⌈GPUs ÷ GPUs per node⌉. When given, GPUs = nodes × GPUs per node.")
    gpus_per_node: int | None = Field(
        default=None, ge=1, le=4096, description="GPUs in one node; None: the GPU's server (8 "
        "for HGX boards and PCIe servers, the whole domain for NVL72-class racks).")
    network: str | None = Field(
        default=None, max_length=128, description="Scale-out network id between nodes (the "
        "network table); None: the network the GPU's servers ship with.")
    # Decode context parallel and the state of linear-attention / Mamba layers (issue 14, items 2, 7).
    decode_context_parallel_size: int = Field(
        default=1, ge=1, le=512, description="Decode context parallel (vLLM "
        "--decode-context-parallel-size): shards the KV cache along tokens over this many ranks of "
        "the TP group, where the KV would otherwise be replicated; must divide the TP size.")
    mamba_ssm_cache_dtype: StateDtype = Field(
        default=StateDtype.AUTO,
        description="Dtype of the recurrent state of Mamba / linear-attention layers (vLLM "
        "--mamba-ssm-cache-dtype); auto: the model config's mamba_ssm_cache_dtype, else the model dtype.")
    # Attention data parallel + expert parallel (gpucalc.core.parallel.expert_parallel)
    data_parallel_size: int = Field(
        default=1, ge=1, le=1024, description="DP ranks of one engine instance (vLLM "
        "--data-parallel-size, SGLang --dp-size with --enable-dp-attention): each rank its own "
        "attention TP × PP group, KV cache and scheduler; a MoE model's experts shard over DP × TP.")
    enable_eplb: bool = Field(default=False, description="Expert-parallel load balancer (vLLM / "
                              "SGLang --enable-eplb): lowers the default expert imbalance.")
    num_redundant_experts: int = Field(
        default=0, ge=0, le=4096, description="Extra expert copies EPLB places (vLLM --eplb-config "
        "num_redundant_experts, SGLang --ep-num-redundant-experts).")
    expert_imbalance: float | None = Field(
        default=None, ge=1.0, le=8.0, description="Busiest EP rank's routed tokens ÷ the mean; None: "
        f"{IMBALANCE_DEFAULTS} (gpucalc.core.parallel.expert_parallel).")
    all2all_mode: AllToAllMode = Field(
        default=AllToAllMode.ALLGATHER, description="Expert all-to-all: allgather (vLLM default "
        "allgather_reducescatter), normal (DeepEP high-throughput), low-latency (DeepEP).")
    # speculative decoding (vLLM --speculative-config, SGLang --speculative-*)
    speculative_config: SpeculativeDecoding | None = Field(
        default=None, description="Draft method, draft length and acceptance; None: no speculation.")

    @model_validator(mode="before")
    @classmethod
    def _speculation_has_a_method(cls, data: object) -> object:
        """A speculative set-up names its method (None: switched off, its other values kept)."""
        if (isinstance(data, dict) and isinstance(value := data.get("speculative_config"), dict)
                and "method" not in value):
            raise InputRuleError(NEEDS_A_METHOD, "speculative_config")
        return data

    @model_validator(mode="after")
    def _parallel_fits(self) -> Deployment:
        per_replica = self.tensor_parallel_size * self.pipeline_parallel_size
        if per_replica > self.num_gpus:
            raise InputRuleError(QT_TRANSLATE_NOOP(
                "Errors", "{tensor_parallel_size} × {pipeline_parallel_size} = {per_replica} needs at "
                          "least {per_replica} GPUs; {num_gpus} is {gpus}"),
                "num_gpus", per_replica=per_replica, gpus=self.num_gpus)
        error = dcp_divides_tp_error(self.tensor_parallel_size, self.decode_context_parallel_size)
        if error is not None:
            raise error
        if per_replica * self.data_parallel_size > self.num_gpus:
            raise InputRuleError(QT_TRANSLATE_NOOP(
                "Errors", "{data_parallel_size} {dp} × {per_replica} GPUs per rank needs at least "
                          "{needed} GPUs; {num_gpus} is {gpus}"),
                "data_parallel_size", dp=self.data_parallel_size, per_replica=per_replica,
                needed=per_replica * self.data_parallel_size, gpus=self.num_gpus)
        return self

    @property
    def gpus_per_replica(self) -> int:
        """GPUs one model replica spans (TP × PP)."""
        return self.tensor_parallel_size * self.pipeline_parallel_size

    @property
    def gpus_per_engine(self) -> int:
        """GPUs one engine instance spans: DP × TP × PP (one DP group)."""
        return self.data_parallel_size * self.gpus_per_replica

    @property
    def speculation(self) -> SpeculativeDecoding | None:
        """The speculative set-up in force (None: off, or no method chosen)."""
        spec = self.speculative_config
        return spec if spec is not None and spec.method is not None else None

    @property
    def replicas(self) -> int:
        """Attention groups (TP × PP each) the deployment's GPUs hold, in whole DP groups."""
        return self.num_gpus // self.gpus_per_engine * self.data_parallel_size

    @property
    def engines(self) -> int:
        """Engine instances (DP × TP × PP GPUs each) the GPUs hold: the replicas the fleet counts."""
        return self.num_gpus // self.gpus_per_engine


class TrafficMode(StrEnum):
    """How the traffic is planned (seed 000: plan online and offline traffic separately).

    Online: at the latency targets, with the watermark's share of the knee as online capacity.
    Offline: latency targets do not apply; memory is filled for throughput. Mixed: online at the
    watermark, batch work backfilled into the capacity above it.
    """

    ONLINE = "online"
    OFFLINE = "offline"
    MIXED = "mixed"


class RequestClass(BaseModel):
    """One class of a mixed workload (e.g. short Q&A vs long documents)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = ""
    share: float = Field(gt=0, le=1, description="Fraction of requests in this class.")
    input_len: int = Field(ge=1, le=16_777_216)
    output_len: int = Field(ge=1, le=16_777_216)


MAX_REQUEST_CLASSES = 64
"""Most classes of one mixed workload (each costs a latency evaluation per view: 64 keep a report
within a second of one without classes; 5,000 took a minute)."""

# The slowest traffic planned or simulated: one request in about 11.6 days. Slower rates describe
# no serving load; their arrival gaps (1e6 s and more) swamp every latency and underflow.
MIN_REQUEST_RATE = 1e-6  # req/s


class Workload(BaseModel):
    """Request lengths and traffic, as planners describe them (P50/P95, turns, classes)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    input_len_p50: int = Field(default=1024, ge=1, le=16_777_216)
    output_len_p50: int = Field(default=256, ge=1, le=16_777_216)
    input_len_p95: int | None = Field(default=None, ge=1, le=16_777_216)
    output_len_p95: int | None = Field(default=None, ge=1, le=16_777_216)
    max_turns: int = Field(default=1, ge=1, le=1000, description="Turns of a multi-turn chat.")
    tokens_per_turn: int = Field(default=0, ge=0, le=1_000_000, description="History growth.")
    classes: tuple[RequestClass, ...] = Field(
        default=(), max_length=MAX_REQUEST_CLASSES,
        description=f"Classes of mixed traffic (at most {MAX_REQUEST_CLASSES}); shares add up to 1.")
    length_margin: float = Field(
        default=0.0, ge=0.0, le=0.5,
        description="Seed 002: plan lengths this share longer (0.2–0.3 when lengths vary).")
    qps_avg: float | None = Field(
        default=None, ge=MIN_REQUEST_RATE, le=1e6,
        description="Average requests per second the fleet must carry; None: not given (the plan "
        "states what one replica carries instead of sizing a fleet).")
    qps_peak: float | None = Field(default=None, ge=MIN_REQUEST_RATE, le=1e6)
    mode: TrafficMode = TrafficMode.ONLINE
    # prefix caching: a measured hit rate, or the shared-prefix structure it follows from
    prefix_hit_rate: float | None = Field(
        default=None, ge=0.0, lt=1.0, description="Share of prompt tokens served from the prefix "
        "cache (e.g. vLLM's 'Prefix cache hit rate'); None: derived from the shared prefix.")
    shared_prefix_len: int = Field(
        default=0, ge=0, le=16_777_216, description="Tokens every prompt shares with others "
        "(system prompt, few-shot examples, a common document).")
    num_prefixes: int = Field(
        default=1, ge=1, le=1_000_000, description="Distinct shared prefixes the traffic uses.")
    history_cached: bool = Field(
        default=False, description="A chat turn finds its earlier turns still cached (turns "
        "arrive before LRU eviction), so its history is a prefix hit.")

    @model_validator(mode="after")
    def _ordered(self) -> Workload:
        if self.input_len_p95 is not None and self.input_len_p95 < self.input_len_p50:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{input_len_p95} must be at least "
                                                             "{input_len_p50}"), "input_len_p95")
        if self.output_len_p95 is not None and self.output_len_p95 < self.output_len_p50:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{output_len_p95} must be at least "
                                                             "{output_len_p50}"), "output_len_p95")
        if self.qps_peak is not None and self.qps_avg is None:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{qps_peak} needs {qps_avg}"), "qps_peak")
        if self.qps_peak is not None and self.qps_avg is not None and self.qps_peak < self.qps_avg:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{qps_peak} must be at least {qps_avg}"),
                                 "qps_peak")
        total = sum(c.share for c in self.classes)
        if self.classes and abs(total - 1.0) > 1e-6:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{classes}: the shares must add up to 1, "
                                                             "not {total:.3g}"),
                                 "classes", total=total)
        return self

    @property
    def input_p95(self) -> int:
        """P95 input length (P50 when no P95 was given)."""
        return self.input_len_p95 or self.input_len_p50

    @property
    def output_p95(self) -> int:
        """P95 output length (P50 when no P95 was given)."""
        return self.output_len_p95 or self.output_len_p50


SLO_PERCENTILES = (50, 95, 99)  # seed 000 plans at P95
MIN_WATERMARK = 0.05
"""The smallest share of the knee planned online (seed 000: about 70 %): below it a replica's
planned rate shrinks without bound while one request still runs (1e-300 asked for a 300-digit
fleet)."""


class Targets(BaseModel):
    """Latency targets and the safety watermark."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    ttft_ms: float = Field(default=2000.0, gt=0, le=3_600_000)
    tpot_ms: float = Field(default=100.0, gt=0, le=60_000)
    watermark: float = Field(default=0.7, ge=MIN_WATERMARK, le=1.0,
                             description="Share of the knee (the recommendation) planned online.")
    planning_memory_share: float = Field(
        default=0.7, gt=0, le=1.0, description="Weights + KV(avg) + margin must fit this share."
    )
    percentile: int = Field(
        default=95, ge=50, le=99,
        description="Percentile of requests that must meet TTFT and TPOT: 50, 95 or 99.")

    @model_validator(mode="after")
    def _known_percentile(self) -> Targets:
        if self.percentile not in SLO_PERCENTILES:
            raise InputRuleError(QT_TRANSLATE_NOOP("Errors", "{percentile} must be one of {choices}"),
                                 "percentile", choices=", ".join(map(str, SLO_PERCENTILES)))
        return self


class PlanInputs(BaseModel):
    """Everything one calculation needs, resolved from the catalog.

    The weight formats are held as the GPU runs them (:mod:`gpucalc.core.specs.weight_only`): an FP8
    format on a GPU without FP8 tensor cores becomes FP8 weight-only (W8A16), here on
    construction and in :meth:`model_copy` whenever the GPU or a format changes, so every path
    that builds or varies inputs (estimate, sweeps, grid tiers, sizing) gets the same answer.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    model: ModelSpec
    gpu: GpuSpec
    engine: EngineProfile
    weight_format: WeightFormat
    body_format_is_checkpoint: bool = Field(description="Weights come quantized in the checkpoint.")
    kv_format: KvFormat
    deployment: Deployment = Deployment()
    workload: Workload = Workload()
    targets: Targets = Targets()
    kernels: KernelCatalog | None = Field(
        default=None, description="Measured kernel surfaces (specs/kernels); the step model "
        "picks the GPU's own or its mapped system's at build time.")
    network: NetworkSpec | None = Field(
        default=None, description="Scale-out network between nodes (None: the host path).")
    # speculative decoding: the draft model of method draft_model, resolved from the catalog
    speculative_draft: ModelSpec | None = Field(
        default=None, description="Architecture of the draft model (method draft_model).")
    speculative_draft_format: WeightFormat | None = Field(
        default=None, description="Weight format the draft model is stored in.")

    @field_validator("weight_format", "speculative_draft_format")
    @classmethod
    def _served_on_the_gpu(cls, fmt: WeightFormat | None, info: ValidationInfo) -> WeightFormat | None:
        gpu = info.data.get("gpu")
        if fmt is None or not isinstance(gpu, GpuSpec):
            return fmt
        return served_weight_format(fmt, gpu)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied; a new GPU or format is served as that GPU runs it."""
        copied = super().model_copy(update=update, deep=deep)
        if not update or not {"gpu", "weight_format", "speculative_draft_format"} & update.keys():
            return copied
        served = {"weight_format": served_weight_format(copied.weight_format, copied.gpu)}
        if copied.speculative_draft_format is not None:
            served["speculative_draft_format"] = served_weight_format(
                copied.speculative_draft_format, copied.gpu)
        changed = {key: fmt for key, fmt in served.items() if fmt is not getattr(copied, key)}
        return super(PlanInputs, copied).model_copy(update=changed) if changed else copied
