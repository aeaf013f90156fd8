"""Map a Hugging Face ``quantization_config`` (or ModelOpt ``hf_quant_config.json``) to a format.

The weight-format ids returned here are keys of the bundled precision table
(``specs/precisions.json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gpucalc.core.model_spec import CheckpointQuant, QuantScope
from gpucalc.io.bounded_json import MAX_JSON_INT
from gpucalc.io.config_values import described, json_list, whole_number

MAX_QUANT_BITS = 64


def _ignored(patterns: Iterable[Any], *needles: str) -> bool:
    """True when any ignore pattern mentions one of ``needles``."""
    for pattern in patterns:
        text = str(pattern).lower()
        if any(needle in text for needle in needles):
            return True
    return False


def _scope_from_ignore(patterns: list[Any]) -> QuantScope:
    """Which tensor groups stay quantized given an ignore / modules_to_not_convert list."""
    attention_excluded = _ignored(patterns, "self_attn", "attention", ".attn")
    return QuantScope(
        attention=not attention_excluded,
        dense_mlp=not _ignored(patterns, "mlp.gate_proj", "mlp.down_proj", "feed_forward.gate_proj"),
        experts=True,
        embeddings=False,
        lm_head=False,
    )


def _int_format(bits: int, group_size: int | None, with_zero: bool) -> str:
    """Weight-format id of an integer group-quantized checkpoint."""
    if bits == 8:
        return "int8"
    if bits == 4:
        suffix = "-zp" if with_zero else ""
        return f"int4-g{group_size}{suffix}" if group_size in (32, 64, 128) else "int4-g128"
    if bits == 3:
        return "int3-g128"
    return "int4-g128"


def _compressed_tensors(config: Mapping[str, Any]) -> CheckpointQuant:
    """Parse a compressed-tensors config (llm-compressor / RedHatAI checkpoints)."""
    groups = _json_object(config.get("config_groups") or {}, "quantization_config.config_groups")
    weights: Mapping[str, Any] = {}
    for group in groups.values():
        if isinstance(group, Mapping) and isinstance(group.get("weights"), Mapping):
            weights = group["weights"]
            break
    bits = whole_number(weights.get("num_bits") or 8, "config_groups weights.num_bits", 1, MAX_QUANT_BITS)
    kind = str(weights.get("type") or "int")
    fmt_name = str(config.get("format") or "")
    if "nvfp4" in fmt_name or (kind == "float" and bits == 4):
        fmt = "nvfp4"
    elif kind == "float" and bits == 8:
        fmt = "fp8"
    else:
        fmt = _int_format(bits, weights.get("group_size"), not bool(weights.get("symmetric", True)))
    kv_scheme = config.get("kv_cache_scheme")
    kv = "fp8" if isinstance(kv_scheme, Mapping) and kv_scheme.get("num_bits") == 8 else None
    ignore = json_list(config.get("ignore"), "quantization_config.ignore")
    return CheckpointQuant(
        method="compressed-tensors", weight_format=fmt, scope=_scope_from_ignore(ignore),
        kv_cache_format=kv,
    )


def _modelopt(config: Mapping[str, Any]) -> CheckpointQuant:
    """Parse NVIDIA ModelOpt ``hf_quant_config.json`` content."""
    quant = _json_object(config.get("quantization", config), "hf_quant_config.json quantization")
    algo = str(quant.get("quant_algo") or "").upper()
    fmt = {"FP8": "fp8", "NVFP4": "nvfp4", "W4A16_AWQ": "int4-g128", "W8A8_SQ_PER_CHANNEL": "int8"}
    kv = "fp8" if str(quant.get("kv_cache_quant_algo") or "").upper() == "FP8" else None
    excluded = json_list(quant.get("exclude_modules"), "exclude_modules")
    return CheckpointQuant(
        method="modelopt", weight_format=fmt.get(algo, "fp8"), scope=_scope_from_ignore(excluded),
        kv_cache_format=kv,
    )


def _json_object(value: Any, key: str) -> Mapping[str, Any]:
    """``value`` when it is a JSON object; ValueError naming ``key`` otherwise."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must be a JSON object, not {described(value)}")
    return value


def checkpoint_quant(source: Any) -> CheckpointQuant | None:  # noqa: PLR0911
    # one branch per quant_method reads clearer than a dispatch table of lambdas
    """Translate a ``quantization_config`` mapping into a :class:`CheckpointQuant`.

    Raises :class:`ValueError` naming the key when the value is not an object, a count is not a
    whole number in range, or the method is unknown.
    """
    if not source:
        return None
    config = _json_object(source, "quantization_config")
    if "quantization" in config and "producer" in config:
        return _modelopt(config)
    method = str(config.get("quant_method") or "").lower()
    ignore = json_list(config.get("modules_to_not_convert") or config.get("ignore"),
                       "quantization_config.ignore")
    scope = _scope_from_ignore(ignore)
    if method == "compressed-tensors":
        return _compressed_tensors(config)
    if method in {"fp8", "fbgemm_fp8"}:
        return CheckpointQuant(method=method, weight_format="fp8", scope=scope)
    if method == "mxfp4":
        return CheckpointQuant(method=method, weight_format="mxfp4", scope=scope)
    if method in {"awq", "gptq", "awq_marlin", "gptq_marlin"}:
        bits = whole_number(config.get("bits") or config.get("w_bit") or 4, "quantization_config.bits",
                            1, MAX_QUANT_BITS)
        group = whole_number(config.get("group_size") or config.get("q_group_size") or 128,
                             "quantization_config.group_size", -1, MAX_JSON_INT)
        zero = bool(config.get("zero_point", method.startswith("awq")))
        if method.startswith("gptq"):
            zero = not bool(config.get("sym", True))
        return CheckpointQuant(
            method=method.split("_")[0], weight_format=_int_format(bits, group, zero), scope=scope
        )
    if method == "bitsandbytes":
        fmt = "bnb-int8" if config.get("load_in_8bit") else "bnb-nf4"
        return CheckpointQuant(method=method, weight_format=fmt, scope=scope)
    if method == "modelopt":
        return _modelopt(config)
    raise ValueError(f"quantization method '{method or '?'}' is not supported")
