"""The fleet verdict in the report's words: carries the QPS or not, GPUs needed, totals, cost.

Page 1 of the PDF and the checklist's margin item read these sentences; the numbers are the
plan's :class:`~gpucalc.core.fleet.fleet.FleetVerdict`, the same ones ``estimate --json`` prints.
"""

from __future__ import annotations

from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.specs.inputs import TrafficMode, Workload
from gpucalc.report.numbers import count, sig3
from gpucalc.report.strings import tr, trf
from gpucalc.text.answer_text import cost_sentence, fleet_sentence
from gpucalc.text.catalogue import list_separator


def traffic_text(wl: Workload, lang: str) -> str:
    """'5 req/s average, 12 req/s peak', '5 req/s' (no peak) or 'no QPS given'."""
    if wl.qps_avg is None:
        return tr("no QPS given", lang)
    if wl.qps_peak is None or wl.qps_peak == wl.qps_avg:
        return trf("{qps} req/s", lang, qps=sig3(wl.qps_avg))
    return trf("{qps} req/s average, {peak} req/s peak", lang, qps=sig3(wl.qps_avg),
               peak=sig3(wl.qps_peak))


def verdict_sentence(fleet: FleetVerdict, lang: str) -> str:
    """The verdict (one wording everywhere), the replicas each load needs, and the cost."""
    return " ".join((fleet_sentence(fleet, lang), trf(
        "Replicas of {per} GPUs: {for_avg} for the average at {rate_planned} req/s each (the "
        "watermark's share of the rate capacity), {for_peak} for the peak at {rate_capacity} "
        "req/s each (the rate capacity).", lang, per=fleet.gpus_per_replica,
        for_avg=count(fleet.replicas_for_average.value),
        rate_planned=sig3(fleet.requests_per_s_per_replica_planned.value),
        for_peak=count(fleet.replicas_for_peak.value),
        rate_capacity=sig3(fleet.requests_per_s_per_replica_capacity.value)),
        cost_sentence(fleet, lang)))


def totals_sentence(fleet: FleetVerdict, lang: str) -> str:
    """Totals over every replica deployed, cost, and the mode's own figures."""
    text = trf("All {r} replicas deployed: {conc} requests in flight planned, {rps} req/s, {tok} "
               "output tok/s ({hour} tokens per GPU-hour, {day} tokens/day).", lang,
               r=count(fleet.replicas_deployed.value), conc=count(fleet.total_concurrency.value),
               rps=sig3(fleet.requests_per_s_total.value),
               tok=count(fleet.output_tokens_per_s_total.value),
               hour=count(fleet.output_tokens_per_gpu_hour.value),
               day=count(fleet.output_tokens_per_day.value))
    if fleet.backfill_tokens_per_day is not None:
        text += " " + trf("Mixed traffic: {day} batch tokens/day backfill the capacity above the "
                          "watermark.", lang, day=count(fleet.backfill_tokens_per_day.value))
    elif fleet.mode == TrafficMode.OFFLINE:
        text += " " + tr("Offline traffic: memory filled, no latency targets, no watermark.", lang)
    return text


def layouts_sentence(fleet: FleetVerdict, lang: str) -> str:
    """Replicas versus TP over the same GPUs ('' when the model needs every GPU of a replica)."""
    if not fleet.layouts:
        return ""
    parts = [trf("TP {tp} × PP {pp}: {r} replicas, {conc} in flight planned, {rps} req/s, {tok} tok/s",
                 lang,
                 tp=x.tensor_parallel_size, pp=x.pipeline_parallel_size, r=x.replicas,
                 conc=count(x.concurrency_total.value), rps=sig3(x.requests_per_s_total.value),
                 tok=count(x.output_tokens_per_s_total.value)) for x in fleet.layouts]
    return tr("Replicas versus TP on the same GPUs:", lang) + " " + list_separator(lang).join(parts) + "."
