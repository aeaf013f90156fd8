"""``--lang`` (default: the locale): the command line's errors and notices in the user's language."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE
from gpucalc.cli.main import build_parser, main

MODEL = "llama-3.1-8b-instruct"
GPU = ["--gpu", "h100-sxm-80gb"]
REPO = Path(__file__).resolve().parents[2]
CHINESE = re.compile(r"[\u4e00-\u9fff]")
SNAKE_CASE = re.compile(r"(?<![-\w])[a-z]+_[a-z0-9_]+\b")

# One case of every kind of error the command line reports: (arguments, exit code, English words).
ERROR_KINDS = {
    "out of range": (["estimate", MODEL, *GPU, "--max-num-seqs", "0"], EXIT_USAGE,
                     "--max-num-seqs must be at least 1"),
    "request classes": (["estimate", MODEL, *GPU, "--request-class", "0.5:10:10"], EXIT_USAGE,
                        "--request-class: the shares must add up to 1, not 0.5"),
    "rule across fields": (["estimate", MODEL, *GPU, "--input-len", "100", "--input-len-p95", "10"],
                           EXIT_USAGE, "--input-len-p95 must be at least --input-len"),
    "layout the model refuses": (
        ["estimate", MODEL, *GPU, "--num-gpus", "3", "--tensor-parallel-size", "3"], EXIT_USAGE,
        "--tensor-parallel-size 3 does not divide the 32 attention heads"),
    "token budget": (["estimate", MODEL, *GPU, "--max-num-batched-tokens", "100", "--max-num-seqs", "256"],
                     EXIT_USAGE, "token budget (--max-num-batched-tokens) must be at least 256 tokens"),
    "unknown GPU": (["estimate", MODEL, "--gpu", "h1000"], EXIT_USAGE, "unknown GPU 'h1000'"),
    "unknown engine": (["estimate", MODEL, *GPU, "--engine", "tgi"], EXIT_USAGE, "unknown engine 'tgi'"),
    "does not fit": (["estimate", "llama-3.1-405b-instruct", "--gpu", "h100"], EXIT_DOES_NOT_FIT,
                     "does not fit"),
    "command's own": (["report", MODEL, "-o", "x.pdf"], EXIT_USAGE,
                      "give MODEL and --gpu ID, or --scenario FILE"),
}


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0, err
    assert err.startswith("gpucalc: ")
    return err.removeprefix("gpucalc: ")


@pytest.mark.parametrize("kind", ERROR_KINDS)
def test_each_error_kind_in_english_names_the_flag(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    argv, code, words = ERROR_KINDS[kind]
    assert main(["--lang", "en", *argv]) == code
    err = _error(capsys)
    assert words in err
    assert not SNAKE_CASE.search(err), err
    assert not CHINESE.search(err)


@pytest.mark.parametrize("kind", ERROR_KINDS)
def test_each_error_kind_in_chinese(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    argv, code, words = ERROR_KINDS[kind]
    assert main(["--lang", "zh", *argv]) == code
    err = _error(capsys)
    assert CHINESE.search(err), err
    assert words not in err
    assert not SNAKE_CASE.search(err), err
    assert main([*argv, "--lang", "zh"]) == code  # after the sub-command too
    assert _error(capsys) == err


def test_chinese_rule_and_plan_messages_keep_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh", *ERROR_KINDS["rule across fields"][0]]) == EXIT_USAGE
    assert _error(capsys) == "--input-len-p95 不能小于 --input-len"
    assert main(["--lang", "zh", *ERROR_KINDS["layout the model refuses"][0]]) == EXIT_USAGE
    assert _error(capsys) == "--tensor-parallel-size 3 不能整除 32 个注意力头"


def test_the_locale_sets_the_language(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ERROR_KINDS["out of range"][0]
    monkeypatch.delenv("LC_ALL")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert main(argv) == EXIT_USAGE
    assert _error(capsys) == "--max-num-seqs 不能小于 1"
    assert main(["--lang", "en", *argv]) == EXIT_USAGE  # the flag wins over the locale
    assert _error(capsys) == "--max-num-seqs must be at least 1"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert main(argv) == EXIT_USAGE
    assert _error(capsys) == "--max-num-seqs must be at least 1"


def test_a_chinese_locale_in_a_fresh_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG="zh_CN.UTF-8", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "gpucalc", "estimate", MODEL, "--gpu", "h1000"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path, check=False)
    assert done.returncode == EXIT_USAGE
    from gpucalc.text.catalogue import is_translated

    if is_translated("Errors", "unknown GPU '{name}'; did you mean {choices}?", "zh"):  # once merged
        assert done.stderr.startswith("gpucalc: 未知的 GPU“h1000”"), done.stderr
    else:  # the catalogue of this checkout does not have it yet: still one line, never a traceback
        assert done.stderr.strip().count("\n") == 0, done.stderr


def test_json_keys_never_change_with_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["estimate", MODEL, *GPU, "--json"]
    assert main(["--lang", "en", *argv]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main(["--lang", "zh", *argv]) == 0
    chinese = json.loads(capsys.readouterr().out)
    assert _keys(chinese) == _keys(english)
    assert chinese == english  # values too: scripts read the same document whatever the locale


def _keys(value: object, prefix: str = "") -> set[str]:
    if isinstance(value, dict):
        own = {f"{prefix}.{k}" for k in value}
        return own | {key for k, v in value.items() for key in _keys(v, f"{prefix}.{k}")}
    if isinstance(value, list):
        return {key for item in value for key in _keys(item, prefix + "[]")}
    return set()


def test_text_output_notices_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["estimate", "llama-3.1-8b-instruct", "--gpu", "rtx-4090-24gb", "--max-model-len", "32768"]
    assert main(["--lang", "zh", *argv]) == 0  # above the alarm line, on borrowed kernel tables
    out = capsys.readouterr().out
    notices = [line for line in out.splitlines() if line.startswith("! ")]
    assert notices
    assert all(CHINESE.search(line) for line in notices), notices


def test_every_sub_command_takes_lang() -> None:
    parser = build_parser()
    assert parser.parse_args(["--lang", "zh", "gpus"]).lang == "zh"
    assert parser.parse_args(["gpus", "--lang", "zh"]).lang == "zh"
    assert parser.parse_args(["gpus"]).lang is None  # then the locale decides
    assert parser.parse_args(["--lang", "zh", "report", MODEL, *GPU, "-o", "x.pdf"]).lang == "zh"
    assert parser.parse_args(["gui", "--lang", "en"]).lang == "en"
    with pytest.raises(SystemExit):
        parser.parse_args(["--lang", "fr", "gpus"])


def test_notices_about_the_user_s_tables_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from gpucalc.catalog.storage import config_dir

    table = config_dir() / "tables" / "gpus.json"
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_bytes(b"{not json")
    assert main(["--lang", "zh", "gpus"]) == 0
    notices = capsys.readouterr().err.strip().splitlines()
    assert notices
    assert all(CHINESE.search(line) for line in notices), notices
