"""Read safetensors headers only (bounded reads; tensors are never loaded).

A safetensors file starts with an 8-byte little-endian header length N, then N bytes of JSON
mapping tensor names to ``{"dtype", "shape", "data_offsets"}``. Headers that lie about their
length, overlap the file end, or are not JSON are rejected; so are pipes and devices named
``*.safetensors`` (never opened for a blocking read) and headers beyond the bounds below, which
are counted on the raw bytes before any JSON is parsed.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.core.specs.model_spec import MAX_CHECKPOINT_BYTES, MAX_PARAMS
from gpucalc.io.bounded_json import open_regular, parse_json_text, read_json_file
from gpucalc.io.errors import InputFileError

MAX_HEADER_BYTES = 100_000_000
"""The safetensors library's own header limit (``MAX_HEADER_SIZE`` in safetensors/src/tensor.rs)."""
MAX_FOLDER_HEADER_BYTES = MAX_HEADER_BYTES
"""All headers of one model together; DeepSeek-V3's 163 shards hold about 15 MB of headers."""
MAX_TENSORS = 200_000
"""Tensors of one model (DeepSeek-V3 and Kimi K2, the largest published, have about 92,000)."""
MAX_HEADER_VALUES = 16 * MAX_TENSORS
"""JSON values (counted as commas) in one header: a tensor entry takes about six."""
MAX_SHAPE_DIMS = 16
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_SHARDS = 4096
DTYPE_BYTES = {
    "F64": 8, "I64": 8, "U64": 8, "F32": 4, "I32": 4, "U32": 4, "F16": 2, "BF16": 2, "I16": 2,
    "U16": 2, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1, "I8": 1, "U8": 1, "BOOL": 1, "F4": 0.5,
}


class TensorStats(BaseModel):
    """Totals over the tensors of one or more safetensors files."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    num_tensors: int
    num_elements: int
    num_bytes: int
    bytes_by_dtype: dict[str, int]


def _header_length(prefix: bytes, file_size: int, name: str) -> int:
    """The header length the 8-byte prefix announces, checked against the limit and the file."""
    if len(prefix) < 8:
        raise InputFileError(f"{name} is too short to be a safetensors file")
    length: int = struct.unpack("<Q", prefix)[0]
    if length > MAX_HEADER_BYTES:
        raise InputFileError(f"{name}: header claims {length:,} bytes; a safetensors header is at "
                             f"most {MAX_HEADER_BYTES:,} bytes, so the file is damaged or not safetensors")
    if length > file_size - 8:
        raise InputFileError(f"{name}: header claims {length:,} bytes but only {file_size - 8:,} "
                             "follow; the file is truncated or not safetensors")
    return length


def _check_counts(raw: bytes, name: str) -> None:
    """Refuse a header with too many tensors or values, before parsing it (linear byte counts)."""
    tensors = raw.count(b'"data_offsets"')
    if tensors > MAX_TENSORS:
        raise InputFileError(f"{name}: header lists {tensors:,} tensors; gpucalc reads at most "
                             f"{MAX_TENSORS:,} tensors per model")
    values = raw.count(b",")
    if values > MAX_HEADER_VALUES:
        raise InputFileError(f"{name}: header holds {values:,} values; a safetensors header gpucalc "
                             f"reads holds at most {MAX_HEADER_VALUES:,}")


def read_header(path: Path) -> dict[str, Any]:
    """Parse the JSON header of one safetensors file with bounded reads (regular files only)."""
    return _read_header(path, MAX_FOLDER_HEADER_BYTES)[0]


def _read_header(path: Path, budget: int) -> tuple[dict[str, Any], int]:
    """The parsed header of ``path`` and its length; refused when longer than ``budget`` bytes."""
    with open_regular(path, "safetensors file") as handle:
        try:
            size = os.fstat(handle.fileno()).st_size
            length = _header_length(handle.read(8), size, path.name)
            if length > budget:
                raise InputFileError(f"the safetensors headers in {path.parent} total more than "
                                     f"{MAX_FOLDER_HEADER_BYTES:,} bytes; gpucalc reads at most that much")
            raw = handle.read(length)
        except OSError as exc:
            raise InputFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if len(raw) < length:
        raise InputFileError(f"{path.name}: the file ended inside its header while being read")
    _check_counts(raw, path.name)
    header = parse_json_text(raw, f"safetensors header of {path.name}", max_depth=8)
    if not isinstance(header, dict):
        raise InputFileError(f"safetensors header of {path.name} is not a JSON object")
    _check_tensors(header, size - 8 - length, path.name)
    return header, length


def _shape_elements(shape: Any) -> int | None:
    """Elements of a tensor of ``shape`` (a list of non-negative integers), None if malformed."""
    if not isinstance(shape, list) or len(shape) > MAX_SHAPE_DIMS:
        return None
    elements = 1
    for dim in shape:
        if isinstance(dim, bool) or not isinstance(dim, int) or dim < 0:
            return None
        elements *= dim
    return elements


def _check_tensors(header: Mapping[str, Any], data_size: int, name: str) -> None:
    """Every tensor has offsets inside the data and a shape that fits its bytes.

    A tensor cannot hold more elements than 8 per byte (no dtype is narrower than one bit), so a
    shape claiming more is a lie about the file, whatever its dtype.
    """
    for tensor, info in header.items():
        if tensor == "__metadata__":
            continue
        if not isinstance(info, Mapping):
            raise InputFileError(f"{name}: tensor {tensor[:80]!r} has no description")
        offsets = info.get("data_offsets")
        if (not isinstance(offsets, list) or len(offsets) != 2
                or not all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)
                or not 0 <= offsets[0] <= offsets[1] <= data_size):
            raise InputFileError(f"{name}: tensor {tensor[:80]!r} points outside the file")
        elements = _shape_elements(info.get("shape", []))
        if elements is None or elements > 8 * (offsets[1] - offsets[0]):
            raise InputFileError(f"{name}: tensor {tensor[:80]!r} has a shape that does not match "
                                 "its bytes (a shape is a list of at most "
                                 f"{MAX_SHAPE_DIMS} non-negative whole numbers)")


def tensor_stats(headers: list[dict[str, Any]]) -> TensorStats:
    """Element and byte totals over headers checked by :func:`read_header`."""
    elements = count = 0
    num_bytes = 0
    by_dtype: dict[str, int] = {}
    for header in headers:
        for tensor, info in header.items():
            if tensor == "__metadata__":
                continue
            start, end = info["data_offsets"]
            dtype = str(info.get("dtype", "?"))[:32]
            elements += _shape_elements(info.get("shape", [])) or 0
            num_bytes += end - start
            by_dtype[dtype] = by_dtype.get(dtype, 0) + end - start
            count += 1
    if count > MAX_TENSORS:
        raise InputFileError(f"the safetensors files list {count:,} tensors; gpucalc reads at most "
                             f"{MAX_TENSORS:,} tensors per model")
    if elements > MAX_PARAMS or num_bytes > MAX_CHECKPOINT_BYTES:
        raise InputFileError(f"the safetensors files claim {elements:,} parameters in {num_bytes:,} "
                             f"bytes; gpucalc reads at most {MAX_PARAMS:,} parameters")
    return TensorStats(num_tensors=count, num_elements=elements, num_bytes=num_bytes,
                       bytes_by_dtype=by_dtype)


def folder_tensor_stats(folder: Path) -> TensorStats | None:
    """Stats of a model folder's safetensors shards, or None when it has none (or lacks some)."""
    try:
        paths = _shard_paths(folder)
    except OSError as exc:  # a shard name too long for the file system, a folder without access
        raise InputFileError(f"cannot list the safetensors files of {folder}: "
                             f"{exc.strerror or type(exc).__name__}") from exc
    if not paths:
        return None
    return tensor_stats(_read_headers(paths))


def _shard_paths(folder: Path) -> list[Path]:
    """The shards the index names (none when one is missing), else every ``*.safetensors``."""
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        return _indexed_shards(folder, index)
    paths = sorted(folder.glob("*.safetensors"))
    if len(paths) > MAX_SHARDS:
        raise InputFileError(f"{folder} holds {len(paths):,} safetensors files; gpucalc reads at "
                             f"most {MAX_SHARDS:,} shards per model")
    return paths


def _indexed_shards(folder: Path, index: Path) -> list[Path]:
    """The shard files ``index`` maps tensors to; empty when any of them is missing."""
    data = read_json_file(index, "model.safetensors.index.json", MAX_INDEX_BYTES)
    weight_map = data.get("weight_map") if isinstance(data, dict) else None
    if not isinstance(weight_map, dict):
        raise InputFileError("model.safetensors.index.json has no weight_map")
    shards = sorted({str(v) for v in weight_map.values()})
    if len(shards) > MAX_SHARDS:
        raise InputFileError(f"model.safetensors.index.json lists {len(shards):,} shards; gpucalc "
                             f"reads at most {MAX_SHARDS:,} shards per model")
    if any(Path(s).name != s for s in shards):
        raise InputFileError("index names shards outside the model folder")
    paths = [folder / s for s in shards]
    return paths if all(p.is_file() for p in paths) else []


def _read_headers(paths: list[Path]) -> list[dict[str, Any]]:
    """Headers of ``paths``, refused once together they pass :data:`MAX_FOLDER_HEADER_BYTES`."""
    headers: list[dict[str, Any]] = []
    budget = MAX_FOLDER_HEADER_BYTES
    for path in paths:
        header, length = _read_header(path, budget)
        headers.append(header)
        budget -= length
    return headers
