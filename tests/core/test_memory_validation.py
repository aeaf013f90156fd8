"""Memory model against real engine start-up logs (specs/validation/kv_capacity.jsonl).

Tolerances (issue 2): KV capacity in tokens within 3 % median absolute error and 8 % at the
90th percentile; weights per GPU within 2 % where the log prints them.
"""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory_plan import calculate_memory
from gpucalc.validation.kv_cases import load_kv_cases


def test_kv_capacity_error_distribution(catalog: Catalog) -> None:
    errors = []
    for case in load_kv_cases(catalog):
        predicted = calculate_memory(case.inputs).kv_cache_tokens.value
        errors.append(abs(predicted - case.measured_tokens) / case.measured_tokens)
    assert len(errors) >= 16
    assert statistics.median(errors) <= 0.03
    assert float(np.percentile(errors, 90)) <= 0.08


@pytest.mark.parametrize("field", ["model_weights_gib_per_gpu"])
def test_weights_match_logs(catalog: Catalog, field: str) -> None:
    for case in load_kv_cases(catalog):
        measured = case.measured.get(field)
        if measured is None:
            continue
        stage = calculate_memory(case.inputs).stages[0]
        assert stage.weights_total.value == pytest.approx(measured, rel=0.02), case.id


def test_tensor_parallel_non_torch_memory(catalog: Catalog) -> None:
    for case in load_kv_cases(catalog):
        measured = case.measured.get("non_torch_memory_gib")
        if measured is None or case.inputs.deployment.tensor_parallel_size == 1:
            continue
        assert calculate_memory(case.inputs).binding.non_torch.value == pytest.approx(
            measured, abs=0.2)
