"""Turn a Hugging Face ``config.json`` mapping into a :class:`ModelSpec`, offline.

Handles dense, GQA/MQA, MLA, MoE (Mixtral, Qwen-MoE, DeepSeek, Llama 4, gpt-oss, MiniMax-M2,
GLM-4.5/5, per-layer ``moe_layer_freq`` flags), sliding-window and chunked-local layers, tied
embeddings, explicit ``head_dim``, ChatGLM naming, nested ``text_config`` of multimodal models,
MTP layers under each family's key, and ``quantization_config``; non-uniform layers (Nemotron-NAS
``block_configs``, Nemotron-H patterns) and state hybrids (Qwen3-Next, Qwen3.5, Kimi-Linear)
through :mod:`gpucalc.io.hf_layers`, Qwen-VL and MoonViT towers through
:mod:`gpucalc.io.hf_vision`, and DeepSeek's sparse-attention indexer (V3.2, GLM-5). What cannot be
modelled exactly is named by notice codes in ``ModelSpec.approximations``, a ``model_type`` it was
not written for included. No transformers, no torch.

Every number is range-checked as it is read (the caps live beside :class:`ModelSpec`), so a
hostile config gives one line naming the key and the allowed range before any per-layer table is
built or any product of dimensions is formed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pydantic import ValidationError

from gpucalc.core.common.errors import error_location
from gpucalc.core.specs.model_spec import (
    MAX_EXPERTS,
    MAX_HEAD_DIM,
    MAX_HEADS,
    MAX_HIDDEN,
    MAX_INTERMEDIATE,
    MAX_LAYERS,
    MAX_POSITIONS,
    MAX_TOKENS_PER_IMAGE,
    MAX_VOCAB,
    LayerAttention,
    LinearAttentionSpec,
    MambaSpec,
    MlaSpec,
    ModelSpec,
    MoeSpec,
    VisionSpec,
)
from gpucalc.io.bounded_json import MAX_JSON_INT
from gpucalc.io.config_values import json_list, real_number, short_label, whole_number
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_layers import (
    checked_layer_types,
    hybrid_pattern,
    linear_attention,
    mamba,
    nas_layers,
    sliding_kv_heads,
    sliding_layer_pattern,
    state_dtype_notes,
    state_layer_kinds,
    state_layer_notes,
)
from gpucalc.io.hf_quant import read_checkpoint_quant
from gpucalc.io.hf_vision import (
    QWEN_VL_RESOLUTION_NOTE,
    is_moonvit,
    is_qwen_vl,
    moonvit_vision,
    qwen_vl_vision,
)

# Notice code: the config's model_type is none of KNOWN_MODEL_TYPES, so fields that type adds
# (new attention or layer kinds) may have been passed over.
UNKNOWN_MODEL_TYPE_NOTE = "import_model_type_not_recognised"
KNOWN_MODEL_TYPES = frozenset({
    # standard decoders read from the common fields
    "llama", "mistral", "qwen", "qwen2", "qwen3", "phi", "phi3", "gemma", "gemma2", "gemma3",
    "gemma3_text", "chatglm", "glm", "glm4", "granite", "internlm2", "olmo", "olmo2", "cohere",
    "starcoder2", "gpt2", "gpt_neox", "gpt_bigcode", "opt", "bloom", "falcon", "mimo",
    # mixture of experts, MLA and sparse attention
    "mixtral", "qwen2_moe", "qwen3_moe", "granitemoe", "olmoe", "deepseek_v2", "deepseek_v3",
    "deepseek_v32", "kimi_k2", "glm4_moe", "glm_moe_dsa", "minimax_m2", "gpt_oss",
    "llama4", "llama4_text",
    # non-uniform, state and sliding hybrids
    "nemotron-nas", "nemotron_h", "qwen3_next", "qwen3_5_text", "qwen3_5_moe_text",
    "kimi_linear", "mimo_v2_flash",
    # multimodal wrappers and their text parts
    "mllama", "mllama_text_model", "qwen2_vl", "qwen2_5_vl", "qwen2_5_vl_text", "qwen3_vl",
    "qwen3_vl_text", "qwen3_vl_moe", "qwen3_vl_moe_text", "qwen3_5", "qwen3_5_moe", "mistral3",
    "kimi_vl", "kimi_k25",
})

# Notice code: torch_dtype is not one of KNOWN_DTYPES (counted as 16-bit, as --dtype auto serves).
UNKNOWN_DTYPE_NOTE = "import_dtype_not_recognised"
KNOWN_DTYPES = frozenset({"bfloat16", "float16", "float32", "half", "float", "bf16", "fp16", "fp32",
                          "auto", "float8_e4m3fn", "float8_e5m2", "float8", "fp8"})

# Defaults of text configs that multimodal checkpoints leave implicit (transformers' defaults).
_TEXT_DEFAULTS: dict[str, dict[str, Any]] = {
    "gemma3_text": {
        "vocab_size": 262208, "hidden_size": 2304, "intermediate_size": 9216,
        "num_hidden_layers": 26, "num_attention_heads": 8, "num_key_value_heads": 4,
        "head_dim": 256, "sliding_window": 4096, "sliding_window_pattern": 6,
        "max_position_embeddings": 131072, "tie_word_embeddings": True, "hidden_act": "gelu",
    },
}
# Families whose configs omit tie_word_embeddings because transformers defaults it to True.
_TIED_BY_DEFAULT = {"gemma", "gemma2", "gemma3", "gemma3_text"}
_GATED_ACTS = {"silu", "swiglu", "gelu_pytorch_tanh", "gelu", "geglu", "swish"}
_NON_GATED_TYPES = {"gpt2", "gpt_neox", "opt", "bloom", "falcon", "phi", "starcoder2", "gpt_bigcode"}
# Vision encoders: published ones take 224-1,568 px images in 14-32 px patches and 1-16 tiles.
_MAX_IMAGE_SIDE = 65_536  # pixels
_MAX_TILES = 1_024
_MAX_SHUFFLE_RATIO = 16.0


def _first(config: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    """Value of the first key present (and not None) in ``config``."""
    for key in keys:
        value = config.get(key)
        if value is not None:
            return value
    return default


def _present_key(config: Mapping[str, Any], keys: tuple[str, ...]) -> str:
    """The first of ``keys`` that ``config`` holds (not None); the first key when none is."""
    return next((key for key in keys if config.get(key) is not None), keys[0])


def _required(config: Mapping[str, Any], *keys: str, low: int, high: int) -> int:
    """Whole value of the first present key in ``low`` … ``high``; KeyError naming the first key."""
    key = _present_key(config, keys)
    if config.get(key) is None:
        raise KeyError(keys[0])
    return whole_number(config[key], key, low, high)


def _optional(config: Mapping[str, Any], *keys: str, default: int, low: int, high: int,
              prefix: str = "") -> int:
    """Whole value of the first present key in ``low`` … ``high``, or ``default`` when none is."""
    key = _present_key(config, keys)
    value = config.get(key)
    return default if value is None else whole_number(value, prefix + key, low, high)


def _text_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """The language-model part of a config; nested ``text_config`` wins over the top level."""
    nested = config.get("text_config") or config.get("language_config") or config.get("llm_config")
    if not isinstance(nested, Mapping):
        return dict(config)
    merged = dict(_TEXT_DEFAULTS.get(str(nested.get("model_type", "")), {}))
    for key in ("tie_word_embeddings", "torch_dtype", "quantization_config"):
        if key in config:
            merged[key] = config[key]
    merged.update(nested)
    return merged


def _mla(text: Mapping[str, Any]) -> MlaSpec | None:
    if not text.get("kv_lora_rank"):
        return None
    q_rank = _optional(text, "q_lora_rank", default=0, low=0, high=MAX_HIDDEN)
    return MlaSpec(
        q_lora_rank=q_rank or None,
        kv_lora_rank=_required(text, "kv_lora_rank", low=1, high=MAX_HIDDEN),
        qk_nope_head_dim=_optional(text, "qk_nope_head_dim", default=128, low=0, high=MAX_HEAD_DIM),
        qk_rope_head_dim=_optional(text, "qk_rope_head_dim", default=64, low=0, high=MAX_HEAD_DIM),
        v_head_dim=_optional(text, "v_head_dim", default=128, low=1, high=MAX_HEAD_DIM),
        index_n_heads=_optional(text, "index_n_heads", default=0, low=0, high=MAX_HEADS),
        index_head_dim=_optional(text, "index_head_dim", default=0, low=0, high=MAX_HEAD_DIM),
        index_topk=_optional(text, "index_topk", default=0, low=0, high=MAX_POSITIONS),
    )


def _model_type_notes(text: Mapping[str, Any]) -> tuple[str, ...]:
    """The notice for a model_type the importer was not written for (none when it is absent)."""
    model_type = text.get("model_type")
    if model_type is None or str(model_type) in KNOWN_MODEL_TYPES:
        return ()
    return (UNKNOWN_MODEL_TYPE_NOTE,)


def _moe_layer_count(text: Mapping[str, Any], num_layers: int) -> int:
    """How many decoder layers carry experts."""
    pattern = hybrid_pattern(text, num_layers, 0)
    if pattern is not None:  # Nemotron-H: the 'E' blocks
        return pattern.moe_layers
    freq_flags = text.get("moe_layer_freq")
    if isinstance(freq_flags, list):  # MiMo-V2-Flash, MiniMax-M3: one 0/1 flag per layer
        return len(_per_layer_flags(freq_flags, "moe_layer_freq", num_layers))
    if "first_k_dense_replace" in text:  # DeepSeek V2/V3, Kimi K2
        freq = _layer_step(text, "moe_layer_freq")
        first = _optional(text, "first_k_dense_replace", default=0, low=0, high=MAX_JSON_INT)
        return sum(1 for i in range(min(first, num_layers), num_layers) if i % freq == 0)
    if "interleave_moe_layer_step" in text:  # Llama 4
        step = _layer_step(text, "interleave_moe_layer_step")
        return sum(1 for i in range(num_layers) if (i + 1) % step == 0)
    if "decoder_sparse_step" in text or "mlp_only_layers" in text:  # Qwen MoE
        step = _layer_step(text, "decoder_sparse_step")
        dense = {whole_number(i, "mlp_only_layers", 0, MAX_JSON_INT)
                 for i in json_list(text.get("mlp_only_layers"), "mlp_only_layers")}
        return sum(1 for i in range(num_layers) if i not in dense and (i + 1) % step == 0)
    return num_layers


def _per_layer_flags(flags: list[Any], key: str, num_layers: int) -> tuple[int, ...]:
    """Indices of the layers whose 0/1 flag in ``flags`` (one per layer) is 1."""
    if len(flags) != num_layers:
        raise ValueError(f"{key} has {len(flags):,} entries but the model has {num_layers:,} layers")
    return tuple(i for i, flag in enumerate(flags) if whole_number(flag, f"{key}[{i}]", 0, 1))


def _mtp_layers(text: Mapping[str, Any]) -> int:
    """Multi-token-prediction layers the checkpoint describes (drafts for speculative decoding).

    DeepSeek-V3, GLM-4.5/5, MiMo and Step name them ``num_nextn_predict_layers``; Qwen3-Next and
    Qwen3.5 ``mtp_num_hidden_layers``; MiniMax-M2 has ``num_mtp_modules`` modules of
    ``mtp_transformer_layers`` layers each when ``use_mtp`` is set.
    """
    if text.get("use_mtp") and text.get("num_mtp_modules") is not None:
        modules = _required(text, "num_mtp_modules", low=0, high=MAX_LAYERS)
        return modules * _optional(text, "mtp_transformer_layers", default=1, low=0,
                                   high=MAX_LAYERS // max(modules, 1))
    return _optional(text, "num_nextn_predict_layers", "mtp_num_hidden_layers", default=0, low=0,
                     high=MAX_LAYERS)


def _layer_count(text: Mapping[str, Any]) -> int:
    """Decoder layers: ``num_hidden_layers`` (or an alias), else one per ``layers_block_type`` entry.

    Nemotron-H configs written by transformers 5 leave the count implicit.
    """
    keys = ("num_hidden_layers", "num_layers", "n_layer")
    if _first(text, *keys) is None and isinstance(text.get("layers_block_type"), list):
        return whole_number(len(text["layers_block_type"]), "layers_block_type entries", 1, MAX_LAYERS)
    return _required(text, *keys, low=1, high=MAX_LAYERS)


def _layer_step(text: Mapping[str, Any], key: str) -> int:
    """Every how many layers something repeats (missing or 0: every layer)."""
    return _optional(text, key, default=0, low=0, high=MAX_JSON_INT) or 1


def _moe(text: Mapping[str, Any], num_layers: int) -> MoeSpec | None:
    experts = _optional(text, "n_routed_experts", "num_local_experts", "num_experts",
                        "moe_num_experts", default=0, low=0, high=MAX_EXPERTS)
    if experts <= 1:
        return None
    top_k = _optional(text, "num_experts_per_tok", "experts_per_token", "num_experts_per_token",
                      "moe_top_k", default=2, low=1, high=MAX_EXPERTS)
    model_type = str(text.get("model_type", ""))
    width_keys: tuple[str, ...] = ("moe_intermediate_size", "expert_intermediate_size")
    if _first(text, *width_keys) is None or model_type in {"mixtral", "gpt_oss", "llama4_text", "llama4"}:
        width_keys = ("intermediate_size",)
    width = _required(text, *width_keys, low=1, high=MAX_INTERMEDIATE)
    n_shared = _optional(text, "n_shared_experts", "num_shared_experts", default=0, low=0,
                         high=MAX_EXPERTS)
    shared_width = width if n_shared else 0
    if n_shared and text.get("moe_shared_expert_intermediate_size"):  # Nemotron-H
        shared_width = _required(text, "moe_shared_expert_intermediate_size", low=1,
                                 high=MAX_INTERMEDIATE)
    gate = False
    if text.get("shared_expert_intermediate_size"):
        n_shared, gate = 1, True
        shared_width = _required(text, "shared_expert_intermediate_size", low=1, high=MAX_INTERMEDIATE)
    if model_type in {"llama4_text", "llama4"}:
        n_shared, shared_width = 1, width
    moe_layers = _moe_layer_count(text, num_layers)
    if moe_layers == 0:
        return None
    return MoeSpec(
        num_experts=experts, experts_per_token=top_k, expert_intermediate_size=width,
        num_shared_experts=n_shared, shared_expert_intermediate_size=shared_width,
        shared_expert_gate=gate, num_moe_layers=moe_layers,
        latent_size=_optional(text, "moe_latent_size", default=0, low=0, high=MAX_HIDDEN) or None,
    )


def _dense_width(text: Mapping[str, Any], moe: MoeSpec | None, num_layers: int, hidden: int) -> int:
    """Intermediate size of the dense (non-expert) MLP layers."""
    if moe is not None and moe.num_moe_layers == num_layers:
        return 0
    model_type = str(text.get("model_type", ""))
    if model_type in {"llama4_text", "llama4"}:
        return _optional(text, "intermediate_size_mlp", "intermediate_size", default=0, low=0,
                         high=MAX_INTERMEDIATE)
    return _optional(text, "intermediate_size", "ffn_hidden_size", "n_inner", default=4 * hidden,
                     low=0, high=MAX_INTERMEDIATE)


def _layer_attention(
    text: Mapping[str, Any], num_layers: int, max_len: int
) -> tuple[tuple[LayerAttention, ...], int | None, int | None]:
    """Attention span per layer, plus the sliding window and chunk size when they apply."""
    window = _optional(text, "sliding_window", "sliding_window_size", default=0, low=0,
                       high=MAX_JSON_INT)
    full = LayerAttention.FULL
    mimo = sliding_layer_pattern(text, num_layers)
    if mimo is not None:  # MiMo-V2-Flash (its attention_chunk_size is the window, not Llama 4's)
        if LayerAttention.SLIDING not in mimo:
            return mimo, None, None
        return mimo, _required(text, "sliding_window", "sliding_window_size", low=1,
                               high=MAX_POSITIONS), None
    if text.get("attention_chunk_size"):  # Llama 4: chunked local attention on RoPE layers
        chunk = _required(text, "attention_chunk_size", low=1, high=MAX_POSITIONS)
        flags = _no_rope_flags(text, num_layers)
        kinds = tuple(LayerAttention.CHUNKED if flag else full for flag in flags)
        return kinds, None, chunk
    use_window = bool(window) and text.get("use_sliding_window", True) is not False
    if not use_window or window >= max_len:
        return tuple(full for _ in range(num_layers)), None, None
    sliding = LayerAttention.SLIDING
    layer_types = checked_layer_types(text, num_layers)
    if layer_types is not None:
        kinds = tuple(sliding if "sliding" in str(t) else full for t in layer_types)
    elif text.get("sliding_window_pattern"):
        pattern = _required(text, "sliding_window_pattern", low=1, high=MAX_JSON_INT)
        kinds = tuple(sliding if (i + 1) % pattern else full for i in range(num_layers))
    elif str(text.get("model_type")) == "gemma2":
        kinds = tuple(sliding if i % 2 == 0 else full for i in range(num_layers))
    elif text.get("max_window_layers") is not None and str(text.get("model_type")).startswith("qwen"):
        first_full = _required(text, "max_window_layers", low=0, high=MAX_JSON_INT)
        kinds = tuple(full if i < first_full else sliding for i in range(num_layers))
    else:
        kinds = tuple(sliding for _ in range(num_layers))
    if sliding not in kinds:
        return kinds, None, None
    return kinds, window, None


def _no_rope_flags(text: Mapping[str, Any], num_layers: int) -> list[Any]:
    """Per layer, whether it uses RoPE (chunked) — default: every 4th layer is global (NoPE)."""
    flags = json_list(text.get("no_rope_layers"), "no_rope_layers")
    if not flags:
        return [int((i + 1) % 4 != 0) for i in range(num_layers)]
    if len(flags) != num_layers:
        raise ValueError(f"no_rope_layers has {len(flags):,} entries but the model has "
                         f"{num_layers:,} layers")
    return flags


def _vision_params(config: Mapping[str, Any], text_hidden: int) -> VisionSpec | None:
    """Estimate a ViT encoder's parameters from ``vision_config`` (weights only)."""
    vision = config.get("vision_config")
    if not isinstance(vision, Mapping):
        return None
    key = "vision_config."
    hidden = _optional(vision, "hidden_size", "embed_dim", "width", default=0, low=0, high=MAX_HIDDEN,
                       prefix=key)
    if hidden <= 0:
        return None
    layers = _optional(vision, "num_hidden_layers", "depth", "num_layers", default=0, low=0,
                       high=MAX_LAYERS, prefix=key)
    layers += _optional(vision, "num_global_layers", default=0, low=0, high=MAX_LAYERS, prefix=key)
    inter = _optional(vision, "intermediate_size", default=4 * hidden, low=0, high=MAX_INTERMEDIATE,
                      prefix=key)
    patch = _optional(vision, "patch_size", default=14, low=1, high=_MAX_IMAGE_SIDE, prefix=key)
    image = _optional(vision, "image_size", default=336, low=1, high=_MAX_IMAGE_SIDE, prefix=key)
    per_layer = 4 * hidden * hidden + 2 * hidden * inter + 9 * hidden + inter
    patches = (image // patch) ** 2
    embed = 3 * patch * patch * hidden + patches * hidden
    projector = hidden * text_hidden
    class_token = 0 if "siglip" in str(vision.get("model_type", "")) else 1
    tiles = _optional(vision, "max_num_tiles", default=0, low=0, high=_MAX_TILES, prefix=key) or 1
    text = config.get("text_config")
    cross = isinstance(text, Mapping) and bool(text.get("cross_attention_layers"))
    output = _optional(vision, "vision_output_dim", default=0, low=0, high=MAX_INTERMEDIATE,
                       prefix=key) or hidden
    shuffle = real_number(vision.get("pixel_shuffle_ratio") or 1.0, key + "pixel_shuffle_ratio",
                          0.0, _MAX_SHUFFLE_RATIO)
    # Mistral 3 / Pixtral fold spatial_merge_size² patches into one prompt token
    merge = _optional(config, "spatial_merge_size", default=1, low=1, high=_MAX_IMAGE_SIDE)
    encoder_tokens = int(tiles * patches * shuffle * shuffle)
    prompt_tokens = _optional(config, "mm_tokens_per_image", default=0, low=0,
                              high=MAX_TOKENS_PER_IMAGE) or encoder_tokens // (merge * merge)
    return VisionSpec(
        params=layers * per_layer + embed + projector,
        description=f"ViT {layers}×{hidden} (estimated from vision_config)",
        hidden_size=hidden, intermediate_size=inter, num_layers=layers,
        tokens_per_item=tiles * (patches + class_token),
        prompt_tokens_per_item=prompt_tokens,
        # concatenated layer outputs (Mllama: 6 × 1280 = 7680); a projector width is not kept
        output_features=output if output % hidden == 0 else hidden,
        encoder_decoder=cross,
    )


class _Layers(NamedTuple):
    """Per-layer structure: attention kinds, window/chunk, and what differs between layers."""

    kinds: tuple[LayerAttention, ...]
    window: int | None
    chunk: int | None
    kv_heads: int | None  # from block configs; None: the config's own count
    mlp_widths: tuple[int, ...] | None
    linear: LinearAttentionSpec | None
    ssm: MambaSpec | None
    notes: tuple[str, ...]


def _layers(text: Mapping[str, Any], num_layers: int, heads: int, hidden: int, max_len: int) -> _Layers:
    """Attention kind per layer for uniform, NAS (block configs) and state-hybrid models."""
    nas = nas_layers(text, num_layers, heads, hidden)
    if nas is not None:
        return _Layers(nas.kinds, None, None, nas.kv_heads, nas.mlp_widths, None, None, nas.notes)
    ssm = mamba(text)
    pattern = hybrid_pattern(text, num_layers, _optional(text, "intermediate_size", default=0, low=0,
                                                         high=MAX_INTERMEDIATE))
    if pattern is not None:
        notes = state_layer_notes(pattern.kinds, None, ssm)
        return _Layers(pattern.kinds, None, None, None, pattern.mlp_widths, None, ssm, notes)
    hybrid = state_layer_kinds(text, num_layers)
    if hybrid is None:
        kinds, window, chunk = _layer_attention(text, num_layers, max_len)
        kv_heads, notes = sliding_kv_heads(text, _optional(
            text, "num_key_value_heads", default=heads, low=1, high=MAX_HEADS))
        return _Layers(kinds, window, chunk, kv_heads if notes else None, None, None, None, notes)
    window = None
    if LayerAttention.SLIDING in hybrid:
        window = _required(text, "sliding_window", "sliding_window_size", low=1, high=MAX_POSITIONS)
    linear = linear_attention(text)
    return _Layers(hybrid, window, None, None, None, linear, ssm, state_layer_notes(hybrid, linear, ssm))


def _vision(config: Mapping[str, Any], text_hidden: int) -> tuple[VisionSpec | None, tuple[str, ...]]:
    """The vision tower and what its count approximates."""
    if is_qwen_vl(config):
        return qwen_vl_vision(config, text_hidden), (QWEN_VL_RESOLUTION_NOTE,)
    if is_moonvit(config):
        return moonvit_vision(config, text_hidden), (QWEN_VL_RESOLUTION_NOTE,)
    return _vision_params(config, text_hidden), ()


def _dtype(text: Mapping[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The checkpoint's dtype label, and a notice code when it is not a dtype gpucalc knows.

    An unknown one is kept as written and counted as a 16-bit dtype (what ``--dtype auto``
    serves); the notice says so.
    """
    label = short_label(_first(text, "torch_dtype", "dtype", default="bfloat16"))
    known = label.lower().removeprefix("torch.") in KNOWN_DTYPES
    return label, () if known else (UNKNOWN_DTYPE_NOTE,)


def _is_gated(text: Mapping[str, Any]) -> bool:
    model_type = str(text.get("model_type", ""))
    if model_type in _NON_GATED_TYPES:
        return False
    act = str(_first(text, "hidden_act", "hidden_activation", "activation_function", "mlp_hidden_act",
                     default="silu"))
    return act in _GATED_ACTS or model_type == "chatglm"


def model_spec_from_config(
    config: Mapping[str, Any],
    *,
    model_id: str,
    name: str | None = None,
    hf_id: str | None = None,
    hf_quant_config: Mapping[str, Any] | None = None,
) -> ModelSpec:
    """Build a :class:`ModelSpec` from a parsed ``config.json``.

    Raises :class:`InputFileError` with a one-line reason when required fields are missing or
    inconsistent.
    """
    if not isinstance(config, Mapping):
        raise InputFileError("config.json must be a JSON object")
    try:
        return _build(config, model_id, name, hf_id, hf_quant_config)
    except (KeyError, TypeError, ValueError, ValidationError) as exc:
        if isinstance(exc, InputFileError):
            raise
        raise InputFileError(f"config.json for '{model_id}' cannot be used: {_reason(exc)}") from exc


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        field = error_location(first["loc"]) or "config"
        return f"{field}: {first['msg']}"
    if isinstance(exc, KeyError):
        return (f"missing field {exc.args[0]!r} (the file looks trimmed; use the complete "
                "config.json from the model's repository)")
    return str(exc)


def _build(
    config: Mapping[str, Any],
    model_id: str,
    name: str | None,
    hf_id: str | None,
    hf_quant_config: Mapping[str, Any] | None,
) -> ModelSpec:
    text = _text_config(config)
    hidden = _required(text, "hidden_size", "n_embd", "d_model", low=1, high=MAX_HIDDEN)
    num_layers = _layer_count(text)
    heads = _required(text, "num_attention_heads", "n_head", low=1, high=MAX_HEADS)
    kv_heads = _optional(text, "num_key_value_heads", "multi_query_group_num", "num_kv_heads",
                         default=heads, low=1, high=MAX_HEADS)
    if text.get("multi_query_attention") is False:
        kv_heads = heads
    head_dim = _optional(text, "head_dim", "kv_channels", default=hidden // heads, low=1,
                         high=MAX_HEAD_DIM)
    vocab = _required(text, "padded_vocab_size", "vocab_size", low=1, high=MAX_VOCAB)
    max_len = _optional(text, "max_position_embeddings", "seq_length", "n_positions",
                        "max_sequence_length", default=4096, low=1, high=MAX_POSITIONS)
    mla = _mla(text)
    moe = _moe(text, num_layers)
    layers = _layers(text, num_layers, heads, hidden, max_len)
    vision, vision_notes = _vision(config, hidden)
    if layers.kv_heads is not None:
        kv_heads = layers.kv_heads
    cross = len(json_list(text.get("cross_attention_layers"), "cross_attention_layers"))
    quant_source = hf_quant_config or text.get("quantization_config")
    quant, quant_notes = read_checkpoint_quant(quant_source)
    dtype, dtype_notes = _dtype(text)
    model_type = short_label(_first(text, "model_type", default=config.get("model_type", "unknown")))
    tie = bool(_first(text, "tie_word_embeddings", default=model_type in _TIED_BY_DEFAULT))
    return ModelSpec(
        id=model_id,
        name=name or hf_id or model_id,
        hf_id=hf_id,
        model_type=model_type,
        hidden_size=hidden,
        num_layers=num_layers,
        num_attention_heads=heads,
        num_kv_heads=kv_heads if mla is None else heads,
        head_dim=head_dim,
        vocab_size=vocab,
        intermediate_size=max(layers.mlp_widths) if layers.mlp_widths else _dense_width(
            text, moe, num_layers, hidden),
        mlp_gated=_is_gated(text),
        attention_bias=bool(_first(text, "attention_bias", "add_qkv_bias", "qkv_bias", default=False))
        or str(text.get("model_type", "")).startswith("qwen2"),
        tie_word_embeddings=tie,
        max_position_embeddings=max_len,
        torch_dtype=dtype,
        mla=mla,
        moe=moe,
        layer_attention=layers.kinds,
        sliding_window=layers.window,
        attention_chunk_size=layers.chunk,
        cross_attention_layers=cross,
        vision=vision,
        quantization=quant,
        mtp_layers=_mtp_layers(text),
        layer_mlp_widths=layers.mlp_widths,
        linear_attention=layers.linear,
        mamba=layers.ssm if LayerAttention.STATE in layers.kinds else None,
        # transformers' Qwen3NextAttention: q_proj emits the query and an output gate;
        # Qwen3.5 names the same gate in attn_output_gate
        attention_output_gate=model_type == "qwen3_next" or text.get("attn_output_gate") is True,
        approximations=(*layers.notes, *vision_notes, *_model_type_notes(text), *quant_notes,
                        *dtype_notes, *state_dtype_notes(text)),
    )
