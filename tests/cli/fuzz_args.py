"""Hostile argument lists for every ``gpucalc`` sub-command, drawn from the real parser's flags.

Used by ``tests/cli/test_cli_fuzz.py`` (a few examples per command) and
``benchmarks/cli_fuzz.py`` (many). The flags and their kinds are read from
:func:`gpucalc.cli.main.build_parser`, so a new flag is fuzzed as soon as it exists; values mix
sensible ones (so runs get past the first check) with zeros, negatives, subnormals, 1e308,
huge integers, long and non-ASCII strings and paths to a FIFO, a folder or a missing file.
The value pools also hold deep and long JSON (for the JSON-valued flags and pasted commands),
extreme floats and lengths past every model's context; each run writes to a stream of a drawn
encoding (UTF-8, ASCII, latin-1, cp1252) and reads a config folder holding a table from a newer
gpucalc and a table kept as a symbolic link.
The only accepted outcomes (:func:`check_outcome`) are exit 0 with strict JSON when ``--json``
is given (no negative time, rate, count or cost, every integer within 64 bits), or a non-zero
exit whose message is one line — never a traceback, an internal error or an impossible figure;
a CSV export holds no cell a spreadsheet would run as a formula, and the newer and linked tables
are exactly as they were.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import itertools
import json
import os
import re
import signal
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from gpucalc.cli.main import EXIT_INTERNAL, build_parser, main
from tests.hostile_json import DEEP_JSON, HOSTILE_FLAG_JSON

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
        "99999999999999999999999", "-99999999999999999999", "10" * 30, "٣", "0x10",
        "40961", "131073", "500000", "16777216")  # lengths past the context of the models drawn
SENSIBLE_INTS = ("1", "2", "4", "8", "64", "256", "1024", "4096")
SENSIBLE_FLOATS = ("0.2", "0.5", "0.9", "1", "2", "10", "100")
FLOATS = ("0", "-0", "-1", "1e-320", "5e-324", "1e-300", "-1e-300", "1e-15", "1e-6", "0.5", "1",
          "2", "10", "1e6", "1e300", "1e308", "1e309", "inf", "-inf", "nan", "", "1" * 400, "½")
STRINGS = ("", "x" * 300, "模型", "../../etc/passwd", "a b", "--json", "-", "\u202eRTL",
           "{\"image\": 2}", "<b>bold</b>", "auto", "fp8", "vllm", "sglang", "trtllm",
           "=HYPERLINK(\"http://x\")", "@SUM(1)", *HOSTILE_FLAG_JSON)
BENCH_COMMANDS = (
    "vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct --num-prompts 50 "
    "--random-input-len 512 --random-output-len 64",
    "vllm bench serve --model m --num-prompts 1e400 --request-rate 1e-320",
    "vllm bench serve --model m --num-prompts 10000000 --max-concurrency 0",
    "python -m sglang.bench_serving --backend sglang --num-prompts 20 --random-input-len 99999999",
    "genai-perf profile -m m --concurrency 4 --request-count 30 --output-tokens-mean -5",
    "trtllm-bench --model m throughput --concurrency 8", "", "vllm", "\"unterminated",
    "vllm bench serve --model m --extra-body '" + DEEP_JSON + "' --num-prompts 10",
    "vllm bench serve --model m --random-input-len 16777216 --random-output-len 16777216",
    "vllm bench serve --model m" + " --x" * 30_000)
STREAM_ENCODINGS = ("utf-8", "utf-8", "ascii", "latin-1", "cp1252")
"""Encodings of the output streams a run writes to (a legacy console redirected to a file)."""


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
    config: Path  # the config folder runs read: a newer table, a linked one, a newer window.json

    @property
    def newer_table(self) -> Path:
        """A user table written by a newer gpucalc (no run may move or rewrite it)."""
        return self.config / "tables" / "gpus.json"

    @property
    def linked_table(self) -> Path:
        """A user table kept as a symbolic link into a dotfiles folder (it must stay a link)."""
        return self.config / "tables" / "prices.json"

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
    files = HostileFiles(fifo, folder, root / "missing" / "nothing.json", empty, garbage, huge,
                         deep, lengths, output_dir, root / "config")
    _shared_config(files, root / "dotfiles")
    return files


NEWER_TABLE = json.dumps({"format": "gpucalc-user-table", "table": "gpus", "schema_version": 99,
                          "entries": {"future-gpu": {"shape": "of a newer gpucalc"}}, "deleted": []})
LINKED_PRICES = json.dumps({"format": "gpucalc-user-table", "table": "prices", "schema_version": 1,
                            "entries": {"h100-sxm-80gb": {"gpu_id": "h100-sxm-80gb",
                                                          "usd_per_gpu_hour": 2.5,
                                                          "date": "2026-05-01"}},
                            "deleted": []})


def _shared_config(files: HostileFiles, dotfiles: Path) -> None:
    """A config folder a team shares: a newer gpucalc's table and window.json, a linked table."""
    (files.config / "tables").mkdir(parents=True, exist_ok=True)
    files.newer_table.write_text(NEWER_TABLE, encoding="utf-8")
    (files.config / "window.json").write_text('{"schema_version": 99}', encoding="utf-8")
    dotfiles.mkdir(exist_ok=True)
    target = dotfiles / "prices.json"
    target.write_text(LINKED_PRICES, encoding="utf-8")
    if hasattr(os, "symlink") and not files.linked_table.is_symlink():
        try:
            files.linked_table.symlink_to(target)
        except OSError:  # no symbolic links here (Windows without the privilege)
            files.linked_table.write_text(LINKED_PRICES, encoding="utf-8")


def check_config_kept(files: HostileFiles) -> None:
    """The newer table is byte for byte as written and the linked table is still a link."""
    assert files.newer_table.read_text(encoding="utf-8") == NEWER_TABLE, "a newer table was rewritten"
    backups = list((files.config / "tables").glob("gpus.bak-*"))
    assert not backups, f"a read moved the newer table aside: {backups}"
    if hasattr(os, "symlink") and files.linked_table.exists():
        assert files.linked_table.is_symlink(), "a save replaced the linked table with a file"


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
    cpu_seconds: float = 0.0  # CPU time of the process during the run
    encoding: str = "utf-8"  # of the output streams


HUNG = -1  # the exit code recorded for a run stopped after its time limit


class _Hung(BaseException):
    """Raised by the alarm in a run past its time limit (not an Exception: main cannot catch it)."""


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hung


def run_cli(argv: list[str], limit_s: int = 60, encoding: str = "utf-8") -> Outcome:
    """Run ``gpucalc`` in this process with ``argv``, capturing its output.

    The output streams have ``encoding`` (strict, as a legacy console redirected to a file has).
    A run still going after ``limit_s`` seconds is stopped and recorded as hung (where the
    platform has SIGALRM).
    """
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding=encoding, errors="strict", newline="\n")
    err = io.TextIOWrapper(err_bytes, encoding=encoding, errors="strict", newline="\n")
    parser_exit = False
    started = time.perf_counter()
    cpu_started = time.process_time()
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
    out.flush()
    err.flush()
    return Outcome(tuple(argv), code, out_bytes.getvalue().decode(encoding),
                   err_bytes.getvalue().decode(encoding), parser_exit,
                   time.perf_counter() - started, time.process_time() - cpu_started, encoding)


NON_NEGATIVE_KEY = re.compile(r"(?:_ms|_s|_per_s|_tok_s|tokens|_tokens_per_s|gpus|replicas|_usd|"
                              r"concurrency|_gib)$")
"""JSON keys of quantities that cannot be negative (times, rates, counts, memory, costs)."""
MAX_INT64 = 2**63 - 1


def impossible_json_figure(value: Any, key: str = "") -> str | None:
    """The first figure of a ``--json`` output that is impossible: a negative time, rate, count,
    memory or cost, or an integer beyond 64 bits (None when there is none)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int) and abs(value) > MAX_INT64:
        return f"{key} = {value} is beyond 64 bits"
    if isinstance(value, int | float) and value < 0 and NON_NEGATIVE_KEY.search(key):
        return f"{key} = {value} is negative"
    if isinstance(value, dict):
        found = (impossible_json_figure(v, str(k)) for k, v in value.items())
    elif isinstance(value, list):
        found = (impossible_json_figure(v, key) for v in value)
    else:
        return None
    return next((problem for problem in found if problem is not None), None)


def _output_of(argv: tuple[str, ...]) -> Path:
    """The ``-o`` / ``--output`` path of a command line."""
    for flag, value in itertools.pairwise(argv):
        if flag in ("-o", "--output"):
            return Path(value)
    for word in argv:
        if word.startswith("--output="):
            return Path(word.split("=", 1)[1])
    return Path()


def formula_cells(path: Path) -> list[str]:
    """Cells of the CSV files in an export (a zip or a folder) a spreadsheet would run."""
    from gpucalc.io.spreadsheet import FORMULA_STARTS, neutral_cell

    texts: list[str] = []
    if path.suffix.lower() == ".zip" and path.is_file():
        with zipfile.ZipFile(path) as archive:
            texts = [archive.read(n).decode("utf-8-sig") for n in archive.namelist() if n.endswith(".csv")]
    elif path.is_dir():
        texts = [p.read_text(encoding="utf-8-sig") for p in path.glob("*.csv")]
    cells = (cell for text in texts for row in csv.reader(io.StringIO(text)) for cell in row)
    return [c for c in cells if c.lstrip(" ")[:1] in FORMULA_STARTS and neutral_cell(c) != c]


def _table_notice(line: str) -> bool:
    """A notice about the shared config folder's tables (printed before any command's own line),
    or the hint a narrow terminal gets after it (how to see the characters it could not show)."""
    return (f"tables{os.sep}gpus.json" in line or f"tables{os.sep}prices.json" in line
            or "PYTHONIOENCODING=utf-8" in line)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def check_outcome(outcome: Outcome) -> None:
    """Fail unless the run ended as a careful command-line tool should (see the module doc)."""
    where = f"gpucalc {' '.join(outcome.argv)!r}"
    assert outcome.code != HUNG, f"{where}: still running after its time limit"
    assert "\nTraceback (most recent call last)" not in "\n" + outcome.err, f"{where}: {outcome.err}"
    assert "internal error" not in outcome.err, f"{where}: {outcome.err}"
    assert outcome.code != EXIT_INTERNAL, f"{where}: {outcome.err}"
    assert "computed an impossible" not in outcome.err, f"{where}: {outcome.err}"
    if outcome.code == 0:
        if "--json" in outcome.argv:
            data = json.loads(outcome.out, parse_constant=_refuse_constant)
            problem = impossible_json_figure(data)
            assert problem is None, f"{where}: {problem}"
        if outcome.argv and outcome.argv[0] == "export-csv":
            cells = formula_cells(_output_of(outcome.argv))
            assert not cells, f"{where}: formula cells {cells[:3]}"
        return
    lines = [line for line in outcome.err.splitlines() if line.strip() and not _table_notice(line)]
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
        argv = data.draw(command_args(command, files, heavy))
        on_run(run_cli(argv, limit_s=limit_s, encoding=data.draw(st.sampled_from(STREAM_ENCODINGS))))
        check_config_kept(files)

    # a relative path among the drawn values ("a b", "-") lands in the scratch folder too; every
    # run reads the shared config folder with the newer and the linked table
    previous = os.environ.get("GPUCALC_CONFIG_DIR")
    os.environ["GPUCALC_CONFIG_DIR"] = str(files.config)
    try:
        with contextlib.chdir(files.output_dir):
            run()
    finally:
        if previous is None:
            os.environ.pop("GPUCALC_CONFIG_DIR", None)
        else:
            os.environ["GPUCALC_CONFIG_DIR"] = previous
