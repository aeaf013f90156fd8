"""Crossover markers on the load curves: where a latency target is passed, where each limit is
reached, and labels placed so that none overlaps another."""

from __future__ import annotations

import math

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import compute_plan
from gpucalc.report.plots import label_rows, load_crossings, load_markers, marker_span, target_crossing
from gpucalc.text.numbers import count


@pytest.fixture
def performance(catalog: Catalog) -> PerformanceResult:
    """The default scenario: Llama 3.1 8B on one H100, TTFT 2 s and TPOT 100 ms."""
    perf = compute_plan(catalog, Scenario()).performance
    assert perf is not None
    return perf


def test_a_target_crossing_is_interpolated_on_log_axes() -> None:
    # 10 ms at 100 requests, 1,000 ms at 1,000: 100 ms is passed halfway in log terms, at √10 × 100
    assert target_crossing([100, 1000], [10, 1000], 100) == pytest.approx(100 * math.sqrt(10))
    assert target_crossing([1, 10, 100], [5, 50, 500], 50) == pytest.approx(10)


def test_no_crossing_when_the_curve_stays_within_or_starts_past_the_target() -> None:
    assert target_crossing([1, 10, 100], [5, 6, 7], 50) is None
    assert target_crossing([1, 10, 100], [60, 70, 80], 50) is None
    # a gap in the curve is bridged: 5 ms at 1 and 80 ms at 100, 50 ms at 10^(2 × log(10)/log(16))
    assert target_crossing([1, 10, 100], [5, math.nan, 80], 50) == pytest.approx(10 ** (2 / math.log10(16)))


def test_labels_that_overlap_go_to_different_rows() -> None:
    spans = [(0.0, 50.0), (40.0, 90.0), (60.0, 100.0), (95.0, 120.0)]
    rows = label_rows(spans, gap=2.0)
    assert rows == [0, 1, 0, 1]
    assert label_rows([(0.0, 10.0), (11.0, 20.0)], gap=2.0) == [0, 1]  # closer than the gap
    assert label_rows([]) == []


def test_a_label_near_the_right_edge_goes_left_of_its_line() -> None:
    assert marker_span(100.0, 40.0, 500.0) == (100.0, 140.0)
    assert marker_span(480.0, 40.0, 500.0) == (440.0, 480.0)


def test_load_crossings_of_the_default_scenario(performance: PerformanceResult) -> None:
    crossings = load_crossings(performance, 2000.0, 100.0)
    by_what = {c.what: c for c in crossings}
    curve = performance.load_curve
    ttft = by_what["ttft"].concurrency
    below = max((c for c in curve if c.concurrency <= ttft), key=lambda c: c.concurrency)
    above = min((c for c in curve if c.concurrency > ttft), key=lambda c: c.concurrency)
    assert below.ttft_ms <= 2000 < above.ttft_ms
    assert "tpot" not in by_what  # TPOT stays under 100 ms over the whole curve
    assert by_what["memory"].binding
    assert by_what["memory"].concurrency == performance.knee_concurrency.value
    assert "interconnect" not in by_what  # one GPU: no interconnect limit, nothing to mark
    assert [c.concurrency for c in crossings] == sorted(c.concurrency for c in crossings)


def test_the_binding_limit_is_the_knee_and_the_others_are_named(performance: PerformanceResult) -> None:
    text = {"over_target": "{name} past target from {n}", "knee": "knee {n} ({name})",
            "limit": "{name} limit {n}", "watermark": "watermark {n}"}
    names = {kind: kind.value for kind in CeilingKind}  # the report names them with text.terms.ceiling_name
    latency, throughput = load_markers(performance, load_crossings(performance, 2000.0, 100.0), text, names)
    assert [m.label.split(" from ")[0] for m in latency] == ["TTFT past target"]
    compute = performance.ceiling(CeilingKind.COMPUTE).value.value
    assert [m.label for m in throughput] == [
        f"knee {count(performance.knee_concurrency.value)} (memory)", f"compute limit {count(compute)}",
        f"watermark {count(performance.online_capacity.value)}"]
