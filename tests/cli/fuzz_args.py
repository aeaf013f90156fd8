"""Hostile argument lists for every ``gpucalc`` sub-command, drawn from the real parser's flags.

Used by ``tests/cli/test_cli_fuzz.py`` (a few examples per command) and
``benchmarks/cli_fuzz.py`` (many). The flags and their kinds are read from
:func:`gpucalc.cli.main.build_parser`, so a new flag is fuzzed as soon as it exists; values mix
sensible ones (so runs get past the first check) with zeros, negatives, subnormals, 1e308,
huge integers, long and non-ASCII strings and paths to a FIFO, a folder or a missing file.
The only accepted outcomes (:func:`check_outcome`) are exit 0 with strict JSON when ``--json``
is given, or a non-zero exit whose message is one line — never a traceback or an internal error.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from gpucalc.cli.main import EXIT_INTERNAL, build_parser, main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MODELS = ("llama-3.1-8b-instruct", "meta-llama/Llama-3.1-8B-Instruct", "qwen2.5-7b-instruct",
          "mixtral-8x7b-instruct-v0.1")
GPUS = ("h100-sxm-80gb", "a10-24gb", "h100")
# commands fuzzed, with the examples the suite gives each (PDF rendering is slow: few)
COMMANDS = {"estimate": 40, "sweep": 30, "size": 20, "simulate": 40, "bench": 40, "report": 4,
            "export-csv": 15, "test-plan": 20, "compare-log": 25, "calibrate": 15, "lengths": 25,
            "models": 20, "gpus": 10}
NEVER_DRAWN = {"-h", "--help", "--version"}
INTS = ("0", "-1", "1", "2", "3", "16", "100", "256", "1000", "4096", "1e3", "2.5", "",
        "99999999999999999999999", "-99999999999999999999", "10" * 30, "٣", "0x10")
SENSIBLE_INTS = ("1", "2", "4", "8", "64", "256", "1024", "4096")
SENSIBLE_FLOATS = ("0.2", "0.5", "0.9", "1", "2", "10", "100")
FLOATS = ("0", "-0", "-1", "1e-320", "5e-324", "1e-15", "1e-6", "0.5", "1", "2", "10", "1e6",
          "1e308", "1e309", "inf", "-inf", "nan", "", "1" * 400, "½")
STRINGS = ("", "x" * 300, "模型", "../../etc/passwd", "a b", "--json", "-", "\u202eRTL",
           "{\"image\": 2}", "<b>bold</b>", "auto", "fp8", "vllm", "sglang", "trtllm")
BENCH_COMMANDS = (
    "vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct --num-prompts 50 "
    "--random-input-len 512 --random-output-len 64",
    "vllm bench serve --model m --num-prompts 1e400 --request-rate 1e-320",
    "vllm bench serve --model m --num-prompts 10000000 --max-concurrency 0",
    "python -m sglang.bench_serving --backend sglang --num-prompts 20 --random-input-len 99999999",
    "genai-perf profile -m m --concurrency 4 --request-count 30 --output-tokens-mean -5",
    "trtllm-bench --model m throughput --concurrency 8", "", "vllm", "\"unterminated")


@dataclass(frozen=True)
class HostileFiles:
    """Paths of the files a run may be pointed at (created under a scratch folder)."""

    fifo: Path
    folder: Path
    missing: Path
    empty: Path
    garbage: Path
    huge_number: Path
    deep: Path
    lengths: Path
    output_dir: Path

    def paths(self) -> tuple[str, ...]:
        """Every hostile path, and the fixture files a reader accepts."""
        fixtures = [*sorted((FIXTURES / "logs").iterdir()), *sorted((FIXTURES / "bench").iterdir())]
        return (str(self.fifo), str(self.huge_number), str(self.folder), str(self.missing), str(self.empty),
                str(self.garbage), str(self.deep), str(self.lengths),
                *(str(p) for p in fixtures if p.is_file()))


def make_hostile_files(root: Path) -> HostileFiles:
    """Create the hostile files under ``root`` (a FIFO where the platform has them)."""
    root.mkdir(parents=True, exist_ok=True)
    fifo = root / "pipe.json"
    if not fifo.exists():
        if hasattr(os, "mkfifo"):
            os.mkfifo(fifo)
        else:  # no FIFOs here: a folder stands in for the special file
            fifo.mkdir()
    folder = root / "folder.json"
    folder.mkdir(exist_ok=True)
    empty = root / "empty.csv"
    empty.write_bytes(b"")
    garbage = root / "garbage.log"
    garbage.write_bytes(bytes(range(256)) * 8)
    huge = root / "huge.json"
    huge.write_text('{"input_tokens": ' + "9" * 5000 + ', "rate": 1e999}\n')
    deep = root / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    lengths = root / "lengths.csv"
    lengths.write_text("input_tokens,output_tokens\n" + "".join(
        f"{100 + 37 * i % 900},{20 + 11 * i % 300}\n" for i in range(200)))
    output_dir = root / "out"
    output_dir.mkdir(exist_ok=True)
    return HostileFiles(fifo, folder, root / "missing" / "nothing.json", empty, garbage, huge,
                        deep, lengths, output_dir)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """The parser of every fuzzed sub-command."""
    subs = _subparsers(build_parser())
    return {name: subs[name] for name in COMMANDS}


def _kind(action: argparse.Action) -> str:
    if action.nargs == 0:
        return "switch"
    if action.choices is not None:
        return "choice"
    name = getattr(action.type, "__name__", "")
    if action.type is int or name == "whole number":
        return "int"
    if action.type is float:
        return "float"
    return "text"


def _values(kind: str, action: argparse.Action, files: HostileFiles, heavy: bool
            ) -> st.SearchStrategy[str]:
    if kind == "choice":
        return st.sampled_from([*map(str, action.choices or ()), "bogus"])
    if kind == "int":
        pool = INTS if heavy else tuple(v for v in INTS if len(v) < 6 or not v.isdigit())
        hostile = st.sampled_from(pool) | st.integers(-3, 5000 if heavy else 300).map(str)
        return st.one_of(st.sampled_from(SENSIBLE_INTS), hostile)
    if kind == "float":
        hostile = st.sampled_from(FLOATS) | st.floats(allow_nan=True, allow_infinity=True).map(repr)
        return st.one_of(st.sampled_from(SENSIBLE_FLOATS), hostile)
    return st.sampled_from((*STRINGS, *files.paths()))


def _is_output(action: argparse.Action) -> bool:
    return any(s in action.option_strings for s in ("-o", "--output", "--save-result"))


def _outputs(files: HostileFiles) -> st.SearchStrategy[str]:
    """Where a run may write: only inside the scratch folder (never a fixture or the work tree),
    including names a writer must refuse (a folder, a missing parent) or handle (non-ASCII)."""
    out = files.output_dir
    return st.sampled_from([str(out / "result"), str(out / "result.zip"), str(out / "模型.pdf"),
                            str(out / ("x" * 300)), str(files.folder), str(files.missing)])


def _is_file(action: argparse.Action) -> bool:
    return action.dest in {"scenario", "lengths", "results", "bench", "logfile", "file"}


@st.composite
def command_args(draw: st.DrawFn, command: str, files: HostileFiles, heavy: bool = False
                 ) -> list[str]:
    """One argument list for ``command``: its required arguments, then a few drawn flags."""
    parser = command_parsers()[command]
    argv = [command]
    optional: list[argparse.Action] = []
    argv_tail = ""
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or NEVER_DRAWN & set(action.option_strings):
            continue
        if action.dest == "client_command":
            argv_tail = draw(st.sampled_from(BENCH_COMMANDS))
            continue
        if not action.option_strings:  # a positional
            argv.append(draw(_positional(action, files, heavy)))
        elif action.required or action.dest == "gpu":  # --gpu: needed unless --scenario
            argv += [action.option_strings[-1], draw(_required_value(action, files, heavy))]
        else:
            optional.append(action)
    chosen = draw(st.lists(st.sampled_from(optional), max_size=4, unique_by=id)) if optional else []
    for action in chosen:
        flag = draw(st.sampled_from(action.option_strings))
        if _kind(action) == "switch":
            argv.append(flag)
            continue
        value = draw(_flag_value(action, files, heavy))
        argv += [flag, value] if not value.startswith("-") else [f"{flag}={value}"]
    if command == "bench":
        argv += ["--", argv_tail] if argv_tail else ["--"]
    return argv


def _required_value(action: argparse.Action, files: HostileFiles, heavy: bool
                    ) -> st.SearchStrategy[str]:
    """The value of a required option: an output in the scratch folder, else as a positional."""
    return _outputs(files) if _is_output(action) else _positional(action, files, heavy)


def _flag_value(action: argparse.Action, files: HostileFiles, heavy: bool) -> st.SearchStrategy[str]:
    """The value of an optional flag: outputs in the scratch folder, files from the hostile set."""
    if _is_output(action):
        return _outputs(files)
    if _is_file(action):
        return st.sampled_from(files.paths())
    return _values(_kind(action), action, files, heavy)


def _positional(action: argparse.Action, files: HostileFiles, heavy: bool) -> st.SearchStrategy[str]:
    """Mostly a sensible value (to get past the first check), sometimes a hostile one."""
    if action.dest == "model":
        sensible = st.sampled_from(MODELS)
    elif action.dest == "gpu":
        sensible = st.sampled_from(GPUS)
    elif action.dest in {"logfile"}:
        sensible = st.sampled_from([str(p) for p in sorted((FIXTURES / "logs").iterdir())])
    elif action.dest in {"bench", "results"}:
        sensible = st.sampled_from([str(p) for p in sorted((FIXTURES / "bench").iterdir())])
    elif action.dest == "file":
        sensible = st.just(str(files.lengths))
    else:
        sensible = _values(_kind(action), action, files, heavy)
    hostile = st.sampled_from((*STRINGS, *files.paths()))
    return st.one_of(sensible, sensible, sensible, hostile)


@dataclass(frozen=True)
class Outcome:
    """What one in-process run did."""

    argv: tuple[str, ...]
    code: int
    out: str
    err: str
    parser_exit: bool  # argparse refused the arguments (its usage text and one error line)
    seconds: float  # wall time of the run


HUNG = -1  # the exit code recorded for a run stopped after its time limit


class _Hung(BaseException):
    """Raised by the alarm in a run past its time limit (not an Exception: main cannot catch it)."""


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hung


def run_cli(argv: list[str], limit_s: int = 60) -> Outcome:
    """Run ``gpucalc`` in this process with ``argv``, capturing its output.

    A run still going after ``limit_s`` seconds is stopped and recorded as hung (where the
    platform has SIGALRM).
    """
    out, err = io.StringIO(), io.StringIO()
    parser_exit = False
    started = time.perf_counter()
    alarm = hasattr(signal, "SIGALRM")
    previous = signal.signal(signal.SIGALRM, _alarm) if alarm else None
    if alarm:
        signal.alarm(limit_s)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as stop:
                parser_exit = True
                code = stop.code if isinstance(stop.code, int) else 1
    except _Hung:
        code = HUNG
    finally:
        if alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    return Outcome(tuple(argv), code, out.getvalue(), err.getvalue(), parser_exit,
                   time.perf_counter() - started)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def check_outcome(outcome: Outcome) -> None:
    """Fail unless the run ended as a careful command-line tool should (see the module doc)."""
    where = f"gpucalc {' '.join(outcome.argv)!r}"
    assert outcome.code != HUNG, f"{where}: still running after its time limit"
    assert "\nTraceback (most recent call last)" not in "\n" + outcome.err, f"{where}: {outcome.err}"
    assert "internal error" not in outcome.err, f"{where}: {outcome.err}"
    assert outcome.code != EXIT_INTERNAL, f"{where}: {outcome.err}"
    if outcome.code == 0:
        if "--json" in outcome.argv:
            json.loads(outcome.out, parse_constant=_refuse_constant)
        return
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    assert lines, f"{where}: exit {outcome.code} with no message"
    if outcome.parser_exit:
        assert ": error: " in lines[-1], f"{where}: {outcome.err}"
        return
    assert len(lines) == 1, f"{where}: more than one line: {outcome.err}"
    assert lines[0].startswith("gpucalc: "), f"{where}: {outcome.err}"


def fuzz(command: str, files: HostileFiles, examples: int, on_run: Callable[[Outcome], None],
         heavy: bool = False, limit_s: int = 60, shrink: bool = True) -> None:
    """Run ``examples`` drawn argument lists of ``command``, handing each outcome to ``on_run``.

    ``on_run`` is :func:`check_outcome` in the suite (a failure is shrunk to a small argument
    list) and a recorder in the benchmark (``shrink`` False: every draw is a fresh one).
    """
    phases = list(Phase) if shrink else [Phase.generate]

    @settings(max_examples=examples, deadline=None, database=None, phases=phases,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        on_run(run_cli(data.draw(command_args(command, files, heavy)), limit_s=limit_s))

    # a relative path among the drawn values ("a b", "-") lands in the scratch folder too
    with contextlib.chdir(files.output_dir):
        run()
