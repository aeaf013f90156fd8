"""Fit the engine constants on a set of validation cases; leave one source group out at a time.

:class:`ConstantFitter` fits the constants of :mod:`gpucalc.validation.constants` to the cases it
is given, engine profile by engine profile (a case's prediction depends only on its own engine's
constants, so the engines are separate problems), in two stages:

1. memory: each vLLM profile's profiling-pass and non-torch constants on its start-up logs
   (KV capacity in tokens);
2. step time: each profile's step overhead, collective cost and share scales on its runs
   (throughput, TTFT, TPOT and the whole runs' four figures), with the stage-1 memory constants.

Each stage minimises Σ ρ(ln(predicted ÷ measured)) + w Σ ln²(value ÷ prior) over the logarithms
of the constants within their bounds, with the projected Levenberg–Marquardt iteration of
:mod:`gpucalc.core.common.least_squares`. ρ is the soft-L1 loss (quadratic within a factor e, linear in
|ln| beyond), so a source whose runs miss by 5× for a reason no constant describes does not drag
every constant. Constants no case's prediction depends on stay at the prior. Cases the planner
gives no figure for at the prior (it says the model does not fit) are left out of the fit.
The Jacobian is differenced once per stage and then updated from every trial (Broyden), so a
stage costs about one evaluation per trial. Deterministic and bounded: at most
:data:`MAX_ITERATIONS` iterations per stage.

:func:`leave_one_source_out` calls a fitter once per source group with every case except that
group's, so the constants that score a group never saw it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from gpucalc.core.common.least_squares import (
    FloatArray,
    capped_log_error,
    jacobian,
    levenberg_marquardt,
)
from gpucalc.validation.constants import MEMORY_ENGINES, FittedConstant, fitted_constants
from gpucalc.validation.scoring import NoPredictionError, Predictor, ScoredCase

PRIOR_WEIGHT = 0.05  # a 2× move of one constant costs as much as a 16 % error on one figure
MAX_ITERATIONS = 12
GAIN_STOP = 1e-3  # stop when a step lowers the objective by less than 0.1 % of it
SENSITIVITY_FLOOR = 1e-3  # log-change of all predictions per unit log-change of the constant
SOFT_L1_SCALE = 1.0  # |ln(pred ÷ meas)| where the loss turns from quadratic to linear
GROUP_BALANCED = True  # every source group counts as much as another (see _group_weights)


@dataclass(frozen=True)
class FitResult:
    """The constants after a fit, which of them moved, and what the fit saw."""

    values: dict[str, float]  # every fitted constant ("<engine>:<name>" → value)
    moved: tuple[str, ...]  # the keys the data could move (the others stayed at the prior)
    case_ids: frozenset[str]  # the cases the fit was given
    seconds: float


Fitter = Callable[[Sequence[ScoredCase], Mapping[str, float]], FitResult]


def soft_l1(residual: float) -> float:
    """The signed square root of the soft-L1 loss: r for small r, ~√(2|r|) for large."""
    scaled = residual / SOFT_L1_SCALE
    return math.copysign(SOFT_L1_SCALE * math.sqrt(2.0 * (math.sqrt(1.0 + scaled * scaled) - 1.0)),
                         residual)


@dataclass(frozen=True)
class _Block:
    """One engine's constants of one stage and the cases that fit them."""

    constants: tuple[FittedConstant, ...]
    cases: tuple[ScoredCase, ...]


@dataclass
class ConstantFitter:
    """Fits the constants to cases (see the module docstring); remembers fits of equal blocks.

    Two folds whose training cases of an engine are the same share that engine's fit.
    """

    predictor: Predictor = field(default_factory=Predictor)
    step_constants: bool = False  # refit the step constants too (see validation.constants)
    _memo: dict[tuple[object, ...], dict[str, float]] = field(default_factory=dict)

    def __call__(self, cases: Sequence[ScoredCase], prior: Mapping[str, float]) -> FitResult:
        """The constants fitted to ``cases``, starting from and pulled towards ``prior``."""
        started = time.perf_counter()
        values = dict(prior)
        moved: list[str] = []
        constants = fitted_constants(step=self.step_constants)
        for memory_stage in (True, False):
            for engine in sorted({c.engine for c in cases}):
                if memory_stage and engine not in MEMORY_ENGINES:
                    continue
                block = _Block(
                    tuple(c for c in constants if c.engine == engine and c.memory == memory_stage),
                    tuple(c for c in cases if c.engine == engine and (c.file == "kv") == memory_stage))
                if block.constants and block.cases:
                    fitted = self._fit_block(block, values)
                    moved += [k for k, v in fitted.items() if v != values[k]]
                    values.update(fitted)
        return FitResult(values, tuple(moved), frozenset(c.id for c in cases),
                         time.perf_counter() - started)

    def _fit_block(self, block: _Block, values: dict[str, float]) -> dict[str, float]:
        engine = block.constants[0].engine
        context = tuple(sorted((k, v) for k, v in values.items() if k.startswith(f"{engine}:")))
        key = (tuple(c.key for c in block.constants), tuple(sorted(c.id for c in block.cases)),
               context)
        if key not in self._memo:
            self._memo[key] = _solve(self.predictor, block, values)
        return self._memo[key]


def _points(predictor: Predictor, block: _Block, values: Mapping[str, float]
            ) -> list[tuple[ScoredCase, str, float]]:
    """(case, metric, measured) of every figure the prior predicts."""
    points = []
    for case in block.cases:
        try:
            predictor.predict(case, values)
        except NoPredictionError:
            continue
        points += [(case, metric, measured) for metric, measured in case.measured.items()]
    return points


def _group_weights(groups: Sequence[str]) -> FloatArray:
    """Weights that give every source group the same say, averaging one per figure.

    A group of many figures (one lab's sweep) would otherwise decide the constants for every
    other source; with these weights each group's figures together count as much as another's.
    """
    if not GROUP_BALANCED:
        return np.ones(len(groups))
    counts: dict[str, int] = {}
    for group in groups:
        counts[group] = counts.get(group, 0) + 1
    weights: FloatArray = np.asarray([len(groups) / (len(counts) * counts[g]) for g in groups],
                                     dtype=np.float64)
    return weights


def _solve(predictor: Predictor, block: _Block, values: Mapping[str, float]) -> dict[str, float]:
    """The block's constants that minimise the regularised soft-L1 objective."""
    points = _points(predictor, block, values)
    keys = [c.key for c in block.constants]
    if not points:
        return {k: values[k] for k in keys}
    lower = np.log([c.lower for c in block.constants])
    upper = np.log([c.upper for c in block.constants])
    theta0 = np.clip(np.log([max(values[k], 1e-12) for k in keys]), lower, upper)
    cases = list(dict.fromkeys(case for case, _, _ in points))
    weights = np.sqrt(_group_weights([case.group for case, _, _ in points]))

    def residuals_of(names: Sequence[str]) -> Callable[[FloatArray], FloatArray]:
        def residuals(theta: FloatArray) -> FloatArray:
            trial = {**values, **{k: float(math.exp(t)) for k, t in zip(names, theta, strict=True)}}
            found: dict[str, dict[str, float]] = {}
            for case in cases:
                try:
                    found[case.id] = predictor.predict(case, trial)
                except NoPredictionError:
                    found[case.id] = {}
            return weights * np.asarray([soft_l1(capped_log_error(found[c.id].get(m, 0.0), v))
                                         for c, m, v in points], dtype=np.float64)
        return residuals

    everything = residuals_of(keys)
    at = everything(theta0)
    sensitivity = jacobian(everything, theta0, upper, at)
    active = [j for j in range(len(keys)) if upper[j] > lower[j]
              and float(np.max(np.abs(sensitivity[:, j]))) > SENSITIVITY_FLOOR]
    if not active:
        return {k: values[k] for k in keys}
    names = [keys[j] for j in active]
    solution = levenberg_marquardt(residuals_of(names), theta0[active], lower[active],
                                   upper[active], PRIOR_WEIGHT, MAX_ITERATIONS, start_residuals=at,
                                   start_jacobian=sensitivity[:, active], secant_updates=True,
                                   relative_gain_stop=GAIN_STOP)
    fitted = {k: values[k] for k in keys}
    fitted.update({k: float(math.exp(t)) for k, t in zip(names, solution.theta, strict=True)})
    return fitted


def source_groups(cases: Sequence[ScoredCase]) -> list[str]:
    """The source groups of ``cases``, in order of first appearance."""
    return list(dict.fromkeys(c.group for c in cases))


def leave_one_source_out(cases: Sequence[ScoredCase], prior: Mapping[str, float],
                         fitter: Fitter) -> dict[str, FitResult]:
    """One fit per source group, on every case of the other groups (group → its fit)."""
    return {group: fitter([c for c in cases if c.group != group], prior)
            for group in source_groups(cases)}
