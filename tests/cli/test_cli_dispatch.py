"""The command line builds only the parser of the command given, and reads the tables once."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from gpucalc.cli.main import SUB_COMMANDS, build_parser, main

ARGVS = [
    ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--json", "-tp", "2", "--lang", "zh"],
    ["--lang", "en", "sweep", "llama-3.1-8b-instruct", "--gpu", "h100", "--axis", "concurrency"],
    ["size", "--model", "llama-3.1-8b-instruct", "--qps", "5", "--gpus", "h100,a100-80gb"],
    ["simulate", "llama-3.1-8b-instruct", "--gpu", "h100", "--sweep", "4"],
    ["report", "llama-3.1-8b-instruct", "--gpu", "h100", "-o", "x.pdf"],
    ["calibrate", "llama-3.1-8b-instruct", "--gpu", "h100", "--bench", "a.json"],
    ["gui", "--theme", "dark"],
    ["gpus", "--json"],
    [],
]


def _output(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[str, int | str | None]:
    """What parsing ``argv`` prints (help, usage errors) and the exit code it stops with."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), pytest.raises(SystemExit) as stop:
        parser.parse_args(argv)
    return out.getvalue(), stop.value.code


@pytest.mark.parametrize("argv", ARGVS)
def test_the_lazy_parser_parses_as_the_full_one(argv: list[str]) -> None:
    assert vars(build_parser(lazy=True).parse_args(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in SUB_COMMANDS),
                                  ["estimat"], ["sweep"], ["size", "--bogus"], ["--lang", "fr"]])
def test_the_lazy_parser_helps_and_refuses_as_the_full_one(argv: list[str]) -> None:
    assert _output(build_parser(lazy=True), argv) == _output(build_parser(), argv)


def test_only_the_command_given_gets_its_flags() -> None:
    parser = build_parser(lazy=True)
    parser.parse_args(["gpus"])
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    built = {name for name, sub in dict.items(subs.choices) if len(sub._actions) > 1}
    assert built == {"gpus"}


def test_a_broken_user_table_is_told_once_per_command(capsys: pytest.CaptureFixture[str]) -> None:
    from gpucalc.catalog.storage import config_dir

    table = config_dir() / "tables" / "gpus.json"
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_bytes(b"{not json")
    assert main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--json"]) == 0
    notices = [line for line in capsys.readouterr().err.splitlines() if "gpus.json" in line]
    assert len(notices) == 1, notices
