"""Time of one engine step from its work: GEMMs, attention, communication and overhead.

A step runs ``decode`` single-token requests plus ``prefill`` prompt tokens. Each kernel class
takes max(compute time, memory time) at its achieved rates; communication and a fixed step
overhead add on top. Without CUDA graphs (``--enforce-eager``) the CPU launches every layer's
kernels each step, so the GPU work cannot finish before the last launch: small batches become
launch-bound, large ones hide it.

Each term is written once against :mod:`gpucalc.core.step.ops`: :data:`SCALAR` evaluates it on
Python floats (one step, the hot path of the searches) and :data:`ARRAY` on numpy arrays (many
steps at once: sweeps, columns of a length mix), so the two paths cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.memo import PerObject
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GB, BYTES_PER_GIB, FLOPS_PER_TFLOP
from gpucalc.core.memory.kv import indexer_bytes_per_token_per_layer, kv_bytes_per_token_per_layer
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.memory.params import param_breakdown
from gpucalc.core.memory.state_memory import state_flops_per_token, state_layer_bytes
from gpucalc.core.parallel.context_parallel import dcp_combine_bytes_per_token
from gpucalc.core.parallel.expert_parallel import alltoall_cost, expert_layout
from gpucalc.core.parallel.topology import group_collective_unidir_gb_per_s, replica_link_plan
from gpucalc.core.specs.efficiency import Efficiency
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.kernel_surfaces import (
    KernelProfile,
    allreduce_fits,
    gemm_surface,
    kernel_profile,
    measured_levels,
    moe_surface,
)
from gpucalc.core.specs.model_spec import LayerAttention, ModelSpec
from gpucalc.core.specs.precision import ComputeDtype
from gpucalc.core.step.ops import ARRAY, SCALAR, Ops, V

ACT_BYTES = 2.0
FloatArray = NDArray[np.float64]
Tokens = TypeVar("Tokens", float, FloatArray)  # the evaluators' values (see ops.V)


@dataclass(frozen=True, slots=True)
class GemmGroup:
    """Linear layers of one shape class (e.g. every layer's QKV) on one GPU."""

    flops_per_token: float  # 2 × params of the group per GPU
    weight_bytes: float  # bytes the group reads per step
    nk_factor: float  # NK/(NK + NK½) of one GEMM of the group (the surface's size term)
    launches: float  # kernels per step
    per_decode: bool = False  # lm_head: M is the number of sampled tokens, not all tokens


@dataclass(frozen=True, slots=True)
class KernelTerms:
    """Measured-kernel surfaces reduced to the plain floats the step model evaluates.

    Rates already include the datasheet peak, the fitted asymptote and the ratio of the plan's
    efficiency to the measured levels (1 unless calibrated or in an uncertainty corner).
    """

    groups: tuple[GemmGroup, ...]
    gemm_lines: tuple[tuple[float, float, float, float, bool], ...]  # per group: s/row, s, mem s,
    # fixed s, per_decode — compute = slope × M + intercept (the surface's M/(M + M½) unfolded)
    moe_slope: float  # s per token of the grouped GEMM at its asymptote
    moe_intercept: float  # s: the tokens-per-expert term T½ unfolded
    allreduce_s_per_token: float
    nccl_s_per_token: float
    gemm_key: str  # the measured dtype surface used (bfloat16, fp8, fp8_block, nvfp4)
    gemm_peak: float  # the GPU's datasheet FLOP/s for that dtype
    gemm_rate: float  # FLOP/s at the asymptote (peak × e_max × ratio)
    gemm_m_half: float
    gemm_mem_rate: float  # bytes/s streaming weights
    moe_mem_rate: float
    moe_t0_s: float  # × MoE layers
    prefill_peak: float  # the GPU's BF16 FLOP/s
    prefill_rate: float  # attention FLOP/s at the asymptote
    prefill_s_half: float
    hbm_bytes_per_s: float  # the GPU's datasheet HBM bandwidth
    decode_mem_rate: float  # KV bytes/s
    decode_seq_s: float  # per sequence, × attention layers
    attention_t0_s: float  # fixed cost per step, × attention layers
    allreduce_alpha_s: float  # engine's custom all-reduce; 0 when the link model is used
    allreduce_bytes_per_s: float
    nccl_alpha_s: float  # NCCL (engines switch to it for large messages)
    nccl_bytes_per_s: float


@dataclass(frozen=True, slots=True)
class StepModel:
    """Per-GPU work coefficients of one replica (TP rank, all pipeline stages in sequence)."""

    body_flops_per_token: float  # 2 × active matmul params / tp (lm_head excluded)
    lm_head_flops_per_token: float
    dense_weight_bytes: float  # non-expert weights read each step, per GPU
    expert_weight_bytes: float  # all routed experts held, per GPU
    expert_hit_base: float  # 1 − top_k / experts (probability an expert is skipped by a token)
    kv_full_bytes: float  # KV bytes per context token over full-attention layers
    kv_windowed: tuple[tuple[float, float], ...]  # (KV bytes per token over layers, window)
    attn_full_flops: float  # FLOPs per query×context token over full-attention layers
    attn_windowed: tuple[tuple[float, float], ...]  # (FLOPs per query×context token, window)
    allreduce_bytes_per_token: float
    collectives_per_step: int
    alltoall_bytes_per_token: float
    gemm_flops_per_s: float
    attn_flops_per_s: float
    memory_bytes_per_s: float
    link_bytes_per_s: float  # the TP/EP ring's slowest link
    pp_hop_bytes_per_s: tuple[float, ...]  # one per pipeline stage boundary
    comm_latency_s: float
    overhead_s: float
    tp: int
    pp: int
    eager_launch_s: float = 0.0  # CPU launch time of one step's layers without CUDA graphs
    kernels: KernelTerms | None = None  # measured-kernel surfaces (None: one efficiency each)
    kernel_profile: KernelProfile | None = None  # where the surfaces come from
    prefill_cached_share: float = 0.0  # prefix caching: share of prompt tokens served from cache

    def uncached_prefill(self, prefill: Tokens, prefill_context: Tokens) -> tuple[Tokens, Tokens]:
        """(prompt tokens computed, their mean context) of ``prefill`` scheduled prompt tokens.

        With a share h of each prompt cached, (1 − h) of its tokens are computed; they are the
        prompt's suffix, so a prompt whose tokens sit at mean position L/2 has them at
        h·L + (1 − h)·L/2 = (1 + h)·L/2: they still attend to the cached prefix.
        """
        h = self.prefill_cached_share
        return prefill * (1.0 - h), prefill_context * (1.0 + h)

    dcp_bytes_per_decode: float = 0.0  # decode context parallel: bytes one decode token combines
    dcp_collectives: int = 0  # its collectives per step (all-gather + reduce-scatter per layer)

    def dcp_seconds(self, decode: float) -> float:
        """Decode context parallel: combining each decode token's attention over the DCP ranks.

        Prefill attends locally to the tokens it has just computed; decode queries meet every
        rank's KV shard, so only decode tokens pay (context_parallel.dcp_combine_bytes_per_token).
        """
        return self._dcp(SCALAR, decode) if self.dcp_bytes_per_decode else 0.0

    def _dcp(self, ops: Ops[V], decode: V) -> V:
        return ops.select(decode > 0, self.dcp_collectives * self.comm_latency_s
                          + decode * self.dcp_bytes_per_decode / self.link_bytes_per_s, 0.0)

    a2a_fixed_s: float = 0.0  # expert all-to-all of a DP expert group: fixed part of a step
    a2a_s_per_token: float = 0.0  # and its seconds per token of this attention group
    a2a_bytes_per_token: float = 0.0  # bytes one GPU sends per token over every MoE layer
    a2a_link_gb_per_s: float = 0.0  # the expert group's link, one way, at the achieved share

    @property
    def communicates(self) -> bool:
        """The step has inter-GPU collectives (TP all-reduces or an expert all-to-all)."""
        return self.tp > 1 or self.a2a_s_per_token > 0

    def alltoall_seconds(self, tokens: float) -> float:
        """Expert dispatch + combine of a DP expert group for ``tokens`` (0 without one)."""
        if not self.a2a_s_per_token or tokens <= 0:
            return 0.0
        return self._alltoall(tokens)

    def _alltoall(self, tokens: V) -> V:
        return self.a2a_fixed_s + tokens * self.a2a_s_per_token

    def launch_wait_seconds(self, work_s: float) -> float:
        """Seconds a step waits on kernel launches beyond its GPU work (0 with CUDA graphs)."""
        return max(self.eager_launch_s - work_s, 0.0)

    def kv_read_bytes(self, context: float) -> float:
        """KV bytes one decode token reads at ``context`` tokens (windows cap sliding layers)."""
        return self._kv_read(SCALAR, context)

    def _kv_read(self, ops: Ops[V], context: V) -> V:
        total = self.kv_full_bytes * context
        for per_token, window in self.kv_windowed:
            total = total + per_token * ops.minimum(context, window)
        return total

    def attn_flops(self, queries: float, context: float) -> float:
        """Attention FLOPs of ``queries`` tokens each attending to ``context`` tokens."""
        return self._attn_flops(SCALAR, queries, context)

    def _attn_flops(self, ops: Ops[V], queries: V, context: V) -> V:
        total = self.attn_full_flops * context
        for per_pair, window in self.attn_windowed:
            total = total + per_pair * ops.minimum(context, window)
        return queries * total

    def gemm_seconds(self, tokens: float, decode: float) -> float:
        """Linear layers: max(FLOPs ÷ rate, weight bytes read ÷ bandwidth)."""
        return self._gemm(SCALAR, tokens, decode) if tokens > 0 else 0.0

    def _gemm(self, ops: Ops[V], tokens: V, decode: V) -> V:
        """Linear layers; on the measured surfaces each group at its own M and N·K."""
        k = self.kernels
        sampled = ops.maximum(decode, 1.0)
        touched = 1.0 - self.expert_hit_base ** tokens if self.expert_weight_bytes else 0.0
        if k is None:
            flops = self.body_flops_per_token * tokens + self.lm_head_flops_per_token * sampled
            weight_bytes = self.dense_weight_bytes + self.expert_weight_bytes * touched
            return ops.maximum(flops / self.gemm_flops_per_s, weight_bytes / self.memory_bytes_per_s)
        total = 0.0 * tokens
        for slope, intercept, memory_s, fixed_s, per_decode in k.gemm_lines:
            compute = slope * (sampled if per_decode else tokens) + intercept
            total = total + (ops.maximum(compute, memory_s) + fixed_s)
        if self.expert_weight_bytes:
            compute = k.moe_slope * tokens + k.moe_intercept
            total = total + (ops.maximum(compute, self.expert_weight_bytes * touched / k.moe_mem_rate)
                             + k.moe_t0_s)
        return total

    def attention_seconds(self, decode: float, context: float, prefill: float,
                          prefill_context: float) -> float:
        """Attention: decode reads the whole KV; prefill is compute-bound (causal ≈ half)."""
        return self._attention(SCALAR, decode, context, prefill, prefill_context)

    def _attention(self, ops: Ops[V], decode: V, context: V, prefill: V, pctx: V) -> V:
        """Decode by the KV bytes it reads, prefill by its FLOPs.

        On the measured surfaces prefill runs at its length's rate and one fixed cost per layer
        is paid once per step whatever the mix: engines run a step's decode and prefill attention
        in one varlen kernel per layer.
        """
        k = self.kernels
        decode_bytes = decode * self._kv_read(ops, context)
        prefill_flops = self._attn_flops(ops, prefill, pctx)
        if k is None:
            decode_flops = self._attn_flops(ops, decode, context)
            return (ops.maximum(decode_flops / self.attn_flops_per_s,
                                decode_bytes / self.memory_bytes_per_s)
                    + prefill_flops / self.attn_flops_per_s)
        length = 2.0 * pctx
        return (decode_bytes / k.decode_mem_rate + decode * k.decode_seq_s
                + prefill_flops * (length + k.prefill_s_half)
                / (k.prefill_rate * ops.maximum(length, 1.0)) + k.attention_t0_s)

    def comm_seconds(self, tokens: float) -> float:
        """Tensor-parallel all-reduces (ring) and expert-parallel all-to-all for ``tokens``."""
        return self.tp_collective_seconds(tokens) + self.alltoall_seconds(tokens)

    def tp_collective_seconds(self, tokens: float) -> float:
        """The TP group's all-reduces and all-to-all for ``tokens`` (no DP expert group's)."""
        if self.tp <= 1 or tokens <= 0:
            return 0.0
        return self._tp_collectives(SCALAR, tokens)

    def _tp_collectives(self, ops: Ops[V], tokens: V) -> V:
        """Measured: the faster of the engine's custom all-reduce and NCCL; else the link model."""
        k = self.kernels
        if k is not None and k.allreduce_alpha_s:
            per_collective = ops.minimum(k.allreduce_alpha_s + tokens * k.allreduce_s_per_token,
                                         k.nccl_alpha_s + tokens * k.nccl_s_per_token)
        else:
            ring = 2 * (self.tp - 1) / self.tp
            per_collective = self.comm_latency_s + ring * tokens * self.allreduce_bytes_per_token / (
                self.link_bytes_per_s)
        return (self.collectives_per_step * per_collective
                + tokens * self.alltoall_bytes_per_token / self.link_bytes_per_s)

    def pipeline_seconds(self, tokens: float) -> float:
        """Point-to-point activation transfers between pipeline stages, each on its own link."""
        if self.pp <= 1 or tokens <= 0:
            return 0.0
        return self._pipeline(tokens)

    def _pipeline(self, tokens: V) -> V:
        total = 0.0 * tokens
        for hop in self.pp_hop_bytes_per_s:
            total = total + (self.comm_latency_s + tokens * self.allreduce_bytes_per_token / hop)
        return total

    def comm_check_seconds(self, ops: Ops[V], tokens: V, decode: V) -> V:
        """Communication of a step of ``tokens`` tokens and ``decode`` decodes (the interconnect check).

        TP collectives, the expert all-to-all, pipeline hops and the decode context parallel
        combine: what the interconnect ceiling holds to its share of the TPOT budget.
        """
        live = tokens > 0
        safe = ops.select(live, tokens, 1.0)
        seconds = 0.0 * tokens
        if self.tp > 1:
            seconds = seconds + self._tp_collectives(ops, safe)
        if self.a2a_s_per_token:
            seconds = seconds + self._alltoall(safe)
        if self.pp > 1:
            seconds = seconds + self._pipeline(safe)
        seconds = ops.select(live, seconds, 0.0)
        if self.dcp_bytes_per_decode:
            seconds = seconds + self._dcp(ops, decode)
        return seconds

    def seconds(self, ops: Ops[V], decode: V, prefill: V, context: V, prefill_context: V) -> V:
        """One engine step on floats (``SCALAR``) or arrays (``ARRAY``): 0 where it computes nothing.

        ``prefill`` counts scheduled prompt tokens; with prefix caching only their uncached
        share is computed (:meth:`uncached_prefill`).
        """
        tokens, work = self._tokens_and_work(ops, decode, prefill, context, prefill_context)
        return ops.select(tokens > 0, self._finished(ops, work, self.eager_launch_s), 0.0)

    def step_seconds(self, decode: float, prefill: float, context: float,
                     prefill_context: float | None = None) -> float:
        """One engine step with ``decode`` requests at ``context`` and ``prefill`` new tokens."""
        pctx = prefill / 2 if prefill_context is None else prefill_context
        return self.seconds(SCALAR, decode, prefill, context, pctx)

    def finished_step_seconds(self, work_s: float, launch_s: float | None = None) -> float:
        """A step of ``work_s`` GPU seconds: the launches it waits on and the fixed overhead added.

        ``launch_s``: the CPU launch time of the step's kernels (default: the target's layers).
        """
        return self._finished(SCALAR, work_s, self.eager_launch_s if launch_s is None else launch_s)

    def _finished(self, ops: Ops[V], work: V, launch: V | float) -> V:
        launches = bool(launch) if isinstance(launch, float | int) else bool(np.any(launch))
        if launches:
            work = work + ops.maximum(launch - work, 0.0)
        return work + self.overhead_s

    def work_seconds(self, decode: float, prefill: float, context: float,
                     prefill_context: float | None = None) -> float:
        """The GPU work of one step (kernels and collectives), without launches and overhead."""
        pctx = prefill / 2 if prefill_context is None else prefill_context
        return self._tokens_and_work(SCALAR, decode, prefill, context, pctx)[1]

    def _tokens_and_work(self, ops: Ops[V], decode: V, prefill: V, context: V,
                         pctx: V) -> tuple[V, V]:
        """The tokens a step computes (uncached prompt tokens included) and its GPU work.

        Written once for floats and arrays: a step without tokens is evaluated at one token
        (finite everywhere) and its work set to 0.
        """
        if self.prefill_cached_share:
            prefill, pctx = self.uncached_prefill(prefill, pctx)
        tokens = decode + prefill
        live = tokens > 0
        safe = ops.select(live, tokens, 1.0)
        work = self._gemm(ops, safe, decode) + self._attention(ops, decode, context, prefill, pctx)
        if self.tp > 1:
            work = work + self._tp_collectives(ops, safe)
        if self.a2a_s_per_token:
            work = work + self._alltoall(safe)
        if self.pp > 1:
            work = work + self._pipeline(safe)
        if self.dcp_bytes_per_decode:
            work = work + self._dcp(ops, decode)
        return tokens, ops.select(live, work, 0.0)

    def step_seconds_many(self, decode: FloatArray | float, prefill: FloatArray | float,
                          context: FloatArray | float,
                          prefill_context: FloatArray | float | None = None) -> FloatArray:
        """:meth:`step_seconds` over broadcast numpy arrays (element-wise the same values)."""
        d, p, c, pctx = self._arrays(decode, prefill, context, prefill_context)
        return self.seconds(ARRAY, d, p, c, pctx)

    def finished_step_seconds_many(self, work: FloatArray,
                                   launch_s: FloatArray | float | None = None) -> FloatArray:
        """:meth:`finished_step_seconds` over an array of GPU work."""
        return self._finished(ARRAY, work, self.eager_launch_s if launch_s is None else launch_s)

    def work_seconds_many(self, decode: FloatArray | float, prefill: FloatArray | float,
                          context: FloatArray | float,
                          prefill_context: FloatArray | float | None = None) -> FloatArray:
        """:meth:`work_seconds` over broadcast numpy arrays (0 where a step has no tokens)."""
        d, p, c, pctx = self._arrays(decode, prefill, context, prefill_context)
        return self._tokens_and_work(ARRAY, d, p, c, pctx)[1]

    @staticmethod
    def _arrays(decode: FloatArray | float, prefill: FloatArray | float, context: FloatArray | float,
                prefill_context: FloatArray | float | None
                ) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        d, p, c = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64)
                                        for x in (decode, prefill, context)))
        pctx = p / 2 if prefill_context is None else np.broadcast_to(
            np.asarray(prefill_context, dtype=np.float64), d.shape)
        return d, p, c, pctx


def _attention_flops_per_pair(inputs: PlanInputs, tp: int) -> float:
    """FLOPs per (query token, context token) pair for one layer on one TP rank."""
    model = inputs.model
    heads = model.num_attention_heads / tp
    if model.mla is not None:  # absorbed MLA: scores over latent+rope, values over latent
        mla = model.mla
        return 2 * heads * (mla.kv_lora_rank + mla.qk_rope_head_dim) + 2 * heads * mla.kv_lora_rank
    return 4 * heads * model.head_dim  # QKᵀ and AV, 2 FLOPs per multiply-add


def build_step_model(inputs: PlanInputs, memory: MemoryResult, eff: Efficiency) -> StepModel:
    """Work coefficients of ``inputs`` on its GPU, from the memory result's weights.

    With measured kernel surfaces for the GPU (its own or mapped) and engine, linear layers,
    attention and all-reduce follow them; otherwise one efficiency per kernel class.
    """
    profile = kernel_profile(inputs.kernels, inputs.gpu.id, inputs.engine.id)
    model, gpu, dep = inputs.model, inputs.gpu, inputs.deployment
    tp, pp = dep.tensor_parallel_size, dep.pipeline_parallel_size
    breakdown = param_breakdown(model)
    lm_head = breakdown.lm_head or breakdown.embedding
    routed = breakdown.routed_experts
    layout = expert_layout(model, dep)
    imbalance = layout.imbalance if layout else 1.0  # the busiest EP rank sets the step
    active_routed = (routed * model.moe.experts_per_token / model.moe.num_experts * imbalance
                     if model.moe else 0)
    body = (breakdown.attention + breakdown.dense_mlp + breakdown.shared_experts + breakdown.router
            + active_routed)
    expert_bytes, dense_bytes = _weight_bytes(memory)
    spans = attention_spans(inputs)
    if gpu.hbm_bandwidth_gb_per_s is None:
        raise PlanError("gpu_specs_incomplete", QT_TRANSLATE_NOOP(
            "Errors", "GPU {gpu_id} has no memory bandwidth figure; add it in the GPU table to "
                      "estimate latency"), "gpu", gpu_id=gpu.id)
    try:
        peak, used = gpu.dense_tflops.peak_for(inputs.weight_format.compute_dtype)
    except ValueError as exc:
        raise PlanError("gpu_specs_incomplete", QT_TRANSLATE_NOOP(
            "Errors", "GPU {gpu_id} has no TFLOPS figure; add it in the GPU table to estimate "
                      "latency"), "gpu", gpu_id=gpu.id) from exc
    gemm_share = eff.gemm_compute * (eff.fp8_gemm_relative if used in {ComputeDtype.FP8,
                                                                     ComputeDtype.INT8} else 1.0)
    attn_peak, _ = gpu.dense_tflops.peak_for(ComputeDtype.BF16)
    bandwidth = gpu.hbm_bandwidth_gb_per_s * BYTES_PER_GB
    links = replica_link_plan(inputs)
    link_scale = BYTES_PER_GB * eff.comm_bandwidth
    moe_layers = model.moe.num_moe_layers if model.moe else 0
    ep_bytes = 0.0
    a2a = None
    if model.moe and layout is not None:
        a2a = alltoall_cost(model, layout, group_collective_unidir_gb_per_s(links, layout.group_ranks),
                            eff.comm_bandwidth, eff.comm_latency_us * 1e-6)
    elif model.moe and dep.enable_expert_parallel and tp > 1:
        ep_bytes = 2 * moe_layers * model.moe.experts_per_token * model.hidden_size * ACT_BYTES * (
            (tp - 1) / tp)
    return StepModel(
        body_flops_per_token=2 * body / tp,
        lm_head_flops_per_token=2 * lm_head / tp,
        dense_weight_bytes=dense_bytes,
        expert_weight_bytes=expert_bytes,
        expert_hit_base=(1 - model.moe.experts_per_token / model.moe.num_experts) ** (
            layout.data_parallel if layout else 1) if model.moe else 1.0,
        kv_full_bytes=spans.kv_full_bytes,
        kv_windowed=spans.kv_windowed,
        attn_full_flops=spans.attn_full_flops,
        attn_windowed=spans.attn_windowed,
        allreduce_bytes_per_token=model.hidden_size * ACT_BYTES,
        collectives_per_step=2 * model.num_layers if tp > 1 else 0,
        alltoall_bytes_per_token=ep_bytes,
        gemm_flops_per_s=peak * FLOPS_PER_TFLOP * gemm_share,
        attn_flops_per_s=attn_peak * FLOPS_PER_TFLOP * eff.attention_compute,
        memory_bytes_per_s=bandwidth * eff.memory_bandwidth,
        link_bytes_per_s=links.tp_ring_unidir_gb_per_s * link_scale,
        pp_hop_bytes_per_s=tuple(hop * link_scale for hop in links.pp_hops_unidir_gb_per_s),
        comm_latency_s=eff.comm_latency_us * 1e-6,
        overhead_s=eff.step_overhead_ms * 1e-3,
        tp=tp,
        pp=pp,
        eager_launch_s=eager_launch_seconds(inputs),
        kernels=kernel_terms(inputs, memory, eff, profile, dense_bytes)
        if profile is not None else None,
        kernel_profile=profile,
        dcp_bytes_per_decode=dcp_combine_bytes_per_token(model, tp, dep.decode_context_parallel_size),
        dcp_collectives=2 * model.num_attention_layers if dep.decode_context_parallel_size > 1 else 0,
        a2a_fixed_s=a2a.fixed_s if a2a else 0.0,
        a2a_s_per_token=a2a.s_per_token if a2a else 0.0,
        a2a_bytes_per_token=a2a.bytes_per_token if a2a else 0.0,
        a2a_link_gb_per_s=a2a.link_gb_per_s if a2a else 0.0,
    )


@dataclass(frozen=True, slots=True)
class AttentionSpans:
    """What one decode token reads and one query computes over its context, per GPU.

    ``*_full`` grow with the whole context; each ``*_windowed`` entry is (per context token,
    window) and stops growing at its window.
    """

    kv_full_bytes: float
    kv_windowed: tuple[tuple[float, float], ...]
    attn_full_flops: float
    attn_windowed: tuple[tuple[float, float], ...]


def attention_spans(inputs: PlanInputs) -> AttentionSpans:
    """KV bytes and attention FLOPs per context token of ``inputs``' layers on one GPU.

    - full / sliding / chunked layers: their KV over the context, capped at their window;
    - DeepSeek sparse attention (``index_topk`` > 0): the latent attention reads only the top-k
      tokens (a window of topk), while the indexer scores every token: its FP8 keys are read and
      index_n_heads × index_head_dim multiply-adds spent per context token (vLLM's indexer is
      replicated on every TP rank; DCP shards its keys like the latent);
    - state layers (linear attention, Mamba-2) attend over no context: each token reads and
      writes the request's fixed state once and spends 6 FLOPs per state element, written as a
      window of one (2 × state bytes, state FLOPs) so decode and prefill cost it linearly in tokens.
    """
    model, dep = inputs.model, inputs.deployment
    tp, dcp = dep.tensor_parallel_size, dep.decode_context_parallel_size
    indexer = indexer_bytes_per_token_per_layer(model) / dcp
    per_layer_kv = kv_bytes_per_token_per_layer(model, inputs.kv_format.bytes_per_element, tp, dcp)
    per_layer_kv -= indexer
    per_layer_attn = _attention_flops_per_pair(inputs, tp)
    full_layers, windowed = _attention_layers(model)
    kv_windowed = [(n * per_layer_kv, w) for n, w in windowed]
    attn_windowed = [(n * per_layer_attn, w) for n, w in windowed]
    kv_full, attn_full = full_layers * per_layer_kv, full_layers * per_layer_attn
    topk = model.mla.index_topk if model.mla is not None else 0
    if topk:
        kv_windowed.append((kv_full, float(topk)))
        attn_windowed.append((attn_full, float(topk)))
        index_pair = 2.0 * model.mla.index_n_heads * model.mla.index_head_dim / dcp if model.mla else 0.0
        kv_full, attn_full = full_layers * indexer, full_layers * index_pair
    state_layers = model.count_layers(LayerAttention.STATE)
    state = state_layer_bytes(model, tp, dep.mamba_ssm_cache_dtype)
    if state is not None:
        kv_windowed.append((2.0 * state_layers * state.total, 1.0))
        attn_windowed.append((state_flops_per_token(state, state_layers), 1.0))
    return AttentionSpans(kv_full, tuple(kv_windowed), attn_full, tuple(attn_windowed))


def _weight_bytes(memory: MemoryResult) -> tuple[float, float]:
    """(routed-expert bytes, dense bytes read each step) over the stages, per GPU.

    Dense excludes the experts, the embedding table (a gather, not a GEMM) and a vision tower.
    """
    expert_bytes = dense_bytes = 0.0
    for stage in memory.stages:
        for weight in stage.weights:
            if weight.key == "weights.experts":
                expert_bytes += weight.value * BYTES_PER_GIB
            elif weight.key not in {"weights.embedding", "weights.vision",
                                    "weights.speculative_draft"}:  # the draft runs apart
                dense_bytes += weight.value * BYTES_PER_GIB
    return expert_bytes, dense_bytes


def _count_attention_layers(model: ModelSpec) -> tuple[int, tuple[tuple[int, float], ...]]:
    """(full-attention layers, (layers, window) per windowed kind present) of ``model``."""
    windows = {LayerAttention.SLIDING: float(model.sliding_window or 0),
               LayerAttention.CHUNKED: float(model.attention_chunk_size or 0)}
    counts = {kind: model.count_layers(kind) for kind in (LayerAttention.FULL, *windows)}
    return counts[LayerAttention.FULL], tuple((counts[kind], window)
                                              for kind, window in windows.items() if counts[kind])


_attention_layers = PerObject(_count_attention_layers)


def _gemm_groups(inputs: PlanInputs, dense_bytes: float, nk_half: float) -> tuple[GemmGroup, ...]:
    """Per-GPU linear layers in shape classes: QKV and O, gate/up and down, lm_head.

    Each class's N·K comes from the parameter breakdown per layer and TP shard; the dense
    weights' bytes are shared out in proportion to parameters.
    """
    model, tp = inputs.model, inputs.deployment.tensor_parallel_size
    b = param_breakdown(model)
    lm_head = b.lm_head or b.embedding
    moe_layers = model.moe.num_moe_layers if model.moe else 0
    dense_layers = max(model.num_layers - moe_layers, 0)
    mlp_per_layer = b.dense_mlp / max(dense_layers, 1) + b.shared_experts / max(moe_layers, 1)
    classes = (  # (params per GPU, N·K of one GEMM, GEMMs per step, per_decode)
        ((b.attention + b.router) / tp, b.attention / max(model.num_layers, 1) / tp / 2,
         2.0 * model.num_layers, False),
        ((b.dense_mlp + b.shared_experts) / tp, mlp_per_layer / tp / 2,
         2.0 * (dense_layers + (moe_layers if b.shared_experts else 0)), False),
        (lm_head / tp, lm_head / tp, 1.0, True),
    )
    total = sum(params for params, _, _, _ in classes) or 1.0
    return tuple(GemmGroup(flops_per_token=2 * params, weight_bytes=dense_bytes * params / total,
                           nk_factor=nk / (nk + nk_half), launches=launches, per_decode=per_decode)
                 for params, nk, launches, per_decode in classes if params > 0 and nk > 0)


def mapped_size_scale(profile: KernelProfile, dtype: str, peak_tflops: float) -> float:
    """How much smaller a mapped GPU is than the measured one, by datasheet peak (≤ 1).

    A GEMM reaches its asymptote once its tiles fill every SM; a GPU with a fraction of the
    measured one's peak fills them at that fraction of M and N·K, so the half-points scale with
    it. A measured GPU, or a larger mapped one, keeps the measured half-points.
    """
    if not profile.mapped:
        return 1.0
    measured = profile.system.peaks.get("dense_tflops")
    reference = measured.get(dtype) if isinstance(measured, dict) else None
    if not isinstance(reference, int | float) or reference <= 0:
        return 1.0
    return min(peak_tflops / float(reference), 1.0)


def kernel_terms(inputs: PlanInputs, memory: MemoryResult, eff: Efficiency,
                 profile: KernelProfile, dense_bytes: float | None = None) -> KernelTerms:
    """The measured surfaces as step-model rates on this GPU's own datasheet peaks.

    Each rate is scaled by the plan's efficiency over the measured levels, so a calibrated
    profile (or an uncertainty corner) moves the answer while the shape over M stays measured.
    ``dense_bytes`` is the dense weights' bytes per GPU when the caller has them already.
    """
    model, gpu, dep = inputs.model, inputs.gpu, inputs.deployment
    levels = measured_levels(inputs.engine.efficiency, profile)
    gemm_ratio = eff.gemm_compute / levels.gemm_compute
    mem_ratio = eff.memory_bandwidth / levels.memory_bandwidth
    attn_ratio = eff.attention_compute / levels.attention_compute
    peak, used = gpu.dense_tflops.peak_for(inputs.weight_format.compute_dtype)
    key, gemm = gemm_surface(profile.surfaces, used.value)
    hbm = (gpu.hbm_bandwidth_gb_per_s or 0.0) * BYTES_PER_GB
    if dense_bytes is None:
        dense_bytes = _weight_bytes(memory)[1]
    moe = moe_surface(profile.surfaces, key)
    moe_layers = model.moe.num_moe_layers if model.moe else 0
    routed = param_breakdown(model).routed_experts
    active = routed * model.moe.experts_per_token / model.moe.num_experts if model.moe else 0.0
    ctx, gen = profile.surfaces.context_attention, profile.surfaces.generation_attention
    bf16_peak, _ = gpu.dense_tflops.peak_for(ComputeDtype.BF16)
    layers = float(model.num_layers)
    custom, nccl = allreduce_fits(profile, dep.tensor_parallel_size)
    base = inputs.engine.efficiency
    lat_ratio = eff.comm_latency_us / max(base.comm_latency_us, 1e-9)
    bw_ratio = eff.comm_bandwidth / base.comm_bandwidth
    use = dep.tensor_parallel_size > 1 and custom is not None and nccl is not None
    size = mapped_size_scale(profile, used.value, peak)
    groups = _gemm_groups(inputs, dense_bytes, gemm.nk_half * size)
    gemm_rate = peak * FLOPS_PER_TFLOP * gemm.e_max * gemm_ratio
    gemm_mem_rate = hbm * gemm.e_mem * mem_ratio
    lines = tuple((g.flops_per_token / (gemm_rate * g.nk_factor),
                   g.flops_per_token * gemm.m_half * size / (gemm_rate * g.nk_factor),
                   g.weight_bytes / gemm_mem_rate, g.launches * gemm.t0_us * 1e-6, g.per_decode)
                  for g in groups)
    moe_rate = peak * FLOPS_PER_TFLOP * (moe.e_max if moe else gemm.e_max) * gemm_ratio
    layout = expert_layout(model, dep)
    moe_flops = 2 * active / dep.tensor_parallel_size * (layout.imbalance if layout else 1.0)
    per_expert = (model.moe.experts_per_token / model.moe.num_experts) if model.moe else 1.0
    per_expert *= layout.data_parallel if layout else 1  # every DP rank's tokens reach the experts
    bytes_per_token = model.hidden_size * ACT_BYTES
    return KernelTerms(
        groups=groups,
        gemm_lines=lines,
        moe_slope=moe_flops / moe_rate,
        moe_intercept=moe_flops * (moe.tpe_half if moe else 1.0) / (moe_rate * per_expert),
        allreduce_s_per_token=bytes_per_token / custom.beta_gb_per_s / BYTES_PER_GB / bw_ratio
        if use and custom else 0.0,
        nccl_s_per_token=bytes_per_token / nccl.beta_gb_per_s / BYTES_PER_GB / bw_ratio
        if use and nccl else 0.0,
        gemm_key=key,
        gemm_peak=peak * FLOPS_PER_TFLOP,
        gemm_rate=gemm_rate,
        gemm_m_half=gemm.m_half * size,
        gemm_mem_rate=gemm_mem_rate,
        moe_mem_rate=hbm * (moe.e_mem if moe else gemm.e_mem) * mem_ratio,
        moe_t0_s=(moe.t0_us if moe else gemm.t0_us) * 1e-6 * moe_layers,
        prefill_peak=bf16_peak * FLOPS_PER_TFLOP,
        prefill_rate=bf16_peak * FLOPS_PER_TFLOP * (ctx.e_max if ctx else eff.attention_compute)
        * (attn_ratio if ctx else 1.0),
        prefill_s_half=ctx.s_half if ctx else 1.0,
        hbm_bytes_per_s=hbm,
        decode_mem_rate=hbm * (gen.e_mem if gen else gemm.e_mem) * mem_ratio,
        decode_seq_s=(gen.t_seq_us if gen else 0.0) * 1e-6 * layers,
        attention_t0_s=(gen.t0_us if gen else 0.0) * 1e-6 * layers,
        allreduce_alpha_s=custom.alpha_us * 1e-6 * lat_ratio if use and custom else 0.0,
        allreduce_bytes_per_s=custom.beta_gb_per_s * BYTES_PER_GB * bw_ratio if use and custom else 1.0,
        nccl_alpha_s=nccl.alpha_us * 1e-6 * lat_ratio if use and nccl else 0.0,
        nccl_bytes_per_s=nccl.beta_gb_per_s * BYTES_PER_GB * bw_ratio if use and nccl else 1.0,
    )


def eager_launch_seconds(inputs: PlanInputs) -> float:
    """CPU seconds to launch one step's decoder layers without CUDA graphs (0 with graphs).

    layers × the engine's launch cost per layer; pipeline stages launch one after another.
    """
    if not inputs.deployment.enforce_eager:
        return 0.0
    return inputs.model.num_layers * inputs.engine.runtime.eager_launch_ms_per_layer * 1e-3
