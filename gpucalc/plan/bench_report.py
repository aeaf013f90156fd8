"""A predicted benchmark run in each client's own words.

Its console summary, its saved result file, and gpucalc's JSON. Qt-free.

Layouts are the ones the clients print (labels padded to 40 columns under a 50-column
``=`` banner for vLLM and SGLang, a statistics table for genai-perf, the "PERFORMANCE
OVERVIEW" block for trtllm-bench); the code is gpucalc's own.
"""

from __future__ import annotations

import math
from typing import Any

from gpucalc.engines.bench_tools import BenchTool
from gpucalc.plan.bench_run import BenchPrediction, LatencyStats
from gpucalc.text.numbers import finite_or_none, strict_json

WIDTH = 50
PREDICTED = "(predicted by gpucalc: a simulation of the run, not a measurement)"


def _banner(title: str, fill: str) -> str:
    """``title`` centred in ``fill`` (the result banner has a space either side, sections not)."""
    text = f" {title} " if title and fill == "=" else title
    return f"{text:{fill}^{WIDTH}}"


def _row(label: str, value: float | int | str, decimals: int = 2) -> str:
    text = value if isinstance(value, str) else (
        f"{value:<10}" if isinstance(value, int) else f"{value:<10.{decimals}f}")
    return f"{label:<40} {text}"


def _latency_block(title: str, short: str, stats: LatencyStats, marks: tuple[str, ...]) -> list[str]:
    values = {"Mean": stats.mean, "Median": stats.median, "P95": stats.p95, "P99": stats.p99,
              "Max": stats.max}
    return [_banner(title, "-"), *(_row(f"{m} {short} (ms):", values[m]) for m in marks)]


def _rate_text(rate: float) -> str:
    return "inf" if math.isinf(rate) else f"{rate:g}"


def vllm_summary(p: BenchPrediction) -> str:
    """``vllm bench serve`` / ``benchmark_serving.py``'s result block."""
    lines = [_banner("Serving Benchmark Result", "="), _row("Successful requests:", p.completed)]
    if p.spec.max_concurrency is not None:
        lines.append(_row("Maximum request concurrency:", p.spec.max_concurrency))
    lines += [
        _row("Benchmark duration (s):", p.duration_s),
        _row("Total input tokens:", p.total_input_tokens),
        _row("Total generated tokens:", p.total_output_tokens),
        _row("Request throughput (req/s):", p.request_throughput),
        _row("Output token throughput (tok/s):", p.output_throughput),
        _row("Peak concurrent requests:", float(p.peak_concurrency)),
        _row("Total Token throughput (tok/s):", p.total_token_throughput),
        *_latency_block("Time to First Token", "TTFT", p.ttft_ms, ("Mean", "Median", "P99")),
        *_latency_block("Time per Output Token (excl. 1st token)", "TPOT", p.tpot_ms,
                        ("Mean", "Median", "P99")),
        *_latency_block("Inter-token Latency", "ITL", p.itl_ms, ("Mean", "Median", "P99")),
        *_latency_block("End-to-end Latency", "E2EL", p.e2el_ms, ("Mean", "Median", "P99")),
        _banner("", "="),
    ]
    return "\n".join(lines)


def sglang_summary(p: BenchPrediction) -> str:
    """``sglang.bench_serving``'s result block."""
    spec = p.spec
    lines = [
        _banner("Serving Benchmark Result", "="),
        _row("Backend:", spec.backend or "sglang"),
        _row("Traffic request rate:", _rate_text(spec.request_rate)),
        _row("Max request concurrency:",
             "not set" if spec.max_concurrency is None else str(spec.max_concurrency)),
        _row("Successful requests:", p.completed),
        _row("Benchmark duration (s):", p.duration_s),
        _row("Total input tokens:", p.total_input_tokens),
        _row("Total generated tokens:", p.total_output_tokens),
        _row("Total generated tokens (retokenized):", p.total_output_tokens),
        _row("Request throughput (req/s):", p.request_throughput),
        _row("Input token throughput (tok/s):", p.total_input_tokens / p.duration_s),
        _row("Output token throughput (tok/s):", p.output_throughput),
        _row("Total token throughput (tok/s):", p.total_token_throughput),
        _row("Concurrency:", p.mean_concurrency),
        *_latency_block("End-to-End Latency", "E2E Latency", p.e2el_ms, ("Mean", "Median")),
        *_latency_block("Time to First Token", "TTFT", p.ttft_ms, ("Mean", "Median", "P99")),
        *_latency_block("Time per Output Token (excl. 1st token)", "TPOT", p.tpot_ms,
                        ("Mean", "Median", "P99")),
        *_latency_block("Inter-Token Latency", "ITL", p.itl_ms,
                        ("Mean", "Median", "P95", "P99", "Max")),
        _banner("", "="),
    ]
    return "\n".join(lines)


_GENAI_COLUMNS = ("avg", "min", "max", "p99", "p90", "p75")


def _genai_cells(stats: LatencyStats) -> list[str]:
    values = {"avg": stats.mean, "min": stats.min, "max": stats.max, "p99": stats.p99,
              "p90": stats.p90, "p75": stats.p75}
    return [f"{values[c]:,.2f}" for c in _GENAI_COLUMNS]


def genai_perf_summary(p: BenchPrediction) -> str:
    """``genai-perf profile``'s "LLM Metrics" table (ITL there is per request: our TPOT)."""
    rows = [("Time To First Token (ms)", _genai_cells(p.ttft_ms)),
            ("Request Latency (ms)", _genai_cells(p.e2el_ms)),
            ("Inter Token Latency (ms)", _genai_cells(p.tpot_ms)),
            ("Output Sequence Length (tokens)", _genai_cells(p.output_len)),
            ("Input Sequence Length (tokens)", _genai_cells(p.input_len)),
            ("Output Token Throughput (tokens/sec)", [f"{p.output_throughput:,.2f}"] + ["N/A"] * 5),
            ("Request Throughput (per sec)", [f"{p.request_throughput:,.2f}"] + ["N/A"] * 5),
            ("Request Count (count)", [f"{p.completed:,}"] + ["N/A"] * 5)]
    name_w = max(len("Statistic"), *(len(r[0]) for r in rows))
    cell_w = max(8, *(len(c) for _, cells in rows for c in cells))
    def line(left: str, mid: str, right: str, fill: str) -> str:
        return left + mid.join(fill * (w + 2) for w in [name_w] + [cell_w] * 6) + right
    out = ["NVIDIA GenAI-Perf | LLM Metrics".center(name_w + 7 * 3 + 6 * cell_w),
           line("┏", "┳", "┓", "━"),
           "┃ " + " ┃ ".join(["Statistic".rjust(name_w)] + [c.rjust(cell_w) for c in
                                                            _GENAI_COLUMNS]) + " ┃",
           line("┡", "╇", "┩", "━")]
    for name, cells in rows:
        out.append("│ " + " │ ".join([name.rjust(name_w)] + [c.rjust(cell_w) for c in cells]) + " │")
    out.append(line("└", "┴", "┘", "─"))
    return "\n".join(out)


def _trt_breakdown(tag: str, title: str, stats: LatencyStats) -> list[str]:
    marks = (("MINIMUM", stats.min), ("MAXIMUM", stats.max), ("AVERAGE", stats.mean),
             ("P50", stats.median), ("P90", stats.p90), ("P95", stats.p95), ("P99", stats.p99))
    return [f"-- {title} " + "-" * 8, *(f"[{tag}] {name:<8}: {value:.4f}" for name, value in marks)]


def trtllm_summary(p: BenchPrediction) -> str:
    """``trtllm-bench throughput``'s performance overview (streaming figures included)."""
    def row(label: str, value: float) -> str:
        return f"{label:<50}{value:.4f}"
    bar = "=" * 59
    lines = [bar, "= PERFORMANCE OVERVIEW ", bar,
             row("Request Throughput (req/sec):", p.request_throughput),
             row("Total Output Throughput (tokens/sec):", p.output_throughput),
             row("Total Token Throughput (tokens/sec):", p.total_token_throughput),
             row("Total Latency (ms):", p.duration_s * 1000.0),
             row("Average request latency (ms):", p.e2el_ms.mean),
             row("Average time-to-first-token [TTFT] (ms):", p.ttft_ms.mean),
             row("Average time-per-output-token [TPOT] (ms):", p.tpot_ms.mean),
             "",
             *_trt_breakdown("TTFT", "Per-Request Time-to-First-Token [TTFT] Breakdown (ms)",
                             p.ttft_ms),
             "",
             *_trt_breakdown("TPOT", "Per-Request Time-per-Output-Token [TPOT] Breakdown (ms)",
                             p.tpot_ms),
             "",
             *_trt_breakdown("Latency", "Request Latency Breakdown (ms)", p.e2el_ms),
             bar]
    return "\n".join(lines)


def tool_summary(p: BenchPrediction) -> str:
    """The console summary the pasted client prints, then gpucalc's notes."""
    client = p.spec.client
    if client is BenchTool.SGLANG:
        body = sglang_summary(p)
    elif client is BenchTool.GENAI_PERF:
        body = genai_perf_summary(p)
    elif client is BenchTool.TRTLLM:
        body = trtllm_summary(p)
    else:
        body = vllm_summary(p)
    notes = [PREDICTED, *p.notes]
    if p.steady_ttft_ms is not None and p.steady_tpot_ms is not None:
        notes.append(f"steady state (requests sent after the first wave completed, done before the "
                     f"last send: how a concurrency is judged): TTFT median "
                     f"{p.steady_ttft_ms.median:,.1f} / P95 {p.steady_ttft_ms.p95:,.1f} / P99 "
                     f"{p.steady_ttft_ms.p99:,.1f} ms, TPOT median {p.steady_tpot_ms.median:,.2f} / "
                     f"P95 {p.steady_tpot_ms.p95:,.2f} ms")
    if p.spec.ignored:
        notes.append("flags not modelled (no effect on the prediction; engine settings go in "
                     "gpucalc's serve flags): " + ", ".join(p.spec.ignored))
    return "\n".join([body, *notes])


def _three(stats: LatencyStats) -> dict[str, float | None]:
    return {"mean": finite_or_none(stats.mean), "median": finite_or_none(stats.median),
            "p99": finite_or_none(stats.p99)}


def prediction_json(p: BenchPrediction) -> dict[str, Any]:
    """Gpucalc's JSON of a prediction: finite numbers, null where unbounded (no NaN, no Infinity)."""
    rate = p.spec.request_rate
    return {
        "client": p.spec.client.command, "num_prompts": p.spec.num_prompts,
        "request_rate": None if math.isinf(rate) else rate,
        "max_concurrency": p.spec.max_concurrency, "completed": p.completed,
        "duration_s": finite_or_none(p.duration_s),
        "request_throughput": finite_or_none(p.request_throughput),
        "output_throughput": finite_or_none(p.output_throughput),
        "total_token_throughput": finite_or_none(p.total_token_throughput),
        "total_input_tokens": p.total_input_tokens, "total_output_tokens": p.total_output_tokens,
        "ttft_ms": _three(p.ttft_ms), "tpot_ms": _three(p.tpot_ms), "itl_ms": _three(p.itl_ms),
        "e2el_ms": _three(p.e2el_ms), "notes": list(p.notes),
        "steady_state": None if p.steady_ttft_ms is None or p.steady_tpot_ms is None else {
            "ttft_ms": {**_three(p.steady_ttft_ms), "p95": finite_or_none(p.steady_ttft_ms.p95)},
            "tpot_ms": {**_three(p.steady_tpot_ms), "p95": finite_or_none(p.steady_tpot_ms.p95)}},
        "ignored_flags": list(p.spec.ignored),
    }


def _serving_stats(prefix: str, stats: LatencyStats, extra: tuple[str, ...] = ()) -> dict[str, float]:
    out = {f"mean_{prefix}_ms": stats.mean, f"median_{prefix}_ms": stats.median,
           f"std_{prefix}_ms": stats.std, f"p99_{prefix}_ms": stats.p99}
    if "p95" in extra:
        out[f"p95_{prefix}_ms"] = stats.p95
    return out


def vllm_result(p: BenchPrediction, model: str) -> dict[str, Any]:
    """The JSON ``vllm bench serve --save-result`` writes (aggregate keys)."""
    rate = p.spec.request_rate
    return {
        "backend": p.spec.backend or "vllm", "model_id": model, "tokenizer_id": model,
        "num_prompts": p.spec.num_prompts, "request_rate": "inf" if math.isinf(rate) else rate,
        "burstiness": p.spec.burstiness, "max_concurrency": p.spec.max_concurrency,
        "duration": p.duration_s, "completed": p.completed,
        "total_input_tokens": p.total_input_tokens, "total_output_tokens": p.total_output_tokens,
        "request_throughput": p.request_throughput, "output_throughput": p.output_throughput,
        "total_token_throughput": p.total_token_throughput,
        **_serving_stats("ttft", p.ttft_ms), **_serving_stats("tpot", p.tpot_ms),
        **_serving_stats("itl", p.itl_ms), **_serving_stats("e2el", p.e2el_ms),
    }


def sglang_result(p: BenchPrediction) -> dict[str, Any]:
    """One line of ``sglang.bench_serving --output-file`` (JSON Lines)."""
    rate = p.spec.request_rate
    return {
        "backend": p.spec.backend or "sglang", "dataset_name": p.spec.lengths.value,
        "request_rate": "inf" if math.isinf(rate) else rate,
        "max_concurrency": p.spec.max_concurrency, "duration": p.duration_s,
        "completed": p.completed, "total_input_tokens": p.total_input_tokens,
        "total_output_tokens": p.total_output_tokens,
        "total_output_tokens_retokenized": p.total_output_tokens,
        "request_throughput": p.request_throughput,
        "input_throughput": (p.total_input_tokens / p.duration_s if p.duration_s > 0
                             else math.inf),
        "output_throughput": p.output_throughput,
        **_serving_stats("e2e_latency", p.e2el_ms), **_serving_stats("ttft", p.ttft_ms),
        **_serving_stats("tpot", p.tpot_ms), **_serving_stats("itl", p.itl_ms, ("p95",)),
        "concurrency": p.mean_concurrency,
    }


def _genai_metric(unit: str, stats: LatencyStats) -> dict[str, Any]:
    return {"unit": unit, "avg": stats.mean, "p50": stats.median, "p75": stats.p75,
            "p90": stats.p90, "p95": stats.p95, "p99": stats.p99, "min": stats.min,
            "max": stats.max, "std": stats.std}


def genai_perf_result(p: BenchPrediction) -> dict[str, Any]:
    """``profile_export_genai_perf.json`` (metric objects with unit and statistics)."""
    load: dict[str, Any] = ({"concurrency": p.spec.max_concurrency}
                            if p.spec.max_concurrency is not None
                            else {"request_rate": _rate_text(p.spec.request_rate)})
    return {
        "request_throughput": {"unit": "requests/sec", "avg": p.request_throughput},
        "request_latency": _genai_metric("ms", p.e2el_ms),
        "time_to_first_token": _genai_metric("ms", p.ttft_ms),
        "inter_token_latency": _genai_metric("ms", p.tpot_ms),
        "output_token_throughput": {"unit": "tokens/sec", "avg": p.output_throughput},
        "output_sequence_length": _genai_metric("tokens", p.output_len),
        "input_sequence_length": _genai_metric("tokens", p.input_len),
        "input_config": load,
    }


def _trt_percentiles(stats: LatencyStats) -> dict[str, float]:
    return {"p50": stats.median, "p90": stats.p90, "p95": stats.p95, "p99": stats.p99,
            "minimum": stats.min, "maximum": stats.max, "average": stats.mean}


def trtllm_result(p: BenchPrediction) -> dict[str, Any]:
    """``trtllm-bench throughput --report_json`` (the sections the calibrate reader uses)."""
    return {
        "request_info": {"num_requests": p.completed,
                         "avg_input_length": p.input_len.mean,
                         "avg_output_length": p.output_len.mean},
        "performance": {"total_latency_ms": p.duration_s * 1000.0,
                        "avg_request_latency_ms": p.e2el_ms.mean,
                        "request_throughput_req_s": p.request_throughput,
                        "system_output_throughput_tok_s": p.output_throughput,
                        "system_total_throughput_tok_s": p.total_token_throughput,
                        "request_latency_percentiles_ms": _trt_percentiles(p.e2el_ms)},
        "streaming_metrics": {"avg_ttft_ms": p.ttft_ms.mean, "avg_tpot_ms": p.tpot_ms.mean,
                              "ttft_percentiles": _trt_percentiles(p.ttft_ms),
                              "tpot_percentiles": _trt_percentiles(p.tpot_ms)},
        "concurrency": p.spec.max_concurrency if p.spec.max_concurrency is not None else -1,
    }


def result_file_text(p: BenchPrediction, model: str) -> str:
    """The file the client saves for this run, as text (what ``gpucalc calibrate`` reads).

    Strict JSON: a quantity that is unbounded (nothing completed) is null.
    """
    client = p.spec.client
    if client is BenchTool.SGLANG:
        return strict_json(sglang_result(p), indent=None) + "\n"
    if client is BenchTool.GENAI_PERF:
        return strict_json(genai_perf_result(p)) + "\n"
    if client is BenchTool.TRTLLM:
        return strict_json(trtllm_result(p)) + "\n"
    return strict_json(vllm_result(p, model)) + "\n"
