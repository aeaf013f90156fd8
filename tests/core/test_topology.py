"""NVLink domains: bridge pairs, PCIe-only cards, 8-GPU boards and NVL72 racks."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.parallel.topology import (
    LinkLevel,
    LinkTopology,
    domain_notice,
    link_domain_gpus,
    link_plan,
    link_topology,
    pipeline_hop_levels,
)
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload

NOTICE = "parallel_spans_link_domain"


def _inputs(catalog: Catalog, gpu: GpuSpec | str, tp: int, pp: int = 1,
            model: str = "llama-3.1-70b-instruct") -> PlanInputs:
    spec = catalog.gpus[gpu] if isinstance(gpu, str) else gpu
    inputs = resolve_inputs(
        catalog, model, "h100-sxm-80gb",
        Deployment(num_gpus=tp * pp, tensor_parallel_size=tp, pipeline_parallel_size=pp,
                   max_model_len=8192),
        Workload(input_len_p50=2000, input_len_p95=6000, output_len_p50=300), Targets(tpot_ms=50))
    return inputs.model_copy(update={"gpu": spec})


def _as_board(gpu: GpuSpec) -> GpuSpec:
    """The same card with its fast link joining all eight GPUs of the server."""
    link = gpu.interconnect.model_copy(update={"max_gpus_per_domain": 8})
    return gpu.model_copy(update={"interconnect": link})


def _perf(inputs: PlanInputs, concurrency: int | None = None) -> PerformanceResult:
    perf = calculate(inputs, LoadRequest(concurrency=concurrency) if concurrency else None).performance
    assert perf is not None
    return perf


def test_bundled_cards_fall_into_the_four_topologies(catalog: Catalog) -> None:
    gpus = catalog.gpus
    assert link_topology(gpus["h100-pcie-80gb"]) == LinkTopology.BRIDGE_PAIRS
    assert link_domain_gpus(gpus["h100-pcie-80gb"]) == 2
    assert link_domain_gpus(gpus["a30-24gb"]) == 2  # a bridge with no stated domain: a pair
    assert link_topology(gpus["l40s-48gb"]) == LinkTopology.PCIE_ONLY
    assert link_topology(gpus["h100-sxm-80gb"]) == LinkTopology.BOARD
    assert link_domain_gpus(gpus["h100-sxm-80gb"]) == 8
    assert link_topology(gpus["gb200-186gb"]) == LinkTopology.RACK
    assert link_domain_gpus(gpus["gb200-186gb"]) == 72


def test_h100_pcie_ring_runs_at_pcie_past_its_bridge_pair(catalog: Catalog) -> None:
    gpu = catalog.gpus["h100-pcie-80gb"]  # NVLink 4 bridge 600 GB/s bidir; PCIe Gen5 x16 128
    assert link_plan(gpu, 2, 1).tp_ring_unidir_gb_per_s == 300.0
    wide = link_plan(gpu, 8, 1)
    assert wide.tp_ring_unidir_gb_per_s == 64.0
    assert wide.tp_spans_domains


def test_pipeline_hops_cross_domains_where_stages_leave_them() -> None:
    fast, host, network = LinkLevel.FAST, LinkLevel.HOST, LinkLevel.NETWORK
    # domain 8 in a node of 8, TP 4: two stages per domain, so hops 1→2 and 3→4 stay fast,
    # 2→3 crosses to the next node
    assert pipeline_hop_levels(8, 8, 4, 4) == (fast, network, fast)
    # bridge pairs in a server of 8, TP 4: every stage leaves its pair, the third its server
    assert pipeline_hop_levels(2, 8, 4, 3) == (host, network)
    assert pipeline_hop_levels(8, 8, 8, 1) == ()


def test_h100_pcie_at_tp8_is_slower_than_the_same_card_on_an_nvlink_board(catalog: Catalog) -> None:
    pcie = catalog.gpus["h100-pcie-80gb"]
    bridged = _perf(_inputs(catalog, pcie, 8), concurrency=32)
    board = _perf(_inputs(catalog, _as_board(pcie), 8), concurrency=32)
    assert bridged.operating_point.tpot_ms.value > board.operating_point.tpot_ms.value
    assert bridged.comm_share.value > board.comm_share.value
    link = CeilingKind.INTERCONNECT
    assert bridged.ceiling(link).value.value < board.ceiling(link).value.value
    notice = next(n for n in bridged.notices if n.code == NOTICE)
    assert notice.params["domain_gpus"] == 2
    assert notice.params["host_gb_s"] == 64.0
    assert notice.params["fast_gb_s"] == 300.0
    assert not any(n.code == NOTICE for n in board.notices)


def test_h100_pcie_at_tp8_is_slower_than_h100_sxm_at_tp8(catalog: Catalog) -> None:
    pcie = _perf(_inputs(catalog, "h100-pcie-80gb", 8), concurrency=32)
    sxm = _perf(_inputs(catalog, "h100-sxm-80gb", 8), concurrency=32)
    assert pcie.operating_point.tpot_ms.value > sxm.operating_point.tpot_ms.value
    assert pcie.recommended_concurrency.value < sxm.recommended_concurrency.value
    assert any(n.code == NOTICE for n in pcie.notices)
    assert not any(n.code == NOTICE for n in sxm.notices)


def test_a100_pcie_at_tp2_stays_on_its_bridge(catalog: Catalog) -> None:
    pcie = catalog.gpus["a100-pcie-80gb"]
    model = "llama-3.1-8b-instruct"
    pair = _perf(_inputs(catalog, pcie, 2, model=model), concurrency=16)
    board = _perf(_inputs(catalog, _as_board(pcie), 2, model=model), concurrency=16)
    assert pair.operating_point.tpot_ms.value == board.operating_point.tpot_ms.value
    assert [c.value.value for c in pair.ceilings] == [c.value.value for c in board.ceilings]
    assert [n.code for n in pair.notices] == ["weak_mapped_kernels"]  # no layout notice


@pytest.mark.parametrize(("gpu", "tp", "pp", "spans"), [
    ("l40s-48gb", 8, 1, False),  # PCIe-only: no faster link to lose
    ("gb200-186gb", 16, 1, False),  # NVL72: one domain across the rack
    ("h100-sxm-80gb", 8, 2, True),  # the second board is reached over the host path
    ("h100-sxm-80gb", 4, 2, False),  # both stages on one board
    ("h200-nvl-141gb", 4, 1, False),  # a 4-way bridge
])
def test_domain_notice_only_when_the_replica_leaves_its_domain(
        catalog: Catalog, gpu: str, tp: int, pp: int, spans: bool) -> None:
    assert (domain_notice(catalog.gpus[gpu], tp, pp) is not None) is spans


def test_sizing_keeps_tensor_parallel_inside_the_domain(catalog: Catalog) -> None:
    base = _inputs(catalog, "a100-pcie-80gb", 1)  # 70B at 16 bits needs TP 4 on 80 GB cards
    precision = (base.weight_format, base.kv_format)
    rows = size_fleet(base, [catalog.gpus["a100-pcie-80gb"], catalog.gpus["a100-sxm-80gb"]],
                      [precision], SizingRequest(qps_avg=2.0))
    layouts = {(r.gpu, r.tensor_parallel_size) for r in rows}
    assert ("a100-sxm-80gb", 4) in layouts  # the board takes the layout the pair cannot
    assert all(tp <= 2 for gpu, tp in layouts if gpu == "a100-pcie-80gb")
