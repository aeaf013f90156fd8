"""A larger fuzz of every ``gpucalc`` command than the suite runs, with the slowest accepted runs.

Run: ``python -m benchmarks.cli_fuzz --examples N`` (N argument lists per command, default 200;
``--commands estimate,simulate`` to pick some). Draws come from ``tests/cli/fuzz_args.py`` with
the full value pools (huge counts, a FIFO among the paths); each run is stopped after
``--limit-s`` seconds and counted as hung. Prints, per command, the runs, the exit codes, every
distinct failure (what the suite's check refused, with one argument list that shows it) and the
slowest runs, so a bound that lets a documented limit run for more than a few seconds shows up.
A run that takes more than :data:`MAX_CPU_S` seconds of CPU counts as a failure too.
"""

from __future__ import annotations

import argparse
import collections
import os
import tempfile
from pathlib import Path

from tests.cli.fuzz_args import COMMANDS, HostileFiles, Outcome, check_outcome, fuzz, make_hostile_files

SLOWEST_SHOWN = 3
MAX_CPU_S = 20.0
"""The most CPU one accepted run may take (the issue's bound: no run over 20 s of CPU)."""


def fuzz_command(command: str, files: HostileFiles, examples: int, limit_s: int) -> None:
    """Run ``examples`` drawn argument lists of ``command`` and print what they did."""
    codes: collections.Counter[int] = collections.Counter()
    failures: dict[str, tuple[str, ...]] = {}
    timings: list[tuple[float, tuple[str, ...]]] = []

    def record(outcome: Outcome) -> None:
        timings.append((outcome.seconds, outcome.argv))
        codes[outcome.code] += 1
        try:
            check_outcome(outcome)
            assert outcome.cpu_seconds <= MAX_CPU_S, f"x: over {MAX_CPU_S:g} s of CPU"
        except AssertionError as exc:
            reason = str(exc).split(": ", 1)[-1].splitlines()[0][:160]
            failures.setdefault(reason, outcome.argv)

    fuzz(command, files, examples, record, heavy=True, limit_s=limit_s, shrink=False)
    timings.sort(key=lambda item: item[0], reverse=True)
    print(f"{command}: {sum(codes.values())} runs, exit codes "
          f"{dict(sorted(codes.items()))}, {len(failures)} distinct failures")
    for reason, argv in failures.items():
        print(f"  FAIL {reason}\n       gpucalc {' '.join(a[:60] for a in argv)}")
    for seconds, argv in timings[:SLOWEST_SHOWN]:  # wall time; CPU time is checked above
        print(f"  {seconds:6.2f} s  gpucalc {' '.join(a[:60] for a in argv)}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cli_fuzz", description=__doc__)
    parser.add_argument("--examples", type=int, default=200, help="argument lists per command")
    parser.add_argument("--commands", default=",".join(COMMANDS),
                        help="comma-separated commands (default: all fuzzed ones)")
    parser.add_argument("--limit-s", type=int, default=30, help="seconds before a run is hung")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        os.environ["GPUCALC_CONFIG_DIR"] = str(root / "config")  # never the user's own tables
        files = make_hostile_files(root / "hostile")
        for command in [c.strip() for c in args.commands.split(",") if c.strip()]:
            fuzz_command(command, files, args.examples, args.limit_s)


if __name__ == "__main__":
    main()
