"""Per-GPU memory picture in the order engines deduct it, for each pipeline stage."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.activation import activation_peak_gib
from gpucalc.core.memory.activation_encoder import EncoderProfile
from gpucalc.core.memory.kv import KvGroup, kv_bytes_per_token, kv_groups, stage_layer_kinds
from gpucalc.core.memory.params import ParamBreakdown
from gpucalc.core.memory.settings import EffectiveSettings
from gpucalc.core.memory.speculative_memory import draft_weight_terms, with_draft_kv
from gpucalc.core.memory.state_memory import state_layer_bytes
from gpucalc.core.memory.weights import WeightPlan, sum_gib, weight_terms_per_gpu, weights_gib_per_gpu
from gpucalc.core.parallel.expert_parallel import expert_layout, expert_share
from gpucalc.core.parallel.parallel import Stage, pipeline_stages
from gpucalc.core.specs.engine import EngineKind, EngineProfile
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.precision import activation_bytes


class StageMemory(BaseModel):
    """Memory of one GPU of one pipeline stage."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    stage: Stage
    weights: tuple[Term, ...]
    weights_total: Term
    activation: Term
    activation_parts: tuple[Term, ...]
    non_torch: Term
    cuda_graphs: Term
    budget: Term
    kv_cache: Term
    headroom: Term
    kv_groups: tuple[KvGroup, ...]
    kv_bytes_per_token: float
    kv_block_size: int  # tokens of one scheduler block: block size × decode-context-parallel ranks

    @property
    def line_items(self) -> tuple[Term, ...]:
        """Ordered line items that add up to the GPU's memory."""
        return (self.weights_total, self.activation, self.non_torch, self.cuda_graphs,
                self.kv_cache, self.headroom)


@lru_cache(maxsize=256)
def pipeline_layout(num_layers: int, pp: int) -> tuple[Stage, ...]:
    """:func:`pipeline_stages` of ``num_layers`` over ``pp`` stages, built once per pair."""
    return pipeline_stages(num_layers, pp)


def non_torch_gib(engine: EngineProfile, tp: int) -> Term:
    """CUDA context, cuBLAS workspaces, NCCL and all-reduce buffers per GPU (GiB)."""
    extra = engine.runtime.non_torch_gib_tp_extra if tp > 1 else 0.0
    return term(
        "non_torch_gib_per_gpu", engine.runtime.non_torch_gib_single + extra, "GiB",
        QT_TRANSLATE_NOOP("Formulas", "single-GPU runtime + extra when TP > 1"),
        {"tp": tp, "single_gib": engine.runtime.non_torch_gib_single, "tp_extra_gib": extra},
        (engine.runtime.source,),
    )


def _kv_budget(
    engine: EngineProfile, total: float, fraction: float, weights: float, activation: float,
    runtime: float, graphs: float,
) -> tuple[float, float, str]:
    """Engine budget and the KV memory it leaves, with the formula used (GiB)."""
    if engine.kind == EngineKind.SGLANG:
        reserve = engine.sglang_reserve
        if reserve is not None and reserve.context_before_pool:
            budget = fraction * (total - runtime)
            return budget, budget - weights, QT_TRANSLATE_NOOP(
                "Formulas", "fraction × (total − non-torch) − weights")
        budget = fraction * total
        return budget, budget - weights, QT_TRANSLATE_NOOP("Formulas", "fraction × total − weights")
    if engine.kind == EngineKind.TRTLLM:
        free = total - weights - activation - runtime - graphs
        return free, fraction * free, QT_TRANSLATE_NOOP(
            "Formulas", "fraction × (total − weights − activation − runtime − graphs)")
    budget = fraction * total
    deducted = graphs if engine.runtime.cuda_graph_deducted else 0.0
    kv = budget - weights - activation - runtime - deducted
    return budget, kv, QT_TRANSLATE_NOOP("Formulas", "fraction × total − (weights + activation + non-torch)")


def cuda_graphs_gib(engine: EngineProfile, enforce_eager: bool) -> Term:
    """CUDA-graph memory per GPU (GiB): the engine's capture size, none when run eagerly."""
    if enforce_eager:
        return term("cuda_graphs_gib_per_gpu", 0.0, "GiB",
                    QT_TRANSLATE_NOOP(
                        "Formulas", "no CUDA graphs captured (--enforce-eager / --disable-cuda-graph)"),
                    {"enforce_eager": True}, (engine.runtime.eager_source,))
    return term("cuda_graphs_gib_per_gpu", engine.runtime.cuda_graph_gib, "GiB",
                QT_TRANSLATE_NOOP("Formulas", "assumed capture size"), {}, (engine.runtime.source,))


class StageOverheads(NamedTuple):
    """What one GPU holds besides weights and KV: activation peak, runtime and CUDA graphs."""

    activation: Term
    activation_parts: tuple[Term, ...]
    non_torch: Term
    cuda_graphs: Term


def stage_overheads(inputs: PlanInputs, settings: EffectiveSettings, stage: Stage,
                    tp: int) -> StageOverheads:
    """Activation peak, non-torch runtime and CUDA graphs of one GPU in ``stage`` at TP ``tp``."""
    dep, engine = inputs.deployment, inputs.engine
    profile = EncoderProfile(
        batched_tokens=int(settings.max_num_batched_tokens.value),
        num_seqs=int(settings.max_num_seqs.value),
        images_per_prompt=dep.limit_mm_per_prompt if stage.has_embedding else 0,
        activation_bytes=activation_bytes(inputs.weight_format))
    activation, parts = activation_peak_gib(
        inputs.model, engine.activation, profile, tp, dep.enable_expert_parallel,
        stage.has_lm_head,
    )
    layout = expert_layout(inputs.model, dep)  # a DP expert group joins NCCL like TP ranks do
    ranks = tp if layout is None else layout.group_ranks
    return StageOverheads(activation, parts, non_torch_gib(engine, ranks),
                          cuda_graphs_gib(engine, dep.enforce_eager))


def stage_kv_budget(inputs: PlanInputs, settings: EffectiveSettings, weights_gib: float,
                    overheads: StageOverheads) -> tuple[float, float, str]:
    """Engine budget and KV GiB of one GPU, with the formula (``--kv-cache-memory`` wins)."""
    budget, kv, formula = _kv_budget(
        inputs.engine, settings.total_gib.value, settings.memory_fraction.value, weights_gib,
        overheads.activation.value, overheads.non_torch.value, overheads.cuda_graphs.value)
    if inputs.deployment.kv_cache_memory_gib is not None:
        kv, formula = inputs.deployment.kv_cache_memory_gib, QT_TRANSLATE_NOOP(
            "Formulas", "--kv-cache-memory")
    return budget, kv, formula


def unsplit_weights_and_kv_gib(inputs: PlanInputs, settings: EffectiveSettings,
                               breakdown: ParamBreakdown, plan: WeightPlan) -> tuple[float, float]:
    """Weight and KV GiB of a GPU that holds the whole model (TP = PP = 1), with ``settings``.

    The same figures as :func:`stage_memory` of that GPU, without its explanation terms.
    """
    stage = pipeline_layout(inputs.model.num_layers, 1)[0]
    weights_gib = weights_gib_per_gpu(inputs.model, breakdown, plan, stage, 1)
    overheads = stage_overheads(inputs, settings, stage, 1)
    return weights_gib, stage_kv_budget(inputs, settings, weights_gib, overheads)[1]


def stage_memory(
    inputs: PlanInputs, settings: EffectiveSettings, breakdown: ParamBreakdown, plan: WeightPlan,
    stage: Stage, stages: tuple[Stage, ...],
) -> StageMemory:
    """Memory picture of one GPU in ``stage`` (one of ``stages``, in pipeline order)."""
    dep, engine, model = inputs.deployment, inputs.engine, inputs.model
    tp = dep.tensor_parallel_size
    weights = weight_terms_per_gpu(model, breakdown, plan, stage, tp, expert_share(model, dep))
    weights += draft_weight_terms(inputs, stage)  # speculative decoding: the draft's weights
    weights_gib = sum_gib(weights)
    weights_total = term(
        "weights_gib_per_gpu", weights_gib, "GiB", QT_TRANSLATE_NOOP("Formulas", "Σ tensor groups"),
        {t.key: round(t.value, 3) for t in weights},
    )
    overheads = stage_overheads(inputs, settings, stage, tp)
    activation, runtime, graphs = overheads.activation, overheads.non_torch, overheads.cuda_graphs
    total = settings.total_gib.value
    fraction = settings.memory_fraction.value
    budget, kv, formula = stage_kv_budget(inputs, settings, weights_gib, overheads)
    kv_term = term(
        "kv_cache_gib_per_gpu", kv, "GiB", formula,
        {"total_gib": round(total, 3), "fraction": fraction, "weights_gib": round(weights_gib, 3),
         "activation_gib": round(activation.value, 3), "non_torch_gib": round(runtime.value, 3)},
        (engine.sources.get("budget", ""),),
    )
    used = weights_gib + activation.value + runtime.value + graphs.value + kv
    headroom = term("headroom_gib_per_gpu", total - used, "GiB",
                    QT_TRANSLATE_NOOP("Formulas", "total − (weights + activation + non-torch + graphs + KV)"),
                    {"total_gib": round(total, 3)})
    kinds = stage_layer_kinds(model, stage, stages)
    groups = kv_groups(model, kinds, inputs.kv_format.bytes_per_element, tp,
                       dep.decode_context_parallel_size,
                       state_layer_bytes(model, tp, dep.mamba_ssm_cache_dtype))
    groups = with_draft_kv(groups, inputs, stage)  # speculative decoding: the draft's KV layers
    return StageMemory(
        stage=stage, weights=weights, weights_total=weights_total, activation=activation,
        activation_parts=overheads.activation_parts, non_torch=runtime, cuda_graphs=graphs,
        budget=term("engine_budget_gib_per_gpu", budget, "GiB", formula, {}),
        kv_cache=kv_term, headroom=headroom, kv_groups=groups,
        kv_bytes_per_token=kv_bytes_per_token(groups),
        kv_block_size=settings.block_size * dep.decode_context_parallel_size,
    )
