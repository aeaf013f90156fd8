"""The scale-out network between nodes: what one GPU can send to another node, and how fast.

A node is the set of GPUs one fast-link domain or server holds (an HGX board of 8, an NVL72 rack
of 72, a PCIe server of 8 cards). Between nodes every byte goes through the GPU's network card(s)
(GPUDirect RDMA): its one-direction bandwidth per GPU is the NIC line rate times the NICs each GPU
has. aiconfigurator-core 0.12.0 models the same figure as ``node.inter_node_bw`` ("Byte/s per GPU,
single direction") in ``aiconfigurator_core/systems/*.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.gpu_spec import SourceRef

BITS_PER_BYTE = 8  # a line rate in Gb/s is 8 times the GB/s it carries
MAX_LINE_RATE_GBIT_PER_S = 100_000.0
"""100 Tb/s per NIC: 62x the fastest announced NIC port (ConnectX-9 1.6 Tb/s, NVIDIA GTC 2025)."""
MAX_NICS_PER_GPU = 64.0
"""64 NICs per GPU: 8x the densest published server (one 400G NIC per GPU plus storage NICs)."""
MAX_LATENCY_US = 100_000.0
"""100 ms one way: far above any data-centre fabric (InfiniBand ~1-5 us, RoCE ~2-10 us)."""
FALLBACK_NETWORK_ID = "ib-hdr-200"
"""A GPU no network names as its default gets 200 Gb/s per GPU: aiconfigurator-core 0.12.0
systems/a100_pcie.yaml, a30.yaml and l4.yaml (``inter_node_bw: 25000000000  # assumes 1:1 200Gb/s
fabric``), the figure it assumes for servers without a stated fabric."""


class NetworkKind(StrEnum):
    """The fabric joining the nodes."""

    INFINIBAND = "infiniband"
    ROCE = "roce"
    ETHERNET = "ethernet"
    NVLINK = "nvlink"  # an NVLink switch fabric between racks (NVLink Switch System)
    OTHER = "other"


class NetworkSpec(BaseModel):
    """One scale-out network: NIC line rate, NICs per GPU, latency (an editable spec table)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    schema_version: int = 1
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-_]*$")
    name: str
    kind: NetworkKind
    aliases: tuple[str, ...] = ()
    nic_line_rate_gbit_per_s: float = Field(
        gt=0, le=MAX_LINE_RATE_GBIT_PER_S,
        description="Line rate of one NIC port in Gb/s, one direction (ConnectX-7 NDR: 400).")
    nics_per_gpu: float = Field(
        default=1.0, gt=0, le=MAX_NICS_PER_GPU,
        description="NIC ports per GPU: 1 on HGX/DGX servers (one per GPU), 0.125 for one per "
                    "8-GPU server.")
    latency_us: float = Field(
        default=5.0, ge=0, le=MAX_LATENCY_US,
        description="One-way latency of one message between nodes in µs.")
    default_for_gpus: tuple[str, ...] = Field(
        default=(), description="GPU ids whose servers ship with this network by default.")
    sources: tuple[SourceRef, ...] = ()
    notes: str | None = None

    @property
    def per_gpu_unidir_gb_per_s(self) -> float:
        """One-direction GB/s one GPU sends to other nodes: line rate × NICs per GPU ÷ 8."""
        return self.nic_line_rate_gbit_per_s * self.nics_per_gpu / BITS_PER_BYTE


def default_network_id(gpu_id: str, networks: Mapping[str, NetworkSpec]) -> str | None:
    """The network ``gpu_id``'s servers ship with: the first (by id) naming it, else the fallback.

    None when the table has neither (every network deleted by the user).
    """
    for network_id in sorted(networks):
        if gpu_id in networks[network_id].default_for_gpus:
            return network_id
    return FALLBACK_NETWORK_ID if FALLBACK_NETWORK_ID in networks else None
