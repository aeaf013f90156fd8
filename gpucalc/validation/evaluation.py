"""Score every validation case as shipped, in sample and out of sample (leave one source out).

- as shipped: the constants in ``specs/`` today;
- in sample: every fitted constant fitted on all source groups;
- out of sample: fitted on every group but the case's own (:func:`leave_one_source_out`).

Errors are relative, |predicted ÷ measured − 1|, as the README quotes them; the residual file
keeps the signed log-error ln(predicted ÷ measured).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from gpucalc.catalog.bundled import Catalog
from gpucalc.validation.constants import MEMORY_ENGINES, shipped_values
from gpucalc.validation.fitting import (
    ConstantFitter,
    FitResult,
    Fitter,
    leave_one_source_out,
    source_groups,
)
from gpucalc.validation.metrics import METRICS
from gpucalc.validation.scoring import (
    NoPredictionError,
    Predictor,
    ScoredCase,
    UnscoredRow,
    load_cases,
)

VARIANTS = ("shipped", "in_sample", "out_of_sample")


@dataclass(frozen=True)
class CaseScores:
    """One case's predictions under each variant (or why a variant has none)."""

    case: ScoredCase
    predicted: Mapping[str, Mapping[str, float]]  # variant → metric → predicted value
    missing: Mapping[str, str]  # variant → why it has no prediction
    support: int  # cases of the same engine and stage its out-of-sample fit had

    def error(self, variant: str, metric: str) -> float | None:
        """Predicted ÷ measured − 1 (None without a prediction or a measurement)."""
        value = self.predicted.get(variant, {}).get(metric)
        measured = self.case.measured.get(metric)
        return None if value is None or not measured else value / measured - 1.0

    def log_error(self, variant: str, metric: str) -> float | None:
        """ln(predicted ÷ measured) (None without a positive prediction or a measurement)."""
        value = self.predicted.get(variant, {}).get(metric)
        measured = self.case.measured.get(metric)
        if value is None or not measured or not (value > 0 and math.isfinite(value)):
            return None
        return math.log(value / measured)


@dataclass(frozen=True)
class Evaluation:
    """Every case scored three ways, the rows that could not be, and the fits behind it."""

    scores: tuple[CaseScores, ...]
    unscored: tuple[UnscoredRow, ...]
    prior: Mapping[str, float]
    in_sample: FitResult
    folds: Mapping[str, FitResult]
    seconds: float

    def errors(self, variant: str, metric: str, group: str | None = None,
               only: Iterable[CaseScores] | None = None) -> list[float]:
        """|relative error| of every case with this metric (in ``group`` if given)."""
        found = []
        for score in self.scores if only is None else only:
            if group is not None and score.case.group != group:
                continue
            error = score.error(variant, metric)
            if error is not None:
                found.append(abs(error))
        return found

    def measured_count(self, metric: str, group: str | None = None) -> int:
        """Cases that measured ``metric`` (with or without a prediction)."""
        return sum(1 for s in self.scores if metric in s.case.measured
                   and (group is None or s.case.group == group))


def median(values: Sequence[float]) -> float | None:
    """The median, None for no values."""
    return statistics.median(values) if values else None


def p90(values: Sequence[float]) -> float | None:
    """The 90th percentile (linear interpolation), None for no values."""
    return float(np.percentile(values, 90)) if values else None


def _predict(predictor: Predictor, case: ScoredCase, values: Mapping[str, float]
             ) -> tuple[dict[str, float] | None, str | None]:
    try:
        return predictor.predict(case, values), None
    except NoPredictionError as why:
        return None, str(why)


def _support(case: ScoredCase, training: Iterable[ScoredCase]) -> int:
    kv = case.file == "kv"
    return sum(1 for c in training if c.engine == case.engine and (c.file == "kv") == kv
               and (not kv or c.engine in MEMORY_ENGINES))


def score_cases(cases: Sequence[ScoredCase], prior: Mapping[str, float], in_sample: FitResult,
                folds: Mapping[str, FitResult], predictor: Predictor) -> tuple[CaseScores, ...]:
    """Each case predicted with the shipped, the in-sample and its fold's constants."""
    scored = []
    for case in cases:
        predicted: dict[str, dict[str, float]] = {}
        missing: dict[str, str] = {}
        for variant, values in (("shipped", prior), ("in_sample", in_sample.values),
                                ("out_of_sample", folds[case.group].values)):
            found, why = _predict(predictor, case, values)
            if found is None:
                missing[variant] = why or "no prediction"
            else:
                predicted[variant] = found
        training = [c for c in cases if c.group != case.group]
        scored.append(CaseScores(case, predicted, missing, _support(case, training)))
    return tuple(scored)


def evaluate(catalog: Catalog, fitter: Fitter | None = None,
             cases: tuple[list[ScoredCase], list[UnscoredRow]] | None = None) -> Evaluation:
    """Fit in sample and leave one source out, then score every case three ways."""
    started = time.perf_counter()
    found, unscored = cases or load_cases(catalog)
    prior = shipped_values(catalog)
    predictor = fitter.predictor if isinstance(fitter, ConstantFitter) else Predictor()
    fit = fitter or ConstantFitter(predictor)
    in_sample = fit(found, prior)
    folds = leave_one_source_out(found, prior, fit)
    scores = score_cases(found, prior, in_sample, folds, predictor)
    return Evaluation(scores, tuple(unscored), prior, in_sample, folds,
                      time.perf_counter() - started)


def metrics_of(evaluation: Evaluation) -> list[str]:
    """The metrics at least one case measured, in :data:`METRICS` order."""
    return [m for m in METRICS if evaluation.measured_count(m)]


def groups_of(evaluation: Evaluation, metric: str) -> list[str]:
    """Source groups with at least one case measuring ``metric``."""
    return [g for g in source_groups([s.case for s in evaluation.scores])
            if evaluation.measured_count(metric, g)]
