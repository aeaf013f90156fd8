"""Nodes and the scale-out network: where collectives leave the node and what they run at.

Hand-worked figures from the bundled tables: H100 SXM NVLink 4 is 900 GB/s bidirectional (450
per direction) inside an 8-GPU HGX board; one ConnectX-7 NDR 400 Gb/s per GPU carries 400 ÷ 8 =
50 GB/s per direction between nodes (aiconfigurator-core 0.12.0 systems/h100_sxm.yaml
``inter_node_bw: 50000000000``). GB200 NVL72 joins 72 GPUs by NVLink 5 (1,800 GB/s bidir) and
counts as one node (systems/gb200.yaml ``num_gpus_per_rack: 72``, CX8 800 Gb/s between racks).
"""

from __future__ import annotations

from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, calculate, layout_notices
from gpucalc.core.common.errors import InputRuleError
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.parallel.topology import (
    LinkLevel,
    group_collective_unidir_gb_per_s,
    node_placement,
    node_summary,
    replica_link_plan,
)
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.core.specs.network import FALLBACK_NETWORK_ID, default_network_id

MODEL = "llama-3.1-70b-instruct"


def _inputs(catalog: Catalog, gpu: str, tp: int, pp: int = 1, **nodes: Any) -> PlanInputs:
    num_gpus = int(nodes.pop("num_gpus", tp * pp))
    return resolve_inputs(
        catalog, MODEL, gpu,
        Deployment(num_gpus=num_gpus, tensor_parallel_size=tp, pipeline_parallel_size=pp,
                   max_model_len=8192, **nodes),
        Workload(input_len_p50=2000, output_len_p50=300), Targets(tpot_ms=100))


def test_sixteen_h100_over_two_nodes_run_tp_inside_and_the_pp_hop_at_nic_speed(
        catalog: Catalog) -> None:
    inputs = _inputs(catalog, "h100-sxm-80gb", 8, 2, nodes=2)
    plan = replica_link_plan(inputs)
    assert plan.placement.nodes == 2
    assert plan.placement.gpus_per_node == 8
    assert plan.tp_ring_unidir_gb_per_s == 450.0  # NVLink 4, 900 bidir ÷ 2
    assert plan.pp_hops_unidir_gb_per_s == (50.0,)  # 400 Gb/s × 1 NIC ÷ 8
    assert plan.pp_hop_levels == (LinkLevel.NETWORK,)
    assert not plan.tp_spans_nodes
    assert plan.pp_hops_across_nodes == 1
    codes = [n.code for n in layout_notices(inputs)]
    assert codes == ["pp_hops_across_nodes"]


def test_tp_sixteen_across_two_nodes_is_flagged_and_runs_at_nic_speed(catalog: Catalog) -> None:
    inputs = _inputs(catalog, "h100-sxm-80gb", 16, nodes=2)
    plan = replica_link_plan(inputs)
    assert plan.tp_spans_nodes
    assert plan.tp_ring_unidir_gb_per_s == 50.0
    (notice,) = layout_notices(inputs)
    assert notice.code == "tp_spans_nodes"
    assert notice.params["tp_nodes"] == 2
    assert notice.params["scale_out_gb_s"] == 50.0
    assert notice.params["fast_gb_s"] == 450.0


def test_tp_across_nodes_is_slower_than_pp_across_nodes(catalog: Catalog) -> None:
    def tpot(tp: int, pp: int) -> float:
        perf = calculate(_inputs(catalog, "h100-sxm-80gb", tp, pp, nodes=2),
                         LoadRequest(concurrency=32)).performance
        assert perf is not None
        return perf.operating_point.tpot_ms.value

    assert tpot(16, 1) > tpot(8, 2)


def test_nvl72_is_one_node_and_tp_sixteen_stays_on_nvlink(catalog: Catalog) -> None:
    inputs = _inputs(catalog, "gb200-186gb", 16, num_gpus=72)
    plan = replica_link_plan(inputs)
    assert plan.placement.nodes == 1
    assert plan.placement.gpus_per_node == 72
    assert plan.tp_ring_unidir_gb_per_s == 900.0  # NVLink 5, 1,800 bidir ÷ 2
    assert not plan.tp_spans_nodes
    assert layout_notices(inputs) == ()
    two_racks = node_placement(inputs.gpu, inputs.deployment.model_copy(update={"num_gpus": 144}),
                               inputs.network)
    assert two_racks.nodes == 2
    assert two_racks.scale_out_unidir_gb_per_s == 100.0  # CX8 XDR 800 Gb/s ÷ 8


def test_nodes_default_from_the_gpu_count(catalog: Catalog) -> None:
    inputs = _inputs(catalog, "h100-sxm-80gb", 8, num_gpus=24)
    summary = node_summary(inputs)
    assert (summary.nodes, summary.gpus_per_node, summary.network) == (3, 8, "ib-ndr-400")
    assert summary.scale_out.value == 50.0
    assert summary.scale_out.inputs["nic_line_rate_gbit_per_s"] == 400.0
    assert summary.scale_out.sources, "the network's citations travel with the figure"


def test_nodes_that_do_not_hold_the_gpus_are_refused_with_the_fields_named(catalog: Catalog) -> None:
    with pytest.raises(InputRuleError) as caught:
        _inputs(catalog, "h100-sxm-80gb", 4, num_gpus=12, nodes=2)
    rule = caught.value
    assert rule.field == "nodes"
    assert rule.values["node_gpus"] == 16
    assert set(rule.field_names) == {"nodes", "gpus_per_node", "num_gpus"}
    ok = _inputs(catalog, "h100-sxm-80gb", 4, num_gpus=12, nodes=2, gpus_per_node=6)
    assert node_summary(ok).gpus_per_node == 6


def test_group_collective_bandwidth_by_group_size(catalog: Catalog) -> None:
    """The figure an expert-parallel all-to-all over DP × TP ranks uses."""
    plan = replica_link_plan(_inputs(catalog, "h100-sxm-80gb", 8, 2, nodes=2))
    assert group_collective_unidir_gb_per_s(plan, 8) == 450.0
    assert group_collective_unidir_gb_per_s(plan, 16) == 50.0
    bridged = replica_link_plan(_inputs(catalog, "h100-pcie-80gb", 2, 1, num_gpus=16))
    assert group_collective_unidir_gb_per_s(bridged, 2) == 300.0  # the NVLink bridge pair
    assert group_collective_unidir_gb_per_s(bridged, 8) == 64.0  # PCIe Gen5 x16 inside the server
    assert group_collective_unidir_gb_per_s(bridged, 16) == 50.0  # NDR 400 between servers


def test_a_slower_network_slows_the_cross_node_pipeline(catalog: Catalog) -> None:
    def tpot(network: str) -> float:
        perf = calculate(_inputs(catalog, "h100-sxm-80gb", 8, 2, nodes=2, network=network),
                         LoadRequest(concurrency=64)).performance
        assert perf is not None
        return perf.operating_point.tpot_ms.value

    assert tpot("ethernet-100g-per-server") > tpot("ib-ndr-400")


def test_each_gpu_gets_its_servers_network(catalog: Catalog) -> None:
    networks = catalog.networks
    assert default_network_id("h100-sxm-80gb", networks) == "ib-ndr-400"
    assert default_network_id("a100-sxm-80gb", networks) == "ib-hdr-200"
    assert default_network_id("b200-180gb", networks) == "ib-xdr-800"
    assert default_network_id("no-such-gpu", networks) == FALLBACK_NETWORK_ID
    assert default_network_id("h100-sxm-80gb", {}) is None
    assert networks["ethernet-100g-per-server"].per_gpu_unidir_gb_per_s == 1.5625  # 100 × ⅛ ÷ 8


def test_every_gpu_named_by_a_network_exists_and_every_network_is_sourced(catalog: Catalog) -> None:
    for network in catalog.networks.values():
        assert network.sources, network.id
        assert set(network.default_for_gpus) <= set(catalog.gpus), network.id


def test_without_a_network_nodes_talk_over_the_host_path(catalog: Catalog) -> None:
    inputs = _inputs(catalog, "h100-sxm-80gb", 16).model_copy(update={"network": None})
    plan = replica_link_plan(inputs)
    assert plan.tp_ring_unidir_gb_per_s == 64.0  # PCIe Gen5 x16, 128 bidir ÷ 2, as before nodes


def test_sizing_keeps_tensor_parallel_inside_one_node(catalog: Catalog) -> None:
    base = _inputs(catalog, "h100-sxm-80gb", 1, num_gpus=2, gpus_per_node=2)
    precision = (base.weight_format, base.kv_format)
    rows = size_fleet(base, [catalog.gpus["h100-sxm-80gb"]], [precision], SizingRequest(qps_avg=2.0))
    assert rows
    # 70B in BF16 needs TP 2 at least; in nodes of 2 GPUs a wider engine adds pipeline stages
    assert {r.tensor_parallel_size for r in rows} == {2}
    wide = size_fleet(base.model_copy(update={"deployment": base.deployment.model_copy(
        update={"gpus_per_node": None})}), [catalog.gpus["h100-sxm-80gb"]], [precision],
        SizingRequest(qps_avg=2.0))
    # every TP of an 8-GPU node that serves the traffic, none wider, no pipeline across nodes
    assert {r.tensor_parallel_size for r in wide} == {4, 8}
    assert {r.pipeline_parallel_size for r in wide} == {1}
