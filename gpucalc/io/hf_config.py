"""Turn a Hugging Face ``config.json`` mapping into a :class:`ModelSpec`, offline.

Handles dense, GQA/MQA, MLA, MoE (Mixtral, Qwen-MoE, DeepSeek, Llama 4, gpt-oss), sliding-window
and chunked-local layers, tied embeddings, explicit ``head_dim``, ChatGLM naming, nested
``text_config`` of multimodal models, and ``quantization_config``. No transformers, no torch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from gpucalc.core.model_spec import (
    LayerAttention,
    MlaSpec,
    ModelSpec,
    MoeSpec,
    VisionSpec,
)
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_quant import checkpoint_quant

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


def _first(config: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    """Value of the first key present (and not None) in ``config``."""
    for key in keys:
        value = config.get(key)
        if value is not None:
            return value
    return default


def _required(config: Mapping[str, Any], *keys: str) -> int:
    """Integer value of the first present key; KeyError naming the first key when none is."""
    value = _first(config, *keys)
    if value is None:
        raise KeyError(keys[0])
    return int(value)


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
    return MlaSpec(
        q_lora_rank=text.get("q_lora_rank") or None,
        kv_lora_rank=int(text["kv_lora_rank"]),
        qk_nope_head_dim=int(text.get("qk_nope_head_dim", 128)),
        qk_rope_head_dim=int(text.get("qk_rope_head_dim", 64)),
        v_head_dim=int(text.get("v_head_dim", 128)),
    )


def _moe_layer_count(text: Mapping[str, Any], num_layers: int) -> int:
    """How many decoder layers carry experts."""
    if "first_k_dense_replace" in text:  # DeepSeek V2/V3, Kimi K2
        freq = int(text.get("moe_layer_freq") or 1)
        first = int(text["first_k_dense_replace"])
        return sum(1 for i in range(first, num_layers) if i % freq == 0)
    if "interleave_moe_layer_step" in text:  # Llama 4
        step = int(text["interleave_moe_layer_step"] or 1)
        return sum(1 for i in range(num_layers) if (i + 1) % step == 0)
    if "decoder_sparse_step" in text or "mlp_only_layers" in text:  # Qwen MoE
        step = int(text.get("decoder_sparse_step") or 1)
        dense = set(text.get("mlp_only_layers") or [])
        return sum(1 for i in range(num_layers) if i not in dense and (i + 1) % step == 0)
    return num_layers


def _moe(text: Mapping[str, Any], num_layers: int) -> MoeSpec | None:
    experts = _first(text, "n_routed_experts", "num_local_experts", "num_experts", "moe_num_experts")
    if not experts or int(experts) <= 1:
        return None
    top_k = int(_first(text, "num_experts_per_tok", "experts_per_token", "moe_top_k", default=2))
    model_type = str(text.get("model_type", ""))
    width = _first(text, "moe_intermediate_size", "expert_intermediate_size")
    if width is None or model_type in {"mixtral", "gpt_oss", "llama4_text", "llama4"}:
        width = text.get("intermediate_size")
    n_shared = int(text.get("n_shared_experts") or 0)
    shared_width = int(width) if n_shared else 0
    gate = False
    if text.get("shared_expert_intermediate_size"):
        n_shared, shared_width, gate = 1, int(text["shared_expert_intermediate_size"]), True
    if model_type in {"llama4_text", "llama4"}:
        n_shared, shared_width = 1, int(width)
    return MoeSpec(
        num_experts=int(experts), experts_per_token=top_k, expert_intermediate_size=int(width),
        num_shared_experts=n_shared, shared_expert_intermediate_size=shared_width,
        shared_expert_gate=gate, num_moe_layers=_moe_layer_count(text, num_layers),
    )


def _dense_width(text: Mapping[str, Any], moe: MoeSpec | None) -> int:
    """Intermediate size of the dense (non-expert) MLP layers."""
    if moe is not None and moe.num_moe_layers == int(_first(text, "num_hidden_layers", "num_layers")):
        return 0
    model_type = str(text.get("model_type", ""))
    if model_type in {"llama4_text", "llama4"}:
        return int(text.get("intermediate_size_mlp") or text.get("intermediate_size") or 0)
    width = _first(text, "intermediate_size", "ffn_hidden_size", "n_inner")
    if width is None:
        return 4 * int(_first(text, "hidden_size", "n_embd", "d_model"))
    return int(width)


def _layer_attention(
    text: Mapping[str, Any], num_layers: int, max_len: int
) -> tuple[tuple[LayerAttention, ...], int | None, int | None]:
    """Attention span per layer, plus the sliding window and chunk size when they apply."""
    window = _first(text, "sliding_window", "sliding_window_size")
    chunk = text.get("attention_chunk_size")
    full = LayerAttention.FULL
    if chunk:  # Llama 4: chunked local attention on RoPE layers, global on every 4th (NoPE)
        flags = text.get("no_rope_layers") or [int((i + 1) % 4 != 0) for i in range(num_layers)]
        kinds = tuple(LayerAttention.CHUNKED if flags[i] else full for i in range(num_layers))
        return kinds, None, int(chunk)
    use_window = bool(window) and text.get("use_sliding_window", True) is not False
    if not use_window or window is None or int(window) >= max_len:
        return tuple(full for _ in range(num_layers)), None, None
    sliding = LayerAttention.SLIDING
    layer_types = text.get("layer_types")
    if isinstance(layer_types, list) and len(layer_types) == num_layers:
        kinds = tuple(sliding if "sliding" in str(t) else full for t in layer_types)
    elif text.get("sliding_window_pattern"):
        pattern = int(text["sliding_window_pattern"])
        kinds = tuple(sliding if (i + 1) % pattern else full for i in range(num_layers))
    elif str(text.get("model_type")) == "gemma2":
        kinds = tuple(sliding if i % 2 == 0 else full for i in range(num_layers))
    elif text.get("max_window_layers") is not None and str(text.get("model_type")).startswith("qwen"):
        first_full = int(text["max_window_layers"])
        kinds = tuple(full if i < first_full else sliding for i in range(num_layers))
    else:
        kinds = tuple(sliding for _ in range(num_layers))
    if sliding not in kinds:
        return kinds, None, None
    return kinds, int(window), None


def _vision_params(config: Mapping[str, Any], text_hidden: int) -> VisionSpec | None:
    """Estimate a ViT encoder's parameters from ``vision_config`` (weights only)."""
    vision = config.get("vision_config")
    if not isinstance(vision, Mapping):
        return None
    hidden = int(_first(vision, "hidden_size", "embed_dim", "width", default=0))
    if hidden <= 0:
        return None
    layers = int(_first(vision, "num_hidden_layers", "depth", "num_layers", default=0))
    layers += int(vision.get("num_global_layers") or 0)
    inter = int(_first(vision, "intermediate_size", default=4 * hidden))
    patch = int(_first(vision, "patch_size", default=14))
    image = int(_first(vision, "image_size", default=336))
    per_layer = 4 * hidden * hidden + 2 * hidden * inter + 9 * hidden + inter
    patches = (image // max(patch, 1)) ** 2
    embed = 3 * patch * patch * hidden + patches * hidden
    projector = hidden * text_hidden
    class_token = 0 if "siglip" in str(vision.get("model_type", "")) else 1
    tiles = int(vision.get("max_num_tiles") or 1)
    text = config.get("text_config")
    cross = isinstance(text, Mapping) and bool(text.get("cross_attention_layers"))
    output = int(vision.get("vision_output_dim") or hidden)
    shuffle = float(vision.get("pixel_shuffle_ratio") or 1.0)
    prompt_tokens = int(config.get("mm_tokens_per_image") or tiles * patches * shuffle * shuffle)
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


def _is_gated(text: Mapping[str, Any]) -> bool:
    model_type = str(text.get("model_type", ""))
    if model_type in _NON_GATED_TYPES:
        return False
    act = str(_first(text, "hidden_act", "hidden_activation", "activation_function", default="silu"))
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
        field = ".".join(str(p) for p in first["loc"]) or "config"
        return f"{field}: {first['msg']}"
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    return str(exc)


def _build(
    config: Mapping[str, Any],
    model_id: str,
    name: str | None,
    hf_id: str | None,
    hf_quant_config: Mapping[str, Any] | None,
) -> ModelSpec:
    text = _text_config(config)
    hidden = _required(text, "hidden_size", "n_embd", "d_model")
    num_layers = _required(text, "num_hidden_layers", "num_layers", "n_layer")
    heads = _required(text, "num_attention_heads", "n_head")
    kv_heads = int(_first(text, "num_key_value_heads", "multi_query_group_num", "num_kv_heads",
                          default=heads))
    if text.get("multi_query_attention") is False:
        kv_heads = heads
    head_dim = int(_first(text, "head_dim", "kv_channels", default=hidden // heads))
    vocab = _required(text, "padded_vocab_size", "vocab_size")
    max_len = int(_first(text, "max_position_embeddings", "seq_length", "n_positions",
                         "max_sequence_length", default=4096))
    mla = _mla(text)
    moe = _moe(text, num_layers)
    kinds, window, chunk = _layer_attention(text, num_layers, max_len)
    cross = len(text.get("cross_attention_layers") or [])
    quant_source = hf_quant_config or text.get("quantization_config")
    quant = checkpoint_quant(quant_source)
    model_type = str(_first(text, "model_type", default=config.get("model_type", "unknown")))
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
        intermediate_size=_dense_width(text, moe),
        mlp_gated=_is_gated(text),
        attention_bias=bool(_first(text, "attention_bias", "add_qkv_bias", "qkv_bias", default=False))
        or str(text.get("model_type", "")).startswith("qwen2"),
        tie_word_embeddings=tie,
        max_position_embeddings=max_len,
        torch_dtype=str(_first(text, "torch_dtype", "dtype", default="bfloat16")),
        mla=mla,
        moe=moe,
        layer_attention=kinds,
        sliding_window=window,
        attention_chunk_size=chunk,
        cross_attention_layers=cross,
        vision=_vision_params(config, hidden),
        quantization=quant,
        mtp_layers=int(text.get("num_nextn_predict_layers") or 0),
    )
