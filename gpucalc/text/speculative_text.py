"""Speculative decoding in words and as JSON: one wording for the CLI, the window and the report."""

from __future__ import annotations

from typing import Any

from gpucalc.core.capacity.speculative_result import SpeculativeSummary
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.speculative_inputs import SpecMethod
from gpucalc.text.catalogue import translate

SPECULATIVE_METHOD_NAMES = {
    SpecMethod.MTP: QT_TRANSLATE_NOOP("Speculative", "MTP (the model's own layers)"),
    SpecMethod.EAGLE: QT_TRANSLATE_NOOP("Speculative", "EAGLE"),
    SpecMethod.EAGLE3: QT_TRANSLATE_NOOP("Speculative", "EAGLE-3"),
    SpecMethod.NGRAM: QT_TRANSLATE_NOOP("Speculative", "n-gram (prompt lookup)"),
    SpecMethod.DRAFT_MODEL: QT_TRANSLATE_NOOP("Speculative", "draft model"),
}
"""The speculative methods by name, context "Speculative"."""

SPECULATIVE_LINE = QT_TRANSLATE_NOOP(
    "Speculative", "Speculative decoding ({method}, k = {k}): {tau} tokens per target step; draft "
    "weights {gib} GiB per GPU; TPOT {batch1}× faster at batch 1, {knee}× at the knee ({running} "
    "running)")
"""The one-line summary (a speed-up below 1 means speculation is slower there)."""


def speculative_line(summary: SpeculativeSummary, lang: str = "en") -> str:
    """The summary sentence in ``lang``."""
    return translate("Speculative", SPECULATIVE_LINE, lang).format(
        method=summary.method, k=summary.num_speculative_tokens,
        tau=f"{summary.acceptance_length.value:.2f}", gib=f"{summary.draft_weights_gib.value:.2f}",
        batch1=f"{summary.speedup_at_batch_1.value:.2f}",
        knee=f"{summary.speedup_at_knee.value:.2f}",
        running=f"{float(summary.speedup_at_knee.inputs['running']):,.0f}")


def speculative_json(summary: SpeculativeSummary | None) -> dict[str, Any] | None:
    """``speculative`` of ``--json``: method, k, τ, draft memory and the TPOT gain (None: off)."""
    if summary is None:
        return None
    return {"method": summary.method, "num_speculative_tokens": summary.num_speculative_tokens,
            "draft_model": summary.draft_model or None,
            "acceptance_length": summary.acceptance_length.value,
            "acceptance_rate": summary.acceptance_length.inputs.get("acceptance_rate"),
            "draft_weights_gib": summary.draft_weights_gib.value,
            "draft_kv_bytes_per_token": summary.draft_kv_bytes_per_token.value,
            "speedup_at_batch_1": summary.speedup_at_batch_1.value,
            "speedup_at_knee": summary.speedup_at_knee.value,
            "knee_running": summary.speedup_at_knee.inputs["running"]}
