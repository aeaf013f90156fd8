"""The fleet verdict in the report's words: carries the QPS or not, GPUs needed, totals, cost.

Page 1 of the PDF and the checklist's margin item read these sentences; the numbers are the
plan's :class:`~gpucalc.core.fleet.FleetVerdict`, the same ones ``estimate --json`` prints.
"""

from __future__ import annotations

from gpucalc.core.fleet import FleetVerdict
from gpucalc.core.inputs import TrafficMode
from gpucalc.report.numbers import count, sig3
from gpucalc.report.strings import tr, trf
from gpucalc.text.catalogue import list_separator


def yes_no(flag: bool, lang: str) -> str:
    """'yes' or 'no' in ``lang``."""
    return tr("yes", lang) if flag else tr("no", lang)


def verdict_sentence(fleet: FleetVerdict, lang: str) -> str:
    """'Carries 10 req/s average: no; 20 req/s peak: no — 20 GPUs needed (8 planned) …'."""
    return trf("Carries {avg} req/s average: {avg_ok}; {peak} req/s peak: {peak_ok} — {needed} GPUs "
               "needed ({planned} planned): N + k = {n} + {k} replicas of {per} GPUs, the average "
               "at {rate_wm} req/s per replica (the watermark), the peak at {rate_knee} req/s (the "
               "knee).", lang,
               avg=sig3(fleet.qps_avg), avg_ok=yes_no(fleet.carries_average, lang),
               peak=sig3(fleet.qps_peak), peak_ok=yes_no(fleet.carries_peak, lang),
               needed=count(fleet.gpus_needed.value), planned=count(fleet.gpus_deployed.value),
               n=count(fleet.replicas.value), k=count(fleet.spare_replicas.value),
               per=fleet.gpus_per_replica,
               rate_wm=sig3(fleet.requests_per_s_per_replica_at_watermark.value),
               rate_knee=sig3(fleet.requests_per_s_per_replica_at_knee.value))


def totals_sentence(fleet: FleetVerdict, lang: str) -> str:
    """Totals over every replica deployed, cost, and the mode's own figures."""
    text = trf("All {r} replicas deployed: {conc} concurrent requests online, {rps} req/s, {tok} "
               "output tok/s ({hour} tokens per GPU-hour, {day} tokens/day).", lang,
               r=count(fleet.replicas_deployed.value), conc=count(fleet.total_concurrency.value),
               rps=sig3(fleet.requests_per_s_total.value),
               tok=count(fleet.output_tokens_per_s_total.value),
               hour=count(fleet.output_tokens_per_gpu_hour.value),
               day=count(fleet.output_tokens_per_day.value))
    if fleet.cost_per_hour_usd is not None and fleet.cost_per_month_usd is not None:
        text += " " + trf("GPUs needed cost ${hour}/h, ${month}/month.", lang,
                          hour=sig3(fleet.cost_per_hour_usd.value),
                          month=count(fleet.cost_per_month_usd.value))
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
    parts = [trf("TP {tp} × PP {pp}: {r} replicas, {conc} concurrent, {rps} req/s, {tok} tok/s", lang,
                 tp=x.tensor_parallel_size, pp=x.pipeline_parallel_size, r=x.replicas,
                 conc=count(x.concurrency_total.value), rps=sig3(x.requests_per_s_total.value),
                 tok=count(x.output_tokens_per_s_total.value)) for x in fleet.layouts]
    return tr("Replicas versus TP on the same GPUs:", lang) + " " + list_separator(lang).join(parts) + "."
