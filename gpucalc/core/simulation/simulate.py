"""Discrete-event simulation of LLM serving: latency percentiles under realistic traffic.

One arrival stream goes through a router (round-robin or least outstanding requests) to
``replicas`` identical replicas, each running continuous batching step by step
(:mod:`gpucalc.core.simulation.replica`) on the analytic step model. Events are arrivals and step
ends, taken in time order (arrivals first on ties, so requests arriving together are
scheduled together). Runs are reproducible for a given seed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from heapq import heappop, heappush

import numpy as np

from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.limits import MAX_SIMULATED_STEPS, MAX_SIMULATION_EVENTS
from gpucalc.core.simulation.metrics import SimulationResult, summarise
from gpucalc.core.simulation.prefix import prefix_traffic, simulated_hit_rate
from gpucalc.core.simulation.replica import PrefixTraffic, Replica, ReplicaConfig, RequestBook
from gpucalc.core.simulation.traffic import (
    IntArray,
    Router,
    TrafficSpec,
    arrival_times_s,
    class_picks,
    clip_to_context,
    pair_lengths,
    workload_lengths,
)
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import PlanInputs, Targets

Progress = Callable[[float], bool]
PROGRESS_EVERY_EVENTS = 2048


class SimulationCancelled(Exception):  # noqa: N818 - the name says what happened, as the brief asks
    """The progress callback asked the simulation to stop."""


def prefill_runs_alone(inputs: PlanInputs, memory: MemoryResult) -> bool:
    """Whether the engine runs prefill steps without decodes.

    SGLang does by default: its scheduler runs a new prefill batch before the running decode
    batch and mixes the two only with ``--enable-mixed-chunk`` (``get_next_batch_to_run`` in
    ``sglang/srt/managers/scheduler.py``). vLLM before V1 does without chunked prefill: a step
    that schedules prompts runs no decodes (``Scheduler._schedule_default`` in
    ``vllm/core/scheduler.py``). vLLM V1 and TensorRT-LLM's in-flight batching mix them.
    """
    engine = inputs.engine
    if engine.kind is EngineKind.SGLANG:
        return True
    follow = engine.batch_defaults.batched_tokens_follow_max_model_len_up_to
    return (follow is not None and inputs.deployment.max_num_batched_tokens is None
            and int(memory.settings.max_model_len.value) <= follow)


def replica_config(inputs: PlanInputs, memory: MemoryResult) -> ReplicaConfig:
    """Limits, scheduling and step model of one replica of ``inputs`` (KV from ``memory``)."""
    context = build_context(inputs, memory)
    # the simulator caches prefixes itself: its step model computes every token it is given
    return ReplicaConfig(step=dataclasses.replace(context.step, prefill_cached_share=0.0),
                         kv_tokens=int(memory.kv_cache_tokens.value),
                         max_num_seqs=context.max_num_seqs,
                         token_budget=int(memory.settings.max_num_batched_tokens.value),
                         prefill_alone=prefill_runs_alone(inputs, memory))


def request_lengths(inputs: PlanInputs, traffic: TrafficSpec, max_tokens: int,
                    pairs: Sequence[tuple[int, int]] | None = None) -> tuple[IntArray, IntArray]:
    """Input and output tokens of every request, clipped to ``max_tokens`` per request."""
    rng = np.random.default_rng([traffic.seed, 1])
    if pairs is not None:
        prompt, output = pair_lengths(pairs, traffic.num_requests, rng)
    else:
        prompt, output = workload_lengths(inputs.workload, traffic.num_requests, rng)
    return clip_to_context(prompt, output, max_tokens)


def _route(replicas: list[Replica], router: Router, counter: int) -> int:
    """Index of the replica an arrival goes to."""
    if len(replicas) == 1:
        return 0
    if router is Router.ROUND_ROBIN:
        return counter % len(replicas)
    return min(range(len(replicas)), key=lambda i: replicas[i].outstanding)


def _next_send_bound(arrivals: list[float], next_arrival: int, slot_free: bool,
                     step_ends: list[tuple[float, int]]) -> float:
    """Earliest time the next request can be sent (s; inf when none is left).

    Without a free slot it waits for a completion, which happens at a step end: not before the
    earliest step end of the other replicas (``step_ends`` without the replica being planned).
    """
    if next_arrival >= len(arrivals):
        return math.inf
    if slot_free:
        return arrivals[next_arrival]
    return max(arrivals[next_arrival], step_ends[0][0]) if step_ends else math.inf


def too_long_message(bound: str) -> str:
    """Why a run was stopped: the bound it passed (e.g. '1,000,000 events'), and what to change."""
    return (f"the simulation needs more than {bound}, the most one run may take; simulate fewer "
            "requests (--num-requests), shorter outputs or a higher request rate")


def _check_work(events: int, max_events: int, replicas: list[Replica]) -> None:
    """Stop a run past its event bound or (checked now and then) its decode-step bound."""
    if events > max_events:
        raise ValueError(too_long_message(f"{max_events:,} events (arrivals and engine steps)"))
    if events % PROGRESS_EVERY_EVENTS == 0 and sum(
            len(r.decode_step_s) for r in replicas) > MAX_SIMULATED_STEPS:
        raise ValueError(too_long_message(f"{MAX_SIMULATED_STEPS:,} decode steps"))


def run_events(config: ReplicaConfig, book: RequestBook, traffic: TrafficSpec,
               progress: Progress | None = None, fast_forward: bool = True,
               max_events: int | None = None) -> list[Replica]:
    """Run every request of ``book`` to completion; return the replicas (for their counters).

    With a concurrency, at most that many requests are in flight: the next one is sent when it
    is due (its arrival time in ``book``) and a slot is free, and its arrival becomes the time
    it was sent, as a benchmark client measures TTFT from the send. ``fast_forward`` takes runs
    of identical decode steps as one event (:meth:`Replica.extend_decode_run`); the times are
    the same without it, up to float rounding. A run needing more than ``max_events`` events
    (arrivals and engine steps; default :data:`MAX_SIMULATION_EVENTS`) or more than
    :data:`MAX_SIMULATED_STEPS` decode steps in all (one gap kept per step) is refused with a
    ValueError saying so.
    """
    max_events = MAX_SIMULATION_EVENTS if max_events is None else max_events
    replicas = [Replica(config, book) for _ in range(traffic.replicas)]
    total = len(book.input)
    cap = min(traffic.concurrency or total, total)
    arrivals = book.arrival
    step_ends: list[tuple[float, int]] = []
    finished: list[int] = []
    next_arrival = completed = events = 0
    while True:
        arrival_s = (arrivals[next_arrival] if next_arrival < total
                     and next_arrival - completed < cap else math.inf)
        step_s = step_ends[0][0] if step_ends else math.inf
        if arrival_s == math.inf and step_s == math.inf:
            break
        events += 1
        _check_work(events, max_events, replicas)
        if progress is not None and events % PROGRESS_EVERY_EVENTS == 0 and not progress(
                completed / total):
            raise SimulationCancelled
        if arrival_s <= step_s:
            index = _route(replicas, traffic.router, next_arrival)
            replica = replicas[index]
            replica.waiting.append(next_arrival)
            next_arrival += 1
            if not replica.busy:
                replica.busy = True
                heappush(step_ends, (arrival_s, index))
            continue
        now_s, index = heappop(step_ends)
        replica = replicas[index]
        finished.clear()
        replica.finish_step(now_s, finished)
        if finished:
            completed += len(finished)
            for queued in range(next_arrival, min(next_arrival + len(finished), total)):
                arrivals[queued] = max(arrivals[queued], now_s)
        seconds = replica.plan_step_seconds(now_s)
        if seconds > 0:
            end_s = now_s + seconds
            if fast_forward:
                send_s = _next_send_bound(arrivals, next_arrival, next_arrival - completed < cap,
                                          step_ends)
                end_s = replica.extend_decode_run(now_s, end_s, send_s)
            heappush(step_ends, (end_s, index))
        else:
            replica.busy = False
    if progress is not None:
        progress(1.0)
    return replicas


def request_classes(inputs: PlanInputs, traffic: TrafficSpec) -> IntArray:
    """Class index of every request :func:`request_lengths` draws from the workload's classes.

    The same generator and the same first draw, so index i is the class of request i.
    """
    rng = np.random.default_rng([traffic.seed, 1])
    return class_picks(inputs.workload, traffic.num_requests, rng)


def run_book(config: ReplicaConfig, prompt_tokens: IntArray, output_tokens: IntArray,
             traffic: TrafficSpec, progress: Progress | None = None,
             prefixes: PrefixTraffic | None = None) -> tuple[RequestBook, list[Replica]]:
    """Run requests of the given lengths under ``traffic``: per-request times and the replicas."""
    if int((prompt_tokens + output_tokens).max()) > config.kv_tokens:
        raise ValueError(f"a request needs more KV than the replica holds ({config.kv_tokens:,} "
                         "tokens); shorten the requests or give the KV cache more memory")
    arrivals = arrival_times_s(traffic, np.random.default_rng([traffic.seed, 0]))
    book = RequestBook(prompt_tokens.tolist(), output_tokens.tolist(), arrivals.tolist(), prefixes)
    return book, run_events(config, book, traffic, progress)


def simulate_requests(config: ReplicaConfig, prompt_tokens: IntArray, output_tokens: IntArray,
                      traffic: TrafficSpec, targets: Targets,
                      progress: Progress | None = None,
                      classes: tuple[tuple[str, int], ...] = (),
                      picks: IntArray | None = None,
                      prefixes: PrefixTraffic | None = None) -> SimulationResult:
    """Simulate requests of the given lengths under ``traffic`` on replicas of ``config``.

    ``classes`` and ``picks`` (each request's class) add per-class percentiles; ``prefixes``
    (each request's shared prefix) adds the prefix cache and its simulated hit rate.
    """
    if len(prompt_tokens) != traffic.num_requests or len(output_tokens) != traffic.num_requests:
        raise ValueError("one input and one output length per request are needed")
    book, replicas = run_book(config, prompt_tokens, output_tokens, traffic, progress, prefixes)
    result = summarise(traffic, targets, np.array(book.arrival), np.array(book.admitted),
                       np.array(book.first_token), np.array(book.finish), output_tokens,
                       sum(r.preemptions for r in replicas), classes, picks)
    if prefixes is None:
        return result
    return result.model_copy(update={"prefix_hit_rate": simulated_hit_rate(replicas)})


def simulate(inputs: PlanInputs, memory: MemoryResult, traffic: TrafficSpec,
             lengths: Sequence[tuple[int, int]] | None = None,
             progress: Progress | None = None) -> SimulationResult:
    """Simulate ``traffic`` on the deployment of ``inputs`` (lengths from the workload or a list).

    ``progress`` gets the fraction of requests done now and then; returning False cancels the
    run with :class:`SimulationCancelled`.
    """
    config = replica_config(inputs, memory)
    max_len = int(memory.settings.max_model_len.value)
    prompt, output = request_lengths(inputs, traffic, min(max_len, config.kv_tokens), lengths)
    workload = inputs.workload
    prefixes = prefix_traffic(inputs, prompt, memory.settings.block_size, traffic.seed)
    if lengths is not None or not workload.classes:
        return simulate_requests(config, prompt, output, traffic, inputs.targets, progress,
                                 prefixes=prefixes)
    classes = tuple((c.name or f"class {i + 1}", c.input_len + c.output_len)
                    for i, c in enumerate(workload.classes))
    return simulate_requests(config, prompt, output, traffic, inputs.targets, progress, classes,
                             request_classes(inputs, traffic), prefixes)
