"""Prefix caching in the simulator: each request's shared prefix, and the hit rate a run saw.

Requests draw their prefix uniformly from the workload's distinct prefixes (a fixed seed); the
shared part is the prefix rounded down to whole KV blocks and kept one token below the prompt,
as :func:`gpucalc.core.step.prefix_cache.prefix_plan` counts it. A measured hit rate without a shared
structure becomes tokens each request finds cached for itself alone (its own history).
Multi-turn history reuse (``history_cached``) is not drawn per conversation: the simulator
counts only the shared prefix or the measured rate.
"""

from __future__ import annotations

import numpy as np

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.simulation.replica import PrefixTraffic, Replica
from gpucalc.core.simulation.traffic import IntArray
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.step.prefix_cache import caching_on


def prefix_traffic(inputs: PlanInputs, prompt_tokens: IntArray, block_size: int,
                   seed: int) -> PrefixTraffic | None:
    """Each request's prefix id, shared tokens and own cached tokens (None: nothing cached)."""
    workload = inputs.workload
    if not caching_on(inputs.deployment, inputs.engine):
        return None
    count = len(prompt_tokens)
    last = np.maximum(prompt_tokens - 1, 0)
    if workload.prefix_hit_rate is None and not workload.shared_prefix_len:
        return None
    if workload.prefix_hit_rate is not None and not workload.shared_prefix_len:
        own = np.minimum(np.round(prompt_tokens * workload.prefix_hit_rate), last).astype(np.int64)
        return PrefixTraffic([-1] * count, [0] * count, own.tolist())
    return shared_prefixes(prompt_tokens, workload.shared_prefix_len, workload.num_prefixes,
                           block_size, seed)


def shared_prefixes(prompt_tokens: IntArray, prefix_len: int, num_prefixes: int,
                    block_size: int, seed: int) -> PrefixTraffic:
    """Requests drawing one of ``num_prefixes`` prefixes of ``prefix_len`` tokens each.

    The shared part is the prefix in whole blocks, below each prompt's last token.
    """
    count = len(prompt_tokens)
    ids = np.random.default_rng([seed, 2]).integers(0, num_prefixes, size=count)
    last = np.maximum(prompt_tokens - 1, 0)
    shared = np.minimum(prefix_len, last) // block_size * block_size
    return PrefixTraffic(ids.tolist(), shared.tolist(), [0] * count)


def simulated_hit_rate(replicas: list[Replica]) -> Term:
    """Share of the prompt tokens of first admissions that were served from cache."""
    seen = sum(r.prompt_tokens_seen for r in replicas)
    cached = sum(r.prompt_tokens_cached for r in replicas)
    return term("simulation.prefix_hit_rate", cached / seen if seen else 0.0, "",
                QT_TRANSLATE_NOOP("Formulas", "prompt tokens served from cache ÷ prompt tokens, "
                                              "over the requests' first admissions"),
                {"prompt_tokens": seen, "cached_tokens": cached})
