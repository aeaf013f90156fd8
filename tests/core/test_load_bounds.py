"""The load model over every shape the validators accept: no division by zero, no NaN."""

from __future__ import annotations

import dataclasses
import math

from hypothesis import example, given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.load import LoadShape, OperatingPoint, burst, closed_loop, open_loop
from gpucalc.core.capacity.perf_model import PerfContext, build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import MIN_REQUEST_RATE
from tests.helpers import plan

_CONTEXT: list[PerfContext] = []


def _context() -> PerfContext:
    if not _CONTEXT:
        inputs = plan(Catalog.load(), "llama-3.1-8b-instruct", max_model_len=8192)
        _CONTEXT.append(build_context(inputs, calculate_memory(inputs)))
    return _CONTEXT[0]


def _sound(point: OperatingPoint) -> None:
    values = dataclasses.astuple(point)
    assert not any(math.isnan(v) for v in values), point
    assert all(v >= 0 for v in values), point
    assert point.running == 0 or math.isfinite(point.tpot_s), point


shapes = st.builds(
    LoadShape,
    mean_input=st.floats(1, 131_072), mean_output=st.floats(1, 131_072),
    token_budget=st.integers(16, 1_048_576),  # Deployment's bounds on max_num_batched_tokens
    running_cap=st.floats(0, 65_536),  # up to max_num_seqs' bound
)


@settings(max_examples=60, deadline=None)
@given(shapes, st.floats(MIN_REQUEST_RATE, 1e6) | st.just(math.inf),
       st.none() | st.integers(1, 10_000_000))
@example(LoadShape(mean_input=1.0, mean_output=1.0, token_budget=16, running_cap=2.2e-311),
         math.inf, 1)  # a cap below one request: the burst's wave divided by it (-inf TPOT)
def test_open_loop_and_burst_are_finite_or_unbounded(shape: LoadShape, rate: float,
                                                    prompts: int | None) -> None:
    # a budget of 16–354 tokens divided by zero in the open loop and the burst before
    step = _context().step
    _sound(open_loop(step, shape, rate, prompts))
    if prompts is not None:
        _sound(burst(step, shape, prompts))


@settings(max_examples=60, deadline=None)
@given(shapes, st.floats(0, 1_000_000))
def test_closed_loop_is_finite_or_unbounded(shape: LoadShape, clients: float) -> None:
    _sound(closed_loop(_context().step, shape, clients))
