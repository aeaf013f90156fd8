"""Time of reading hostile engine logs, benchmark results and length files.

Run: ``python -m benchmarks.hostile_logs``. Each input is crafted against a parser: long lines of
repeated keywords that a backtracking pattern rescans, long runs of digits, spaces or word
characters, and many valid benchmark points. The goal is that every input within the documented
limits (an 8 MiB log head, 100,000 benchmark points) is read — or refused with one line — within a
few seconds on a laptop; the figures are wall seconds of one run on this machine. The last two
rows time a calibration fit at its caps (2,000 points; 100 different mean-length pairs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.measured.calibrate import (
    MAX_CALIBRATION_POINTS,
    MAX_CALIBRATION_WORKLOADS,
    fit_efficiency,
    split_holdout,
)
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.io.bench_results import parse_bench_text
from gpucalc.io.engine_log import MAX_LOG_BYTES, parse_engine_log
from gpucalc.io.errors import InputFileError

LINE = 20_000  # characters of one crafted line (longer than any bound the parser keeps)


def _lines_of(unit: str, size: int) -> str:
    """``size`` characters of lines made of ``unit`` repeated."""
    line = (unit * (LINE // len(unit) + 1))[:LINE] + "\n"
    return line * (size // len(line) + 1)


def hostile_logs(size: int = MAX_LOG_BYTES) -> dict[str, str]:
    """Crafted logs of about ``size`` characters, by what each attacks."""
    kv = "\nGPU KV cache size: 1 tokens\n"
    return {
        "repeated 'torch peak memory increase:' (lazy scan)":
            "vLLM" + _lines_of("torch peak memory increase: 1 GiB ", size) + kv,
        "repeated 'Load weight end.' (lazy scan)":
            "sglang\nKV Cache is allocated. #tokens: 5\n" + _lines_of("Load weight end. ", size),
        "repeated 'Graph capturing finished in' (lazy scan)":
            "vLLM" + _lines_of("Graph capturing finished in ", size) + kv,
        "repeated 'non-default args: {' (greedy scan)":
            "vLLM" + _lines_of("non-default args: {", size) + kv,
        "repeated 'server_args=ServerArgs(' (greedy scan)":
            "sglang\nmax_total_num_tokens=5\n" + _lines_of("server_args=ServerArgs(", size),
        "word run in a profiling line (key=value scan)":
            "Memory profiling results: " + _lines_of("a", size) + "\n# GPU blocks: 5\n",
        "digit runs after keywords": "vLLM" + _lines_of("GPU KV cache size: 1111111111", size),
        "space runs after 'sglang'": _lines_of("sglang" + " " * 5000 + "x", size)
            + "max_total_num_tokens=5\n",
    }


def bench_points(count: int) -> str:
    """A vllm bench serve JSON list of ``count`` valid points."""
    records = [{"max_concurrency": 1 + i % 512, "request_rate": "inf", "completed": 100,
                "mean_ttft_ms": 100.0 + i, "mean_tpot_ms": 10.0, "output_throughput": 1000.0}
               for i in range(count)]
    return json.dumps(records)


def calibration_points(count: int, workloads: int) -> list[MeasuredPoint]:
    """``count`` closed-loop points spread over ``workloads`` different mean-length pairs."""
    return [MeasuredPoint(concurrency=1 + i % 64, mean_input_tokens=500 + i % workloads,
                          mean_output_tokens=200, ttft_ms=100.0 + i % 7, tpot_ms=10.0,
                          output_tok_s=1000.0) for i in range(count)]


def _fit(points: list[MeasuredPoint]) -> object:
    catalog = Catalog.load()
    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", catalog.gpu("h100-sxm-80gb"),
                            Deployment(), Workload(), Targets())
    fit, held = split_holdout(points, 0.5)
    return fit_efficiency(inputs, fit, held)


def _seconds(work: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        work()
        outcome = "read"
    except InputFileError as exc:
        outcome = f"refused: {str(exc)[:60]}"
    return time.perf_counter() - start, outcome


def main() -> None:
    print(f"{'input':<56}{'seconds':>9}  outcome")
    for name, text in hostile_logs().items():
        seconds, outcome = _seconds(partial(parse_engine_log, text, "crafted log"))
        print(f"{name:<56}{seconds:>9.2f}  {outcome}")
    for count in (10_000, 100_000):
        seconds, outcome = _seconds(partial(parse_bench_text, bench_points(count), "crafted results"))
        print(f"{f'{count:,} benchmark points (JSON)':<56}{seconds:>9.2f}  {outcome}")
    for workloads in (1, MAX_CALIBRATION_WORKLOADS):
        points = calibration_points(MAX_CALIBRATION_POINTS, workloads)
        seconds, outcome = _seconds(partial(_fit, points))
        label = f"calibration fit, {len(points):,} points, {workloads} length pairs"
        print(f"{label:<56}{seconds:>9.2f}  {outcome}")


if __name__ == "__main__":
    main()
