"""The speculative draft in the memory picture: its weights and its KV in the pool.

The draft sits with the output head, on the last pipeline stage. Its KV layers join the
target's full-attention layers in the engine's KV pool (vLLM allocates the draft's attention
layers in the same KV-cache groups; SGLang's EAGLE worker shares the request-to-token pool and
adds its own layers), so every token costs more bytes and the pool holds fewer tokens.
"""

from __future__ import annotations

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv import KvGroup, kv_bytes_per_token_per_layer
from gpucalc.core.memory.speculative_draft import draft_footprint
from gpucalc.core.parallel.parallel import Stage
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.model_spec import LayerAttention

DRAFT_WEIGHT_KEY = "weights.speculative_draft"
"""The memory line of the draft's weights (not read by the target's own step)."""

DRAFT_FORMULAS = {
    "mtp": QT_TRANSLATE_NOOP("Formulas", "MTP layers × (decoder layer + eh_proj 2h×h) / tp; "
                                         "embedding and head shared"),
    "eagle": QT_TRANSLATE_NOOP("Formulas", "one decoder layer + fc 2h×h, BF16, / tp; lm_head shared"),
    "eagle3": QT_TRANSLATE_NOOP("Formulas", "one layer (Q/K/V over 2h) + fc 3h×h + draft lm_head "
                                            "(draft vocab × h), BF16, / tp"),
    "draft": QT_TRANSLATE_NOOP("Formulas", "the draft model's weights / tp"),
}


def draft_weight_terms(inputs: PlanInputs, stage: Stage) -> tuple[Term, ...]:
    """The draft's weight line on one GPU of ``stage`` (only the stage with the output head)."""
    spec = inputs.deployment.speculation
    footprint = draft_footprint(inputs) if stage.has_lm_head else None
    if spec is None or footprint is None:
        return ()
    return (term(DRAFT_WEIGHT_KEY, footprint.weight_bytes / BYTES_PER_GIB, "GiB",
                 DRAFT_FORMULAS[spec.chosen.value],
                 {"method": spec.chosen.value, "draft_model": spec.draft_model or "",
                  "tp": inputs.deployment.tensor_parallel_size,
                  "mtp_layers": inputs.model.mtp_layers},
                 (QT_TRANSLATE_NOOP("Sources", "vLLM v1 spec_decode/eagle.py (EagleProposer.load_model "
                                    "shares embedding and lm_head); DeepSeek-V3 technical report "
                                    "§2.2"),)),)


def with_draft_kv(groups: tuple[KvGroup, ...], inputs: PlanInputs,
                  stage: Stage) -> tuple[KvGroup, ...]:
    """``groups`` with the draft's KV layers added to the full-attention group (last stage)."""
    footprint = draft_footprint(inputs) if stage.has_lm_head else None
    if footprint is None or not footprint.kv_layers:
        return groups
    full = next((g for g in groups if g.kind == LayerAttention.FULL), None)
    if full is None:
        per_layer = kv_bytes_per_token_per_layer(inputs.model, inputs.kv_format.bytes_per_element,
                                                 inputs.deployment.tensor_parallel_size)
        return (KvGroup(kind=LayerAttention.FULL, num_layers=footprint.kv_layers, window_tokens=None,
                        bytes_per_token_per_layer=per_layer), *groups)
    grown = full.model_copy(update={"num_layers": full.num_layers + footprint.kv_layers})
    return tuple(grown if g is full else g for g in groups)
