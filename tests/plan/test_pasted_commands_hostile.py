"""Pasted command lines are text from elsewhere: any text gives a scenario or one plain line."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.core.specs.engine import EngineKind
from gpucalc.engines.tables import serve_flags
from gpucalc.plan.bench_parse import BenchCommandError, parse_bench_command
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from tests.hostile_json import HOSTILE_FLAG_JSON
from tests.io.refusals import result_or_refusal

HOSTILE_VALUES = ("0", "-1", "1e-320", "1e308", "1e999", "inf", "nan", "9" * 5000, "", "x",
                  '{"image": 1e999}', '{"image": [1]}', '{"image": "a"}', "[" * 2000, "image=",
                  "image=9999999999999999999999", "0.5", "4096", "'unterminated",
                  "16777216", "500000", *HOSTILE_FLAG_JSON)
PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

LAUNCHERS = {"vllm serve meta-llama/Llama-3.1-8B-Instruct": serve_flags(EngineKind.VLLM),
             "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct":
                 serve_flags(EngineKind.SGLANG),
             "trtllm-serve meta-llama/Llama-3.1-8B-Instruct": serve_flags(EngineKind.TRTLLM)}


@st.composite
def serve_commands(draw: st.DrawFn) -> str:
    launcher = draw(st.sampled_from(sorted(LAUNCHERS)))
    flags = draw(st.lists(st.sampled_from(sorted(LAUNCHERS[launcher])), max_size=5))
    words = [launcher]
    for flag in flags:
        value = draw(st.sampled_from(HOSTILE_VALUES) | st.text(max_size=20))
        words.append(f"{flag}={value}" if draw(st.booleans()) else f"{flag} {value!r}")
    return " ".join(words)


@PROPERTY
@given(serve_commands())
def test_a_pasted_serve_command_is_a_scenario_or_one_line(text: str) -> None:
    result_or_refusal(lambda: parse_serve_command(text), ServeCommandError)


@PROPERTY
@given(st.text(max_size=300))
def test_any_text_as_a_serve_command_is_a_scenario_or_one_line(text: str) -> None:
    result_or_refusal(lambda: parse_serve_command("vllm serve " + text), ServeCommandError)


BENCH_FLAGS = ("--num-prompts", "--request-rate", "--max-concurrency", "--random-input-len",
               "--random-output-len", "--random-range-ratio", "--burstiness", "--dataset-name",
               "--seed", "--sharegpt-output-len")


@st.composite
def bench_commands(draw: st.DrawFn) -> str:
    words = ["vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct"]
    for flag in draw(st.lists(st.sampled_from(BENCH_FLAGS), max_size=5)):
        words.append(f"{flag} {draw(st.sampled_from(HOSTILE_VALUES))!r}")
    return " ".join(words)


@PROPERTY
@given(bench_commands())
def test_a_pasted_benchmark_command_is_a_run_or_one_line(text: str) -> None:
    result_or_refusal(lambda: parse_bench_command(text), BenchCommandError)


@pytest.mark.parametrize("raw", ['{"image": 1e999}', '{"image": [1]}', '{"image": -3}', "[" * 5000])
def test_an_image_count_that_is_not_a_whole_number_is_one_line(raw: str) -> None:
    with pytest.raises(ServeCommandError, match=r"^--limit-mm-per-prompt[: ]") as refused:
        parse_serve_command(f"vllm serve m --limit-mm-per-prompt '{raw}'")
    assert "\n" not in str(refused.value)


def test_a_refused_value_names_the_flag_as_pasted() -> None:
    checks = {"vllm serve m --max-num-seqs 0": "--max-num-seqs: ",
              "python -m sglang.launch_server --model-path m --mem-fraction-static 2":
                  "--mem-fraction-static: ",
              "trtllm-serve m --max_batch_size 0": "--max_batch_size: "}
    for command, start in checks.items():
        with pytest.raises(ServeCommandError) as refused:
            parse_serve_command(command)
        assert str(refused.value).startswith(start)
