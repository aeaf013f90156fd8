"""Start-up of the command line as whole processes, against the import floor.

Run: ``python -m benchmarks.startup``. Each command is a fresh interpreter running from compiled
bytecode (the package is compiled first, as an install leaves it), with an empty config folder
and a cache folder of its own. The figure is the CPU time of the whole process (user + system,
from the operating system's accounting of the child), which other programs on a shared machine
disturb far less than wall-clock time; commands are run in interleaved rounds and the least and
the median of each are printed, with the ratio of each command's least CPU time to the floor's.

The floor is ``python -c "import pydantic, numpy"``: the two libraries every answer needs.
Targets: ``gpucalc --help`` ≤ 1.1× the floor, ``gpucalc estimate … --json`` ≤ 1.3×. ``import
pydantic`` defers its model machinery until first use, so the second reference line (numpy, one
pydantic model defined and validated) is what any command that validates anything pays.
"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import gpucalc

ROUNDS = 15
ONE_MODEL = ("import numpy\nfrom pydantic import BaseModel\nclass One(BaseModel):\n    x: int = 0\n"
             "One(x=1)")
ESTIMATE = ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--json"]


@dataclass(frozen=True)
class Command:
    """One process to time: its label, its arguments after the interpreter, and its target."""

    label: str
    argv: tuple[str, ...]
    target: float | None = None  # most CPU time allowed, as a multiple of the floor's


COMMANDS = (
    Command('python -c "import pydantic, numpy" (floor)', ("-c", "import pydantic, numpy")),
    # `import pydantic` loads its models lazily: what any command with one model pays on top
    Command("… and one pydantic model built", ("-c", ONE_MODEL)),
    Command("gpucalc --help", ("-m", "gpucalc", "--help"), 1.1),
    Command("gpucalc --version", ("-m", "gpucalc", "--version")),
    Command("gpucalc estimate … --json", ("-m", "gpucalc", *ESTIMATE), 1.3),
    Command("gpucalc estimate … (text)", ("-m", "gpucalc", *ESTIMATE[:-1])),
    Command("gpucalc gpus", ("-m", "gpucalc", "gpus")),
)


def compile_package() -> None:
    """Write the bytecode of the package the commands import (PYTHONDONTWRITEBYTECODE stops Python)."""
    compileall.compile_dir(str(Path(gpucalc.__file__).parent), quiet=1)


def child_cpu_s(argv: tuple[str, ...], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of the interpreter with ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *argv], env=env, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_runs(env: dict[str, str], rounds: int) -> dict[str, list[float]]:
    """CPU seconds of every command, one run of each per round (so load changes hit all alike)."""
    runs: dict[str, list[float]] = {command.label: [] for command in COMMANDS}
    for _ in range(rounds):
        for command in COMMANDS:
            runs[command.label].append(child_cpu_s(command.argv, env))
    return runs


def cold_estimate_cpu_s(env: dict[str, str], cache: Path, rounds: int) -> list[float]:
    """CPU seconds of ``estimate`` with an empty cache folder: the first run after an install."""
    runs = []
    for index in range(rounds):
        fresh = {**env, "GPUCALC_CACHE_DIR": str(cache / f"cold-{index}")}
        runs.append(child_cpu_s(("-m", "gpucalc", *ESTIMATE), fresh))
    return runs


def main(rounds: int = ROUNDS) -> None:
    compile_package()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        env = {**os.environ, "GPUCALC_CONFIG_DIR": str(root / "config"),
               "GPUCALC_CACHE_DIR": str(root / "cache")}
        child_cpu_s(("-m", "gpucalc", *ESTIMATE), env)  # fills the cache as a first run would
        runs = cpu_runs(env, rounds)
        cold = cold_estimate_cpu_s(env, root, max(3, rounds // 3))
    floor = min(runs[COMMANDS[0].label])
    print(f"Whole-process CPU time, least and median of {rounds} interleaved runs "
          f"(compiled bytecode, empty config folder):")
    for command in COMMANDS:
        cpu = runs[command.label]
        ratio = min(cpu) / floor
        target = "" if command.target is None else (
            f"  target ≤ {command.target:.1f}×: {'met' if ratio <= command.target else 'NOT met'}")
        print(f"  {command.label:<44} {min(cpu) * 1e3:6.0f} ms (median {statistics.median(cpu) * 1e3:4.0f})"
              f"  {ratio:4.2f}× the floor{target}")
    print(f"  {'gpucalc estimate … --json, empty cache':<44} {min(cold) * 1e3:6.0f} ms "
          f"(median {statistics.median(cold) * 1e3:4.0f})  {min(cold) / floor:4.2f}× the floor "
          "(first run: the spec index is built)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
