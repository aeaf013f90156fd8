"""The launch line in the report pastes back into the same deployment."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.serve_command import images_per_prompt, parse_serve_command
from gpucalc.plan.serve_line import serve_line


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_serve_line_round_trips(catalog: Catalog, engine: str) -> None:
    scenario = Scenario(model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb", deployment=Deployment(
        engine=engine, num_gpus=4, tensor_parallel_size=4, max_model_len=16384, kv_cache_dtype="fp8",
        weight_format="fp8"))
    inputs = resolve_scenario(catalog, scenario)
    settings = calculate_memory(inputs).settings
    parsed = parse_serve_command(serve_line(inputs, settings), scenario).scenario.deployment
    assert parsed.tensor_parallel_size == 4
    assert parsed.max_model_len == 16384
    assert parsed.kv_cache_dtype == "fp8"
    assert parsed.weight_format == "fp8"
    assert parsed.max_num_seqs == int(settings.max_num_seqs.value)
    assert parsed.gpu_memory_utilization == pytest.approx(settings.memory_fraction.value)


@pytest.mark.parametrize(("text", "images"), [("2", 2), ('{"image": 3}', 3), ("image=4", 4)])
def test_limit_mm_per_prompt_reads_vllm_s_spellings(text: str, images: int) -> None:
    assert images_per_prompt(text) == images


def test_images_per_prompt_round_trip_for_a_vision_model(catalog: Catalog) -> None:
    scenario = Scenario(model="meta-llama/Llama-3.2-11B-Vision", gpu="h100-sxm-80gb",
                        deployment=Deployment(max_model_len=8192, limit_mm_per_prompt=2))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    assert '--limit-mm-per-prompt \'{"image": 2}\'' in line
    parsed = parse_serve_command(line, scenario).scenario.deployment
    assert parsed.limit_mm_per_prompt == 2


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_a_replica_across_nodes_launches_with_nnodes_and_pastes_back(catalog: Catalog,
                                                                     engine: str) -> None:
    """vLLM and SGLang take ``--nnodes``: the world size TP × PP × DP spread over that many nodes."""
    scenario = Scenario(model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb", deployment=Deployment(
        engine=engine, num_gpus=16, tensor_parallel_size=8, pipeline_parallel_size=2,
        max_model_len=8192))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    assert "--nnodes 2" in line
    parsed = parse_serve_command(line, scenario).scenario.deployment
    assert (parsed.num_gpus, parsed.nodes, parsed.gpus_per_node) == (16, 2, 8)
    one_node = resolve_scenario(catalog, scenario.model_copy(update={"deployment": Deployment(
        engine=engine, num_gpus=16, tensor_parallel_size=8, max_model_len=8192)}))
    assert "--nnodes" not in serve_line(one_node, calculate_memory(one_node).settings)
