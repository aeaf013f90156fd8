"""One colour per quantity, shared by the window's plots and the report's figures."""

from __future__ import annotations

from gpucalc.core.capacity.perf_result import CeilingKind

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

# Text contrast (WCAG 2.1, "Contrast (Minimum)", success criterion 1.4.3): normal text needs a
# contrast ratio of at least 4.5:1 against its background.
MIN_TEXT_CONTRAST = 4.5
LIGHT_BACKGROUND = "#efefef"  # Qt Fusion's standard Window colour (the light theme)
DARK_BACKGROUND = "#2b2d30"  # gpucalc.ui.theme's dark Window colour
BLEND_STEPS = 20


def _channel(value: int) -> float:
    """One sRGB channel (0-255) to linear light (WCAG 2.1 relative luminance definition)."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb`` (0 black … 1 white)."""
    r, g, b = (_channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 … 21)."""
    high, low = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _blend(colour: str, toward: str, share: float) -> str:
    mixed = (round(a + (b - a) * share) for a, b in zip(_rgb(colour), _rgb(toward), strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def readable_on(colour: str, background: str) -> str:
    """``colour`` as text on ``background``, reaching MIN_TEXT_CONTRAST.

    Itself when it already does, else blended toward white (on a dark background) or black (on a
    light one) just far enough.
    """
    toward = "#ffffff" if relative_luminance(background) < 0.5 else "#000000"
    for step in range(BLEND_STEPS + 1):
        candidate = _blend(colour, toward, step / BLEND_STEPS)
        if contrast_ratio(candidate, background) >= MIN_TEXT_CONTRAST:
            return candidate
    return toward


def text_on_fill(fill: str) -> str:
    """Black or white, whichever reads better on a bar filled with ``fill``."""
    dark, light = "#111111", "#ffffff"
    return dark if contrast_ratio(dark, fill) >= contrast_ratio(light, fill) else light
