"""Read the memory figures an engine prints at start-up (vLLM V0/V1, SGLang, TensorRT-LLM).

The parser looks for the engines' own log lines, wherever they sit in the text:

* vLLM V1: ``Model loading took X GiB``, ``Total non KV cache memory: …; torch peak memory
  increase: …; non-torch forward increase memory: …; weights memory: …``, ``Available KV cache
  memory: X GiB``, ``GPU KV cache size: N tokens``, ``Maximum concurrency for N tokens per request:
  Xx``, ``non-default args: {…}``; the early-2025 form ``model weights take …; non_torch_memory
  takes …; PyTorch activation peak memory takes …; the rest of the memory reserved for KV Cache
  is …``.
* vLLM V0: ``Loading model weights took X GB``, ``Memory profiling results: total_gpu_memory=…
  peak_torch_memory=… non_torch_memory=… kv_cache_size=… gpu_memory_utilization=…`` (the peak
  includes the weights) and ``# GPU blocks: N``.
* SGLang: ``Load weight end. … mem usage=X GB``, ``KV Cache is allocated. #tokens: N, K size: X GB,
  V size: Y GB``, ``Capture cuda graph end. … mem usage=X GB``, ``max_total_num_tokens=N``,
  ``server_args=ServerArgs(…)``.
* TensorRT-LLM: ``TensorRT-LLM version: V``, ``Loaded engine size: X MiB``, ``Allocated X MiB for
  execution context memory``, ``Memory usage when calculating max tokens in paged kv cache:
  total: X GiB``, ``Allocated X GiB for max tokens in paged KV cache (N)``.

vLLM and SGLang label GiB figures "GB" (they divide by 2**30), so "GB" is read as GiB for them.
Under tensor parallelism every rank prints its own lines; the first one found is used (rank 0
prints first). Reads are bounded; text that holds none of these lines, or that stops before the
KV cache size is printed, raises :class:`InputFileError` with the reason.
"""

from __future__ import annotations

import ast
import math
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from gpucalc.core.common.errors import error_location
from gpucalc.core.measured.measured import FlagValue, MeasuredMemory
from gpucalc.core.specs.engine import EngineKind
from gpucalc.engines.tables import log_names
from gpucalc.io.bounded_json import open_regular
from gpucalc.io.errors import InputFileError

MAX_LOG_BYTES = 8 * 1024 * 1024
"""Bytes of a log that are parsed: its head, or the stretch that ends just past its KV cache line."""
MAX_LOG_SCAN_SECONDS = 10.0
"""How long a long log is searched for its KV cache line past the head (about 1 GB at 150 MB/s)."""
SCAN_CHUNK_BYTES = 4 * 1024 * 1024
"""Bytes read at a time while searching; the memory a search holds besides the parsed stretch."""
AFTER_KV_BYTES = 1024 * 1024
"""Bytes kept after the KV cache line (maximum concurrency, CUDA graph capture follow it)."""
KV_LINE_MARKS = (b"GPU KV cache size:", b"Available KV cache memory:", b"reserved for KV Cache is",
                 b"GPU blocks:", b"CUDA blocks:", b"KV Cache is allocated.", b"max_total_num_tokens=",
                 b"for max tokens in paged KV cache", b"Number of blocks in KV cache primary pool")
"""Text of the lines that give the KV cache size, in every engine's start-up (vLLM V0/V1, SGLang,
TensorRT-LLM): the end of the start-up lines a long log is searched for."""
MAX_LINE_CHARS = 16_384
"""Characters of one line the patterns see; longer lines are cut (bounds the work per line, and
keeps SGLang's ``server_args=ServerArgs(…)`` line, about 6,000 characters, whole)."""
MAX_FLAG_TEXT = MAX_LINE_CHARS
MAX_LOG_GIB = 100_000.0
"""A bound, not a measurement: the largest accelerator holds 288 GB (AMD MI355X datasheet), so a
per-GPU figure beyond 100,000 GiB is a corrupt or crafted line."""
MAX_LOG_COUNT = 10**12
"""A bound on token, block and request counts read from a log (a 288 GB GPU holds well under
10**10 tokens of KV cache even at one byte per token)."""
MAX_NUMBER_CHARS = 32
"""Digits before the decimal point of one number in a log; a longer run is refused before
conversion (the digits after it are bounded by the line)."""
MAX_FLAG_INT = 2**63 - 1  # a flag beyond int64 is not a setting any engine takes
MIB_PER_GIB = 1024.0
DEFAULT_VLLM_BLOCK_SIZE = 16  # vLLM's default --block-size

__all__ = ["MeasuredMemory", "deployment_overrides", "parse_engine_log", "read_engine_log"]

_NUM = r"([0-9][0-9,]*+(?:\.[0-9]++)?)"
_UNIT = r"\s*+(GiB|GB|MiB|MB)"


class NoStartupLinesError(InputFileError):
    """The text holds no engine start-up lines, or stops before the KV cache size."""


class _OutOfRangeError(ValueError):
    """A figure of the log that gpucalc refuses; ``position`` is where it starts in the text."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


def _shown(text: str) -> str:
    """A number as it appears in a message: long digit runs cut to their first 12 characters."""
    return text if len(text) <= 16 else f"{text[:12]}… ({len(text)} characters)"


def _number(text: str, position: int, what: str) -> float:
    """A number of the log (thousands commas allowed); a run too long to be a figure is refused."""
    digits = text.replace(",", "")
    whole = digits.partition(".")[0]
    value = float(digits) if len(whole) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise _OutOfRangeError(f"{what} {_shown(text)} is too large to be a figure", position)
    return value


def _within(value: float, what: str, text: str, position: int, low: float, high: float,
            unit: str = "") -> float:
    """``value`` when ``low`` ≤ value ≤ ``high``, else the one-line refusal naming ``what``."""
    if not low <= value <= high:
        raise _OutOfRangeError(f"{what} {_shown(text)}{unit} is out of range ({low:,.0f} to "
                               f"{high:,.0f}{unit})", position)
    return value


def _gib(m: re.Match[str], group: int, what: str, positive: bool = False) -> float:
    """A figure in GiB (MiB/MB are 1/1024 of a GiB; GB is the engines' label for GiB), in range."""
    text, unit = m.group(group), m.group(group + 1) or "GiB"
    amount = _number(text, m.start(group), what)
    value = amount / MIB_PER_GIB if unit in {"MiB", "MB"} else amount
    if positive and value <= 0:
        raise _OutOfRangeError(f"{what} {text} {unit} is not above 0", m.start(group))
    return _within(value, what, text, m.start(group), 0.0, MAX_LOG_GIB, " GiB")


def _amount(m: re.Match[str], group: int, what: str, low: float, high: float) -> float:
    """The number of ``group`` of ``m``, from ``low`` to ``high``."""
    text = m.group(group)
    return _within(_number(text, m.start(group), what), what, text, m.start(group), low, high)


def _count(m: re.Match[str], group: int, what: str, low: int = 0) -> int:
    """A whole count (tokens, blocks, requests) from ``low`` to :data:`MAX_LOG_COUNT`."""
    return int(_amount(m, group, what, low, MAX_LOG_COUNT))


def _fraction(m: re.Match[str], group: int, what: str) -> float:
    """A memory fraction in (0, 1]."""
    text = m.group(group)
    value = _number(text, m.start(group), what)
    if not 0 < value <= 1:
        raise _OutOfRangeError(f"{what} {_shown(text)} is not a fraction above 0 and at most 1",
                               m.start(group))
    return value


def _first(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    return pattern.search(text)


def _line_end(text: str, position: int) -> int:
    """Index of the end of the line holding ``position``."""
    end = text.find("\n", position)
    return len(text) if end < 0 else end


def _then(text: str, first: re.Pattern[str],
          second: re.Pattern[str]) -> tuple[re.Match[str], re.Match[str]] | None:
    """The first match of ``first`` followed on its line by a match of ``second``.

    Linear in the text: when ``second`` is absent after a match of ``first``, it is absent after
    every later match on that line too, so the search goes on at the next line (a lazy
    ``first.*?second`` pattern rescans the line from every match of ``first``).
    """
    position = 0
    while (a := first.search(text, position)) is not None:
        end = _line_end(text, a.end())
        if (b := second.search(text, a.end(), end)) is not None:
            return a, b
        position = end
    return None


def _enclosed(text: str, opening: re.Pattern[str], close: str) -> str | None:
    """What follows the first match of ``opening`` up to the last ``close`` on its line (linear)."""
    position = 0
    while (m := opening.search(text, position)) is not None:
        end = _line_end(text, m.end())
        last = text.rfind(close, m.end(), end)
        if last >= 0:
            return text[m.end():last]
        position = end
    return None


# -- vLLM ------------------------------------------------------------------------------------

_VLLM_VERSION = re.compile(
    r"(?:vLLM API server version|LLM engine \(v)\s*+v?([0-9]++\.[0-9]+[0-9A-Za-z.+\-]*?)[)\s]")
_VLLM_V0_MARKERS = re.compile(r"Memory profiling results:|Initializing an LLM engine \(v|"
                              r"# (?:GPU|CUDA) blocks:|^GPU blocks:", re.MULTILINE)
_VLLM_WEIGHTS = re.compile(r"(?:Model loading took|Loading model weights took)\s++" + _NUM + _UNIT)
_VLLM_PEAK = re.compile(r"torch peak memory increase:\s*+" + _NUM + _UNIT)
_VLLM_FORWARD = re.compile(r"non-torch forward increase memory:\s*+" + _NUM + _UNIT)
_VLLM_WEIGHTS_MEMORY = re.compile(r"weights memory:\s*+" + _NUM + _UNIT)
_VLLM_V1_AVAILABLE = re.compile(r"Available KV cache memory:\s*+" + _NUM + _UNIT)
_VLLM_TOKENS = re.compile(r"GPU KV cache size:\s*+" + _NUM + r"\s*+tokens")
_VLLM_CONCURRENCY = re.compile(r"Maximum concurrency for\s*+" + _NUM + r"\s*+tokens per request:\s*+"
                               + _NUM + r"x")
_VLLM_2025_TOTAL = re.compile(r"total_gpu_memory \(" + _NUM + _UNIT + r"\) x gpu_memory_utilization \("
                              + _NUM + r"\)")
_VLLM_2025_PARTS = re.compile(
    r"model weights take " + _NUM + _UNIT + r"; non_torch_memory takes " + _NUM + _UNIT
    + r"; PyTorch activation peak memory takes " + _NUM + _UNIT
    + r"; the rest of the memory reserved for KV Cache is " + _NUM + _UNIT)
_VLLM_V0_PROFILE = re.compile(r"Memory profiling results:(.*)")
_VLLM_BLOCKS = re.compile(r"#? ?(?:GPU|CUDA) blocks:\s*+" + _NUM)
_VLLM_GRAPHS_START = re.compile(r"Graph capturing finished in ")
_VLLM_GRAPHS_TOOK = re.compile(r"took\s++" + _NUM + _UNIT)
_VLLM_ARGS = re.compile(r"non-default args:\s*+\{")
_KEY_FIGURE = re.compile(r"\b(\w+)=" + _NUM + r"(GiB|GB|MiB|MB)?")


def _key_figures(m: re.Match[str], group: int) -> dict[str, re.Match[str]]:
    """``key=12.3GiB`` pairs of a V0 profiling line (each a match: value group 2, unit group 3)."""
    text, offset = m.group(group), m.start(group)
    return {pair.group(1): pair for pair in _KEY_FIGURE.finditer(m.string, offset, offset + len(text))}


def _parse_vllm(text: str, found: dict[str, Any]) -> None:
    if m := _first(_VLLM_WEIGHTS, text):
        found["weights_gib"] = _gib(m, 1, "model loading")
    if pair := _then(text, _VLLM_PEAK, _VLLM_FORWARD):
        peak, forward = pair
        found["activation_gib"] = _gib(peak, 1, "torch peak memory increase")
        found["non_torch_gib"] = _gib(forward, 1, "non-torch forward increase memory")
        weights = _VLLM_WEIGHTS_MEMORY.search(text, forward.end(), _line_end(text, forward.end()))
        if weights and "weights_gib" not in found:
            found["weights_gib"] = _gib(weights, 1, "weights memory")
    if m := _first(_VLLM_V1_AVAILABLE, text):
        found["kv_cache_gib"] = _gib(m, 1, "available KV cache memory")
    if m := _first(_VLLM_2025_TOTAL, text):
        found["gpu_total_gib"] = _gib(m, 1, "total_gpu_memory", positive=True)
        found["memory_fraction"] = _fraction(m, 3, "gpu_memory_utilization")
    if m := _first(_VLLM_2025_PARTS, text):
        found.setdefault("weights_gib", _gib(m, 1, "model weights"))
        found["non_torch_gib"] = _gib(m, 3, "non_torch_memory")
        found["activation_gib"] = _gib(m, 5, "PyTorch activation peak memory")
        found["kv_cache_gib"] = _gib(m, 7, "memory reserved for KV Cache")
    if m := _first(_VLLM_V0_PROFILE, text):
        _parse_vllm_v0_profile(_key_figures(m, 1), found)
    if m := _first(_VLLM_TOKENS, text):
        found["kv_cache_tokens"] = _count(m, 1, "GPU KV cache size")
    if m := _first(_VLLM_BLOCKS, text):
        found["kv_blocks"] = _count(m, 1, "GPU blocks")
    if m := _first(_VLLM_CONCURRENCY, text):
        found["max_concurrency_tokens"] = _count(m, 1, "tokens per request", low=1)
        found["max_concurrency"] = _amount(m, 2, "maximum concurrency", 0, MAX_LOG_COUNT)
    if pair := _then(text, _VLLM_GRAPHS_START, _VLLM_GRAPHS_TOOK):
        found["cuda_graph_gib"] = _gib(pair[1], 1, "graph capturing")
    _parse_vllm_flags(text, found)


def _parse_vllm_flags(text: str, found: dict[str, Any]) -> None:
    """The ``non-default args`` dict, and the memory fraction it names."""
    inner = _enclosed(text, _VLLM_ARGS, "}")
    if inner is not None:
        found["flags"] = _dict_flags("{" + inner + "}")
        fraction = found["flags"].get("gpu_memory_utilization")
        if isinstance(fraction, float) and 0 < fraction <= 1:
            found.setdefault("memory_fraction", fraction)


def _parse_vllm_v0_profile(pairs: dict[str, re.Match[str]], found: dict[str, Any]) -> None:
    """V0's line: the torch peak includes the weights, so activation = peak − weights."""
    if (m := pairs.get("total_gpu_memory")) is not None:
        found["gpu_total_gib"] = _gib(m, 2, "total_gpu_memory", positive=True)
    if (m := pairs.get("gpu_memory_utilization")) is not None:
        found["memory_fraction"] = _fraction(m, 2, "gpu_memory_utilization")
    if (m := pairs.get("non_torch_memory")) is not None:
        found["non_torch_gib"] = _gib(m, 2, "non_torch_memory")
    if (m := pairs.get("kv_cache_size")) is not None:
        found["kv_cache_gib"] = _gib(m, 2, "kv_cache_size")
    if (m := pairs.get("peak_torch_memory")) is not None and "weights_gib" in found:
        peak = _gib(m, 2, "peak_torch_memory")
        found["activation_gib"] = max(peak - found["weights_gib"], 0.0)


# -- SGLang ----------------------------------------------------------------------------------

_SGLANG_MARKERS = re.compile(r"Load weight end\.|KV Cache is allocated\.|max_total_num_tokens=|"
                             r"server_args=ServerArgs\(|sglang", re.IGNORECASE)
_SGLANG_VERSION = re.compile(r"\bsglang(?:==|\s++(?:version:?\s*+|v))v?([0-9]++\.[0-9]+[0-9A-Za-z.+\-]*+)",
                             re.IGNORECASE)
_SGLANG_WEIGHTS = re.compile(r"Load weight end\.")
_SGLANG_MEM_USAGE = re.compile(r"mem usage=" + _NUM + _UNIT)
_SGLANG_KV = re.compile(r"KV Cache is allocated\.(.*)")
_SGLANG_KV_SIZE = re.compile(r"\b(K|V|KV) size:\s*+" + _NUM + _UNIT)
_SGLANG_KV_TOKENS = re.compile(r"#tokens:\s*+" + _NUM)
_SGLANG_GRAPHS = re.compile(r"Capture cuda graph end\.")
_SGLANG_TOKENS = re.compile(r"max_total_num_tokens=" + _NUM)
_SGLANG_ARGS = re.compile(r"server_args=ServerArgs\(")
_SGLANG_LIMITS = re.compile(r"max_total_num_tokens=.*")


def _parse_sglang(text: str, found: dict[str, Any]) -> None:
    if pair := _then(text, _SGLANG_WEIGHTS, _SGLANG_MEM_USAGE):
        found["weights_gib"] = _gib(pair[1], 1, "memory usage after loading the weights")
    if m := _first(_SGLANG_KV, text):
        start, end = m.span(1)
        sizes = [_gib(s, 2, f"{s.group(1)} size") for s in _SGLANG_KV_SIZE.finditer(text, start, end)]
        if sizes:
            found["kv_cache_gib"] = _within(sum(sizes), "KV cache size", f"{sum(sizes):g}",
                                            m.start(1), 0.0, MAX_LOG_GIB, " GiB")
        if t := _SGLANG_KV_TOKENS.search(text, start, end):
            found["kv_cache_tokens"] = _count(t, 1, "KV cache #tokens")
    if pair := _then(text, _SGLANG_GRAPHS, _SGLANG_MEM_USAGE):
        found["cuda_graph_gib"] = _gib(pair[1], 1, "memory usage after capturing CUDA graphs")
    if m := _first(_SGLANG_TOKENS, text):
        found.setdefault("kv_cache_tokens", _count(m, 1, "max_total_num_tokens"))
    flags: dict[str, FlagValue] = {}
    if (inner := _enclosed(text, _SGLANG_ARGS, ")")) is not None:
        flags.update(_pair_flags(inner))
    if m := _first(_SGLANG_LIMITS, text):
        flags.update(_pair_flags(m.group(0)))
    if flags:
        found["flags"] = flags
    fraction = flags.get("mem_fraction_static")
    if isinstance(fraction, float) and 0 < fraction <= 1:
        found["memory_fraction"] = fraction


# -- TensorRT-LLM ----------------------------------------------------------------------------

_TRT_MARKERS = re.compile(r"TensorRT-LLM|\[TRT-LLM\]")
_TRT_VERSION = re.compile(r"TensorRT-LLM version:\s*+v?([0-9]++\.[0-9]+[0-9A-Za-z.+\-]*+)")
_TRT_WEIGHTS = re.compile(r"Loaded engine size:\s*+" + _NUM + _UNIT)
_TRT_CONTEXT = re.compile(r"Allocated\s++" + _NUM + _UNIT + r" for execution context memory")
_TRT_TOTAL = re.compile(r"Memory usage when calculating max tokens in paged kv cache: total:\s*+"
                        + _NUM + _UNIT)
_TRT_KV = re.compile(r"Allocated\s++" + _NUM + _UNIT + r" for max tokens in paged KV cache \(" + _NUM
                     + r"\)")
_TRT_BLOCKS = re.compile(r"Number of blocks in KV cache primary pool:\s*+" + _NUM)
_TRT_BLOCK_TOKENS = re.compile(r"Number of tokens per block:\s*+" + _NUM)
_TRT_SETTINGS = re.compile(r"\b(max_seq_len|max_num_requests|max_batch_size|max_num_tokens|"
                           r"tp_size|pp_size)=([0-9]++)")


def _parse_trtllm(text: str, found: dict[str, Any]) -> None:
    if m := _first(_TRT_WEIGHTS, text):
        found["weights_gib"] = _gib(m, 1, "loaded engine size")
    if m := _first(_TRT_CONTEXT, text):
        found["activation_gib"] = _gib(m, 1, "execution context memory")
    if m := _first(_TRT_TOTAL, text):
        found["gpu_total_gib"] = _gib(m, 1, "total memory", positive=True)
    if m := _first(_TRT_KV, text):
        found["kv_cache_gib"] = _gib(m, 1, "paged KV cache memory")
        found["kv_cache_tokens"] = _count(m, 3, "max tokens in paged KV cache")
    if m := _first(_TRT_BLOCKS, text):
        found["kv_blocks"] = _count(m, 1, "blocks in the KV cache primary pool")
    if m := _first(_TRT_BLOCK_TOKENS, text):
        found["block_size"] = _count(m, 1, "tokens per block", low=1)
    flags: dict[str, FlagValue] = {}
    for m in _TRT_SETTINGS.finditer(text):
        if m.group(1) not in flags:
            flags[m.group(1)] = _count(m, 2, m.group(1), low=1)
    if flags:
        found["flags"] = flags


# -- flags -----------------------------------------------------------------------------------

def _scalar(value: Any) -> FlagValue | None:
    """A flag value gpucalc can hold: text, a truth value, an int64 or a finite real."""
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value if abs(value) <= MAX_FLAG_INT else None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    return None


def _dict_flags(text: str) -> dict[str, FlagValue]:
    """Scalar entries of a printed Python dict (``non-default args: {...}``)."""
    if len(text) > MAX_FLAG_TEXT:
        return {}
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return _pair_flags(text.replace("':", "'=").replace("'", ""))
    if not isinstance(value, dict):
        return {}
    flags: dict[str, FlagValue] = {}
    for key, item in value.items():
        scalar = _scalar(item)
        if isinstance(key, str) and scalar is not None:
            flags[key] = scalar
    return flags


_PAIR = re.compile(r"\b(\w+)=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^,()\s\[\]{}]+)")


def _pair_flags(text: str) -> dict[str, FlagValue]:
    """Scalar ``key=value`` pairs of a printed argument list (``ServerArgs(...)``)."""
    flags: dict[str, FlagValue] = {}
    for m in _PAIR.finditer(text[:MAX_FLAG_TEXT]):
        raw = m.group(2)
        try:
            value: Any = ast.literal_eval(raw)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = raw
        scalar = _scalar(value)
        if scalar is not None:
            flags.setdefault(m.group(1), scalar)
    return flags


# -- detection and assembly ------------------------------------------------------------------

Parser = Callable[[str, dict[str, Any]], None]
_KV_FIGURES = ("kv_cache_gib", "kv_cache_tokens", "kv_blocks")
_MEMORY_FIGURES = ("weights_gib", "activation_gib", "non_torch_gib", "cuda_graph_gib", *_KV_FIGURES)


def _engine_of(text: str) -> str | None:
    """The engine whose log lines the text holds (None: none recognised)."""
    if _TRT_MARKERS.search(text):
        return "trtllm"
    if _then(text, _SGLANG_WEIGHTS, _SGLANG_MEM_USAGE) or _SGLANG_KV.search(text) \
            or _SGLANG_TOKENS.search(text):
        return "sglang"
    if _VLLM_V0_MARKERS.search(text):
        return "vllm-v0"
    if re.search(r"vLLM|vllm|KV cache memory|GPU KV cache size|Model loading took", text):
        return "vllm"
    if _SGLANG_MARKERS.search(text):
        return "sglang"
    return None


def _version(engine: str, text: str) -> str | None:
    pattern = {"trtllm": _TRT_VERSION, "sglang": _SGLANG_VERSION}.get(engine, _VLLM_VERSION)
    m = pattern.search(text)
    return m.group(1) if m else None


PARSERS: dict[str, Parser] = {"vllm": _parse_vllm, "vllm-v0": _parse_vllm, "sglang": _parse_sglang,
                              "trtllm": _parse_trtllm}
ENGINE_NAMES = {"vllm": "vLLM", "vllm-v0": "vLLM (V0)", "sglang": "SGLang", "trtllm": "TensorRT-LLM"}


def _clip_lines(text: str) -> str:
    """The text with every line cut to :data:`MAX_LINE_CHARS` (bounds the regex work)."""
    return "\n".join(line[:MAX_LINE_CHARS] for line in text.splitlines())


def _line_number(text: str, position: int) -> int:
    """The 1-based line of ``position`` in ``text``."""
    return text.count("\n", 0, position) + 1


def _figures(engine: str, text: str, source: str) -> dict[str, Any]:
    """The engine's figures; a figure out of range is refused naming its line."""
    found: dict[str, Any] = {}
    try:
        PARSERS[engine](text, found)
    except _OutOfRangeError as exc:
        raise InputFileError(f"{source} line {_line_number(text, exc.position)}: {exc}") from None
    return found


def parse_engine_log(text: str, source: str = "pasted text") -> MeasuredMemory:
    """The memory figures of one engine start-up log.

    Only the first :data:`MAX_LOG_BYTES` characters are read and each line is cut to
    :data:`MAX_LINE_CHARS`. Raises :class:`InputFileError` when the text is binary, holds no
    engine memory line, stops before the KV cache size is printed, or holds a figure out of range
    (a GiB figure beyond :data:`MAX_LOG_GIB`, a count beyond :data:`MAX_LOG_COUNT`, a fraction
    outside (0, 1]) — the message names the line.
    """
    if "\x00" in text[:65536]:
        raise InputFileError(f"{source} is a binary file, not an engine start-up log")
    text = _clip_lines(text[: MAX_LOG_BYTES])
    engine = _engine_of(text)
    if engine is None:
        raise NoStartupLinesError(
            f"{source} does not look like a vLLM, SGLang or TensorRT-LLM start-up log: none of "
            "their memory lines was found")
    found = _figures(engine, text, source)
    name = ENGINE_NAMES[engine]
    if not any(key in found for key in _MEMORY_FIGURES):
        raise NoStartupLinesError(f"{source} mentions {name} but holds none of its start-up memory "
                                  "lines; paste the log from the engine start until the KV cache is "
                                  "allocated")
    if not any(key in found for key in _KV_FIGURES):
        raise NoStartupLinesError(f"{source} stops before {name} printed the KV cache size; paste "
                                  "the start-up log until the KV cache line")
    flags = found.get("flags", {})
    if engine.startswith("vllm"):
        _complete_vllm_blocks(found, flags, source)
    found["flags"] = flags
    try:
        return MeasuredMemory(engine=engine, engine_version=_version(engine, text), source=source,
                              **found)
    except ValidationError as exc:
        field = error_location(exc.errors()[0]["loc"])
        raise InputFileError(f"{source}: the figure {field} read from the log is out of range") from None


def _complete_vllm_blocks(found: dict[str, Any], flags: dict[str, FlagValue], source: str) -> None:
    """Older vLLM prints blocks, not tokens: tokens = blocks × block size (16 by default)."""
    block = flags.get("block_size")
    block_size = block if isinstance(block, int) and not isinstance(block, bool) \
        and 0 < block <= MAX_LOG_COUNT else DEFAULT_VLLM_BLOCK_SIZE
    if "kv_blocks" in found:
        found.setdefault("block_size", block_size)
        tokens = found["kv_blocks"] * found["block_size"]
        if "kv_cache_tokens" not in found and tokens > MAX_LOG_COUNT:
            raise InputFileError(f"{source}: {found['kv_blocks']:,} GPU blocks of {found['block_size']:,} "
                                 f"tokens are more than {MAX_LOG_COUNT:,} tokens of KV cache")
        found.setdefault("kv_cache_tokens", tokens)


def read_log_head(path: Path, max_bytes: int = MAX_LOG_BYTES) -> str:
    """The first ``max_bytes`` bytes of the log at ``path`` as text (regular files only)."""
    with open_regular(path, "the log") as handle:
        try:
            data = handle.read(max_bytes)
        except OSError as exc:
            raise InputFileError(f"cannot read the log at {path}: {exc.strerror or exc}") from exc
    if not data.strip():
        raise InputFileError(f"the log at {path} is empty")
    return data.decode("utf-8", errors="replace")


@dataclass(frozen=True, slots=True)
class LogStretch:
    """The part of a log file that is parsed, where it starts, and how much of the file was searched.

    ``searched_bytes`` equals ``size_bytes`` when the whole log was read; less when the search
    for the KV cache line stopped at :data:`MAX_LOG_SCAN_SECONDS`.
    """

    text: str
    start_bytes: int
    size_bytes: int
    searched_bytes: int


def _first_mark(data: bytes) -> int:
    """Where the first KV cache line mark is in ``data`` (-1: none)."""
    found = [at for at in (data.find(mark) for mark in KV_LINE_MARKS) if at >= 0]
    return min(found) if found else -1


def _search_marks(handle: IO[bytes], start: int, size: int, clock: Callable[[], float]) -> tuple[int, int]:
    """The first KV cache line mark at or after ``start`` (-1: none) and the bytes searched up to.

    Reads :data:`SCAN_CHUNK_BYTES` at a time, overlapping by the longest mark, until the mark,
    the end of the file or :data:`MAX_LOG_SCAN_SECONDS`.
    """
    overlap = max(len(mark) for mark in KV_LINE_MARKS)
    deadline = clock() + MAX_LOG_SCAN_SECONDS
    position = start
    while position < size:
        handle.seek(max(position - overlap, 0))
        base = handle.tell()
        chunk = handle.read(SCAN_CHUNK_BYTES + overlap)
        if not chunk:
            break
        at = _first_mark(chunk)
        if at >= 0:
            return base + at, base + at
        position = base + len(chunk)
        if clock() > deadline:
            return -1, position
    return -1, min(position, size)


def read_log_stretch(path: Path, max_bytes: int = MAX_LOG_BYTES,
                     clock: Callable[[], float] = time.monotonic) -> LogStretch:
    """The start-up lines of the log at ``path``: its head, or the stretch before its KV cache line.

    The head is read first; when it holds no KV cache line and the file goes on, the rest is
    searched for one (bounded by :data:`MAX_LOG_SCAN_SECONDS` and :data:`SCAN_CHUNK_BYTES` of
    memory), and the ``max_bytes`` that end just past it are returned. Regular files only.
    """
    head = read_log_head(path, max_bytes)
    with open_regular(path, "the log") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size <= max_bytes or _first_mark(head.encode("utf-8", errors="replace")) >= 0:
            return LogStretch(head, 0, size, min(size, max_bytes))
        try:
            mark, searched = _search_marks(handle, max_bytes, size, clock)
            if mark < 0:
                return LogStretch(head, 0, size, max(searched, max_bytes))
            start = max(0, mark + AFTER_KV_BYTES - max_bytes)
            handle.seek(start)
            data = handle.read(max_bytes)
        except OSError as exc:
            raise InputFileError(f"cannot read the log at {path}: {exc.strerror or exc}") from exc
    newline = data.find(b"\n") if start else -1  # start on a whole line
    return LogStretch(data[newline + 1:].decode("utf-8", errors="replace"), start + newline + 1,
                      size, mark)


def _megabytes(n_bytes: int) -> str:
    return f"{n_bytes / 1e6:,.1f}"


def read_engine_log(path: Path, max_bytes: int = MAX_LOG_BYTES) -> MeasuredMemory:
    """Parse the start-up log at ``path``: its head, or the stretch before its KV cache line.

    A long log whose start-up comes after other lines (a previous run's traffic) is searched
    to its end (see :func:`read_log_stretch`); a refusal says how much was searched. Pipes,
    devices and folders are refused at once.
    """
    stretch = read_log_stretch(path, max_bytes)
    try:
        return parse_engine_log(stretch.text, source=str(path))
    except NoStartupLinesError as exc:
        if stretch.size_bytes <= max_bytes or stretch.start_bytes > 0:
            raise  # the whole log was parsed, or the stretch before its KV cache line was
        if stretch.searched_bytes < stretch.size_bytes:
            raise NoStartupLinesError(
                f"{path}: no KV cache line in the first {_megabytes(stretch.searched_bytes)} MB of "
                f"this {_megabytes(stretch.size_bytes)} MB log (searched for "
                f"{MAX_LOG_SCAN_SECONDS:g} s); paste the start-up log until the KV cache line") from exc
        raise NoStartupLinesError(
            f"{path}: all {_megabytes(stretch.size_bytes)} MB of the log were read and none of its "
            f"lines gives the KV cache size; paste the start-up log until the KV cache line") from exc


COUNT_SETTINGS = {"tensor_parallel_size", "pipeline_parallel_size", "max_model_len", "max_num_seqs",
                  "max_num_batched_tokens", "block_size"}
"""Deployment fields that are whole numbers of at least 1."""


def _setting(key: str, value: FlagValue, source: str) -> FlagValue | None:
    """A flag value a deployment field can take, None to leave the field alone.

    A count that is not a positive whole number (SGLang prints ``-1`` or ``None`` for "disabled" or
    "default") and a fraction outside (0, 1] are left alone; a count beyond
    :data:`MAX_LOG_COUNT` is refused.
    """
    if key == "gpu_memory_utilization":
        fraction = value if isinstance(value, int | float) and not isinstance(value, bool) else None
        return float(fraction) if fraction is not None and 0 < fraction <= 1 else None
    if key not in COUNT_SETTINGS:
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value) if len(value.strip()) <= MAX_NUMBER_CHARS else MAX_LOG_COUNT + 1
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return None
    if value > MAX_LOG_COUNT:
        raise InputFileError(f"{source}: the log's {key} {_shown(str(value))} is out of range "
                             f"(1 to {MAX_LOG_COUNT:,})")
    return value


def deployment_overrides(measured: MeasuredMemory) -> dict[str, FlagValue]:
    """The log's flags under gpucalc's (vLLM) names, for the fields a deployment has.

    Also ``gpu_memory_gib`` (the total the engine saw) and ``engine`` (the profile id). Counts are
    positive whole numbers up to :data:`MAX_LOG_COUNT` and the memory fraction is in (0, 1];
    other values are left out.
    """
    engine = {kind.value: kind for kind in EngineKind}.get(measured.engine or "", EngineKind.VLLM)
    names = log_names(engine)  # the engine's keys → vLLM's, from gpucalc.engines.vocabulary
    result: dict[str, FlagValue] = {}
    for key, value in measured.flags.items():
        target = names.get(key)
        if target is None or target in result:
            continue
        setting = _setting(target, value, measured.source or "the log")
        if setting is not None:
            result[target] = setting
    if measured.memory_fraction is not None:
        result.setdefault("gpu_memory_utilization", measured.memory_fraction)
    if measured.gpu_total_gib is not None:
        result["gpu_memory_gib"] = measured.gpu_total_gib
    if measured.engine is not None:
        result["engine"] = measured.engine
    return result
