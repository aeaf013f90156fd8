"""Traffic for the simulator: when requests arrive and how long they are.

Arrivals follow ``vllm bench serve``: Poisson at a request rate, gamma-distributed gaps with a
burstiness factor (1 = Poisson, below 1 burstier, above 1 steadier), everything at once, or a
closed loop of clients each keeping one request open. Lengths come from the workload (a
lognormal per direction fitted to P50 and P95, classes by share, multi-turn history growth) or
from a given list of (input, output) token pairs. A numpy ``Generator`` with a fixed seed makes
every run reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.simulation.limits import MAX_SIMULATED_REQUESTS, MIN_BURSTINESS
from gpucalc.core.specs.inputs import MIN_REQUEST_RATE, Workload

Z_95 = 1.6448536269514722  # standard normal 95th percentile: P95 = P50 × exp(1.645 σ)
IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]


class Router(StrEnum):
    """How one arrival stream is spread over replicas."""

    ROUND_ROBIN = "round-robin"
    LEAST_OUTSTANDING = "least-outstanding"


class TrafficSpec(BaseModel):
    """Load of one simulated run: an open-loop rate, a closed-loop concurrency or all at once.

    A rate together with a concurrency is a rate capped at that many requests in flight, as
    ``vllm bench serve --request-rate R --max-concurrency C`` runs it: requests are due at the
    rate's arrival times and each is sent when it is due and a slot is free.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    request_rate: float | None = Field(
        default=None, ge=MIN_REQUEST_RATE,
        description="Requests/s; None or inf with no concurrency: all at once.")
    concurrency: int | None = Field(
        default=None, ge=1, le=1_000_000,
        description="Requests in flight at most: a closed loop alone, a cap with a request rate.")
    burstiness: float = Field(default=1.0, ge=MIN_BURSTINESS, le=1000,
                              description="Gamma shape of inter-arrival gaps (1 = Poisson).")
    num_requests: int = Field(default=1000, ge=1, le=MAX_SIMULATED_REQUESTS)
    seed: int = Field(default=0, ge=0)
    replicas: int = Field(default=1, ge=1, le=4096)
    router: Router = Router.ROUND_ROBIN

    @property
    def all_at_once(self) -> bool:
        """Every request arrives at time zero (no rate, no concurrency, or an infinite rate)."""
        return self.concurrency is None and (self.request_rate is None or math.isinf(self.request_rate))

    @property
    def paced(self) -> bool:
        """Arrivals follow a finite request rate (with or without a concurrency cap)."""
        return self.request_rate is not None and not math.isinf(self.request_rate)


def arrival_times_s(spec: TrafficSpec, rng: np.random.Generator) -> FloatArray:
    """Time each request is due in seconds (zeros for all at once and an unpaced closed loop).

    Gaps are gamma(shape = burstiness, scale = 1 / (rate × burstiness)): mean 1 / rate at any
    burstiness, exponential (Poisson arrivals) at burstiness 1 — vLLM's ``get_request`` in
    ``vllm/benchmarks/serve.py`` draws them the same way.
    """
    if not spec.paced or spec.request_rate is None:
        return np.zeros(spec.num_requests)
    shape = spec.burstiness
    gaps = rng.gamma(shape, 1.0 / (spec.request_rate * shape), size=spec.num_requests)
    gaps[0] = 0.0  # the run starts with its first request, as a benchmark client does
    return np.cumsum(gaps)


def lognormal_lengths(p50: int, p95: int, count: int, rng: np.random.Generator) -> IntArray:
    """Token lengths from a lognormal with median ``p50`` and 95th percentile ``p95`` (≥ 1)."""
    sigma = (math.log(p95) - math.log(p50)) / Z_95 if p95 > p50 else 0.0
    if sigma == 0.0:
        return np.full(count, p50, dtype=np.int64)
    values = np.rint(rng.lognormal(math.log(p50), sigma, size=count))
    return np.maximum(values, 1).astype(np.int64)


def class_picks(workload: Workload, count: int, rng: np.random.Generator) -> IntArray:
    """Class index of each of ``count`` requests, drawn by share (the first draw of the lengths)."""
    shares = np.array([c.share for c in workload.classes])
    return np.asarray(rng.choice(len(workload.classes), size=count, p=shares / shares.sum()),
                      dtype=np.int64)


def workload_lengths(workload: Workload, count: int,
                     rng: np.random.Generator) -> tuple[IntArray, IntArray]:
    """Input and output tokens of ``count`` requests sampled from the workload description.

    Classes are drawn by share with their fixed lengths; otherwise each direction is lognormal
    from its P50/P95. Multi-turn chat adds (turn − 1) × tokens per turn of history, the turn
    drawn uniformly from 1 … max turns.
    """
    if workload.classes:
        picks = class_picks(workload, count, rng)
        inputs = np.array([c.input_len for c in workload.classes], dtype=np.int64)[picks]
        outputs = np.array([c.output_len for c in workload.classes], dtype=np.int64)[picks]
    else:
        inputs = lognormal_lengths(workload.input_len_p50, workload.input_p95, count, rng)
        outputs = lognormal_lengths(workload.output_len_p50, workload.output_p95, count, rng)
    if workload.max_turns > 1 and workload.tokens_per_turn:
        turns = rng.integers(0, workload.max_turns, size=count)
        inputs = inputs + turns * workload.tokens_per_turn
    return inputs, outputs


def pair_lengths(pairs: Sequence[tuple[int, int]], count: int,
                 rng: np.random.Generator) -> tuple[IntArray, IntArray]:
    """Input and output tokens of ``count`` requests drawn (with replacement) from given pairs.

    When ``count`` equals the number of pairs they are used once each, in order.
    """
    table = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    if len(table) == 0:
        raise ValueError("the list of request lengths is empty")
    if np.any(table < 1):
        raise ValueError("request lengths must be at least 1 token")
    rows = np.arange(count) if count == len(table) else rng.integers(0, len(table), size=count)
    return table[rows, 0].copy(), table[rows, 1].copy()


def clip_to_context(inputs: IntArray, outputs: IntArray, max_tokens: int) -> tuple[IntArray, IntArray]:
    """Fit every request into ``max_tokens`` (prompt + output), shortening the prompt first."""
    limit = max(int(max_tokens), 2)
    outputs = np.minimum(outputs, limit - 1)
    inputs = np.clip(inputs, 1, limit - outputs)
    return inputs, outputs
