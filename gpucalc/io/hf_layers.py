"""Layers that differ from one another: Nemotron-NAS block configs, state and sliding hybrids.

Nemotron-H lists its blocks in ``hybrid_override_pattern`` (Mamba-2, attention, MLP, MoE).
Nemotron-NAS (``nemotron-nas``, DeciLM) lists one ``block_configs`` entry per layer: attention may
be absent (``no_op``) and each FFN has its own width (``ffn_mult``). Qwen3-Next and other hybrids
mix softmax-attention layers with linear-attention (state) layers, named in ``layer_types`` or
placed every ``full_attention_interval`` layers; Kimi-Linear lists its Kimi Delta Attention
layers in ``linear_attn_config``; MiMo-V2-Flash marks its sliding-window layers in
``hybrid_layer_pattern``. What the planner cannot model exactly is listed
as a notice code in :attr:`ModelSpec.approximations`, never dropped silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from gpucalc.core.specs.model_spec import (
    MAX_HEAD_DIM,
    MAX_HEADS,
    MAX_INTERMEDIATE,
    LayerAttention,
    LinearAttentionSpec,
    MambaSpec,
)
from gpucalc.io.config_values import described, json_list, real_number, whole_number

# DeciLM's _ffn_mult_to_intermediate_size rounds 2·mult·hidden/3 up to a multiple of 256.
_NAS_FFN_MULTIPLE = 256
_MAX_FFN_MULT = 1_024.0
# layer_types spellings of state layers (Qwen3-Next 'linear_attention', Jamba/Falcon-H 'mamba').
_STATE_LAYER_TYPES = ("linear", "mamba", "ssm", "recurrent", "deltanet")

# Notice codes for what the import approximates (worded in gpucalc.text.notices).
NAS_REPLACED_WITH_LINEAR = "import_linear_replacement_not_counted"
NAS_MIXED_KV_HEADS = "import_mixed_kv_heads_counted_at_largest"
NAS_WINDOWED_BLOCKS = "import_windowed_blocks_counted_as_full"
STATE_GEOMETRY_UNKNOWN = "import_state_layers_not_counted"

# Nemotron-H's hybrid_override_pattern: one block per character.
_PATTERN_KINDS = {"M": LayerAttention.STATE, "*": LayerAttention.FULL, "-": LayerAttention.NONE,
                  "E": LayerAttention.NONE}


class NasLayers(NamedTuple):
    """Per-layer structure read from Nemotron-NAS ``block_configs``."""

    kinds: tuple[LayerAttention, ...]
    kv_heads: int
    mlp_widths: tuple[int, ...]
    notes: tuple[str, ...]


def nas_ffn_width(ffn_mult: float, hidden: int) -> int:
    """DeciLM's FFN width: 2·mult·hidden/3, rounded up to a multiple of 256."""
    width = int(2 * ffn_mult * hidden / 3)
    return -(-width // _NAS_FFN_MULTIPLE) * _NAS_FFN_MULTIPLE


def nas_layers(text: Mapping[str, Any], num_layers: int, heads: int, hidden: int) -> NasLayers | None:
    """Attention kind, KV heads and MLP width per layer; None without ``block_configs``."""
    blocks = json_list(text.get("block_configs"), "block_configs")
    if not blocks:
        return None
    if len(blocks) != num_layers:
        raise ValueError(f"block_configs has {len(blocks):,} entries but the model has "
                         f"{num_layers:,} layers")
    kinds: list[LayerAttention] = []
    kv_heads: set[int] = set()
    widths: list[int] = []
    notes: set[str] = set()
    for index, block in enumerate(blocks):
        key = f"block_configs[{index}]"
        attention, ffn = _block_part(block, "attention", key), _block_part(block, "ffn", key)
        kind, kv, note = _nas_attention(attention, heads, key)
        kinds.append(kind)
        kv_heads.update([kv] if kv else [])
        notes.update([note] if note else [])
        width, note = _nas_ffn(ffn, hidden, key)
        widths.append(width)
        notes.update([note] if note else [])
    if len(kv_heads) > 1:
        notes.add(NAS_MIXED_KV_HEADS)
    return NasLayers(tuple(kinds), max(kv_heads, default=heads), tuple(widths), tuple(sorted(notes)))


def _block_part(block: Any, part: str, key: str) -> Mapping[str, Any]:
    if not isinstance(block, Mapping):
        raise ValueError(f"{key} must be an object")
    value = block.get(part) or {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{key}.{part} must be an object")
    return value


def _nas_attention(
    attention: Mapping[str, Any], heads: int, key: str
) -> tuple[LayerAttention, int, str | None]:
    """(kind, KV heads, note) of one block's attention; KV heads 0 when it has none."""
    if attention.get("no_op"):
        return LayerAttention.NONE, 0, None
    if attention.get("replace_with_linear"):
        return LayerAttention.NONE, 0, NAS_REPLACED_WITH_LINEAR
    group = whole_number(attention.get("n_heads_in_group"), f"{key}.attention.n_heads_in_group",
                         1, heads)
    if heads % group:
        raise ValueError(f"{key}.attention.n_heads_in_group is {group:,}; it must divide the "
                         f"{heads:,} attention heads")
    note = NAS_WINDOWED_BLOCKS if attention.get("window_length") else None
    return LayerAttention.FULL, heads // group, note


def _nas_ffn(ffn: Mapping[str, Any], hidden: int, key: str) -> tuple[int, str | None]:
    """(MLP width, note) of one block's FFN; width 0 when it has none."""
    if ffn.get("no_op"):
        return 0, None
    if ffn.get("replace_with_linear"):
        return 0, NAS_REPLACED_WITH_LINEAR
    mult = real_number(ffn.get("ffn_mult"), f"{key}.ffn.ffn_mult", 0.0, _MAX_FFN_MULT)
    width = nas_ffn_width(mult, hidden)
    if width > MAX_INTERMEDIATE:
        raise ValueError(f"{key}.ffn.ffn_mult gives an MLP width of {width:,}; it must be at "
                         f"most {MAX_INTERMEDIATE:,}")
    return width, None


class PatternLayers(NamedTuple):
    """Per-block structure read from Nemotron-H's ``hybrid_override_pattern``."""

    kinds: tuple[LayerAttention, ...]
    mlp_widths: tuple[int, ...]
    moe_layers: int


# Nemotron-H's layers_block_type (transformers 5 spelling of the same pattern): one name per block.
_BLOCK_TYPE_CHARACTERS = {"mamba": "M", "attention": "*", "mlp": "-", "moe": "E"}


def block_type_pattern(text: Mapping[str, Any]) -> str | None:
    """``layers_block_type`` ('mamba', 'attention', 'mlp', 'moe' per block) as a pattern string."""
    names = text.get("layers_block_type")
    if names is None:
        return None
    blocks = json_list(names, "layers_block_type")
    names_read = [n if isinstance(n, str) else "" for n in blocks]
    unknown = [n for n, name in zip(blocks, names_read, strict=True)
               if name not in _BLOCK_TYPE_CHARACTERS]
    if unknown:
        raise ValueError(f"layers_block_type names a block {described(unknown[0])}; gpucalc reads "
                         "mamba, attention, mlp and moe")
    return "".join(_BLOCK_TYPE_CHARACTERS[name] for name in names_read)


def hybrid_pattern(text: Mapping[str, Any], num_layers: int, intermediate: int) -> PatternLayers | None:
    """Blocks of a Nemotron-H model: M = Mamba-2, * = attention, - = MLP, E = MoE; None without.

    Read from ``hybrid_override_pattern`` or, in newer configs, ``layers_block_type``.
    """
    pattern = text.get("hybrid_override_pattern")
    if pattern is None:
        pattern = block_type_pattern(text)
    if pattern is None:
        return None
    if not isinstance(pattern, str) or set(pattern) - set(_PATTERN_KINDS):
        raise ValueError("hybrid_override_pattern must be a string of M, *, - and E")
    if len(pattern) != num_layers:
        raise ValueError(f"hybrid_override_pattern has {len(pattern):,} blocks but the model has "
                         f"{num_layers:,} layers")
    return PatternLayers(
        kinds=tuple(_PATTERN_KINDS[c] for c in pattern),
        mlp_widths=tuple(intermediate if c == "-" else 0 for c in pattern),
        moe_layers=pattern.count("E"),
    )


def mamba(text: Mapping[str, Any]) -> MambaSpec | None:
    """Mamba-2 geometry (``mamba_*`` and ``ssm_state_size`` keys, Nemotron-H); None without."""
    if text.get("mamba_num_heads") is None:
        return None
    return MambaSpec(
        num_heads=whole_number(text.get("mamba_num_heads"), "mamba_num_heads", 1, MAX_HEADS),
        head_dim=whole_number(text.get("mamba_head_dim"), "mamba_head_dim", 1, MAX_HEAD_DIM),
        state_size=whole_number(text.get("ssm_state_size"), "ssm_state_size", 1, MAX_HEAD_DIM),
        num_groups=whole_number(text.get("n_groups", 1), "n_groups", 1, MAX_HEADS),
        conv_kernel=whole_number(text.get("conv_kernel", 4), "conv_kernel", 1, MAX_HEAD_DIM),
        conv_bias=text.get("use_conv_bias", True) is not False,
        ssm_cache_dtype=_state_dtype(text.get("mamba_ssm_cache_dtype")),
    )


def kimi_linear_config(text: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Kimi-Linear's ``linear_attn_config`` (Kimi Delta Attention layers); None without."""
    block = text.get("linear_attn_config")
    if block is None:
        return None
    if not isinstance(block, Mapping):
        raise ValueError("linear_attn_config must be an object")
    return block


def _kimi_linear_kinds(block: Mapping[str, Any], num_layers: int) -> tuple[LayerAttention, ...]:
    """Kimi-Linear: ``kda_layers`` lists the linear-attention layers, counted from 1."""
    kda = {whole_number(i, "linear_attn_config.kda_layers", 1, num_layers)
           for i in json_list(block.get("kda_layers"), "linear_attn_config.kda_layers")}
    return tuple(LayerAttention.STATE if i + 1 in kda else LayerAttention.FULL
                 for i in range(num_layers))


STATE_DTYPES = frozenset({"float32", "bfloat16", "float16"})
"""``mamba_ssm_cache_dtype`` values vLLM accepts (``--mamba-ssm-cache-dtype``)."""
STATE_DTYPE_NOTE = "import_state_dtype_not_recognised"


def _state_dtype(value: Any) -> str | None:
    """The config's ``mamba_ssm_cache_dtype`` when it names a float dtype vLLM accepts, else None."""
    name = str(value).lower().replace("torch.", "") if value is not None else ""
    return name if name in STATE_DTYPES else None


def state_dtype_notes(text: Mapping[str, Any]) -> tuple[str, ...]:
    """A notice code when the config gives a ``mamba_ssm_cache_dtype`` vLLM would not accept."""
    value = text.get("mamba_ssm_cache_dtype")
    return (STATE_DTYPE_NOTE,) if value is not None and _state_dtype(value) is None else ()


def per_layer_list(text: Mapping[str, Any], key: str, num_layers: int) -> list[Any] | None:
    """The config's list under ``key`` with one entry per layer; None when the key is absent.

    ValueError naming ``key`` when it is not a list or holds another number of entries: such a
    list cannot say what each layer is (read past, ``layer_types`` could leave every layer sliding).
    """
    value = text.get(key)
    if value is None:
        return None
    listed = json_list(value, key)
    if len(listed) != num_layers:
        raise ValueError(f"{key} has {len(listed):,} entries but the model has {num_layers:,} "
                         "layers (num_hidden_layers)")
    return listed


def checked_layer_types(text: Mapping[str, Any], num_layers: int) -> list[Any] | None:
    """``layer_types`` when the config has it; ValueError when it does not name every layer."""
    return per_layer_list(text, "layer_types", num_layers)


def state_layer_kinds(text: Mapping[str, Any], num_layers: int) -> tuple[LayerAttention, ...] | None:
    """Per-layer kinds of a hybrid with state layers; None when the model has none.

    ``layer_types`` names each layer ('linear_attention', 'mamba', 'full_attention',
    'sliding_attention'); Qwen3-Next without it puts full attention on every
    ``full_attention_interval``-th layer and linear attention on the rest; Kimi-Linear lists its
    linear-attention layers in ``linear_attn_config.kda_layers``.
    """
    kimi = kimi_linear_config(text)
    if kimi is not None:
        kinds = _kimi_linear_kinds(kimi, num_layers)
        return kinds if LayerAttention.STATE in kinds else None
    layer_types = checked_layer_types(text, num_layers)
    if layer_types is not None:
        kinds = tuple(_kind_of_layer_type(t) for t in layer_types)
        return kinds if LayerAttention.STATE in kinds else None
    if text.get("full_attention_interval") and text.get("linear_num_value_heads"):
        interval = whole_number(text["full_attention_interval"], "full_attention_interval", 1,
                                num_layers)
        return tuple(LayerAttention.FULL if (i + 1) % interval == 0 else LayerAttention.STATE
                     for i in range(num_layers))
    return None


def _kind_of_layer_type(layer_type: Any) -> LayerAttention:
    name = str(layer_type).lower()
    if any(word in name for word in _STATE_LAYER_TYPES):
        return LayerAttention.STATE
    return LayerAttention.SLIDING if "sliding" in name else LayerAttention.FULL


def linear_attention(text: Mapping[str, Any]) -> LinearAttentionSpec | None:
    """Linear-attention geometry; None when the config has none.

    Gated DeltaNet in ``linear_*`` keys (Qwen3-Next, Qwen3.5) or Kimi Delta Attention in
    ``linear_attn_config`` (Kimi-Linear).
    """
    kimi = kimi_linear_config(text)
    if kimi is not None:
        return _kimi_delta_attention(kimi)
    if text.get("linear_num_value_heads") is None:
        return None

    def value(name: str, high: int) -> int:
        return whole_number(text.get(name), name, 1, high)

    return LinearAttentionSpec(
        num_key_heads=value("linear_num_key_heads", MAX_HEADS),
        num_value_heads=value("linear_num_value_heads", MAX_HEADS),
        key_head_dim=value("linear_key_head_dim", MAX_HEAD_DIM),
        value_head_dim=value("linear_value_head_dim", MAX_HEAD_DIM),
        conv_kernel=4 if text.get("linear_conv_kernel_dim") is None else value(
            "linear_conv_kernel_dim", MAX_HEAD_DIM),
    )


def _kimi_delta_attention(block: Mapping[str, Any]) -> LinearAttentionSpec:
    """KDA heads: one head count and width for keys and values (Kimi-Linear's modeling code)."""
    key = "linear_attn_config."
    heads = whole_number(block.get("num_heads"), key + "num_heads", 1, MAX_HEADS)
    width = whole_number(block.get("head_dim"), key + "head_dim", 1, MAX_HEAD_DIM)
    conv = block.get("short_conv_kernel_size")
    return LinearAttentionSpec(
        num_key_heads=heads, num_value_heads=heads, key_head_dim=width, value_head_dim=width,
        conv_kernel=4 if conv is None else whole_number(conv, key + "short_conv_kernel_size", 1,
                                                        MAX_HEAD_DIM),
    )


def sliding_layer_pattern(text: Mapping[str, Any], num_layers: int) -> tuple[LayerAttention, ...] | None:
    """MiMo-V2-Flash's ``hybrid_layer_pattern``: 1 marks a sliding-window layer, 0 a full one."""
    flags = per_layer_list(text, "hybrid_layer_pattern", num_layers)
    if flags is None:
        return None
    return tuple(LayerAttention.SLIDING if whole_number(f, f"hybrid_layer_pattern[{i}]", 0, 1)
                 else LayerAttention.FULL for i, f in enumerate(flags))


def sliding_kv_heads(text: Mapping[str, Any], kv_heads: int) -> tuple[int, tuple[str, ...]]:
    """KV heads counted for every attention layer, and the notice when sliding layers differ.

    MiMo-V2-Flash gives its sliding layers their own ``swa_num_key_value_heads``; every layer is
    then counted with the larger of the two counts.
    """
    swa = text.get("swa_num_key_value_heads")
    if swa is None:
        return kv_heads, ()
    swa_heads = whole_number(swa, "swa_num_key_value_heads", 1, MAX_HEADS)
    if swa_heads == kv_heads:
        return kv_heads, ()
    return max(swa_heads, kv_heads), (NAS_MIXED_KV_HEADS,)


def state_layer_notes(
    kinds: tuple[LayerAttention, ...], linear: LinearAttentionSpec | None, ssm: MambaSpec | None
) -> tuple[str, ...]:
    """What the import approximates about a model's state layers.

    Gated-DeltaNet and Mamba-2 state is counted from their geometry (core.state_memory); only
    state layers of unknown geometry are approximated.
    """
    if LayerAttention.STATE not in kinds or linear is not None or ssm is not None:
        return ()
    return (STATE_GEOMETRY_UNKNOWN,)
