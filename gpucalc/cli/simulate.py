"""``gpucalc simulate``: discrete-event traffic simulation, one run or a request-rate sweep."""

from __future__ import annotations

import argparse
import csv
import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpucalc.cli.args import (
    add_deployment_args,
    add_workload_args,
    bounded_int,
    deployment_from_args,
    targets_from_args,
    workload_from_args,
)
from gpucalc.cli.catalog import user_catalog
from gpucalc.cli.columns import cells, left, right
from gpucalc.core.common.explain import Notice
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.simulation.limits import MAX_SIMULATED_REQUESTS, MAX_SWEEP_REQUESTS
from gpucalc.text.catalogue import translate
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import finite_text, strict_json
from gpucalc.text.terms import STATISTIC_NAMES

if TYPE_CHECKING:
    from gpucalc.core.simulation.metrics import Percentiles, SimulationResult
    from gpucalc.core.simulation.sweep import RateSweep

EXIT_DOES_NOT_FIT = 3
MAX_SWEEP_POINTS = 200
DEFAULT_PERCENTILE = 95  # seed 000 plans at P95


def _rate_list(text: str) -> list[float]:
    """Parse ``R1,R2,…`` (positive requests/s)."""
    try:
        rates = [float(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from exc
    if not rates or not all(0 < r < math.inf for r in rates) or len(rates) > MAX_SWEEP_POINTS:
        raise argparse.ArgumentTypeError(
            f"give 1 to {MAX_SWEEP_POINTS} positive request rates, comma-separated")
    return rates


def add_simulate_args(parser: argparse.ArgumentParser) -> None:
    """The flags of ``simulate`` (its parser and help line are the main parser's)."""
    parser.add_argument("model", help="catalog id, Hugging Face id, config.json or model folder")
    add_deployment_args(parser)
    add_workload_args(parser)
    load = parser.add_argument_group(
        "traffic (default: Poisson arrivals at the scenario's --qps, or without one at the planned "
        "rate of the deployment; --request-rate inf sends all requests at once)")
    kind = load.add_mutually_exclusive_group()
    kind.add_argument("--request-rate", type=float, default=None, help="arrivals per second")
    kind.add_argument("--concurrency", type=int, default=None,
                      help="closed loop: requests in flight over the whole deployment (every DP "
                           "rank), as a benchmark client's --max-concurrency")
    kind.add_argument("--sweep-rates", type=_rate_list, default=None, metavar="R1,R2,...",
                      help="simulate each request rate and print the curve")
    kind.add_argument("--sweep", type=bounded_int(1, MAX_SWEEP_POINTS), default=None, metavar="N",
                      help=f"N request rates up to a little past saturation (1 to {MAX_SWEEP_POINTS})")
    load.add_argument("--at-peak", action="store_true",
                      help="start from the scenario's --qps-peak instead of its average --qps")
    load.add_argument("--num-requests", type=bounded_int(1, MAX_SIMULATED_REQUESTS), default=1000,
                      help=f"requests in the run, 1 to {MAX_SIMULATED_REQUESTS:,} (a sweep: "
                           f"{MAX_SWEEP_REQUESTS:,} over all its rates)")
    load.add_argument("--seed", type=int, default=0)
    load.add_argument("--burstiness", type=float, default=1.0,
                      help="gamma shape of arrival gaps: 1 Poisson, <1 burstier (as vllm bench serve)")
    load.add_argument("--replicas", type=int, default=None,
                      help="replicas behind the router (default: num-gpus ÷ (TP × PP))")
    load.add_argument("--router", choices=["round-robin", "least-outstanding"], default="round-robin")
    load.add_argument("--lengths", metavar="FILE", default=None,
                      help="request lengths (CSV or JSON Lines with input/output token counts)")
    load.add_argument("--percentile", type=float, choices=[50.0, 95.0, 99.0], default=None,
                      help="percentile the SLO capacity of a sweep is judged at (default: "
                           "--slo-percentile, else 95)")
    fmt = parser.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--csv", action="store_true")


def _stats_json(stats: Percentiles) -> dict[str, float]:
    return {"mean": stats.mean.value, "p50": stats.p50.value, "p95": stats.p95.value,
            "p99": stats.p99.value}


def result_json(result: SimulationResult) -> dict[str, Any]:
    """One simulated run as JSON (latencies in ms, rates per second)."""
    traffic = result.traffic.model_dump(mode="json")
    if traffic["request_rate"] is not None and not math.isfinite(traffic["request_rate"]):
        traffic["request_rate"] = None  # JSON has no infinity; all_at_once says it
    return {
        "traffic": {**traffic, "all_at_once": result.traffic.all_at_once},
        "completed": result.completed,
        "duration_s": result.duration_s.value,
        "ttft_ms": _stats_json(result.ttft_ms),
        "tpot_ms": _stats_json(result.tpot_ms),
        "e2e_ms": _stats_json(result.e2e_ms),
        "queue_ms": _stats_json(result.queue_ms),
        "request_throughput": result.request_throughput.value,
        "output_tokens_per_s": result.output_tokens_per_s.value,
        "goodput": result.goodput.value,
        "slo_attainment": result.slo_attainment.value,
        "preemptions": int(result.preemptions.value),
        "per_class": [{"name": c.name, "requests": c.requests, "longest": c.longest,
                       "ttft_ms": _stats_json(c.ttft_ms), "tpot_ms": _stats_json(c.tpot_ms)}
                      for c in result.per_class],
        "prefix_hit_rate": None if result.prefix_hit_rate is None else result.prefix_hit_rate.value,
        "steady_state": None if result.steady_ttft_ms is None or result.steady_tpot_ms is None else {
            "ttft_ms": _stats_json(result.steady_ttft_ms), "tpot_ms": _stats_json(result.steady_tpot_ms)},
    }


def scenario_rate(args: argparse.Namespace, planned_rate: Callable[[], float]) -> float | None:
    """The request rate a run uses: --request-rate, else the scenario's QPS (average or peak).

    Without a QPS, ``planned_rate()``: the deployment's planned rate (the watermark's share of
    its replicas' rate capacity). None for a closed loop (--concurrency).
    """
    if args.concurrency is not None:
        return None
    if args.request_rate is not None:
        return float(args.request_rate)
    if args.at_peak and args.qps_peak is not None:
        return float(args.qps_peak)
    return float(args.qps) if args.qps is not None else planned_rate()


def notices_json(notices: list[Notice]) -> list[dict[str, Any]]:
    """Coded notices with their English sentence."""
    return [{"code": n.code, "params": n.params, "text": notice_text(n)} for n in notices]


def result_table(result: SimulationResult, lang: str = "en") -> str:
    """One simulated run as readable text in ``lang``."""
    stats_heads = "".join(right(translate("Terms", STATISTIC_NAMES[s], lang), 10)
                          for s in ("mean", "p50", "p95", "p99"))
    lines = [" " * 14 + stats_heads]
    rows = [("TTFT ms", result.ttft_ms), ("TPOT ms", result.tpot_ms),
            ("E2E ms", result.e2e_ms), (translate("Cli", "queue ms", lang), result.queue_ms)]
    if result.steady_ttft_ms is not None and result.steady_tpot_ms is not None:
        rows += [(translate("Cli", "steady TTFT", lang), result.steady_ttft_ms),
                 (translate("Cli", "steady TPOT", lang), result.steady_tpot_ms)]
    for name, stats in rows:
        lines.append(left(name, 14) + "".join(f"{finite_text(t.value, f'{t.value:,.1f}'):>10}"
                                              for t in (stats.mean, stats.p50, stats.p95, stats.p99)))
    lines.append(translate("Cli", "{requests} requests in {seconds} s: {rps} req/s, {tps} output tok/s, "
                                  "goodput {goodput} req/s ({attainment} within SLO), {preemptions} "
                                  "preemptions", lang).format(
        requests=f"{result.completed:,}", seconds=f"{result.duration_s.value:,.2f}",
        rps=f"{result.request_throughput.value:,.2f}", tps=f"{result.output_tokens_per_s.value:,.0f}",
        goodput=f"{result.goodput.value:,.2f}", attainment=f"{result.slo_attainment.value:.0%}",
        preemptions=f"{int(result.preemptions.value):,}"))
    if result.steady_ttft_ms is not None:
        lines.append(translate("Cli", "steady: requests sent after the first wave completed and done "
                                      "before the last send, as the concurrency is judged (no ramp-up, "
                                      "no drain)", lang))
    if result.prefix_hit_rate is not None:
        lines.append(translate("Cli", "prefix cache: {hit} of prompt tokens served from cache", lang)
                     .format(hit=f"{result.prefix_hit_rate.value:.1%}"))
    for row in result.per_class:
        mark = ("  " + translate("Cli", "← longest class: watch this line, it breaks first", lang)
                if row.longest else "")
        lines.append(translate("Cli", "class {name} ({requests} requests): TTFT P50/P95 {ttft50}/{ttft95} "
                                      "ms, TPOT P50/P95 {tpot50}/{tpot95} ms", lang).format(
            name=row.name, requests=f"{row.requests:,}", ttft50=f"{row.ttft_ms.p50.value:,.0f}",
            ttft95=f"{row.ttft_ms.p95.value:,.0f}", tpot50=f"{row.tpot_ms.p50.value:,.1f}",
            tpot95=f"{row.tpot_ms.p95.value:,.1f}") + mark)
    return "\n".join(lines)


SWEEP_COLUMNS = ("request_rate", "request_throughput", "output_tokens_per_s", "goodput",
                 "ttft_p50_ms", "ttft_p95_ms", "ttft_p99_ms", "tpot_p50_ms", "tpot_p95_ms",
                 "tpot_p99_ms", "e2e_p95_ms", "preemptions")


def _sweep_row(rate: float, r: SimulationResult) -> list[float]:
    return [rate, r.request_throughput.value, r.output_tokens_per_s.value, r.goodput.value,
            r.ttft_ms.p50.value, r.ttft_ms.p95.value, r.ttft_ms.p99.value, r.tpot_ms.p50.value,
            r.tpot_ms.p95.value, r.tpot_ms.p99.value, r.e2e_ms.p95.value, r.preemptions.value]


def sweep_json(sweep: RateSweep) -> dict[str, Any]:
    """A rate sweep as JSON: the points, the knee and the capacity at the SLO percentile."""
    return {"percentile": sweep.percentile, "knee_rate": sweep.knee_rate.value,
            "slo_capacity": sweep.slo_capacity.value,
            "points": [{"request_rate": p.request_rate, **result_json(p.result)}
                       for p in sweep.points]}


def _csv_number(value: float) -> str:
    """A CSV cell: six significant digits, empty when unbounded (see NOT_FINITE_CONVENTION)."""
    return f"{value:.6g}" if math.isfinite(value) else ""


def sweep_csv(sweep: RateSweep) -> str:
    """A rate sweep as CSV, one row per rate."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SWEEP_COLUMNS)
    for p in sweep.points:
        writer.writerow([_csv_number(v) for v in _sweep_row(p.request_rate, p.result)])
    return out.getvalue()


SWEEP_TABLE_HEADS = ((QT_TRANSLATE_NOOP("Cli", "rate"), 9), (QT_TRANSLATE_NOOP("Cli", "achieved"), 10),
                     ("tok/s", 10), ("goodput", 9), ("TTFT P50", 11), ("TTFT P95", 11), ("TPOT P50", 10),
                     ("TPOT P95", 10), (QT_TRANSLATE_NOOP("Cli", "preempt"), 9))
"""The rate sweep table's headings (marked when they have words) and least widths in cells."""


def sweep_table(sweep: RateSweep, lang: str = "en") -> str:
    """A rate sweep as readable text in ``lang``."""
    heads = [translate("Cli", head, lang) for head, _ in SWEEP_TABLE_HEADS]
    widths = [max(w, cells(h) + 1) for h, (_, w) in zip(heads, SWEEP_TABLE_HEADS, strict=True)]
    lines = ["".join(right(h, w) for h, w in zip(heads, widths, strict=True))]
    for p in sweep.points:
        r = p.result
        values = [f"{p.request_rate:.2f}", f"{r.request_throughput.value:.2f}",
                  f"{r.output_tokens_per_s.value:,.0f}", f"{r.goodput.value:.2f}",
                  *(finite_text(v, f"{v:,.1f}") for v in (r.ttft_ms.p50.value, r.ttft_ms.p95.value)),
                  *(finite_text(v, f"{v:.2f}") for v in (r.tpot_ms.p50.value, r.tpot_ms.p95.value)),
                  f"{int(r.preemptions.value):,}"]
        lines.append("".join(right(v, w) for v, w in zip(values, widths, strict=True)))
    lines.append(translate("Cli", "TTFT knee: {knee} req/s; capacity at P{percentile} SLO: {capacity} req/s",
                           lang).format(knee=f"{sweep.knee_rate.value:,.2f}",
                                        percentile=f"{sweep.percentile:g}",
                                        capacity=f"{sweep.slo_capacity.value:,.2f}"))
    return "\n".join(lines)


def run_simulate(args: argparse.Namespace) -> int:
    """``gpucalc simulate``: print one run, or the curve of a rate sweep."""
    # The simulator (numpy) and the catalog load only for this command.
    from gpucalc.catalog.resolve import resolve_inputs
    from gpucalc.cli.errors import CliError, cli_language
    from gpucalc.core.capacity.calculate import calculate_performance
    from gpucalc.core.capacity.physical_bounds import request_length_error
    from gpucalc.core.memory.memory_plan import calculate_memory
    from gpucalc.core.simulation.traffic import Router, TrafficSpec
    from gpucalc.core.specs.inputs import MIN_REQUEST_RATE
    from gpucalc.io.lengths import read_length_pairs
    from gpucalc.plan.simulation_job import SimulationJob

    if args.percentile is None:
        args.percentile = float(args.slo_percentile or DEFAULT_PERCENTILE)
    if args.slo_percentile is None:
        args.slo_percentile = int(args.percentile)

    inputs = resolve_inputs(
        user_catalog(cli_language(args)), args.model, args.gpu, deployment_from_args(args),
        workload_from_args(args), targets_from_args(args), quantization=args.quantization, dtype=args.dtype)
    too_long = request_length_error(inputs)  # the engine would refuse these requests
    if too_long is not None:
        raise too_long
    memory = calculate_memory(inputs)
    if not memory.fits or memory.kv_cache_tokens.value <= 0:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "the model does not fit, so there is nothing to "
                                                   "simulate"), EXIT_DOES_NOT_FIT)
    pairs = read_length_pairs(Path(args.lengths)) if args.lengths else None

    def planned_rate() -> float:
        perf = calculate_performance(inputs, memory)
        return max(perf.rates.requests_per_s_planned * inputs.deployment.engines, MIN_REQUEST_RATE)

    rate = scenario_rate(args, planned_rate)
    traffic = TrafficSpec(request_rate=rate, concurrency=args.concurrency,
                          burstiness=args.burstiness, num_requests=args.num_requests, seed=args.seed,
                          replicas=args.replicas or inputs.deployment.replicas,
                          router=Router(args.router))
    single = args.sweep_rates is None and args.sweep is None
    job = SimulationJob(inputs=inputs, memory=memory, traffic=traffic, percentile=args.percentile,
                        lengths=tuple(pairs) if pairs is not None else None, single_run=single,
                        sweep_rates=tuple(args.sweep_rates) if args.sweep_rates else None,
                        sweep_points=None if single or args.sweep_rates else args.sweep)
    try:
        outcome = job.run()
    except ValueError as exc:
        raise CliError("", cause=exc) from exc
    if outcome.run is not None:
        result, notices = outcome.run, list(outcome.notices)
        _print({**result_json(result), "notices": notices_json(notices)},
               lambda: "\n".join([result_table(result, cli_language(args)),
                                   *(notice_text(n, cli_language(args)) for n in notices)]), args,
               lambda: result_csv(result))
        return 0
    sweep = outcome.sweep
    assert sweep is not None  # a job that does not run at one load sweeps
    _print(sweep_json(sweep), lambda: sweep_table(sweep, cli_language(args)), args, lambda: sweep_csv(sweep))
    return 0


def result_csv(result: SimulationResult) -> str:
    """One run as CSV: one row per latency with its mean and percentiles."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["metric", "mean", "p50", "p95", "p99"])
    for name, stats in (("ttft_ms", result.ttft_ms), ("tpot_ms", result.tpot_ms),
                        ("e2e_ms", result.e2e_ms), ("queue_ms", result.queue_ms)):
        writer.writerow([name, *(_csv_number(v) for v in _stats_json(stats).values())])
    return out.getvalue()


def _print(data: dict[str, Any], table: Callable[[], str], args: argparse.Namespace,
           as_csv: Callable[[], str]) -> None:
    """Print JSON, CSV or the readable table, as the flags ask."""
    if args.json:
        print(strict_json(data))
    elif args.csv:
        print(as_csv(), end="")
    else:
        print(table())
