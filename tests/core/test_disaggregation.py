"""Prefill/decode disaggregation worked by hand: pool sizes, KV transfer, TTFT, decode TPOT, errors.

Engines: vLLM docs features/disagg_prefill.md (the KV connector moves the prompt's KV cache from
the prefill instance to the decode instance before decoding); SGLang docs
advanced_features/pd_disaggregation.md (``--disaggregation-mode prefill|decode``); DistServe
(OSDI 2024) §3 (each pool sized for its own SLO, no prefill–decode interference).
"""

from __future__ import annotations

import math

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.load import closed_loop
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.common.errors import PlanError
from gpucalc.core.fleet.disaggregation import (
    PoolShape,
    decode_step_seconds,
    disaggregated_plan,
    md1_wait_seconds,
    pool_context,
    utilisation_within_wait,
)
from gpucalc.core.fleet.kv_transfer import (
    HOST_LINK,
    kv_sending_gpus,
    kv_transfer_bytes,
    kv_transfer_link,
)
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.inputs import PlanInputs, Workload
from tests.helpers import plan

LLAMA_8B = "llama-3.1-8b-instruct"
# Llama-3.1-8B: 32 layers × 2 (K, V) × 8 KV heads × 128 head dim × 2 bytes (BF16) per token
LLAMA_8B_KV_BYTES_PER_TOKEN = 32 * 2 * 8 * 128 * 2  # 131,072


def _inputs(catalog: Catalog, tp: int = 1, qps: float = 20.0, **pools: object) -> PlanInputs:
    return plan(catalog, LLAMA_8B, tensor_parallel_size=tp, num_gpus=tp,
                workload=Workload(input_len_p50=2000, output_len_p50=300, qps_avg=qps),
                disaggregation=Disaggregation(enabled=True, **pools))


def test_kv_bytes_of_a_prompt_are_all_layers_of_the_whole_model(catalog: Catalog) -> None:
    inputs = _inputs(catalog)
    assert kv_transfer_bytes(inputs.model, 2.0, 2000) == 2000 * LLAMA_8B_KV_BYTES_PER_TOKEN
    # TP 4 splits the 8 KV heads: four ranks hold distinct shards and send at once
    assert kv_sending_gpus(inputs.model, 2.0, 4, 1) == 4
    assert kv_sending_gpus(inputs.model, 2.0, 16, 2) == 16  # 8 distinct shards × 2 stages


def test_kv_transfer_of_2000_tokens_over_50_gb_per_s(catalog: Catalog) -> None:
    # 400 Gb/s = 50 GB/s; 2000 × 131,072 B = 262.144 MB ÷ 50 GB/s = 5.24288 ms, + the latency
    d = disaggregated_plan(_inputs(catalog, kv_transfer_gbps=400))
    latency_ms = float(d.kv_transfer_ms.inputs["latency_us"]) / 1000
    assert d.kv_transfer_ms.value == pytest.approx(5.24288 + latency_ms, rel=1e-6)
    assert d.kv_transfer_ms.inputs["kv_bytes"] == 262_144_000


def test_ttft_is_queue_plus_prefill_plus_transfer(catalog: Catalog) -> None:
    fast = disaggregated_plan(_inputs(catalog, kv_transfer_gbps=400, prefill_replicas=2))
    slow = disaggregated_plan(_inputs(catalog, kv_transfer_gbps=40, prefill_replicas=2))
    parts = fast.ttft_ms.inputs
    assert fast.ttft_ms.value == pytest.approx(
        float(parts["wait_ms"]) + fast.prefill_ms.value + fast.kv_transfer_ms.value, rel=1e-3)
    # ten times slower link: 52.4288 ms instead of 5.24288 ms, all of it in the TTFT
    added = slow.kv_transfer_ms.value - fast.kv_transfer_ms.value
    assert added == pytest.approx(52.4288 - 5.24288, rel=1e-6)
    assert slow.ttft_ms.value - fast.ttft_ms.value == pytest.approx(added, rel=1e-6)


def test_md1_wait_and_its_inverse_by_hand() -> None:
    # wait budget 1 s, service 1 s: ρ = 2 × 1 ÷ (1 + 2 × 1) = 2/3; wait at 2/3 = (2/3) ÷ (2/3) = 1 s
    assert utilisation_within_wait(1.0, 1.0) == pytest.approx(2 / 3)
    assert md1_wait_seconds(2 / 3, 1.0) == pytest.approx(1.0)
    assert utilisation_within_wait(-0.1, 1.0) == 0.0
    assert math.isinf(md1_wait_seconds(1.0, 1.0))


def test_pool_sizes_follow_the_fleet_rule(catalog: Catalog) -> None:
    # prefill: ceil(QPS ÷ (0.7 × prompts/s at the TTFT target)); decode: ceil(QPS ÷ (0.7 × req/s
    # at the decode knee)), with req/s = knee ÷ (output × decode step)
    qps = 37.0
    d = disaggregated_plan(_inputs(catalog, qps=qps))
    p_rate = d.prefill_requests_per_s_per_replica.value
    assert d.prefill_replicas == math.ceil(qps / (0.7 * p_rate))
    knee = d.decode_knee_requests.value
    d_rate = knee / (300 * d.decode_tpot_ms.value / 1000)
    assert d.decode_requests_per_s_per_replica.value == pytest.approx(d_rate)
    assert d.decode_replicas == math.ceil(qps / (0.7 * d_rate))
    assert d.ratio == f"{d.prefill_replicas}P{d.decode_replicas}D"
    assert d.prefill_gpus == d.prefill_replicas
    assert d.decode_gpus == d.decode_replicas
    assert d.carries
    assert not d.notices


def test_prefill_capacity_meets_the_ttft_target_exactly(catalog: Catalog) -> None:
    d = disaggregated_plan(_inputs(catalog, prefill_replicas=1))
    tok_s = d.prefill_tokens_per_s_per_replica.value
    service_s = 2000 / tok_s
    rate = d.prefill_requests_per_s_per_replica.value
    wait_s = md1_wait_seconds(rate * service_s, service_s)
    ttft_ms = wait_s * 1000 + d.prefill_ms.value + d.kv_transfer_ms.value
    assert ttft_ms == pytest.approx(2000.0, rel=1e-6)  # the default TTFT target


def test_fixed_pools_smaller_than_needed_are_flagged(catalog: Catalog) -> None:
    d = disaggregated_plan(_inputs(catalog, qps=200.0, prefill_replicas=1, decode_replicas=1))
    assert (d.prefill_replicas, d.decode_replicas) == (1, 1)
    assert not d.carries
    assert d.notices[0].code == "disaggregated_pool_short"


def test_decode_tpot_is_lower_without_prefill_interference(catalog: Catalog) -> None:
    inputs = _inputs(catalog)
    memory = calculate_memory(inputs)
    aggregated = build_context(inputs, memory)
    decode = pool_context(inputs, PoolShape(1, 1, 1), "decode_tp")
    for batch in (8, 32, 128):
        mixed = closed_loop(aggregated.step, aggregated.shape(aggregated.running_cap()), batch)
        assert decode_step_seconds(decode, batch) < mixed.tpot_s


def test_link_inside_one_domain_is_the_fast_link(catalog: Catalog) -> None:
    gpu = catalog.gpus["h100-sxm-80gb"]
    inside = kv_transfer_link(gpu, 8, None, 1e-5)
    assert inside.unidir_gb_per_s == gpu.link_unidir_gb_per_s
    outside = kv_transfer_link(gpu, 9, None, 1e-5)
    assert outside.name == HOST_LINK
    assert outside.unidir_gb_per_s < inside.unidir_gb_per_s
    assert kv_transfer_link(gpu, 9, 400.0, 1e-5).unidir_gb_per_s == 50.0


def test_pools_that_leave_the_domain_move_kv_over_the_gpus_default_network(
        catalog: Catalog) -> None:
    inputs = _inputs(catalog, qps=400.0)
    assert inputs.network is not None
    d = disaggregated_plan(inputs)
    assert d.gpus > 8
    assert d.link_name == inputs.network.name
    assert disaggregated_plan(inputs.model_copy(update={"network": None})).link_name == HOST_LINK


@pytest.mark.parametrize("field", ["prefill_tp", "decode_tp"])
def test_pool_tp_that_does_not_divide_the_heads_is_a_coded_error(catalog: Catalog, field: str) -> None:
    with pytest.raises(PlanError) as caught:
        disaggregated_plan(_inputs(catalog, **{field: 3}))
    assert caught.value.code == "pool_tp_heads"
    assert caught.value.field == f"deployment.disaggregation.{field}"
    assert caught.value.field_names == (field,)


def test_a_prefill_pool_that_cannot_meet_the_ttft_target_says_so(catalog: Catalog) -> None:
    inputs = _inputs(catalog)
    tight = inputs.model_copy(update={"targets": inputs.targets.model_copy(update={"ttft_ms": 1.0})})
    with pytest.raises(PlanError) as caught:
        disaggregated_plan(tight)
    assert caught.value.code == "prefill_misses_ttft"


def test_pools_past_the_domain_move_kv_over_the_scale_out_network(catalog: Catalog) -> None:
    gpu = catalog.gpus["h100-sxm-80gb"]
    network = catalog.network("ib-ndr-400")
    link = kv_transfer_link(gpu, 16, None, 1e-5, network)
    assert link.name == network.name
    assert link.unidir_gb_per_s == pytest.approx(network.per_gpu_unidir_gb_per_s)
    assert link.latency_s == pytest.approx(1e-5 + network.latency_us * 1e-6)
    assert kv_transfer_link(gpu, 8, None, 1e-5, network).unidir_gb_per_s == gpu.link_unidir_gb_per_s
    inputs = _inputs(catalog, qps=400.0).model_copy(update={"network": network})
    assert disaggregated_plan(inputs).link_name == network.name
