"""Time of one engine step from its work: GEMMs, attention, communication and overhead.

A step runs ``decode`` single-token requests plus ``prefill`` prompt tokens. Each kernel class
takes max(compute time, memory time) at its achieved rates; communication and a fixed step
overhead add on top. Without CUDA graphs (``--enforce-eager``) the CPU launches every layer's
kernels each step, so the GPU work cannot finish before the last launch: small batches become
launch-bound, large ones hide it. Plain floats on purpose: sweeps evaluate this thousands of
times.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gpucalc.core.efficiency import Efficiency
from gpucalc.core.errors import PlanError
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.kv import kv_bytes_per_token_per_layer
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.model_spec import LayerAttention
from gpucalc.core.params import param_breakdown
from gpucalc.core.precision import ComputeDtype
from gpucalc.core.topology import link_plan
from gpucalc.core.units import BYTES_PER_GB, BYTES_PER_GIB, FLOPS_PER_TFLOP

ACT_BYTES = 2.0

FloatArray = npt.NDArray[np.float64]


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

    def launch_wait_seconds(self, work_s: float) -> float:
        """Seconds a step waits on kernel launches beyond its GPU work (0 with CUDA graphs)."""
        return max(self.eager_launch_s - work_s, 0.0)

    def kv_read_bytes(self, context: float) -> float:
        """KV bytes one decode token reads at ``context`` tokens (windows cap sliding layers)."""
        total = self.kv_full_bytes * context
        for per_token, window in self.kv_windowed:
            total += per_token * min(context, window)
        return total

    def attn_flops(self, queries: float, context: float) -> float:
        """Attention FLOPs of ``queries`` tokens each attending to ``context`` tokens."""
        total = self.attn_full_flops * context
        for per_pair, window in self.attn_windowed:
            total += per_pair * min(context, window)
        return queries * total

    def gemm_seconds(self, tokens: float, decode: float) -> float:
        """Linear layers: max(FLOPs ÷ rate, weight bytes read ÷ bandwidth)."""
        if tokens <= 0:
            return 0.0
        flops = self.body_flops_per_token * tokens + self.lm_head_flops_per_token * max(decode, 1.0)
        hit = 1.0 - self.expert_hit_base ** tokens if self.expert_weight_bytes else 0.0
        weight_bytes = self.dense_weight_bytes + self.expert_weight_bytes * hit
        return max(flops / self.gemm_flops_per_s, weight_bytes / self.memory_bytes_per_s)

    def attention_seconds(self, decode: float, context: float, prefill: float,
                          prefill_context: float) -> float:
        """Attention: decode reads the whole KV; prefill is compute-bound (causal ≈ half)."""
        decode_bytes = decode * self.kv_read_bytes(context)
        decode_flops = self.attn_flops(decode, context)
        prefill_flops = self.attn_flops(prefill, prefill_context)
        return (max(decode_flops / self.attn_flops_per_s, decode_bytes / self.memory_bytes_per_s)
                + prefill_flops / self.attn_flops_per_s)

    def comm_seconds(self, tokens: float) -> float:
        """Tensor-parallel all-reduces (ring) and expert-parallel all-to-all for ``tokens``."""
        if self.tp <= 1 or tokens <= 0:
            return 0.0
        ring = 2 * (self.tp - 1) / self.tp
        per_collective = self.comm_latency_s + ring * tokens * self.allreduce_bytes_per_token / (
            self.link_bytes_per_s)
        alltoall = tokens * self.alltoall_bytes_per_token / self.link_bytes_per_s
        return self.collectives_per_step * per_collective + alltoall

    def pipeline_seconds(self, tokens: float) -> float:
        """Point-to-point activation transfers between pipeline stages, each on its own link."""
        if self.pp <= 1 or tokens <= 0:
            return 0.0
        return sum(self.comm_latency_s + tokens * self.allreduce_bytes_per_token / hop
                   for hop in self.pp_hop_bytes_per_s)

    def step_seconds(self, decode: float, prefill: float, context: float,
                     prefill_context: float | None = None) -> float:
        """One engine step with ``decode`` requests at ``context`` and ``prefill`` new tokens."""
        tokens = decode + prefill
        if tokens <= 0:
            return 0.0
        pctx = prefill / 2 if prefill_context is None else prefill_context
        work = self.gemm_seconds(tokens, decode) + self.attention_seconds(decode, context, prefill, pctx)
        if self.tp > 1:  # the terms below are 0 on one GPU and with graphs (hot path: skipped)
            work += self.comm_seconds(tokens)
        if self.pp > 1:
            work += self.pipeline_seconds(tokens)
        if self.eager_launch_s:
            return work + self.launch_wait_seconds(work) + self.overhead_s
        return work + self.overhead_s


    def step_seconds_many(self, decode: FloatArray | float, prefill: FloatArray | float,
                          context: FloatArray | float,
                          prefill_context: FloatArray | float) -> FloatArray:
        """:meth:`step_seconds` element-wise over arrays of batches (broadcast), in seconds.

        The same operations in the same order, so each element equals the scalar call; sweeps and
        searches evaluate many batches at once.
        """
        decode, prefill = np.asarray(decode, dtype=np.float64), np.asarray(prefill, dtype=np.float64)
        tokens = decode + prefill
        flops = self.body_flops_per_token * tokens + self.lm_head_flops_per_token * np.maximum(decode, 1.0)
        weight_bytes: FloatArray | float = self.dense_weight_bytes
        if self.expert_weight_bytes:
            weight_bytes = self.dense_weight_bytes + self.expert_weight_bytes * (
                1.0 - self.expert_hit_base ** tokens)
        gemm = np.maximum(flops / self.gemm_flops_per_s, weight_bytes / self.memory_bytes_per_s)
        kv_bytes: FloatArray | float = self.kv_full_bytes * context
        pair_flops: FloatArray | float = self.attn_full_flops * context
        prefill_pairs: FloatArray | float = self.attn_full_flops * prefill_context
        for per_token, window in self.kv_windowed:
            kv_bytes = kv_bytes + per_token * np.minimum(context, window)
        for per_pair, window in self.attn_windowed:
            pair_flops = pair_flops + per_pair * np.minimum(context, window)
            prefill_pairs = prefill_pairs + per_pair * np.minimum(prefill_context, window)
        attention = (np.maximum(decode * pair_flops / self.attn_flops_per_s,
                                decode * kv_bytes / self.memory_bytes_per_s)
                     + prefill * prefill_pairs / self.attn_flops_per_s)
        work = gemm + attention
        if self.tp > 1:
            ring = 2 * (self.tp - 1) / self.tp
            per_collective = self.comm_latency_s + ring * tokens * self.allreduce_bytes_per_token / (
                self.link_bytes_per_s)
            work = work + (self.collectives_per_step * per_collective
                           + tokens * self.alltoall_bytes_per_token / self.link_bytes_per_s)
        if self.pp > 1:
            hops: FloatArray | float = 0.0
            for hop in self.pp_hop_bytes_per_s:
                hops = hops + (self.comm_latency_s + tokens * self.allreduce_bytes_per_token / hop)
            work = work + hops
        if self.eager_launch_s:
            work = work + np.maximum(self.eager_launch_s - work, 0.0)
        seconds: FloatArray = np.where(tokens > 0, work + self.overhead_s, 0.0)
        return seconds


def _attention_flops_per_pair(inputs: PlanInputs, tp: int) -> float:
    """FLOPs per (query token, context token) pair for one layer on one TP rank."""
    model = inputs.model
    heads = model.num_attention_heads / tp
    if model.mla is not None:  # absorbed MLA: scores over latent+rope, values over latent
        mla = model.mla
        return 2 * heads * (mla.kv_lora_rank + mla.qk_rope_head_dim) + 2 * heads * mla.kv_lora_rank
    return 4 * heads * model.head_dim  # QKᵀ and AV, 2 FLOPs per multiply-add


def build_step_model(inputs: PlanInputs, memory: MemoryResult, eff: Efficiency) -> StepModel:
    """Work coefficients of ``inputs`` on its GPU, from the memory result's weights."""
    model, gpu, dep = inputs.model, inputs.gpu, inputs.deployment
    tp, pp = dep.tensor_parallel_size, dep.pipeline_parallel_size
    breakdown = param_breakdown(model)
    lm_head = breakdown.lm_head or breakdown.embedding
    routed = breakdown.routed_experts
    active_routed = routed * model.moe.experts_per_token / model.moe.num_experts if model.moe else 0
    body = (breakdown.attention + breakdown.dense_mlp + breakdown.shared_experts + breakdown.router
            + active_routed)
    expert_bytes = sum(t.value * BYTES_PER_GIB for s in memory.stages for t in s.weights
                       if t.key == "weights.experts")
    dense_bytes = sum(t.value * BYTES_PER_GIB for s in memory.stages for t in s.weights
                      if t.key not in {"weights.experts", "weights.embedding", "weights.vision"})
    per_layer_kv = kv_bytes_per_token_per_layer(model, inputs.kv_format.bytes_per_element, tp)
    per_layer_attn = _attention_flops_per_pair(inputs, tp)
    windows = {LayerAttention.SLIDING: float(model.sliding_window or 0),
               LayerAttention.CHUNKED: float(model.attention_chunk_size or 0)}
    full_layers = model.count_layers(LayerAttention.FULL)
    windowed = [(model.count_layers(kind), window) for kind, window in windows.items()
                if model.count_layers(kind)]
    if gpu.hbm_bandwidth_gb_per_s is None:
        raise PlanError("gpu_specs_incomplete", f"GPU {gpu.id} has no memory bandwidth figure; "
                                                "add it in the GPU table to estimate latency")
    try:
        peak, used = gpu.dense_tflops.peak_for(inputs.weight_format.compute_dtype)
    except ValueError as exc:
        raise PlanError("gpu_specs_incomplete", f"GPU {gpu.id} has no TFLOPS figure; add it in "
                                                "the GPU table to estimate latency") from exc
    gemm_share = eff.gemm_compute * (eff.fp8_gemm_relative if used in {ComputeDtype.FP8,
                                                                     ComputeDtype.INT8} else 1.0)
    attn_peak, _ = gpu.dense_tflops.peak_for(ComputeDtype.BF16)
    bandwidth = gpu.hbm_bandwidth_gb_per_s * BYTES_PER_GB
    links = link_plan(gpu, tp, pp)
    link_scale = BYTES_PER_GB * eff.comm_bandwidth
    moe_layers = model.moe.num_moe_layers if model.moe else 0
    ep_bytes = 0.0
    if model.moe and dep.enable_expert_parallel and tp > 1:
        ep_bytes = 2 * moe_layers * model.moe.experts_per_token * model.hidden_size * ACT_BYTES * (
            (tp - 1) / tp)
    return StepModel(
        body_flops_per_token=2 * body / tp,
        lm_head_flops_per_token=2 * lm_head / tp,
        dense_weight_bytes=dense_bytes,
        expert_weight_bytes=expert_bytes,
        expert_hit_base=(1 - model.moe.experts_per_token / model.moe.num_experts) if model.moe else 1.0,
        kv_full_bytes=full_layers * per_layer_kv,
        kv_windowed=tuple((n * per_layer_kv, w) for n, w in windowed),
        attn_full_flops=full_layers * per_layer_attn,
        attn_windowed=tuple((n * per_layer_attn, w) for n, w in windowed),
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
    )


def eager_launch_seconds(inputs: PlanInputs) -> float:
    """CPU seconds to launch one step's decoder layers without CUDA graphs (0 with graphs).

    layers × the engine's launch cost per layer; pipeline stages launch one after another.
    """
    if not inputs.deployment.enforce_eager:
        return 0.0
    return inputs.model.num_layers * inputs.engine.runtime.eager_launch_ms_per_layer * 1e-3
