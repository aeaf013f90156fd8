"""The answer in words, once: the two measures, the binding limit, the fleet verdict and costs.

The window's banner, the command line, page 1 of the PDF and the CSV read-me all say the
answer with these sentences (context "Answer"), so they cannot say different things. Numbers go
through :mod:`gpucalc.text.numbers`: capacities rounded down, other figures to about three
significant digits, costs by :func:`gpucalc.text.numbers.usd_cost`.
"""

from __future__ import annotations

from collections.abc import Callable

from gpucalc.core.capacity.perf_result import LimitKind, PerformanceResult, RateCapacity, Unreachable
from gpucalc.core.capacity.rates import PlannedBy, ReplicaRates
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.sizing import FastestLayout, SizingRow
from gpucalc.text.catalog_text import catalog_name as catalog_display
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import count, sig3, usd_cost

CONTEXT = "Answer"

LIMIT_NAMES = {
    LimitKind.MEMORY: QT_TRANSLATE_NOOP("Answer", "KV-cache memory"),
    LimitKind.TTFT: QT_TRANSLATE_NOOP("Answer", "the P{pct} TTFT target ({target} ms)"),
    LimitKind.TPOT: QT_TRANSLATE_NOOP("Answer", "the P{pct} TPOT target ({target} ms)"),
    LimitKind.INTERCONNECT: QT_TRANSLATE_NOOP("Answer", "the interconnect (communication past half the "
                                                        "TPOT budget)"),
    LimitKind.SCHEDULER: QT_TRANSLATE_NOOP("Answer", "the scheduler cap (max_num_seqs)"),
}
"""What binds, as a phrase: the ceiling, or the latency target with its percentile and value."""

SHORT_LIMIT_NAMES = {
    LimitKind.MEMORY: QT_TRANSLATE_NOOP("Answer", "memory"),
    LimitKind.TTFT: QT_TRANSLATE_NOOP("Answer", "TTFT"),
    LimitKind.TPOT: QT_TRANSLATE_NOOP("Answer", "TPOT"),
    LimitKind.INTERCONNECT: QT_TRANSLATE_NOOP("Answer", "interconnect"),
    LimitKind.SCHEDULER: QT_TRANSLATE_NOOP("Answer", "scheduler"),
}
"""One word per binding limit, for table cells and plot labels."""

WHY_THEY_DIFFER = QT_TRANSLATE_NOOP(
    "Answer", "The two measures differ because random arrivals bunch: a load test that holds N "
              "requests in flight meets no queue of its own making, while requests that arrive at "
              "random queue in front of the prefill, so the same targets allow fewer in flight.")
"""One sentence on why concurrency and rate capacity differ (seed 000: "并发" names several measures)."""


def _t(text: str, lang: str) -> str:
    return translate(CONTEXT, text, lang)


CONCURRENCY_LABEL = QT_TRANSLATE_NOOP("Answer", "Concurrency")
RATE_CAPACITY_LABEL = QT_TRANSLATE_NOOP("Answer", "Rate capacity")


def labelled(label: str, text: str, lang: str) -> str:
    """'Concurrency: …' — a measure's name before its sentence, where no table row names it."""
    return translate("Answer", "{label}: {text}", lang).format(label=_t(label, lang), text=text)


def limit_text(limit: LimitKind, percentile: int, ttft_target_ms: float, tpot_target_ms: float,
               lang: str) -> str:
    """What binds, in words: 'the P95 TPOT target (100 ms)', 'KV-cache memory', …."""
    target = ttft_target_ms if limit is LimitKind.TTFT else tpot_target_ms
    return _t(LIMIT_NAMES[limit], lang).format(pct=percentile, target=sig3(target))


def short_limit_name(limit: LimitKind | str, lang: str | Callable[[str, str], str]) -> str:
    """One word for a binding limit (a sizing row's bound, a plot label).

    ``lang`` is a language code, or a (context, text) lookup such as the window's translator.
    """
    text = SHORT_LIMIT_NAMES[LimitKind(limit)]
    return lang(CONTEXT, text) if callable(lang) else _t(text, lang)


def concurrency_sentence(perf: PerformanceResult, ttft_target_ms: float, tpot_target_ms: float,
                         lang: str) -> str:
    """'54 requests in flight per replica at P95 TTFT ≤ 2,000 ms and TPOT ≤ 100 ms — …'."""
    limit = limit_text(perf.binding_limit, perf.percentile, ttft_target_ms, tpot_target_ms, lang)
    return translate("Answer", "{n} requests in flight per replica with P{pct} TTFT ≤ {ttft} ms and TPOT ≤ "
              "{tpot} ms, as a load test holding N requests (--max-concurrency N) measures it; "
              "limited by {limit}.", lang).format(
        n=count(perf.recommended_concurrency.value), pct=perf.percentile, ttft=sig3(ttft_target_ms),
        tpot=sig3(tpot_target_ms), limit=limit)


def rate_sentence(rate: RateCapacity, lang: str) -> str:
    """'1.68 req/s per replica under random (Poisson) arrivals at the same P95 targets, …'."""
    return translate("Answer", "{rps} req/s per replica under random (Poisson) arrivals at the same "
              "P{pct} targets, about {inflight} requests in flight on average.", lang).format(
        rps=sig3(rate.requests_per_s.value), pct=rate.percentile,
        inflight=count(rate.in_flight.value))


def planned_sentence(rates: ReplicaRates, lang: str) -> str:
    """'Plan 37 requests per replica online (70 % of the concurrency).' or the memory-share reason."""
    if rates.planned_by is PlannedBy.MEMORY_SHARE:
        return translate("Answer", "Plan {n} requests per replica online: the memory planning rule (weights "
                                   "+ KV at the average length + margin within the planning share of "
                                   "memory) allows no more.", lang).format(n=count(rates.planned_concurrency))
    return translate("Answer", "Plan {n} requests per replica online ({share} of the concurrency, the "
                               "watermark), and {rps} req/s ({share} of the rate capacity).", lang).format(
        n=count(rates.planned_concurrency), share=f"{rates.watermark:.0%}",
        rps=sig3(rates.requests_per_s_planned))


def unreachable_sentence(reason: Unreachable, lang: str) -> str:
    """Why no concurrency meets the targets: each target one request already misses, by how much."""
    if reason.kv_short:
        return translate("Answer", "No request fits: one request at the planning length needs more KV cache "
                                   "than one replica holds; shorten the context, quantize the KV cache or "
                                   "add memory.", lang)
    parts = []
    for limit in reason.failing:
        at_one = reason.ttft_ms_at_one if limit is LimitKind.TTFT else reason.tpot_ms_at_one
        target = reason.ttft_target_ms if limit is LimitKind.TTFT else reason.tpot_target_ms
        parts.append(translate("Answer", "P{pct} {name} is {value} ms with one request in flight against a "
                                         "target of {target} ms ({ratio}× over)", lang).format(
            pct=reason.percentile, name=short_limit_name(limit, lang), value=sig3(at_one.value),
            target=sig3(target), ratio=sig3(at_one.value / target if target else 0.0)))
    if not parts:
        return translate("Answer", "No number of requests in flight meets the targets on this layout.", lang)
    return translate("Answer", "No number of requests in flight meets the targets: {parts}. The best this "
                               "layout reaches is TTFT {ttft} ms and TPOT {tpot} ms.", lang).format(
        parts="; ".join(parts), ttft=sig3(reason.ttft_ms_at_one.value),
        tpot=sig3(reason.tpot_ms_at_one.value))


NOT_CARRIED = QT_TRANSLATE_NOOP(
    "Answer", "The planned GPUs do not carry {rate}: it needs {n} replicas + {k} spare = {needed} GPUs; "
              "{planned} GPUs hold {deployed} replicas.")
NOT_CARRIED_ONE_DEPLOYED = QT_TRANSLATE_NOOP(
    "Answer", "The planned GPUs do not carry {rate}: it needs {n} replicas + {k} spare = {needed} GPUs; "
              "{planned} GPUs hold one replica.")
"""The fleet sentence when the planned GPUs fall short (one replica deployed: no plural)."""


def fleet_sentence(fleet: FleetVerdict, lang: str) -> str:
    """'Carries 10 req/s with 3 replicas + 1 spare (32 GPUs; 16 planned: short by 2 replicas).'.

    One wording when the peak is the average; the spare replicas are counted apart, so a missing
    spare never turns the answer into "no".
    """
    n, k = count(fleet.replicas.value), count(fleet.spare_replicas.value)
    needed, planned = count(fleet.gpus_needed.value), count(fleet.gpus_deployed.value)
    if fleet.peak_given and fleet.qps_peak > fleet.qps_avg:
        rate = translate("Answer", "{avg} req/s on average and {peak} req/s at the peak", lang).format(
            avg=sig3(fleet.qps_avg), peak=sig3(fleet.qps_peak))
    else:
        rate = translate("Answer", "{avg} req/s", lang).format(avg=sig3(fleet.qps_avg))
    if fleet.carries:
        text = translate("Answer", "The planned GPUs carry {rate}: {n} replicas serve it, + {k} spare = "
                                   "{needed} GPUs ({planned} planned).", lang).format(
            rate=rate, n=n, k=k, needed=needed, planned=planned)
        if fleet.spare_short:
            text += " " + translate("Answer", "Short of {short} spare replicas for failover.", lang).format(
                short=count(fleet.spare_short))
        return text
    deployed = count(fleet.replicas_deployed.value)
    template = (NOT_CARRIED_ONE_DEPLOYED if fleet.replicas_deployed.value == 1 else NOT_CARRIED)
    return translate("Answer", template, lang).format(rate=rate, n=n, k=k, needed=needed, planned=planned,
                                                     deployed=deployed)


def cost_sentence(fleet: FleetVerdict, lang: str) -> str:
    """'$22.2/h, $16,200/month, $0.33 per million output tokens' for the GPUs needed ('' unpriced)."""
    if fleet.cost_per_hour_usd is None or fleet.cost_per_month_usd is None:
        return translate("Answer", "No price for this GPU in the catalog: the cost is not known.", lang)
    text = translate("Answer", "{hour}/h, {month}/month for the GPUs needed", lang).format(
        hour=usd_cost(fleet.cost_per_hour_usd.value), month=usd_cost(fleet.cost_per_month_usd.value))
    per_million = fleet.cost_per_million_output_tokens_usd
    if per_million is not None:
        text += translate("Answer", ", {usd} per million output tokens", lang).format(
            usd=usd_cost(per_million.value))
    return text + "."


def no_qps_sentence(rates: ReplicaRates, lang: str) -> str:
    """Without a QPS: what one replica carries, and the question the fleet needs answered."""
    return translate("Answer", "One replica carries {rps} req/s at the targets ({planned} req/s planned at "
                               "the watermark); give the traffic (--qps, the QPS field) to size the "
                               "fleet.", lang).format(
        rps=sig3(rates.requests_per_s_capacity), planned=sig3(rates.requests_per_s_planned))


def fastest_sentence(fastest: FastestLayout | None, lang: str) -> str:
    """No layout of the GPU meets the targets: how close the fastest one comes (or that none fits)."""
    if fastest is None:
        return translate("Answer", "No layout of this GPU type meets the targets either.", lang)
    return translate("Answer", "No layout of {gpu} meets the targets: the fastest, TP {layout}, "
                               "reaches P{pct} TTFT {ttft} ms and TPOT {tpot} ms with one request in "
                               "flight.", lang).format(
        gpu=catalog_display(fastest.gpu_name, lang), layout=fastest.layout_text,
        pct=fastest.percentile, ttft=sig3(fastest.ttft_ms), tpot=sig3(fastest.tpot_ms))


def alternative_sentence(row: SizingRow, lang: str) -> str:
    """A sizing row that meets the targets, as a sentence: GPU, layout, concurrency, GPUs and cost."""
    text = translate("Answer", "The sizing search finds {gpu} {precision} at TP {layout} ({per} GPUs per "
                               "replica) holding {n} requests in flight at the targets", lang).format(
        gpu=catalog_display(row.gpu_name, lang), precision=row.precision, layout=row.layout_text,
        per=row.gpus_per_replica, n=count(row.recommended_concurrency))
    if row.cost_usd_per_hour is not None:
        text += translate("Answer", ": {gpus} GPUs for the traffic, {hour}/h", lang).format(
            gpus=count(row.gpus_total), hour=usd_cost(row.cost_usd_per_hour))
    return text + "."
