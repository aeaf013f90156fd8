"""The answers of the bundled examples and a few sizing rows, pinned.

These are the figures a speed-up must leave alone: concurrency, rate capacity and the P-th
TTFT and TPOT (at the concurrency and at the rate capacity) of the default scenario and of the
three bundled examples, and every sizing row of a 70B model on H100 and A100 (layouts,
concurrency, rate capacity, GPUs, P-th TTFT and TPOT). The values are the method's as of the
two-measure answer; a faster search or evaluation must give them to float noise (1e-9 relative),
a different figure is a change of the method and belongs in its own commit with its reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_inputs, resolve_scenario
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.ceilings import ceiling_values_at_lengths, compute_values
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.sweep import at_planning_length, context_at
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
REL = 1e-9

# concurrency, rate capacity (req/s), P95 TTFT and TPOT at the concurrency (ms), P95 TTFT and
# TPOT at the rate capacity (ms)
ANSWERS = {
    "default": (346, 24.935618497403308, 100.86554601294937, 53.68304727908599,
                130.8376361142311, 49.51997214115551),
    "llama-3.1-70b-8xa100": (54, 1.6460657180239586, 526.7676298017451, 99.67468892061164,
                             1967.603601854223, 83.52933830302847),
    "qwen2.5-32b-long-documents-on-2xh100": (20, 0.6590528495323906, 2932.481792718253,
                                             58.72954348817161, 3377.4247350448904,
                                             60.88257724261934),
    "qwen2.5-7b-chat-on-rtx-4090": (26, 1.5485979169268813, 648.602974923998, 40.55084532364145,
                                    757.5445035569563, 39.49228822597184),
}

# gpu, precision, layout, concurrency, rate capacity (req/s), GPUs, P95 TTFT, P95 TPOT (ms)
SIZING_ROWS = [
    ("h100-sxm-80gb", "int4-g128", "2", 52, 2.9054076428254016, 16, 267.29576871805926,
     49.636155877271285),
    ("h100-sxm-80gb", "int4-g128", "1", 26, 1.2729488768049315, 17, 422.8546913806039,
     49.841152564878314),
    ("h100-sxm-80gb", "fp8", "2", 50, 2.7318894110736465, 18, 236.9086236726276, 49.78295847271795),
    ("h100-sxm-80gb", "fp8", "4", 93, 5.563768797258235, 20, 171.51583827369333, 49.671427114352426),
    ("h100-sxm-80gb", "int4-g128", "4", 91, 5.533843145061758, 20, 184.03444800987646,
     49.67517774471173),
    ("h100-sxm-80gb", "bf16", "4", 73, 4.23602373612438, 24, 184.75456384483695, 49.743138254767075),
    ("h100-sxm-80gb", "bf16", "8", 138, 8.41512911517249, 32, 138.4392290645559, 49.906244731139),
    ("h100-sxm-80gb", "fp8", "8", 153, 9.393681917556968, 32, 133.4756261094142, 49.98939702911776),
    ("h100-sxm-80gb", "int4-g128", "8", 150, 9.392582268397387, 32, 136.78206210581504,
     49.73947933952838),
    ("a100-sxm-80gb", "bf16", "8", 46, 2.5329827925308783, 72, 256.26293644565555, 49.534286002671166),
    ("a100-sxm-80gb", "fp8-w8a16", "8", 49, 2.759266873059357, 72, 459.89925578073786,
     49.2926577469825),
    ("a100-sxm-80gb", "int4-g128", "8", 49, 2.759266873059357, 72, 459.89925578073786,
     49.2926577469825),
    ("a100-sxm-80gb", "fp8-w8a16", "4", 24, 1.1742300606045926, 76, 385.3318506457026,
     49.874543476452416),
    ("a100-sxm-80gb", "int4-g128", "4", 24, 1.1742300606045926, 76, 385.3318506457026,
     49.874543476452416),
    ("a100-sxm-80gb", "bf16", "4", 18, 0.8513187804715651, 100, 384.35396644487446,
     49.046562105464176),
    ("a100-sxm-80gb", "fp8-w8a16", "2", 7, 0.2227783400314041, 182, 630.7397288058019,
     49.648482896558406),
    ("a100-sxm-80gb", "int4-g128", "2", 7, 0.2227783400314041, 182, 630.7397288058019,
     49.648482896558406),
]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def _scenario(name: str) -> Scenario:
    return Scenario() if name == "default" else load_scenario(EXAMPLES / f"{name}.gpucalc.json")


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_the_answer_of_each_example_is_unchanged(catalog: Catalog, name: str) -> None:
    perf = calculate(resolve_scenario(catalog, _scenario(name))).performance
    assert perf is not None
    at, rate = perf.at_recommended, perf.rate_capacity
    assert at.ttft_percentile_ms is not None
    assert at.tpot_percentile_ms is not None
    assert rate is not None
    concurrency, *figures = ANSWERS[name]
    assert int(perf.recommended_concurrency.value) == concurrency
    assert [rate.requests_per_s.value, at.ttft_percentile_ms.value, at.tpot_percentile_ms.value,
            rate.ttft_ms.value, rate.tpot_ms.value] == pytest.approx(figures, rel=REL)


def test_sizing_rows_of_a_70b_model_are_unchanged(catalog: Catalog) -> None:
    inputs = resolve_inputs(catalog, "llama-3.1-70b-instruct", "h100-sxm-80gb",
                            Deployment(num_gpus=4, tensor_parallel_size=4, max_model_len=8192),
                            Workload(input_len_p50=2000, output_len_p50=300), Targets(tpot_ms=50))
    rows = size_fleet(inputs, [catalog.gpus["h100-sxm-80gb"], catalog.gpus["a100-sxm-80gb"]],
                      list(precision_tiers(catalog).values()),
                      SizingRequest(qps_avg=10, qps_peak=20))
    got = [(r.gpu, r.precision, r.layout_text, r.recommended_concurrency, r.gpus_total)
           for r in rows]
    assert got == [(g, p, layout, c, n) for g, p, layout, c, _, n, _, _ in SIZING_ROWS]
    for row, (*_, rate, _, ttft, tpot) in zip(rows, SIZING_ROWS, strict=True):
        assert [row.rate_capacity_per_replica, row.ttft_ms, row.tpot_ms] == pytest.approx(
            [rate, ttft, tpot], rel=REL)


def test_the_searches_read_on_demand_are_the_ones_made_at_once(catalog: Catalog) -> None:
    """The sweep's points and a point alone agree on every compute ceiling, the Poisson one too.

    The Poisson searches run only when their ceiling is read (the rate capacity reads it; a
    sweep's points and the sensitivity bars do not), so reading it late must give what the
    search gives at once.
    """
    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", "l40s-48gb",
                            Deployment(max_model_len=16384),
                            Workload(input_len_p50=800, output_len_p50=200, input_len_p95=2400,
                                     output_len_p95=600), Targets(ttft_ms=600, tpot_ms=30))
    memory = calculate_memory(inputs)
    base = build_context(inputs, memory)
    lengths = [300, 1000, 2000, 3200, 5000, 9000, 16000]
    at_once = ceiling_values_at_lengths(base, inputs, lengths)
    served = 0
    for tokens, values in zip(lengths, at_once, strict=True):
        scaled = at_planning_length(inputs, tokens)
        alone = compute_values(context_at(base, scaled.workload, tokens))
        assert values.compute == alone
        assert values.compute.poisson == alone.poisson <= alone.mean_latency
        served += alone.poisson >= 1
    assert served >= 4  # most lengths carry Poisson traffic: the comparison is not of zeros
