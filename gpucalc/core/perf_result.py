"""The performance side of a result: ceilings, latency under load and throughput."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.class_latency import ClassLatency
from gpucalc.core.efficiency import Efficiency
from gpucalc.core.explain import Notice, Term
from gpucalc.core.fleet import ReplicaRates
from gpucalc.core.perf_model import MAX_SEARCH_CONCURRENCY
from gpucalc.core.prefix_cache import PrefixCacheResult
from gpucalc.core.speculative_result import SpeculativeSummary


class CeilingKind(StrEnum):
    """The three limits of seed 002 and the engine's scheduler cap, one colour each in every view."""

    MEMORY = "memory"
    COMPUTE = "compute"
    INTERCONNECT = "interconnect"
    SCHEDULER = "scheduler"


class Ceiling(BaseModel):
    """One concurrency ceiling (running requests per replica)."""

    model_config = ConfigDict(frozen=True)

    kind: CeilingKind
    value: Term
    limited: bool  # False: this resource sets no limit (e.g. no interconnect on one GPU)
    binding: bool

    @property
    def sets_no_limit(self) -> bool:
        """Whether every view says "no limit" for this ceiling.

        True when the resource does not limit, or when its search reached the cap
        (``MAX_SEARCH_CONCURRENCY``) without finding a limit.
        """
        return not self.limited or self.value.value >= MAX_SEARCH_CONCURRENCY


class PointSummary(BaseModel):
    """Latency and throughput at one load, per replica."""

    model_config = ConfigDict(frozen=True)

    label: str
    concurrency: float
    running: float
    ttft_ms: Term
    tpot_ms: Term
    itl_ms: Term
    output_tokens_per_s: Term
    requests_per_s: Term


class CurvePoint(BaseModel):
    """One point of the latency-vs-concurrency curves."""

    model_config = ConfigDict(frozen=True)

    concurrency: float
    ttft_ms: float
    tpot_ms: float
    output_tokens_per_s: float


class PerformanceResult(BaseModel):
    """Three ceilings, recommendation, and latency/throughput under load (one replica)."""

    model_config = ConfigDict(frozen=True)

    ceilings: tuple[Ceiling, ...]
    recommended_concurrency: Term
    bottleneck: CeilingKind
    advice: tuple[Notice, ...]
    online_capacity: Term
    comm_share: Term
    step_breakdown_ms: tuple[Term, ...]
    operating_point: PointSummary
    at_recommended: PointSummary
    offline_max: PointSummary
    load_curve: tuple[CurvePoint, ...]
    knee_concurrency: Term
    rates: ReplicaRates
    efficiency: Efficiency
    replicas: int
    prefix_cache: PrefixCacheResult | None = Field(
        default=None, description="Prefix caching's hit rate and savings; None when it is off.")
    per_class: tuple[ClassLatency, ...] = ()  # mixed traffic: each class at the recommendation
    expert_parallel: tuple[Term, ...] = ()  # DP expert group: size, experts/GPU, imbalance, all-to-all
    memory_share: Term | None = Field(
        default=None, description="Seed 001's check: memory share at the planned concurrency "
                                  "(the online capacity, or the concurrency asked for).")
    notices: tuple[Notice, ...] = Field(
        default=(), description="Warnings about the layout and the memory share.")
    # speculative decoding
    speculative: SpeculativeSummary | None = Field(
        default=None, description="Acceptance, draft memory and TPOT gain; None without speculation.")

    @property
    def memory_share_passes(self) -> bool:
        """Weights + KV at average length + margin stay within the planning share (seed 001)."""
        share = self.memory_share
        return share is None or share.value <= float(share.inputs["planning_share"])

    @property
    def memory_alarm(self) -> bool:
        """The average length already reaches seed 001's 80 % alarm line."""
        share = self.memory_share
        return share is not None and share.value >= float(share.inputs["alarm_share"])

    def ceiling(self, kind: CeilingKind) -> Ceiling:
        """The ceiling of one kind."""
        return next(c for c in self.ceilings if c.kind == kind)
