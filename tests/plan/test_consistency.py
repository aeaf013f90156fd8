"""Every view of a plan agrees with the answer, over random scenarios (properties).

The answer is ``Plan.performance`` (what ``estimate --json`` prints). The context sweep at the
scenario's planning length, the per-card grid's scenario row at the scenario's precision, the
load curve at the recommendation, the report's data and the CSV rows must all give the same
numbers, and the headline range of the recommended concurrency must bracket every sensitivity
bar. The checks read only the Plan's public fields, so they keep holding as ceilings are added.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.args import scenario_from_flags
from gpucalc.cli.main import build_parser, main
from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.capacity.sweep import SCENARIO_TIER
from gpucalc.core.common.errors import PlanError
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import Plan, PlanOptions, compute_plan
from gpucalc.report.csv_export import report_tables, table_text
from gpucalc.report.data import REPORT_OPTIONS, build_report, report_data

MODELS = ["llama-3.1-8b-instruct", "llama-3.1-70b-instruct", "qwen3-30b-a3b", "gemma-2-9b-it",
          "deepseek-v2-lite-chat", "gpt-oss-20b", "mistral-7b-instruct-v0.3", "qwen2.5-0.5b-instruct",
          "qwen3-8b-fp8", "meta-llama-3.1-8b-instruct-quantized-w4a16"]
GPUS = ["h100-sxm-80gb", "a100-sxm-80gb", "l40s-48gb", "h200-sxm-141gb", "mi300x-192gb", "l4-24gb"]
SAME_FIGURE = 1e-12  # relative: array and one-at-a-time arithmetic differ in summation order
PROPERTY_SETTINGS = settings(max_examples=40, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])
SWEEP_KINDS = {CeilingKind.MEMORY: "memory", CeilingKind.COMPUTE: "compute",
               CeilingKind.INTERCONNECT: "interconnect"}

_CATALOG: Catalog | None = None


def _catalog() -> Catalog:
    """The bundled catalog, loaded once (hypothesis runs many examples per test)."""
    global _CATALOG  # noqa: PLW0603 - one read-only instance keeps the properties fast
    if _CATALOG is None:
        _CATALOG = Catalog.load()
    return _CATALOG


@st.composite
def scenario_flags(draw: st.DrawFn) -> list[str]:
    """``estimate`` flags of a random scenario: model, GPU, layout, lengths, targets, engine."""
    tp = draw(st.sampled_from([1, 2, 4, 8]))
    replicas = draw(st.sampled_from([1, 2]))
    input_p50 = draw(st.integers(min_value=64, max_value=8000))
    output_p50 = draw(st.integers(min_value=16, max_value=1500))
    flags = [draw(st.sampled_from(MODELS)), "--gpu", draw(st.sampled_from(GPUS)),
             "--num-gpus", str(tp * replicas), "-tp", str(tp),
             "--engine", draw(st.sampled_from(["vllm", "sglang", "trtllm", "vllm-v0"])),
             "--input-len", str(input_p50), "--output-len", str(output_p50),
             "--input-len-p95", str(input_p50 * draw(st.integers(min_value=1, max_value=4))),
             "--tpot-ms", str(draw(st.integers(min_value=15, max_value=200))),
             "--ttft-ms", str(draw(st.integers(min_value=300, max_value=8000)))]
    if draw(st.booleans()):
        flags += ["--output-len-p95", str(output_p50 * 2)]
    if draw(st.booleans()):
        flags += ["--max-model-len", str(draw(st.sampled_from([8192, 32768])))]
    if draw(st.booleans()):
        flags += ["--kv-cache-dtype", "fp8"]
    if draw(st.booleans()):
        flags += ["--max-turns", "4", "--tokens-per-turn", str(draw(st.integers(100, 1500)))]
    return flags


def _scenario(flags: list[str]) -> Scenario:
    return scenario_from_flags(build_parser().parse_args(["estimate", *flags]))


def _plan(flags: list[str], options: PlanOptions | None = None) -> Plan:
    """The plan of ``flags`` (rejected as an example when the layout is not one the model takes)."""
    try:
        return compute_plan(_catalog(), _scenario(flags), options)
    except PlanError:
        reject()


def _estimate_json(flags: list[str]) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(["estimate", *flags, "--uncertainty", "--json"])
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def _same(a: float, b: float) -> bool:
    """Equal up to the CSV's nine significant digits."""
    return math.isclose(a, b, rel_tol=1e-8, abs_tol=1e-9)


def _answer(plan: Plan) -> PerformanceResult:
    perf = plan.performance
    assert perf is not None
    return perf


@PROPERTY_SETTINGS
@given(scenario_flags())
def test_sweep_at_the_planning_length_is_the_answer(flags: list[str]) -> None:
    plan = _plan(flags, PlanOptions(uncertainty=False))
    event("fits" if plan.performance is not None else "does not fit")
    if plan.performance is None:
        assert plan.sweep is None
        return
    perf, sweep = plan.performance, plan.sweep
    assert sweep is not None
    point = sweep.at(sweep.planning_tokens)
    assert point is not None, "the scenario's own planning length is a point of the sweep"
    for ceiling in perf.ceilings:
        name = SWEEP_KINDS.get(ceiling.kind)
        if name is not None and ceiling.limited:
            assert getattr(point, name) == ceiling.value.value, name
    assert point.recommended == perf.recommended_concurrency.value
    assert point.binding == perf.bottleneck


@PROPERTY_SETTINGS
@given(scenario_flags())
def test_grid_at_the_scenarios_length_and_precision_is_the_answer(flags: list[str]) -> None:
    plan = _plan(flags, PlanOptions(uncertainty=False))
    own = (plan.inputs.weight_format.id, plan.inputs.kv_format.id)
    cells = [c for c in plan.grid if c.context_tier == SCENARIO_TIER
             and (c.weight_format, c.kv_format) == own]
    if plan.performance is None:
        assert all(c.binding is None for c in cells)
        return
    assert len(cells) == 1
    cell, perf = cells[0], plan.performance
    assert plan.sweep is not None
    assert cell.context_tokens == plan.sweep.planning_tokens
    assert cell.concurrency == perf.recommended_concurrency.value
    assert cell.binding in (perf.bottleneck, None)
    assert cell.binding is not None or perf.recommended_concurrency.value == 0


@PROPERTY_SETTINGS
@given(scenario_flags())
def test_load_curve_at_the_recommendation_is_the_answers_latency(flags: list[str]) -> None:
    plan = _plan(flags, PlanOptions(views=False, uncertainty=False))  # the answer holds the curve
    if plan.performance is None:
        return
    perf = plan.performance
    at = perf.at_recommended
    point = next((c for c in perf.load_curve if c.concurrency == at.concurrency), None)
    assert point is not None, "the recommendation is a point of the load curve"
    # The curve is evaluated over arrays, the answer's point one batch at a time: the same
    # figures to 12 significant digits (summation order only; views print at most 9).
    # an unbounded latency is infinite in both (no stand-in value)
    assert math.isclose(point.ttft_ms, at.ttft_ms.value, rel_tol=SAME_FIGURE)
    assert math.isclose(point.tpot_ms, at.tpot_ms.value, rel_tol=SAME_FIGURE)
    assert math.isclose(point.output_tokens_per_s, at.output_tokens_per_s.value,
                        rel_tol=SAME_FIGURE)


@PROPERTY_SETTINGS
@given(scenario_flags())
def test_headline_range_brackets_every_sensitivity_bar(flags: list[str]) -> None:
    plan = _plan(flags, PlanOptions(views=False))  # bands and sensitivity need no sweep or grid
    if plan.performance is None or plan.bands is None or plan.sensitivity is None:
        return
    band = plan.bands.band("recommended_concurrency")
    assert band is not None
    assert band.expected.value == plan.performance.recommended_concurrency.value
    assert band.low.value <= band.expected.value <= band.high.value
    for bar in plan.sensitivity.bars:
        for result in (bar.result_at_low, bar.result_at_high):
            assert band.low.value <= result <= band.high.value, bar.key


def _rows(plan: Plan) -> dict[str, list[dict[str, str]]]:
    return {t.name: list(csv.DictReader(io.StringIO(table_text(t))))
            for t in report_tables(report_data(plan))}


REPORT_WITHOUT_SIMULATION = REPORT_OPTIONS.model_copy(update={"simulation": False})
"""What a report computes but the simulated rate sweep, which no figure checked here reads (and
which no other part of the plan depends on: the test below it proves that)."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario_flags())
def test_report_and_csv_figures_equal_the_json(flags: list[str]) -> None:
    # the report's plan rejects layouts the model cannot take (as build_report would refuse them)
    report = report_data(_plan(flags, REPORT_WITHOUT_SIMULATION))
    data = _estimate_json(flags)
    perf = report.result.performance
    assert report.result.memory.kv_cache_tokens.value == data["kv_cache_tokens"]
    if perf is None:
        assert "ceilings" not in data
        return
    assert perf.recommended_concurrency.value == data["recommended_concurrency"]
    assert {c.kind.value: (c.value.value if c.limited else None) for c in perf.ceilings} == data["ceilings"]
    assert perf.at_recommended.tpot_ms.value == data["at_recommended"]["tpot_ms"]
    assert report.bands is not None
    band = report.bands.band("recommended_concurrency")
    assert band is not None
    assert (band.low.value, band.high.value) == (data["constant_bands"]["recommended_concurrency"]["low"],
                                                 data["constant_bands"]["recommended_concurrency"]["high"])
    rows = _rows(report.plan)
    for row in rows["answer"]:
        group, _, key = row["quantity"].partition(".")
        expected = data[group][key] if key else data[group]
        assert _same(float(row["value"]), expected), row["quantity"]
    assert report.sweep is not None
    planning = report.sweep.planning_tokens
    own = next(r for r in rows["context_sweep"] if int(r["planning_length_tokens"]) == planning)
    assert _same(float(own["recommended_requests"]), data["recommended_concurrency"])
    assert own["binding"] == data["bottleneck"]
    uncertainty = {r["result"]: r for r in rows["uncertainty"]}
    assert _same(float(uncertainty["recommended_concurrency"]["high"]),
                 data["constant_bands"]["recommended_concurrency"]["high"])


def test_the_simulation_changes_no_other_part_of_a_report() -> None:
    """The property above builds reports without the simulated sweep; a report with it holds the
    same plan and the same tables but the simulation's own."""
    scenario = _scenario(["qwen3-30b-a3b", "--gpu", "h100-sxm-80gb", "--num-gpus", "2", "-tp", "2",
                          "--input-len", "3000", "--input-len-p95", "9000", "--output-len", "400",
                          "--tpot-ms", "40", "--max-turns", "4", "--tokens-per-turn", "600"])
    created = dt.datetime(2026, 1, 2, 3, 4, tzinfo=dt.UTC)
    full = build_report(scenario, _catalog(), created=created)
    without = report_data(compute_plan(_catalog(), scenario, REPORT_WITHOUT_SIMULATION), created=created)
    assert full.plan.simulation is not None
    assert without.plan.simulation is None
    untimed = {"elapsed_ms": 0.0}  # how long the plan took, not what it says
    assert (full.plan.model_copy(update={**untimed, "simulation": None})
            == without.plan.model_copy(update=untimed))
    simulated = {"simulation_sweep"}
    assert ([t for t in report_tables(full) if t.name not in simulated]
            == [t for t in report_tables(without) if t.name not in simulated])
    assert {t.name for t in report_tables(full)} - {t.name for t in report_tables(without)} == simulated


@pytest.mark.parametrize("flags", [[
    "llama-3.1-70b-instruct", "--gpu", "h100-sxm-80gb", "--num-gpus", "8", "-tp", "4",
    "--input-len", "2000", "--input-len-p95", "6000", "--output-len", "300", "--tpot-ms", "50"]])
def test_issue_scenario_agrees_everywhere(flags: list[str]) -> None:
    """The issue's case: the answer's memory ceiling (71) and its P95 compute ceiling are the
    sweep's point at 6,300 tokens and the grid's scenario cell."""
    plan = _plan(flags)
    perf = _answer(plan)
    compute = perf.ceiling(CeilingKind.COMPUTE).value.value
    assert perf.ceiling(CeilingKind.MEMORY).value.value == 71
    assert perf.recommended_concurrency.value == min(71, compute)
    assert plan.sweep is not None
    assert plan.sweep.planning_tokens == 6300
    point = plan.sweep.at(6300)
    assert point is not None
    assert (point.memory, point.compute) == (71, compute)
    bf16 = {c.context_tier: c for c in plan.grid if c.precision_tier == "bf16"}
    assert bf16[SCENARIO_TIER].concurrency == perf.recommended_concurrency.value
    # a shorter planning length never serves fewer requests than the answer
    assert bf16["medium"].concurrency >= bf16[SCENARIO_TIER].concurrency >= bf16["long"].concurrency
