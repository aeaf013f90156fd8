"""The performance side of a result: ceilings, latency under load and throughput."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.capacity.class_latency import ClassLatency
from gpucalc.core.capacity.perf_model import MAX_SEARCH_CONCURRENCY
from gpucalc.core.capacity.rates import ReplicaRates
from gpucalc.core.capacity.speculative_result import SpeculativeSummary
from gpucalc.core.common.explain import Notice, Term
from gpucalc.core.specs.efficiency import Efficiency
from gpucalc.core.step.prefix_cache import PrefixCacheResult


class CeilingKind(StrEnum):
    """The three limits of seed 002 and the engine's scheduler cap, one colour each in every view."""

    MEMORY = "memory"
    COMPUTE = "compute"
    INTERCONNECT = "interconnect"
    SCHEDULER = "scheduler"


class LatencyTarget(StrEnum):
    """The latency target that stops the compute ceiling."""

    TTFT = "ttft"
    TPOT = "tpot"


class LimitKind(StrEnum):
    """What stops the concurrency: a ceiling, or where compute binds, the latency target it breaks.

    The names ``--json`` writes as ``binding_limit``: memory (the KV cache at the planning
    length), ttft or tpot (the target a closed loop breaks one request past the ceiling),
    interconnect (communication past half the TPOT budget) or scheduler (``max_num_seqs``).
    """

    MEMORY = "memory"
    TTFT = "ttft"
    TPOT = "tpot"
    INTERCONNECT = "interconnect"
    SCHEDULER = "scheduler"


def ceiling_of(limit: LimitKind | str) -> CeilingKind:
    """The ceiling a binding limit belongs to (TTFT and TPOT are the compute ceiling's)."""
    kind = LimitKind(limit)
    return CeilingKind.COMPUTE if kind in (LimitKind.TTFT, LimitKind.TPOT) else CeilingKind(kind.value)


class Ceiling(BaseModel):
    """One concurrency ceiling (running requests per replica)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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
    """Latency and throughput at one load of one replica (an engine: all its DP ranks)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    label: str
    concurrency: float
    running: float
    ttft_ms: Term
    tpot_ms: Term
    itl_ms: Term
    output_tokens_per_s: Term
    requests_per_s: Term
    percentile: int | None = Field(default=None, description="The SLO percentile of the two below.")
    ttft_percentile_ms: Term | None = Field(default=None, description="P-th TTFT at this load.")
    tpot_percentile_ms: Term | None = Field(default=None, description="P-th TPOT at this load.")


class RateCapacity(BaseModel):
    """Requests per second one replica carries under random (Poisson) arrivals at the P-th targets.

    Queueing in front of the prefill included; ``in_flight`` is the average number of requests
    open at that rate (Little's law: rate × mean end-to-end latency).
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    requests_per_s: Term
    in_flight: Term
    output_tokens_per_s: Term
    ttft_ms: Term = Field(description="P-th TTFT at the rate capacity.")
    tpot_ms: Term = Field(description="P-th TPOT at the rate capacity.")
    binding_limit: LimitKind
    percentile: int
    dp_ranks: int = Field(default=1, ge=1, description="DP ranks the engine's rate is summed over.")

    @property
    def requests_per_s_per_dp_rank(self) -> float:
        """One attention group's share of the rate (what a simulation of one replica serves)."""
        return self.requests_per_s.value / self.dp_ranks


class Unreachable(BaseModel):
    """Why no request count meets the targets: each target at one request against its value."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    percentile: int
    ttft_ms_at_one: Term = Field(description="P-th TTFT of one request in flight: the fastest TTFT.")
    tpot_ms_at_one: Term = Field(description="P-th TPOT of one request in flight: the fastest TPOT.")
    ttft_target_ms: float
    tpot_target_ms: float
    kv_short: bool = Field(default=False, description="One request at the planning length does not "
                                                      "fit the KV cache.")

    @property
    def failing(self) -> tuple[LimitKind, ...]:
        """The targets one request already misses."""
        failing = []
        if self.ttft_ms_at_one.value > self.ttft_target_ms:
            failing.append(LimitKind.TTFT)
        if self.tpot_ms_at_one.value > self.tpot_target_ms:
            failing.append(LimitKind.TPOT)
        return tuple(failing)


class CurvePoint(BaseModel):
    """One point of the latency-vs-concurrency curves."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    concurrency: float
    ttft_ms: float
    tpot_ms: float
    output_tokens_per_s: float


class PerformanceResult(BaseModel):
    """Three ceilings, the answer, and latency/throughput under load of one replica (an engine)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    ceilings: tuple[Ceiling, ...]
    recommended_concurrency: Term = Field(description="Concurrency: requests in flight on one "
                                          "engine meeting the P-th targets (a closed-loop ladder).")
    bottleneck: CeilingKind
    binding_limit: LimitKind = LimitKind.MEMORY
    percentile: int = 95
    rate_capacity: RateCapacity | None = Field(
        default=None, description="Requests/s under Poisson arrivals at the P-th targets.")
    unreachable: Unreachable | None = Field(
        default=None, description="Why no concurrency meets the targets (None when one does).")
    advice: tuple[Notice, ...]
    online_capacity: Term = Field(description="Planned concurrency: min(watermark × concurrency, "
                                  "seed 001's memory-share rule).")
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
