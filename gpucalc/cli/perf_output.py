"""Render the performance side, sweeps and sizing tables (JSON, CSV, text)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpucalc.core.perf_result import CurvePoint, PerformanceResult, PointSummary
from gpucalc.core.sizing import SizingRow
from gpucalc.core.sweep import ContextSweep
from gpucalc.text.notices import notice_text


def _point_json(point: PointSummary) -> dict[str, Any]:
    return {"concurrency": point.concurrency, "running": point.running,
            "ttft_ms": point.ttft_ms.value, "tpot_ms": point.tpot_ms.value,
            "itl_ms": point.itl_ms.value, "output_tokens_per_s": point.output_tokens_per_s.value,
            "requests_per_s": point.requests_per_s.value}


def per_class_json(perf: PerformanceResult) -> list[dict[str, Any]]:
    """Each request class's P-th TTFT and TPOT at the recommendation (empty without classes)."""
    return [{"name": c.name, "share": c.share, "input_tokens": c.input_tokens,
             "output_tokens": c.output_tokens, "longest": c.longest,
             "ttft_ms": c.ttft_ms.value, "tpot_ms": c.tpot_ms.value,
             "percentile": c.ttft_ms.inputs.get("percentile"), "meets_targets": c.meets_targets}
            for c in perf.per_class]


def performance_json(perf: PerformanceResult) -> dict[str, Any]:
    """Ceilings, recommendation and the operating point as JSON (per replica)."""
    point = perf.operating_point
    return {
        "ceilings": {c.kind.value: (c.value.value if c.limited else None) for c in perf.ceilings},
        "recommended_concurrency": perf.recommended_concurrency.value,
        "bottleneck": perf.bottleneck.value,
        "online_capacity": perf.online_capacity.value,
        "advice": [{"code": a.code, "params": a.params, "message": notice_text(a)}
                   for a in perf.advice],
        "operating_point": point.label,
        "ttft_ms": point.ttft_ms.value,
        "tpot_ms": point.tpot_ms.value,
        "itl_ms": point.itl_ms.value,
        "output_tokens_per_s": point.output_tokens_per_s.value,
        "requests_per_s": point.requests_per_s.value,
        "at_recommended": _point_json(perf.at_recommended),
        "offline_max": _point_json(perf.offline_max),
        "knee_concurrency": perf.knee_concurrency.value,
        "comm_share": perf.comm_share.value,
        "step_breakdown_ms": {t.key.split(".")[1]: t.value for t in perf.step_breakdown_ms},
        "replicas": perf.replicas,
        "efficiency": perf.efficiency.model_dump(),
        "per_class": per_class_json(perf),
    }


def performance_table(perf: PerformanceResult) -> str:
    """Readable ceilings and operating point."""
    lines = ["", "concurrency ceilings (running requests per replica):"]
    for c in perf.ceilings:
        value = f"{c.value.value:,.0f}" if c.limited else "no limit"
        mark = "  ← binding" if c.binding else ""
        lines.append(f"  {c.kind.value:<14}{value:>10}  {c.value.formula}{mark}")
    lines.append(f"recommended concurrency   {perf.recommended_concurrency.value:,.0f} "
                 f"(bottleneck: {perf.bottleneck.value}); online capacity at watermark "
                 f"{perf.online_capacity.value:,.0f}")
    point = perf.operating_point
    lines.append(f"{point.label}: TTFT {point.ttft_ms.value:,.0f} ms, TPOT {point.tpot_ms.value:,.1f} ms,"
                 f" {point.output_tokens_per_s.value:,.0f} output tok/s, "
                 f"{point.requests_per_s.value:,.2f} req/s")
    for row in perf.per_class:
        pct = row.ttft_ms.inputs.get("percentile")
        mark = "  ← longest class: watch this line, it breaks first" if row.longest else ""
        verdict = "" if row.meets_targets else "  (misses a target)"
        lines.append(f"  class {row.name} ({row.share:.0%}, {row.input_tokens:,} in + "
                     f"{row.output_tokens:,} out): P{pct} TTFT {row.ttft_ms.value:,.0f} ms, "
                     f"P{pct} TPOT {row.tpot_ms.value:,.1f} ms{verdict}{mark}")
    lines += [f"  advice: {notice_text(a)}" for a in perf.advice]
    return "\n".join(lines)


def sweep_json(sweep: ContextSweep) -> dict[str, Any]:
    """Context sweep as JSON."""
    return {"output_tokens": sweep.output_tokens,
            "points": [p.model_dump(mode="json") for p in sweep.points],
            "crossovers": [c.model_dump(mode="json") for c in sweep.crossovers]}


# The CSV writers are the report's (one implementation); importing them pulls in the report's
# data model, so they load only when CSV is asked for.
def sweep_csv(sweep: ContextSweep) -> str:
    """Context sweep as CSV with units in the header (the export's writer)."""
    from gpucalc.report.csv_export import context_sweep_table, table_text

    return table_text(context_sweep_table(sweep))


def load_curve_csv(curve: Sequence[CurvePoint]) -> str:
    """Latency and throughput against concurrency as CSV (the export's writer)."""
    from gpucalc.report.csv_export import load_curve_table, table_text

    return table_text(load_curve_table(curve))


def sizing_csv(rows: list[SizingRow]) -> str:
    """Sizing table as CSV (the export's writer)."""
    from gpucalc.report.csv_export import sizing_table, table_text

    return table_text(sizing_table(rows))


def sizing_table(rows: list[SizingRow], limit: int = 25) -> str:
    """Sizing table for the terminal, cheapest first."""
    lines = [f"{'gpu':<20}{'prec':<12}{'TP':>3}{'conc':>6}{'bound':>13}{'req/s/rep':>10}"
             f"{'GPUs':>6}{'util':>6}{'TPOT ms':>9}{'$/h':>9}{'$/Mtok':>8}  pareto"]
    for r in rows[:limit]:
        cost = f"{r.cost_usd_per_hour:,.1f}" if r.cost_usd_per_hour is not None else "—"
        per_m = (f"{r.cost_usd_per_million_output_tokens:,.2f}"
                 if r.cost_usd_per_million_output_tokens is not None else "—")
        lines.append(f"{r.gpu:<20}{r.precision:<12}{r.tensor_parallel_size:>3}"
                     f"{r.recommended_concurrency:>6}{r.bottleneck:>13}"
                     f"{r.requests_per_s_per_replica:>10.2f}{r.gpus_total:>6}{r.utilization:>6.0%}"
                     f"{r.tpot_ms:>9.1f}{cost:>9}{per_m:>8}  {'*' if r.pareto else ''}")
    return "\n".join(lines)
