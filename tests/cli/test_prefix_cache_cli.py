"""Prefix-caching flags: vLLM's and SGLang's spellings, the workload flags and --json keys."""

from __future__ import annotations

import argparse
import json

import pytest

from gpucalc.cli.args import add_deployment_args, add_workload_args, deployment_from_args, workload_from_args
from gpucalc.cli.main import main


def _parse(*flags: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_deployment_args(parser)
    add_workload_args(parser)
    return parser.parse_args(["--gpu", "h100-sxm-80gb", *flags])


@pytest.mark.parametrize(("flags", "enabled"), [
    ((), None), (("--enable-prefix-caching",), True), (("--no-enable-prefix-caching",), False),
    (("--disable-radix-cache",), False),
])
def test_caching_flag_spellings(flags: tuple[str, ...], enabled: bool | None) -> None:
    assert deployment_from_args(_parse(*flags)).enable_prefix_caching is enabled


def test_workload_flags() -> None:
    workload = workload_from_args(_parse("--shared-prefix-len", "2000", "--num-prefixes", "4",
                                         "--prefix-hit-rate", "0.4", "--history-cached"))
    assert (workload.shared_prefix_len, workload.num_prefixes, workload.prefix_hit_rate,
            workload.history_cached) == (2000, 4, 0.4, True)


def test_json_and_table_show_the_prefix_cache(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--input-len", "3000",
            "--input-len-p95", "3000", "--shared-prefix-len", "2000", "--num-prefixes", "4"]
    assert main([*args, "--json"]) == 0
    cache = json.loads(capsys.readouterr().out)["prefix_cache"]
    assert set(cache) == {"hit_rate", "cached_tokens_per_request", "prefill_tokens_saved",
                          "kv_shared_gib"}
    assert cache["hit_rate"] == pytest.approx(2000 / 3000)
    assert cache["cached_tokens_per_request"] == 2000
    assert cache["kv_shared_gib"] == pytest.approx(4 * 2000 * 131072 / 2**30)
    assert main(args) == 0
    assert "prefix cache: hit rate 66.7%" in capsys.readouterr().out
    assert main([*args, "--no-enable-prefix-caching", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prefix_cache"] is None


def test_a_hit_rate_of_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb",
                 "--prefix-hit-rate", "1"])
    assert code != 0
    assert "--prefix-hit-rate must be less than 1" in capsys.readouterr().err


def test_simulate_reports_the_simulated_hit_rate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len", "8192",
            "--input-len", "3000", "--input-len-p95", "3000", "--output-len", "100",
            "--shared-prefix-len", "2000", "--num-prefixes", "2", "--request-rate", "4",
            "--num-requests", "200"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert 0.6 < data["prefix_hit_rate"] < 2000 / 3000  # the first request of each prefix misses
    assert main([*args, "--no-enable-prefix-caching", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prefix_hit_rate"] is None
