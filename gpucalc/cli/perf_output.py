"""Render the performance side, sweeps and sizing tables (JSON, CSV, text)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpucalc.cli.columns import cells, left, right
from gpucalc.core.capacity.class_latency import ClassLatency
from gpucalc.core.capacity.perf_result import CeilingKind, CurvePoint, PerformanceResult, PointSummary
from gpucalc.core.capacity.sweep import CONTEXT_AXIS, ContextSweep
from gpucalc.core.common.explain import Notice
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.core.specs.inputs import Targets
from gpucalc.core.specs.quality import QUALITY_CAVEAT
from gpucalc.plan.fleet import fleet_figures, layout_figures
from gpucalc.text.answer_text import (
    CONCURRENCY_LABEL,
    RATE_CAPACITY_LABEL,
    WHY_THEY_DIFFER,
    concurrency_sentence,
    cost_sentence,
    fleet_sentence,
    labelled,
    planned_sentence,
    rate_sentence,
    short_limit_name,
    unreachable_sentence,
)
from gpucalc.text.catalogue import translate
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import count, finite_text, sig3, usd_cost
from gpucalc.text.speculative_text import speculative_json, speculative_line
from gpucalc.text.terms import formula_text, input_name, layout_name, traffic_mode_name, unit_name

POINT_NAMES = {
    "at_recommended": QT_TRANSLATE_NOOP("Report", "At the recommendation"),
    "offline_max": QT_TRANSLATE_NOOP("Report", "Offline maximum (steady state, batch full)"),
    "at_concurrency": QT_TRANSLATE_NOOP("Report", "At the chosen concurrency"),
    "at_request_rate": QT_TRANSLATE_NOOP("Report", "At the chosen request rate"),
    "finite_run": QT_TRANSLATE_NOOP("Report", "A finite run, every prompt sent at once"),
}
"""The operating points by their label, in the report's words."""
SHARE_VERDICTS = {
    "alarm": QT_TRANSLATE_NOOP("Cli", "alarm"),
    "passes": QT_TRANSLATE_NOOP("Cli", "passes"),
    "above": QT_TRANSLATE_NOOP("Cli", "above the planning line"),
}
"""The memory-share check's outcome at the planned concurrency."""


def _point_json(point: PointSummary) -> dict[str, Any]:
    data: dict[str, Any] = {"concurrency": point.concurrency, "running": point.running,
            "ttft_ms": point.ttft_ms.value, "tpot_ms": point.tpot_ms.value,
            "itl_ms": point.itl_ms.value, "output_tokens_per_s": point.output_tokens_per_s.value,
            "requests_per_s": point.requests_per_s.value}
    if point.ttft_percentile_ms is not None and point.tpot_percentile_ms is not None:
        data |= {"percentile": point.percentile, "ttft_percentile_ms": point.ttft_percentile_ms.value,
                 "tpot_percentile_ms": point.tpot_percentile_ms.value}
    return data


def rate_capacity_json(perf: PerformanceResult) -> dict[str, Any] | None:
    """The rate capacity per replica: req/s under Poisson arrivals at the P-th targets.

    ``ttft_ms`` and ``tpot_ms`` are the P-th percentiles at that rate (``percentile``).
    """
    rate = perf.rate_capacity
    if rate is None:
        return None
    return {"requests_per_s": rate.requests_per_s.value, "in_flight": rate.in_flight.value,
            "output_tokens_per_s": rate.output_tokens_per_s.value,
            "ttft_ms": rate.ttft_ms.value, "tpot_ms": rate.tpot_ms.value,
            "percentile": rate.percentile, "binding_limit": rate.binding_limit.value}


def unreachable_json(perf: PerformanceResult) -> dict[str, Any] | None:
    """Why no concurrency meets the targets (None when one does)."""
    reason = perf.unreachable
    if reason is None:
        return None
    return {"failing": [limit.value for limit in reason.failing], "kv_short": reason.kv_short,
            "percentile": reason.percentile, "ttft_ms_at_one": reason.ttft_ms_at_one.value,
            "tpot_ms_at_one": reason.tpot_ms_at_one.value,
            "ttft_target_ms": reason.ttft_target_ms, "tpot_target_ms": reason.tpot_target_ms}


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
        "percentile": perf.percentile,
        "binding_limit": perf.binding_limit.value,
        "bottleneck": perf.bottleneck.value,
        "rate_capacity": rate_capacity_json(perf),
        "unreachable": unreachable_json(perf),
        "online_capacity": perf.online_capacity.value,
        "online_capacity_by": perf.rates.planned_by.value,
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
        "prefix_cache": prefix_cache_json(perf),
        "expert_parallel": expert_parallel_json(perf),
        "speculative": speculative_json(perf.speculative),
    }


def prefix_cache_json(perf: PerformanceResult) -> dict[str, float] | None:
    """Prefix caching's figures per replica (None when it is off or nothing is shared)."""
    cache = perf.prefix_cache
    if cache is None:
        return None
    return {"hit_rate": cache.hit_rate.value,
            "cached_tokens_per_request": cache.cached_tokens_per_request.value,
            "prefill_tokens_saved": cache.prefill_tokens_saved.value,
            "kv_shared_gib": cache.kv_shared_gib.value}


def prefix_cache_line(perf: PerformanceResult, lang: str) -> list[str]:
    """One line on prefix caching's hit rate and savings (none when it is off)."""
    cache = perf.prefix_cache
    if cache is None:
        return []
    return [translate("Cli", "prefix cache: hit rate {hit}, {cached} cached prompt tokens per "
                             "request, {saved} prompt tok/s not prefilled at the recommendation, "
                             "shared prefixes hold {gib} GiB per GPU", lang).format(
        hit=f"{cache.hit_rate.value:.1%}", cached=count(cache.cached_tokens_per_request.value),
        saved=count(cache.prefill_tokens_saved.value), gib=sig3(cache.kv_shared_gib.value))]



def expert_parallel_json(perf: PerformanceResult) -> dict[str, Any] | None:
    """The DP expert group: EP size, experts per GPU, imbalance, all-to-all ms (None without one)."""
    if not perf.expert_parallel:
        return None
    figures: dict[str, Any] = {t.key.split(".", 1)[1]: t.value for t in perf.expert_parallel}
    size, alltoall = perf.expert_parallel[0], perf.expert_parallel[-1]
    return {**figures, "data_parallel_size": size.inputs["data_parallel_size"],
            "attention_tensor_parallel_size": size.inputs["tensor_parallel_size"],
            "expert_parallel": perf.expert_parallel[1].inputs["expert_parallel"],
            "alltoall_mode": alltoall.inputs["alltoall_mode"],
            "alltoall_bytes_per_token": alltoall.inputs["bytes_per_token"]}


def expert_parallel_line(perf: PerformanceResult, lang: str) -> list[str]:
    """One line on the DP expert group (none without one)."""
    data = expert_parallel_json(perf)
    if data is None:
        return []
    return [translate("Cli", "expert group: DP {dp} × TP {tp} = {size} ranks, {experts} experts per GPU, "
                             "imbalance {imbalance}×, all-to-all ({mode}) {ms} ms per step at the "
                             "recommendation", lang).format(
        dp=data["data_parallel_size"], tp=data["attention_tensor_parallel_size"],
        size=count(data["size"]), experts=count(data["experts_per_gpu"]),
        imbalance=f"{data['imbalance']:g}", mode=data["alltoall_mode"],
        ms=_ms(data["alltoall_ms_per_step"], 2))]


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


def point_name(label: str, lang: str) -> str:
    """An operating point's name in ``lang`` (its label when unnamed)."""
    return translate("Report", POINT_NAMES[label], lang) if label in POINT_NAMES else label


def _point_line(point: PointSummary, lang: str) -> str:
    """'{name}: TTFT … ms (P95 … ms), TPOT … ms (P95 … ms), … output tok/s, … req/s'."""
    if point.ttft_percentile_ms is not None and point.tpot_percentile_ms is not None:
        return translate("Cli", "{point}: TTFT {ttft} ms (P{pct} {ttft_p} ms), TPOT {tpot} ms (P{pct} "
                                "{tpot_p} ms), {tokens} output tok/s, {requests} req/s", lang).format(
            point=point_name(point.label, lang), ttft=_ms(point.ttft_ms.value, 0),
            ttft_p=_ms(point.ttft_percentile_ms.value, 0), tpot=_ms(point.tpot_ms.value, 1),
            tpot_p=_ms(point.tpot_percentile_ms.value, 1), pct=point.percentile,
            tokens=count(point.output_tokens_per_s.value), requests=sig3(point.requests_per_s.value))
    return translate("Cli", "{point}: TTFT {ttft} ms, TPOT {tpot} ms, {tokens} output tok/s, "
                            "{requests} req/s", lang).format(
        point=point_name(point.label, lang), ttft=_ms(point.ttft_ms.value, 0),
        tpot=_ms(point.tpot_ms.value, 1), tokens=count(point.output_tokens_per_s.value),
        requests=sig3(point.requests_per_s.value))


def answer_lines(perf: PerformanceResult, targets: Targets, lang: str) -> list[str]:
    """The two measures, the planned concurrency and why they differ (or why there is no answer)."""
    lines = [labelled(CONCURRENCY_LABEL,
                      concurrency_sentence(perf, targets.ttft_ms, targets.tpot_ms, lang), lang)]
    if perf.unreachable is not None:
        lines.append("  " + unreachable_sentence(perf.unreachable, lang))
    else:
        lines.append("  " + _point_line(perf.at_recommended, lang))
    if perf.rate_capacity is not None:
        lines.append(labelled(RATE_CAPACITY_LABEL, rate_sentence(perf.rate_capacity, lang), lang))
        lines.append("  " + translate("Answer", WHY_THEY_DIFFER, lang))
    lines.append(planned_sentence(perf.rates, lang))
    return lines


def performance_table(perf: PerformanceResult, targets: Targets, lang: str = "en") -> str:
    """Readable ceilings, the two measures and the operating points, the words in ``lang``."""
    lines = ["", translate("Cli", "concurrency ceilings (requests in flight per replica):", lang)]
    for c in perf.ceilings:
        value = translate("Ceilings", "no limit", lang) if c.sets_no_limit else count(c.value.value)
        mark = "  ← " + translate("Cli", "binding", lang) if c.binding else ""
        lines.append(f"  {left(input_name(c.kind.value, lang), 14)}{right(value, 10)}  "
                     f"{formula_text(c.value, lang)}{mark}")
    lines += answer_lines(perf, targets, lang)
    lines += expert_parallel_line(perf, lang)
    lines.append(_point_line(perf.offline_max, lang))
    if perf.operating_point.label != "offline_max":
        lines.append(_point_line(perf.operating_point, lang))
    lines += [_class_line(row, lang) for row in perf.per_class]
    lines += prefix_cache_line(perf, lang)
    if perf.speculative is not None:
        lines.append(speculative_line(perf.speculative, lang))
    lines += ["  " + translate("Cli", "advice: {advice}", lang).format(advice=notice_text(a, lang))
              for a in perf.advice]
    share = perf.memory_share
    if share is not None:
        verdict = ("alarm" if perf.memory_alarm else "passes" if perf.memory_share_passes else "above")
        lines.append(translate("Cli", "memory share at {concurrency} requests of average length {share} "
                                      "(planning line {planning}, alarm {alarm}): {verdict}", lang).format(
            concurrency=f"{share.inputs['concurrency']:,}", share=f"{share.value:.1%}",
            planning=f"{float(share.inputs['planning_share']):.0%}",
            alarm=f"{float(share.inputs['alarm_share']):.0%}",
            verdict=translate("Cli", SHARE_VERDICTS[verdict], lang)))
    lines += [f"! {notice_text(n, lang)}" for n in perf.notices]
    return "\n".join(lines)


def _class_line(row: ClassLatency, lang: str) -> str:
    """One request class's P-th TTFT and TPOT at the recommendation."""
    mark = ("  " + translate("Cli", "← longest class: watch this line, it breaks first", lang)
            if row.longest else "")
    verdict = "" if row.meets_targets else "  " + translate("Cli", "(misses a target)", lang)
    return "  " + translate("Cli", "class {name} ({share}, {input} in + {output} out): P{pct} TTFT {ttft} "
                                   "ms, P{pct} TPOT {tpot} ms", lang).format(
        name=row.name, share=f"{row.share:.0%}", input=f"{row.input_tokens:,}",
        output=f"{row.output_tokens:,}", pct=row.ttft_ms.inputs.get("percentile"),
        ttft=_ms(row.ttft_ms.value, 0), tpot=_ms(row.tpot_ms.value, 1)) + verdict + mark


def sweep_json(sweep: ContextSweep) -> dict[str, Any]:
    """Context sweep as JSON."""
    return {"axis": CONTEXT_AXIS, "planning_tokens": sweep.planning_tokens,
            "output_share": sweep.output_share,
            "points": [p.model_dump(mode="json") for p in sweep.points],
            "crossovers": [c.model_dump(mode="json") for c in sweep.crossovers]}


def sweep_text(sweep: ContextSweep, lang: str = "en") -> str:
    """Context sweep as aligned text; the scenario's own planning length marked as the answer."""
    lines = [translate("Cli", "planning length: KV tokens per request, every length scaled in the scenario's "
                              "proportion (output: {share} of the mean request); requests per replica:",
                       lang).format(share=f"{sweep.output_share:.0%}")]
    tokens = unit_name("tokens", lang)
    for p in sweep.points:
        link = "—" if p.interconnect is None else count(p.interconnect)
        answer = p.context_tokens == sweep.planning_tokens
        mark = "  = " + translate("Cli", "the answer", lang) if answer else ""
        columns = [(CeilingKind.MEMORY, count(p.memory), 8), (CeilingKind.COMPUTE, count(p.compute), 8),
                   (CeilingKind.INTERCONNECT, link, 8), (CeilingKind.SCHEDULER, count(p.scheduler), 6)]
        ceilings = "  ".join(f"{input_name(kind.value, lang)} {right(value, width)}"
                             for kind, value, width in columns)
        binding = input_name(p.binding.value, lang)
        lines.append(f"{p.context_tokens:>9,} {tokens}  {ceilings}  → {binding}{mark}")
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


def sizing_csv(rows: Sequence[SizingRow]) -> str:
    """Sizing table as CSV (the export's writer)."""
    from gpucalc.report.csv_export import sizing_table, table_text

    return table_text(sizing_table(rows))


SIZING_COLUMNS = (
    (QT_TRANSLATE_NOOP("Cli", "gpu"), -20), (QT_TRANSLATE_NOOP("Cli", "prec"), -12), ("KV", -8),
    (QT_TRANSLATE_NOOP("Cli", "layout"), -11), ("TP", 3),
    (QT_TRANSLATE_NOOP("Cli", "conc"), 6), (QT_TRANSLATE_NOOP("Cli", "planned"), 8),
    (QT_TRANSLATE_NOOP("Cli", "bound"), 13), (QT_TRANSLATE_NOOP("Cli", "req/s/rep"), 10),
    (QT_TRANSLATE_NOOP("Cli", "GPUs"), 6), (QT_TRANSLATE_NOOP("Cli", "util"), 6), ("TPOT ms", 9), ("$/h", 9),
    (QT_TRANSLATE_NOOP("Cli", "$/Mtok"), 8),
)
"""The sizing table's columns: heading (marked when it has words) and least width in cells
(negative: left-aligned); the headings without a mark are abbreviations kept as written; a column
widens to keep a space beside a longer translated heading."""


def _sizing_cells(values: Sequence[str], widths: Sequence[int]) -> str:
    return "".join(left(v, -w) if w < 0 else right(v, w) for v, w in zip(values, widths, strict=True))


def sizing_table(rows: Sequence[SizingRow], limit: int = 25, lang: str = "en") -> str:
    """Sizing table for the terminal, cheapest first, the headings and bounds in ``lang``."""
    heads = [translate("Cli", head, lang) for head, _ in SIZING_COLUMNS]
    widths = [(-1 if w < 0 else 1) * max(abs(w), cells(h) + 1) for h, (_, w) in zip(heads, SIZING_COLUMNS,
                                                                                       strict=True)]
    lines = [_sizing_cells(heads, widths) + "  " + translate("Cli", "pareto", lang)]
    for r in rows[:limit]:
        caveat = " ‡" if r.quantized_below_checkpoint else ""
        cost = usd_cost(r.cost_usd_per_hour, sign=False)
        per_m = usd_cost(r.cost_usd_per_million_output_tokens, sign=False)
        lines.append(_sizing_cells([
            r.gpu, r.precision, r.kv_format, layout_name(r.layout, lang), r.layout_text,
            str(r.recommended_concurrency),
            str(r.online_capacity), short_limit_name(r.bottleneck, lang),
            sig3(r.rate_capacity_per_replica), str(r.gpus_total), f"{r.utilization:.0%}",
            sig3(r.tpot_ms), cost, per_m,
        ], widths) + f"  {'*' if r.pareto else ''}{caveat}")
    if any(r.quantized_below_checkpoint for r in rows[:limit]):
        lines.append(f"‡ {notice_text(Notice(code=QUALITY_CAVEAT, params={}), lang)}")
    return "\n".join(lines)


def fleet_json(fleet: FleetVerdict) -> dict[str, Any]:
    """The fleet verdict as JSON: the plan's fleet figures and the replicas-versus-TP layouts."""
    return {**fleet_figures(fleet), "layouts": [layout_figures(x) for x in fleet.layouts]}


def fleet_table(fleet: FleetVerdict, lang: str = "en") -> str:
    """The fleet verdict for the terminal, in ``lang``."""
    mode = traffic_mode_name(fleet.mode.value, lang)
    lines = [
        "", translate("Cli", "fleet ({mode} traffic, {replicas} replicas × {gpus} GPUs deployed):",
                      lang).format(
            mode=mode, replicas=count(fleet.replicas_deployed.value), gpus=fleet.gpus_per_replica),
        "  " + fleet_sentence(fleet, lang),
        "  " + translate("Cli", "replicas: average {for_avg} at {avg_rate} req/s each (planned), peak "
                                "{for_peak} at {peak_rate} req/s each (the rate capacity)", lang).format(
            for_avg=count(fleet.replicas_for_average.value),
            avg_rate=sig3(fleet.requests_per_s_per_replica_planned.value),
            for_peak=count(fleet.replicas_for_peak.value),
            peak_rate=sig3(fleet.requests_per_s_per_replica_capacity.value)),
        "  " + cost_sentence(fleet, lang),
        "  " + translate("Cli", "all replicas: {concurrency} requests in flight planned, {rps} req/s, "
                                "{tps} output tok/s, {per_hour} tokens per GPU-hour, {per_day} tokens/day",
                         lang).format(
            concurrency=count(fleet.total_concurrency.value), rps=sig3(fleet.requests_per_s_total.value),
            tps=count(fleet.output_tokens_per_s_total.value),
            per_hour=count(fleet.output_tokens_per_gpu_hour.value),
            per_day=count(fleet.output_tokens_per_day.value)),
    ]
    if fleet.backfill_tokens_per_day is not None:
        lines.append("  " + translate("Cli", "backfill (mixed): {day} batch tokens/day in the capacity above "
                                             "the watermark", lang).format(
            day=count(fleet.backfill_tokens_per_day.value)))
    lines += ["  " + translate("Cli", "layout TP {tp} × PP {pp}: {replicas} replicas, {concurrency} "
                                      "in flight planned, {rps} req/s, {tps} output tok/s", lang).format(
        tp=x.tensor_parallel_size, pp=x.pipeline_parallel_size, replicas=x.replicas,
        concurrency=count(x.concurrency_total.value), rps=sig3(x.requests_per_s_total.value),
        tps=count(x.output_tokens_per_s_total.value)) for x in fleet.layouts]
    return "\n".join(lines)
