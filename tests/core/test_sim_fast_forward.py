"""Runs of identical decode steps taken as one event give the times of the step-by-step run."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.replica import Replica, ReplicaConfig, RequestBook
from gpucalc.core.simulation.simulate import replica_config, run_events
from gpucalc.core.simulation.traffic import Router, TrafficSpec, arrival_times_s
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.step.step_model import FloatArray, StepModel
from tests.helpers import plan

MODELS = (("llama-3.1-8b-instruct", 1), ("qwen3-30b-a3b", 2), ("gemma-2-9b-it", 1))
SCENARIOS = 30


def _config(catalog: Catalog, model: str, tp: int) -> ReplicaConfig:
    inputs = plan(catalog, model, workload=Workload(input_len_p50=1024, output_len_p50=256),
                  quantization=None, max_model_len=8192, tensor_parallel_size=tp)
    return replica_config(inputs, calculate_memory(inputs))


def _traffic(rng: np.random.Generator, count: int) -> TrafficSpec:
    """All at once, a rate, a closed loop or a capped rate, on one to three replicas."""
    kind = int(rng.integers(4))
    rate = float(rng.uniform(0.5, 40.0)) if kind in (1, 3) else None
    cap = int(rng.integers(1, 24)) if kind in (2, 3) else None
    return TrafficSpec(request_rate=rate, concurrency=cap, num_requests=count,
                       burstiness=float(rng.choice([0.5, 1.0, 4.0])),
                       replicas=int(rng.integers(1, 4)), seed=int(rng.integers(1000)),
                       router=Router.ROUND_ROBIN if rng.random() < 0.5
                       else Router.LEAST_OUTSTANDING)


def _run(config: ReplicaConfig, prompt: list[int], output: list[int], arrivals: list[float],
         traffic: TrafficSpec, fast_forward: bool) -> tuple[RequestBook, list[Replica]]:
    book = RequestBook(list(prompt), list(output), list(arrivals))
    return book, run_events(config, book, traffic, fast_forward=fast_forward)


def _scenario(catalog: Catalog, seed: int) -> tuple[ReplicaConfig, list[int], list[int],
                                                     TrafficSpec]:
    rng = np.random.default_rng(seed)
    model, tp = MODELS[seed % len(MODELS)]
    count = int(rng.integers(10, 60))
    prompt = rng.integers(8, 2000, count)
    long_outputs = rng.random() < 0.3
    output = rng.integers(1, 3000 if long_outputs else 400, count)
    biggest = int((prompt + output).max())
    kv_tokens = _config(catalog, model, tp).kv_tokens
    if rng.random() < 0.4:  # a small KV cache: preemptions
        kv_tokens = int(biggest * rng.uniform(1.0, 4.0))
    config = dataclasses.replace(
        _config(catalog, model, tp), kv_tokens=kv_tokens,
        max_num_seqs=int(rng.choice([2, 8, 32, 256])),
        token_budget=int(rng.choice([256, 2048, 8192])), prefill_alone=bool(rng.random() < 0.4))
    return config, prompt.tolist(), output.tolist(), _traffic(rng, count)


@pytest.mark.parametrize("seed", range(SCENARIOS))
def test_fast_forward_gives_every_time_of_the_step_by_step_run(catalog: Catalog,
                                                               seed: int) -> None:
    config, prompt, output, traffic = _scenario(catalog, seed)
    arrivals = arrival_times_s(traffic, np.random.default_rng([traffic.seed, 0])).tolist()
    slow, slow_replicas = _run(config, prompt, output, arrivals, traffic, fast_forward=False)
    fast, fast_replicas = _run(config, prompt, output, arrivals, traffic, fast_forward=True)
    for field in ("arrival", "admitted", "first_token", "finish"):
        np.testing.assert_allclose(getattr(fast, field), getattr(slow, field), rtol=1e-9,
                                   atol=0, err_msg=field)
    for quick, step_by_step in zip(fast_replicas, slow_replicas, strict=True):
        np.testing.assert_allclose(quick.decode_step_s, step_by_step.decode_step_s, rtol=1e-9,
                                   atol=1e-15)
        assert quick.decode_step_tokens == step_by_step.decode_step_tokens
        assert quick.preemptions == step_by_step.preemptions
        assert (quick.decode_steps, quick.kv_used) == (step_by_step.decode_steps, 0)


def test_the_scenarios_cover_preemption_caps_replicas_and_prefill_alone(catalog: Catalog) -> None:
    """The equality above is checked where fast-forward has to stop for each reason."""
    seen = {"preempting": 0, "capped": 0, "replicas": 0, "prefill alone": 0, "rate": 0}
    for seed in range(SCENARIOS):
        config, prompt, output, traffic = _scenario(catalog, seed)
        arrivals = arrival_times_s(traffic, np.random.default_rng([traffic.seed, 0])).tolist()
        _, replicas = _run(config, prompt, output, arrivals, traffic, fast_forward=True)
        seen["preempting"] += sum(r.preemptions for r in replicas) > 0
        seen["capped"] += traffic.concurrency is not None
        seen["replicas"] += traffic.replicas > 1
        seen["prefill alone"] += config.prefill_alone
        seen["rate"] += traffic.request_rate is not None
    assert min(seen.values()) >= 4, seen


@dataclasses.dataclass
class CountingStep:
    """A step model that counts its one-step calls."""

    model: StepModel
    calls: int = 0

    def step_seconds(self, decode: float, prefill: float, context: float,
                     prefill_context: float) -> float:
        self.calls += 1
        return self.model.step_seconds(decode, prefill, context, prefill_context)

    def step_seconds_many(self, decode: float, prefill: float, context: FloatArray,
                          prefill_context: float) -> FloatArray:
        return self.model.step_seconds_many(decode, prefill, context, prefill_context)


def test_a_lone_request_decodes_in_one_event(catalog: Catalog) -> None:
    """5,000 decode steps with nothing else to do: the prefill step, one planned decode step
    extended to the completion."""
    config = _config(catalog, "llama-3.1-8b-instruct", 1)
    times = []
    for fast_forward in (False, True):
        counting = CountingStep(config.step)
        book = RequestBook([1000], [5001], [0.0])
        replicas = run_events(dataclasses.replace(config, step=counting),  # type: ignore[arg-type]
                              book, TrafficSpec(num_requests=1), fast_forward=fast_forward)
        assert len(replicas[0].decode_step_s) == 5000
        times.append((counting.calls, book.finish[0]))
    (slow_calls, slow_finish), (fast_calls, fast_finish) = times
    assert (slow_calls, fast_calls) == (5001, 2)
    assert fast_finish == pytest.approx(slow_finish, rel=1e-12)
