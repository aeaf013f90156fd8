"""``calculate(inputs) -> Result``: the memory picture and the performance side together."""

from __future__ import annotations

import functools
import math

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from gpucalc.core.capacity.ceilings import advice, three_ceilings
from gpucalc.core.capacity.class_latency import class_latencies, class_rows, history_tokens
from gpucalc.core.capacity.engine_answer import engine_answer, planned_concurrency_term, unreachable
from gpucalc.core.capacity.load import (
    OperatingPoint,
    closed_loop,
    closed_loop_curve,
    open_loop,
    prefill_per_step,
)
from gpucalc.core.capacity.perf_model import PerfContext
from gpucalc.core.capacity.perf_result import CurvePoint, LimitKind, PerformanceResult, PointSummary
from gpucalc.core.capacity.physical_bounds import checked_result
from gpucalc.core.capacity.rates import planned_concurrency
from gpucalc.core.capacity.speculative_result import speculative_notices, speculative_summary
from gpucalc.core.capacity.tail_latency import Arrivals, TailPoint
from gpucalc.core.capacity.weak_regimes import weak_regime_notices
from gpucalc.core.common.explain import FormulaTemplate, InputValue, Notice, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_plan import calculate_memory, memory_share_at, memory_share_notices
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.expert_parallel import (
    AllToAllCost,
    expert_group_notices,
    expert_layout,
    expert_parallel_terms,
)
from gpucalc.core.parallel.topology import domain_notice, link_plan, node_notices, node_placement
from gpucalc.core.specs.inputs import MIN_REQUEST_RATE, PlanInputs
from gpucalc.core.step.kernel_explain import kernel_term_sources
from gpucalc.core.step.prefix_cache import prefix_cache_result


class LoadRequest(BaseModel):
    """Where to evaluate latency: a concurrency, a request rate, or the offline maximum."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    concurrency: int | None = Field(default=None, ge=1, le=1_000_000)
    request_rate: float | None = Field(default=None, ge=MIN_REQUEST_RATE, le=1e6)
    num_prompts: int = Field(default=1000, ge=1, le=10_000_000)


class Result(BaseModel):
    """Everything one calculation produces."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    memory: MemoryResult
    performance: PerformanceResult | None = Field(
        default=None, description="None when the model does not fit (no KV cache to run on).")


def _summary(label: str, point: OperatingPoint, formula: str | FormulaTemplate, ranks: int = 1,
             tail: TailPoint | None = None, percentile: int | None = None) -> PointSummary:
    """One load of one replica: latencies of a DP rank, concurrency and rates over ``ranks``."""
    ms = 1000.0
    facts: dict[str, InputValue] = {"concurrency": round(point.concurrency * ranks, 2),
                                    "running": round(point.running * ranks, 2)}
    if ranks > 1:
        facts["dp_ranks"] = ranks

    def t(key: str, value: float, unit: str) -> Term:
        # infinite when nothing can run: kept as is, shown as "unbounded" (JSON null)
        return term(f"{label}.{key}", value, unit, formula, facts)

    def pct(key: str, value: float, what: str) -> Term:
        return term(f"{label}.{key}", value * ms, "ms", template(what, pct=percentile or 95), facts)

    return PointSummary(
        label=label, concurrency=point.concurrency * ranks, running=point.running * ranks,
        ttft_ms=t("ttft_ms", point.ttft_s * ms, "ms"),
        tpot_ms=t("tpot_ms", point.tpot_s * ms, "ms"),
        itl_ms=t("itl_ms", point.itl_decode_s * ms, "ms"),
        output_tokens_per_s=t("output_tokens_per_s", point.output_tok_s * ranks, "tok/s"),
        requests_per_s=t("requests_per_s", point.request_per_s * ranks, "req/s"),
        percentile=percentile if tail is not None else None,
        ttft_percentile_ms=None if tail is None else pct(
            "ttft_percentile_ms", tail.ttft_s, QT_TRANSLATE_NOOP(
                "Formulas", "P{pct} TTFT of the closed loop: step in progress + prefill queue + own "
                "chunks")),
        tpot_percentile_ms=None if tail is None else pct(
            "tpot_percentile_ms", tail.tpot_s, QT_TRANSLATE_NOOP(
                "Formulas", "P{pct} TPOT of the closed loop: decode step + the prefill steps met")),
    )


def _operating_formula(load: LoadRequest) -> str | FormulaTemplate:
    """How the operating point was computed, naming the finite run it describes."""
    if load.concurrency is not None:
        return template(QT_TRANSLATE_NOOP(
            "Formulas", "continuous batching with chunked prefill, {clients} clients"),
            clients=load.concurrency)
    return template(QT_TRANSLATE_NOOP(
        "Formulas", "finite run of {prompts} prompts: at most {prompts} running at once, throughput = "
        "output tokens ÷ run time (ramp-up and drain included)"), prompts=load.num_prompts)


def load_curve(ctx: PerfContext, upper: float, points: int = 32,
               marked: tuple[int, ...] = (), ranks: int = 1) -> tuple[CurvePoint, ...]:
    """TTFT, TPOT and throughput against concurrency per engine, log-spaced from 1 to ``upper``.

    ``marked`` concurrencies (e.g. the recommendation) are points of the curve as well. Each
    DP rank of the engine holds its share of the clients.
    """
    shape = ctx.shape(ctx.running_cap())
    top = max(upper, 2.0)
    values = sorted({max(1, round(top ** (i / (points - 1)))) for i in range(points)}
                    | {n for n in marked if n >= 1})
    per_rank = np.array(values, dtype=np.float64) / ranks
    ttft, tpot, output = closed_loop_curve(ctx.step, shape, per_rank, ctx.mix)
    # one validation of the whole curve (hot path: far cheaper than a model per point)
    return _curve_adapter().validate_python([
        {"concurrency": float(n), "ttft_ms": t * 1000, "tpot_ms": s * 1000,
         "output_tokens_per_s": o * ranks}
        for n, t, s, o in zip(values, ttft.tolist(), tpot.tolist(), output.tolist(), strict=True)])


@functools.cache
def _curve_adapter() -> TypeAdapter[tuple[CurvePoint, ...]]:
    return TypeAdapter(tuple[CurvePoint, ...])


def knee_term(recommended: int, binding: LimitKind, percentile: int) -> Term:
    """The knee (拐点): the concurrency, past which more requests in flight only buy latency.

    On the concurrency ladder of seed 000 it is where a latency target breaks (TTFT or TPOT:
    the compute or interconnect ceiling) or where requests start queueing for KV memory or a
    scheduler slot.
    """
    return term("knee_concurrency", recommended, "requests",
                QT_TRANSLATE_NOOP(
                    "Formulas", "lowest limiting ceiling (offline: memory only): past it a latency target "
                    "breaks or requests queue"),
                {"binding_limit": binding.value, "percentile": percentile},
                ("seed 000: 找拐点而不是找最大值，拐点之后加并发只换来延迟",))


ROOFLINE_STEP_FORMULAS = {
    "gemm": QT_TRANSLATE_NOOP(
        "Formulas", "max(2 × active params × tokens ÷ (peak × gemm eff), weight bytes ÷ (BW × mem eff))"),
    "attention": QT_TRANSLATE_NOOP(
        "Formulas", "max(attention FLOPs ÷ rate, KV bytes read ÷ (BW × mem eff)) + prefill FLOPs"),
    "communication": QT_TRANSLATE_NOOP(
        "Formulas", "2 × layers × (latency + 2(n−1)/n × tokens × hidden × 2 B ÷ link) + EP + PP"),
}
MEASURED_STEP_FORMULAS = {
    "gemm": QT_TRANSLATE_NOOP(
        "Formulas", "Σ GEMM groups max(FLOPs ÷ (peak × e_max · M/(M + M½) · NK/(NK + NK½)), weight bytes "
        "÷ (HBM × e_mem)) + t₀; MoE at e_max · t/(t + t½) over tokens per expert t"),
    "attention": QT_TRANSLATE_NOOP(
        "Formulas", "decode KV bytes ÷ (HBM × e_mem) + t_seq × decodes + prefill FLOPs ÷ (BF16 peak × "
        "e_max · s/(s + s½)) + t₀ per layer"),
    "communication": QT_TRANSLATE_NOOP(
        "Formulas", "2 × layers × min(custom α + bytes ÷ β, NCCL α + bytes ÷ β) + EP + PP"),
}
OTHER_STEP_FORMULAS = {
    "alltoall": QT_TRANSLATE_NOOP(
        "Formulas", "MoE layers × (fixed + tokens × bytes per token ÷ link): expert dispatch + combine "
                    "over the DP × TP ranks"),
    "eager_launch": QT_TRANSLATE_NOOP(
        "Formulas", "max(layers × launch cost per layer − GPU work, 0) without CUDA graphs"),
    "overhead": QT_TRANSLATE_NOOP("Formulas", "fixed scheduler/launch cost per step"),
}


def _step_breakdown(ctx: PerfContext, running: float, eager_source: str,
                    engine_source: str) -> tuple[Term, ...]:
    """The step at ``running`` requests split into its kernel classes (ms), each with its source.

    The overhead comes from the engine profile, not from the kernel tables, so it cites the
    engine's own source.
    """
    s = ctx.step
    context = ctx.mean_input + ctx.mean_output / 2
    prefill, prefill_context = s.uncached_prefill(
        prefill_per_step(running, ctx.mean_input, ctx.mean_output, ctx.token_budget),
        ctx.mean_input / 2)
    tokens = running + prefill
    parts = {
        "gemm": s.gemm_seconds(tokens, running),
        "attention": s.attention_seconds(running, context, prefill, prefill_context),
        "communication": s.comm_seconds(tokens) + s.pipeline_seconds(tokens) + s.dcp_seconds(running),
    }
    if s.a2a_s_per_token:  # the expert all-to-all of a DP expert group, on its own line
        parts["alltoall"] = s.alltoall_seconds(tokens)
        parts["communication"] -= parts["alltoall"]
    parts["eager_launch"] = s.launch_wait_seconds(sum(parts.values()))
    parts["overhead"] = s.overhead_s
    formulas = {**(MEASURED_STEP_FORMULAS if s.kernels is not None else ROOFLINE_STEP_FORMULAS),
                **OTHER_STEP_FORMULAS}
    sources = {"eager_launch": eager_source, "overhead": engine_source,
               **kernel_term_sources(s, tokens, running, context, prefill, prefill_context)}
    return tuple(term(f"step.{k}_ms", v * 1000, "ms", formulas[k],
                      {"running": round(running, 1), "prefill_tokens": round(prefill, 1)},
                      (sources.get(k, ctx.efficiency.source),)) for k, v in parts.items())


def calculate_performance(inputs: PlanInputs, memory: MemoryResult,
                          load: LoadRequest | None = None) -> PerformanceResult:
    """Ceilings, the two measures (concurrency, rate capacity) and latency for a plan that fits.

    Every figure is one engine's (all its DP ranks): a benchmark client's ``--max-concurrency``
    counts them all. A DP rank's batch is the engine's ÷ ranks.
    """
    answer = engine_answer(inputs, memory)
    ctx, values, rates = answer.ctx, answer.values, answer.rates
    ranks, recommended, per_rank = values.ranks, answer.concurrency, answer.per_rank
    ceilings = three_ceilings(ctx, inputs, values)
    binding = next(c for c in ceilings if c.binding)
    shape = ctx.shape(ctx.running_cap())
    mix = ctx.mix
    saturated, at_rec, tail, rate = answer.saturated, answer.at_concurrency, answer.tail, answer.rate
    load = load or LoadRequest()
    point_tail: TailPoint | None = None
    if load.concurrency is not None:
        asked = load.concurrency / ranks
        point, label = closed_loop(ctx.step, shape, asked, mix), "at_concurrency"
        point_tail = ctx.tail_at(min(asked, shape.running_cap), Arrivals.CLOSED_LOOP)
    elif load.request_rate is not None:
        point = open_loop(ctx.step, shape, load.request_rate / ranks, load.num_prompts)
        label = "at_request_rate"
    else:
        point, label = open_loop(ctx.step, shape, math.inf, load.num_prompts), "finite_run"
    curve = load_curve(ctx, max(shape.running_cap * ranks, recommended * 2, 2),
                       marked=(max(recommended, 1),), ranks=ranks)
    comm = ctx.comm_seconds_at(per_rank)
    online = planned_concurrency_term(rates, int(memory.planning_check.value) * ranks)
    # seed 001's check at the watermark's share of the concurrency (or the concurrency asked for)
    by_watermark = planned_concurrency(recommended, rates.watermark, None)[0]
    share = memory_share_at(memory, load.concurrency // ranks if load.concurrency
                            else max(by_watermark // ranks, 1))
    step = at_rec.step_s if math.isfinite(at_rec.step_s) else 0.0
    speculative = speculative_summary(ctx, inputs, memory, per_rank)
    pct = ctx.percentile
    return PerformanceResult(
        ceilings=ceilings,
        recommended_concurrency=term(
            "recommended_concurrency", recommended, "requests",
            template(QT_TRANSLATE_NOOP(
                "Formulas", "requests in flight on one engine (a closed-loop ladder, --max-concurrency N) "
                "whose P{pct} TTFT and TPOT meet the targets: min(memory, compute, interconnect, "
                "scheduler); offline: memory"), pct=pct),
            {**{c.kind.value: c.value.value for c in ceilings}, "percentile": pct,
             "binding_limit": values.binding_limit.value}),
        bottleneck=binding.kind,
        binding_limit=values.binding_limit,
        percentile=pct,
        rate_capacity=rate,
        unreachable=unreachable(ctx, recommended),
        advice=advice(binding.kind, inputs, memory, ctx, values.binding_limit),
        online_capacity=online,
        comm_share=term("comm_share", comm / step if step else 0.0, "", QT_TRANSLATE_NOOP(
            "Formulas", "communication ÷ step time"),
                        {"comm_ms": round(comm * 1000, 3), "step_ms": round(step * 1000, 3)}),
        step_breakdown_ms=_step_breakdown(ctx, per_rank,
                                          inputs.engine.runtime.eager_source,
                                          inputs.engine.efficiency.source),
        operating_point=_summary(label, point, _operating_formula(load), ranks, point_tail,
                                 pct if point_tail is not None else None),
        at_recommended=_summary("at_recommended", at_rec, QT_TRANSLATE_NOOP(
            "Formulas", "closed loop at the concurrency: means of the steady state"), ranks, tail, pct),
        offline_max=_summary("offline_max", saturated, QT_TRANSLATE_NOOP(
            "Formulas", "steady state with the batch filled to the KV and scheduler caps"), ranks),
        load_curve=curve,
        knee_concurrency=knee_term(recommended, values.binding_limit, pct),
        rates=rates,
        efficiency=ctx.efficiency,
        replicas=inputs.deployment.engines,
        memory_share=share,
        notices=(*layout_notices(inputs), *memory_share_notices(memory, share),
                 *speculative_notices(speculative, inputs),
                 *weak_regime_notices(inputs, float(per_rank))),
        prefix_cache=prefix_cache_result(inputs, ctx.capacity, at_rec.request_per_s),
        per_class=class_latencies(ctx, class_rows(inputs), history_tokens(inputs), per_rank),
        expert_parallel=_expert_terms(inputs, ctx, per_rank),
        speculative=speculative,
    )


def _expert_terms(inputs: PlanInputs, ctx: PerfContext, running: int) -> tuple[Term, ...]:
    """The DP expert group explained at the recommendation's step (empty without one)."""
    layout = expert_layout(inputs.model, inputs.deployment)
    if layout is None:
        return ()
    s = ctx.step
    prefill = prefill_per_step(running, ctx.mean_input, ctx.mean_output, ctx.token_budget)
    cost = AllToAllCost(fixed_s=s.a2a_fixed_s, s_per_token=s.a2a_s_per_token,
                        bytes_per_token=s.a2a_bytes_per_token, link_gb_per_s=s.a2a_link_gb_per_s)
    return expert_parallel_terms(inputs.model, layout, cost, running + prefill)


def layout_notices(inputs: PlanInputs) -> tuple[Notice, ...]:
    """Warnings about the parallel layout (a replica past its fast-link domain or its node)."""
    dep = inputs.deployment
    tp, pp = dep.tensor_parallel_size, dep.pipeline_parallel_size
    placement = node_placement(inputs.gpu, dep, inputs.network)
    notice = domain_notice(inputs.gpu, tp, pp, placement)
    return (*(() if notice is None else (notice,)), *node_notices(inputs.gpu, tp, pp, placement),
            *expert_group_notices(inputs.gpu, expert_layout(inputs.model, dep),
                                  link_plan(inputs.gpu, tp, pp, placement)))


def calculate(inputs: PlanInputs, load: LoadRequest | None = None) -> Result:
    """Memory picture plus, when the model fits, ceilings and latency under load."""
    memory = calculate_memory(inputs)
    if not memory.fits:
        return Result(memory=memory)
    result = Result(memory=memory, performance=calculate_performance(inputs, memory, load))
    return checked_result(inputs, result)  # physical bounds and over-long requests (one place)
