"""A long log is read to its start-up lines, wherever they are, bounded in time and memory.

Before, only the first 8 MB were read: a log whose start-up came after a previous run's traffic
was refused with "truncated log?" although the file was whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gpucalc.io import engine_log
from gpucalc.io.engine_log import (
    MAX_LOG_BYTES,
    MAX_LOG_SCAN_SECONDS,
    NoStartupLinesError,
    read_engine_log,
    read_log_stretch,
)

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
TRAFFIC = (b"INFO 05-21 10:15:00 [loggers.py:116] Engine 000: Avg prompt throughput: 1234.5 "
           b"tokens/s, Running: 12 reqs, Waiting: 0 reqs, GPU KV cache usage: 12.3%\n")


def _late(tmp_path: Path, name: str, before_bytes: int, after: bytes = b"") -> Path:
    path = tmp_path / f"late-{name}"
    path.write_bytes(TRAFFIC * (before_bytes // len(TRAFFIC)) + (LOGS / name).read_bytes() + after)
    return path


@pytest.mark.parametrize(("name", "tokens"), [("vllm-0.19-llama-3.1-8b-h100.log", 476_000),
                                              ("sglang-0.4-llama-3.1-8b-h100.log", 447_000),
                                              ("trtllm-0.17-llama-3.1-8b-fp8-h100.log", 1_015_808),
                                              ("vllm-v0-llama-3.1-8b-rtx3090.log", 31_232)])
def test_start_up_lines_after_40_mb_of_traffic_are_found(tmp_path: Path, name: str, tokens: int) -> None:
    path = _late(tmp_path, name, 40 * 1024 * 1024, after=TRAFFIC * 10_000)
    assert read_engine_log(path).kv_cache_tokens == tokens
    stretch = read_log_stretch(path)
    assert stretch.start_bytes > 30 * 1024 * 1024
    assert len(stretch.text.encode("utf-8")) <= MAX_LOG_BYTES  # the memory the parse holds


def test_a_log_at_its_head_is_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "head.log"
    path.write_bytes((LOGS / "vllm-0.19-llama-3.1-8b-h100.log").read_bytes() + TRAFFIC * 100_000)
    stretch = read_log_stretch(path)
    assert stretch.start_bytes == 0
    assert read_engine_log(path).kv_cache_tokens == 476_000


def test_a_long_log_without_a_kv_line_says_it_was_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "traffic.log"
    path.write_bytes((LOGS / "vllm-0.19-truncated.log").read_bytes() + TRAFFIC * 200_000)
    with pytest.raises(NoStartupLinesError) as refused:
        read_engine_log(path)
    message = str(refused.value)
    assert "MB of the log were read" in message
    assert "truncated" not in message


def _ticking(step_s: float) -> Iterator[float]:
    now = 0.0
    while True:
        yield now
        now += step_s


def test_the_search_stops_at_its_time_bound_and_says_how_far_it_got(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _late(tmp_path, "vllm-0.19-llama-3.1-8b-h100.log", 60 * 1024 * 1024)
    ticks = _ticking(MAX_LOG_SCAN_SECONDS / 3)  # each chunk read takes a third of the budget
    real = engine_log.read_log_stretch

    def slow_clock(p: Path, max_bytes: int = MAX_LOG_BYTES) -> engine_log.LogStretch:
        return real(p, max_bytes, clock=lambda: next(ticks))

    monkeypatch.setattr(engine_log, "read_log_stretch", slow_clock)
    with pytest.raises(NoStartupLinesError, match=r"no KV cache line in the first .* MB of this .* MB "
                                                  r"log \(searched for 10 s\)"):
        read_engine_log(path)
