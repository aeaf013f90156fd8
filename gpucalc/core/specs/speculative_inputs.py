"""Speculative decoding as the engines configure it: method, draft length and acceptance.

A draft proposes ``k`` tokens per running request; the target model verifies them (and the
token after them) in one step and keeps the accepted prefix. What a step yields per request is
the *mean acceptance length* τ: 1 (the target's own token) plus the accepted draft tokens, so
1 ≤ τ ≤ k + 1. τ is the primary input because engines log it (vLLM's spec-decode metrics
"Mean acceptance length", SGLang's "accept len") and planners can copy it from a run; the
per-token acceptance rate α is the alternative for what-ifs, with τ = (1 − α^(k+1)) ÷ (1 − α)
(Leviathan et al. 2023, "Fast Inference from Transformers via Speculative Decoding", eq. 1).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gpucalc.core.common.errors import InputRuleError
from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP

MAX_SPECULATIVE_TOKENS = 64  # bound of the input; engines take more, no gain is left there
LARGE_SPECULATIVE_TOKENS = 8  # above this the draft's cost outgrows what acceptance returns
# (EAGLE-3 paper, arXiv 2503.01840, drafts at most 7 steps deep; vLLM's examples use 1–5)


NEEDS_A_METHOD = QT_TRANSLATE_NOOP(
    "Errors", "{speculative_config} needs a method: MTP, EAGLE, EAGLE-3, n-gram or a draft model")


class SpecMethod(StrEnum):
    """Where the draft tokens come from (vLLM ``--speculative-config`` ``method``)."""

    MTP = "mtp"  # the model's own multi-token-prediction layers (DeepSeek-V3, GLM-4.5, Qwen3-Next)
    EAGLE = "eagle"  # one trained decoder layer over the target's hidden states
    EAGLE3 = "eagle3"  # one layer over three of the target's hidden states, own draft vocabulary
    NGRAM = "ngram"  # prompt lookup: copies n-grams from the context, no model
    DRAFT_MODEL = "draft"  # a smaller model of the same tokenizer (vLLM's "draft_model")


# Per-token acceptance rate α assumed when none is given, with its source.
DEFAULT_ACCEPTANCE_RATE: dict[SpecMethod, tuple[float, str]] = {
    SpecMethod.MTP: (0.85, QT_TRANSLATE_NOOP(
        "Sources", "DeepSeek-V3 technical report §5.4.3: the MTP token is accepted 85–90 % of the "
        "time; aiconfigurator 0.12.0 cli/example.yaml nextn_accepted 0.85")),
    SpecMethod.EAGLE: (0.7, QT_TRANSLATE_NOOP(
        "Sources", "EAGLE paper (Li et al., ICML 2024, arXiv 2401.15077) §5: per-token acceptance "
        "rate about 0.7–0.8 on MT-bench; the low end, for chain drafts")),
    SpecMethod.EAGLE3: (0.8, QT_TRANSLATE_NOOP(
        "Sources", "EAGLE-3 paper (arXiv 2503.01840) Table 1: acceptance length about 6 at 7 draft "
        "steps on MT-bench (α ≈ 0.9 with tree drafts); 0.8 for chain drafts")),
    SpecMethod.DRAFT_MODEL: (0.6, QT_TRANSLATE_NOOP(
        "Sources", "Leviathan et al. 2023 (arXiv 2211.17192) Table 3: α 0.5–0.9 for small drafts of "
        "the same family; 0.6 for an unknown pair")),
    SpecMethod.NGRAM: (0.3, QT_TRANSLATE_NOOP(
        "Sources", "prompt lookup depends on the workload: high for editing and extraction, near 0 "
        "for open chat; 0.3 is a low assumption — measure and enter the acceptance length")),
}


class SpeculativeDecoding(BaseModel):
    """One speculative-decoding set-up (vLLM ``--speculative-config``, SGLang ``--speculative-*``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    method: SpecMethod | None = Field(
        description="mtp, eagle, eagle3, ngram or draft (vLLM's draft_model); None: off.")
    num_speculative_tokens: int = Field(
        default=1, ge=1, le=MAX_SPECULATIVE_TOKENS,
        description="Draft tokens per request and step, k (SGLang --speculative-num-steps).")
    draft_model: str | None = Field(
        default=None, max_length=4096,
        description="Draft model id or folder (vLLM 'model', SGLang --speculative-draft-model-path); "
        "required for draft_model, recorded for EAGLE heads.")
    acceptance_length: float | None = Field(
        default=None, ge=1.0, le=MAX_SPECULATIVE_TOKENS + 1,
        description="Mean acceptance length τ: tokens each target step yields per request (1 … k+1), "
        "as the engine logs it.")
    acceptance_rate: float | None = Field(
        default=None, ge=0.0, lt=1.0,
        description="Per-token acceptance rate α (used when no acceptance length is given).")
    eagle_topk: int = Field(
        default=1, ge=1, le=64,
        description="Draft branches per step (SGLang --speculative-eagle-topk; 1: a chain).")
    num_draft_tokens: int | None = Field(
        default=None, ge=2, le=1024,
        description="Tokens the target verifies per request (SGLang --speculative-num-draft-tokens); "
        "None: k + 1.")

    @model_validator(mode="after")
    def _acceptance_within_draft(self) -> SpeculativeDecoding:
        if self.acceptance_length is not None and self.acceptance_rate is not None:
            raise InputRuleError(QT_TRANSLATE_NOOP(
                "Errors", "give either {acceptance_length} or {acceptance_rate}, not both"),
                "acceptance_length")
        if self.acceptance_length is not None and self.acceptance_length > self.num_speculative_tokens + 1:
            raise InputRuleError(QT_TRANSLATE_NOOP(
                "Errors", "{acceptance_length} must be at most {num_speculative_tokens} + 1 = {most}"),
                "acceptance_length", most=self.num_speculative_tokens + 1)
        if self.method == SpecMethod.DRAFT_MODEL and not (self.draft_model or "").strip():
            raise InputRuleError(QT_TRANSLATE_NOOP(
                "Errors", "the draft-model method needs a {draft_model}"), "draft_model")
        return self

    @property
    def chosen(self) -> SpecMethod:
        """The method of a set-up in force (``Deployment.speculation``); refused when off."""
        if self.method is None:
            raise InputRuleError(NEEDS_A_METHOD, "speculative_config")
        return self.method

    @property
    def verify_tokens(self) -> int:
        """Tokens the target runs per request and step: k + 1, or SGLang's tree size."""
        return self.num_draft_tokens or self.num_speculative_tokens + 1


def tokens_per_step_from_rate(alpha: float, k: int) -> float:
    """Mean acceptance length τ of a k-token chain at per-token acceptance rate α.

    τ = Σ_{i=0..k} α^i = (1 − α^(k+1)) ÷ (1 − α) (Leviathan et al. 2023, eq. 1).
    """
    return sum(alpha ** i for i in range(k + 1))


def acceptance_length(spec: SpeculativeDecoding) -> Term:
    """τ, the tokens one target step yields per request, from the input or the method's α."""
    k = spec.num_speculative_tokens
    if spec.acceptance_length is not None:
        return term("speculative.acceptance_length", spec.acceptance_length, "tokens",
                    QT_TRANSLATE_NOOP("Formulas", "as entered (the engine's mean acceptance length)"),
                    {"num_speculative_tokens": k, "method": spec.chosen.value})
    alpha, source = (spec.acceptance_rate, QT_TRANSLATE_NOOP("Sources", "as entered")) if (
        spec.acceptance_rate is not None) else DEFAULT_ACCEPTANCE_RATE[spec.chosen]
    return term("speculative.acceptance_length", tokens_per_step_from_rate(alpha, k), "tokens",
                QT_TRANSLATE_NOOP("Formulas", "τ = (1 − α^(k+1)) ÷ (1 − α)"),
                {"acceptance_rate": alpha, "num_speculative_tokens": k,
                 "method": spec.chosen.value},
                (source, QT_TRANSLATE_NOOP(
                    "Sources", "Leviathan et al. 2023, 'Fast Inference from Transformers via "
                    "Speculative Decoding', eq. 1")))
