"""Engines that prefill alone never readmit the same prompt forever when the KV cache is tight.

A prefill-alone step (SGLang, vLLM V0) runs no decodes, so no memory is freed while prompts are
being prefilled. Were a prompt admitted on its first chunk alone, a later chunk that does not fit
would preempt it, the next step would readmit it, and decoding would never resume. Each scenario
below looped that way before admission checked the whole prompt; a run that has not finished
after ~400,000 events is cancelled and fails the test instead of hanging it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.simulation.replica import UNSET, RequestBook
from gpucalc.core.simulation.simulate import run_events
from gpucalc.core.simulation.traffic import arrival_times_s
from tests.core.test_sim_fast_forward import MODELS, _config, _traffic

PROGRESS_CALLS_ALLOWED = 200  # × 2,048 events


@pytest.mark.parametrize("seed", [3, 6, 8, 9, 12, 13, 16, 17])
def test_tight_kv_prefill_alone_runs_finish(catalog: Catalog, seed: int) -> None:
    rng = np.random.default_rng(seed)
    model, tp = MODELS[seed % len(MODELS)]
    count = int(rng.integers(10, 60))
    prompt, output = rng.integers(8, 4000, count), rng.integers(1, 4000, count)
    config = dataclasses.replace(
        _config(catalog, model, tp), kv_tokens=int(int((prompt + output).max()) * rng.uniform(1, 4)),
        max_num_seqs=int(rng.choice([2, 8, 32, 256])),
        token_budget=int(rng.choice([256, 2048, 8192])), prefill_alone=True)
    traffic = _traffic(rng, count)
    arrivals = arrival_times_s(traffic, np.random.default_rng([traffic.seed, 0])).tolist()
    book = RequestBook(prompt.tolist(), output.tolist(), arrivals)
    calls = [0]

    def progress(_: float) -> bool:
        calls[0] += 1
        return calls[0] < PROGRESS_CALLS_ALLOWED

    run_events(config, book, traffic, progress)
    assert UNSET not in book.finish
    assert all(f >= a for f, a in zip(book.finish, book.arrival, strict=True))
