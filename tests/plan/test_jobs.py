"""Sizing, simulation and calibration each run as one job that the window, CLI and report share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.core.simulation.simulate import SimulationCancelled
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.bench_results import read_bench_results
from gpucalc.io.engine_log import read_engine_log
from gpucalc.plan.calibration_job import (
    bench_profile,
    check_log,
    default_bench_profile_name,
    fit_bench,
    inputs_with_log_flags,
    log_calibration,
    profile_id_from_name,
    today,
)
from gpucalc.plan.compute import SIM_RATES, SIM_REQUESTS_PER_RATE, simulate_plan, sizing_rows
from gpucalc.plan.simulation_job import SimulationJob
from gpucalc.plan.sizing_job import own_gpu_job, sizing_job
from tests.helpers import plan

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOG = FIXTURES / "logs" / "vllm-0.19-llama-3.1-8b-h100.log"
BENCH = FIXTURES / "bench" / "hand-table-llama8b-h100.csv"
CHAT = Workload(input_len_p50=1000, output_len_p50=200, qps_avg=20)


# -- sizing ------------------------------------------------------------------------------------

def test_sizing_needs_a_qps(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct")
    assert inputs.workload.qps_avg is None
    assert sizing_job(catalog, inputs) is None
    assert sizing_rows(catalog, inputs) == ()


def test_the_report_sizes_what_the_window_sizes(catalog: Catalog) -> None:
    """The report's rows are the window's default job over the same GPUs, row for row."""
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=CHAT)
    job = sizing_job(catalog, inputs)
    assert job is not None
    assert job.gpus == tuple(catalog.gpus.values())
    assert job.request.redundancy == 1
    assert job.request.size_for_peak
    two = sizing_job(catalog, inputs, gpus=[catalog.gpu("h100-sxm-80gb"), catalog.gpu("l40s")])
    assert two is not None
    rows = two.run()
    assert rows
    assert {r.gpu for r in rows} <= {"h100-sxm-80gb", "l40s-48gb"}
    full = sizing_rows(catalog, inputs)

    def unmarked(found: object) -> list[dict[str, object]]:  # the Pareto front depends on the set
        assert isinstance(found, tuple | list)
        return [r.model_dump(exclude={"pareto"}) for r in found if r.gpu in {"h100-sxm-80gb", "l40s-48gb"}]

    assert unmarked(full) == unmarked(rows)


def test_pinning_keeps_the_scenarios_precision(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=CHAT)
    free = sizing_job(catalog, inputs)
    pinned = sizing_job(catalog, inputs, pin_weights=True, pin_kv=True)
    assert free is not None
    assert pinned is not None
    assert len(free.precisions) > 1
    assert pinned.precisions == ((None, None),)


def test_the_cli_runs_the_same_job(catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "llama-3.1-8b-instruct", "--gpus", "h100-sxm-80gb,l40s",
                 "--input-len", "1000", "--output-len", "200", "--qps", "20", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    inputs = plan(catalog, "llama-3.1-8b-instruct", workload=CHAT)
    job = sizing_job(catalog, inputs, gpus=[catalog.gpu("h100-sxm-80gb"), catalog.gpu("l40s")])
    assert job is not None
    assert shown == [json.loads(r.model_dump_json()) for r in job.run()]


def test_own_gpu_job_sizes_one_replica_without_a_qps(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct")
    job = own_gpu_job(inputs)
    assert job.gpus == (inputs.gpu,)
    assert job.precisions == ((None, None),)
    assert job.request.qps_avg > 0


def test_a_cancelled_sizing_stops(catalog: Catalog) -> None:
    from gpucalc.core.fleet.sizing import SizingCancelled

    job = sizing_job(catalog, plan(catalog, "llama-3.1-8b-instruct", workload=CHAT))
    assert job is not None
    with pytest.raises(SizingCancelled):
        job.run(lambda _share: False)


# -- simulation ----------------------------------------------------------------------------------

def test_the_report_simulation_is_the_job(catalog: Catalog) -> None:
    from gpucalc.core.memory.memory_plan import calculate_memory

    inputs = plan(catalog, "llama-3.1-8b-instruct")
    memory = calculate_memory(inputs)
    report = simulate_plan(inputs, memory)
    assert report is not None
    outcome = SimulationJob(inputs=inputs, memory=memory,
                            traffic=TrafficSpec(num_requests=SIM_REQUESTS_PER_RATE, seed=0),
                            single_run=False, sweep_points=SIM_RATES, capacity=True).run()
    assert outcome.run is None
    assert outcome.sweep == report.sweep
    assert outcome.saturation_rate == report.saturation_rate
    assert len(report.sweep.points) == SIM_RATES
    assert outcome.capacity == report.slo_capacity


def test_progress_covers_the_run_then_the_sweep(catalog: Catalog) -> None:
    from gpucalc.core.memory.memory_plan import calculate_memory

    inputs = plan(catalog, "llama-3.1-8b-instruct")
    memory = calculate_memory(inputs)
    seen: list[float] = []

    def progress(share: float) -> bool:
        seen.append(share)
        return True

    job = SimulationJob(inputs=inputs, memory=memory,
                        traffic=TrafficSpec(request_rate=2.0, num_requests=200), sweep_points=3)
    outcome = job.run(progress)
    assert outcome.run is not None
    assert outcome.sweep is not None
    assert seen == sorted(seen)
    assert seen[-1] == 1.0
    assert any(0 < s <= 0.2 for s in seen)  # the run at one load takes the first fifth
    with pytest.raises(SimulationCancelled):
        job.run(lambda _share: False)


def test_the_offered_load_notice_needs_a_finite_rate(catalog: Catalog) -> None:
    from gpucalc.core.memory.memory_plan import calculate_memory

    inputs = plan(catalog, "llama-3.1-8b-instruct")
    memory = calculate_memory(inputs)
    flood = SimulationJob(inputs=inputs, memory=memory,
                          traffic=TrafficSpec(request_rate=10_000.0, num_requests=200)).run()
    assert [n.code for n in flood.notices] == ["offered_exceeds_capacity"]
    closed = SimulationJob(inputs=inputs, memory=memory,
                           traffic=TrafficSpec(concurrency=8, num_requests=200)).run()
    assert closed.notices == ()


# -- calibration ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "expected"), [
    ("My H100 fit", "my-h100-fit"), ("vLLM 0.19 / H100", "vllm-0.19-h100"), ("  ", ""), ("!!!", ""),
    ("x" * 300, "x" * 128)])
def test_profile_ids_come_from_names(name: str, expected: str) -> None:
    assert profile_id_from_name(name) == expected


def test_a_log_calibration_is_named_and_dated(catalog: Catalog) -> None:
    measured = read_engine_log(LOG)
    inputs = plan(catalog, "llama-3.1-8b-instruct")
    check = check_log(inputs, measured)
    assert check.comparison.lines
    dated = log_calibration(check, measured)
    assert today() in dated.profile.id
    named = log_calibration(check, measured, "Lab H100")
    assert (named.profile.id, named.profile.name) == ("lab-h100", "Lab H100")
    with pytest.raises(ValueError, match="no letters or digits"):
        log_calibration(check, measured, "???")


def test_the_log_flags_replace_the_scenarios(catalog: Catalog) -> None:
    measured = read_engine_log(LOG)
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb")
    inputs = inputs_with_log_flags(catalog, scenario, measured)
    assert inputs.deployment.max_model_len == measured.flags["max_model_len"] == 8192
    assert inputs.deployment.gpu_memory_utilization == 0.95
    assert inputs.deployment.num_gpus >= inputs.deployment.gpus_per_replica


def test_a_bench_fit_becomes_a_profile(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct")
    points = read_bench_results(BENCH)
    fitted = fit_bench(inputs, points, 0.25, source=BENCH.name)
    assert fitted.result.holdout_count >= 1
    assert fitted.result.fit_count + fitted.result.holdout_count == len(points)
    default = bench_profile(inputs, fitted.result)
    assert default.name == default_bench_profile_name(inputs)
    named = bench_profile(inputs, fitted.result, "Lab H100")
    assert named.id == "lab-h100"
    assert named.efficiency_by_gpu[inputs.gpu.id].source == fitted.result.efficiency.source
