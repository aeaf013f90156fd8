"""Length statistics: percentiles, histograms, classes and turns of a suggested workload."""

from __future__ import annotations

import numpy as np
import pytest

from gpucalc.core.measured.length_records import LengthRecord
from gpucalc.core.measured.length_stats import length_stats, log_histogram, percentile_tokens
from gpucalc.core.specs.length_mixture import MIN_REQUESTS_TO_SPLIT, ashman_d, choose_mixture

RNG_SEED = 20260101


def _lognormal(rng: np.random.Generator, median: float, sigma: float, n: int) -> list[int]:
    return [max(1, int(v)) for v in np.exp(rng.normal(np.log(median), sigma, n))]


def test_percentiles_match_numpy_rounded_up() -> None:
    values = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], dtype=np.int64)
    assert percentile_tokens(values, 50) == 6  # numpy: 5.5
    assert percentile_tokens(values, 95) == int(np.ceil(np.percentile(values, 95)))  # 59.05 → 60
    assert percentile_tokens(values, 95) == 60
    assert percentile_tokens(np.array([7, 7, 7], dtype=np.int64), 99) == 7


def test_stats_percentiles_on_hand_made_data() -> None:
    inputs = list(range(1, 201))
    records = [LengthRecord(i, 1000 - i) for i in inputs]
    stats = length_stats(records)
    assert stats.input.p50.value == np.ceil(np.percentile(inputs, 50))  # 100.5 → 101
    assert stats.input.p95.value == np.ceil(np.percentile(inputs, 95))
    assert stats.input.p99.value == np.ceil(np.percentile(inputs, 99))
    assert stats.output.p50.value == np.ceil(np.percentile([1000 - i for i in inputs], 50))
    assert stats.input.mean.value == pytest.approx(100.5)
    assert stats.workload.input_len_p95 == stats.input.p95.value
    assert stats.workload.output_len_p50 == stats.output.p50.value
    assert "linear interpolation" in stats.explain["input_len_p95"].formula


def test_histogram_is_log_spaced_and_counts_everything() -> None:
    values = np.array([1, 10, 100, 1000, 10_000, 10_000], dtype=np.int64)
    hist = log_histogram(values, bins=4)
    ratios = np.diff(np.log(hist.edges_tokens))
    assert ratios == pytest.approx(np.full(4, ratios[0]))
    assert sum(hist.counts) == values.size
    assert hist.edges_tokens[0] == 1
    assert hist.counts[-1] == 2


def test_bimodal_traffic_gives_two_classes_with_their_shares() -> None:
    rng = np.random.default_rng(RNG_SEED)
    short = list(zip(_lognormal(rng, 300, 0.4, 700), _lognormal(rng, 80, 0.3, 700), strict=True))
    long = list(zip(_lognormal(rng, 12_000, 0.3, 300), _lognormal(rng, 400, 0.3, 300), strict=True))
    records = [LengthRecord(i, o) for i, o in short + long]
    stats = length_stats(records)
    classes = stats.workload.classes
    assert len(classes) == 2
    assert classes[0].share == pytest.approx(0.7, abs=0.01)
    assert classes[1].share == pytest.approx(0.3, abs=0.01)
    assert classes[0].input_len == pytest.approx(np.mean([i for i, _ in short]), rel=0.05)
    assert classes[1].input_len == pytest.approx(np.mean([i for i, _ in long]), rel=0.05)
    assert "Ashman" in stats.explain["classes[0].share"].formula


def test_unimodal_traffic_gives_no_classes() -> None:
    rng = np.random.default_rng(RNG_SEED)
    records = [LengthRecord(i, o) for i, o in zip(_lognormal(rng, 1500, 0.9, 5000),
                                                 _lognormal(rng, 200, 0.5, 5000), strict=True)]
    assert length_stats(records).workload.classes == ()


def test_uniform_lengths_give_no_classes() -> None:
    rng = np.random.default_rng(RNG_SEED)
    totals = rng.uniform(100, 8000, 20_000)
    assert choose_mixture(totals).components == 1


def test_small_samples_never_split() -> None:
    totals = np.array([100.0] * 30 + [20_000.0] * 30)
    assert totals.size < MIN_REQUESTS_TO_SPLIT
    assert choose_mixture(totals).components == 1


def test_well_separated_modes_pass_ashman_rule() -> None:
    totals = np.array([100.0, 110.0, 120.0] * 100 + [20_000.0, 21_000.0, 22_000.0] * 100)
    fit = choose_mixture(totals)
    assert fit.components == 2
    assert ashman_d(fit, 0) > 2


def test_conversations_give_turns_and_growth_per_turn() -> None:
    records: list[LengthRecord] = []
    for conv in range(100):
        turns = 1 + conv % 4  # 1..4 turns, 25 conversations each
        records.extend(LengthRecord(200 + 150 * t, 60, f"c{conv}", t) for t in range(turns))
    records.append(LengthRecord(999, 9))  # a request outside any conversation
    stats = length_stats(records)
    assert stats.conversations == 100
    assert stats.workload.max_turns == 4
    assert stats.workload.tokens_per_turn == 150
    assert stats.workload.input_len_p50 == 200  # first turns and loose requests
    assert stats.explain["tokens_per_turn"].inputs["turn_pairs"] == 150


def test_turns_follow_turn_index_not_file_order() -> None:
    records = [LengthRecord(500, 10, "a", 2), LengthRecord(100, 10, "a", 0),
               LengthRecord(300, 10, "a", 1)]
    stats = length_stats(records)
    assert stats.workload.input_len_p50 == 100
    assert stats.workload.tokens_per_turn == 200
    assert stats.workload.max_turns == 3


def test_no_records_is_an_error() -> None:
    with pytest.raises(ValueError, match="no requests"):
        length_stats([])
