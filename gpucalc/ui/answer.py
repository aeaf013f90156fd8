"""The answer first: the sentence at the top of the results and the fit verdict."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QCoreApplication

from gpucalc.core.explain import Term
from gpucalc.plan.compute import Plan
from gpucalc.ui.format import count, kind_name, sig3

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
        model=inputs.model.name, n=dep.num_gpus, gpu=inputs.gpu.name,
        tokens=count(memory.kv_cache_tokens.value), conc=_requests(memory.max_concurrency),
        length=count(memory.settings.max_model_len.value), fit=_fit_clause(outcome))


def _performance_headline(outcome: Plan) -> str:
    inputs, perf = outcome.inputs, outcome.performance
    assert perf is not None
    dep = inputs.deployment
    return translate("Answer", "{model} on {n}× {gpu}: {rec} concurrent requests per replica, bound by "
                     "{binding} — plan {online} online").format(
        model=inputs.model.name, n=dep.num_gpus, gpu=inputs.gpu.name,
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
        tok=count(point.output_tokens_per_s.value), fit=_fit_clause(outcome)) + _band_clause(
        outcome) + _long_class_clause(outcome)


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
    """' (range 300–380)' for the recommended concurrency, from the uncertain constants' ranges."""
    bands = outcome.bands
    band = next((b for b in bands.bands if b.key == "recommended_concurrency"), None) if bands else None
    if band is None or band.low.value == band.high.value:
        return ""
    return translate("Answer", " (range {low}–{high} over the uncertain constants)").format(
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
