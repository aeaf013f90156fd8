"""The leave-one-source-out fit: what each fold sees, and that the fit finds known constants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.least_squares import levenberg_marquardt
from gpucalc.validation.constants import shipped_values, with_step_constants
from gpucalc.validation.evaluation import evaluate
from gpucalc.validation.fitting import (
    ConstantFitter,
    FitResult,
    leave_one_source_out,
    soft_l1,
)
from gpucalc.validation.scoring import Predictor, ScoredCase, load_cases


class RecordingFitter:
    """A fitter that fits nothing and remembers the cases of every call."""

    def __init__(self) -> None:
        self.calls: list[set[str]] = []

    def __call__(self, cases: Sequence[ScoredCase], prior: Mapping[str, float]) -> FitResult:
        self.calls.append({c.id for c in cases})
        return FitResult(dict(prior), (), frozenset(c.id for c in cases), 0.0)


@pytest.fixture(scope="module")
def cases() -> list[ScoredCase]:
    return load_cases(Catalog.load())[0]


def test_each_fold_sees_every_group_but_its_own(cases: list[ScoredCase]) -> None:
    fitter = RecordingFitter()
    folds = leave_one_source_out(cases, shipped_values(Catalog.load()), fitter)
    groups = {c.group for c in cases}
    assert set(folds) == groups
    assert len(fitter.calls) == len(groups)
    for group, fold in folds.items():
        held = {c.id for c in cases if c.group == group}
        assert held
        assert not fold.case_ids & held  # never a row of the held-out group
        assert fold.case_ids == {c.id for c in cases} - held  # every other row


def test_scores_out_of_sample_come_from_the_fold_that_held_the_group_out(
        catalog: Catalog, cases: list[ScoredCase]) -> None:
    fitter = RecordingFitter()
    chosen = ([c for c in cases if c.group == "tensorrt-llm"][:3]
              + [c for c in cases if c.group == "vllm-project.github.io"][:3])
    evaluation = evaluate(catalog, fitter, (chosen, []))
    assert len(fitter.calls) == 1 + 2  # in sample, then one fold per group
    assert fitter.calls[0] == {c.id for c in chosen}
    for score in evaluation.scores:
        fold = evaluation.folds[score.case.group]
        assert score.case.id not in fold.case_ids
        # nothing was fitted, so every variant predicts what the shipped constants predict
        assert score.predicted["out_of_sample"] == score.predicted["shipped"]


def test_the_fit_finds_step_constants_it_was_given(catalog: Catalog, cases: list[ScoredCase]) -> None:
    """Measurements made by the model at known constants: the fit must move towards them."""
    prior = shipped_values(catalog)
    truth = {**prior, "trtllm:efficiency.step_overhead_ms": 4.0,
             "trtllm:share.memory_bandwidth": 0.8}
    predictor = Predictor()
    chosen = [c for c in cases if c.engine == "trtllm" and c.file == "throughput"]
    synthetic = [ScoredCase(c.id, c.file, c.group, c.label, c.inputs,
                            predictor.predict(c, truth), c.tags, c.throughput, c.bench)
                 for c in chosen]
    fit = ConstantFitter(Predictor(), step_constants=True)(synthetic, prior)
    assert "trtllm:efficiency.step_overhead_ms" in fit.moved

    def miss(values: Mapping[str, float]) -> float:
        errors = [abs(np.log(Predictor().predict(c, values)[m] / v))
                  for c in synthetic for m, v in c.measured.items()]
        return float(np.mean(errors))

    assert miss(fit.values) < 0.25 * miss(prior)
    assert fit.values["trtllm:efficiency.step_overhead_ms"] == pytest.approx(4.0, rel=0.25)


def test_step_constants_scale_the_measured_levels(catalog: Catalog, cases: list[ScoredCase]) -> None:
    case = next(c for c in cases if c.id == "tp-trt017-001")
    prior = shipped_values(catalog)
    assert with_step_constants(case.inputs, prior) is case.inputs  # shipped: inputs unchanged
    slower = with_step_constants(case.inputs, {**prior, "trtllm:share.memory_bandwidth": 0.5})
    override = slower.engine.efficiency_by_gpu[case.inputs.gpu.id]
    assert override.memory_bandwidth is not None
    assert Predictor().predict(case, {**prior, "trtllm:share.memory_bandwidth": 0.5})[
        "throughput"] < Predictor().predict(case, prior)["throughput"]


def test_soft_l1_is_quadratic_near_zero_and_grows_like_a_square_root() -> None:
    assert soft_l1(0.01) == pytest.approx(0.01, rel=1e-3)
    assert soft_l1(-0.01) == pytest.approx(-0.01, rel=1e-3)
    assert soft_l1(100.0) ** 2 == pytest.approx(2 * (np.sqrt(1 + 100.0**2) - 1))


def test_secant_updates_reach_the_differenced_optimum() -> None:
    """ln y = ln a − b·x fitted to exact data: both Jacobian rules find a and b."""
    x = np.linspace(0.0, 3.0, 12)
    measured = np.log(2.5) - 0.7 * x

    def residuals(theta: np.ndarray) -> np.ndarray:
        return np.asarray(theta[0] - np.exp(theta[1]) * x - measured)

    start = np.array([0.0, np.log(0.2)])
    lower, upper = np.array([-5.0, -5.0]), np.array([5.0, 5.0])
    for secant in (False, True):
        solution = levenberg_marquardt(residuals, start, lower, upper, 0.0, 60,
                                       secant_updates=secant, relative_gain_stop=1e-12)
        assert np.exp(solution.theta[0]) == pytest.approx(2.5, rel=1e-3)
        assert np.exp(solution.theta[1]) == pytest.approx(0.7, rel=1e-3)
