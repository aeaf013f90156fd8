"""Memory model against real engine start-up logs (specs/validation/kv_capacity.jsonl).

Tolerances (issue 2), held by the 16 logs of the earlier public set (EARLIER_PUBLIC_ROWS): KV
capacity in tokens within 3 % median absolute error and 8 % at the 90th percentile; weights per
GPU within 2 % where the log prints them. The 61 logs added since (other models, vLLM versions,
engines and GPUs) are scored, not pinned: ``python -m benchmarks.generalisation`` reports their
error per source group with every fitted constant fitted on the other groups.
"""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.validation.kv_cases import KvCase, engine_for, gpu_id_for, load_kv_cases
from gpucalc.validation.sources import EARLIER_PUBLIC_ROWS


def _earlier_public(catalog: Catalog) -> list[KvCase]:
    cases = [c for c in load_kv_cases(catalog) if c.id in EARLIER_PUBLIC_ROWS]
    assert len(cases) == 16
    return cases


def test_every_start_up_log_is_expressed_or_says_why(catalog: Catalog) -> None:
    from gpucalc.validation.kv_cases import expressed_kv_cases, kv_rows

    rows = kv_rows()
    cases, skipped = expressed_kv_cases(catalog, rows)
    assert len(cases) + len(skipped) == len(rows)
    assert all(reason for _, reason in skipped)


def test_kv_capacity_error_distribution(catalog: Catalog) -> None:
    errors = []
    for case in _earlier_public(catalog):
        predicted = calculate_memory(case.inputs).kv_cache_tokens.value
        errors.append(abs(predicted - case.measured_tokens) / case.measured_tokens)
    assert statistics.median(errors) <= 0.03
    assert float(np.percentile(errors, 90)) <= 0.08


@pytest.mark.parametrize("field", ["model_weights_gib_per_gpu"])
def test_weights_match_logs(catalog: Catalog, field: str) -> None:
    for case in _earlier_public(catalog):
        measured = case.measured.get(field)
        if measured is None:
            continue
        stage = calculate_memory(case.inputs).stages[0]
        assert stage.weights_total.value == pytest.approx(measured, rel=0.02), case.id


def test_tensor_parallel_non_torch_memory(catalog: Catalog) -> None:
    for case in _earlier_public(catalog):
        measured = case.measured.get("non_torch_memory_gib")
        if measured is None or case.inputs.deployment.tensor_parallel_size == 1:
            continue
        assert calculate_memory(case.inputs).binding.non_torch.value == pytest.approx(
            measured, abs=0.2)


def test_every_public_row_within_its_stated_tolerance(catalog: Catalog) -> None:
    """vLLM 0.19 rows within 1 %; other engines' rows within 5 %, except the multimodal profiling
    row (kv-iss-010), whose encoder peak is modelled from the vision config (29.7 of 36.6 GiB
    measured) and kept within 50 % (it was +246 % with the encoder left out)."""
    for case in _earlier_public(catalog):
        predicted = calculate_memory(case.inputs).kv_cache_tokens.value
        error = abs(predicted - case.measured_tokens) / case.measured_tokens
        limit = 0.01 if case.is_vllm_019 else 0.50 if case.id == "kv-iss-010" else 0.05
        assert error <= limit, (case.id, f"{error:.1%}")


@pytest.mark.parametrize(("engine", "version", "profile"), [
    ("vllm", "0.19.0", "vllm"), ("vllm", "0.8.5.post1", "vllm"), ("vllm", "0.7.3", "vllm-v0"),
    ("vllm", "0.6.3.post1", "vllm-v0"), ("vllm", "not stated (pre-V1 format)", "vllm-v0"),
    ("sglang", "0.4.6.post5", "sglang-0.4"), ("sglang", "v0.5.2", "sglang"),
    ("tensorrt-llm", "1.0.0", "trtllm"),
])
def test_rows_map_to_the_engine_profile_of_their_version(engine: str, version: str,
                                                         profile: str) -> None:
    assert engine_for({"engine": engine, "engine_version": version}) == profile


@pytest.mark.parametrize(("name", "total", "gpu_id"), [
    ("NVIDIA GeForce RTX 4090", 23.65, "rtx-4090-24gb"),
    ("Tesla T4", 14.58, "t4-16gb"),
    ("NVIDIA A100-SXM4-40GB", 39.39, "a100-sxm-40gb"),
    ("NVIDIA H100 80GB HBM3", 79.19, "h100-sxm-80gb"),
    ("NVIDIA H100 PCIe", 79.1, "h100-pcie-80gb"),
    ("NVIDIA A100-PCIE-40GB", 39.4, "a100-pcie-40gb"),
    ("NVIDIA H20", 95.0, "h20-96gb"),
])
def test_gpu_names_as_logs_print_them(catalog: Catalog, name: str, total: float, gpu_id: str) -> None:
    assert gpu_id_for(name, catalog, total) == gpu_id
