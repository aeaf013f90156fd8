"""Speed of the core and of the command line.

Run: ``python -m benchmarks.speed``. Figures are medians over repeated runs on this machine:
wall-clock time, and for the in-process figures also the CPU time of this process, which other
programs sharing the machine disturb far less; the least CPU time of any run is the figure to
compare between two versions on a busy machine (a run can only be slowed down by others).
"""

from __future__ import annotations

import functools
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_inputs
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.sweep import context_sweep
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import compute_plan
from gpucalc.plan.scenario_file import load_scenario

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    return median_wall_and_cpu(fn, repeat)[0]


def median_wall_and_cpu(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall-clock and median CPU seconds of ``fn`` over ``repeat`` runs."""
    wall, cpu = wall_and_cpu_runs(fn, repeat)
    return statistics.median(wall), statistics.median(cpu)


def wall_and_cpu_runs(fn: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of ``repeat`` runs of ``fn``."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return wall, cpu


def timed(label: str, fn: Callable[[], object], repeat: int) -> None:
    """Print the median wall-clock, median CPU and least CPU milliseconds of ``fn``."""
    wall, cpu = wall_and_cpu_runs(fn, repeat)
    print(f"{label} {statistics.median(wall) * 1e3:8.3f} ms (CPU {statistics.median(cpu) * 1e3:.3f} "
          f"ms, least {min(cpu) * 1e3:.3f} ms; median of {repeat})")


def main() -> None:
    catalog = Catalog.load()
    inputs = resolve_inputs(catalog, "llama-3.1-70b-instruct", "h100-sxm-80gb",
                            Deployment(num_gpus=4, tensor_parallel_size=4, max_model_len=8192))
    calculate_memory(inputs)
    timed("memory estimate, in-process:         ", lambda: calculate_memory(inputs), 500)
    timed("memory estimate as sizing asks for it:", lambda: calculate_memory(inputs, False), 500)
    workload, targets = Workload(input_len_p50=2000, output_len_p50=300), Targets(tpot_ms=50)
    full = inputs.model_copy(update={"workload": workload, "targets": targets})
    timed("full estimate (memory + ceilings + load curve):", lambda: calculate(full), 200)
    timed("256-point context sweep, three ceilings:", lambda: context_sweep(full, count=256), 20)
    precisions = list(precision_tiers(catalog).values())
    gpus = list(catalog.gpus.values())
    timed(f"sizing: {len(gpus)} GPUs × 3 precisions × all layouts:",
          lambda: size_fleet(full, gpus, precisions, SizingRequest(qps_avg=10, qps_peak=20)), 5)
    for name, scenario in (("default", Scenario()),
                           ("70B / 8× A100", load_scenario(EXAMPLES / "llama-3.1-70b-8xa100.gpucalc.json"))):
        timed(f"one whole plan ({name}: answer, sweep, grid, bands, fleet):",
              functools.partial(compute_plan, catalog, scenario), 10)
    timed("catalog load (all bundled tables):   ", Catalog.load, 20)
    cmd = [sys.executable, "-m", "gpucalc", "estimate", "llama-3.1-8b-instruct", "--gpu", "h100",
           "--json"]
    process_s = median_seconds(lambda: subprocess.run(cmd, capture_output=True, check=True), 10)
    print(f"`gpucalc estimate … --json` process:  {process_s * 1e3:8.1f} ms (median of 10)")


if __name__ == "__main__":
    main()
