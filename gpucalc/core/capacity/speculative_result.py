"""The figures a plan with speculative decoding shows: acceptance, draft memory and the gain."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.load import closed_loop
from gpucalc.core.capacity.perf_model import PerfContext
from gpucalc.core.common.explain import Notice, Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.memory.speculative_memory import DRAFT_WEIGHT_KEY
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.speculative_inputs import LARGE_SPECULATIVE_TOKENS, acceptance_length
from gpucalc.core.step.speculative_step import SpeculativeStepModel

SPEEDUP_FORMULA = QT_TRANSLATE_NOOP(
    "Formulas", "TPOT without speculation ÷ TPOT with it, same running batch (closed loop)")


class SpeculativeSummary(BaseModel):
    """Speculative decoding in one plan (per replica)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    method: str
    num_speculative_tokens: int
    draft_model: str
    acceptance_length: Term
    draft_weights_gib: Term
    draft_kv_bytes_per_token: Term
    speedup_at_batch_1: Term
    speedup_at_knee: Term

    @property
    def terms(self) -> tuple[Term, ...]:
        """The performance-side figures in display order (the draft's weights are a memory line)."""
        return (self.acceptance_length, self.draft_kv_bytes_per_token, self.speedup_at_batch_1,
                self.speedup_at_knee)


def _speedup(ctx: PerfContext, step: SpeculativeStepModel, running: float, key: str) -> Term:
    """TPOT ratio plain ÷ speculative at ``running`` requests (> 1: speculation helps)."""
    shape = ctx.shape(ctx.running_cap())
    plain = closed_loop(step.plain(), shape, running).tpot_s
    fast = closed_loop(step, shape, running).tpot_s
    ratio = plain / fast if fast > 0 and fast != float("inf") else 1.0
    return term(key, ratio, "×", SPEEDUP_FORMULA,
                {"running": round(running, 1), "tpot_plain_ms": round(plain * 1000, 3),
                 "tpot_speculative_ms": round(fast * 1000, 3)})


def speculative_summary(ctx: PerfContext, inputs: PlanInputs, memory: MemoryResult,
                        knee: int) -> SpeculativeSummary | None:
    """The speculative figures of a plan; None without speculation."""
    spec, step = inputs.deployment.speculation, ctx.step
    if spec is None or not isinstance(step, SpeculativeStepModel) or step.speculation is None:
        return None
    stage = memory.stages[-1]
    weights = next((w for w in stage.weights if w.key == DRAFT_WEIGHT_KEY), None)
    draft = step.speculation.draft
    kv = draft.kv_bytes_per_token if draft else 0.0
    return SpeculativeSummary(
        method=spec.chosen.value, num_speculative_tokens=spec.num_speculative_tokens,
        draft_model=spec.draft_model or "",
        acceptance_length=acceptance_length(spec),
        draft_weights_gib=weights or term(
            "speculative.draft_weights_gib", 0.0, "GiB",
            QT_TRANSLATE_NOOP("Formulas", "no draft weights (n-gram prompt lookup)"), {}),
        draft_kv_bytes_per_token=term(
            "speculative.draft_kv_bytes_per_token", kv, "bytes",
            QT_TRANSLATE_NOOP("Formulas", "draft layers × KV bytes per token per layer (per GPU)"),
            {"kv_layers": draft.kv_layers if draft else 0}),
        speedup_at_batch_1=_speedup(ctx, step, 1.0, "speculative.speedup_at_batch_1"),
        speedup_at_knee=_speedup(ctx, step, float(max(knee, 1)), "speculative.speedup_at_knee"),
    )


def speculative_notices(summary: SpeculativeSummary | None, inputs: PlanInputs) -> tuple[Notice, ...]:
    """Warnings: a very long draft, an assumed acceptance, speculation slower at the knee."""
    spec = inputs.deployment.speculation
    if summary is None or spec is None:
        return ()
    notices: list[Notice] = []
    if spec.num_speculative_tokens > LARGE_SPECULATIVE_TOKENS:
        notices.append(Notice(code="speculative_tokens_large", params={
            "k": spec.num_speculative_tokens, "large": LARGE_SPECULATIVE_TOKENS}))
    if spec.acceptance_length is None and spec.acceptance_rate is None:
        notices.append(Notice(code="speculative_acceptance_assumed", params={
            "method": spec.chosen.value,
            "alpha": summary.acceptance_length.inputs["acceptance_rate"],
            "tau": round(summary.acceptance_length.value, 2)}))
    if summary.speedup_at_knee.value < 1.0:
        notices.append(Notice(code="speculative_slower_at_knee", params={
            "running": summary.speedup_at_knee.inputs["running"],
            "speedup": round(summary.speedup_at_knee.value, 2)}))
    return tuple(notices)
