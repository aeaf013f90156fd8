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
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpucalc.core.measured import FlagValue, MeasuredMemory
from gpucalc.io.errors import InputFileError

MAX_LOG_BYTES = 8 * 1024 * 1024
MAX_LINE_CHARS = 20_000
MAX_FLAG_TEXT = 20_000
MIB_PER_GIB = 1024.0
DEFAULT_VLLM_BLOCK_SIZE = 16  # vLLM's default --block-size

__all__ = ["MeasuredMemory", "deployment_overrides", "parse_engine_log", "read_engine_log"]

_NUM = r"([0-9][0-9,]*(?:\.[0-9]+)?)"
_UNIT = r"\s*(GiB|GB|MiB|MB)"


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _gib(value: str, unit: str) -> float:
    """A figure in GiB (MiB/MB are 1/1024 of a GiB; GB is the engines' label for GiB)."""
    amount = _number(value)
    return amount / MIB_PER_GIB if unit in {"MiB", "MB"} else amount


def _first(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    return pattern.search(text)


# -- vLLM ------------------------------------------------------------------------------------

_VLLM_VERSION = re.compile(
    r"(?:vLLM API server version|LLM engine \(v)\s*v?([0-9]+\.[0-9]+[0-9A-Za-z.+\-]*?)[)\s]")
_VLLM_V0_MARKERS = re.compile(r"Memory profiling results:|Initializing an LLM engine \(v|"
                              r"# (?:GPU|CUDA) blocks:|^GPU blocks:", re.MULTILINE)
_VLLM_WEIGHTS = re.compile(r"(?:Model loading took|Loading model weights took)\s+" + _NUM + _UNIT)
_VLLM_V1_PROFILE = re.compile(
    r"torch peak memory increase:\s*" + _NUM + _UNIT + r".*?non-torch forward increase memory:\s*"
    + _NUM + _UNIT + r"(?:.*?weights memory:\s*" + _NUM + _UNIT + ")?")
_VLLM_V1_AVAILABLE = re.compile(r"Available KV cache memory:\s*" + _NUM + _UNIT)
_VLLM_TOKENS = re.compile(r"GPU KV cache size:\s*" + _NUM + r"\s*tokens")
_VLLM_CONCURRENCY = re.compile(r"Maximum concurrency for\s*" + _NUM + r"\s*tokens per request:\s*"
                               + _NUM + r"x")
_VLLM_2025_TOTAL = re.compile(r"total_gpu_memory \(" + _NUM + _UNIT + r"\) x gpu_memory_utilization \("
                              + _NUM + r"\)")
_VLLM_2025_PARTS = re.compile(
    r"model weights take " + _NUM + _UNIT + r"; non_torch_memory takes " + _NUM + _UNIT
    + r"; PyTorch activation peak memory takes " + _NUM + _UNIT
    + r"; the rest of the memory reserved for KV Cache is " + _NUM + _UNIT)
_VLLM_V0_PROFILE = re.compile(r"Memory profiling results:(.*)")
_VLLM_BLOCKS = re.compile(r"#? ?(?:GPU|CUDA) blocks:\s*" + _NUM)
_VLLM_GRAPHS = re.compile(r"Graph capturing finished in .*?took\s+" + _NUM + _UNIT)
_VLLM_ARGS = re.compile(r"non-default args:\s*(\{.*\})")


def _key_figures(text: str) -> dict[str, tuple[float, str]]:
    """``key=12.3GiB`` pairs of a V0 profiling line (value, unit)."""
    return {m.group(1): (_number(m.group(2)), m.group(3) or "")
            for m in re.finditer(r"(\w+)=" + _NUM + r"(GiB|GB|MiB|MB)?", text)}


def _parse_vllm(text: str, found: dict[str, Any]) -> None:
    if m := _first(_VLLM_WEIGHTS, text):
        found["weights_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_VLLM_V1_PROFILE, text):
        found["activation_gib"] = _gib(m.group(1), m.group(2))
        found["non_torch_gib"] = _gib(m.group(3), m.group(4))
        if m.group(5) and "weights_gib" not in found:
            found["weights_gib"] = _gib(m.group(5), m.group(6))
    if m := _first(_VLLM_V1_AVAILABLE, text):
        found["kv_cache_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_VLLM_2025_TOTAL, text):
        found["gpu_total_gib"] = _gib(m.group(1), m.group(2))
        found["memory_fraction"] = _number(m.group(3))
    if m := _first(_VLLM_2025_PARTS, text):
        found.setdefault("weights_gib", _gib(m.group(1), m.group(2)))
        found["non_torch_gib"] = _gib(m.group(3), m.group(4))
        found["activation_gib"] = _gib(m.group(5), m.group(6))
        found["kv_cache_gib"] = _gib(m.group(7), m.group(8))
    if m := _first(_VLLM_V0_PROFILE, text):
        _parse_vllm_v0_profile(_key_figures(m.group(1)), found)
    if m := _first(_VLLM_TOKENS, text):
        found["kv_cache_tokens"] = int(_number(m.group(1)))
    if m := _first(_VLLM_BLOCKS, text):
        found["kv_blocks"] = int(_number(m.group(1)))
    if m := _first(_VLLM_CONCURRENCY, text):
        found["max_concurrency_tokens"] = int(_number(m.group(1)))
        found["max_concurrency"] = _number(m.group(2))
    if m := _first(_VLLM_GRAPHS, text):
        found["cuda_graph_gib"] = _gib(m.group(1), m.group(2))
    _parse_vllm_flags(text, found)


def _parse_vllm_flags(text: str, found: dict[str, Any]) -> None:
    """The ``non-default args`` dict, and the memory fraction it names."""
    if m := _first(_VLLM_ARGS, text):
        found["flags"] = _dict_flags(m.group(1))
        fraction = found["flags"].get("gpu_memory_utilization")
        if isinstance(fraction, float) and 0 < fraction <= 1:
            found.setdefault("memory_fraction", fraction)


def _parse_vllm_v0_profile(pairs: dict[str, tuple[float, str]], found: dict[str, Any]) -> None:
    """V0's line: the torch peak includes the weights, so activation = peak − weights."""
    def gib(key: str) -> float | None:
        if key not in pairs:
            return None
        value, unit = pairs[key]
        return _gib(str(value), unit or "GiB")

    if (total := gib("total_gpu_memory")) is not None:
        found["gpu_total_gib"] = total
    if "gpu_memory_utilization" in pairs:
        found["memory_fraction"] = pairs["gpu_memory_utilization"][0]
    if (non_torch := gib("non_torch_memory")) is not None:
        found["non_torch_gib"] = non_torch
    if (kv := gib("kv_cache_size")) is not None:
        found["kv_cache_gib"] = kv
    peak = gib("peak_torch_memory")
    if peak is not None and "weights_gib" in found:
        found["activation_gib"] = max(peak - found["weights_gib"], 0.0)


# -- SGLang ----------------------------------------------------------------------------------

_SGLANG_MARKERS = re.compile(r"Load weight end\.|KV Cache is allocated\.|max_total_num_tokens=|"
                             r"server_args=ServerArgs\(|sglang", re.IGNORECASE)
_SGLANG_VERSION = re.compile(r"\bsglang(?:==|\s+version:?\s*|\s+v)v?([0-9]+\.[0-9]+[0-9A-Za-z.+\-]*)",
                             re.IGNORECASE)
_SGLANG_WEIGHTS = re.compile(r"Load weight end\..*?mem usage=" + _NUM + _UNIT)
_SGLANG_KV = re.compile(r"KV Cache is allocated\.(.*)")
_SGLANG_GRAPHS = re.compile(r"Capture cuda graph end\..*?mem usage=" + _NUM + _UNIT)
_SGLANG_TOKENS = re.compile(r"max_total_num_tokens=" + _NUM)
_SGLANG_ARGS = re.compile(r"server_args=ServerArgs\((.*)\)")
_SGLANG_LIMITS = re.compile(r"max_total_num_tokens=.*")


def _parse_sglang(text: str, found: dict[str, Any]) -> None:
    if m := _first(_SGLANG_WEIGHTS, text):
        found["weights_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_SGLANG_KV, text):
        line = m.group(1)
        sizes = [_gib(s.group(2), s.group(3))
                 for s in re.finditer(r"\b(K|V|KV) size:\s*" + _NUM + _UNIT, line)]
        if sizes:
            found["kv_cache_gib"] = sum(sizes)
        if t := re.search(r"#tokens:\s*" + _NUM, line):
            found["kv_cache_tokens"] = int(_number(t.group(1)))
    if m := _first(_SGLANG_GRAPHS, text):
        found["cuda_graph_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_SGLANG_TOKENS, text):
        found.setdefault("kv_cache_tokens", int(_number(m.group(1))))
    flags: dict[str, FlagValue] = {}
    if m := _first(_SGLANG_ARGS, text):
        flags.update(_pair_flags(m.group(1)))
    if m := _first(_SGLANG_LIMITS, text):
        flags.update(_pair_flags(m.group(0)))
    if flags:
        found["flags"] = flags
    if isinstance(flags.get("mem_fraction_static"), float):
        found["memory_fraction"] = flags["mem_fraction_static"]


# -- TensorRT-LLM ----------------------------------------------------------------------------

_TRT_MARKERS = re.compile(r"TensorRT-LLM|\[TRT-LLM\]")
_TRT_VERSION = re.compile(r"TensorRT-LLM version:\s*v?([0-9]+\.[0-9]+[0-9A-Za-z.+\-]*)")
_TRT_WEIGHTS = re.compile(r"Loaded engine size:\s*" + _NUM + _UNIT)
_TRT_CONTEXT = re.compile(r"Allocated\s+" + _NUM + _UNIT + r" for execution context memory")
_TRT_TOTAL = re.compile(r"Memory usage when calculating max tokens in paged kv cache: total:\s*"
                        + _NUM + _UNIT)
_TRT_KV = re.compile(r"Allocated\s+" + _NUM + _UNIT + r" for max tokens in paged KV cache \(" + _NUM
                     + r"\)")
_TRT_BLOCKS = re.compile(r"Number of blocks in KV cache primary pool:\s*" + _NUM)
_TRT_BLOCK_TOKENS = re.compile(r"Number of tokens per block:\s*" + _NUM)
_TRT_SETTINGS = re.compile(r"\b(max_seq_len|max_num_requests|max_batch_size|max_num_tokens|"
                           r"tp_size|pp_size)=([0-9]+)")


def _parse_trtllm(text: str, found: dict[str, Any]) -> None:
    if m := _first(_TRT_WEIGHTS, text):
        found["weights_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_TRT_CONTEXT, text):
        found["activation_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_TRT_TOTAL, text):
        found["gpu_total_gib"] = _gib(m.group(1), m.group(2))
    if m := _first(_TRT_KV, text):
        found["kv_cache_gib"] = _gib(m.group(1), m.group(2))
        found["kv_cache_tokens"] = int(_number(m.group(3)))
    if m := _first(_TRT_BLOCKS, text):
        found["kv_blocks"] = int(_number(m.group(1)))
    if m := _first(_TRT_BLOCK_TOKENS, text):
        found["block_size"] = int(_number(m.group(1)))
    flags: dict[str, FlagValue] = {}
    for m in _TRT_SETTINGS.finditer(text):
        flags.setdefault(m.group(1), int(m.group(2)))
    if flags:
        found["flags"] = flags


# -- flags -----------------------------------------------------------------------------------

def _scalar(value: Any) -> FlagValue | None:
    if isinstance(value, bool | int | float | str):
        return value
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


_PAIR = re.compile(r"(\w+)=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^,()\s\[\]{}]+)")


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
    if _SGLANG_WEIGHTS.search(text) or _SGLANG_KV.search(text) or _SGLANG_TOKENS.search(text):
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


def parse_engine_log(text: str, source: str = "pasted text") -> MeasuredMemory:
    """The memory figures of one engine start-up log.

    Raises :class:`InputFileError` when the text is binary, holds no engine memory line, or stops
    before the KV cache size is printed.
    """
    if "\x00" in text[:65536]:
        raise InputFileError(f"{source} is a binary file, not an engine start-up log")
    text = _clip_lines(text[: MAX_LOG_BYTES])
    engine = _engine_of(text)
    if engine is None:
        raise InputFileError(
            f"{source} does not look like a vLLM, SGLang or TensorRT-LLM start-up log: none of "
            "their memory lines was found")
    found: dict[str, Any] = {}
    PARSERS[engine](text, found)
    name = ENGINE_NAMES[engine]
    if not any(key in found for key in _MEMORY_FIGURES):
        raise InputFileError(f"{source} mentions {name} but holds none of its start-up memory lines; "
                             "paste the log from the engine start until the KV cache is allocated")
    if not any(key in found for key in _KV_FIGURES):
        raise InputFileError(f"{source} stops before {name} printed the KV cache size (truncated "
                             "log?); paste the start-up log until the KV cache line")
    flags = found.get("flags", {})
    if engine.startswith("vllm"):
        _complete_vllm_blocks(found, flags)
    found["flags"] = flags
    return MeasuredMemory(engine=engine, engine_version=_version(engine, text), source=source,
                          **found)


def _complete_vllm_blocks(found: dict[str, Any], flags: dict[str, FlagValue]) -> None:
    """Older vLLM prints blocks, not tokens: tokens = blocks × block size (16 by default)."""
    block = flags.get("block_size")
    block_size = block if isinstance(block, int) and not isinstance(block, bool) and block > 0 \
        else DEFAULT_VLLM_BLOCK_SIZE
    if "kv_blocks" in found:
        found.setdefault("block_size", block_size)
        found.setdefault("kv_cache_tokens", found["kv_blocks"] * found["block_size"])


def read_engine_log(path: Path, max_bytes: int = MAX_LOG_BYTES) -> MeasuredMemory:
    """Parse the start-up log at ``path``; only the first ``max_bytes`` bytes are read.

    Start-up lines come first, so a long log that goes on with request traffic is still read
    correctly from its head.
    """
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes)
    except OSError as exc:
        raise InputFileError(f"cannot read the log at {path}: {exc.strerror or exc}") from exc
    if not data.strip():
        raise InputFileError(f"the log at {path} is empty")
    return parse_engine_log(data.decode("utf-8", errors="replace"), source=str(path))


SGLANG_TO_VLLM = {"tp_size": "tensor_parallel_size", "pp_size": "pipeline_parallel_size",
                  "mem_fraction_static": "gpu_memory_utilization", "context_length": "max_model_len",
                  "context_len": "max_model_len", "max_running_requests": "max_num_seqs",
                  "chunked_prefill_size": "max_num_batched_tokens", "page_size": "block_size",
                  "kv_cache_dtype": "kv_cache_dtype", "quantization": "quantization",
                  "dtype": "dtype", "disable_cuda_graph": "enforce_eager"}
TRTLLM_TO_VLLM = {"max_seq_len": "max_model_len", "max_num_requests": "max_num_seqs",
                  "max_batch_size": "max_num_seqs", "max_num_tokens": "max_num_batched_tokens",
                  "tp_size": "tensor_parallel_size", "pp_size": "pipeline_parallel_size"}
VLLM_KEYS = {"tensor_parallel_size", "pipeline_parallel_size", "gpu_memory_utilization",
             "max_model_len", "max_num_seqs", "max_num_batched_tokens", "block_size",
             "kv_cache_dtype", "quantization", "dtype", "enable_expert_parallel", "enforce_eager"}


def deployment_overrides(measured: MeasuredMemory) -> dict[str, FlagValue]:
    """The log's flags under gpucalc's (vLLM) names, for the fields a deployment has.

    Also ``gpu_memory_gib`` (the total the engine saw) and ``engine`` (the profile id).
    """
    names = {"sglang": SGLANG_TO_VLLM, "trtllm": TRTLLM_TO_VLLM}.get(measured.engine or "",
                                                                    {k: k for k in VLLM_KEYS})
    result: dict[str, FlagValue] = {}
    for key, value in measured.flags.items():
        target = names.get(key)
        if target is not None and value is not None and target not in result:
            result[target] = value
    if measured.memory_fraction is not None:
        result.setdefault("gpu_memory_utilization", measured.memory_fraction)
    if measured.gpu_total_gib is not None:
        result["gpu_memory_gib"] = measured.gpu_total_gib
    if measured.engine is not None:
        result["engine"] = measured.engine
    return result
