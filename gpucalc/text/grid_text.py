"""The per-card grid in words, once for the window and the report: tier names and cell texts.

Context "Grid". A cell says its concurrency and the ceiling that binds, or why it has no figure:
past the scenario's --max-model-len or the model's context (the engine refuses such requests),
the model does not fit, or a latency target no concurrency meets.
"""

from __future__ import annotations

from gpucalc.core.capacity.perf_result import LimitKind
from gpucalc.core.capacity.sweep import SCENARIO_TIER, GridCell
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.answer_text import short_limit_name
from gpucalc.text.numbers import count
from gpucalc.text.terms import Lookup, as_lookup, ceiling_name

CONTEXT = "Grid"

TIER_NAMES = {
    "short": QT_TRANSLATE_NOOP("Grid", "Short"),
    "medium": QT_TRANSLATE_NOOP("Grid", "Medium"),
    "long": QT_TRANSLATE_NOOP("Grid", "Long"),
    "very_long": QT_TRANSLATE_NOOP("Grid", "Very long"),
    SCENARIO_TIER: QT_TRANSLATE_NOOP("Grid", "This scenario"),
}
"""The context tiers by id (a tier without a name shows its id)."""

PAST_MAX_MODEL_LEN = QT_TRANSLATE_NOOP("Grid", "past --max-model-len{sep}{limit}")
PAST_MODEL_CONTEXT = QT_TRANSLATE_NOOP("Grid", "past the model's context{sep}{limit}")
DOES_NOT_FIT = QT_TRANSLATE_NOOP("Grid", "does not fit")
TARGET_UNREACHABLE = QT_TRANSLATE_NOOP("Grid", "0{sep}{target} target unreachable")


def tier_name(tier: str, lang: str | Lookup) -> str:
    """A context tier's name in the reader's language."""
    return as_lookup(lang)(CONTEXT, TIER_NAMES[tier]) if tier in TIER_NAMES else tier


def grid_cell_text(cell: GridCell, lang: str | Lookup, separator: str = " · ") -> str:
    """'54 · Compute', or why the cell has no figure; ``separator`` between its two parts."""
    t = as_lookup(lang)
    if cell.past_max_model_len is not None:
        return t(CONTEXT, PAST_MAX_MODEL_LEN).format(
            sep=separator, limit=count(cell.past_max_model_len))
    if cell.past_model_context is not None:
        return t(CONTEXT, PAST_MODEL_CONTEXT).format(
            sep=separator, limit=count(cell.past_model_context))
    if cell.binding is None:
        return t(CONTEXT, DOES_NOT_FIT)
    if cell.concurrency <= 0 and cell.binding_limit in (LimitKind.TTFT, LimitKind.TPOT):
        return t(CONTEXT, TARGET_UNREACHABLE).format(
            sep=separator, target=short_limit_name(cell.binding_limit, t))
    return f"{count(cell.concurrency)}{separator}{ceiling_name(cell.binding, t, short=True)}"


__all__ = ["TIER_NAMES", "grid_cell_text", "tier_name"]
