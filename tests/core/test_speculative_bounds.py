"""Speculative decoding never gains more than its acceptance length, on either evaluation path.

The gain of a speculative step over a plain one is at most τ (the tokens it yields per target
step): the verify step costs at least what a plain step does. Without CUDA graphs the step
waited for its launches, and the verify step's attention correction and the draft passes were
added outside that wait, so a launch-bound step came out cheaper than a plain one (n-gram k = 3
at batch 1: 1.4401 against τ = 1.417).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding
from gpucalc.core.step.speculative_step import SpeculativeStepModel
from tests.helpers import plan

EAGLE3_DRAFT = "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B"
SETUPS = {
    "ngram k3": SpeculativeDecoding(method=SpecMethod.NGRAM, num_speculative_tokens=3),
    "ngram k1": SpeculativeDecoding(method=SpecMethod.NGRAM, num_speculative_tokens=1),
    "eagle3 k3": SpeculativeDecoding(method=SpecMethod.EAGLE3, num_speculative_tokens=3,
                                     draft_model=EAGLE3_DRAFT),
    "eagle k1": SpeculativeDecoding(method=SpecMethod.EAGLE, num_speculative_tokens=1,
                                    draft_model=EAGLE3_DRAFT),
    "draft model": SpeculativeDecoding(method=SpecMethod.DRAFT_MODEL, num_speculative_tokens=4,
                                       draft_model="llama-3.2-1b-instruct", acceptance_rate=0.9),
}


@pytest.mark.parametrize("eager", [False, True])
@pytest.mark.parametrize("name", list(SETUPS))
def test_the_speedup_never_exceeds_the_acceptance_length(catalog: Catalog, name: str,
                                                         eager: bool) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", enforce_eager=eager,
                  speculative_config=SETUPS[name])
    perf = calculate(inputs).performance
    assert perf is not None
    spec = perf.speculative
    assert spec is not None
    tau = spec.acceptance_length.value
    assert 0 < spec.speedup_at_batch_1.value <= tau + 1e-9
    assert 0 < spec.speedup_at_knee.value <= tau + 1e-9


def test_a_launch_bound_step_gains_exactly_tau_with_n_gram(catalog: Catalog) -> None:
    """n-gram has no draft model: launch-bound, the verify step waits the same launches."""
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", enforce_eager=True,
                  speculative_config=SETUPS["ngram k3"])
    step = build_context(inputs, calculate_memory(inputs)).step
    assert isinstance(step, SpeculativeStepModel)
    plain = step.plain().step_seconds(1, 0, 1024.0)
    assert plain / step.step_seconds(1, 0, 1024.0) == pytest.approx(1.417, rel=1e-9)


def test_the_draft_passes_add_their_own_launches_without_cuda_graphs(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", enforce_eager=True,
                  speculative_config=SETUPS["eagle3 k3"])
    step = build_context(inputs, calculate_memory(inputs)).step
    assert isinstance(step, SpeculativeStepModel)
    assert step.speculation is not None
    per_layer = step.eager_launch_s / inputs.model.num_layers
    assert step.speculation.launch_s == pytest.approx(step.eager_launch_s + 3 * per_layer)


@pytest.mark.parametrize("eager", [False, True])
@pytest.mark.parametrize("name", ["ngram k3", "eagle3 k3", "draft model"])
def test_the_scalar_token_round_is_the_array_token_round(catalog: Catalog, name: str,
                                                          eager: bool) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", enforce_eager=eager,
                  speculative_config=SETUPS[name])
    step = build_context(inputs, calculate_memory(inputs)).step
    rng = random.Random(name)
    decode = np.array([rng.choice([0, 1, 3, 17, 255.5, 1000]) for _ in range(200)])
    prefill = np.array([rng.choice([0, 1, 100.25, 2048, 8192]) for _ in range(200)])
    context = np.array([rng.uniform(0, 40_000) for _ in range(200)])
    prefill_context = np.array([rng.uniform(0, 9000) for _ in range(200)])
    many = step.step_seconds_many(decode, prefill, context, prefill_context).tolist()
    alone = [step.step_seconds(*args) for args in zip(decode.tolist(), prefill.tolist(),
                                                      context.tolist(), prefill_context.tolist(),
                                                      strict=True)]
    assert alone == pytest.approx(many, rel=1e-12, abs=1e-15)
