"""Calibration on a published latency-vs-load run: default vs calibrated on held-out rows.

The run: TensorRT-LLM 0.14 via Triton, Llama-3.1-70B BF16 on 4× H100 (TP 4), 467 in / 256 out,
500 requests at 2 req/s, 16 req/s and all at once (``specs/validation/throughput.jsonl``,
ids ``tp-trt014-031..033``). The efficiency factors are fitted on part of the rows (the lightest
and the heaviest load) and both profiles predict the held-out row (16 req/s).

Run: ``python -m benchmarks.calibration_accuracy``.
"""

from __future__ import annotations

import statistics
import time

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.measured.calibrate import (
    CalibrationResult,
    fit_efficiency,
    predicted_metrics,
    split_holdout,
    workload_inputs,
)
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.efficiency import Efficiency
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload
from gpucalc.validation.throughput_cases import ThroughputCase, load_throughput_cases

RUN_IDS = ("tp-trt014-031", "tp-trt014-032", "tp-trt014-033")  # one deployment at three loads
HOLDOUT_SHARE = 0.5
SYNTHETIC_LENGTHS = ((1024, 256), (16384, 256))
SYNTHETIC_LOADS = (1, 4, 16, 64, 128, 256)


def case_point(case: ThroughputCase) -> MeasuredPoint:
    """A published row as a measured point (mean TTFT, mean ITL, output throughput)."""
    measured = case.measured
    return MeasuredPoint(
        concurrency=case.concurrency, request_rate=case.request_rate, num_prompts=case.num_requests,
        ttft_ms=measured.get("ttft_ms"), ttft_stat=measured.get("ttft_stat") or "mean",
        itl_ms=measured.get("itl_ms") or measured.get("tpot_ms"),
        itl_stat=measured.get("latency_stat") or "mean",
        output_tok_s=measured.get("output_throughput_tok_s"),
        request_per_s=measured.get("request_throughput_req_s"), source=case.id)


def published_run(catalog: Catalog, ids: tuple[str, ...] = RUN_IDS
                  ) -> tuple[PlanInputs, list[MeasuredPoint]]:
    """The inputs and the measured rows of one published run (its rows share one deployment)."""
    cases = [c for c in load_throughput_cases(catalog) if c.id in ids]
    return cases[0].inputs, [case_point(c) for c in cases]


def calibrate_published_run(catalog: Catalog) -> tuple[CalibrationResult, float]:
    """Fit on part of the run's rows; the result and the fit time in seconds."""
    inputs, points = published_run(catalog)
    fit, holdout = split_holdout(points, HOLDOUT_SHARE)
    started = time.perf_counter()
    result = fit_efficiency(inputs, fit, holdout, source="TensorRT-LLM 0.14 perf overview")
    return result, time.perf_counter() - started


def synthetic_inputs(catalog: Catalog) -> PlanInputs:
    """Llama-3.1-8B on one H100 with vLLM, 32k context: the synthetic run's set-up."""
    return resolve_inputs(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb",
                          Deployment(max_model_len=32768),
                          Workload(input_len_p50=1024, output_len_p50=256))


def synthetic_points(inputs: PlanInputs, truth: Efficiency) -> list[MeasuredPoint]:
    """A concurrency sweep at two prompt lengths that the model predicts with ``truth``.

    A run whose factors are known: the fit must find them again.
    """
    points = []
    for input_len, output_len in SYNTHETIC_LENGTHS:
        for concurrency in SYNTHETIC_LOADS:
            shell = MeasuredPoint(concurrency=concurrency, mean_input_tokens=input_len,
                                  mean_output_tokens=output_len, ttft_ms=1, tpot_ms=1, output_tok_s=1)
            own = workload_inputs(inputs, shell)
            values = predicted_metrics(own, calculate_memory(own), truth, shell)
            points.append(shell.model_copy(update={"ttft_ms": values["ttft"], "tpot_ms": values["tpot"],
                                                   "output_tok_s": values["throughput"]}))
    return points


SYNTHETIC_TRUTH = {"gemm_compute": 0.42, "attention_compute": 0.35, "memory_bandwidth": 0.66,
                   "step_overhead_ms": 3.5}


def synthetic_recovery(catalog: Catalog) -> tuple[CalibrationResult, Efficiency, float]:
    """Fit the synthetic sweep from the defaults: result, the true factors, fit seconds."""
    inputs = synthetic_inputs(catalog)
    truth = inputs.engine.efficiency.model_copy(update=SYNTHETIC_TRUTH)
    points = synthetic_points(inputs, truth)
    started = time.perf_counter()
    result = fit_efficiency(inputs, points)
    return result, truth, time.perf_counter() - started


def main() -> None:
    catalog = Catalog.load()
    result, seconds = calibrate_published_run(catalog)
    times = [seconds] + [calibrate_published_run(catalog)[1] for _ in range(4)]
    print(f"run: {', '.join(RUN_IDS)} ({result.fit_count} rows fitted, {result.holdout_count} held out)")
    print(f"{'load':<16}{'metric':<12}{'measured':>10}{'default':>10}{'err':>8}{'calibrated':>12}"
          f"{'err':>8}  {'row'}")
    for row in result.points:
        print(f"{row.load:<16}{row.metric:<12}{row.measured:>10,.1f}{row.before:>10,.1f}"
              f"{row.before / row.measured - 1:>+8.0%}{row.after:>12,.1f}"
              f"{row.after / row.measured - 1:>+8.0%}  {'held out' if row.held_out else 'fitted'}")
    print()
    print(f"{'factor':<20}{'default':>10}{'fitted':>10}{'±':>10}")
    for fit in result.factors:
        spread = f"{fit.plus_minus:.3g}" if fit.plus_minus is not None else "fixed"
        print(f"{fit.name:<20}{fit.before:>10.3g}{fit.after:>10.3g}{spread:>10}")
    print()
    print(f"{'held-out rows':<28}{'default':>10}{'calibrated':>12}")
    for metric, before in result.holdout_errors_before.items():
        print(f"median |error| {metric:<13}{before:>10.1%}{result.holdout_errors_after[metric]:>12.1%}")
    print(f"{'mean |ln(pred ÷ meas)|':<28}{result.holdout_log_error_before or 0:>10.3f}"
          f"{result.holdout_log_error_after or 0:>12.3f}")
    print(f"{'fitted rows: mean |ln|':<28}{result.fit_log_error_before:>10.3f}"
          f"{result.fit_log_error_after:>12.3f}")
    print()
    print(f"fit time: median {statistics.median(times) * 1000:.0f} ms over {len(times)} fits "
          f"(max {max(times) * 1000:.0f} ms; target ≤ 2 s), {result.iterations} iterations")
    print()
    synthetic, truth, seconds = synthetic_recovery(catalog)
    print(f"synthetic sweep ({synthetic.fit_count} points × 3 metrics, factors known): "
          f"fit {seconds * 1000:.0f} ms, {synthetic.iterations} iterations")
    for fit in synthetic.factors:
        if fit.name in SYNTHETIC_TRUTH:
            true_value = getattr(truth, fit.name)
            print(f"  {fit.name:<20} true {true_value:>6.3g}  fitted {fit.after:>6.3g} "
                  f"({fit.after / true_value - 1:+.1%})")


if __name__ == "__main__":
    main()
