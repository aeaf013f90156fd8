"""Mixed traffic: the long-request class on its own line, and worse than the short one."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.class_latency import ClassLatency
from gpucalc.core.specs.inputs import Deployment, RequestClass, Targets, Workload

MIXED = Workload(classes=(RequestClass(name="chat", share=0.8, input_len=300, output_len=200),
                          RequestClass(name="documents", share=0.2, input_len=6000,
                                       output_len=500)))


def mixed_classes(catalog: Catalog, targets: Targets) -> tuple[ClassLatency, ...]:
    """Per-class lines of 8B on one H100 serving MIXED at ``targets``."""
    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", Deployment(),
                            MIXED, targets)
    perf = calculate(inputs).performance
    assert perf is not None
    return perf.per_class


def test_long_class_waits_longer_for_its_first_token(catalog: Catalog) -> None:
    chat, documents = mixed_classes(catalog, Targets(ttft_ms=1000, tpot_ms=40))
    assert documents.longest
    assert not chat.longest
    assert documents.ttft_ms.value > chat.ttft_ms.value
    assert documents.ttft_ms.inputs["percentile"] == 95
    assert "queue" in documents.ttft_ms.formula


def test_long_class_breaks_first_as_the_targets_tighten(catalog: Catalog) -> None:
    """A TTFT target between the two classes' figures: only the long class misses it."""
    chat, documents = mixed_classes(catalog, Targets(ttft_ms=1000, tpot_ms=40))
    assert chat.meets_targets
    assert documents.meets_targets
    between = (chat.ttft_ms.value + documents.ttft_ms.value) / 2
    chat_t, documents_t = mixed_classes(catalog, Targets(ttft_ms=between, tpot_ms=40))
    assert chat_t.meets_targets
    assert not documents_t.meets_targets


def test_no_classes_no_lines(catalog: Catalog) -> None:
    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", Deployment(),
                            Workload(), Targets())
    perf = calculate(inputs).performance
    assert perf is not None
    assert perf.per_class == ()


@pytest.mark.parametrize("percentile", [50, 99])
def test_class_lines_follow_the_percentile(catalog: Catalog, percentile: int) -> None:
    rows = mixed_classes(catalog, Targets(ttft_ms=1000, tpot_ms=40, percentile=percentile))
    assert all(row.tpot_ms.inputs["percentile"] == percentile for row in rows)


def test_simulation_reports_each_class(catalog: Catalog) -> None:
    """Per-class percentiles come from the requests of that class (lengths match the class)."""
    from gpucalc.core.memory.memory_plan import calculate_memory
    from gpucalc.core.simulation.simulate import request_classes, request_lengths, simulate
    from gpucalc.core.simulation.traffic import TrafficSpec

    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb", Deployment(),
                            MIXED, Targets(ttft_ms=1000, tpot_ms=40))
    memory = calculate_memory(inputs)
    traffic = TrafficSpec(num_requests=400, seed=3, request_rate=8.0)
    picks = request_classes(inputs, traffic)
    _, output = request_lengths(inputs, traffic, 1 << 20)
    assert list(output) == [MIXED.classes[int(i)].output_len for i in picks]
    result = simulate(inputs, memory, traffic)
    chat, documents = result.per_class
    assert chat.requests + documents.requests == 400
    assert documents.longest
    assert documents.ttft_ms.p50.value > chat.ttft_ms.p50.value  # long prompts, more chunks
