"""Every JSON a user passes or pastes goes through one bounded parser: depth, length, value count."""

from __future__ import annotations

import json

import pytest

from gpucalc.io.bounded_json import (
    MAX_FLAG_JSON_CHARACTERS,
    MAX_FLAG_JSON_DEPTH,
    MAX_FLAG_JSON_VALUES,
    FlagJsonError,
    parse_flag_json,
)
from gpucalc.plan.bench_parse import BenchCommandError, parse_bench_command
from gpucalc.plan.serve_command import MAX_PASTED_CHARACTERS, ServeCommandError, parse_serve_command

JSON_FLAGS = ("--kv-transfer-config", "--speculative-config", "--eplb-config", "--limit-mm-per-prompt")


def nested(levels: int) -> str:
    """An array ``levels`` deep: ``[[[…]]]``."""
    return "[" * levels + "]" * levels


def test_the_depth_limit_holds_at_the_limit_and_refuses_one_past_it() -> None:
    assert parse_flag_json(nested(MAX_FLAG_JSON_DEPTH), "--x") is not None
    with pytest.raises(FlagJsonError, match=f"--x is nested more than {MAX_FLAG_JSON_DEPTH} levels"):
        parse_flag_json(nested(MAX_FLAG_JSON_DEPTH + 1), "--x")


def test_the_value_count_holds_at_the_limit_and_refuses_one_past_it() -> None:
    at_limit = json.dumps([0] * (MAX_FLAG_JSON_VALUES - 1))  # the list itself is a value too
    assert len(parse_flag_json(at_limit, "--x")) == MAX_FLAG_JSON_VALUES - 1
    with pytest.raises(FlagJsonError, match=f"--x holds more than {MAX_FLAG_JSON_VALUES:,} values"):
        parse_flag_json(json.dumps([0] * MAX_FLAG_JSON_VALUES), "--x")


def test_the_length_is_checked_before_parsing() -> None:
    at_limit = json.dumps({"k": "a" * (MAX_FLAG_JSON_CHARACTERS - 9)})
    assert len(at_limit) == MAX_FLAG_JSON_CHARACTERS
    assert parse_flag_json(at_limit, "--x")["k"].startswith("a")
    with pytest.raises(FlagJsonError, match=f"at most {MAX_FLAG_JSON_CHARACTERS:,}") as refused:
        parse_flag_json(at_limit + " ", "--x")
    assert refused.value.over_limit


@pytest.mark.parametrize("flag", JSON_FLAGS)
@pytest.mark.parametrize("value", [nested(3000), '{"a":' * 3000 + "1" + "}" * 3000,
                                   json.dumps({"k": list(range(5000))}), '{"kv_role": 1e999}',
                                   '{"image": ' + "9" * 30 + "}"])
def test_a_pasted_json_flag_beyond_a_bound_is_one_line_naming_the_flag(flag: str, value: str) -> None:
    with pytest.raises(ServeCommandError) as refused:
        parse_serve_command(f"vllm serve meta-llama/Llama-3.1-8B-Instruct {flag} '{value}'")
    message = str(refused.value)
    assert message.startswith(flag)
    assert "\n" not in message
    assert len(message) < 200


def test_a_kv_transfer_config_that_is_not_an_object_is_refused_with_an_example() -> None:
    with pytest.raises(ServeCommandError, match=r"must be a JSON object, e\.g\."):
        parse_serve_command("vllm serve m --kv-transfer-config '[1]'")


def test_a_pasted_command_longer_than_the_limit_is_refused_before_splitting() -> None:
    padding = " --x" * (MAX_PASTED_CHARACTERS // 4)
    with pytest.raises(ServeCommandError, match=f"at most {MAX_PASTED_CHARACTERS:,}"):
        parse_serve_command("vllm serve m" + padding)
    with pytest.raises(BenchCommandError, match=f"at most {MAX_PASTED_CHARACTERS:,}"):
        parse_bench_command("vllm bench serve --model m" + padding)
    at_limit = "vllm serve m --max-model-len 4096"
    at_limit += " " * (MAX_PASTED_CHARACTERS - len(at_limit))
    assert parse_serve_command(at_limit).scenario.deployment.max_model_len == 4096
