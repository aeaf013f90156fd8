"""What one replica holds and serves, and the planning rules that turn it into planned load.

The inputs of the fleet rule (:mod:`gpucalc.core.fleet.fleet`), made by the answer
(:mod:`gpucalc.core.capacity.engine_answer`): the concurrency, the rate capacity and their
planned shares (the watermark, or seed 001's memory rule when it allows less).
"""

from __future__ import annotations

import math
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.inputs import Targets, TrafficMode

SEED_WATERMARK = "seed 000: 按拐点的七成左右做线上容量，剩下的留给突发和长尾"


class PlannedBy(StrEnum):
    """Which rule sets the planned concurrency: the watermark or seed 001's memory share."""

    WATERMARK = "watermark"
    MEMORY_SHARE = "memory_share"


class ReplicaRates(BaseModel):
    """What one replica (an engine instance) holds and serves: the inputs of the fleet rule."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    concurrency: int = Field(description="Requests in flight meeting the P-th targets (closed loop).")
    planned_concurrency: int = Field(description="min(watermark × concurrency, the memory-share "
                                     "rule's requests): the requests planned online.")
    planned_by: PlannedBy
    watermark: float = Field(description="Share of the rate capacity planned online (1 offline).")
    requests_per_s_capacity: float = Field(description="Rate capacity: Poisson req/s at the P-th targets.")
    requests_per_s_planned: float = Field(description="watermark × rate capacity: the average's rate.")
    output_tokens_per_s_capacity: float
    output_tokens_per_s_planned: float
    output_tokens_per_s_saturated: float = Field(description="Batch filled to memory and max_num_seqs.")


def planning_watermark(targets: Targets, mode: TrafficMode) -> float:
    """Share of the concurrency and of the rate capacity planned online (1 offline: fill memory)."""
    return 1.0 if mode == TrafficMode.OFFLINE else targets.watermark


def planned_concurrency(concurrency: int, watermark: float, memory_share_requests: int | None
                        ) -> tuple[int, PlannedBy]:
    """Requests planned online: the watermark's share of the concurrency, within seed 001's rule.

    At least 1 when the concurrency is, and at most the memory-share rule's requests (``None``:
    the rule does not apply).
    """
    if concurrency < 1:
        return 0, PlannedBy.WATERMARK
    by_watermark = max(1, math.floor(watermark * concurrency + 1e-9))
    if memory_share_requests is not None and memory_share_requests < by_watermark:
        return max(memory_share_requests, 0), PlannedBy.MEMORY_SHARE
    return by_watermark, PlannedBy.WATERMARK


def replicas_for_rate(qps: float, requests_per_s_per_replica: float) -> int:
    """Replicas whose summed rate covers ``qps`` requests/s (at least 1)."""
    return max(1, math.ceil(qps / requests_per_s_per_replica - 1e-9))
