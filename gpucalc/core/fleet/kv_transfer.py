"""Moving a prompt's KV cache from the prefill pool to the decode pool: bytes, link and time.

In disaggregated serving the decode replica pulls the prompt's KV cache from the prefill replica
(vLLM NixlConnector / P2pNcclConnector, SGLang's mooncake or nixl transfer backend) before it
emits the second token, so the transfer sits inside the time to first token the user sees.
Every prefill GPU that holds a distinct shard of the KV sends its shard at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.kv import kv_bytes_per_token_per_layer, kv_groups
from gpucalc.core.parallel.topology import (
    LinkTopology,
    host_path_unidir_gb_per_s,
    link_domain_gpus,
    link_topology,
)
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.network import BITS_PER_BYTE, NetworkSpec

GIVEN_LINK = QT_TRANSLATE_NOOP("Formulas", "the given link between the pools")
HOST_LINK = QT_TRANSLATE_NOOP("Formulas", "host path (PCIe / NIC) between the pools")
TRANSFER_SOURCES = (
    QT_TRANSLATE_NOOP("Sources", "vLLM docs, features/disagg_prefill (KV cache sent from the prefill "
                                 "to the decode instance by the KV connector before decoding)"),
    QT_TRANSLATE_NOOP("Sources", "SGLang docs, advanced_features/pd_disaggregation (KV transfer "
                                 "backends mooncake and nixl)"),
)


@dataclass(frozen=True, slots=True)
class TransferLink:
    """The link the KV cache moves over: its name, one-direction GB/s per GPU, and latency (s)."""

    name: str
    unidir_gb_per_s: float
    latency_s: float


def kv_transfer_link(gpu: GpuSpec, pools_gpus: int, given_gbps: float | None,
                     latency_s: float, network: NetworkSpec | None = None) -> TransferLink:
    """The link between the pools: the given one, the GPU's fast link, the network or the host path.

    Both pools inside one fast-link domain (``pools_gpus`` ≤ the domain's GPUs, and a GPU with a
    GPU-to-GPU link) move the KV over that link; otherwise over the scale-out ``network``
    between the nodes (per-GPU NIC bandwidth, plus its latency), or without one over the host
    path (:func:`gpucalc.core.parallel.topology.host_path_unidir_gb_per_s`). ``given_gbps`` (Gb/s per
    GPU, a NIC line rate) overrides all. ``latency_s`` is the fixed cost of one transfer.
    """
    if given_gbps is not None:
        return TransferLink(GIVEN_LINK, given_gbps / BITS_PER_BYTE, latency_s)
    if link_topology(gpu) != LinkTopology.PCIE_ONLY and pools_gpus <= link_domain_gpus(gpu):
        name = gpu.interconnect.name or gpu.interconnect.kind.value
        return TransferLink(name, gpu.link_unidir_gb_per_s, latency_s)
    if network is not None:
        return TransferLink(network.name, network.per_gpu_unidir_gb_per_s,
                            latency_s + network.latency_us * 1e-6)
    return TransferLink(HOST_LINK, host_path_unidir_gb_per_s(gpu), latency_s)


def kv_transfer_bytes(model: ModelSpec, kv_bytes_per_element: float, prompt_tokens: int) -> float:
    """Bytes of one prompt's KV cache over the whole model (all layers, no TP replication).

    Full-attention layers keep every prompt token; sliding-window and chunked layers at most
    their window; state layers keep no per-token KV.
    """
    groups = kv_groups(model, model.layer_attention, kv_bytes_per_element, 1)
    return sum(g.num_layers * g.bytes_per_token_per_layer * min(prompt_tokens, g.window_tokens or
                                                                prompt_tokens) for g in groups)


def kv_sending_gpus(model: ModelSpec, kv_bytes_per_element: float, tp: int, pp: int) -> int:
    """GPUs of one prefill replica that hold a distinct KV shard and send it at once.

    TP ranks split the KV heads (up to the KV head count; MLA's latent is replicated on every
    rank, so one copy per stage), and every pipeline stage holds its own layers.
    """
    whole = kv_bytes_per_token_per_layer(model, kv_bytes_per_element, 1)
    per_rank = kv_bytes_per_token_per_layer(model, kv_bytes_per_element, tp)
    return max(1, round(whole / per_rank)) * pp


def kv_transfer_term(model: ModelSpec, kv_bytes_per_element: float, prompt_tokens: int,
                     senders: int, link: TransferLink) -> Term:
    """Milliseconds to move one prompt's KV: bytes ÷ (sending GPUs × link GB/s) + latency."""
    size = kv_transfer_bytes(model, kv_bytes_per_element, prompt_tokens)
    seconds = size / (senders * link.unidir_gb_per_s * 1e9) + link.latency_s
    return term(
        "disaggregated.kv_transfer_ms", seconds * 1000, "ms",
        QT_TRANSLATE_NOOP("Formulas", "prompt tokens × KV bytes per token (all layers) ÷ (sending "
                                      "GPUs × link GB/s per GPU) + latency"),
        {"prompt_tokens": prompt_tokens, "kv_bytes": round(size),
         "kv_bytes_per_token": round(size / prompt_tokens, 1), "sending_gpus": senders,
         "link": link.name, "link_gb_per_s": round(link.unidir_gb_per_s, 2),
         "latency_us": round(link.latency_s * 1e6, 2)},
        TRANSFER_SOURCES)
