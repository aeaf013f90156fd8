"""Attention data parallel + expert parallel: memory, step time, all-to-all, errors, fleet.

Engine semantics (vLLM docs "Data Parallel Deployment" and "Expert Parallel Deployment"): an
engine spans DP × TP × PP GPUs; a MoE model's expert layers form one group of DP × TP ranks
(EP size = DP × TP with --enable-expert-parallel), each rank holding num_experts ÷ EP experts
(plus redundant EPLB copies); attention and dense layers are replicated per DP rank, each with
its own KV cache and scheduler. A dense model with DP > 1 is DP independent replicas.
"""

from __future__ import annotations

import dataclasses

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.rates import ReplicaRates, planned_concurrency
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.fleet.fleet import fleet_verdict
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.parallel.expert_parallel import (
    COMBINE_BYTES,
    DEEPEP_FIXED_US,
    DEEPEP_LINK_SHARE,
    DISPATCH_BYTES,
    ExpertLayout,
    alltoall_cost,
    expert_layout,
)
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding

QWEN_CODER = "qwen3-coder-480b-a35b-instruct"
FP8_BLOCK_BITS = 8.002  # the catalog's fp8: 8 + 32/(128×128), a scale per 128×128 block, rounded


def _inputs(catalog: Catalog, model: str, quantization: str | None = None, gpu: str = "h200",
            **deployment: object) -> PlanInputs:
    dep = Deployment(max_model_len=32768, **deployment)
    return resolve_inputs(catalog, model, gpu, dep, Workload(), quantization=quantization)


def _weights(inputs: PlanInputs) -> dict[str, float]:
    stage = calculate_memory(inputs).stages[0]
    return {t.key: t.value for t in stage.weights}


def test_qwen3_coder_fp8_dp8_ep_holds_an_eighth_of_the_experts_per_gpu(catalog: Catalog) -> None:
    """-dp 8 -tp 1 --enable-expert-parallel on 8×H200: 160 experts ÷ 8 = 20 per GPU.

    Routed experts: 160 × 3 × 6144 × 2560 × 62 layers = 468,084,326,400 params in FP8 with
    block scales; each GPU holds one eighth, attention stays whole (TP 1) on every DP rank.
    """
    inputs = _inputs(catalog, QWEN_CODER, "fp8", num_gpus=8, data_parallel_size=8,
                     enable_expert_parallel=True)
    routed = 160 * 3 * 6144 * 2560 * 62
    expected = routed * FP8_BLOCK_BITS / 8 / BYTES_PER_GIB / 8
    weights = _weights(inputs)
    assert weights["weights.experts"] == pytest.approx(expected, rel=1e-9)
    assert expected == pytest.approx(54.51, abs=0.01)
    tp_only = _weights(_inputs(catalog, QWEN_CODER, "fp8", num_gpus=8, tensor_parallel_size=8,
                               enable_expert_parallel=True))
    assert weights["weights.attention"] == pytest.approx(8 * tp_only["weights.attention"], rel=1e-3)
    layout = expert_layout(inputs.model, inputs.deployment)
    assert layout is not None
    assert layout.experts_per_gpu == 20
    assert layout.group_ranks == 8
    result = calculate(inputs)
    assert result.memory.fits
    assert inputs.deployment.replicas == 8


def test_without_dp_every_gpu_keeps_every_expert(catalog: Catalog) -> None:
    """-tp 1 on 8 GPUs without DP: 8 independent replicas, each holding all 160 experts."""
    inputs = _inputs(catalog, QWEN_CODER, "fp8", num_gpus=8, enable_expert_parallel=True)
    assert expert_layout(inputs.model, inputs.deployment) is None
    assert _weights(inputs)["weights.experts"] == pytest.approx(
        160 * 3 * 6144 * 2560 * 62 * FP8_BLOCK_BITS / 8 / BYTES_PER_GIB, rel=1e-9)


def test_deepseek_v3_dp8_ep8_with_and_without_redundant_experts(catalog: Catalog) -> None:
    """DeepSeek-V3 at DP 8, EP 8: 256 ÷ 8 = 32 experts per GPU; 32 redundant (EPLB) → 36.

    Routed experts: 256 × 3 × 7168 × 2048 × 58 MoE layers (the first 3 layers are dense); the
    checkpoint's FP8 block quantization covers them. vLLM EPLB: physical experts = logical +
    redundant, spread evenly over the EP ranks.
    """
    routed_gib = 256 * 3 * 7168 * 2048 * 58 * FP8_BLOCK_BITS / 8 / BYTES_PER_GIB
    plain = _inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8, enable_expert_parallel=True)
    assert _weights(plain)["weights.experts"] == pytest.approx(routed_gib / 8, rel=1e-9)
    layout = expert_layout(plain.model, plain.deployment)
    assert layout is not None
    assert layout.experts_per_gpu == 32
    eplb = _inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8, enable_expert_parallel=True,
                   enable_eplb=True, num_redundant_experts=32)
    assert _weights(eplb)["weights.experts"] == pytest.approx(routed_gib * 36 / 256, rel=1e-9)
    eplb_layout = expert_layout(eplb.model, eplb.deployment)
    assert eplb_layout is not None
    assert eplb_layout.experts_per_gpu == 36
    assert eplb_layout.imbalance < layout.imbalance  # EPLB's lower default


def test_without_expert_parallel_dp_splits_every_expert_over_dp_times_tp(catalog: Catalog) -> None:
    """vLLM without --enable-expert-parallel: the MoE layers are TP-sharded over DP × TP ranks."""
    inputs = _inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=4, tensor_parallel_size=2)
    layout = expert_layout(inputs.model, inputs.deployment)
    assert layout is not None
    assert not layout.expert_parallel
    assert layout.expert_weight_share == pytest.approx(1 / 8)
    assert layout.imbalance == 1.0  # every rank holds a slice of every expert


def test_dense_model_dp_is_independent_replicas(catalog: Catalog) -> None:
    """A dense model with DP 4: one engine of four ranks, each rank one TP 1 replica's answer.

    The engine's figures count every rank, as a benchmark client's --max-concurrency does.
    """
    dp = calculate(_inputs(catalog, "qwen2.5-7b-instruct", gpu="h100", num_gpus=4, data_parallel_size=4))
    one = calculate(_inputs(catalog, "qwen2.5-7b-instruct", gpu="h100", num_gpus=1))
    assert dp.memory.stages == one.memory.stages
    assert dp.memory.kv_cache_tokens == one.memory.kv_cache_tokens
    assert dp.performance is not None
    assert one.performance is not None
    assert dp.performance.recommended_concurrency.value == 4 * one.performance.recommended_concurrency.value
    for field in ("ttft_ms", "tpot_ms", "itl_ms"):
        assert getattr(dp.performance.at_recommended, field).value == pytest.approx(
            getattr(one.performance.at_recommended, field).value, rel=1e-12)
    for field in ("output_tokens_per_s", "requests_per_s"):
        assert getattr(dp.performance.at_recommended, field).value == pytest.approx(
            4 * getattr(one.performance.at_recommended, field).value, rel=1e-12)
    assert dp.performance.rate_capacity is not None
    assert one.performance.rate_capacity is not None
    assert dp.performance.rate_capacity.requests_per_s.value == pytest.approx(
        4 * one.performance.rate_capacity.requests_per_s.value, rel=1e-12)
    assert dp.performance.replicas == 1  # one engine of four ranks
    assert not dp.performance.expert_parallel


def test_dp8_at_concurrency_64_is_eight_single_gpus_at_8(catalog: Catalog) -> None:
    """--concurrency counts the whole engine, as a client's --max-concurrency does."""
    dp8 = calculate(_inputs(catalog, "qwen2.5-7b-instruct", gpu="h100", num_gpus=8,
                            data_parallel_size=8), LoadRequest(concurrency=64)).performance
    one = calculate(_inputs(catalog, "qwen2.5-7b-instruct", gpu="h100", num_gpus=1),
                    LoadRequest(concurrency=8)).performance
    assert dp8 is not None
    assert one is not None
    engine, single = dp8.operating_point, one.operating_point
    assert engine.concurrency == 64
    assert engine.ttft_ms.value == pytest.approx(single.ttft_ms.value, rel=1e-12)
    assert engine.tpot_ms.value == pytest.approx(single.tpot_ms.value, rel=1e-12)
    assert engine.output_tokens_per_s.value == pytest.approx(8 * single.output_tokens_per_s.value,
                                                             rel=1e-12)
    assert engine.requests_per_s.value == pytest.approx(8 * single.requests_per_s.value, rel=1e-12)


def _step_ms(inputs: PlanInputs, decode: float = 64, prefill: float = 0) -> float:
    ctx = build_context(inputs, calculate_memory(inputs))
    return ctx.step.step_seconds(decode, prefill, 2048) * 1000


def test_step_time_grows_with_expert_imbalance(catalog: Catalog) -> None:
    """The busiest EP rank sets the step: its expert GEMMs scale with max ÷ mean tokens."""
    times = [_step_ms(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                              enable_expert_parallel=True, expert_imbalance=f), decode=64,
                      prefill=4096)
             for f in (1.0, 1.5, 2.5)]
    assert times[0] < times[1] < times[2]


def test_scalar_and_array_steps_count_the_alltoall_once_with_a_tp_group(catalog: Catalog) -> None:
    """DP 2 × TP 4: the step pays the TP all-reduces and the expert all-to-all once each, on the
    measured surfaces and on the link model of the all-reduce (no measured all-reduce fit)."""
    inputs = _inputs(catalog, "deepseek-v3", num_gpus=8, tensor_parallel_size=4,
                     data_parallel_size=2, enable_expert_parallel=True)
    step = build_context(inputs, calculate_memory(inputs)).step
    assert step.kernels is not None
    assert step.a2a_s_per_token > 0
    link_model = dataclasses.replace(
        step, kernels=dataclasses.replace(step.kernels, allreduce_alpha_s=0.0))
    for model in (step, link_model):
        for decode, prefill in ((1, 0), (64, 0), (32, 2048)):
            scalar = model.step_seconds(decode, prefill, 4096)
            assert scalar == pytest.approx(float(model.step_seconds_many(decode, prefill, 4096)),
                                           rel=1e-9)
            assert model.comm_seconds(decode + prefill) == pytest.approx(
                model.tp_collective_seconds(decode + prefill)
                + model.alltoall_seconds(decode + prefill), rel=1e-12)


def test_alltoall_over_slow_links_costs_more(catalog: Catalog) -> None:
    """DP 16 on 8-GPU NVLink boards: the EP group spans two boards, so the all-to-all runs at
    the network's speed between them; the notice says so."""
    inside = _inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8, enable_expert_parallel=True,
                     all2all_mode=AllToAllMode.NORMAL)
    across = _inputs(catalog, "deepseek-v3", num_gpus=16, data_parallel_size=16,
                     enable_expert_parallel=True, all2all_mode=AllToAllMode.NORMAL)
    fast = build_context(inside, calculate_memory(inside)).step
    slow = build_context(across, calculate_memory(across)).step
    assert slow.a2a_s_per_token > 5 * fast.a2a_s_per_token
    assert slow.alltoall_seconds(256) > fast.alltoall_seconds(256)
    result = calculate(across)
    assert result.performance is not None
    assert "expert_group_spans_link_domain" in {n.code for n in result.performance.notices}


def test_deepep_low_latency_matches_the_measured_kernel_within_ten_percent() -> None:
    """DeepEP low-latency on H200, EP 8, hidden 7168, top-8 of 256, 128 tokens per rank:
    dispatch 112.1 µs + combine 100.6 µs per layer (aiconfigurator-core 0.12.0
    systems/data/h200_sxm/comm/vllm/0.24.0/moe_a2a_perf.parquet). The model: 90 µs fixed +
    128 × 8 × 7168 × (FP8 + scales + BF16) × 7/8 bytes over 142 GB/s."""
    layout = ExpertLayout(data_parallel=8, attention_tp=1, expert_parallel=True, num_experts=256,
                          redundant_experts=0, imbalance=1.0, mode=AllToAllMode.LOW_LATENCY)

    class OneLayer:  # the shape of DeepSeek-V3's MoE layer, one layer
        hidden_size = 7168

        class moe:  # noqa: N801 - stands in for ModelSpec.moe
            num_moe_layers = 1
            experts_per_token = 8
            latent_size = None

    cost = alltoall_cost(OneLayer, layout, 450.0, 1.0, 0.0)  # type: ignore[arg-type]
    per_token = 8 * 7168 * (DISPATCH_BYTES + COMBINE_BYTES) * 7 / 8
    assert cost.bytes_per_token == pytest.approx(per_token)
    assert cost.link_gb_per_s == pytest.approx(450.0 * DEEPEP_LINK_SHARE[AllToAllMode.LOW_LATENCY])
    micro = (cost.fixed_s + 128 * cost.s_per_token) * 1e6
    assert micro == pytest.approx(DEEPEP_FIXED_US[AllToAllMode.LOW_LATENCY] + per_token * 128 / 142e3)
    assert micro == pytest.approx(112.1 + 100.6, rel=0.10)


def test_allgather_path_moves_every_other_dp_ranks_tokens(catalog: Catalog) -> None:
    """vLLM's default allgather_reducescatter: 2 collectives × width × 2 B × (DP − 1) per token."""
    inputs = _inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8, enable_expert_parallel=True)
    step = build_context(inputs, calculate_memory(inputs)).step
    assert step.a2a_bytes_per_token == pytest.approx(2 * 7168 * 2 * 7 * 58)
    assert step.communicates
    assert step.comm_seconds(64) >= step.alltoall_seconds(64) > 0


def test_dp_moe_has_an_interconnect_ceiling_and_expert_terms(catalog: Catalog) -> None:
    """TP 1 alone has no collectives; DP 8 with EP does (the all-to-all), so the interconnect
    ceiling limits and the step breakdown shows the all-to-all on its own line."""
    result = calculate(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                               enable_expert_parallel=True))
    perf = result.performance
    assert perf is not None
    link = next(c for c in perf.ceilings if c.kind.value == "interconnect")
    assert link.limited
    keys = {t.key for t in perf.step_breakdown_ms}
    assert "step.alltoall_ms" in keys
    figures = {t.key: t for t in perf.expert_parallel}
    assert figures["expert_parallel.size"].value == 8
    assert figures["expert_parallel.experts_per_gpu"].value == 32
    assert figures["expert_parallel.imbalance"].value == 1.4
    assert figures["expert_parallel.alltoall_ms_per_step"].value > 0
    assert all(t.sources for t in perf.expert_parallel)


def test_bad_expert_layouts_are_refused_with_a_reason(catalog: Catalog) -> None:
    """Redundant experts need EP + EPLB; DeepEP needs EP; copies must spread evenly; DP groups
    must fit the GPUs."""
    with pytest.raises(PlanError, match="redundant experts need"):
        calculate_memory(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                                 enable_expert_parallel=True, num_redundant_experts=8))
    with pytest.raises(PlanError, match="DeepEP"):
        calculate_memory(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                                 all2all_mode=AllToAllMode.LOW_LATENCY))
    with pytest.raises(PlanError, match="spread"):
        calculate_memory(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                                 enable_expert_parallel=True, enable_eplb=True, num_redundant_experts=4))
    with pytest.raises(ValueError, match="needs at least 16 GPUs"):
        Deployment(num_gpus=8, data_parallel_size=8, tensor_parallel_size=2)


def test_fleet_counts_whole_engines() -> None:
    """A replica is one engine of DP × TP × PP GPUs, its rates all its ranks': 2.5 req/s on
    engines of DP 4 × TP 1 carrying 4 req/s planned is one engine + one spare = 8 GPUs."""
    planned, by = planned_concurrency(40, 0.7, None)
    rates = ReplicaRates(concurrency=40, planned_concurrency=planned, planned_by=by, watermark=0.7,
                         requests_per_s_capacity=4.0 / 0.7, requests_per_s_planned=4.0,
                         output_tokens_per_s_planned=400.0, output_tokens_per_s_capacity=571.0,
                         output_tokens_per_s_saturated=600.0)
    verdict = fleet_verdict(rates, Workload(qps_avg=2.5), 12, 4, None, 100.0)
    assert verdict is not None
    assert verdict.replicas_needed.value == 2
    assert verdict.gpus_needed.value == 8
    assert verdict.replicas_deployed.value == 3
    more = fleet_verdict(rates, Workload(qps_avg=9.0), 6, 4, None, 100.0)
    assert more is not None
    assert more.replicas_needed.value == 4  # ceil(9 ÷ 4) + 1
    assert more.replicas_deployed.value == 1  # 6 GPUs hold one whole engine of 4


def test_sizing_proposes_dp_ep_where_tp_alone_does_not_fit(catalog: Catalog) -> None:
    """DeepSeek-V3 FP8 on H100 80 GB: TP 8 holds 256 × … ÷ 8 ≈ 76 GiB of experts per GPU and
    does not fit; a DP × TP engine of 16 GPUs spreads the experts over 16 ranks."""
    base = _inputs(catalog, "deepseek-v3", gpu="h100", num_gpus=8, tensor_parallel_size=8)
    rows = size_fleet(base, [base.gpu], [precision_tiers(catalog)["fp8"]], SizingRequest(qps_avg=1.0))
    assert rows
    assert all(r.gpus_per_replica == 16 for r in rows)  # the fewest GPUs that hold the experts
    dp_rows = [r for r in rows if r.data_parallel_size > 1]
    assert dp_rows
    assert dp_rows[0].layout_text == f"{dp_rows[0].tensor_parallel_size}×DP{dp_rows[0].data_parallel_size}"
    assert rows[0].gpus_total % 16 == 0  # whole engines of DP × TP GPUs


def test_an_mtp_layer_shards_its_experts_over_the_expert_group_like_the_target(
        catalog: Catalog) -> None:
    """vLLM builds the MTP layer's MoE like the target's, so under DP 8 + EP each GPU holds an
    eighth of its experts — as at TP 8, not all of them."""
    mtp = SpeculativeDecoding(method=SpecMethod.MTP, num_speculative_tokens=1)
    ep = _weights(_inputs(catalog, "deepseek-v3", num_gpus=8, data_parallel_size=8,
                          enable_expert_parallel=True, speculative_config=mtp))
    tp = _weights(_inputs(catalog, "deepseek-v3", num_gpus=8, tensor_parallel_size=8,
                          speculative_config=mtp))
    whole = _weights(_inputs(catalog, "deepseek-v3", num_gpus=1, speculative_config=mtp))
    ep_draft, tp_draft, whole_draft = (w["weights.speculative_draft"] for w in (ep, tp, whole))
    assert ep_draft < whole_draft / 4  # the experts are the bulk of the layer: 1.72 of 10.9 GiB
    assert ep_draft > tp_draft  # its attention and shared expert stay whole on each DP rank (TP 1)
