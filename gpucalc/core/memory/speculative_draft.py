"""What a speculative draft holds on one GPU and what one draft pass reads and computes.

Per method (vLLM ``EagleProposer`` / ``DeepSeekMTP``, SGLang ``EAGLEWorker``):
- MTP: the model's own ``num_nextn_predict_layers`` layers — a full decoder layer each (MoE where
  the model is MoE) plus ``eh_proj`` (2h → h); embedding and output head shared with the model
  (DeepSeek-V3 technical report §2.2). The parameter count of the model excludes them.
- EAGLE: one decoder layer of the target's geometry plus ``fc`` (2h → h), in BF16; the target's
  lm_head is shared (vLLM shares it for eagle).
- EAGLE-3: one layer whose Q/K/V read 2h, ``fc`` (3h → h) and its own lm_head over the draft
  vocabulary (32 000 in the published heads, e.g. yuhuili/EAGLE3-LLaMA3.1-Instruct-8B
  config.json ``draft_vocab_size``).
- draft_model: the whole draft model, TP-sharded like the target (vLLM
  ``draft_tensor_parallel_size`` defaults to the target's TP).
- n-gram: no weights, no KV (prompt lookup on the CPU).
Every draft layer keeps its own KV for every token, so each draft layer costs the KV of one
target layer (draft_model: its own KV per token).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.kv import kv_bytes_per_token, kv_bytes_per_token_per_layer, kv_groups
from gpucalc.core.memory.params import matmul_params_per_token, mlp_params, param_breakdown
from gpucalc.core.memory.weights import attention_params_per_rank, weight_groups_per_gpu, weight_plan
from gpucalc.core.parallel.expert_parallel import expert_share
from gpucalc.core.parallel.parallel import kv_heads_per_rank, pipeline_stages
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding

EAGLE_HEAD_BYTES_PER_PARAM = 2.0  # EAGLE / EAGLE-3 heads are published in BF16
EAGLE3_DRAFT_VOCAB = 32_000  # yuhuili/EAGLE3-LLaMA3.1-Instruct-8B config.json draft_vocab_size


@dataclass(frozen=True, slots=True)
class DraftFootprint:
    """One GPU's share of the draft: memory held and the work of one draft pass."""

    weight_bytes: float  # draft weights held (shared embedding / lm_head not counted again)
    flops_per_token: float  # 2 × matmul params one draft token runs through (lm_head included)
    dense_bytes_read: float  # weights one pass reads whatever the batch (incl. a shared lm_head)
    expert_bytes: float  # routed experts held (read in proportion to those the batch touches)
    expert_hit_base: float  # 1 − top_k / experts (1: no experts)
    kv_bytes_per_token: float  # draft KV per context token on this GPU
    kv_layers: int  # the draft KV in target layers (rounded up), for the KV pool
    layers: int  # draft decoder layers (collectives per pass)


def _mtp_layers(model: ModelSpec) -> int:
    """The model's MTP layers; a coded error when it has none."""
    if model.mtp_layers <= 0:
        raise PlanError("speculative_no_mtp_layers", QT_TRANSLATE_NOOP(
            "Errors", "{model} has no multi-token-prediction (MTP) layers in its config: choose "
                      "EAGLE, n-gram or a draft model for {speculative_config}"),
            "speculative_config", model=model.name)
    return model.mtp_layers


def _decoder_layer(model: ModelSpec, tp: int, bytes_per_param: float, moe_layer: bool,
                   attention_input_scale: float = 1.0,
                   expert_share: float | None = None) -> tuple[float, float, float, float]:
    """(weight bytes held, matmul params per token, dense bytes read, expert bytes) of one layer.

    A MoE layer (``moe_layer`` on a MoE model) holds its share of the experts (1 / TP, or
    ``expert_share`` of a DP × TP expert group, as the target's MoE layers) and runs top-k of
    them per token; otherwise a dense MLP of the model's width (its expert width when every layer
    is MoE).
    """
    h = model.hidden_size
    attention = attention_params_per_rank(model, tp)
    if attention_input_scale != 1.0 and model.mla is None:  # EAGLE-3: Q/K/V read [embed, hidden]
        qkv = h * (model.num_attention_heads * model.head_dim / tp
                   + 2 * kv_heads_per_rank(model.num_kv_heads, tp) * model.head_dim)
        attention += (attention_input_scale - 1.0) * qkv
    moe = model.moe
    if moe is not None and moe_layer:
        b = param_breakdown(model)
        per_rank = b.routed_experts / moe.num_moe_layers / tp
        experts = per_rank if expert_share is None else (
            b.routed_experts / moe.num_moe_layers * expert_share)
        dense = attention + (b.shared_experts + b.router) / moe.num_moe_layers / tp
        active = dense + per_rank * moe.experts_per_token / moe.num_experts
        return ((dense + experts) * bytes_per_param, active, dense * bytes_per_param,
                experts * bytes_per_param)
    width = model.intermediate_size or (moe.expert_intermediate_size if moe else h)
    dense = attention + mlp_params(h, width, model.mlp_gated) / tp
    return dense * bytes_per_param, dense, dense * bytes_per_param, 0.0


def _plan_bytes_per_param(inputs: PlanInputs) -> float:
    """Bytes per matrix parameter of the target's body (the MTP layer is stored like it)."""
    plan = weight_plan(inputs.model, inputs.weight_format, inputs.body_format_is_checkpoint)
    quantized = plan.scope.experts or plan.scope.attention
    return plan.body.bits_per_weight / 8 if quantized else plan.base_bytes_per_param


def _head_footprint(inputs: PlanInputs, spec: SpeculativeDecoding) -> DraftFootprint:
    """MTP, EAGLE and EAGLE-3: layers over the target's hidden states, the target's geometry."""
    model, tp = inputs.model, inputs.deployment.tensor_parallel_size
    h = model.hidden_size
    lm_head_params = model.vocab_size * h / tp
    if spec.method == SpecMethod.MTP:
        layers, per_param = _mtp_layers(model), _plan_bytes_per_param(inputs)
        held, active, dense, experts = _decoder_layer(
            model, tp, per_param, True, expert_share=expert_share(model, inputs.deployment))
        extra = 2.0 * h * h  # eh_proj, replicated
        head_params, head_held = lm_head_params, 0.0  # the model's own head, shared
    elif spec.method == SpecMethod.EAGLE:
        layers, per_param = 1, EAGLE_HEAD_BYTES_PER_PARAM
        held, active, dense, experts = _decoder_layer(model, tp, per_param, False)
        extra = 2 * h * h / tp  # fc
        head_params, head_held = lm_head_params, 0.0
    else:  # EAGLE-3
        layers, per_param = 1, EAGLE_HEAD_BYTES_PER_PARAM
        held, active, dense, experts = _decoder_layer(model, tp, per_param, False,
                                                   attention_input_scale=2.0)
        extra = 3 * h * h / tp  # fc over three hidden states
        head_params = EAGLE3_DRAFT_VOCAB * h / tp
        head_held = head_params * EAGLE_HEAD_BYTES_PER_PARAM
    extra_bytes = extra * (2.0 if spec.method == SpecMethod.MTP else per_param)
    per_layer_kv = kv_bytes_per_token_per_layer(model, inputs.kv_format.bytes_per_element, tp)
    moe = model.moe
    return DraftFootprint(
        weight_bytes=layers * (held + extra_bytes) + head_held,
        flops_per_token=2 * (active + extra + head_params),
        dense_bytes_read=dense + extra_bytes + head_params * 2.0,
        expert_bytes=experts,
        expert_hit_base=1 - moe.experts_per_token / moe.num_experts if experts and moe else 1.0,
        kv_bytes_per_token=layers * per_layer_kv, kv_layers=layers, layers=1)


def _model_footprint(inputs: PlanInputs) -> DraftFootprint:
    """A separate draft model, TP-sharded like the target, in its own checkpoint format."""
    draft, fmt = inputs.speculative_draft, inputs.speculative_draft_format
    if draft is None or fmt is None:
        raise PlanError("speculative_draft_unresolved", QT_TRANSLATE_NOOP(
            "Errors", "the draft model of {speculative_config} was not looked up in the catalog"),
            "speculative_config")
    tp = inputs.deployment.tensor_parallel_size
    b = param_breakdown(draft)
    plan = weight_plan(draft, fmt, True)
    stage = pipeline_stages(draft.num_layers, 1)[0]
    groups = weight_groups_per_gpu(draft, b, plan, stage, tp)
    def held(keys: set[str]) -> float:
        return sum(g.params * (plan.body.bits_per_weight / 8 if g.quantized else
                               plan.base_bytes_per_param) for g in groups if g.key in keys)
    every = {g.key for g in groups}
    experts = held({"experts"})
    kv = kv_bytes_per_token(kv_groups(draft, draft.layer_attention, inputs.kv_format.bytes_per_element,
                                      tp))
    target_layer = kv_bytes_per_token_per_layer(inputs.model, inputs.kv_format.bytes_per_element, tp)
    moe = draft.moe
    return DraftFootprint(
        weight_bytes=held(every), flops_per_token=2 * matmul_params_per_token(draft, b) / tp,
        dense_bytes_read=held(every - {"experts", "embedding", "vision"}), expert_bytes=experts,
        expert_hit_base=1 - moe.experts_per_token / moe.num_experts if moe else 1.0,
        kv_bytes_per_token=kv, kv_layers=math.ceil(kv / target_layer) if target_layer else 0,
        layers=draft.num_layers)


def draft_footprint(inputs: PlanInputs) -> DraftFootprint | None:
    """The draft of ``inputs`` on one GPU of the last stage; None without speculation or n-gram."""
    spec = inputs.deployment.speculation
    if spec is None or spec.method == SpecMethod.NGRAM:
        return None
    if spec.method == SpecMethod.DRAFT_MODEL:
        return _model_footprint(inputs)
    return _head_footprint(inputs, spec)
