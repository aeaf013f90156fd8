"""Which link each collective of a replica runs over: fast link, host path or network.

A GPU's fast link (NVLink, an NVLink bridge, xGMI, HCCS) joins only the GPUs of one domain:
two cards for an NVLink bridge pair, eight on an HGX/NVSwitch board, 72 in an NVL72 rack.
A node is one server (or one NVL72-class rack, which counts as one node): inside it, past the
domain, the ring's slowest hop is the host path (PCIe). Between nodes every byte crosses the
scale-out network (:mod:`gpucalc.core.specs.network`) at its per-GPU NIC bandwidth. PCIe-only cards
have no faster link at all.

GPUs are numbered in order and packed into domains and nodes (TP innermost, then PP, then
replicas), as vLLM and SGLang place ranks: a group stays on the fastest level all of its GPUs
share.
"""

from __future__ import annotations

import math
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from gpucalc.core.common.errors import InputRuleError
from gpucalc.core.common.explain import Notice, Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.gpu_spec import GpuSpec, InterconnectKind
from gpucalc.core.specs.network import NetworkSpec

if TYPE_CHECKING:
    from gpucalc.core.specs.inputs import Deployment, PlanInputs

BRIDGE_DOMAIN_GPUS = 2  # an NVLink bridge joins a pair unless the table says otherwise
BOARD_DOMAIN_GPUS = 8  # one server board when the table gives no domain size
HOST_PATH_FALLBACK_BIDIR_GB_PER_S = 32.0  # PCIe Gen3 x16 when the table gives no PCIe figure
SERVER_GPUS = 8
"""GPUs in one server when its fast-link domain is smaller: aiconfigurator-core 0.12.0
systems/*.yaml give ``num_gpus_per_node: 8`` for every HGX/DGX board and PCIe server (a100_pcie,
a100_sxm, h100_pcie, h100_sxm, h200_sxm, b200_sxm, b300_sxm, l4, l40s, rtx_pro_6000_server);
NVL72-class domains count as one node of the domain's size."""


class LinkTopology(StrEnum):
    """How the GPUs of one server talk to each other."""

    PCIE_ONLY = "pcie-only"  # no GPU-to-GPU link: every collective goes over PCIe
    BRIDGE_PAIRS = "bridge-pairs"  # NVLink bridges join small groups; PCIe between them
    BOARD = "board"  # 8-GPU NVLink/NVSwitch, xGMI or HCCS board
    RACK = "rack"  # NVL72-class domain larger than one server


class LinkLevel(IntEnum):
    """The slowest link a group of GPUs crosses (higher is slower)."""

    FAST = 0  # inside one fast-link domain
    HOST = 1  # inside one node, across domains: PCIe
    NETWORK = 2  # across nodes: the scale-out network


class NodePlacement(BaseModel):
    """The nodes a deployment runs on and the network between them (GB/s one-direction, per GPU)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    nodes: int
    gpus_per_node: int
    network_id: str | None
    network_name: str
    scale_out_unidir_gb_per_s: float
    latency_us: float


class LinkPlan(BaseModel):
    """The links one replica's collectives use (GB/s are one-direction, per GPU)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    topology: LinkTopology
    domain_gpus: int
    fast_unidir_gb_per_s: float
    host_unidir_gb_per_s: float
    tp_ring_unidir_gb_per_s: float
    pp_hops_unidir_gb_per_s: tuple[float, ...]
    placement: NodePlacement
    replica_gpus: int = 1
    tp_level: LinkLevel = LinkLevel.FAST
    pp_hop_levels: tuple[LinkLevel, ...] = ()

    @property
    def tp_spans_domains(self) -> bool:
        """The tensor-parallel (and expert-parallel) ring leaves the fast-link domain."""
        return self.tp_level > LinkLevel.FAST

    @property
    def tp_spans_nodes(self) -> bool:
        """The tensor-parallel ring crosses the scale-out network."""
        return self.tp_level == LinkLevel.NETWORK

    @property
    def slow_pp_hops(self) -> int:
        """Pipeline stage boundaries that cross from one domain to another."""
        return sum(1 for level in self.pp_hop_levels if level > LinkLevel.FAST)

    @property
    def pp_hops_across_nodes(self) -> int:
        """Pipeline stage boundaries that cross the scale-out network."""
        return sum(1 for level in self.pp_hop_levels if level == LinkLevel.NETWORK)

    @property
    def replica_nodes(self) -> int:
        """Nodes one replica spans (its launch command's ``--nnodes``)."""
        return math.ceil(self.replica_gpus / self.placement.gpus_per_node)

    @property
    def scale_out_unidir_gb_per_s(self) -> float:
        """One-direction GB/s per GPU between nodes."""
        return self.placement.scale_out_unidir_gb_per_s

    def level_unidir_gb_per_s(self, level: LinkLevel) -> float:
        """One-direction GB/s per GPU of a link ``level``."""
        return (self.fast_unidir_gb_per_s, self.host_unidir_gb_per_s,
                self.scale_out_unidir_gb_per_s)[level]


def link_topology(gpu: GpuSpec) -> LinkTopology:
    """The server topology of ``gpu`` from its interconnect entry."""
    kind = gpu.interconnect.kind
    if kind == InterconnectKind.PCIE:
        return LinkTopology.PCIE_ONLY
    if kind == InterconnectKind.NVLINK_BRIDGE:
        return LinkTopology.BRIDGE_PAIRS
    if link_domain_gpus(gpu) > BOARD_DOMAIN_GPUS:
        return LinkTopology.RACK
    return LinkTopology.BOARD


def link_domain_gpus(gpu: GpuSpec) -> int:
    """GPUs that share the fast link (count): the table's domain size, else 2 for a bridge, 8."""
    given = gpu.interconnect.max_gpus_per_domain
    if given:
        return given
    return BRIDGE_DOMAIN_GPUS if gpu.interconnect.kind == InterconnectKind.NVLINK_BRIDGE else (
        BOARD_DOMAIN_GPUS)


def default_gpus_per_node(gpu: GpuSpec) -> int:
    """GPUs in one node of ``gpu``: a server of 8, or the whole fast-link domain when larger."""
    return max(link_domain_gpus(gpu), SERVER_GPUS)


def widest_fast_tp(gpu: GpuSpec, deployment: Deployment) -> int:
    """The widest TP whose ring stays on the fast link inside one node (sizing's limit)."""
    return min(link_domain_gpus(gpu), deployment.gpus_per_node or default_gpus_per_node(gpu))


def host_path_unidir_gb_per_s(gpu: GpuSpec) -> float:
    """One-direction GB/s of the host path (PCIe x16) a ring falls back to past the domain."""
    return (gpu.pcie.x16_bidir_gb_per_s or HOST_PATH_FALLBACK_BIDIR_GB_PER_S) / 2


def check_nodes_hold_the_gpus(gpu: GpuSpec, deployment: Deployment) -> None:
    """Refuse given nodes whose GPUs (nodes × GPUs per node) are not the deployment's GPUs."""
    if deployment.nodes is None:
        return
    per_node = deployment.gpus_per_node or default_gpus_per_node(gpu)
    if deployment.nodes * per_node != deployment.num_gpus:
        raise InputRuleError(QT_TRANSLATE_NOOP(
            "Errors", "{node_count} nodes × {per_node} GPUs per node = {node_gpus} GPUs, but "
                      "{num_gpus} is {gpus}; change {nodes}, {gpus_per_node} or {num_gpus}"),
            "nodes", node_count=deployment.nodes, per_node=per_node,
            node_gpus=deployment.nodes * per_node, gpus=deployment.num_gpus)


def node_placement(gpu: GpuSpec, deployment: Deployment,
                   network: NetworkSpec | None) -> NodePlacement:
    """The nodes ``deployment`` runs on and the network between them.

    Nodes are ⌈GPUs ÷ GPUs per node⌉ (what given nodes must match: see
    :func:`check_nodes_hold_the_gpus`; variants of a plan that change the GPU count follow it).
    Without a network (none in the table) nodes talk over the host path, as one server's
    domains do.
    """
    per_node = deployment.gpus_per_node or default_gpus_per_node(gpu)
    nodes = math.ceil(deployment.num_gpus / per_node)
    if network is None:
        return NodePlacement(nodes=nodes, gpus_per_node=per_node, network_id=None,
                             network_name="PCIe", latency_us=0.0,
                             scale_out_unidir_gb_per_s=host_path_unidir_gb_per_s(gpu))
    return NodePlacement(nodes=nodes, gpus_per_node=per_node, network_id=network.id,
                         network_name=network.name, latency_us=network.latency_us,
                         scale_out_unidir_gb_per_s=network.per_gpu_unidir_gb_per_s)


def span_level(first: int, last: int, domain: int, per_node: int) -> LinkLevel:
    """The slowest link GPUs ``first``..``last`` (numbered from 0, packed in order) cross."""
    if first // per_node != last // per_node:
        return LinkLevel.NETWORK
    if first // domain != last // domain:
        return LinkLevel.HOST
    return LinkLevel.FAST


def pipeline_hop_levels(domain: int, per_node: int, tp: int, pp: int) -> tuple[LinkLevel, ...]:
    """The link level of each of the ``pp − 1`` stage boundaries (stage s holds GPUs s·tp…)."""
    return tuple(span_level(hop * tp, (hop + 2) * tp - 1, domain, per_node) for hop in range(pp - 1))


def single_node(gpu: GpuSpec, tp: int, pp: int) -> NodePlacement:
    """One node holding the whole replica, joined by the host path (no network given)."""
    return NodePlacement(nodes=1, gpus_per_node=max(tp * pp, default_gpus_per_node(gpu)),
                         network_id=None, network_name="PCIe", latency_us=0.0,
                         scale_out_unidir_gb_per_s=host_path_unidir_gb_per_s(gpu))


def link_plan(gpu: GpuSpec, tp: int, pp: int, placement: NodePlacement | None = None) -> LinkPlan:
    """The links a replica of ``tp`` × ``pp`` GPUs of type ``gpu`` runs its collectives on.

    Without a ``placement`` the replica sits in one node (domains joined by the host path).
    """
    where = placement or single_node(gpu, tp, pp)
    fast = gpu.link_unidir_gb_per_s
    host = min(host_path_unidir_gb_per_s(gpu), fast)
    domain = min(link_domain_gpus(gpu), where.gpus_per_node)
    hop_levels = pipeline_hop_levels(domain, where.gpus_per_node, tp, pp)
    levels = (fast, host, where.scale_out_unidir_gb_per_s)
    tp_level = span_level(0, tp - 1, domain, where.gpus_per_node)
    return LinkPlan(
        topology=link_topology(gpu), domain_gpus=domain, fast_unidir_gb_per_s=fast,
        host_unidir_gb_per_s=host, tp_ring_unidir_gb_per_s=levels[tp_level],
        pp_hops_unidir_gb_per_s=tuple(levels[level] for level in hop_levels),
        placement=where, replica_gpus=tp * pp, tp_level=tp_level, pp_hop_levels=hop_levels)


def replica_link_plan(inputs: PlanInputs) -> LinkPlan:
    """The links one replica of ``inputs`` uses, on its nodes and network."""
    dep = inputs.deployment
    return link_plan(inputs.gpu, dep.tensor_parallel_size, dep.pipeline_parallel_size,
                     node_placement(inputs.gpu, dep, inputs.network))


def group_collective_unidir_gb_per_s(plan: LinkPlan, group_gpus: int) -> float:
    """One-direction GB/s per GPU of a collective (ring all-reduce, all-to-all) over a group.

    The group is ``group_gpus`` consecutive GPUs from the first of a replica (a TP ring, an
    expert-parallel all-to-all over DP × TP ranks): the fast link while it stays in one domain,
    the host path inside one node, the per-GPU NIC bandwidth once it spans nodes.
    """
    level = span_level(0, max(group_gpus, 1) - 1, plan.domain_gpus, plan.placement.gpus_per_node)
    return plan.level_unidir_gb_per_s(level)


def domain_notice(gpu: GpuSpec, tp: int, pp: int,
                  placement: NodePlacement | None = None) -> Notice | None:
    """A notice when the replica's collectives leave the fast-link domain inside one node."""
    plan = link_plan(gpu, tp, pp, placement)
    host_hops = sum(1 for level in plan.pp_hop_levels if level == LinkLevel.HOST)
    if plan.tp_level != LinkLevel.HOST and not host_hops:
        return None
    return Notice(code="parallel_spans_link_domain", params={
        "gpu": gpu.name, "link": gpu.interconnect.name or gpu.interconnect.kind.value,
        "domain_gpus": plan.domain_gpus, "tp": tp, "pp": pp, "gpus": tp * pp,
        "fast_gb_s": round(plan.fast_unidir_gb_per_s, 1),
        "host_gb_s": round(plan.host_unidir_gb_per_s, 1)})


def node_notices(gpu: GpuSpec, tp: int, pp: int, placement: NodePlacement) -> tuple[Notice, ...]:
    """Notices for a replica that crosses nodes: TP across nodes (advised against), PP hops."""
    plan = link_plan(gpu, tp, pp, placement)
    common = {"network": placement.network_name, "gpus_per_node": placement.gpus_per_node,
              "scale_out_gb_s": round(placement.scale_out_unidir_gb_per_s, 1),
              "fast_gb_s": round(plan.fast_unidir_gb_per_s, 1), "tp": tp, "pp": pp}
    notices: list[Notice] = []
    if plan.tp_spans_nodes:
        notices.append(Notice(code="tp_spans_nodes", params={
            **common, "tp_nodes": math.ceil(tp / placement.gpus_per_node)}))
    if plan.pp_hops_across_nodes:
        notices.append(Notice(code="pp_hops_across_nodes", params={
            **common, "hops": plan.pp_hops_across_nodes,
            "latency_us": round(placement.latency_us, 1)}))
    return tuple(notices)


class NodeSummary(BaseModel):
    """Where a deployment's GPUs sit and what crosses the network (shown in JSON, report, window)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    nodes: int
    gpus_per_node: int
    network: str | None
    network_name: str
    tp_spans_nodes: bool
    pp_hops_across_nodes: int
    scale_out: Term


def scale_out_term(placement: NodePlacement, network: NetworkSpec | None) -> Term:
    """The per-GPU one-direction GB/s between nodes, with its formula and sources."""
    if network is None:
        return term("scale_out_gb_per_s", placement.scale_out_unidir_gb_per_s, "GB/s",
                    QT_TRANSLATE_NOOP("Formulas", "PCIe x16 ÷ 2 (no network in the table)"),
                    {"gpus_per_node": placement.gpus_per_node})
    return term(
        "scale_out_gb_per_s", network.per_gpu_unidir_gb_per_s, "GB/s",
        QT_TRANSLATE_NOOP("Formulas", "NIC line rate × NICs per GPU ÷ 8 bits per byte"),
        {"network": network.id, "nic_line_rate_gbit_per_s": network.nic_line_rate_gbit_per_s,
         "nics_per_gpu": network.nics_per_gpu, "latency_us": network.latency_us,
         "gpus_per_node": placement.gpus_per_node},
        tuple(source.citation for source in network.sources))


def node_summary(inputs: PlanInputs) -> NodeSummary:
    """The nodes, network and cross-node traffic of ``inputs``' deployment."""
    placement = node_placement(inputs.gpu, inputs.deployment, inputs.network)
    plan = replica_link_plan(inputs)
    return NodeSummary(
        nodes=placement.nodes, gpus_per_node=placement.gpus_per_node,
        network=placement.network_id, network_name=placement.network_name,
        tp_spans_nodes=plan.tp_spans_nodes, pp_hops_across_nodes=plan.pp_hops_across_nodes,
        scale_out=scale_out_term(placement, inputs.network))

