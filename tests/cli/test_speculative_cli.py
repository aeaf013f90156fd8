"""``--speculative-config`` and SGLang's ``--speculative-*`` flags on the command line."""

from __future__ import annotations

import json

import pytest

from gpucalc.cli.main import main

BASE = ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--tpot-ms", "50"]


def test_json_carries_the_speculative_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*BASE, "--json", "--speculative-config",
                 '{"method": "eagle3", "model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", '
                 '"num_speculative_tokens": 3}', "--acceptance-length", "3.0"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    spec = out["speculative"]
    assert spec["method"] == "eagle3"
    assert spec["num_speculative_tokens"] == 3
    assert spec["acceptance_length"] == 3.0
    assert spec["draft_weights_gib"] > 0.3  # one layer + fc + a 32k-vocabulary head, BF16
    assert spec["speedup_at_batch_1"] > spec["speedup_at_knee"] > 0


def test_without_speculation_the_key_is_null(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["speculative"] is None


def test_sglang_flags_and_the_text_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*BASE, "--engine", "sglang", "--speculative-algorithm", "EAGLE",
                 "--speculative-num-steps", "3", "--acceptance-rate", "0.7"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Speculative decoding (eagle, k = 3): 2.53 tokens per target step" in out


@pytest.mark.parametrize(("flags", "message"), [
    (["--speculative-config", '{"method": "eagle3",'], "not valid JSON"),
    (["--speculative-config", '{"method": "mtp"}'], "no multi-token-prediction (MTP) layers"),
    (["--acceptance-length", "2"], "needs a speculative method"),
    (["--speculative-config", '{"method": "draft_model", "model": "no-such-model"}'], "no-such-model"),
])
def test_bad_speculative_flags_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                                    flags: list[str], message: str) -> None:
    assert main([*BASE, *flags]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def _exit_code(argv: list[str]) -> int:
    """``main``'s exit code, also when argparse refuses a flag (SystemExit)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(str(exc.code))


@pytest.mark.parametrize("flag", ["--speculative-config", "--eplb-config", "--limit-mm-per-prompt"])
def test_a_json_flag_nested_thousands_deep_exits_2_naming_the_flag_and_limit(
        capsys: pytest.CaptureFixture[str], flag: str) -> None:
    deep = "[" * 1500 + "]" * 1500  # within --speculative-config's 4,096 characters
    assert _exit_code([*BASE, flag, deep]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"{flag} is nested more than 16 levels deep" in err
