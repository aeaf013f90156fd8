"""Bounded, regularised least squares over log-scaled parameters (projected Levenberg–Marquardt).

The problem: parameters θ (logarithms of positive constants) within bounds, a residual vector
r(θ) (log-errors of predictions against measurements), and a pull towards a centre θ₀:

    minimise  Σ r(θ)² + w · Σ (θ − θ₀)²   subject to  lower ≤ θ ≤ upper

Each iteration solves the damped Gauss–Newton system with a forward-difference Jacobian
(backward at the upper bound); a parameter held at a bound its gradient pushes against stays
there. The pull ``w`` keeps parameters the data cannot tell apart where they were. Deterministic:
the same residual function, start and bounds give the same answer.

Used by the one-engine calibration (:mod:`gpucalc.core.measured.calibrate`) and the many-scenario fit of
the accuracy benchmark (:mod:`gpucalc.validation.fitting`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]
Residuals = Callable[[FloatArray], FloatArray]

JACOBIAN_STEP = 1e-3  # in log space: a 0.1 % change of a parameter
RESIDUAL_CAP = 5.0  # |log(pred / meas)| beyond e^5 counts as e^5 (a prediction of 0 or ∞)
RELATIVE_GAIN_STOP = 1e-6  # stop when an iteration lowers the objective by less than this share


@dataclass(frozen=True, slots=True)
class Solution:
    """The parameters at the optimum, the Jacobian and residuals there, and the iterations."""

    theta: FloatArray
    jacobian: FloatArray
    residuals: FloatArray
    iterations: int


def capped_log_error(predicted: float, measured: float) -> float:
    """ln(predicted ÷ measured) within ±:data:`RESIDUAL_CAP` (0 or a non-number: the cap)."""
    if not (predicted > 0 and math.isfinite(predicted)):
        return RESIDUAL_CAP if predicted != 0 else -RESIDUAL_CAP
    return max(min(math.log(predicted / measured), RESIDUAL_CAP), -RESIDUAL_CAP)


def jacobian(residuals: Residuals, theta: FloatArray, upper: FloatArray,
             at: FloatArray) -> FloatArray:
    """Forward (backward at the upper bound) differences of ``residuals`` around ``theta``.

    ``at`` is ``residuals(theta)``, already known to the caller.
    """
    columns = []
    for j in range(len(theta)):
        step = -JACOBIAN_STEP if theta[j] + JACOBIAN_STEP > upper[j] else JACOBIAN_STEP
        moved = theta.copy()
        moved[j] += step
        columns.append((residuals(moved) - at) / step)
    return np.column_stack(columns) if columns else np.zeros((len(at), 0))


def _cost(data: FloatArray, theta: FloatArray, centre: FloatArray, prior_weight: float) -> float:
    return float(data @ data + prior_weight * (theta - centre) @ (theta - centre))


def _projected_step(system: FloatArray, gradient: FloatArray, theta: FloatArray,
                    lower: FloatArray, upper: FloatArray) -> FloatArray:
    """One damped Gauss–Newton step; parameters held at a bound the gradient pushes against stay."""
    blocked = ((theta <= lower + 1e-12) & (gradient > 0)) | ((theta >= upper - 1e-12) & (gradient < 0))
    free = ~blocked
    delta = np.zeros_like(theta)
    if free.any():
        delta[free] = -np.linalg.solve(system[np.ix_(free, free)], gradient[free])
    moved: FloatArray = np.clip(theta + delta, lower, upper)
    return moved


def _broyden(jac: FloatArray, step: FloatArray, change: FloatArray) -> FloatArray:
    """Broyden's rank-one correction: the Jacobian that maps ``step`` onto ``change``."""
    length = float(step @ step)
    if length < 1e-18:
        return jac
    updated: FloatArray = jac + np.outer(change - jac @ step, step) / length
    return updated


def levenberg_marquardt(residuals: Residuals, theta0: FloatArray, lower: FloatArray,
                        upper: FloatArray, prior_weight: float, max_iterations: int,
                        start_residuals: FloatArray | None = None,
                        start_jacobian: FloatArray | None = None,
                        secant_updates: bool = False,
                        relative_gain_stop: float = RELATIVE_GAIN_STOP) -> Solution:
    """Projected Levenberg–Marquardt on the regularised objective, pulled towards ``theta0``.

    ``start_residuals`` and ``start_jacobian`` are ``residuals(theta0)`` and its Jacobian when the
    caller has them already. With ``secant_updates`` the Jacobian is differenced once and then
    corrected by Broyden's rank-one update from every trial point (one evaluation per trial
    instead of one per parameter and iteration): for residuals that take long to evaluate. The
    iteration stops when a step lowers the objective by less than ``relative_gain_stop`` of it.
    """
    theta = theta0.copy()
    data = residuals(theta) if start_residuals is None else start_residuals
    cost = _cost(data, theta, theta0, prior_weight)
    damping = 1e-2
    jac = jacobian(residuals, theta, upper, data) if start_jacobian is None else start_jacobian
    count = len(theta)
    iterations, step, gain = 0, 0.0, 0.0
    while iterations < max_iterations:
        iterations += 1
        improved = False
        while damping < 1e8:
            hessian = jac.T @ jac + prior_weight * np.eye(count)
            gradient = jac.T @ data + prior_weight * (theta - theta0)
            system = hessian + damping * np.diag(np.diag(hessian) + 1e-9)
            trial = _projected_step(system, gradient, theta, lower, upper)
            trial_data = residuals(trial)
            trial_cost = _cost(trial_data, trial, theta0, prior_weight)
            if secant_updates:
                jac = _broyden(jac, trial - theta, trial_data - data)
            if trial_cost < cost:
                improved = True
                step = float(np.max(np.abs(trial - theta))) if count else 0.0
                gain = cost - trial_cost
                theta, data, cost = trial, trial_data, trial_cost
                damping = max(damping / 3, 1e-9)
                break
            damping *= 4
        if not improved or step < 1e-6 or gain < relative_gain_stop * max(cost, 1e-12):
            break
        if not secant_updates:
            jac = jacobian(residuals, theta, upper, data)
    return Solution(theta, jac, data, iterations)
