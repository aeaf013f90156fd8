"""Render the performance side, sweeps and sizing tables (JSON, CSV, text)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpucalc.core.explain import Notice
from gpucalc.core.fleet import FleetVerdict
from gpucalc.core.perf_result import CurvePoint, PerformanceResult, PointSummary
from gpucalc.core.quality import QUALITY_CAVEAT
from gpucalc.core.sizing import SizingRow
from gpucalc.core.sweep import CONTEXT_AXIS, ContextSweep
from gpucalc.plan.fleet import fleet_figures, layout_figures
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import count, finite_text, sig3


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
        "memory_share": _memory_share_json(perf),
        "notices": [{"code": n.code, "params": n.params, "message": notice_text(n)}
                    for n in perf.notices],
        "per_class": per_class_json(perf),
    }


def _memory_share_json(perf: PerformanceResult) -> dict[str, Any] | None:
    """Seed 001's 70 % check and 80 % alarm at the planned concurrency."""
    share = perf.memory_share
    if share is None:
        return None
    return {"share_used": share.value, "concurrency": share.inputs["concurrency"],
            "average_tokens": share.inputs["average_tokens"],
            "planning_share": share.inputs["planning_share"],
            "alarm_share": share.inputs["alarm_share"], "passes": perf.memory_share_passes,
            "alarm": perf.memory_alarm}


def _ms(value: float, decimals: int) -> str:
    """Milliseconds with thousands separators and ``decimals`` decimals; 'unbounded' if infinite."""
    return finite_text(value, f"{value:,.{decimals}f}")


def performance_table(perf: PerformanceResult, lang: str = "en") -> str:
    """Readable ceilings and operating point."""
    lines = ["", "concurrency ceilings (running requests per replica):"]
    for c in perf.ceilings:
        value = "no limit" if c.sets_no_limit else count(c.value.value)
        mark = "  ← binding" if c.binding else ""
        lines.append(f"  {c.kind.value:<14}{value:>10}  {c.value.formula}{mark}")
    lines.append(f"recommended concurrency (the knee) {count(perf.recommended_concurrency.value)} "
                 f"(bottleneck: {perf.bottleneck.value}); online capacity at the "
                 f"{perf.rates.watermark:.0%} watermark {count(perf.online_capacity.value)}")
    point = perf.operating_point
    lines.append(f"{point.label}: TTFT {_ms(point.ttft_ms.value, 0)} ms, "
                 f"TPOT {_ms(point.tpot_ms.value, 1)} ms,"
                 f" {point.output_tokens_per_s.value:,.0f} output tok/s, "
                 f"{point.requests_per_s.value:,.2f} req/s")
    for row in perf.per_class:
        pct = row.ttft_ms.inputs.get("percentile")
        mark = "  ← longest class: watch this line, it breaks first" if row.longest else ""
        verdict = "" if row.meets_targets else "  (misses a target)"
        lines.append(f"  class {row.name} ({row.share:.0%}, {row.input_tokens:,} in + "
                     f"{row.output_tokens:,} out): P{pct} TTFT {_ms(row.ttft_ms.value, 0)} ms, "
                     f"P{pct} TPOT {_ms(row.tpot_ms.value, 1)} ms{verdict}{mark}")
    lines += [f"  advice: {notice_text(a, lang)}" for a in perf.advice]
    share = perf.memory_share
    if share is not None:
        verdict = ("alarm" if perf.memory_alarm else "passes" if perf.memory_share_passes
                   else "above the planning line")
        lines.append(f"memory share at {share.inputs['concurrency']:,} requests of average length "
                     f"{share.value:.1%} (planning line {float(share.inputs['planning_share']):.0%}, "
                     f"alarm {float(share.inputs['alarm_share']):.0%}): {verdict}")
    lines += [f"! {notice_text(n, lang)}" for n in perf.notices]
    return "\n".join(lines)


def sweep_json(sweep: ContextSweep) -> dict[str, Any]:
    """Context sweep as JSON."""
    return {"axis": CONTEXT_AXIS, "planning_tokens": sweep.planning_tokens,
            "output_share": sweep.output_share,
            "points": [p.model_dump(mode="json") for p in sweep.points],
            "crossovers": [c.model_dump(mode="json") for c in sweep.crossovers]}


def sweep_text(sweep: ContextSweep) -> str:
    """Context sweep as aligned text; the scenario's own planning length marked as the answer."""
    lines = [f"{CONTEXT_AXIS} (output: {sweep.output_share:.0%} of the mean request); "
             "requests per replica:"]
    for p in sweep.points:
        link = "—" if p.interconnect is None else count(p.interconnect)
        mark = "  = the answer" if p.context_tokens == sweep.planning_tokens else ""
        lines.append(f"{p.context_tokens:>9,} tokens  memory {count(p.memory):>8}  compute "
                     f"{count(p.compute):>8}  interconnect {link:>8}  scheduler {count(p.scheduler):>6}  "
                     f"→ {p.binding.value}{mark}")
    return "\n".join(lines)


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


def sizing_table(rows: list[SizingRow], limit: int = 25, lang: str = "en") -> str:
    """Sizing table for the terminal, cheapest first."""
    lines = [f"{'gpu':<20}{'prec':<12}{'TP':>3}{'knee':>6}{'online':>7}{'bound':>13}{'req/s/rep':>10}"
             f"{'GPUs':>6}{'util':>6}{'TPOT ms':>9}{'$/h':>9}{'$/Mtok':>8}  pareto"]
    for r in rows[:limit]:
        caveat = " ‡" if r.quantized_below_checkpoint else ""
        cost = f"{r.cost_usd_per_hour:,.1f}" if r.cost_usd_per_hour is not None else "—"
        per_m = (f"{r.cost_usd_per_million_output_tokens:,.2f}"
                 if r.cost_usd_per_million_output_tokens is not None else "—")
        lines.append(f"{r.gpu:<20}{r.precision:<12}{r.tensor_parallel_size:>3}"
                     f"{r.recommended_concurrency:>6}{r.online_capacity:>7}{r.bottleneck:>13}"
                     f"{r.requests_per_s_per_replica:>10.2f}{r.gpus_total:>6}{r.utilization:>6.0%}"
                     f"{r.tpot_ms:>9.1f}{cost:>9}{per_m:>8}  {'*' if r.pareto else ''}{caveat}")
    if any(r.quantized_below_checkpoint for r in rows[:limit]):
        lines.append(f"‡ {notice_text(Notice(code=QUALITY_CAVEAT, params={}), lang)}")
    return "\n".join(lines)


def fleet_json(fleet: FleetVerdict) -> dict[str, Any]:
    """The fleet verdict as JSON: the plan's fleet figures and the replicas-versus-TP layouts."""
    return {**fleet_figures(fleet), "layouts": [layout_figures(x) for x in fleet.layouts]}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def fleet_table(fleet: FleetVerdict) -> str:
    """The fleet verdict for the terminal."""
    cost = (f"; ${fleet.cost_per_hour_usd.value:,.2f}/h, ${fleet.cost_per_month_usd.value:,.0f}/month"
            if fleet.cost_per_hour_usd is not None and fleet.cost_per_month_usd is not None else "")
    lines = [
        "", f"fleet ({fleet.mode.value} traffic, {count(fleet.replicas_deployed.value)} replicas × "
            f"{fleet.gpus_per_replica} GPUs deployed):",
        f"  carries {sig3(fleet.qps_avg)} req/s average: {_yes(fleet.carries_average)}; "
        f"{sig3(fleet.qps_peak)} req/s peak: {_yes(fleet.carries_peak)} — "
        f"{count(fleet.gpus_needed.value)} GPUs needed ({count(fleet.gpus_deployed.value)} planned)",
        f"  replicas N + k = {count(fleet.replicas.value)} + {count(fleet.spare_replicas.value)} "
        f"(average {count(fleet.replicas_for_average.value)} at "
        f"{sig3(fleet.requests_per_s_per_replica_at_watermark.value)} req/s each, peak "
        f"{count(fleet.replicas_for_peak.value)} at "
        f"{sig3(fleet.requests_per_s_per_replica_at_knee.value)} req/s each){cost}",
        f"  all replicas: {count(fleet.total_concurrency.value)} concurrent requests online, "
        f"{sig3(fleet.requests_per_s_total.value)} req/s, "
        f"{count(fleet.output_tokens_per_s_total.value)} output tok/s, "
        f"{count(fleet.output_tokens_per_gpu_hour.value)} tokens per GPU-hour, "
        f"{count(fleet.output_tokens_per_day.value)} tokens/day",
    ]
    if fleet.backfill_tokens_per_day is not None:
        lines.append(f"  backfill (mixed): {count(fleet.backfill_tokens_per_day.value)} batch tokens/day "
                     "in the capacity above the watermark")
    lines += [f"  layout TP {x.tensor_parallel_size} × PP {x.pipeline_parallel_size}: {x.replicas} "
              f"replicas, {count(x.concurrency_total.value)} concurrent, "
              f"{sig3(x.requests_per_s_total.value)} req/s, "
              f"{count(x.output_tokens_per_s_total.value)} output tok/s" for x in fleet.layouts]
    return "\n".join(lines)
