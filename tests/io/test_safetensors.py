"""safetensors header reading: exact counts from headers, lying headers rejected."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.io import safetensors
from gpucalc.io.errors import InputFileError
from gpucalc.io.local_model import load_local_model
from gpucalc.io.safetensors import (
    MAX_HEADER_BYTES,
    MAX_HEADER_VALUES,
    MAX_TENSORS,
    folder_tensor_stats,
    read_header,
)
from tests.io.refusals import result_or_refusal

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


# --- hostile headers -----------------------------------------------------------------------------

def write_header(path: Path, header: object, data: int = 0, claimed: int | None = None) -> None:
    raw = json.dumps(header).encode() if not isinstance(header, bytes) else header
    length = len(raw) if claimed is None else claimed
    path.write_bytes(struct.pack("<Q", length) + raw + b"\0" * data)


def test_shape_that_is_a_number(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    write_header(path, {"a": {"dtype": "BF16", "shape": 5, "data_offsets": [0, 10]}}, data=10)
    with pytest.raises(InputFileError, match="shape that does not match"):
        read_header(path)


def test_huge_shape_is_refused_against_the_bytes(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    shape = [2**62] * 12
    write_header(path, {"a": {"dtype": "BF16", "shape": shape, "data_offsets": [0, 2]}}, data=2)
    with pytest.raises(InputFileError, match="shape that does not match"):
        read_header(path)


def test_fifo_named_safetensors_is_refused_without_blocking(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    (tmp_path / "config.json").write_text(json.dumps(CONFIG))
    os.mkfifo(tmp_path / "model.safetensors")
    with pytest.raises(InputFileError, match="pipe"):
        load_local_model(tmp_path)


def test_too_many_tensors_are_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    entries = b",".join(b'"t%d":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}' % i
                        for i in range(MAX_TENSORS + 1))
    write_header(path, b"{" + entries + b"}")
    with pytest.raises(InputFileError, match=f"at most {MAX_TENSORS:,} tensors"):
        read_header(path)


def test_too_many_values_are_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    zeros = b",".join([b"0"] * (MAX_HEADER_VALUES + 2))
    write_header(path, b'{"a":{"dtype":"U8","shape":[' + zeros + b'],"data_offsets":[0,0]}}')
    with pytest.raises(InputFileError, match="values"):
        read_header(path)


def test_header_beyond_the_library_limit_says_so(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    with path.open("wb") as handle:
        handle.write(struct.pack("<Q", MAX_HEADER_BYTES + 1))
        handle.seek(MAX_HEADER_BYTES + 100)
        handle.write(b"\0")
    with pytest.raises(InputFileError) as info:
        read_header(path)
    message = str(info.value)
    assert f"{MAX_HEADER_BYTES + 1:,} bytes; a safetensors header is at most" in message
    assert "but the file has" not in message


def test_header_longer_than_the_file_says_how_much_follows(tmp_path: Path) -> None:
    path = tmp_path / "model.safetensors"
    write_header(path, {"a": {"dtype": "U8", "shape": [0], "data_offsets": [0, 0]}}, claimed=5000)
    raw_length = path.stat().st_size - 8
    with pytest.raises(InputFileError, match=f"claims 5,000 bytes but only {raw_length:,} follow"):
        read_header(path)


def test_shards_together_beyond_the_folder_budget(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safetensors, "MAX_FOLDER_HEADER_BYTES", 200)
    header = {"a": {"dtype": "BF16", "shape": [1], "data_offsets": [0, 2]},
              "__metadata__": {"p": "x" * 60}}
    for index in range(3):
        write_header(tmp_path / f"s{index}.safetensors", header, data=2)
    with pytest.raises(InputFileError, match="total more than 200 bytes"):
        folder_tensor_stats(tmp_path)


DTYPES = st.sampled_from(["BF16", "F32", "U8", "F4", "???", "", "I64"])
DIMS = st.one_of(st.integers(-2, 2**63 - 1), st.integers(0, 64), st.text(max_size=3), st.none(),
                 st.floats(allow_nan=False), st.booleans())
SHAPES = st.one_of(st.lists(DIMS, max_size=20), DIMS, st.dictionaries(st.text(max_size=2), DIMS))
OFFSETS = st.one_of(st.lists(st.integers(-5, 2**63 - 1), max_size=3),
                    st.tuples(st.integers(0, 64), st.integers(0, 64)).map(list), DIMS)
TENSOR = st.fixed_dictionaries({"dtype": DTYPES, "shape": SHAPES, "data_offsets": OFFSETS})
HEADERS = st.one_of(
    st.dictionaries(st.text(max_size=8), st.one_of(TENSOR, DIMS), max_size=5),
    st.lists(st.integers(0, 3), max_size=3), st.integers(), st.text(max_size=5),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(header=HEADERS, data=st.integers(0, 64),
       claimed=st.one_of(st.none(), st.integers(0, 2**64 - 1)))
def test_any_header_is_stats_or_one_clear_line(tmp_path: Path, header: object, data: int,
                                               claimed: int | None) -> None:
    path = tmp_path / "model.safetensors"
    write_header(path, header, data=data, claimed=claimed)
    stats = result_or_refusal(lambda: folder_tensor_stats(tmp_path), InputFileError)
    if stats is None:
        return
    assert 0 <= stats.num_bytes <= data
    assert 0 <= stats.num_elements <= 8 * data


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=64))
def test_random_bytes_are_refused_in_one_line(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "model.safetensors"
    path.write_bytes(raw)
    header = result_or_refusal(lambda: read_header(path), InputFileError)
    assert header is None or isinstance(header, dict)


def test_more_shards_than_the_cap_are_refused_not_cut(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safetensors, "MAX_SHARDS", 2)
    for index in range(3):
        write_safetensors(tmp_path / f"s{index}.safetensors", {"a": ("BF16", [1])})
    with pytest.raises(InputFileError, match="3 safetensors files; gpucalc reads at most 2 shards"):
        folder_tensor_stats(tmp_path)


def test_parameter_total_beyond_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safetensors, "MAX_PARAMS", 10)
    write_safetensors(tmp_path / "model.safetensors", {"a": ("BF16", [11])})
    with pytest.raises(InputFileError, match="11 parameters"):
        folder_tensor_stats(tmp_path)


def test_index_naming_a_shard_too_long_for_the_file_system(tmp_path: Path) -> None:
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(
        {"weight_map": {"a": "x" * 300}}))
    with pytest.raises(InputFileError, match="cannot list the safetensors files"):
        folder_tensor_stats(tmp_path)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(index=st.one_of(
    st.dictionaries(st.sampled_from(["weight_map", "metadata"]),
                    st.one_of(st.dictionaries(st.text(max_size=4), st.one_of(
                        st.text(max_size=300), st.integers(), st.none()), max_size=4),
                        st.lists(st.integers(), max_size=3), st.text(max_size=3)), max_size=2),
    st.lists(st.integers(), max_size=3), st.integers()))
def test_any_index_is_stats_or_one_clear_line(tmp_path: Path, index: object) -> None:
    write_safetensors(tmp_path / "model.safetensors", {"a": ("BF16", [3])})
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(index))
    stats = result_or_refusal(lambda: folder_tensor_stats(tmp_path), InputFileError)
    assert stats is None or stats.num_elements == 3
