"""Read safetensors headers only (bounded reads; tensors are never loaded).

A safetensors file starts with an 8-byte little-endian header length N, then N bytes of JSON
mapping tensor names to ``{"dtype", "shape", "data_offsets"}``. Headers that lie about their
length, overlap the file end, or are not JSON are rejected.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gpucalc.io.bounded_json import parse_json_text, read_json_file
from gpucalc.io.errors import InputFileError

MAX_HEADER_BYTES = 100 * 1024 * 1024
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_SHARDS = 4096
DTYPE_BYTES = {
    "F64": 8, "I64": 8, "U64": 8, "F32": 4, "I32": 4, "U32": 4, "F16": 2, "BF16": 2, "I16": 2,
    "U16": 2, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1, "I8": 1, "U8": 1, "BOOL": 1, "F4": 0.5,
}


class TensorStats(BaseModel):
    """Totals over the tensors of one or more safetensors files."""

    model_config = ConfigDict(frozen=True)

    num_tensors: int
    num_elements: int
    num_bytes: int
    bytes_by_dtype: dict[str, int]


def read_header(path: Path) -> dict[str, Any]:
    """Parse the JSON header of one safetensors file with bounded reads."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            prefix = handle.read(8)
            if len(prefix) < 8:
                raise InputFileError(f"{path.name} is too short to be a safetensors file")
            (length,) = struct.unpack("<Q", prefix)
            if length > MAX_HEADER_BYTES or length > size - 8:
                raise InputFileError(
                    f"{path.name}: header claims {length} bytes but the file has {size - 8}; "
                    "the file is truncated or not safetensors"
                )
            raw = handle.read(length)
    except OSError as exc:
        raise InputFileError(f"cannot read {path}: {exc.strerror}") from exc
    header = parse_json_text(raw, f"safetensors header of {path.name}", max_depth=8)
    if not isinstance(header, dict):
        raise InputFileError(f"safetensors header of {path.name} is not a JSON object")
    _check_offsets(header, size - 8 - length, path.name)
    return header


def _check_offsets(header: Mapping[str, Any], data_size: int, name: str) -> None:
    for tensor, info in header.items():
        if tensor == "__metadata__":
            continue
        if not isinstance(info, Mapping):
            raise InputFileError(f"{name}: tensor {tensor!r} has no description")
        offsets = info.get("data_offsets")
        if (not isinstance(offsets, list) or len(offsets) != 2
                or not all(isinstance(o, int) for o in offsets)
                or not 0 <= offsets[0] <= offsets[1] <= data_size):
            raise InputFileError(f"{name}: tensor {tensor!r} points outside the file")


def tensor_stats(headers: list[dict[str, Any]]) -> TensorStats:
    """Element and byte totals over parsed headers."""
    elements = count = 0
    num_bytes = 0
    by_dtype: dict[str, int] = {}
    for header in headers:
        for tensor, info in header.items():
            if tensor == "__metadata__":
                continue
            shape = info.get("shape") or []
            if not all(isinstance(d, int) and d >= 0 for d in shape):
                raise InputFileError(f"tensor {tensor!r} has an invalid shape")
            start, end = info["data_offsets"]
            dtype = str(info.get("dtype", "?"))
            elements += math.prod(shape)
            num_bytes += end - start
            by_dtype[dtype] = by_dtype.get(dtype, 0) + end - start
            count += 1
    return TensorStats(num_tensors=count, num_elements=elements, num_bytes=num_bytes,
                       bytes_by_dtype=by_dtype)


def folder_tensor_stats(folder: Path) -> TensorStats | None:
    """Stats of a model folder's safetensors shards, or None when it has none."""
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        data = read_json_file(index, "model.safetensors.index.json", MAX_INDEX_BYTES)
        weight_map = data.get("weight_map") if isinstance(data, dict) else None
        if not isinstance(weight_map, dict):
            raise InputFileError("model.safetensors.index.json has no weight_map")
        shards = sorted({str(v) for v in weight_map.values()})
        if len(shards) > MAX_SHARDS:
            raise InputFileError(f"index lists {len(shards)} shards; at most {MAX_SHARDS}")
        paths = [folder / s for s in shards]
        if any(Path(s).name != s for s in shards):
            raise InputFileError("index names shards outside the model folder")
        missing = [p.name for p in paths if not p.is_file()]
        if missing:
            return None
    else:
        paths = sorted(folder.glob("*.safetensors"))[:MAX_SHARDS]
    if not paths:
        return None
    return tensor_stats([read_header(p) for p in paths])
