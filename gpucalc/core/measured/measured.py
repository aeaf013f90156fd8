"""Measurements a user brings back from a real deployment: start-up memory and load points.

Importers (:mod:`gpucalc.io.engine_log`, :mod:`gpucalc.io.bench_results`) produce these; the
comparison (:mod:`gpucalc.core.measured.log_compare`) and the fit
(:mod:`gpucalc.core.measured.calibrate`) read them. Every figure is optional: a log or a benchmark
prints what it prints.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gpucalc.core.measured.length_records import MAX_TOKENS_PER_REQUEST

FlagValue = str | int | float | bool

MAX_POINT_CONCURRENCY = 1_000_000_000
"""A bound on a measured concurrency (requests in flight): far beyond any served load; a larger
figure is a corrupt record."""
MAX_POINT_PROMPTS = 10**12
"""A bound on a benchmark's request count."""


class MeasuredMemory(BaseModel):
    """Per-GPU memory an engine reported at start-up (GiB unless stated)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    engine: str | None = Field(default=None, description="vllm, vllm-v0, sglang or trtllm.")
    engine_version: str | None = None
    gpu_total_gib: float | None = Field(default=None, gt=0)
    memory_fraction: float | None = Field(default=None, gt=0, le=1)
    weights_gib: float | None = Field(default=None, ge=0)
    activation_gib: float | None = Field(default=None, ge=0, description="Activation peak.")
    non_torch_gib: float | None = Field(default=None, ge=0, description="Runtime / non-torch memory.")
    cuda_graph_gib: float | None = Field(default=None, ge=0)
    kv_cache_gib: float | None = Field(default=None, ge=0)
    kv_cache_tokens: int | None = Field(default=None, ge=0, description="Engine-wide KV tokens.")
    kv_blocks: int | None = Field(default=None, ge=0)
    block_size: int | None = Field(default=None, ge=1)
    max_concurrency: float | None = Field(default=None, ge=0)
    max_concurrency_tokens: int | None = Field(default=None, ge=1,
                                               description="Tokens per request of max_concurrency.")
    flags: dict[str, FlagValue] = Field(default_factory=dict, description="Flags the log printed.")
    source: str = ""

    @property
    def figures(self) -> dict[str, float]:
        """The memory and capacity figures that were found, keyed like the comparison lines."""
        values: dict[str, float | int | None] = {
            "weights_gib_per_gpu": self.weights_gib, "activation_gib_per_gpu": self.activation_gib,
            "non_torch_gib_per_gpu": self.non_torch_gib, "cuda_graphs_gib_per_gpu": self.cuda_graph_gib,
            "kv_cache_gib_per_gpu": self.kv_cache_gib, "kv_cache_tokens": self.kv_cache_tokens,
            "max_concurrency": self.max_concurrency,
        }
        return {key: float(value) for key, value in values.items() if value is not None}


class MeasuredPoint(BaseModel):
    """One benchmark run at one load: what was offered and what came out.

    ``request_rate`` may be ``inf`` (all requests sent at once). Latencies are in ms; ``*_stat``
    says whether a latency is a mean or a median (``p50``), which the model predicts differently.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    concurrency: float | None = Field(default=None, gt=0, le=MAX_POINT_CONCURRENCY, allow_inf_nan=False)
    request_rate: float | None = Field(default=None, gt=0)
    num_prompts: int | None = Field(default=None, ge=1, le=MAX_POINT_PROMPTS)
    mean_input_tokens: float | None = Field(default=None, gt=0, le=MAX_TOKENS_PER_REQUEST,
                                            allow_inf_nan=False)
    mean_output_tokens: float | None = Field(default=None, gt=0, le=MAX_TOKENS_PER_REQUEST,
                                             allow_inf_nan=False)
    ttft_ms: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    ttft_stat: str = "mean"
    tpot_ms: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    itl_ms: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    itl_stat: str = "mean"
    p99_ttft_ms: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    p99_tpot_ms: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    output_tok_s: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    request_per_s: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    source: str = ""

    @model_validator(mode="after")
    def _has_load_and_metric(self) -> MeasuredPoint:
        if self.concurrency is None and self.request_rate is None:
            raise ValueError("a measured point needs a concurrency or a request rate")
        if self.request_rate is not None and math.isnan(self.request_rate):
            raise ValueError("request rate is not a number")
        if not self.metrics:
            raise ValueError("a measured point needs at least one of TTFT, TPOT/ITL or throughput")
        return self

    @property
    def load_label(self) -> str:
        """``c=32`` for a closed loop, ``rate=4 req/s`` or ``rate=inf`` for arrivals."""
        if self.concurrency is not None:
            return f"c={self.concurrency:g}"
        rate = self.request_rate if self.request_rate is not None else math.inf
        return "rate=inf" if math.isinf(rate) else f"rate={rate:g} req/s"

    @property
    def load_order(self) -> float:
        """A number that orders points from light to heavy load."""
        if self.concurrency is not None:
            return self.concurrency
        return self.request_rate if self.request_rate is not None else math.inf

    @property
    def metrics(self) -> dict[str, float]:
        """Measured values of the fitted metrics: throughput (tok/s), ttft (ms), tpot (ms).

        ``tpot`` is the mean TPOT when given, else the ITL (mean or median as ``itl_stat`` says).
        """
        values: dict[str, float] = {}
        if self.output_tok_s is not None:
            values["throughput"] = self.output_tok_s
        if self.ttft_ms is not None:
            values["ttft"] = self.ttft_ms
        per_token = self.tpot_ms if self.tpot_ms is not None else self.itl_ms
        if per_token is not None:
            values["tpot"] = per_token
        return values

    @property
    def tpot_is_median_itl(self) -> bool:
        """The per-token figure is a median ITL (a decode-only step), not a mean TPOT."""
        return self.tpot_ms is None and self.itl_ms is not None and self.itl_stat in {"median", "p50"}
