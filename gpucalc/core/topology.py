"""Which link each collective of a replica runs over: the GPU's fast-link domain or the host path.

A GPU's fast link (NVLink, an NVLink bridge, xGMI, HCCS) joins only the GPUs of one domain:
two cards for an NVLink bridge pair, eight on an HGX/NVSwitch board, 72 in an NVL72 rack.
Past the domain the ring's slowest hop is the host path (PCIe, and the NIC behind it), so a
collective that spans domains runs at PCIe speed. PCIe-only cards have no faster link at all.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from gpucalc.core.explain import Notice
from gpucalc.core.gpu_spec import GpuSpec, InterconnectKind

BRIDGE_DOMAIN_GPUS = 2  # an NVLink bridge joins a pair unless the table says otherwise
BOARD_DOMAIN_GPUS = 8  # one server board when the table gives no domain size
HOST_PATH_FALLBACK_BIDIR_GB_PER_S = 32.0  # PCIe Gen3 x16 when the table gives no PCIe figure


class LinkTopology(StrEnum):
    """How the GPUs of one server talk to each other."""

    PCIE_ONLY = "pcie-only"  # no GPU-to-GPU link: every collective goes over PCIe
    BRIDGE_PAIRS = "bridge-pairs"  # NVLink bridges join small groups; PCIe between them
    BOARD = "board"  # 8-GPU NVLink/NVSwitch, xGMI or HCCS board
    RACK = "rack"  # NVL72-class domain larger than one server


class LinkPlan(BaseModel):
    """The links one replica's collectives use (GB/s are one-direction, per GPU)."""

    model_config = ConfigDict(frozen=True)

    topology: LinkTopology
    domain_gpus: int
    fast_unidir_gb_per_s: float
    host_unidir_gb_per_s: float
    tp_ring_unidir_gb_per_s: float
    pp_hops_unidir_gb_per_s: tuple[float, ...]

    @property
    def tp_spans_domains(self) -> bool:
        """The tensor-parallel (and expert-parallel) ring leaves the fast-link domain."""
        return self.tp_ring_unidir_gb_per_s < self.fast_unidir_gb_per_s

    @property
    def slow_pp_hops(self) -> int:
        """Pipeline stage boundaries that cross from one domain to another."""
        return sum(1 for bw in self.pp_hops_unidir_gb_per_s if bw < self.fast_unidir_gb_per_s)


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


def host_path_unidir_gb_per_s(gpu: GpuSpec) -> float:
    """One-direction GB/s of the host path (PCIe x16) a ring falls back to past the domain."""
    return (gpu.pcie.x16_bidir_gb_per_s or HOST_PATH_FALLBACK_BIDIR_GB_PER_S) / 2


def pipeline_hop_bandwidths(fast: float, host: float, domain: int, tp: int,
                            pp: int) -> tuple[float, ...]:
    """One-direction GB/s of each of the ``pp − 1`` stage boundaries.

    Stages are packed into domains in order (TP inside, PP across): a boundary stays on the fast
    link only when both stages sit in the same domain.
    """
    if tp > domain:
        return tuple(host for _ in range(pp - 1))
    stages_per_domain = domain // tp
    return tuple(fast if (hop + 1) % stages_per_domain else host for hop in range(pp - 1))


def link_plan(gpu: GpuSpec, tp: int, pp: int) -> LinkPlan:
    """The links a replica of ``tp`` × ``pp`` GPUs of type ``gpu`` runs its collectives on."""
    fast = gpu.link_unidir_gb_per_s
    host = min(host_path_unidir_gb_per_s(gpu), fast)
    domain = link_domain_gpus(gpu)
    return LinkPlan(
        topology=link_topology(gpu), domain_gpus=domain, fast_unidir_gb_per_s=fast,
        host_unidir_gb_per_s=host, tp_ring_unidir_gb_per_s=fast if tp <= domain else host,
        pp_hops_unidir_gb_per_s=pipeline_hop_bandwidths(fast, host, domain, tp, pp))


def domain_notice(gpu: GpuSpec, tp: int, pp: int) -> Notice | None:
    """A notice when the replica's collectives leave the fast-link domain (None when they don't)."""
    plan = link_plan(gpu, tp, pp)
    if not plan.tp_spans_domains and not plan.slow_pp_hops:
        return None
    return Notice(code="parallel_spans_link_domain", params={
        "gpu": gpu.name, "link": gpu.interconnect.name or gpu.interconnect.kind.value,
        "domain_gpus": plan.domain_gpus, "tp": tp, "pp": pp, "gpus": tp * pp,
        "fast_gb_s": round(plan.fast_unidir_gb_per_s, 1),
        "host_gb_s": round(plan.host_unidir_gb_per_s, 1)})


def group_unidir_gb_per_s(gpu: GpuSpec, gpus: int) -> float:
    """One-direction GB/s of the slowest link joining ``gpus`` GPUs: fast inside the domain."""
    return link_plan(gpu, gpus, 1).tp_ring_unidir_gb_per_s
