"""Where the step model is weakly validated: which regime a plan is in, its notice and its widening.

The validation set (``specs/validation``) holds no run of a large MoE model under DP attention
with expert parallel, and no speculative run at a large batch; a GPU without measured kernel
tables borrows another system's fractions. A plan in one of these regimes says so (a notice)
and its uncertainty band widens (:func:`gpucalc.core.fleet.uncertainty.ranges_for` multiplies the
efficiency ranges by :data:`REGIME_WIDENING`), so the answer never looks surer than the
evidence behind it.
"""

from __future__ import annotations

from enum import StrEnum

from gpucalc.core.common.explain import Notice
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_plan import param_summary
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.kernel_surfaces import kernel_profile

LARGE_MOE_PARAMS = 100e9  # total parameters from which a MoE model's DP + EP decode is unvalidated
SPECULATIVE_HIGH_BATCH = 16.0  # running requests per DP rank past which speculation is unvalidated


class WeakRegime(StrEnum):
    """A regime the validation set does not cover (the names ``--json`` notices use)."""

    LARGE_MOE_DP_EP = "large_moe_dp_ep"
    SPECULATIVE_HIGH_BATCH = "speculative_high_batch"
    MAPPED_KERNELS = "mapped_kernels"


REGIME_WIDENING: dict[WeakRegime, tuple[float, float]] = {
    WeakRegime.LARGE_MOE_DP_EP: (0.5, 1.5),
    WeakRegime.SPECULATIVE_HIGH_BATCH: (0.75, 1.25),
    WeakRegime.MAPPED_KERNELS: (0.85, 1.15),
}
"""Factors on the low and high end of the efficiency ranges in each regime."""

REGIME_REASONS = {
    WeakRegime.LARGE_MOE_DP_EP: QT_TRANSLATE_NOOP(
        "Sources", "no run of a MoE model above 100 B parameters under DP attention + expert parallel "
        "is in the validation set (specs/validation/residuals.json), so the range is widened by ±50 %"),
    WeakRegime.SPECULATIVE_HIGH_BATCH: QT_TRANSLATE_NOOP(
        "Sources", "no speculative run at 16 or more running requests is in the validation set, and the "
        "cost of verifying drafts at a large batch is modelled, not measured, so the range is widened "
        "by ±25 %"),
}
"""Why the range widens in a regime (the mapped-kernel reason is MAPPED_REASON in uncertainty)."""


def is_large_moe_dp_ep(inputs: PlanInputs) -> bool:
    """A MoE model above :data:`LARGE_MOE_PARAMS` with DP attention and expert parallel."""
    dep = inputs.deployment
    return (inputs.model.moe is not None and dep.data_parallel_size > 1
            and dep.enable_expert_parallel
            and param_summary(inputs.model).total.value >= LARGE_MOE_PARAMS)


def weak_regimes(inputs: PlanInputs, running_per_rank: float | None = None) -> tuple[WeakRegime, ...]:
    """The weakly validated regimes ``inputs`` falls in, at ``running_per_rank`` requests running.

    Without a batch (``None``) the speculative regime counts when speculation is on at all.
    """
    found: list[WeakRegime] = []
    if is_large_moe_dp_ep(inputs):
        found.append(WeakRegime.LARGE_MOE_DP_EP)
    if inputs.deployment.speculation is not None and (
            running_per_rank is None or running_per_rank >= SPECULATIVE_HIGH_BATCH):
        found.append(WeakRegime.SPECULATIVE_HIGH_BATCH)
    profile = kernel_profile(inputs.kernels, inputs.gpu.id, inputs.engine.id)
    if profile is not None and profile.mapped:
        found.append(WeakRegime.MAPPED_KERNELS)
    return tuple(found)


def weak_regime_notices(inputs: PlanInputs, running_per_rank: float) -> tuple[Notice, ...]:
    """One notice per weakly validated regime of the plan at its concurrency."""
    notices = []
    for regime in weak_regimes(inputs, running_per_rank):
        params: dict[str, str | int | float] = {"regime": regime.value}
        if regime is WeakRegime.LARGE_MOE_DP_EP:
            params["dp"] = inputs.deployment.data_parallel_size
            params["params_b"] = round(param_summary(inputs.model).total.value / 1e9)
        elif regime is WeakRegime.SPECULATIVE_HIGH_BATCH:
            params["running"] = round(running_per_rank)
        else:
            profile = kernel_profile(inputs.kernels, inputs.gpu.id, inputs.engine.id)
            params["system"] = profile.system.name if profile is not None else ""
        _, high = REGIME_WIDENING[regime]
        params["widening_pct"] = round((high - 1) * 100)
        notices.append(Notice(code=f"weak_{regime.value}", params=params))
    return tuple(notices)
