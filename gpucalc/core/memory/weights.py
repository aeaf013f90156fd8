"""Weight memory per GPU, tensor group by tensor group."""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.explain import Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import gib_from_bytes
from gpucalc.core.memory.params import ParamBreakdown, attention_params_per_layer
from gpucalc.core.parallel.parallel import Stage, kv_heads_per_rank
from gpucalc.core.specs.model_spec import ModelSpec, QuantScope
from gpucalc.core.specs.precision import WeightFormat, dtype_bytes


class WeightPlan(BaseModel):
    """Which format each tensor group is stored in."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    body: WeightFormat
    scope: QuantScope
    base_bytes_per_param: float


def _group_bytes(params: float, quantized: bool, plan: WeightPlan) -> float:
    """Bytes of ``params`` parameters, quantized to the body format or kept at base precision."""
    bits = plan.body.bits_per_weight if quantized else plan.base_bytes_per_param * 8
    return params * bits / 8


def attention_params_per_rank(model: ModelSpec, tp: int) -> float:
    """Attention parameters one tensor-parallel rank holds for one layer."""
    if model.mla is not None:
        mla = model.mla
        hidden = model.hidden_size
        replicated = hidden * (mla.q_lora_rank or 0) + hidden * (mla.kv_lora_rank + mla.qk_rope_head_dim)
        return replicated + (attention_params_per_layer(model) - replicated) / tp
    q_and_o = 2 * model.hidden_size * model.num_attention_heads * model.head_dim
    kv = 2 * model.hidden_size * kv_heads_per_rank(model.num_kv_heads, tp) * model.head_dim
    bias = 0.0
    if model.attention_bias:
        bias = model.num_attention_heads * model.head_dim / tp
        bias += 2 * kv_heads_per_rank(model.num_kv_heads, tp) * model.head_dim
    return q_and_o / tp + kv + bias


class WeightGroup(NamedTuple):
    """One tensor group on one GPU: its parameters and whether the body format covers it."""

    key: str
    params: float
    quantized: bool
    how: str


def weight_groups_per_gpu(
    model: ModelSpec, breakdown: ParamBreakdown, plan: WeightPlan, stage: Stage, tp: int,
    expert_share: float | None = None,
) -> list[WeightGroup]:
    """Tensor groups one GPU of ``stage`` holds under tensor parallel ``tp``.

    Matrices of attention, MLP and experts are split across TP ranks; norms and routers are
    replicated; embeddings and lm_head are vocab-parallel (split across TP ranks).
    ``expert_share`` is the share of the routed experts one GPU holds when they spread over a
    DP × TP expert group (:mod:`gpucalc.core.parallel.expert_parallel`); None: 1 / tp.
    """
    layer_share = stage.num_layers / model.num_layers
    scope = plan.scope
    items: list[WeightGroup] = []
    if stage.has_embedding:
        items.append(WeightGroup("embedding", breakdown.embedding / tp, scope.embeddings,
                                 QT_TRANSLATE_NOOP("Formulas", "vocab × hidden / tp")))
    softmax_layers = stage.num_layers * model.num_attention_layers / model.num_layers
    other_attention = breakdown.attention - attention_params_per_layer(model) * model.num_attention_layers
    attention = (attention_params_per_rank(model, tp) * softmax_layers
                 + other_attention * layer_share / tp)
    items.append(WeightGroup("attention", attention, scope.attention,
                             QT_TRANSLATE_NOOP("Formulas", "layers × attention params per rank")))
    if breakdown.dense_mlp:
        items.append(WeightGroup("dense_mlp", breakdown.dense_mlp * layer_share / tp,
                                 scope.dense_mlp, QT_TRANSLATE_NOOP(
                                     "Formulas", "layers × 3 × hidden × intermediate / tp")))
    if breakdown.routed_experts and expert_share is not None:
        items.append(WeightGroup(
            "experts", breakdown.routed_experts * layer_share * expert_share, scope.experts,
            QT_TRANSLATE_NOOP(
                "Formulas", "MoE layers × experts × 3 × hidden × expert width × experts per GPU ÷ "
                            "experts (DP × TP expert group)")))
    elif breakdown.routed_experts:
        items.append(WeightGroup(
            "experts", breakdown.routed_experts * layer_share / tp, scope.experts,
            QT_TRANSLATE_NOOP(
                "Formulas", "MoE layers × experts × 3 × hidden × expert width / tp (all experts held)")))
    if breakdown.shared_experts:
        items.append(WeightGroup("shared_experts", breakdown.shared_experts * layer_share / tp,
                                 scope.experts, QT_TRANSLATE_NOOP(
                                     "Formulas", "MoE layers × shared experts × 3 × hidden × width / tp")))
    replicated = breakdown.router * layer_share + 2 * model.hidden_size * stage.num_layers
    items.append(WeightGroup("norms_router", replicated, False,
                             QT_TRANSLATE_NOOP("Formulas", "norms and routers, replicated on every rank")))
    if stage.has_lm_head:
        lm_head = breakdown.lm_head or (breakdown.embedding if not stage.has_embedding else 0)
        if lm_head:
            items.append(WeightGroup("lm_head", lm_head / tp, scope.lm_head, QT_TRANSLATE_NOOP(
                "Formulas", "vocab × hidden / tp")))
    if breakdown.vision and stage.has_embedding:
        items.append(WeightGroup("vision", breakdown.vision / tp, False, QT_TRANSLATE_NOOP(
            "Formulas", "vision encoder params / tp")))
    return items


def weight_group_gib(group: WeightGroup, plan: WeightPlan) -> float:
    """GiB of one tensor group in its stored format."""
    return float(gib_from_bytes(_group_bytes(group.params, group.quantized, plan)))


def weights_gib_per_gpu(
    model: ModelSpec, breakdown: ParamBreakdown, plan: WeightPlan, stage: Stage, tp: int,
    expert_share: float | None = None,
) -> float:
    """Weight GiB on one GPU of ``stage``: the total of :func:`weight_terms_per_gpu`'s terms."""
    return sum(weight_group_gib(g, plan) for g in weight_groups_per_gpu(model, breakdown, plan,
                                                                         stage, tp, expert_share))


def weight_terms_per_gpu(
    model: ModelSpec, breakdown: ParamBreakdown, plan: WeightPlan, stage: Stage, tp: int,
    expert_share: float | None = None,
) -> tuple[Term, ...]:
    """Weight bytes on one GPU of ``stage`` under tensor parallel ``tp``, as explained terms."""
    fmt = plan.body.label
    base = f"{plan.base_bytes_per_param * 8:g}-bit"
    src = (f"{plan.body.label}: {plan.body.formula} bits/param ({plan.body.source})",)
    return tuple(
        term(f"weights.{g.key}", weight_group_gib(g, plan), "GiB",
             template(QT_TRANSLATE_NOOP("Formulas", "params × bits / 8 / 2^30; params = {how}"), how=g.how),
             {"params": round(g.params), "format": fmt if g.quantized else base, "tp": tp,
              "layers": stage.num_layers},
             src if g.quantized else ())
        for g in weight_groups_per_gpu(model, breakdown, plan, stage, tp, expert_share))


def weight_plan(
    model: ModelSpec, fmt: WeightFormat, from_checkpoint: bool
) -> WeightPlan:
    """Decide which groups the body format covers.

    A checkpoint's own quantization keeps its scope (e.g. gpt-oss: experts only). A what-if
    format quantizes every linear layer of the body; embeddings and lm_head stay 16-bit.
    """
    if fmt.bits_per_weight >= 16:
        # The served dtype decides (--dtype float32 upcasts a bf16 checkpoint to 4 bytes); only an
        # 8-bit torch_dtype checkpoint without a quantization config keeps its own width.
        unquantized = QuantScope(attention=False, dense_mlp=False, experts=False)
        base = fmt.bits_per_weight / 8
        if from_checkpoint and dtype_bytes(model.torch_dtype) < 2:
            base = dtype_bytes(model.torch_dtype)
        return WeightPlan(body=fmt, scope=unquantized, base_bytes_per_param=base)
    if from_checkpoint and model.quantization is not None:
        return WeightPlan(body=fmt, scope=model.quantization.scope, base_bytes_per_param=2.0)
    return WeightPlan(body=fmt, scope=QuantScope(), base_bytes_per_param=2.0)


def sum_gib(terms: tuple[Term, ...]) -> float:
    """Total of terms measured in GiB."""
    return sum(t.value for t in terms)
