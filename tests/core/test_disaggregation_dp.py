"""DP / EP per disaggregated pool: each pool's engine is DP × TP × PP GPUs, its replica one DP rank.

Engines: SGLang docs advanced_features/pd_disaggregation.md and the DeepSeek-V3 large-scale EP
deployment (LMSYS blog "Deploying DeepSeek with PD Disaggregation and Large-scale Expert
Parallelism", 2025: prefill servers at DP attention + EP, decode servers at a larger DP + EP);
SGLang ``--dp`` with ``--enable-dp-attention`` and vLLM docs "Data Parallel Deployment" (one
engine spans DP × TP × PP GPUs, each DP rank its own KV cache and scheduler); vLLM docs "Expert
Parallel Deployment" (experts shard over the DP × TP ranks of one engine).
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.fleet.disaggregation import PoolShape, disaggregated_plan, pool_inputs, pool_sizes
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.parallel.expert_parallel import expert_layout
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from tests.helpers import plan

BYTES_PER_GIB = 1024**3
FP8_BLOCK_BITS = 8.002  # the catalog's fp8: 8 + 32/(128×128), a scale per 128×128 block, rounded
# DeepSeek-V3 routed experts: 256 × 3 × 7168 × 2048 × 58 MoE layers (the first 3 layers are dense)
DSV3_ROUTED_GIB = 256 * 3 * 7168 * 2048 * 58 * FP8_BLOCK_BITS / 8 / BYTES_PER_GIB


def _deepseek(catalog: Catalog, **pools: object) -> PlanInputs:
    dep = Deployment(max_model_len=32768, num_gpus=8, data_parallel_size=8,
                     enable_expert_parallel=True,
                     disaggregation=Disaggregation(enabled=True, **pools))
    workload = Workload(input_len_p50=2000, output_len_p50=300, qps_avg=40.0)
    return resolve_inputs(catalog, "deepseek-v3", "h200", dep, workload)


def _experts_gib_per_gpu(inputs: PlanInputs) -> float:
    stage = calculate_memory(inputs, single_gpu_check=False).stages[0]
    return next(t.value for t in stage.weights if t.key == "weights.experts")


def test_deepseek_v3_pools_shard_experts_over_their_own_ep_size(catalog: Catalog) -> None:
    """Prefill DP 8 + EP: 256 ÷ 8 = 32 experts per GPU; decode DP 16 + EP: 256 ÷ 16 = 16."""
    inputs = _deepseek(catalog, prefill_dp=8, decode_dp=16)
    prefill, decode = pool_sizes(inputs.deployment)
    assert (prefill, decode) == (PoolShape(1, 1, 8), PoolShape(1, 1, 16))
    for shape, experts in ((prefill, 32), (decode, 16)):
        pool = pool_inputs(inputs, shape)
        assert pool.deployment.num_gpus == shape.dp  # one engine of DP × TP 1 × PP 1
        assert pool.deployment.replicas == shape.dp  # its replicas are its DP ranks
        layout = expert_layout(pool.model, pool.deployment)
        assert layout is not None
        assert layout.experts_per_gpu == experts
        assert _experts_gib_per_gpu(pool) == pytest.approx(DSV3_ROUTED_GIB * experts / 256, rel=1e-9)


def test_deepseek_v3_pool_gpus_come_in_whole_engines(catalog: Catalog) -> None:
    """3 prefill replicas at DP 8 are one engine (8 GPUs); 20 decode replicas at DP 16 are two (32)."""
    d = disaggregated_plan(_deepseek(catalog, prefill_dp=8, decode_dp=16, prefill_replicas=3,
                                     decode_replicas=20))
    assert (d.prefill_dp, d.decode_dp) == (8, 16)
    assert (d.prefill_engines, d.decode_engines) == (1, 2)
    assert (d.prefill_gpus, d.decode_gpus, d.gpus) == (8, 32, 40)
    assert d.ratio == "1P2D"  # servers of each pool, as SGLang and Dynamo count them
    sized = disaggregated_plan(_deepseek(catalog, prefill_dp=8, decode_dp=16))
    for replicas, dp, gpus in ((sized.prefill_replicas, 8, sized.prefill_gpus),
                               (sized.decode_replicas, 16, sized.decode_gpus)):
        assert gpus == -(-replicas // dp) * dp
    # one spare replica per pool still costs a whole engine when the pool is full
    assert sized.gpus_with_spares(1) == (-(-(sized.prefill_replicas + 1) // 8) * 8
                                         + -(-(sized.decode_replicas + 1) // 16) * 16)


def test_pool_dp_defaults_to_the_deployments_dp(catalog: Catalog) -> None:
    prefill, decode = pool_sizes(_deepseek(catalog).deployment)
    assert prefill.dp == decode.dp == 8


def _llama(catalog: Catalog, **pools: object) -> PlanInputs:
    return plan(catalog, "llama-3.1-8b-instruct",
                workload=Workload(input_len_p50=2000, output_len_p50=300, qps_avg=20.0),
                disaggregation=Disaggregation(enabled=True, **pools))


def test_dense_pool_dp_2_is_replicas_of_the_same_per_replica_answer(catalog: Catalog) -> None:
    """A dense model has no expert group: DP 2 is two independent replicas per engine."""
    one = disaggregated_plan(_llama(catalog))
    two = disaggregated_plan(_llama(catalog, prefill_dp=2, decode_dp=2))
    for name in ("prefill_requests_per_s_per_replica", "decode_requests_per_s_per_replica",
                 "decode_knee_requests", "decode_tpot_ms", "prefill_ms", "ttft_ms"):
        assert getattr(two, name).value == pytest.approx(getattr(one, name).value, rel=1e-9), name
    assert (two.prefill_replicas, two.decode_replicas) == (one.prefill_replicas, one.decode_replicas)
    assert two.prefill_gpus == -(-one.prefill_replicas // 2) * 2
    assert two.decode_gpus == -(-one.decode_replicas // 2) * 2


def test_odd_fixed_replicas_round_up_to_an_engine(catalog: Catalog) -> None:
    d = disaggregated_plan(_llama(catalog, prefill_dp=2, prefill_replicas=3, decode_replicas=3))
    assert (d.prefill_engines, d.prefill_gpus) == (2, 4)
    assert (d.decode_engines, d.decode_gpus) == (3, 3)
    assert d.ratio == "2P3D"
