"""Prefix caching in a pasted serve command and in the launch line written back."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.serve_command import parse_serve_command
from gpucalc.plan.serve_line import serve_line


@pytest.mark.parametrize(("text", "enabled"), [
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct", None),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct --no-enable-prefix-caching", False),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct --enable-prefix-caching -tp 2", True),
    ("python -m sglang.launch_server --model-path m --disable-radix-cache --tp 2", False),
])
def test_pasted_caching_switches(text: str, enabled: bool | None) -> None:
    assert parse_serve_command(text).scenario.deployment.enable_prefix_caching is enabled


@pytest.mark.parametrize(("engine", "enabled", "flag"), [
    ("vllm", False, "--no-enable-prefix-caching"), ("sglang", False, "--disable-radix-cache"),
    ("vllm-v0", True, "--enable-prefix-caching"), ("vllm", True, None), ("vllm", None, None),
])
def test_launch_line_states_a_change_from_the_default(catalog: Catalog, engine: str,
                                                      enabled: bool | None, flag: str | None) -> None:
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb", deployment=Deployment(
        engine=engine, max_model_len=8192, enable_prefix_caching=enabled))
    inputs = resolve_scenario(catalog, scenario)
    line = serve_line(inputs, calculate_memory(inputs).settings)
    switches = {w for w in line.split() if "prefix-caching" in w or "radix" in w}
    assert switches == ({flag} if flag else set())
    if engine != "vllm-v0":  # the paste reads a vLLM line as V1
        pasted = parse_serve_command(line, scenario).scenario.deployment
        assert (pasted.enable_prefix_caching is False) == (enabled is False)
