"""The context sweep's axis: the scenario's workload scaled to another planning length."""

from __future__ import annotations

from gpucalc.core.capacity.sweep import output_share, workload_at_planning_length
from gpucalc.core.specs.inputs import RequestClass, Workload
from gpucalc.core.specs.workload_shape import planning_tokens


def test_half_the_planning_length_halves_every_length() -> None:
    """The issue's workload: 2,000 (P95 6,000) in + 300 out plans 6,300 tokens; at 3,150 all halve."""
    workload = Workload(input_len_p50=2000, input_len_p95=6000, output_len_p50=300)
    assert planning_tokens(workload).value == 6300
    half = workload_at_planning_length(workload, 3150)
    assert (half.input_len_p50, half.input_len_p95, half.output_len_p50) == (1000, 3000, 150)
    assert half.output_len_p95 is None  # still "not given": P50 stands in, as in the scenario
    assert planning_tokens(half).value == 3150
    assert output_share(half) == output_share(workload) == 300 / 2300


def test_the_scenarios_own_length_returns_the_scenario() -> None:
    workload = Workload(input_len_p50=700, output_len_p50=90, max_turns=3, tokens_per_turn=400)
    same = workload_at_planning_length(workload, int(planning_tokens(workload).value))
    assert same is workload


def test_history_and_classes_scale_with_the_axis() -> None:
    workload = Workload(input_len_p50=1000, output_len_p50=200, max_turns=5, tokens_per_turn=500,
                        classes=(RequestClass(share=0.8, input_len=800, output_len=200),
                                 RequestClass(share=0.2, input_len=9800, output_len=200)))
    assert planning_tokens(workload).value == 10_000  # the long class: 9,800 + 200
    double = workload_at_planning_length(workload, 20_000)
    assert double.tokens_per_turn == 1000
    assert [(c.input_len, c.output_len) for c in double.classes] == [(1600, 400), (19_600, 400)]
    assert planning_tokens(double).value == 20_000
