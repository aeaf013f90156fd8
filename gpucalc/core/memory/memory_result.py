"""The memory side of a result: line items, KV capacity, concurrency and fit verdicts."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.explain import Notice, Term
from gpucalc.core.memory.memory import StageMemory
from gpucalc.core.memory.settings import EffectiveSettings

# Notices that mean the engine itself refuses to start (everything else is advice).
BLOCKING_NOTICES = frozenset({"kv_budget_negative", "max_model_len_exceeds_kv",
                              "max_model_len_kv_exceeds_memory"})


class ParamSummary(BaseModel):
    """Parameter counts of the model."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    total: Term
    active: Term
    active_without_embedding: Term
    groups: tuple[Term, ...]


class MemoryResult(BaseModel):
    """Per-GPU memory picture and what the KV cache holds."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    settings: EffectiveSettings
    params: ParamSummary
    stages: tuple[StageMemory, ...]
    binding_stage: int
    kv_bytes_per_token: Term
    kv_bytes_per_token_per_gpu: Term
    kv_cache_tokens: Term
    kv_cache_tokens_all_replicas: Term
    max_concurrency: Term
    concurrency_p50: Term
    concurrency_p95: Term
    fits: bool
    fits_single_gpu: Term
    kv_per_average_request: Term
    planning_check: Term
    planning_check_passes: bool
    alarm_check: Term
    notices: tuple[Notice, ...] = ()
    state_bytes_per_request: Term | None = None  # linear-attention / Mamba state (None: no such layers)

    @property
    def blocking_notices(self) -> tuple[Notice, ...]:
        """The notices saying why the engine would refuse to start (empty when it fits)."""
        return tuple(n for n in self.notices if n.code in BLOCKING_NOTICES)

    @property
    def state_terms(self) -> tuple[Term, ...]:
        """The layer-state figure when the model has linear-attention / Mamba layers, else none."""
        return () if self.state_bytes_per_request is None else (self.state_bytes_per_request,)

    @property
    def binding(self) -> StageMemory:
        """The pipeline stage whose KV capacity bounds the replica."""
        return self.stages[self.binding_stage]

    @property
    def line_items(self) -> tuple[Term, ...]:
        """Ordered memory line items of the binding stage's GPU."""
        return self.binding.line_items
