"""Start-up log figures next to the estimate, and calibrations that reproduce the log."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.tables import USER_ID_PATTERN
from gpucalc.core.common.explain import term
from gpucalc.core.measured.log_compare import (
    DEFAULT_TOLERANCE,
    calibrate_from_log,
    compare_memory,
    comparison_line,
)
from gpucalc.core.measured.measured import MeasuredMemory
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.io.engine_log import read_engine_log
from gpucalc.text.notices import notice_text
from tests.helpers import plan

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def _llama(catalog: Catalog, max_model_len: int = 8192, utilization: float = 0.95) -> PlanInputs:
    return plan(catalog, "llama-3.1-8b-instruct", max_model_len=max_model_len,
                gpu_memory_utilization=utilization, gpu_memory_gib=79.19)


def test_matching_inputs_agree_line_by_line(catalog: Catalog) -> None:
    inputs = _llama(catalog)
    log = read_engine_log(LOGS / "vllm-0.19-llama-3.1-8b-h100.log")
    comparison = compare_memory(inputs, calculate_memory(inputs), log)
    keys = {line.key for line in comparison.lines}
    assert keys == {"weights_gib_per_gpu", "activation_gib_per_gpu", "non_torch_gib_per_gpu",
                    "kv_cache_gib_per_gpu", "kv_cache_tokens", "max_concurrency"}
    assert comparison.flagged == ()
    tokens = comparison.line("kv_cache_tokens")
    assert tokens is not None
    assert tokens.measured == 476_000
    assert tokens.difference == pytest.approx(tokens.estimate.value - 476_000)
    assert tokens.relative == pytest.approx(tokens.difference / 476_000)
    assert comparison.notices == ()


def test_a_different_memory_fraction_is_flagged_and_explained(catalog: Catalog) -> None:
    inputs = _llama(catalog, utilization=0.85)
    log = read_engine_log(LOGS / "vllm-0.19-llama-3.1-8b-h100.log")
    comparison = compare_memory(inputs, calculate_memory(inputs), log)
    flagged = {line.key for line in comparison.flagged}
    assert {"kv_cache_gib_per_gpu", "kv_cache_tokens"} <= flagged
    assert "weights_gib_per_gpu" not in flagged
    codes = [n.code for n in comparison.notices]
    assert "log_memory_fraction_differs" in codes
    for notice in comparison.notices:
        assert notice_text(notice, "en")
        assert notice_text(notice, "zh")


def test_other_max_model_len_drops_the_concurrency_line(catalog: Catalog) -> None:
    inputs = _llama(catalog, max_model_len=4096)
    log = read_engine_log(LOGS / "vllm-0.19-llama-3.1-8b-h100.log")
    comparison = compare_memory(inputs, calculate_memory(inputs), log)
    assert comparison.line("max_concurrency") is None
    assert "log_max_model_len_differs" in [n.code for n in comparison.notices]


def test_pipeline_parallel_log_is_compared_with_the_first_stage(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", pipeline_parallel_size=2, max_model_len=8192,
                  gpu_memory_utilization=0.95, gpu_memory_gib=79.19)
    log = read_engine_log(LOGS / "vllm-0.19-llama-3.1-8b-pp2-h100.log")
    comparison = compare_memory(inputs, calculate_memory(inputs), log)
    weights = comparison.line("weights_gib_per_gpu")
    assert weights is not None
    assert weights.measured == pytest.approx(7.51)
    assert abs(weights.relative or 1.0) < 0.01
    tokens = comparison.line("kv_cache_tokens")
    assert tokens is not None
    assert not tokens.flagged


def test_the_vision_encoder_peak_is_modelled_yet_a_v0_log_still_differs(catalog: Catalog) -> None:
    inputs = plan(catalog, "meta-llama/Llama-3.2-11B-Vision", max_model_len=65536, max_num_seqs=128,
                  gpu_memory_utilization=0.9)
    log = read_engine_log(LOGS / "vllm-2025-01-llama-3.2-11b-vision-h100.log")
    memory = calculate_memory(inputs)
    comparison = compare_memory(inputs, memory, log)
    assert "vision_encoder_profile_not_modelled" not in [n.code for n in comparison.notices]
    assert "activation.encoder_gib" in [p.key for p in memory.stages[0].activation_parts]
    activation = comparison.line("activation_gib_per_gpu")
    assert activation is not None
    assert activation.flagged


def test_calibration_reproduces_the_logged_activation_and_runtime(catalog: Catalog) -> None:
    inputs = _llama(catalog)
    memory = calculate_memory(inputs)
    estimated = memory.stages[0].activation.value
    log = MeasuredMemory(engine="vllm", engine_version="0.19.0", activation_gib=estimated + 1.5,
                         non_torch_gib=0.6, cuda_graph_gib=0.9, source="my.log")
    calibration = calibrate_from_log(inputs, memory, log, day="2026-11-29")
    profile = calibration.profile
    assert profile.id == "vllm-0.19.0-h100-sxm-80gb-cal-2026-11-29"
    assert USER_ID_PATTERN.fullmatch(profile.id)
    assert profile.name == "vllm-0.19.0 on h100-sxm-80gb (calibrated 2026-11-29)"
    assert inputs.engine.id == "vllm"  # the base profile is untouched
    again = calculate_memory(inputs.model_copy(update={"engine": profile}))
    assert again.stages[0].activation.value == pytest.approx(estimated + 1.5, abs=0.01)
    assert again.stages[0].non_torch.value == pytest.approx(0.6)
    assert again.stages[0].cuda_graphs.value == pytest.approx(0.9)
    assert {t.key for t in calibration.changes} == {
        "activation.forward_base_gib", "activation.sampler_base_gib",
        "runtime.non_torch_gib_single", "runtime.cuda_graph_gib"}
    assert all("my.log" in t.sources[0] for t in calibration.changes)
    assert "my.log" in profile.activation.source


def test_tensor_parallel_calibration_adjusts_the_tp_extra(catalog: Catalog) -> None:
    inputs = plan(catalog, "mixtral-8x7b-instruct-v0.1", tensor_parallel_size=2,
                  max_model_len=8192, gpu_memory_utilization=0.95)
    log = MeasuredMemory(non_torch_gib=3.0)
    calibration = calibrate_from_log(inputs, calculate_memory(inputs), log, day="2026-11-29")
    runtime = calibration.profile.runtime
    assert runtime.non_torch_gib_single == inputs.engine.runtime.non_torch_gib_single
    assert runtime.non_torch_gib_single + runtime.non_torch_gib_tp_extra == pytest.approx(3.0)


def test_calibration_is_bounded_and_needs_something_to_adjust(catalog: Catalog) -> None:
    inputs = _llama(catalog)
    memory = calculate_memory(inputs)
    wild = MeasuredMemory(activation_gib=90.0)
    calibration = calibrate_from_log(inputs, memory, wild, day="2026-11-29")
    shift = calibration.profile.activation.forward_base_gib - inputs.engine.activation.forward_base_gib
    assert shift == pytest.approx(16.0)
    assert [n.code for n in calibration.notices] == ["calibration_clipped"]
    with pytest.raises(ValueError, match="no activation"):
        calibrate_from_log(inputs, memory, MeasuredMemory(kv_cache_tokens=1000), day="2026-11-29")


def test_a_measured_figure_next_to_zero_has_no_relative_difference() -> None:
    estimate = term("kv_cache_gib_per_gpu", 58.0, "GiB", "test", {}, ("test",))
    line = comparison_line("kv_cache_gib_per_gpu", estimate, 1e-320, DEFAULT_TOLERANCE)
    assert line.relative is None  # 58 / 1e-320 overflows to infinity
    assert line.flagged
    assert math.isfinite(line.difference)
    exact_zero = comparison_line("kv_cache_gib_per_gpu", estimate, 0.0, DEFAULT_TOLERANCE)
    assert exact_zero.relative is None
