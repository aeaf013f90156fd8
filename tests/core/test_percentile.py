"""Percentile-aware compute ceiling: ordering, the mechanisms, and agreement with the simulator."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs, resolve_scenario
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.perf_model import build_context, largest_satisfying
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.capacity.tail_latency import (
    Arrivals,
    SteadySteps,
    length_mix,
    lognormal_points,
    tpot_percentile_s,
    wait_percentile_s,
)
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.capacity import meets_slo_simulated, slo_capacity
from gpucalc.core.simulation.sweep import saturation_rate
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.core.step.ops import SCALAR
from gpucalc.validation.throughput_cases import load_throughput_cases
from tests.report.scenarios import TP_SCENARIO

Case = Callable[..., PlanInputs]


def seed_002(catalog: Catalog, percentile: int = 95) -> PlanInputs:
    """resources/examples/llama-3.1-70b-8xa100: 70B TP 8 on 8× A100, 3,840 in + 256 out."""
    return resolve_inputs(
        catalog, "llama-3.1-70b-instruct", "a100-sxm-80gb",
        Deployment(num_gpus=8, tensor_parallel_size=8),
        Workload(input_len_p50=3840, output_len_p50=256, qps_avg=4, qps_peak=8),
        Targets(ttft_ms=2000, tpot_ms=100, percentile=percentile))


def chat_8b(catalog: Catalog, percentile: int = 95) -> PlanInputs:
    """8B chat on one A100 with spread lengths and tight targets."""
    return resolve_inputs(
        catalog, "llama-3.1-8b-instruct", "a100-sxm-80gb", Deployment(max_model_len=16384),
        Workload(input_len_p50=500, output_len_p50=200, input_len_p95=2000, output_len_p95=600),
        Targets(ttft_ms=500, tpot_ms=40, percentile=percentile))


def compute_ceiling(inputs: PlanInputs) -> float:
    perf = calculate(inputs).performance
    assert perf is not None
    return next(c for c in perf.ceilings if c.kind == CeilingKind.COMPUTE).value.value


@pytest.mark.parametrize("case", [seed_002, chat_8b])
def test_higher_percentile_lower_ceiling_and_below_the_mean(catalog: Catalog, case: Case) -> None:
    p50, p95, p99 = (compute_ceiling(case(catalog, p)) for p in (50, 95, 99))
    inputs = case(catalog)
    ctx = build_context(inputs, calculate_memory(inputs))
    mean = largest_satisfying(ctx.meets_latency)
    assert p99 <= p95 <= p50 <= mean
    poisson = largest_satisfying(lambda n: ctx.meets_percentile(n, Arrivals.POISSON))
    assert poisson < p95  # random arrivals queue: the same targets allow fewer in flight


def test_percentile_must_be_50_95_or_99() -> None:
    with pytest.raises(ValueError, match="percentile"):
        Targets(percentile=90)
    assert Targets().percentile == 95


def test_short_outputs_spread_tpot_wider() -> None:
    """A request meeting few prefill steps over few outputs varies more (hand-worked).

    f = 0.2, Δ = 50 ms over a 20 ms decode step, 100 decode steps, dispersion 1: mean 30 ms,
    std = 50 × √(0.2 × 0.8 / 100) = 2 ms, P95 = 30 + 1.645 × 2 = 33.29 ms.
    """
    def steps(share: float) -> SteadySteps[float]:
        return SteadySteps(running=10.0, decoding=10.0, others_decoding=9.0, room=1000.0,
                           context=500.0, chunks=1.0,
                           per_step=100.0, share=share, seen_share=share, decode_s=0.020,
                           prefill_s=0.070, mean_step_s=0.030, tpot_s=0.030, dispersion=1.0,
                           mean_output=101.0)

    mix = length_mix(Workload(input_len_p50=100, output_len_p50=101))
    p95 = tpot_percentile_s(mix, steps(0.2), 95)
    assert p95 == pytest.approx(0.03329, abs=2e-5)
    short = length_mix(Workload(input_len_p50=100, output_len_p50=11))
    assert tpot_percentile_s(short, steps(0.2), 95) > p95


def test_queue_wait_tail_by_hand() -> None:
    """M/D/1 at ρ = 0.5, service 1 s: W̄ = 0.5 s; P95 wait = W̄/ρ × ln(ρ/0.05) = ln 10 s."""
    assert wait_percentile_s(SCALAR, 0.5, 0.5, 95) == pytest.approx(2.302585, rel=1e-6)
    assert wait_percentile_s(SCALAR, 0.5, 0.5, 50) == 0.0  # half the prompts never wait


def test_lognormal_points_keep_median_and_p95() -> None:
    points = lognormal_points(1000, 3000)
    values = sorted(v for _, v in points)
    assert values[len(values) // 2 - 1] < 1000 < values[len(values) // 2]
    assert sum(w for w, _ in points) == pytest.approx(1.0)
    assert max(values) > 3000  # the top quantile point lies past P95


def report_tp(catalog: Catalog, percentile: int = 95) -> PlanInputs:
    """The report tests' 70B chat on 8× H100 (TP 4, P95 lengths 3× P50), one replica."""
    inputs = resolve_scenario(catalog, TP_SCENARIO)
    return inputs.model_copy(update={"targets": inputs.targets.model_copy(
        update={"percentile": percentile})})


def published_h100(catalog: Catalog, percentile: int = 95) -> PlanInputs:
    """A published TensorRT-LLM run's inputs (tp-trt017-005), at the default targets."""
    case = next(c for c in load_throughput_cases(catalog) if c.id == "tp-trt017-005")
    return case.inputs.model_copy(update={"targets": Targets(percentile=percentile)})


@pytest.mark.parametrize("case", [seed_002, chat_8b, report_tp, published_h100])
def test_analytic_capacity_agrees_with_the_simulator(catalog: Catalog, case: Case) -> None:
    """Seed 002's case was 2× apart at P95 (2.5 simulated against 4.99 analytic)."""
    inputs = case(catalog)
    capacity = slo_capacity(inputs, calculate_memory(inputs))
    assert capacity.ratio == pytest.approx(1.0, abs=0.10)
    assert capacity.agrees
    assert capacity.stated.value == capacity.analytic.value


def test_simulated_figure_wins_when_they_disagree(catalog: Catalog) -> None:
    """A published long-context run thrashes the KV cache in the simulator; its capacity is stated."""
    case = next(c for c in load_throughput_cases(catalog) if c.id == "tp-vllmblog-047")
    inputs = case.inputs.model_copy(update={"targets": Targets(percentile=95)})
    capacity = slo_capacity(inputs, calculate_memory(inputs))
    assert not capacity.agrees
    assert capacity.stated.value == capacity.simulated.value
    assert "simulated" in capacity.stated.formula


def test_simulated_capacity_needs_the_replica_to_keep_up(catalog: Catalog) -> None:
    """A short run past saturation can meet TTFT before its queue grows; it still fails."""
    inputs = chat_8b(catalog)
    memory = calculate_memory(inputs)
    saturated = saturation_rate(inputs, memory)
    assert not meets_slo_simulated(inputs, memory, 3 * saturated, requests=300)
