"""Every input that multiplies the work has a cap, checked before the work starts: at it and past it.

Caps (README "Input limits"): request classes 64, context sweep points 10,000, simulated requests
100,000 a run and 200,000 a sweep, simulated rates 200; a report's sections follow from them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.args import bounded_int
from gpucalc.cli.main import MAX_SWEEP_POINTS, main
from gpucalc.cli.simulate import MAX_SWEEP_POINTS as MAX_SIMULATED_RATES
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.limits import MAX_SIMULATED_REQUESTS, MAX_SWEEP_REQUESTS
from gpucalc.core.simulation.sweep import simulate_rate_sweep
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import MAX_REQUEST_CLASSES, RequestClass, Workload
from tests.helpers import plan

ESTIMATE = ["estimate", "qwen3-8b", "--gpu", "h100-sxm-80gb", "--max-model-len", "8192"]


def _class_flags(count: int) -> list[str]:
    share = 1 / count
    return [word for n in range(count) for word in ("--request-class", f"{share!r}:{200 + n}:{50 + n}")]


def test_the_class_cap_is_64() -> None:
    assert MAX_REQUEST_CLASSES == 64


def test_request_classes_at_the_cap_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ESTIMATE, *_class_flags(MAX_REQUEST_CLASSES), "--json"]) == 0
    per_class = json.loads(capsys.readouterr().out)["per_class"]
    assert len(per_class) == MAX_REQUEST_CLASSES


def test_one_request_class_past_the_cap_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ESTIMATE, *_class_flags(MAX_REQUEST_CLASSES + 1)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"gpucalc: --request-class takes at most {MAX_REQUEST_CLASSES} entries"


def _scenario_with_classes(path: Path, count: int) -> Path:
    classes = [{"name": f"c{n}", "share": 1 / count, "input_len": 100 + n, "output_len": 50}
               for n in range(count)]
    path.write_text(json.dumps({"format": "gpucalc-scenario", "schema_version": 1, "scenario": {
        "model": "qwen3-8b", "gpu": "h100-sxm-80gb", "workload": {"classes": classes}}}),
        encoding="utf-8")
    return path


def test_a_scenario_file_of_50000_classes_is_refused_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = _scenario_with_classes(tmp_path / "many.gpucalc.json", 50_000)
    out = tmp_path / "out.pdf"
    assert main(["report", "--scenario", str(scenario), "-o", str(out)]) == 2
    assert f"at most {MAX_REQUEST_CLASSES} entries" in capsys.readouterr().err
    assert not out.exists()


def test_a_report_at_the_class_cap_holds_every_class(tmp_path: Path, catalog: Catalog) -> None:
    from gpucalc.report.data import build_report

    classes = tuple(RequestClass(name=f"c{n}", share=1 / MAX_REQUEST_CLASSES, input_len=100 + n,
                                 output_len=50) for n in range(MAX_REQUEST_CLASSES))
    with pytest.raises(ValueError, match="at most 64"):
        Workload(classes=(*classes, classes[0]))
    from gpucalc.core.specs.scenario import Scenario

    data = build_report(Scenario(model="qwen3-8b", gpu="h100-sxm-80gb",
                                 workload=Workload(classes=classes)), catalog)
    assert data.result.performance is not None
    assert len(data.result.performance.per_class) == MAX_REQUEST_CLASSES


def test_sweep_points_at_the_cap_and_past_it(capsys: pytest.CaptureFixture[str]) -> None:
    sweep = ["sweep", "qwen3-8b", "--gpu", "h100-sxm-80gb", "--max-model-len", "32768", "--json"]
    assert main([*sweep, "--points", str(MAX_SWEEP_POINTS)]) == 0
    assert len(json.loads(capsys.readouterr().out)["points"]) >= 256  # distinct lengths up to 32k
    with pytest.raises(SystemExit):
        main([*sweep, "--points", str(MAX_SWEEP_POINTS + 1)])
    assert f"from 2 to {MAX_SWEEP_POINTS:,}" in capsys.readouterr().err


@pytest.mark.parametrize(("cap", "flag"), [(MAX_SIMULATED_REQUESTS, "--num-requests"),
                                           (MAX_SIMULATED_RATES, "--sweep")])
def test_simulation_caps_are_checked_while_the_flags_are_read(cap: int, flag: str) -> None:
    check = bounded_int(1, cap)
    assert check(str(cap)) == cap
    with pytest.raises(argparse.ArgumentTypeError, match=f"from 1 to {cap:,}"):
        check(str(cap + 1))
    with pytest.raises(SystemExit):
        main(["simulate", "qwen3-8b", "--gpu", "h100-sxm-80gb", flag, str(cap + 1)])


def test_simulated_requests_of_a_sweep_are_capped_before_any_run(
        catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    from gpucalc.core.simulation import sweep as sim_sweep

    inputs = plan(catalog, "qwen3-8b", max_model_len=4096)
    memory = calculate_memory(inputs)
    rates = [0.5, 1.0]
    monkeypatch.setattr(sim_sweep, "MAX_SWEEP_REQUESTS", 40)  # the same rule, at a size a test runs
    swept = simulate_rate_sweep(inputs, memory, rates, TrafficSpec(num_requests=20))
    assert len(swept.points) == 2
    with pytest.raises(ValueError, match="at most 40 requests in all"):
        simulate_rate_sweep(inputs, memory, rates, TrafficSpec(num_requests=21))
    assert MAX_SWEEP_REQUESTS == 200_000
    with pytest.raises(ValueError, match="less than or equal to 100000"):
        TrafficSpec(num_requests=MAX_SIMULATED_REQUESTS + 1)
    assert TrafficSpec(num_requests=MAX_SIMULATED_REQUESTS).num_requests == MAX_SIMULATED_REQUESTS
