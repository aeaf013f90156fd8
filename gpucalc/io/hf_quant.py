"""Map a Hugging Face ``quantization_config`` (or ModelOpt ``hf_quant_config.json``) to a format.

The weight-format ids returned here are keys of the bundled precision table
(``specs/precisions.json``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from gpucalc.core.specs.model_spec import CheckpointQuant, QuantScope
from gpucalc.io.bounded_json import MAX_JSON_INT
from gpucalc.io.config_values import described, json_list, whole_number

MAX_QUANT_BITS = 64
INT_BITS_PLANNED = (3, 4, 8)
"""Bit widths of integer group-quantized checkpoints the precision table has a format for."""
GROUP_SIZES_PLANNED = {4: (32, 64, 128), 3: (128,)}
"""Group sizes with a format of their own; others are counted as 128-element groups (noted)."""
# Notice codes (worded in gpucalc.text.notices): what the import of a quantization config assumed.
BITS_ASSUMED_NOTE = "import_quant_bits_assumed"
GROUP_SIZE_NOTE = "import_quant_group_size_approximated"


class QuantReading(NamedTuple):
    """A checkpoint's quantization and the notice codes for what reading it assumed."""

    quant: CheckpointQuant | None
    notes: tuple[str, ...] = ()


# A dense-layer MLP module as checkpoints name it, tried against compressed-tensors' regular
# expressions ("re:.*mlp\.(gate|up|gate_up|down)_proj.*" in Kimi-K2.5 and Kimi-K3).
_DENSE_MLP_MODULES = ("model.layers.0.mlp.gate_proj", "model.layers.0.mlp.down_proj")
MAX_IGNORE_REGEX_CHARACTERS = 200
"""Longest ``re:`` ignore pattern tried; published ones are under 60 characters."""
_MAX_REPEATS = 4  # '*', '+' and '{' in one pattern: bounds the backtracking on a short name
_NESTED_REPEAT = re.compile(r"\)[*+?{]")  # a repeated group, e.g. (a+)+, backtracks exponentially


def _regex_matches(pattern: str, names: tuple[str, ...]) -> bool:
    """Whether an ``re:`` ignore pattern matches one of ``names``.

    Patterns that could backtrack for long (a repeated group, many repeats, very long) or do not
    compile are not tried: they count as matching nothing.
    """
    body = pattern[len("re:"):]
    if (len(body) > MAX_IGNORE_REGEX_CHARACTERS or _NESTED_REPEAT.search(body)
            or sum(body.count(c) for c in "*+{") > _MAX_REPEATS):
        return False
    try:
        compiled = re.compile(body)
    except re.error:
        return False
    return any(compiled.search(name) for name in names)


def _ignored(patterns: Iterable[Any], *needles: str, modules: tuple[str, ...] = ()) -> bool:
    """True when any ignore pattern mentions one of ``needles``.

    A regular expression (``re:`` prefix, compressed-tensors) also counts when it matches one of
    ``modules``.
    """
    for pattern in patterns:
        text = str(pattern).lower()
        if any(needle in text for needle in needles):
            return True
        if modules and text.startswith("re:") and _regex_matches(str(pattern), modules):
            return True
    return False


def _scope_from_ignore(patterns: list[Any]) -> QuantScope:
    """Which tensor groups stay quantized given an ignore / modules_to_not_convert list."""
    attention_excluded = _ignored(patterns, "self_attn", "attention", ".attn")
    return QuantScope(
        attention=not attention_excluded,
        dense_mlp=not _ignored(patterns, "mlp.gate_proj", "mlp.down_proj", "feed_forward.gate_proj",
                               modules=_DENSE_MLP_MODULES),
        experts=True,
        embeddings=False,
        lm_head=False,
    )


def _int_format(bits: int, group_size: Any, with_zero: bool, key: str) -> tuple[str, tuple[str, ...]]:
    """Weight-format id of an integer group-quantized checkpoint, and what it approximates.

    Raises ValueError naming ``key`` for a bit width the precision table has no format for
    (planning it as another width would misstate the weights' memory).
    """
    if bits not in INT_BITS_PLANNED:
        raise ValueError(f"{key} is {bits}: gpucalc plans integer checkpoints of "
                         f"{', '.join(map(str, INT_BITS_PLANNED))} bits (add a weight format to "
                         "the precision table for others)")
    if bits == 8:
        return "int8", ()
    planned = GROUP_SIZES_PLANNED[bits]
    group = group_size if group_size in planned else 128
    notes = () if group_size in planned else (GROUP_SIZE_NOTE,)
    if bits == 3:
        return "int3-g128", notes
    return f"int4-g{group}{'-zp' if with_zero else ''}", notes


def _given(config: Mapping[str, Any], *keys: str) -> Any:
    """The first of ``keys`` present in ``config`` (0 and false count as given), else None."""
    return next((config[key] for key in keys if config.get(key) is not None), None)


def _compressed_tensors(config: Mapping[str, Any]) -> QuantReading:
    """Parse a compressed-tensors config (llm-compressor / RedHatAI checkpoints)."""
    groups = _json_object(config.get("config_groups") or {}, "quantization_config.config_groups")
    weights: Mapping[str, Any] = {}
    for group in groups.values():
        if isinstance(group, Mapping) and isinstance(group.get("weights"), Mapping):
            weights = group["weights"]
            break
    key = "config_groups weights.num_bits"
    given = _given(weights, "num_bits")
    bits = whole_number(8 if given is None else given, key, 1, MAX_QUANT_BITS)
    notes: tuple[str, ...] = () if given is not None else (BITS_ASSUMED_NOTE,)
    kind = str(weights.get("type") or "int")
    fmt_name = str(config.get("format") or "")
    if "nvfp4" in fmt_name or (kind == "float" and bits == 4):
        fmt = "nvfp4"
    elif kind == "float" and bits == 8:
        fmt = "fp8"
    elif kind == "float":
        raise ValueError(f"{key} is {bits} for float weights: gpucalc plans 4-bit (NVFP4) and "
                         "8-bit (FP8) float checkpoints")
    else:
        fmt, group_notes = _int_format(bits, weights.get("group_size"),
                                       not bool(weights.get("symmetric", True)), key)
        notes += group_notes
    kv_scheme = config.get("kv_cache_scheme")
    kv = "fp8" if isinstance(kv_scheme, Mapping) and kv_scheme.get("num_bits") == 8 else None
    ignore = json_list(config.get("ignore"), "quantization_config.ignore")
    return QuantReading(CheckpointQuant(
        method="compressed-tensors", weight_format=fmt, scope=_scope_from_ignore(ignore),
        kv_cache_format=kv,
    ), notes)


def _int_checkpoint(method: str, config: Mapping[str, Any], scope: QuantScope) -> QuantReading:
    """GPTQ / AWQ: bits (``bits``, AWQ's ``w_bit``), group size and zero points."""
    given = _given(config, "bits", "w_bit")
    bits = whole_number(4 if given is None else given, "quantization_config.bits", 1, MAX_QUANT_BITS)
    group_given = _given(config, "group_size", "q_group_size")
    group = whole_number(128 if group_given is None else group_given,
                         "quantization_config.group_size", -1, MAX_JSON_INT)
    if group == 0:
        raise ValueError("quantization_config.group_size is 0; it must be -1 (per channel) or a "
                         "positive number of weights")
    zero = bool(config.get("zero_point", method.startswith("awq")))
    if method.startswith("gptq"):
        zero = not bool(config.get("sym", True))
    fmt, notes = _int_format(bits, group, zero, "quantization_config.bits")
    assumed = (BITS_ASSUMED_NOTE,) if given is None else ()
    quant = CheckpointQuant(method=method.split("_", maxsplit=1)[0], weight_format=fmt, scope=scope)
    return QuantReading(quant, assumed + notes)


# ModelOpt quant_algo → weight-format id (TensorRT Model Optimizer's QUANTIZATION_* names).
_MODELOPT_FORMATS = {"FP8": "fp8", "FP8_PB_WO": "fp8", "FP8_BLOCK": "fp8", "NVFP4": "nvfp4",
                     "NVFP4_AWQ": "nvfp4", "W4A16_NVFP4": "nvfp4",
                     "W4A16_AWQ": "int4-g128", "W4A8_AWQ": "int4-g128",
                     "W8A8_SQ_PER_CHANNEL": "int8", "INT8_WO": "int8-w8a16", "W4A16_MXFP4": "mxfp4"}
MAX_QUANTIZED_LAYERS = 1_000_000
"""Entries of a MIXED_PRECISION ``quantized_layers`` table read (published ones: up to ~22,400)."""


def _mixed_precision_algo(quant: Mapping[str, Any]) -> str:
    """The quant_algo most layers of a ModelOpt MIXED_PRECISION checkpoint use.

    ``quantized_layers`` maps each quantized module to its own ``quant_algo``; the experts make up
    most of them in an MoE model, so the most frequent one is the format of the bulk of the weights.
    """
    layers = _json_object(quant.get("quantized_layers") or {}, "quantization.quantized_layers")
    if len(layers) > MAX_QUANTIZED_LAYERS:
        raise ValueError(f"quantization.quantized_layers has {len(layers):,} entries; at most "
                         f"{MAX_QUANTIZED_LAYERS:,} are read")
    counts: dict[str, int] = {}
    for entry in layers.values():
        algo = str(entry.get("quant_algo") or "").upper() if isinstance(entry, Mapping) else ""
        counts[algo] = counts.get(algo, 0) + 1
    return max(sorted(counts), key=lambda algo: counts[algo]) if counts else ""


def _modelopt(config: Mapping[str, Any]) -> CheckpointQuant:
    """Parse NVIDIA ModelOpt ``hf_quant_config.json`` content."""
    quant = _json_object(config.get("quantization", config), "hf_quant_config.json quantization")
    algo = str(quant.get("quant_algo") or "").upper()
    if algo == "MIXED_PRECISION":
        algo = _mixed_precision_algo(quant)
    if algo not in _MODELOPT_FORMATS:
        raise ValueError(f"ModelOpt quant_algo '{algo or '?'}' is not supported")
    kv = "fp8" if str(quant.get("kv_cache_quant_algo") or "").upper() == "FP8" else None
    excluded = json_list(quant.get("exclude_modules"), "exclude_modules")
    return CheckpointQuant(
        method="modelopt", weight_format=_MODELOPT_FORMATS[algo], scope=_scope_from_ignore(excluded),
        kv_cache_format=kv,
    )


def _json_object(value: Any, key: str) -> Mapping[str, Any]:
    """``value`` when it is a JSON object; ValueError naming ``key`` otherwise."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must be a JSON object, not {described(value)}")
    return value


def checkpoint_quant(source: Any) -> CheckpointQuant | None:
    """Translate a ``quantization_config`` mapping into a :class:`CheckpointQuant`.

    Raises :class:`ValueError` naming the key when the value is not an object, a count is not a
    whole number in range, a bit width has no format, or the method is unknown.
    """
    return read_checkpoint_quant(source).quant


def read_checkpoint_quant(source: Any) -> QuantReading:  # noqa: PLR0911
    # one branch per quant_method reads clearer than a dispatch table of lambdas
    """:func:`checkpoint_quant` with the notice codes for what the reading assumed."""
    if not source:
        return QuantReading(None)
    config = _json_object(source, "quantization_config")
    if "quantization" in config and str(config.get("quant_method") or "modelopt") == "modelopt":
        return QuantReading(_modelopt(config))  # hf_quant_config.json, with or without 'producer'
    method = str(config.get("quant_method") or "").lower()
    ignore = json_list(config.get("modules_to_not_convert") or config.get("ignore"),
                       "quantization_config.ignore")
    scope = _scope_from_ignore(ignore)
    if method == "compressed-tensors":
        return _compressed_tensors(config)
    if method in {"fp8", "fbgemm_fp8"}:
        return QuantReading(CheckpointQuant(method=method, weight_format="fp8", scope=scope))
    if method == "mxfp4":
        return QuantReading(CheckpointQuant(method=method, weight_format="mxfp4", scope=scope))
    if method in {"awq", "gptq", "awq_marlin", "gptq_marlin"}:
        return _int_checkpoint(method, config, scope)
    if method == "bitsandbytes":
        fmt = "bnb-int8" if config.get("load_in_8bit") else "bnb-nf4"
        return QuantReading(CheckpointQuant(method=method, weight_format=fmt, scope=scope))
    if method == "modelopt":
        return QuantReading(_modelopt(config))
    raise ValueError(f"quantization method '{method or '?'}' is not supported")
