"""Decode context parallel and layer state on the command line: vLLM's flags, --json keys, text."""

from __future__ import annotations

import pytest

from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main
from tests.cli.test_cli import run_json as _json


def test_dcp_flag_shards_the_mla_cache(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ("deepseek-v3.2", "--gpu", "h200-sxm-141gb", "-tp", "8", "--max-model-len", "32768")
    alone = _json(capsys, *flags)
    sharded = _json(capsys, *flags, "--decode-context-parallel-size", "8")
    assert (alone["decode_context_parallel_size"], sharded["decode_context_parallel_size"]) == (1, 8)
    assert sharded["kv_cache_bytes_per_token_per_gpu"] == 78_324 / 8
    assert sharded["kv_block_size_tokens"] == 128
    assert sharded["kv_cache_tokens"] == 8 * alone["kv_cache_tokens"]  # type: ignore[operator]
    assert sharded["state_bytes_per_request_per_gpu"] is None
    assert _json(capsys, *flags, "-dcp", "8")["kv_cache_tokens"] == sharded["kv_cache_tokens"]


def test_dcp_beyond_the_replicated_kv_heads_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "-tp", "8", "-dcp", "2"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "--decode-context-parallel-size 2 can be at most --tensor-parallel-size" in err


def test_dcp_that_does_not_divide_tp_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "qwen3-next-80b-a3b-thinking", "--gpu", "h100", "-tp", "4", "-dcp",
                 "3"]) == EXIT_USAGE
    assert "--decode-context-parallel-size" in capsys.readouterr().err


def test_state_per_request_in_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ("nvidia-nemotron-3-nano-30b-a3b", "--gpu", "h200-sxm-141gb", "--max-model-len", "32768")
    data = _json(capsys, *flags)
    assert data["state_bytes_per_request_per_gpu"] == 23 * (3 * 6_144 * 2 + 64 * 64 * 128 * 4)
    assert "state_bytes_per_request_per_gpu" in data["explain"]  # type: ignore[operator]
    half = _json(capsys, *flags, "--mamba-ssm-cache-dtype", "bfloat16")
    assert half["state_bytes_per_request_per_gpu"] == 23 * (3 * 6_144 * 2 + 64 * 64 * 128 * 2)
    assert main(["estimate", *flags]) == 0
    assert "state per request" in capsys.readouterr().out
