"""Vision towers read at their own resolution: Qwen-VL (Qwen2-VL … Qwen3.5) and MoonViT (Kimi).

Their encoders differ from a CLIP/SigLIP ViT: patches are 3-D (``temporal_patch_size`` frames),
there is no class token, a merger folds ``spatial_merge_size``² patches into one language-model
token, Qwen2.5-VL's blocks use a gated MLP and Qwen3-VL adds learned position embeddings and one
extra merger per DeepStack tap. Parameter counts follow the tensor shapes of transformers'
``modeling_qwen2_vl`` / ``modeling_qwen2_5_vl`` / ``modeling_qwen3_vl``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpucalc.core.specs.model_spec import MAX_HIDDEN, MAX_INTERMEDIATE, MAX_LAYERS, VisionSpec
from gpucalc.io.config_values import json_list, whole_number

_QWEN_VL_TYPES = ("qwen2_vl", "qwen2_5_vl", "qwen3_vl", "qwen3_vl_moe", "qwen3_5", "qwen3_5_moe")
# Qwen-VL takes images at their own resolution (min/max pixels set by the processor), so no
# config field gives a size: the planner assumes a 448 × 448 image (an assumed planning size,
# stated in the import notice): 32² = 1,024 patches of 14 px, 256 image tokens after 2 × 2 merging.
QWEN_VL_IMAGE_SIDE = 448  # pixels
_RGB = 3
_MAX_PATCH = 4_096
_MAX_POSITIONS = 16_777_216

QWEN_VL_RESOLUTION_NOTE = "import_image_tokens_at_assumed_size"  # notice code (text.notices)


def is_qwen_vl(config: Mapping[str, Any]) -> bool:
    """Whether ``config`` is a Qwen-VL checkpoint with a vision tower."""
    return str(config.get("model_type", "")) in _QWEN_VL_TYPES and isinstance(
        config.get("vision_config"), Mapping)


def qwen_vl_vision(config: Mapping[str, Any], text_hidden: int) -> VisionSpec:
    """The Qwen-VL vision tower's parameters and token geometry."""
    vision = config["vision_config"]
    model_type = str(config.get("model_type", ""))

    def value(*keys: str, default: int, high: int) -> int:
        key = next((k for k in keys if vision.get(k) is not None), keys[0])
        raw = vision.get(key, default)
        return whole_number(default if raw is None else raw, f"vision_config.{key}", 1, high)

    hidden = value("embed_dim", "hidden_size", default=1280, high=MAX_HIDDEN)
    layers = value("depth", default=32, high=MAX_LAYERS)
    ratio = value("mlp_ratio", default=4, high=MAX_INTERMEDIATE)
    inter = value("intermediate_size", default=ratio * hidden, high=MAX_INTERMEDIATE)
    patch = value("patch_size", "spatial_patch_size", default=14, high=_MAX_PATCH)
    temporal = value("temporal_patch_size", default=2, high=_MAX_PATCH)
    merge = value("spatial_merge_size", default=2, high=_MAX_PATCH)
    out = value("out_hidden_size", default=text_hidden, high=MAX_HIDDEN)
    gated = model_type == "qwen2_5_vl"
    rms = model_type == "qwen2_5_vl"
    norm = hidden if rms else 2 * hidden
    mlp = (3 * hidden * inter + 2 * inter + hidden) if gated else (2 * hidden * inter + inter + hidden)
    per_layer = 2 * norm + 3 * hidden * hidden + 3 * hidden + hidden * hidden + hidden + mlp
    qwen3 = model_type.startswith("qwen3")
    embed = _RGB * temporal * patch * patch * hidden + (hidden if qwen3 else 0)
    if qwen3:
        embed += value("num_position_embeddings", default=2304, high=_MAX_POSITIONS) * hidden
    merged = hidden * merge * merge
    merger_mlp = merged * merged + merged + merged * out + out
    merger = norm + merger_mlp
    taps = len(json_list(vision.get("deepstack_visual_indexes"), "vision_config.deepstack_visual_indexes"))
    deepstack = taps * (2 * merged + merger_mlp)
    patches = (QWEN_VL_IMAGE_SIDE // patch) ** 2
    return VisionSpec(
        params=layers * per_layer + embed + merger + deepstack,
        description=f"Qwen-VL ViT {layers}×{hidden} (from vision_config)",
        hidden_size=hidden, intermediate_size=inter, num_layers=layers,
        tokens_per_item=patches,
        prompt_tokens_per_item=max(1, patches // (merge * merge)),
        output_features=hidden,
    )


def is_moonvit(config: Mapping[str, Any]) -> bool:
    """Whether ``config`` carries Moonshot's MoonViT tower (Kimi-VL, Kimi-K2.5)."""
    vision = config.get("vision_config")
    return isinstance(vision, Mapping) and (
        vision.get("vt_hidden_size") is not None or str(vision.get("model_type", "")) == "moonvit")


def moonvit_vision(config: Mapping[str, Any], text_hidden: int) -> VisionSpec:
    """MoonViT's parameters and token geometry (Kimi-VL ``modeling_kimi_vl``; Kimi-K2.5: ``vt_*``).

    Each block: two LayerNorms, fused qkv and output projections with biases, a two-layer GELU
    MLP; a learned ``init_pos_emb_height`` × ``init_pos_emb_width`` position table; the projector
    folds ``merge_kernel_size`` patches into one token: LayerNorm, a square linear layer, then a
    linear layer to the language model's width.
    """
    vision = config["vision_config"]

    def value(*keys: str, default: int, high: int) -> int:
        key = next((k for k in keys if vision.get(k) is not None), keys[0])
        raw = vision.get(key, default)
        return whole_number(default if raw is None else raw, f"vision_config.{key}", 1, high)

    hidden = value("vt_hidden_size", "hidden_size", default=1152, high=MAX_HIDDEN)
    layers = value("vt_num_hidden_layers", "num_hidden_layers", default=27, high=MAX_LAYERS)
    inter = value("vt_intermediate_size", "intermediate_size", default=4304, high=MAX_INTERMEDIATE)
    patch = value("patch_size", default=14, high=_MAX_PATCH)
    table = value("init_pos_emb_height", default=64, high=_MAX_PATCH) * value(
        "init_pos_emb_width", default=64, high=_MAX_PATCH)
    kernel = json_list(vision.get("merge_kernel_size") or [2, 2], "vision_config.merge_kernel_size")
    merge = 1
    for side in kernel[:2]:
        merge *= whole_number(side, "vision_config.merge_kernel_size", 1, _MAX_PATCH)
    per_layer = 4 * hidden + 3 * hidden * hidden + 3 * hidden + hidden * hidden + hidden + (
        2 * hidden * inter + inter + hidden)
    embed = _RGB * patch * patch * hidden + hidden + table * hidden
    merged = hidden * merge
    projector = 2 * hidden + merged * merged + merged + merged * text_hidden + text_hidden
    patches = (QWEN_VL_IMAGE_SIDE // patch) ** 2
    return VisionSpec(
        params=layers * per_layer + embed + 2 * hidden + projector,
        description=f"MoonViT {layers}×{hidden} (from vision_config)",
        hidden_size=hidden, intermediate_size=inter, num_layers=layers,
        tokens_per_item=patches,
        prompt_tokens_per_item=max(1, patches // merge),
        output_features=hidden,
    )
