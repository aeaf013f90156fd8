"""Measured kernel surfaces: loading, hand-worked values, mapping, and the step model on them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.perf_model import build_context, plan_efficiency
from gpucalc.core.fleet.uncertainty import UNCERTAIN_CONSTANTS, ranges_for
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.efficiency import as_override
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from gpucalc.core.specs.kernel_surfaces import kernel_profile, measured_levels
from gpucalc.core.step.kernel_explain import kernel_term_sources
from gpucalc.core.step.step_model import StepModel, mapped_size_scale


def _plan(catalog: Catalog, gpu: str = "h100-sxm-80gb", engine: str = "vllm", tp: int = 1,
          model: str = "llama-3.1-8b-instruct") -> PlanInputs:
    return resolve_inputs(catalog, model, gpu, Deployment(engine=engine, num_gpus=tp,
                                                          tensor_parallel_size=tp,
                                                          max_model_len=8192),
                          Workload(input_len_p50=1024, output_len_p50=256))


def _step(inputs: PlanInputs) -> StepModel:
    return build_context(inputs, calculate_memory(inputs)).step


def test_gemm_surface_matches_the_json_parameters_by_hand(catalog: Catalog) -> None:
    raw = json.loads((specs_dir() / "kernels" / "h100_sxm.json").read_text(encoding="utf-8"))
    p = raw["engines"]["vllm"]["gemm"]["bfloat16"]
    profile = kernel_profile(catalog.kernels, "h100-sxm-80gb", "vllm")
    assert profile is not None
    assert not profile.mapped
    surface = profile.surfaces.gemm["bfloat16"]
    m, nk = 64.0, 4096.0 * 4096.0
    hand = p["e_max"] * m / (m + p["m_half"]) * nk / (nk + p["nk_half"])
    assert surface.compute_fraction(m, nk) == pytest.approx(hand, rel=1e-12)
    assert 0 < surface.residual.median <= surface.residual.p90 < 1


def test_small_m_is_slower_per_flop_than_large_m(catalog: Catalog) -> None:
    profile = kernel_profile(catalog.kernels, "h100-sxm-80gb", "vllm")
    assert profile is not None
    for surface in profile.surfaces.gemm.values():
        fractions = [surface.compute_fraction(m, 4096.0 * 14336.0) for m in (1, 8, 64, 512, 8192)]
        assert fractions == sorted(fractions)
        assert fractions[0] < 0.5 * fractions[-1]


def test_a_gpu_without_tables_is_mapped_and_says_so(catalog: Catalog) -> None:
    profile = kernel_profile(catalog.kernels, "rtx-4090-24gb", "vllm")
    assert profile is not None
    assert profile.mapped
    assert profile.system.system == "l40s"
    assert "mapped from NVIDIA L40S" in profile.describe()
    inputs = _plan(catalog, gpu="rtx-4090-24gb")
    assert "mapped from" in plan_efficiency(inputs).source
    widened = {r.key: r for r in ranges_for(inputs)}
    plain = {r.key: r for r in UNCERTAIN_CONSTANTS}
    assert widened["gemm_compute"].low_factor < plain["gemm_compute"].low_factor
    assert widened["gemm_compute"].high_factor > plain["gemm_compute"].high_factor
    assert widened["step_overhead_ms"] == plain["step_overhead_ms"]


def test_measured_gpu_efficiency_says_where_it_came_from(catalog: Catalog) -> None:
    inputs = _plan(catalog)
    eff = plan_efficiency(inputs)
    profile = kernel_profile(catalog.kernels, "h100-sxm-80gb", "vllm")
    assert profile is not None
    assert eff.gemm_compute == profile.surfaces.gemm["bfloat16"].e_max
    assert "aiconfigurator-core 0.12.0 measured NVIDIA H100" in eff.source
    assert measured_levels(inputs.engine.efficiency, None) == inputs.engine.efficiency


def test_step_terms_are_monotone(catalog: Catalog) -> None:
    step = _step(_plan(catalog))
    gemm = [step.gemm_seconds(t, t) for t in (1, 16, 256, 4096)]
    attn = [step.attention_seconds(32, c, 0, 0) for c in (512, 4096, 32768)]
    prefill = [step.attention_seconds(0, 0, p, p / 2) for p in (256, 2048, 8192)]
    assert gemm == sorted(gemm)
    assert attn == sorted(attn)
    assert prefill == sorted(prefill)
    # per token, a batch of 256 is far cheaper than one token at a time (weights read once)
    assert gemm[2] / 256 < gemm[0] / 4


def test_all_reduce_grows_with_the_message(catalog: Catalog) -> None:
    step = _step(_plan(catalog, model="llama-3.1-70b-instruct", tp=4))
    assert step.kernels is not None
    assert step.kernels.allreduce_alpha_s > 0
    comm = [step.comm_seconds(t) for t in (1, 64, 1024, 8192)]
    assert comm == sorted(comm)
    assert comm[0] > 0


def test_vectorised_step_equals_the_scalar_one(catalog: Catalog) -> None:
    for inputs in (_plan(catalog), _plan(catalog, model="llama-3.1-70b-instruct", tp=4)):
        step = _step(inputs)
        decode = np.array([0.0, 1.0, 7.0, 64.0, 300.0])[:, None]
        prefill = np.array([0.0, 100.0, 2048.0])[None, :]
        context = np.array([2000.0])
        many = step.step_seconds_many(decode, prefill, context)
        for (i, j), value in np.ndenumerate(many):
            scalar = step.step_seconds(float(decode[i, 0]), float(prefill[0, j]), 2000.0)
            assert value == pytest.approx(scalar, rel=1e-12, abs=0.0)
        with_pctx = step.step_seconds_many(decode, prefill, context, np.array([500.0]))
        assert with_pctx[2, 1] == pytest.approx(step.step_seconds(7.0, 100.0, 2000.0, 500.0),
                                                rel=1e-12)


def test_a_calibrated_override_moves_the_measured_surface(catalog: Catalog) -> None:
    inputs = _plan(catalog)
    eff = plan_efficiency(inputs)
    slower = eff.model_copy(update={"gemm_compute": eff.gemm_compute / 2})
    engine = inputs.engine.model_copy(update={"efficiency_by_gpu": {"h100": as_override(slower)}})
    calibrated = inputs.model_copy(update={"engine": engine})
    assert _step(calibrated).gemm_seconds(8192, 0) > 1.8 * _step(inputs).gemm_seconds(8192, 0)


def test_each_step_term_says_where_its_efficiency_came_from(catalog: Catalog) -> None:
    step = _step(_plan(catalog, model="llama-3.1-70b-instruct", tp=4))
    sources = kernel_term_sources(step, 64.0, 64.0, 2048.0, 0.0, 0.0)
    assert sources["gemm"].startswith("GEMM at M = 64: 0.")
    assert "of bfloat16 peak" in sources["gemm"]
    assert "aiconfigurator-core 0.12.0 measured NVIDIA H100 SXM 80GB vllm" in sources["gemm"]
    assert "fit residual" in sources["gemm"]
    assert "of HBM bandwidth" in sources["attention"]
    assert "all-reduce of 1.05 MB on 4 ranks" in sources["communication"]  # 64 × 8192 × 2 B
    mapped = _step(_plan(catalog, gpu="rtx-4090-24gb"))
    assert "mapped from NVIDIA L40S" in kernel_term_sources(mapped, 8.0, 8.0, 512.0, 0.0, 0.0)["gemm"]


def test_a_smaller_mapped_gpu_reaches_its_asymptote_at_smaller_m(catalog: Catalog) -> None:
    profile = kernel_profile(catalog.kernels, "rtx-3090-24gb", "vllm")
    assert profile is not None
    own = catalog.gpu("rtx-3090-24gb").dense_tflops.bf16
    measured = catalog.gpu("a100-sxm-80gb").dense_tflops.bf16
    assert own is not None
    assert measured is not None
    assert mapped_size_scale(profile, "bf16", own) == pytest.approx(own / measured)
    a100 = kernel_profile(catalog.kernels, "a100-sxm-80gb", "vllm")
    assert a100 is not None
    assert mapped_size_scale(a100, "bf16", 1.0) == 1.0  # measured GPUs keep the measured shape
    step = _step(_plan(catalog, gpu="rtx-3090-24gb"))
    assert step.kernels is not None
    assert step.kernels.gemm_m_half == pytest.approx(
        a100.surfaces.gemm["bfloat16"].m_half * own / measured)
