"""The answer first: the sentence at the top of the results and the fit verdict."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.common.explain import Term
from gpucalc.core.specs.inputs import TrafficMode
from gpucalc.plan.compute import Plan
from gpucalc.text.answer_text import (
    alternative_sentence,
    cost_sentence,
    fastest_sentence,
    fleet_sentence,
    limit_text,
    no_qps_sentence,
    planned_sentence,
    unreachable_sentence,
)
from gpucalc.text.band_text import band_lines, band_summary
from gpucalc.ui.disagg_view import disaggregated_sentence
from gpucalc.ui.format import count, sig3
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
    bands: str = ""  # the headline figures' 80 % bands in one line ('' when none)
    bands_detail: str = ""  # every banded figure, with what its band rests on


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


def _performance_headline(outcome: Plan, lang: str) -> str:
    """'{model} on {n}× {gpu}: the concurrency a load test confirms, what binds, the rate capacity'."""
    inputs, perf = outcome.inputs, outcome.performance
    assert perf is not None
    dep, targets = inputs.deployment, inputs.targets
    head = translate("Answer", "{model} on {n}× {gpu}").format(
        model=catalog_display_name(inputs.model.name), n=dep.num_gpus,
        gpu=catalog_display_name(inputs.gpu.name))
    if perf.unreachable is not None:
        return head + translate("Answer", ": no request count meets the targets — ") + \
            unreachable_sentence(perf.unreachable, lang)
    limit = limit_text(perf.binding_limit, perf.percentile, targets.ttft_ms, targets.tpot_ms, lang)
    text = head + translate("Answer", ": {n} requests in flight per replica at P{pct} (a "
                            "--max-concurrency load test), limited by {limit}").format(
        n=count(perf.recommended_concurrency.value), pct=perf.percentile, limit=limit)
    rate = perf.rate_capacity
    if rate is not None:
        text += translate("Answer", "; rate capacity {rps} req/s under random arrivals (≈ {inflight} in "
                          "flight)").format(rps=sig3(rate.requests_per_s.value),
                                            inflight=count(rate.in_flight.value))
    return text


def _performance_detail(outcome: Plan, lang: str) -> str:
    """The figures behind the headline, sentence by sentence.

    Memory and latencies at the concurrency, the planned concurrency, the fleet (or the question
    it needs) and the layout.
    """
    perf = outcome.performance
    assert perf is not None
    point = perf.at_recommended
    memory_ceiling = perf.ceiling(CeilingKind.MEMORY).value
    pct = perf.percentile
    ttft_p = point.ttft_percentile_ms.value if point.ttft_percentile_ms is not None else point.ttft_ms.value
    tpot_p = point.tpot_percentile_ms.value if point.tpot_percentile_ms is not None else point.tpot_ms.value
    first = translate("Answer", "KV cache holds {tokens} tokens, {mem} requests at the planning length "
                      "({fit}); at the concurrency TTFT {ttft} ms (P{pct} {ttft_p}), TPOT {tpot} ms "
                      "(P{pct} {tpot_p}), {tok} output tok/s per replica").format(
        tokens=count(outcome.memory.kv_cache_tokens.value), mem=count(memory_ceiling.value),
        ttft=sig3(point.ttft_ms.value), ttft_p=sig3(ttft_p), tpot=sig3(point.tpot_ms.value),
        tpot_p=sig3(tpot_p), pct=pct,
        tok=count(point.output_tokens_per_s.value), fit=_fit_clause(outcome))
    first += (_nodes_clause(outcome) + _long_class_clause(outcome)
              + translate("Answer", "."))
    sentences = [first, planned_sentence(perf.rates, lang), *_fleet_sentences(outcome, lang),
                 *_alternative_sentences(outcome, lang), disaggregated_sentence(outcome)]
    return ("" if lang == "zh" else " ").join(s for s in sentences if s)


def _alternative_sentences(outcome: Plan, lang: str) -> list[str]:
    """When nothing meets the targets here: a layout that does, or how close the fastest comes."""
    if outcome.alternatives:
        return [alternative_sentence(outcome.alternatives[0], lang)]
    perf = outcome.performance
    if perf is not None and perf.unreachable is not None:
        return [fastest_sentence(outcome.fastest, lang)]
    return []


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


def _fleet_sentences(outcome: Plan, lang: str) -> list[str]:
    """The fleet verdict and its cost, the better layout and the traffic mode (or the QPS asked for)."""
    fleet, perf = outcome.fleet, outcome.performance
    if fleet is None:
        if perf is None or perf.unreachable is not None:
            return []
        return [no_qps_sentence(perf.rates, lang)]
    return [fleet_sentence(fleet, lang), cost_sentence(fleet, lang), _layout_sentence(outcome),
            _mode_sentence(outcome)]


def _layout_sentence(outcome: Plan) -> str:
    """Replicas versus TP: the same GPUs in the best-throughput layout, when it differs."""
    fleet, dep = outcome.fleet, outcome.inputs.deployment
    if fleet is None or not fleet.layouts:
        return ""
    best = max(fleet.layouts, key=lambda x: x.requests_per_s_total.value)
    if best.tensor_parallel_size == dep.tensor_parallel_size:
        return ""
    return translate("Answer", "As {n} replicas of TP {tp} the same GPUs serve {rps} req/s ({conc} in "
                     "flight planned) instead of {own} req/s.").format(
        n=best.replicas, tp=best.tensor_parallel_size, rps=sig3(best.requests_per_s_total.value),
        conc=count(best.concurrency_total.value), own=sig3(fleet.requests_per_s_total.value))


def _mode_sentence(outcome: Plan) -> str:
    """Offline: tokens per GPU-hour and per day; mixed: the batch backfill per day."""
    fleet = outcome.fleet
    if fleet is None or fleet.mode == TrafficMode.ONLINE:
        return ""
    if fleet.backfill_tokens_per_day is not None:
        return translate("Answer", "Mixed: {tokens} batch tokens/day backfill above the "
                         "watermark.").format(tokens=count(fleet.backfill_tokens_per_day.value))
    return translate("Answer", "Offline: {hour} tokens per GPU-hour, {day} tokens/day.").format(
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


def answer_for(outcome: Plan, lang: str = "en") -> Answer:
    """The answer line: the two measures and what binds (memory only if no fit), in ``lang``."""
    if outcome.performance is None:
        headline, detail = _memory_headline(outcome), _memory_detail(outcome)
    else:
        headline, detail = _performance_headline(outcome, lang), _performance_detail(outcome, lang)
    verdict, text = _verdict(outcome)
    bands = outcome.figure_bands
    return Answer(headline, detail, verdict, text, band_summary(bands, lang),
                  "\n".join(band_lines(bands, lang)).strip())
