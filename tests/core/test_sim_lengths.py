"""Request lengths drawn by each client's rule: hand-worked intervals and the dataset means."""

from __future__ import annotations

import numpy as np
import pytest

from gpucalc.core.simulation.lengths import DatasetShape, RangeRule, normal_lengths, ranged_lengths


def test_vllm_symmetric_range_spans_both_sides() -> None:
    values = ranged_lengths(1000, 0.25, RangeRule.SYMMETRIC, 20_000, np.random.default_rng(0))
    assert values.min() == 750  # int(1000 × 0.75)
    assert values.max() == 1250  # int(1000 × 1.25)
    assert values.mean() == pytest.approx(1000, rel=0.01)


def test_sglang_range_is_below_the_length() -> None:
    values = ranged_lengths(1000, 0.25, RangeRule.BELOW, 20_000, np.random.default_rng(0))
    assert values.min() == 250
    assert values.max() == 1000
    assert values.mean() == pytest.approx(625, rel=0.01)
    zero = ranged_lengths(8, 0.0, RangeRule.BELOW, 5_000, np.random.default_rng(0))
    assert set(zero.tolist()) == set(range(1, 9))  # SGLang's default ratio 0: 1 … len


def test_zero_ratio_is_fixed_for_vllm() -> None:
    values = ranged_lengths(512, 0.0, RangeRule.SYMMETRIC, 100, np.random.default_rng(0))
    assert (values == 512).all()


def test_normal_lengths_round_and_stay_positive() -> None:
    assert (normal_lengths(100.4, 0.0, 3, np.random.default_rng(0)) == 100).all()
    values = normal_lengths(5, 10, 10_000, np.random.default_rng(0))
    assert values.min() >= 1


def test_dataset_shape_keeps_the_filter_and_the_stated_means() -> None:
    shape = DatasetShape(216, 200, 0.5, 4, 1024, 2048)
    prompt, output = shape.sample(20_000, np.random.default_rng(3))
    assert prompt.min() >= 4
    assert output.min() >= 4
    assert prompt.max() <= 1024
    assert (prompt + output).max() <= 2048
    assert prompt.mean() == pytest.approx(216, rel=0.03)
    assert output.mean() == pytest.approx(200, rel=0.03)
    assert np.median(prompt) < 0.8 * prompt.mean()  # heavy-tailed, as stated
