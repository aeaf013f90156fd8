"""The catalog model a validation row served, as its source writes the name.

Sources write names loosely: a Hugging Face id with a note (``Qwen2-7B-Instruct (local clone of
…)``), a family name (``Llama 2 13B``), a quantized checkpoint of a catalogued model
(``RedHatAI/…-quantized.w8a8``, ``…-FP8``, ``…-AWQ``) or a fine-tune that keeps its base's
architecture. :func:`model_for` resolves each to a catalog entry and the precision the name
states; a name it cannot resolve raises :class:`InexpressibleRowError` with the reason, and the
accuracy benchmark lists the row with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from gpucalc.catalog.bundled import Catalog


class InexpressibleRowError(ValueError):
    """A validation row gpucalc cannot express; the message says why."""


Case = TypeVar("Case")


def expressed(rows: Iterable[dict[str, Any]], build: Callable[[dict[str, Any]], Case]
              ) -> tuple[list[Case], list[tuple[str, str]]]:
    """(``build`` of every row it can express, [(row id, why not)] of the others)."""
    cases: list[Case] = []
    skipped: list[tuple[str, str]] = []
    for row in rows:
        try:
            cases.append(build(row))
        except InexpressibleRowError as why:
            skipped.append((str(row["id"]), str(why)))
    return cases, skipped


@dataclass(frozen=True, slots=True)
class ModelChoice:
    """The catalog model a row ran, and what its checkpoint name adds."""

    model: str  # catalog id
    quantization: str | None = None  # weight format the checkpoint name states
    kv_cache_dtype: str | None = None  # KV format the checkpoint name states
    max_model_len: int | None = None  # the checkpoint's own default context, where it differs
    note: str = ""  # why this entry stands for the row's model


@dataclass(frozen=True, slots=True)
class _Same:
    model: str
    max_model_len: int | None
    note: str


# Checkpoints without a catalog entry whose architecture a catalog entry has, with the evidence.
SAME_ARCHITECTURE: dict[str, _Same] = {
    "moonshotai/kimi-dev-72b": _Same(
        "qwen2.5-72b-instruct", None,
        "Kimi-Dev-72B is a fine-tune of Qwen2.5-72B (its model card); the start-up log's 67.82 GiB "
        "of weights per GPU at TP 2 and 0.31 MiB of KV per token match that architecture"),
    "qwen/qwen2-7b-instruct": _Same(
        "qwen2.5-7b-instruct", None,
        "Qwen2-7B and Qwen2.5-7B share one architecture (28 layers, hidden 3584, 28 query and 4 KV "
        "heads, intermediate 18944, vocabulary 152,064; both config.json files)"),
    "qwen/qwen3-235b-a22b-instruct-2507": _Same(
        "qwen3-235b-a22b", 262_144,
        "Qwen3-235B-A22B-Instruct-2507 keeps Qwen3-235B-A22B's layers, heads and experts with a "
        "262,144-token native context (its model card)"),
    "llama 2 13b": _Same("llama-2-13b-hf", None, "'Llama 2 13B' as the source writes it"),
    "llama 2 70b": _Same("llama-2-70b-hf", None, "'Llama 2 70B' as the source writes it"),
    "mistral 7b": _Same("mistral-7b-instruct-v0.1", None,
                        "'Mistral 7B' as the source writes it (v0.1 architecture: 32 layers, "
                        "8 KV heads, 4,096-token sliding window)"),
    "llama 7b": _Same("llama-2-7b-hf", None,
                      "LLaMA 7B and Llama 2 7B share one architecture (32 layers, hidden 4096, "
                      "32 heads, intermediate 11008, vocabulary 32,000); LLaMA's context is 2,048"),
}

# Name suffixes of quantized checkpoints → (weight format, KV format or None).
QUANTIZED_SUFFIXES: tuple[tuple[str, str, str | None], ...] = (
    ("-fp8-kv", "fp8", "fp8"),
    ("-fp8-dynamic", "fp8", None),
    ("-fp8", "fp8", None),
    ("-quantized.w8a8", "int8", None),
    ("-quantized.w4a16", "int4-g128", None),
    ("-awq", "int4-g128-zp", None),  # AWQ: 4-bit, groups of 128 with zero points
    ("-gptq-int4", "int4-g128", None),
)


def clean_name(text: str) -> str:
    """The model name without the source's notes: text before ' (' or '(' and spaces trimmed.

    "meta-llama/Llama-3.1-8B(-Instruct) (as 'LLaMA v3.1 8B')" → 'meta-llama/Llama-3.1-8B'.
    """
    return re.split(r"\s*\(", text.strip(), maxsplit=1)[0].strip()


def _by_tail(catalog: Catalog, name: str) -> str | None:
    """The catalog model one of whose names ends in ``name``'s last path part (unique only)."""
    tail = name.lower().rsplit("/", 1)[-1]
    hits = set()
    for entry in catalog.models.values():
        names = {entry.id, entry.hf_id or "", *entry.aliases}
        if any(n.lower().rsplit("/", 1)[-1] == tail for n in names if n):
            hits.add(entry.id)
    return hits.pop() if len(hits) == 1 else None


def _catalog_id(catalog: Catalog, name: str) -> str | None:
    if catalog.has_model(name):
        return catalog.model_entry(name).id
    return _by_tail(catalog, name)


def _same_architecture(name: str) -> _Same | None:
    """The :data:`SAME_ARCHITECTURE` entry of ``name``, matched whole or by its last path part."""
    key = name.lower()
    if key in SAME_ARCHITECTURE:
        return SAME_ARCHITECTURE[key]
    tails = [v for k, v in SAME_ARCHITECTURE.items() if k.rsplit("/", 1)[-1] == key.rsplit("/", 1)[-1]]
    return tails[0] if len(tails) == 1 else None


def model_for(catalog: Catalog, text: str) -> ModelChoice:
    """The catalog model of a row's ``model`` text, or :class:`InexpressibleRowError` saying why."""
    name = clean_name(text)
    found = _catalog_id(catalog, name)
    if found is not None:
        return ModelChoice(found)
    same = _same_architecture(name)
    if same is not None:
        return ModelChoice(same.model, max_model_len=same.max_model_len, note=same.note)
    lowered = name.lower()
    for suffix, weights, kv in QUANTIZED_SUFFIXES:
        if lowered.endswith(suffix):
            base = name[: -len(suffix)]
            base_id = _catalog_id(catalog, base)
            same_base = _same_architecture(base) if base_id is None else None
            base_id = same_base.model if same_base is not None else base_id
            if base_id is not None:
                return ModelChoice(base_id, weights, kv,
                                   note=f"{name}: {base_id} with {weights} weights as its name states")
    raise InexpressibleRowError(f"no catalog model for '{name}'")
