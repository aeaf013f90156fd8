"""Hostile engine logs: numbers out of range, overlong lines, pipes, random text.

Every outcome is a :class:`MeasuredMemory` with finite figures or one line of
:class:`InputFileError` naming where the log went wrong — never another exception.
"""

from __future__ import annotations

import math
import os
import re
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.core.measured.measured import MeasuredMemory
from gpucalc.io.engine_log import (
    MAX_LINE_CHARS,
    MAX_LOG_COUNT,
    MAX_LOG_GIB,
    deployment_overrides,
    parse_engine_log,
    read_engine_log,
)
from gpucalc.io.errors import InputFileError
from tests.io.refusals import result_or_refusal

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
VLLM = (LOGS / "vllm-0.19-llama-3.1-8b-h100.log").read_text(encoding="utf-8")
V0 = (LOGS / "vllm-v0-llama-3.1-8b-rtx3090.log").read_text(encoding="utf-8")
SGLANG = (LOGS / "sglang-0.4-llama-3.1-8b-h100.log").read_text(encoding="utf-8")
TRTLLM = (LOGS / "trtllm-0.17-llama-3.1-8b-fp8-h100.log").read_text(encoding="utf-8")
HUGE = "9" * 400


def _refusal(text: str) -> str:
    with pytest.raises(InputFileError) as caught:
        parse_engine_log(text, "crafted.log")
    message = str(caught.value)
    assert "\n" not in message
    return message


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(("log", "old", "words"), [
    (VLLM, "476,000 tokens", "GPU KV cache size"),
    (V0, "GPU blocks: 1952", "GPU blocks"),
    (SGLANG, "#tokens: ", "#tokens"),
    (TRTLLM, "paged KV cache (1015808)", "max tokens in paged KV cache"),
])
def test_a_400_digit_token_count_is_refused_naming_its_line(log: str, old: str, words: str) -> None:
    assert old in log
    new = old.replace("476,000", HUGE).replace("blocks: 1952", f"blocks: {HUGE}").replace(
        "#tokens: ", f"#tokens: {HUGE}").replace("(1015808)", f"({HUGE})")
    text = log.replace(old, new, 1)
    message = _refusal(text)
    assert f"crafted.log line {_line_of(text, HUGE)}:" in message
    assert words in message
    assert "too large" in message


def test_a_5000_digit_max_seq_len_is_refused_naming_its_line() -> None:
    text = TRTLLM.replace("max_seq_len=4096", "max_seq_len=" + "9" * 5000)
    message = _refusal(text)
    assert f"line {_line_of(text, 'max_seq_len=9')}: max_seq_len" in message
    assert "5000 characters" in message


@pytest.mark.parametrize(("old", "new", "words"), [
    ("Available KV cache memory: 58.11 GiB", "Available KV cache memory: 200,000 GiB",
     "available KV cache memory 200,000 GiB is out of range (0 to 100,000 GiB)"),
    ("476,000 tokens", "2,000,000,000,000 tokens", "out of range (0 to 1,000,000,000,000)"),
    ("Maximum concurrency for 8,192 tokens", "Maximum concurrency for 0 tokens",
     "tokens per request 0 is out of range (1 to"),
])
def test_figures_beyond_their_bounds_are_refused(old: str, new: str, words: str) -> None:
    assert old in VLLM
    assert words in _refusal(VLLM.replace(old, new))


def test_a_memory_fraction_above_one_is_refused() -> None:
    text = V0.replace("gpu_memory_utilization=0.90", "gpu_memory_utilization=5")
    assert text != V0
    assert "gpu_memory_utilization 5 is not a fraction" in _refusal(text)


def test_bounds_are_the_documented_ones() -> None:
    assert MAX_LOG_GIB == 100_000
    assert MAX_LOG_COUNT == 10**12


def test_the_patterns_see_only_the_first_characters_of_a_line() -> None:
    padded = VLLM.replace("Available KV cache memory: 58.11 GiB",
                          "x" * MAX_LINE_CHARS + " Available KV cache memory: 58.11 GiB")
    assert parse_engine_log(padded).kv_cache_gib is None
    inside = VLLM.replace("Available KV cache memory: 58.11 GiB",
                          "x" * (MAX_LINE_CHARS - 300) + " Available KV cache memory: 58.11 GiB")
    assert parse_engine_log(inside).kv_cache_gib == pytest.approx(58.11)


def test_repeated_keywords_on_one_line_still_find_the_figures_after_them() -> None:
    line = "torch peak memory increase: 1.00GiB; " * 300
    text = VLLM.replace("torch peak memory increase: 1.89GiB", line + "torch peak memory increase: 1.89GiB")
    log = parse_engine_log(text)
    assert log.activation_gib == pytest.approx(1.0)  # the first peak on the line, as before
    assert log.non_torch_gib == pytest.approx(0.25)


def test_flags_beyond_int64_or_not_finite_are_left_out() -> None:
    text = VLLM.replace("'max_model_len': 8192", "'max_model_len': " + "9" * 30).replace(
        "'gpu_memory_utilization': 0.95", "'gpu_memory_utilization': 1e999")
    log = parse_engine_log(text)
    assert "max_model_len" not in log.flags
    assert "gpu_memory_utilization" not in log.flags


def test_a_count_flag_beyond_the_bound_is_refused_when_used() -> None:
    text = VLLM.replace("'max_model_len': 8192", "'max_model_len': 10000000000000")
    with pytest.raises(InputFileError, match=r"max_model_len 10000000000000 is out of range"):
        deployment_overrides(parse_engine_log(text, "crafted.log"))


def test_sglang_disabled_settings_are_left_alone() -> None:
    log = parse_engine_log(SGLANG.replace("chunked_prefill_size=", "chunked_prefill_size=-1, x="))
    assert "max_num_batched_tokens" not in deployment_overrides(log)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "engine.log"
    os.mkfifo(path)
    with pytest.raises(InputFileError, match="pipe"):
        read_engine_log(path)


def _check_outcome(text: str) -> None:
    log = result_or_refusal(partial(parse_engine_log, text, "fuzzed.log"))
    if log is None:
        return
    assert isinstance(log, MeasuredMemory)
    numbers = [v for v in log.model_dump().values() if isinstance(v, float)]
    assert all(math.isfinite(v) for v in numbers)
    for value in log.flags.values():
        assert not isinstance(value, float) or math.isfinite(value)
    overrides = result_or_refusal(partial(deployment_overrides, log)) or {}
    assert all(not isinstance(v, float) or math.isfinite(v) for v in overrides.values())


NUMBERS = st.one_of(
    st.from_regex(r"[0-9]{1,600}", fullmatch=True),
    st.from_regex(r"[0-9]{1,30}\.[0-9]{1,400}", fullmatch=True),
    st.from_regex(r"[0-9]{1,3}(,[0-9]{3}){0,200}", fullmatch=True),
    st.sampled_from(["0", "0.0", "nan", "inf", "1e999", "-1", "", ",", "1,,", " "]),
)


@given(log=st.sampled_from([VLLM, V0, SGLANG, TRTLLM]), data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hostile_numbers_in_real_logs(log: str, data: st.DataObject) -> None:
    spans = [m.span() for m in re.finditer(r"[0-9][0-9.,]*", log)]
    chosen = data.draw(st.lists(st.sampled_from(spans), min_size=1, max_size=4, unique=True))
    text = log
    for start, end in sorted(chosen, reverse=True):
        text = text[:start] + data.draw(NUMBERS) + text[end:]
    _check_outcome(text)


KEYWORDS = ["GPU KV cache size: ", "Model loading took ", " GiB", " MiB", "tokens", "x\n",
            "Memory profiling results: ", "total_gpu_memory=", "gpu_memory_utilization=",
            "# GPU blocks: ", "KV Cache is allocated. #tokens: ", "K size: ", "max_total_num_tokens=",
            "server_args=ServerArgs(", ")", "non-default args: {", "}", "'block_size': ",
            "[TensorRT-LLM] ", "max_seq_len=", "Allocated ", " for max tokens in paged KV cache (",
            "torch peak memory increase: ", "non-torch forward increase memory: ",
            "Maximum concurrency for ", " tokens per request: ", "mem_fraction_static=", "\n"]


@given(parts=st.lists(st.one_of(st.sampled_from(KEYWORDS), NUMBERS, st.text(max_size=20)),
                      max_size=40))
@settings(max_examples=60, deadline=None)
def test_random_keyword_soup(parts: list[str]) -> None:
    _check_outcome("".join(parts))


@given(data=st.binary(max_size=2000))
@settings(max_examples=60, deadline=None)
def test_random_bytes(data: bytes) -> None:
    _check_outcome(data.decode("utf-8", errors="replace"))
