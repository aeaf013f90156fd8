"""Context-length sweep of the ceilings and the scheduler cap (with crossovers), the per-card grid."""

from __future__ import annotations

import dataclasses
import itertools
import math

from pydantic import BaseModel, ConfigDict

from gpucalc.core.inputs import PlanInputs
from gpucalc.core.memory_plan import calculate_memory
from gpucalc.core.perf_model import PerfContext, build_context, largest_satisfying
from gpucalc.core.perf_result import CeilingKind
from gpucalc.core.precision import KvFormat, WeightFormat


class SweepPoint(BaseModel):
    """Ceilings at one context length (requests per replica)."""

    model_config = ConfigDict(frozen=True)

    context_tokens: int
    memory: float  # the KV cache alone
    compute: float
    interconnect: float | None  # None: no inter-GPU communication
    scheduler: float  # max_num_seqs
    binding: CeilingKind

    @property
    def recommended(self) -> float:
        """Smallest of the ceilings."""
        values = [self.memory, self.compute, self.scheduler] + (
            [self.interconnect] if self.interconnect else [])
        return min(values)


class Crossover(BaseModel):
    """Context length where the binding constraint changes."""

    model_config = ConfigDict(frozen=True)

    context_tokens: int
    before: CeilingKind
    after: CeilingKind


class ContextSweep(BaseModel):
    """Ceilings against context length."""

    model_config = ConfigDict(frozen=True)

    points: tuple[SweepPoint, ...]
    crossovers: tuple[Crossover, ...]
    output_tokens: int


def context_points(max_tokens: int, count: int = 256, start: int = 256) -> list[int]:
    """``count`` log-spaced context lengths from ``start`` to ``max_tokens``."""
    top = max(max_tokens, start + 1)
    ratio = math.log(top / start)
    return sorted({round(start * math.exp(ratio * i / (count - 1))) for i in range(count)})


def _at_context(ctx: PerfContext, context: int, output: int) -> PerfContext:
    prompt = max(context - output, 1)
    return dataclasses.replace(ctx, mean_input=float(prompt), p95_input=float(prompt),
                               planning_tokens=context, mean_output=float(output))


def sweep_point(ctx: PerfContext, context: int, output: int, tp: int, pp: int,
                previous: SweepPoint | None = None) -> SweepPoint:
    """The three ceilings at one context length (``previous``: a shorter context's point)."""
    local = _at_context(ctx, context, output)
    memory = float(math.floor(local.memory_requests()))
    compute = float(largest_satisfying(local.meets_latency,
                                       hint=int(previous.compute) if previous else None))
    link: float | None = None
    if tp > 1 or pp > 1:
        hint = int(previous.interconnect) if previous and previous.interconnect else None
        link = float(largest_satisfying(local.meets_comm, hint=hint))
    values = {CeilingKind.MEMORY: memory, CeilingKind.COMPUTE: compute}
    if link is not None:
        values[CeilingKind.INTERCONNECT] = link
    values[CeilingKind.SCHEDULER] = float(local.max_num_seqs)
    binding = min(values, key=lambda k: values[k])
    # model_construct: every field is computed above with its final type (hot path)
    return SweepPoint.model_construct(context_tokens=context, memory=memory, compute=compute,
                                      interconnect=link, scheduler=float(local.max_num_seqs),
                                      binding=binding)


def context_sweep(inputs: PlanInputs, count: int = 256, max_tokens: int | None = None) -> ContextSweep:
    """Each ceiling as a function of context length, 256 tokens up to the model's maximum."""
    memory = calculate_memory(inputs)
    ctx = build_context(inputs, memory)
    top = max_tokens or int(memory.settings.max_model_len.value)
    output = min(inputs.workload.output_len_p50, max(top // 4, 1))
    dep = inputs.deployment
    points: list[SweepPoint] = []
    for n in context_points(top, count):
        points.append(sweep_point(ctx, n, output, dep.tensor_parallel_size,
                                  dep.pipeline_parallel_size, points[-1] if points else None))
    crossovers = [Crossover(context_tokens=b.context_tokens, before=a.binding, after=b.binding)
                  for a, b in itertools.pairwise(points) if a.binding != b.binding]
    return ContextSweep(points=tuple(points), crossovers=tuple(crossovers), output_tokens=output)


class GridCell(BaseModel):
    """Concurrency at the SLO for one context tier and one precision tier."""

    model_config = ConfigDict(frozen=True)

    context_tier: str
    context_tokens: int
    precision_tier: str
    weight_format: str
    kv_format: str
    concurrency: float
    binding: CeilingKind | None  # None: does not fit


CONTEXT_TIERS = (("short", 1024), ("medium", 4096), ("long", 16384), ("very_long", 65536))


def per_card_grid(inputs: PlanInputs, tiers: dict[str, tuple[WeightFormat, KvFormat]]) -> tuple[
        GridCell, ...]:
    """Seed 001's grid: context tier × precision tier → concurrency at the SLO."""
    cells = []
    dep = inputs.deployment
    for tier, (weights, kv) in tiers.items():
        variant = inputs.model_copy(update={"weight_format": weights, "kv_format": kv,
                                            "body_format_is_checkpoint": False})
        longest = max(n for _, n in CONTEXT_TIERS)
        variant = variant.model_copy(update={"deployment": dep.model_copy(
            update={"max_model_len": max(dep.max_model_len or 0, longest)})})
        memory = calculate_memory(variant)
        ctx = build_context(variant, memory) if memory.kv_cache_tokens.value > 0 else None
        for name, tokens in CONTEXT_TIERS:
            if ctx is None or tokens > variant.model.max_position_embeddings:
                cells.append(GridCell(context_tier=name, context_tokens=tokens, precision_tier=tier,
                                      weight_format=weights.id, kv_format=kv.id, concurrency=0.0,
                                      binding=None))
                continue
            output = min(inputs.workload.output_len_p50, tokens // 4)
            point = sweep_point(ctx, tokens, output, dep.tensor_parallel_size,
                                dep.pipeline_parallel_size)
            fits = point.memory >= 1
            cells.append(GridCell(
                context_tier=name, context_tokens=tokens, precision_tier=tier,
                weight_format=weights.id, kv_format=kv.id,
                concurrency=point.recommended if fits else 0.0,
                binding=point.binding if fits else None))
    return tuple(cells)
