"""One colour per quantity, shared by the window's plots and the report's figures."""

from __future__ import annotations

from gpucalc.core.perf_result import CeilingKind

CEILING_COLOURS = {
    CeilingKind.MEMORY: "#2a9d8f",
    CeilingKind.COMPUTE: "#e76f51",
    CeilingKind.INTERCONNECT: "#7b61ff",
    CeilingKind.SCHEDULER: "#8d99ae",
}
TTFT_COLOUR = "#1f77b4"
TPOT_COLOUR = "#d62728"
THROUGHPUT_COLOUR = "#2ca02c"
MARKER_COLOUR = "#ef6c00"
ALARM_COLOUR = "#7f0000"  # seed 001's 80 % memory alarm line
# The memory line items, in the order the engine deducts them (KV stays green).
LINE_ITEM_COLOURS = {
    "weights_gib_per_gpu": "#4c72b0",
    "activation_gib_per_gpu": "#dd8452",
    "non_torch_gib_per_gpu": "#8172b3",
    "cuda_graphs_gib_per_gpu": "#937860",
    "kv_cache_gib_per_gpu": "#55a868",
    "headroom_gib_per_gpu": "#c8c8c8",
}
