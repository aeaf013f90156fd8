"""Find traffic classes in request lengths: a Gaussian mixture on log2(total tokens).

The rule (stated in every class term): fit 1, 2 and 3 Gaussian components to log2(input +
output tokens) by expectation-maximisation; take the k with the lowest BIC; keep a split only
when every component holds at least 5 % of the requests and every pair of neighbouring
components is separated by Ashman's D > 2 (Ashman, Bird & Zepf 1994, Astron. J. 108:2348 —
D = √2 |μ₁ − μ₂| ÷ √(σ₁² + σ₂²); D > 2 is their criterion for a clean separation); otherwise fall
back to fewer components. Fewer than 100 requests never split. The fit runs on a 512-bin
histogram of the log lengths weighted by counts, so a million requests cost the same as a hundred.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP

FloatArray = npt.NDArray[np.float64]

MIN_REQUESTS_TO_SPLIT = 100
MIN_CLASS_SHARE = 0.05
MIN_ASHMAN_D = 2.0
MAX_COMPONENTS = 3
FIT_BINS = 512
EM_ITERATIONS = 200
VARIANCE_FLOOR = 0.05**2  # log2 units²: a 3.5 % spread, finer than any length class
MIXTURE_RULE = QT_TRANSLATE_NOOP(
    "Formulas", "Gaussian mixture on log2(total tokens), k = 1..3 by BIC; a split is kept only when each "
    "class holds ≥ 5 % of requests and neighbours have Ashman's D > 2")
MIXTURE_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "Ashman, Bird & Zepf (1994), Astron. J. 108:2348: D > 2 separates two Gaussian components "
    "cleanly; BIC: Schwarz (1978), Ann. Stat. 6:461")


class MixtureFit(BaseModel):
    """A fitted 1-D Gaussian mixture, components ordered by mean."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    shares: tuple[float, ...]
    means_log2: tuple[float, ...]
    sigmas_log2: tuple[float, ...]
    bic: float

    @property
    def components(self) -> int:
        """Number of components."""
        return len(self.shares)


def _log_histogram(log_values: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Bin centres and counts of a fine histogram of the log lengths."""
    low, high = float(log_values.min()), float(log_values.max())
    if high - low < 1e-9:
        return np.array([low]), np.array([float(log_values.size)])
    counts, edges = np.histogram(log_values, bins=FIT_BINS, range=(low, high))
    centres = (edges[:-1] + edges[1:]) / 2
    keep = counts > 0
    return centres[keep], counts[keep].astype(np.float64)


def _component_densities(x: FloatArray, means: FloatArray, variances: FloatArray) -> FloatArray:
    """Normal densities of every point under every component, shape (points, k)."""
    diff = x[:, None] - means[None, :]
    return np.exp(-0.5 * diff**2 / variances) / np.sqrt(2 * math.pi * variances)


def fit_mixture(x: FloatArray, weights: FloatArray, k: int) -> MixtureFit:
    """EM fit of ``k`` Gaussians to weighted points ``x`` (log2 lengths), started at quantiles."""
    total = float(weights.sum())
    order = np.cumsum(weights) / total
    means = np.array([x[min(int(np.searchsorted(order, (i + 0.5) / k)), x.size - 1)]
                      for i in range(k)], dtype=np.float64)
    variances = np.full(k, max(float(np.average((x - np.average(x, weights=weights)) ** 2,
                                                weights=weights)) / k**2, VARIANCE_FLOOR))
    shares = np.full(k, 1.0 / k)
    for _ in range(EM_ITERATIONS):
        joint = _component_densities(x, means, variances) * shares + 1e-300
        resp = joint / joint.sum(axis=1, keepdims=True) * weights[:, None]
        mass = resp.sum(axis=0) + 1e-12
        shares = mass / total
        means = (resp * x[:, None]).sum(axis=0) / mass
        variances = np.maximum((resp * (x[:, None] - means) ** 2).sum(axis=0) / mass, VARIANCE_FLOOR)
    likelihood = float((np.log((_component_densities(x, means, variances) * shares).sum(axis=1)
                               + 1e-300) * weights).sum())
    bic = (3 * k - 1) * math.log(total) - 2 * likelihood
    order_idx = np.argsort(means)
    return MixtureFit(shares=tuple(float(v) for v in shares[order_idx]),
                      means_log2=tuple(float(v) for v in means[order_idx]),
                      sigmas_log2=tuple(float(math.sqrt(v)) for v in variances[order_idx]),
                      bic=bic)


def ashman_d(fit: MixtureFit, left: int) -> float:
    """Ashman's D between component ``left`` and the next one up."""
    mu1, mu2 = fit.means_log2[left], fit.means_log2[left + 1]
    s1, s2 = fit.sigmas_log2[left], fit.sigmas_log2[left + 1]
    return math.sqrt(2) * abs(mu2 - mu1) / math.sqrt(s1**2 + s2**2)


def separated(fit: MixtureFit) -> bool:
    """Every component is big enough and every neighbour pair has Ashman's D > 2."""
    if min(fit.shares) < MIN_CLASS_SHARE:
        return False
    return all(ashman_d(fit, i) > MIN_ASHMAN_D for i in range(fit.components - 1))


def choose_mixture(total_tokens: FloatArray) -> MixtureFit:
    """The mixture the class rule picks for these per-request total lengths (tokens)."""
    log_values = np.log2(total_tokens.astype(np.float64))
    x, weights = _log_histogram(log_values)
    single = fit_mixture(x, weights, 1)
    if total_tokens.size < MIN_REQUESTS_TO_SPLIT or x.size < 2:
        return single
    fits = [single, *(fit_mixture(x, weights, k) for k in range(2, MAX_COMPONENTS + 1))]
    for fit in sorted(fits, key=lambda f: f.bic):
        if fit.components == 1 or separated(fit):
            return fit
    return single


def assign_components(fit: MixtureFit, total_tokens: FloatArray) -> npt.NDArray[np.int64]:
    """Index of the most likely component of each request."""
    x = np.log2(total_tokens.astype(np.float64))
    dens = _component_densities(x, np.array(fit.means_log2), np.array(fit.sigmas_log2) ** 2)
    return np.asarray(np.argmax(dens * np.array(fit.shares), axis=1), dtype=np.int64)
