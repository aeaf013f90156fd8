"""Prefix caching: which prompt tokens are served from cached KV blocks, and what that saves.

vLLM (automatic prefix caching, on by default in V1) hashes each *full* KV block of a prompt
together with everything before it; a new request reuses the longest run of cached full blocks
and computes only the rest. SGLang's radix cache does the same on a token tree. Two things
follow for a capacity plan:

- **Prefill compute.** Cached tokens skip their GEMMs and their attention as queries; the
  uncached suffix still attends to the whole context. Only whole blocks are shared, and the
  engine computes at least the prompt's last token itself (vLLM's scheduler recomputes it on a
  full hit), so a request of ``L`` prompt tokens with a shared prefix of ``S`` tokens reuses
  ``floor(min(S, L − 1) ÷ block) × block`` tokens.
- **KV occupancy.** A shared prefix's blocks are held once per distinct prefix while any
  running request references them (reference-counted), not once per request: with ``N``
  prefixes of ``S`` tokens, ``R`` running requests hold ``R × (tokens − S) + N × S`` tokens.

Multi-turn chat: the history a turn resends was computed by the previous turn. Whether its blocks
are still cached depends on the user's pause and the eviction pressure (freed blocks are evicted
least-recently-used first), so it counts as a hit only when the workload says so
(``history_cached``); its blocks belong to one conversation and are not shared between requests.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv_capacity import KvCapacity
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from gpucalc.core.specs.workload_shape import PLANNING_LENGTH_SOURCE, mean_lengths
from gpucalc.core.step.step_model import StepModel

SOURCE_BLOCKS = QT_TRANSLATE_NOOP(
    "Sources", "vLLM docs 'Automatic Prefix Caching' and v1/core/kv_cache_manager.py: only full "
    "blocks are hashed and reused; on a full hit the last prompt token is recomputed")
SOURCE_SHARING = QT_TRANSLATE_NOOP(
    "Sources", "vLLM v1/core/block_pool.py: cached blocks are reference-counted, shared by every "
    "running request with the same prefix, and evicted least-recently-used once free; SGLang "
    "RadixAttention (Zheng et al. 2024, §3) the same on a radix tree")
SOURCE_SCHEDULER = QT_TRANSLATE_NOOP(
    "Sources", "vLLM v1/core/sched/scheduler.py: a new request's tokens to compute are its prompt "
    "minus the cached tokens; only those count against max_num_batched_tokens")
SOURCE_MEASURED = QT_TRANSLATE_NOOP(
    "Sources", "the workload's measured hit rate (vLLM logs 'Prefix cache hit rate'; "
    "/metrics vllm:prefix_cache_hits ÷ vllm:prefix_cache_queries)")


def caching_on(deployment: Deployment, engine: EngineProfile) -> bool:
    """Whether the engine caches prefixes: the deployment's flag, else the engine's default."""
    if deployment.enable_prefix_caching is None:
        return engine.prefix_caching_default
    return deployment.enable_prefix_caching


def whole_blocks(tokens: float, block_size: int) -> int:
    """Tokens of ``tokens`` that fill whole blocks of ``block_size`` (the shareable part)."""
    return int(max(tokens, 0.0) // block_size) * block_size


@dataclass(frozen=True, slots=True)
class PrefixPlan:
    """What prefix caching does to one plan's requests (tokens, per request)."""

    on: bool
    mean_input: float  # mean prompt tokens, history included
    cached_tokens: float  # mean prompt tokens served from cache
    shared_tokens: int  # block-aligned tokens of one shared prefix held once per prefix
    num_prefixes: int
    block_size: int
    measured: bool  # the hit rate was given, not derived from the structure

    @property
    def hit_rate(self) -> float:
        """Share of prompt tokens served from cache (0 ≤ h < 1)."""
        return self.cached_tokens / self.mean_input if self.mean_input > 0 else 0.0

    @property
    def shares_kv(self) -> bool:
        """Running requests share prefix blocks (the memory ceiling changes)."""
        return self.on and self.shared_tokens > 0


def prefix_plan(workload: Workload, deployment: Deployment, engine: EngineProfile,
                block_size: int) -> PrefixPlan:
    """Cached and shared prompt tokens of ``workload`` served with ``deployment``.

    A given hit rate is taken as measured (already whole blocks); otherwise the shared prefix
    (and, when ``history_cached``, a turn's mean history, which follows the prefix in the same
    sequence) is rounded down to whole blocks and capped one token below the mean prompt.
    """
    mean_in, _ = mean_lengths(workload)
    on = caching_on(deployment, engine)
    shared = whole_blocks(min(workload.shared_prefix_len, workload.input_len_p50 - 1), block_size)
    if not on:
        return PrefixPlan(False, mean_in, 0.0, 0, workload.num_prefixes, block_size, False)
    if workload.prefix_hit_rate is not None:
        return PrefixPlan(True, mean_in, workload.prefix_hit_rate * mean_in, shared,
                          workload.num_prefixes, block_size, True)
    history = (workload.max_turns - 1) / 2 * workload.tokens_per_turn if workload.history_cached else 0
    reused = min(workload.shared_prefix_len + history, mean_in - 1)
    return PrefixPlan(True, mean_in, float(whole_blocks(reused, block_size)), shared,
                      workload.num_prefixes, block_size, False)


def with_cached_prefill(step: StepModel, plan: PrefixPlan) -> StepModel:
    """The step model computing only the uncached share of each scheduled prompt token."""
    if not plan.cached_tokens:
        return step
    return dataclasses.replace(step, prefill_cached_share=plan.hit_rate)


def with_shared_prefix(capacity: KvCapacity, plan: PrefixPlan) -> KvCapacity:
    """The KV capacity with the shared prefixes' blocks held once per prefix."""
    if not plan.shares_kv:
        return capacity
    return capacity.model_copy(update={"shared_prefix_tokens": plan.shared_tokens,
                                       "shared_prefixes": plan.num_prefixes})


def scheduled_prompt_budget(max_num_batched_tokens: int, plan: PrefixPlan) -> int:
    """Prompt tokens one step can schedule when cached ones do not count against the budget.

    The load model spends the token budget in scheduled prompt tokens; the engine counts only
    computed ones, so the budget in scheduled tokens is budget ÷ (1 − h). (Decodes, counted in
    scheduled tokens too, are slightly overweighted: h × running ÷ (1 − h) tokens.)
    """
    if not plan.cached_tokens:
        return max_num_batched_tokens
    return int(max_num_batched_tokens / (1.0 - plan.hit_rate))


def hit_rate_term(plan: PrefixPlan, workload: Workload) -> Term:
    """The share of prompt tokens served from the prefix cache, with its derivation."""
    if not plan.on:
        return term("prefix_cache.hit_rate", 0.0, "", QT_TRANSLATE_NOOP(
            "Formulas", "prefix caching off: every prompt token is computed"), {"enabled": False})
    if plan.measured:
        return term("prefix_cache.hit_rate", plan.hit_rate, "", QT_TRANSLATE_NOOP(
            "Formulas", "measured share of prompt tokens served from cache"),
            {"prefix_hit_rate": plan.hit_rate}, (SOURCE_MEASURED,))
    return term("prefix_cache.hit_rate", plan.hit_rate, "", QT_TRANSLATE_NOOP(
        "Formulas", "floor(min(shared prefix + cached history, mean prompt − 1) ÷ block) × block ÷ "
        "mean prompt"),
        {"shared_prefix_len": workload.shared_prefix_len, "block_size": plan.block_size,
         "history_cached": workload.history_cached,
         "mean_history": (workload.max_turns - 1) / 2 * workload.tokens_per_turn,
         "mean_prompt": round(plan.mean_input, 1), "cached_tokens": round(plan.cached_tokens, 1)},
        (SOURCE_BLOCKS,))


def cached_tokens_term(plan: PrefixPlan) -> Term:
    """Mean prompt tokens per request served from cache (their prefill is skipped)."""
    return term("prefix_cache.cached_tokens_per_request", plan.cached_tokens, "tokens",
                QT_TRANSLATE_NOOP("Formulas", "hit rate × mean prompt"),
                {"hit_rate": round(plan.hit_rate, 4), "mean_prompt": round(plan.mean_input, 1)},
                (SOURCE_SCHEDULER,))


def tokens_saved_term(plan: PrefixPlan, requests_per_s: float) -> Term:
    """Prompt tokens per second one replica does not prefill at the recommendation."""
    saved = plan.cached_tokens * requests_per_s if math.isfinite(requests_per_s) else 0.0
    return term("prefix_cache.prefill_tokens_saved", saved, "tok/s", QT_TRANSLATE_NOOP(
        "Formulas", "cached tokens per request × requests/s at the recommendation"),
        {"cached_tokens_per_request": round(plan.cached_tokens, 1),
         "requests_per_s": round(requests_per_s, 4)}, (SOURCE_SCHEDULER,))


def shared_kv_term(plan: PrefixPlan, block_bytes: float, blocks_per_prefix: int) -> Term:
    """GiB per GPU the shared prefixes hold once each, instead of once per request."""
    gib = plan.num_prefixes * blocks_per_prefix * block_bytes / BYTES_PER_GIB if plan.shares_kv else 0.0
    return term("prefix_cache.kv_shared_gib", gib, "GiB", QT_TRANSLATE_NOOP(
        "Formulas", "distinct prefixes × blocks of one block-aligned shared prefix × block bytes"),
        {"num_prefixes": plan.num_prefixes, "shared_tokens": plan.shared_tokens,
         "blocks_per_prefix": blocks_per_prefix, "block_bytes": block_bytes},
        (SOURCE_SHARING,))


class PrefixCacheResult(BaseModel):
    """Prefix caching's figures for one replica (``--json`` key ``prefix_cache``)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    enabled: bool
    hit_rate: Term
    cached_tokens_per_request: Term
    prefill_tokens_saved: Term
    kv_shared_gib: Term


def prefix_cache_terms(cache: PrefixCacheResult | None) -> tuple[Term, ...]:
    """Prefix caching's figures in display order (none when it is off or nothing is shared)."""
    if cache is None:
        return ()
    return (cache.hit_rate, cache.cached_tokens_per_request, cache.prefill_tokens_saved,
            cache.kv_shared_gib)


def prefix_cache_result(inputs: PlanInputs, capacity: KvCapacity,
                        requests_per_s: float) -> PrefixCacheResult | None:
    """Prefix caching's figures for a plan at ``requests_per_s`` (the recommendation's rate).

    None when caching is off or nothing in the workload is shared or cached (answers unchanged).
    """
    plan = prefix_plan(inputs.workload, inputs.deployment, inputs.engine, capacity.block_size)
    if not (plan.on and (plan.cached_tokens or plan.shares_kv)):
        return None
    blocks = capacity.blocks_per_request(plan.shared_tokens) if plan.shares_kv else 0
    return PrefixCacheResult(
        enabled=True, hit_rate=hit_rate_term(plan, inputs.workload),
        cached_tokens_per_request=cached_tokens_term(plan),
        prefill_tokens_saved=tokens_saved_term(plan, requests_per_s),
        kv_shared_gib=shared_kv_term(plan, capacity.block_bytes, blocks))


def shared_prefix_memory_ceiling(capacity: KvCapacity, planning_tokens: int) -> Term:
    """Requests whose KV fits when the shared prefixes' blocks are held once per prefix."""
    own = max(planning_tokens - capacity.shared_prefix_tokens, 1)
    return term(
        "ceiling.memory", math.floor(capacity.concurrency_for_length(planning_tokens)), "requests",
        QT_TRANSLATE_NOOP(
            "Formulas", "floor((KV blocks − prefixes × blocks per shared prefix) ÷ blocks of the "
            "planning length past the shared prefix)"),
        {"planning_tokens": planning_tokens, "kv_blocks": capacity.num_blocks,
         "num_prefixes": capacity.shared_prefixes,
         "shared_prefix_tokens": capacity.shared_prefix_tokens,
         "blocks_per_shared_prefix": capacity.blocks_per_request(capacity.shared_prefix_tokens),
         "blocks_per_request": capacity.blocks_per_request(own)},
        (PLANNING_LENGTH_SOURCE, SOURCE_SHARING),
    )
