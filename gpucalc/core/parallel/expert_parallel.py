"""Attention data parallel with expert parallel (or DP-wide tensor-parallel MoE) for MoE models.

The engines' layout (vLLM docs "Data Parallel Deployment" and "Expert Parallel Deployment";
SGLang ``--enable-dp-attention``; TensorRT-LLM ``enable_attention_dp``): one engine instance
spans DP × TP × PP GPUs. Attention and the dense layers are replicated per DP rank, each rank
with its own KV cache and scheduler: the unit the ceilings compute stays one attention group
(TP × PP GPUs). The expert layers of a MoE model form one group of DP × TP ranks per pipeline
stage: with ``--enable-expert-parallel`` each rank holds (experts + redundant) ÷ (DP × TP) whole
experts, else every expert's width is split over the DP × TP ranks. The DP ranks step in lock
step (a rank with fewer requests runs padded or dummy batches, vLLM ``execute_dummy_batch``), so
the step of one attention group carries the routed tokens of every DP rank in its expert layers.
A dense model with DP > 1 is DP independent replicas; no expert group forms.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import InputValue, Notice, Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.parallel.topology import LinkPlan, group_collective_unidir_gb_per_s
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.parallel_inputs import DEFAULT_IMBALANCE, EPLB_IMBALANCE, AllToAllMode

if TYPE_CHECKING:
    from gpucalc.core.specs.inputs import Deployment
    from gpucalc.core.specs.model_spec import ModelSpec


IMBALANCE_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "aiconfigurator-core 0.12.0 measured MoE kernels, power-law routing α 1.01 (its "
               "planning default): busiest EP rank 1.4 × the balanced GEMM time (median over 9 GPUs, "
               "EP 8–64); 1.08 with EPLB (TensorRT-LLM wide-EP tokens per rank); "
               "tools/derive_expert_imbalance.py")

# DeepEP kernels, fitted to aiconfigurator-core 0.12.0 systems/data/h200_sxm/comm/vllm/0.24.0/
# moe_a2a_perf.parquet (EP 8, one node, hidden 7168, top-8 of 256 experts, dispatch + combine):
# latency = fixed + bytes leaving the GPU ÷ (share × NVLink 450 GB/s one way). High-throughput:
# 316 µs fixed, 282 GB/s; low-latency: 90 µs fixed, 142 GB/s.
DEEPEP_FIXED_US = {AllToAllMode.NORMAL: 316.0, AllToAllMode.LOW_LATENCY: 90.0}
DEEPEP_LINK_SHARE = {AllToAllMode.NORMAL: 282.0 / 450.0, AllToAllMode.LOW_LATENCY: 142.0 / 450.0}
DEEPEP_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "aiconfigurator-core 0.12.0 systems/data/h200_sxm/comm/vllm/0.24.0/moe_a2a_perf.parquet "
               "(DeepEP, EP 8, hidden 7168, top-8): fixed cost and link share fitted")
# DeepEP dispatches FP8 (1 byte per element, one FP32 scale per 128) and combines in BF16
# (DeepEP README: "low-latency kernels ... FP8 dispatching and BF16 combining"; the normal kernels
# take FP8 dispatch too, as DeepSeek-V3 runs them).
DISPATCH_BYTES = 1.0 + 4.0 / 128
COMBINE_BYTES = 2.0
GATHER_BYTES = 2.0  # the all-gather / reduce-scatter path moves BF16 hidden states
DEEPEP_BYTES_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "DeepEP README: FP8 dispatch (a scale per 128 values), BF16 combine")
ALLGATHER_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "vLLM --all2all-backend allgather_reducescatter: every rank gathers the DP ranks' tokens, "
               "reduce-scatters the expert outputs back")


@dataclass(frozen=True, slots=True)
class ExpertLayout:
    """How one pipeline stage's expert layers spread over the DP × TP ranks of the engine."""

    data_parallel: int
    attention_tp: int
    expert_parallel: bool  # whole experts per rank (EP); False: every expert's width split
    num_experts: int
    redundant_experts: int
    imbalance: float  # busiest rank's routed tokens ÷ the mean (1 without EP: every rank alike)
    mode: AllToAllMode

    @property
    def group_ranks(self) -> int:
        """Ranks the expert layers span: DP × TP (the EP size with expert parallel)."""
        return self.data_parallel * self.attention_tp

    @property
    def experts_per_gpu(self) -> int:
        """Experts (routed + redundant) the fullest GPU holds: all of them, sliced, without EP."""
        if not self.expert_parallel:
            return self.num_experts
        return math.ceil((self.num_experts + self.redundant_experts) / self.group_ranks)

    @property
    def expert_weight_share(self) -> float:
        """Share of the routed experts' parameters one GPU holds (1 = all of them)."""
        if not self.expert_parallel:
            return 1.0 / self.group_ranks
        return self.experts_per_gpu / self.num_experts


def expert_imbalance(dep: Deployment) -> float:
    """The imbalance to plan with: the user's, else the default (lower with EPLB)."""
    if dep.expert_imbalance is not None:
        return dep.expert_imbalance
    return EPLB_IMBALANCE if dep.enable_eplb else DEFAULT_IMBALANCE


def expert_layout(model: ModelSpec, dep: Deployment) -> ExpertLayout | None:
    """The expert group of a MoE model served with DP > 1; None otherwise (layers as today).

    Raises PlanError for redundant experts without EP/EPLB, DeepEP modes without EP, and
    redundant experts that do not spread evenly (vLLM: physical experts % EP size == 0).
    """
    if model.moe is None or dep.data_parallel_size <= 1:
        return None
    ranks = dep.data_parallel_size * dep.tensor_parallel_size
    ep = dep.enable_expert_parallel
    if dep.num_redundant_experts and not (ep and dep.enable_eplb):
        raise PlanError("expert_layout", QT_TRANSLATE_NOOP(
            "Errors", "{num_redundant_experts}: redundant experts need expert parallel and EPLB "
                      "(--enable-expert-parallel --enable-eplb)"), "num_redundant_experts")
    if dep.all2all_mode != AllToAllMode.ALLGATHER and not ep:
        raise PlanError("expert_layout", QT_TRANSLATE_NOOP(
            "Errors", "{all2all_mode}: DeepEP all-to-all needs expert parallel "
                      "(--enable-expert-parallel)"), "all2all_mode")
    physical = model.moe.num_experts + dep.num_redundant_experts
    if dep.num_redundant_experts and physical % ranks:
        raise PlanError("expert_layout", QT_TRANSLATE_NOOP(
            "Errors", "{num_redundant_experts}: {experts} experts + {redundant} redundant do not spread "
                      "evenly over EP {ep} ranks"), "num_redundant_experts",
            experts=model.moe.num_experts, redundant=dep.num_redundant_experts, ep=ranks)
    return ExpertLayout(
        data_parallel=dep.data_parallel_size, attention_tp=dep.tensor_parallel_size,
        expert_parallel=ep, num_experts=model.moe.num_experts,
        redundant_experts=dep.num_redundant_experts,
        imbalance=expert_imbalance(dep) if ep else 1.0, mode=dep.all2all_mode)


def expert_share(model: ModelSpec, dep: Deployment) -> float | None:
    """Share of the routed experts one GPU holds in a DP expert group; None without one."""
    layout = expert_layout(model, dep)
    return None if layout is None else layout.expert_weight_share


@dataclass(frozen=True, slots=True)
class AllToAllCost:
    """Dispatch + combine of one step: a fixed part and a part per token of the attention group."""

    fixed_s: float  # per step, over every MoE layer
    s_per_token: float
    bytes_per_token: float  # leaving (and arriving at) one GPU per token, over every MoE layer
    link_gb_per_s: float  # one direction, the link joining the expert group, × achieved share


def alltoall_cost(model: ModelSpec, layout: ExpertLayout, group_link_gb_per_s: float,
                  comm_bandwidth: float, comm_latency_s: float) -> AllToAllCost:
    """Seconds the expert all-to-all adds to one step of one attention group.

    DeepEP (normal / low-latency): per MoE layer a measured fixed cost plus top_k × width ×
    (FP8 dispatch + BF16 combine) × (EP − 1) ÷ EP bytes per token over the group's link at the
    measured share. All-gather path: each rank gathers the tokens of the other DP − 1 ranks and
    reduce-scatters them back (BF16, two collectives per layer at the engine's latency and link
    efficiency). Every GPU of a DP rank sends its rank's tokens (conservative for TP > 1).
    """
    assert model.moe is not None
    moe = model.moe
    layers = moe.num_moe_layers
    width = moe.latent_size or model.hidden_size
    if layout.mode == AllToAllMode.ALLGATHER:
        per_token = 2 * width * GATHER_BYTES * (layout.data_parallel - 1) * layers
        link = group_link_gb_per_s * comm_bandwidth
        fixed = 2 * comm_latency_s * layers
    else:
        ep = layout.group_ranks
        per_token = (moe.experts_per_token * width * (DISPATCH_BYTES + COMBINE_BYTES)
                     * (ep - 1) / ep * layers)
        link = group_link_gb_per_s * DEEPEP_LINK_SHARE[layout.mode]
        fixed = DEEPEP_FIXED_US[layout.mode] * 1e-6 * layers
    return AllToAllCost(fixed_s=fixed, s_per_token=per_token / (link * 1e9),
                        bytes_per_token=per_token, link_gb_per_s=link)


def alltoall_sources(layout: ExpertLayout) -> tuple[str, ...]:
    """Where the all-to-all's constants come from."""
    if layout.mode == AllToAllMode.ALLGATHER:
        return (ALLGATHER_SOURCE,)
    return (DEEPEP_SOURCE, DEEPEP_BYTES_SOURCE)


MODE_FORMULAS = {
    AllToAllMode.ALLGATHER: QT_TRANSLATE_NOOP(
        "Formulas", "MoE layers × (2 × latency + 2 × tokens × width × 2 B × (DP − 1) ÷ link)"),
    AllToAllMode.NORMAL: QT_TRANSLATE_NOOP(
        "Formulas", "MoE layers × (fixed + tokens × top_k × width × (1 B FP8 + 2 B BF16) × (EP − 1) "
                    "÷ EP ÷ (share × link))"),
    AllToAllMode.LOW_LATENCY: QT_TRANSLATE_NOOP(
        "Formulas", "MoE layers × (fixed + tokens × top_k × width × (1 B FP8 + 2 B BF16) × (EP − 1) "
                    "÷ EP ÷ (share × link))"),
}


def expert_parallel_terms(model: ModelSpec, layout: ExpertLayout, cost: AllToAllCost,
                          tokens: float) -> tuple[Term, ...]:
    """The expert group explained: size, experts per GPU, imbalance, all-to-all ms of a step."""
    assert model.moe is not None
    size_formula = QT_TRANSLATE_NOOP("Formulas", "EP = DP × TP (expert parallel)") if (
        layout.expert_parallel) else QT_TRANSLATE_NOOP(
        "Formulas", "DP × TP ranks, every expert's width split (no expert parallel)")
    facts: dict[str, InputValue] = {"data_parallel_size": layout.data_parallel,
                                    "tensor_parallel_size": layout.attention_tp}
    return (
        term("expert_parallel.size", layout.group_ranks, "ranks", size_formula, facts,
             (QT_TRANSLATE_NOOP("Sources", "vLLM docs, Expert Parallel Deployment: EP size = DP × TP"),)),
        term("expert_parallel.experts_per_gpu", layout.experts_per_gpu, "experts",
             QT_TRANSLATE_NOOP("Formulas", "ceil((experts + redundant) ÷ EP); all experts, sliced, "
                                           "without expert parallel"),
             {"experts": layout.num_experts, "redundant": layout.redundant_experts,
              "ep": layout.group_ranks, "expert_parallel": layout.expert_parallel},
             (QT_TRANSLATE_NOOP("Sources", "vLLM EPLB: physical experts = logical + redundant, "
                                           "spread evenly over the EP ranks"),)),
        term("expert_parallel.imbalance", layout.imbalance, "×",
             QT_TRANSLATE_NOOP("Formulas", "busiest EP rank's routed tokens ÷ mean; scales the "
                                           "expert GEMMs of every step"),
             {"expert_parallel": layout.expert_parallel}, (IMBALANCE_SOURCE,)),
        term("expert_parallel.alltoall_ms_per_step", (cost.fixed_s + tokens * cost.s_per_token) * 1000,
             "ms", MODE_FORMULAS[layout.mode],
             {"alltoall_mode": layout.mode.value, "step_tokens": round(tokens, 1),
              "moe_layers": model.moe.num_moe_layers,
              "bytes_per_token": round(cost.bytes_per_token), "link_gb_per_s": round(cost.link_gb_per_s, 1),
              "fixed_ms": round(cost.fixed_s * 1000, 3)},
             alltoall_sources(layout)),
    )



def expert_group_notices(gpu: GpuSpec, layout: ExpertLayout | None,
                         links: LinkPlan) -> tuple[Notice, ...]:
    """A notice when the expert group's all-to-all leaves the GPU's fast-link domain.

    ``links`` is one replica's link plan (its nodes and network); the group's slowest link is
    the host path inside a node, the per-GPU NIC bandwidth across nodes.
    """
    if layout is None:
        return ()
    group_gb_s = group_collective_unidir_gb_per_s(links, layout.group_ranks)
    if group_gb_s >= links.fast_unidir_gb_per_s:
        return ()
    return (Notice(code="expert_group_spans_link_domain", params={
        "gpu": gpu.name, "link": gpu.interconnect.name or gpu.interconnect.kind.value,
        "domain_gpus": links.domain_gpus, "dp": layout.data_parallel, "tp": layout.attention_tp,
        "ranks": layout.group_ranks, "fast_gb_s": round(links.fast_unidir_gb_per_s, 1),
        "host_gb_s": round(group_gb_s, 1)}),)
