"""Engine start-up logs: figures, engine and version, flags, and clear errors for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.io.engine_log import deployment_overrides, parse_engine_log, read_engine_log
from gpucalc.io.errors import InputFileError

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def test_vllm_v1_log_figures_version_and_flags() -> None:
    log = read_engine_log(LOGS / "vllm-0.19-llama-3.1-8b-h100.log")
    assert (log.engine, log.engine_version) == ("vllm", "0.19.0")
    assert log.weights_gib == pytest.approx(14.99)
    assert log.activation_gib == pytest.approx(1.89)
    assert log.non_torch_gib == pytest.approx(0.25)
    assert log.kv_cache_gib == pytest.approx(58.11)
    assert log.kv_cache_tokens == 476_000
    assert log.max_concurrency == pytest.approx(58.11)
    assert log.max_concurrency_tokens == 8192
    assert log.flags["gpu_memory_utilization"] == pytest.approx(0.95)
    assert deployment_overrides(log)["max_model_len"] == 8192


def test_vllm_v1_tensor_parallel_log_keeps_rank_zero_and_tp_flag() -> None:
    log = read_engine_log(LOGS / "vllm-0.19-mixtral-8x7b-tp2-h100.log")
    assert log.weights_gib == pytest.approx(43.51)
    assert log.non_torch_gib == pytest.approx(2.07)
    assert log.kv_cache_tokens == 465_936
    assert deployment_overrides(log)["tensor_parallel_size"] == 2


def test_vllm_v0_log_activation_is_peak_minus_weights_and_tokens_from_blocks() -> None:
    log = read_engine_log(LOGS / "vllm-v0-llama-3.1-8b-rtx3090.log")
    assert log.engine == "vllm-v0"
    assert log.engine_version is None
    assert log.activation_gib == pytest.approx(17.06 - 14.9888)
    assert log.gpu_total_gib == pytest.approx(23.58)
    assert log.memory_fraction == pytest.approx(0.90)
    assert (log.kv_blocks, log.block_size, log.kv_cache_tokens) == (1952, 16, 1952 * 16)
    assert deployment_overrides(log)["gpu_memory_gib"] == pytest.approx(23.58)


def test_vllm_early_2025_profile_sentence() -> None:
    log = read_engine_log(LOGS / "vllm-2025-01-llama-3.2-11b-vision-h100.log")
    assert log.activation_gib == pytest.approx(36.63)
    assert log.kv_cache_gib == pytest.approx(14.65)
    assert log.gpu_total_gib == pytest.approx(79.22)
    assert log.kv_blocks == 6001


def test_sglang_log() -> None:
    log = read_engine_log(LOGS / "sglang-0.4-llama-3.1-8b-h100.log")
    assert (log.engine, log.engine_version) == ("sglang", "0.4.3.post2")
    assert log.weights_gib == pytest.approx(15.04)
    assert log.kv_cache_gib == pytest.approx(2 * 27.28)
    assert log.kv_cache_tokens == 447_000
    assert log.cuda_graph_gib == pytest.approx(0.41)
    assert log.memory_fraction == pytest.approx(0.88)
    overrides = deployment_overrides(log)
    assert overrides["tensor_parallel_size"] == 1
    assert overrides["max_num_batched_tokens"] == 8192
    assert overrides["engine"] == "sglang"


def test_tensorrt_llm_log_converts_mib() -> None:
    log = read_engine_log(LOGS / "trtllm-0.17-llama-3.1-8b-fp8-h100.log")
    assert (log.engine, log.engine_version) == ("trtllm", "0.17.0")
    assert log.weights_gib == pytest.approx(8714 / 1024)
    assert log.activation_gib == pytest.approx(1260.02 / 1024)
    assert log.kv_cache_gib == pytest.approx(62.0)
    assert log.kv_cache_tokens == 1_015_808
    assert log.block_size == 64
    assert deployment_overrides(log)["max_model_len"] == 4096


@pytest.mark.parametrize(("name", "words"), [
    ("vllm-0.19-truncated.log", "stops before vLLM"),
    ("sglang-truncated.log", "stops before SGLang"),
    ("unrelated-traceback.txt", "does not look like"),
])
def test_truncated_or_unrelated_files_say_why(name: str, words: str) -> None:
    with pytest.raises(InputFileError, match=words):
        read_engine_log(LOGS / name)


def test_binary_empty_and_missing_files(tmp_path: Path) -> None:
    binary = tmp_path / "x.bin"
    binary.write_bytes(b"\x7fELF\x00\x00" * 100)
    with pytest.raises(InputFileError, match="binary"):
        read_engine_log(binary)
    empty = tmp_path / "empty.log"
    empty.write_text("")
    with pytest.raises(InputFileError, match="empty"):
        read_engine_log(empty)
    with pytest.raises(InputFileError, match="cannot read"):
        read_engine_log(tmp_path / "missing.log")


def test_huge_log_is_read_from_its_head_only(tmp_path: Path) -> None:
    head = (LOGS / "vllm-0.19-llama-3.1-8b-h100.log").read_text()
    path = tmp_path / "big.log"
    path.write_text(head + "INFO request served\n" * 200_000)
    log = read_engine_log(path, max_bytes=len(head.encode()) + 1000)
    assert log.kv_cache_tokens == 476_000


def test_hostile_lines_do_not_break_the_parser() -> None:
    noise = "A" * 200_000 + "\n" + "non-default args: {" + "'a': [" * 5000 + "\n"
    text = noise + (LOGS / "vllm-0.19-llama-3.1-8b-h100.log").read_text().replace(
        "non-default args: {", "non-default args: {'broken': ")
    log = parse_engine_log(text)
    assert log.kv_cache_gib == pytest.approx(58.11)
