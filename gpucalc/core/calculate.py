"""``calculate(inputs) -> Result``: the memory picture and the performance side together."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.ceilings import advice, three_ceilings
from gpucalc.core.class_latency import class_latencies, class_rows, history_tokens
from gpucalc.core.explain import Term, term
from gpucalc.core.inputs import PlanInputs
from gpucalc.core.load import OperatingPoint, closed_loop, open_loop, prefill_per_step
from gpucalc.core.memory_plan import calculate_memory
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import PerfContext, build_context
from gpucalc.core.perf_result import CurvePoint, PerformanceResult, PointSummary

KNEE_THROUGHPUT_SHARE = 0.9


class LoadRequest(BaseModel):
    """Where to evaluate latency: a concurrency, a request rate, or the offline maximum."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    concurrency: int | None = Field(default=None, ge=1, le=1_000_000)
    request_rate: float | None = Field(default=None, gt=0, le=1e6)
    num_prompts: int = Field(default=1000, ge=1, le=10_000_000)


class Result(BaseModel):
    """Everything one calculation produces."""

    model_config = ConfigDict(frozen=True)

    memory: MemoryResult
    performance: PerformanceResult | None = Field(
        default=None, description="None when the model does not fit (no KV cache to run on).")


def _summary(label: str, point: OperatingPoint, formula: str) -> PointSummary:
    ms = 1000.0

    def t(key: str, value: float, unit: str) -> Term:
        finite = value if math.isfinite(value) else -1.0
        return term(f"{label}.{key}", finite, unit, formula,
                    {"concurrency": round(point.concurrency, 2), "running": round(point.running, 2)})

    return PointSummary(
        label=label, concurrency=point.concurrency, running=point.running,
        ttft_ms=t("ttft_ms", point.ttft_s * ms, "ms"),
        tpot_ms=t("tpot_ms", point.tpot_s * ms, "ms"),
        itl_ms=t("itl_ms", point.itl_decode_s * ms, "ms"),
        output_tokens_per_s=t("output_tokens_per_s", point.output_tok_s, "tok/s"),
        requests_per_s=t("requests_per_s", point.request_per_s, "req/s"),
    )


def load_curve(ctx: PerfContext, upper: float, points: int = 32) -> tuple[CurvePoint, ...]:
    """TTFT, TPOT and throughput against concurrency, log-spaced from 1 to ``upper``."""
    shape = ctx.shape(ctx.running_cap())
    top = max(upper, 2.0)
    values = sorted({max(1, round(top ** (i / (points - 1)))) for i in range(points)})
    curve = []
    for n in values:
        p = closed_loop(ctx.step, shape, n)
        # model_construct: values come straight from floats computed here (hot path)
        curve.append(CurvePoint.model_construct(concurrency=float(n), ttft_ms=p.ttft_s * 1000,
                                                tpot_ms=p.tpot_s * 1000,
                                                output_tokens_per_s=p.output_tok_s))
    return tuple(curve)


def knee(curve: tuple[CurvePoint, ...]) -> float:
    """Smallest concurrency reaching 90 % of the curve's best throughput (more buys latency)."""
    best = max((c.output_tokens_per_s for c in curve), default=0.0)
    return next((c.concurrency for c in curve
                 if c.output_tokens_per_s >= KNEE_THROUGHPUT_SHARE * best), 0.0)


def _step_breakdown(ctx: PerfContext, running: float) -> tuple[Term, ...]:
    s = ctx.step
    context = ctx.mean_input + ctx.mean_output / 2
    prefill = prefill_per_step(running, ctx.mean_input, ctx.mean_output, ctx.token_budget)
    tokens = running + prefill
    parts = {
        "gemm": s.gemm_seconds(tokens, running),
        "attention": s.attention_seconds(running, context, prefill, ctx.mean_input / 2),
        "communication": s.comm_seconds(tokens) + s.pipeline_seconds(tokens),
        "overhead": s.overhead_s,
    }
    formulas = {
        "gemm": "max(2 × active params × tokens ÷ (peak × gemm eff), weight bytes ÷ (BW × mem eff))",
        "attention": "max(attention FLOPs ÷ rate, KV bytes read ÷ (BW × mem eff)) + prefill FLOPs",
        "communication": "2 × layers × (latency + 2(n−1)/n × tokens × hidden × 2 B ÷ link) + EP + PP",
        "overhead": "fixed scheduler/launch cost per step",
    }
    return tuple(term(f"step.{k}_ms", v * 1000, "ms", formulas[k],
                      {"running": round(running, 1), "prefill_tokens": round(prefill, 1)},
                      (ctx.efficiency.source,)) for k, v in parts.items())


def calculate_performance(inputs: PlanInputs, memory: MemoryResult,
                          load: LoadRequest | None = None) -> PerformanceResult:
    """Ceilings, recommendation and latency/throughput for a plan that fits."""
    ctx = build_context(inputs, memory)
    ceilings = three_ceilings(ctx, inputs)
    binding = next(c for c in ceilings if c.binding)
    recommended = int(binding.value.value)
    watermark = inputs.targets.watermark
    shape = ctx.shape(ctx.running_cap())
    saturated = closed_loop(ctx.step, shape, shape.running_cap)
    at_rec = closed_loop(ctx.step, shape, max(recommended, 1))
    load = load or LoadRequest()
    if load.concurrency is not None:
        point, label = closed_loop(ctx.step, shape, load.concurrency), "at_concurrency"
    elif load.request_rate is not None:
        point = open_loop(ctx.step, shape, load.request_rate, load.num_prompts)
        label = "at_request_rate"
    else:
        point, label = open_loop(ctx.step, shape, math.inf, load.num_prompts), "offline_max"
    curve = load_curve(ctx, max(shape.running_cap, recommended * 2, 2))
    comm = ctx.comm_seconds_at(max(recommended, 1))
    step = at_rec.step_s if math.isfinite(at_rec.step_s) else 0.0
    return PerformanceResult(
        ceilings=ceilings,
        recommended_concurrency=term(
            "recommended_concurrency", recommended, "requests", "min(memory, compute, interconnect)",
            {c.kind.value: c.value.value for c in ceilings}),
        bottleneck=binding.kind,
        advice=advice(binding.kind, inputs, memory, ctx),
        online_capacity=term(
            "online_capacity", math.floor(watermark * recommended), "requests",
            "floor(watermark × recommended concurrency)",
            {"watermark": watermark, "recommended": recommended},
            ("seed 000: plan online capacity at about 70 % of the knee",)),
        comm_share=term("comm_share", comm / step if step else 0.0, "", "communication ÷ step time",
                        {"comm_ms": round(comm * 1000, 3), "step_ms": round(step * 1000, 3)}),
        step_breakdown_ms=_step_breakdown(ctx, max(recommended, 1)),
        operating_point=_summary(label, point, "continuous batching with chunked prefill"),
        at_recommended=_summary("at_recommended", at_rec, "closed loop at the recommendation"),
        offline_max=_summary("offline_max", saturated, "batch filled to KV and scheduler caps"),
        load_curve=curve,
        knee_concurrency=term("knee_concurrency", knee(curve), "requests",
                              "smallest concurrency reaching 90 % of peak throughput", {}),
        efficiency=ctx.efficiency,
        replicas=inputs.deployment.replicas,
        per_class=class_latencies(ctx, class_rows(inputs), history_tokens(inputs), recommended),
    )


def calculate(inputs: PlanInputs, load: LoadRequest | None = None) -> Result:
    """Memory picture plus, when the model fits, ceilings and latency under load."""
    memory = calculate_memory(inputs)
    if not memory.fits:
        return Result(memory=memory)
    return Result(memory=memory, performance=calculate_performance(inputs, memory, load))
