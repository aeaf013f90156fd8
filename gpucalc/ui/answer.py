"""The answer first: the sentence at the top of the results and the fit verdict."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from gpucalc.core.explain import Term
from gpucalc.core.inputs import TrafficMode
from gpucalc.plan.compute import Plan
from gpucalc.ui.disagg_view import disaggregated_clause
from gpucalc.ui.format import count, kind_name, sig3
from gpucalc.ui.i18n import catalog_display_name

translate = QCoreApplication.translate


class Verdict(StrEnum):
    """How the plan fits."""

    FITS = "fits"
    TIGHT = "tight"
    NO_FIT = "no_fit"


@dataclass(frozen=True)
class Answer:
    """Headline, supporting line and verdict of one outcome."""

    headline: str
    detail: str
    verdict: Verdict
    verdict_text: str



def _requests(term: Term) -> str:
    return sig3(term.value) if term.value < 10 else count(term.value)


def _fit_clause(outcome: Plan) -> str:
    memory, dep = outcome.memory, outcome.inputs.deployment
    if not memory.fits:
        return translate("Answer", "does not fit")
    if dep.gpus_per_replica == 1:
        return translate("Answer", "fits on one GPU")
    if memory.fits_single_gpu.value > 0:
        return translate("Answer", "fits on one GPU; TP {tp} × PP {pp} adds KV room").format(
            tp=dep.tensor_parallel_size, pp=dep.pipeline_parallel_size)
    return translate("Answer", "needs TP {tp} × PP {pp}").format(tp=dep.tensor_parallel_size,
                                                 pp=dep.pipeline_parallel_size)


def _memory_headline(outcome: Plan) -> str:
    memory, inputs = outcome.memory, outcome.inputs
    dep = inputs.deployment
    return translate("Answer", "{model} on {n}× {gpu}: KV cache holds {tokens} tokens — "
                     "{conc} requests of {length} tokens; {fit}").format(
        model=catalog_display_name(inputs.model.name), n=dep.num_gpus,
        gpu=catalog_display_name(inputs.gpu.name),
        tokens=count(memory.kv_cache_tokens.value), conc=_requests(memory.max_concurrency),
        length=count(memory.settings.max_model_len.value), fit=_fit_clause(outcome))


def _performance_headline(outcome: Plan) -> str:
    inputs, perf = outcome.inputs, outcome.performance
    assert perf is not None
    dep = inputs.deployment
    return translate("Answer", "{model} on {n}× {gpu}: {rec} concurrent requests per replica (the knee), "
                     "bound by {binding} — plan {online} online (the watermark)").format(
        model=catalog_display_name(inputs.model.name), n=dep.num_gpus,
        gpu=catalog_display_name(inputs.gpu.name),
        rec=count(perf.recommended_concurrency.value), binding=kind_name(perf.bottleneck),
        online=count(perf.online_capacity.value))




def _performance_detail(outcome: Plan) -> str:
    memory, perf = outcome.memory, outcome.performance
    assert perf is not None
    point = perf.at_recommended
    return translate("Answer", "KV cache holds {tokens} tokens ({c95} requests at P95 length); "
                     "at the recommendation TTFT {ttft} ms, TPOT {tpot} ms, {tok} output tok/s per "
                     "replica; {fit}").format(
        tokens=count(memory.kv_cache_tokens.value), c95=_requests(memory.concurrency_p95),
        ttft=sig3(point.ttft_ms.value), tpot=sig3(point.tpot_ms.value),
        tok=count(point.output_tokens_per_s.value), fit=_fit_clause(outcome)) + _band_clause(outcome) \
        + _nodes_clause(outcome) + _long_class_clause(outcome) + _fleet_clause(outcome) \
        + disaggregated_clause(outcome)


def _nodes_clause(outcome: Plan) -> str:
    """'; 2 nodes of 8 GPUs over …' when the deployment spans nodes, with TP across them flagged."""
    nodes = outcome.nodes
    if nodes.nodes <= 1:
        return ""
    text = translate("Answer", "; {nodes} nodes of {per_node} GPUs joined by {network} at {gb_s} "
                     "GB/s per GPU").format(
        nodes=nodes.nodes, per_node=nodes.gpus_per_node,
        network=catalog_display_name(nodes.network_name), gb_s=sig3(nodes.scale_out.value))
    if nodes.tp_spans_nodes:
        text += translate("Answer", " — TP spans nodes (strongly advised against)")
    return text


def _yes_no(flag: bool) -> str:
    return translate("Answer", "yes") if flag else translate("Answer", "no")


def _fleet_clause(outcome: Plan) -> str:
    """' — carries 10 req/s: no — 20 GPUs needed (8 planned); all 2 replicas: …' from the verdict."""
    fleet = outcome.fleet
    if fleet is None:
        return ""
    text = translate("Answer", ". Carries {avg} req/s: {avg_ok}, peak {peak} req/s: {peak_ok} — {needed} "
                     "GPUs needed ({planned} planned, N + k = {n} + {k} replicas); all {replicas} "
                     "replicas: {conc} concurrent requests online, {rps} req/s, {tok} output "
                     "tok/s").format(
        avg=sig3(fleet.qps_avg), avg_ok=_yes_no(fleet.carries_average), peak=sig3(fleet.qps_peak),
        peak_ok=_yes_no(fleet.carries_peak), needed=count(fleet.gpus_needed.value),
        planned=count(fleet.gpus_deployed.value), n=count(fleet.replicas.value),
        k=count(fleet.spare_replicas.value), replicas=count(fleet.replicas_deployed.value),
        conc=count(fleet.total_concurrency.value), rps=sig3(fleet.requests_per_s_total.value),
        tok=count(fleet.output_tokens_per_s_total.value))
    if fleet.cost_per_hour_usd is not None and fleet.cost_per_month_usd is not None:
        text += translate("Answer", "; ${hour}/h, ${month}/month for the GPUs needed").format(
            hour=sig3(fleet.cost_per_hour_usd.value), month=count(fleet.cost_per_month_usd.value))
    return text + _layout_clause(outcome) + _mode_clause(outcome)


def _layout_clause(outcome: Plan) -> str:
    """Replicas versus TP: the same GPUs in the best-throughput layout, when it differs."""
    fleet, dep = outcome.fleet, outcome.inputs.deployment
    if fleet is None or not fleet.layouts:
        return ""
    best = max(fleet.layouts, key=lambda x: x.requests_per_s_total.value)
    if best.tensor_parallel_size == dep.tensor_parallel_size:
        return ""
    return translate("Answer", "; as {n} replicas of TP {tp} the same GPUs serve {rps} req/s "
                     "({conc} concurrent) instead of {own} req/s").format(
        n=best.replicas, tp=best.tensor_parallel_size, rps=sig3(best.requests_per_s_total.value),
        conc=count(best.concurrency_total.value), own=sig3(fleet.requests_per_s_total.value))


def _mode_clause(outcome: Plan) -> str:
    """Offline: tokens per GPU-hour and per day; mixed: the batch backfill per day."""
    fleet = outcome.fleet
    if fleet is None or fleet.mode == TrafficMode.ONLINE:
        return ""
    if fleet.backfill_tokens_per_day is not None:
        return translate("Answer", "; mixed: {tokens} batch tokens/day backfill above the "
                         "watermark").format(tokens=count(fleet.backfill_tokens_per_day.value))
    return translate("Answer", "; offline: {hour} tokens per GPU-hour, {day} tokens/day").format(
        hour=count(fleet.output_tokens_per_gpu_hour.value),
        day=count(fleet.output_tokens_per_day.value))



def _long_class_clause(outcome: Plan) -> str:
    """'; longest class "docs": P95 TTFT … ms, TPOT … ms' for mixed traffic (seed 000)."""
    perf = outcome.performance
    longest = next((c for c in perf.per_class if c.longest), None) if perf else None
    if longest is None:
        return ""
    text = translate("Answer", "; longest class “{name}” on its own line: P{p} TTFT {ttft} ms, "
                     "TPOT {tpot} ms").format(
        name=longest.name, p=outcome.inputs.targets.percentile, ttft=sig3(longest.ttft_ms.value),
        tpot=sig3(longest.tpot_ms.value))
    if not longest.meets_targets:
        text += translate("Answer", " — it misses a target first")
    return text


def _band_clause(outcome: Plan) -> str:
    """' (range 300–380 …)' for the recommended concurrency: it brackets every sensitivity bar."""
    bands = outcome.bands
    band = next((b for b in bands.bands if b.key == "recommended_concurrency"), None) if bands else None
    if band is None or band.low.value == band.high.value:
        return ""
    return translate("Answer", " (range {low}–{high} over the uncertain constants and the "
                               "sensitivity factors)").format(
        low=count(band.low.value), high=count(band.high.value))


def _memory_detail(outcome: Plan) -> str:
    memory, inputs = outcome.memory, outcome.inputs
    wl = inputs.workload
    return translate("Answer", "At P50 length ({p50} tokens): {c50} concurrent requests · "
                     "at P95 ({p95} tokens): {c95} · within the {share} % planning share: "
                     "{plan}").format(
        p50=count(wl.input_len_p50 + wl.output_len_p50), c50=_requests(memory.concurrency_p50),
        p95=count(wl.input_p95 + wl.output_p95), c95=_requests(memory.concurrency_p95),
        share=round(inputs.targets.planning_memory_share * 100),
        plan=count(memory.planning_check.value))


def _verdict(outcome: Plan) -> tuple[Verdict, str]:
    memory, perf = outcome.memory, outcome.performance
    if not memory.fits:
        return Verdict.NO_FIT, translate("Answer", "Does not fit")
    if perf is not None and perf.recommended_concurrency.value < 1:
        return Verdict.NO_FIT, translate("Answer", "Misses the targets")
    if any(n.code == "kv_pool_caps_requests" for n in memory.notices):
        return Verdict.TIGHT, translate("Answer", "Starts; requests capped at the KV pool")
    if not memory.planning_check_passes:
        return Verdict.TIGHT, translate("Answer", "Fits, above planning share")
    return Verdict.FITS, translate("Answer", "Fits")


def answer_for(outcome: Plan) -> Answer:
    """The answer line: the recommended concurrency and its binding ceiling (memory only if no fit)."""
    if outcome.performance is None:
        headline, detail = _memory_headline(outcome), _memory_detail(outcome)
    else:
        headline, detail = _performance_headline(outcome), _performance_detail(outcome)
    verdict, text = _verdict(outcome)
    return Answer(headline, detail, verdict, text)
