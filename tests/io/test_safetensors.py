"""safetensors header reading: exact counts from headers, lying headers rejected."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from gpucalc.io.errors import InputFileError
from gpucalc.io.local_model import load_local_model
from gpucalc.io.safetensors import folder_tensor_stats, read_header

CONFIG = {"model_type": "llama", "hidden_size": 8, "num_hidden_layers": 1,
          "num_attention_heads": 2, "num_key_value_heads": 1, "vocab_size": 10,
          "intermediate_size": 16, "tie_word_embeddings": True}


def write_safetensors(path: Path, tensors: dict[str, tuple[str, list[int]]],
                      claimed_length: int | None = None) -> None:
    header: dict[str, object] = {}
    offset = 0
    sizes = {"BF16": 2, "F32": 4, "I32": 4}
    for name, (dtype, shape) in tensors.items():
        count = 1
        for dim in shape:
            count *= dim
        end = offset + count * sizes[dtype]
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, end]}
        offset = end
    raw = json.dumps(header).encode()
    length = len(raw) if claimed_length is None else claimed_length
    path.write_bytes(struct.pack("<Q", length) + raw + b"\0" * offset)


def test_counts_elements_and_bytes(tmp_path: Path) -> None:
    write_safetensors(tmp_path / "model.safetensors",
                      {"a": ("BF16", [10, 8]), "b": ("F32", [4])})
    stats = folder_tensor_stats(tmp_path)
    assert stats is not None
    assert stats.num_elements == 84
    assert stats.num_bytes == 160 + 16


def test_sharded_index(tmp_path: Path) -> None:
    write_safetensors(tmp_path / "s1.safetensors", {"a": ("BF16", [3, 3])})
    write_safetensors(tmp_path / "s2.safetensors", {"b": ("BF16", [2])})
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(
        {"metadata": {"total_size": 22}, "weight_map": {"a": "s1.safetensors",
                                                         "b": "s2.safetensors"}}))
    stats = folder_tensor_stats(tmp_path)
    assert stats is not None
    assert stats.num_elements == 11


def test_header_that_lies_about_its_length(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    write_safetensors(path, {"a": ("BF16", [2])}, claimed_length=10**12)
    with pytest.raises(InputFileError, match="header claims"):
        read_header(path)


def test_offsets_beyond_the_file(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    raw = json.dumps({"a": {"dtype": "BF16", "shape": [100], "data_offsets": [0, 200]}}).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0" * 10)
    with pytest.raises(InputFileError, match="outside the file"):
        read_header(path)


def test_truncated_file(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    path.write_bytes(b"\x01\x02")
    with pytest.raises(InputFileError, match="too short"):
        read_header(path)


def test_index_pointing_outside_the_folder(tmp_path: Path) -> None:
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(
        {"weight_map": {"a": "../../etc/passwd"}}))
    with pytest.raises(InputFileError, match="outside"):
        folder_tensor_stats(tmp_path)


def test_local_folder_uses_exact_counts(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps(CONFIG))
    write_safetensors(tmp_path / "model.safetensors", {"w": ("BF16", [123])})
    spec = load_local_model(tmp_path)
    assert spec.exact_total_params == 123
    assert spec.exact_weight_bytes == 246
