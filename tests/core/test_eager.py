"""The CUDA-graph switch: --enforce-eager frees the graph memory and adds kernel launches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.cli.main import main
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.engine_log import deployment_overrides, parse_engine_log
from gpucalc.plan.serve_command import parse_serve_command
from gpucalc.plan.serve_line import serve_line
from tests.helpers import plan

MODEL = "llama-3.1-8b-instruct"  # 32 decoder layers
FIXTURES = Path(__file__).parents[1] / "fixtures" / "logs"


def _latency_ms(catalog: Catalog, concurrency: int, **deployment: Any) -> tuple[float, float]:
    """(TPOT, decode-only inter-token latency) in ms at ``concurrency`` clients."""
    perf = calculate(plan(catalog, MODEL, max_model_len=8192, **deployment),
                     LoadRequest(concurrency=concurrency)).performance
    assert perf is not None
    return perf.operating_point.tpot_ms.value, perf.operating_point.itl_ms.value


def test_eager_frees_the_cuda_graph_memory(catalog: Catalog) -> None:
    graphs = calculate_memory(plan(catalog, MODEL, max_model_len=8192)).binding
    eager = calculate_memory(plan(catalog, MODEL, max_model_len=8192, enforce_eager=True)).binding
    assert graphs.cuda_graphs.value == pytest.approx(0.6)
    assert eager.cuda_graphs.value == 0.0
    assert eager.headroom.value == pytest.approx(graphs.headroom.value + 0.6)
    assert eager.kv_cache.value == pytest.approx(graphs.kv_cache.value)  # vLLM: not deducted
    assert "--enforce-eager" in eager.cuda_graphs.formula


def test_eager_step_is_launch_bound_at_batch_one(catalog: Catalog) -> None:
    """32 layers × 0.25 ms = 8 ms of launches outlast one decode's GPU work; + 2 ms overhead."""
    inputs = plan(catalog, MODEL, max_model_len=8192)
    step = build_context(inputs, calculate_memory(inputs)).step
    work_ms = (step.step_seconds(1, 0.0, 1152) - step.overhead_s) * 1000
    assert work_ms < 8.0
    graphs_tpot, graphs_itl = _latency_ms(catalog, 1)
    eager_tpot, eager_itl = _latency_ms(catalog, 1, enforce_eager=True)
    assert graphs_itl == pytest.approx(work_ms + 2.0)
    assert eager_itl == pytest.approx(8.0 + 2.0)
    assert eager_tpot > graphs_tpot * 1.2


def test_large_batches_hide_the_launches(catalog: Catalog) -> None:
    assert _latency_ms(catalog, 256, enforce_eager=True) == pytest.approx(_latency_ms(catalog, 256))


def test_eager_launch_is_explained_in_the_step_breakdown(catalog: Catalog) -> None:
    perf = calculate(plan(catalog, MODEL, max_model_len=8192, max_num_seqs=1,
                          enforce_eager=True)).performance
    assert perf is not None
    launch = next(t for t in perf.step_breakdown_ms if t.key == "step.eager_launch_ms")
    assert launch.value > 0
    assert "CUDA graphs" in launch.formula
    assert any("0.25 ms per layer" in s for s in launch.sources)


def test_tensorrt_llm_has_no_graphs_to_switch_off(catalog: Catalog) -> None:
    assert _latency_ms(catalog, 1, engine="trtllm", enforce_eager=True) == pytest.approx(
        _latency_ms(catalog, 1, engine="trtllm"))


def test_cli_accepts_enforce_eager(capsys: pytest.CaptureFixture[str]) -> None:
    def run(*extra: str) -> dict[str, object]:
        assert main(["estimate", MODEL, "--gpu", "h100-sxm-80gb", "--max-model-len", "8192",
                     "--concurrency", "1", "--json", *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        assert isinstance(data, dict)
        return data

    graphs, eager, sglang = run(), run("--enforce-eager"), run("--disable-cuda-graph")
    assert eager["memory"]["cuda_graphs_gib_per_gpu"] == 0.0  # type: ignore[index]
    assert graphs["memory"]["cuda_graphs_gib_per_gpu"] > 0  # type: ignore[index]
    assert eager["tpot_ms"] > graphs["tpot_ms"]  # type: ignore[operator]
    assert sglang["tpot_ms"] == eager["tpot_ms"]


@pytest.mark.parametrize(("engine", "flag"), [("vllm", "--enforce-eager"),
                                              ("sglang", "--disable-cuda-graph")])
def test_serve_line_and_paste_round_trip_eager(catalog: Catalog, engine: str, flag: str) -> None:
    scenario = Scenario(model=MODEL, deployment=Deployment(engine=engine, enforce_eager=True))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    assert flag in line.split()
    assert parse_serve_command(line, scenario).scenario.deployment.enforce_eager
    plain = Scenario(model=MODEL, deployment=Deployment(engine=engine))
    plain_inputs = resolve_scenario(catalog, plain)
    plain_line = serve_line(plain_inputs, calculate_memory(plain_inputs).settings)
    assert flag not in plain_line.split()
    assert not parse_serve_command(plain_line, plain).scenario.deployment.enforce_eager


def test_engine_log_flag_reaches_the_deployment() -> None:
    text = (FIXTURES / "vllm-0.19-llama-3.1-8b-h100.log").read_text(encoding="utf-8")
    assert "enforce_eager" not in deployment_overrides(parse_engine_log(text))
    eager = text.replace("'enable_prefix_caching': False", "'enforce_eager': True")
    assert deployment_overrides(parse_engine_log(eager))["enforce_eager"] is True
