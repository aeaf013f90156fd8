"""A request rate capped at a concurrency: sends wait for a free slot, TTFT counts from the send."""

from __future__ import annotations

import numpy as np
import pytest

from gpucalc.core.simulation.replica import ReplicaConfig
from gpucalc.core.simulation.simulate import run_book
from gpucalc.core.simulation.traffic import TrafficSpec


class FixedStep:
    """A step of 10 ms, whatever is in it."""

    def step_seconds(self, decode: float, prefill: float, context: float,
                     prompt_context: float) -> float:
        return 0.01

    def step_seconds_many(self, decode: float, prefill: float, context: np.ndarray,
                          prompt_context: float) -> np.ndarray:
        return np.full(np.shape(context), 0.01)


def _config(prefill_alone: bool = False) -> ReplicaConfig:
    return ReplicaConfig(step=FixedStep(), kv_tokens=100_000, max_num_seqs=64,  # type: ignore[arg-type]
                         token_budget=4096, prefill_alone=prefill_alone)


def _in_flight_max(send: np.ndarray, finish: np.ndarray) -> int:
    events = sorted([(t, 1) for t in send] + [(t, -1) for t in finish], key=lambda e: (e[0], e[1]))
    return int(np.cumsum([e[1] for e in events]).max())


def test_cap_of_one_sends_each_request_when_the_previous_finishes() -> None:
    prompt = np.full(20, 10, dtype=np.int64)
    output = np.full(20, 5, dtype=np.int64)
    traffic = TrafficSpec(request_rate=1000.0, concurrency=1, num_requests=20)
    book, _ = run_book(_config(), prompt, output, traffic)
    send, finish = np.array(book.arrival), np.array(book.finish)
    assert _in_flight_max(send, finish) == 1
    assert np.allclose(send[1:], finish[:-1])  # due long ago: sent the moment a slot frees
    # one prefill step (first token) and four decode steps of 10 ms each
    assert np.allclose(finish - send, 0.05)
    assert np.allclose(np.array(book.first_token) - send, 0.01)


def test_a_slow_rate_is_not_held_back_by_a_generous_cap() -> None:
    prompt = np.full(10, 10, dtype=np.int64)
    output = np.full(10, 2, dtype=np.int64)
    traffic = TrafficSpec(request_rate=1.0, concurrency=8, num_requests=10)
    free, _ = run_book(_config(), prompt, output, TrafficSpec(request_rate=1.0, num_requests=10))
    capped, _ = run_book(_config(), prompt, output, traffic)
    assert capped.arrival == free.arrival


def test_prefill_alone_pauses_decodes_and_their_gap_shows_it() -> None:
    prompt = np.array([10, 10], dtype=np.int64)
    output = np.array([5, 2], dtype=np.int64)
    traffic = TrafficSpec(request_rate=66.0, num_requests=2)  # the second arrives mid-decode
    mixed_book, _ = run_book(_config(False), prompt, output, traffic)
    alone_book, replicas = run_book(_config(True), prompt, output, traffic)
    # the first request loses one step to the second one's prefill
    assert alone_book.finish[0] - mixed_book.finish[0] == pytest.approx(0.01)
    assert max(replicas[0].decode_step_s) > 0.015  # a gap spanning the prefill step
