"""Context-length sweep of the ceilings and the scheduler cap (with crossovers), the per-card grid.

Both evaluate the answer's own ceilings (:func:`gpucalc.core.capacity.ceilings.ceiling_values`) on the
scenario's request shape scaled to another length. The sweep axis is the *planning length*: the KV
tokens one request holds at seed 000's planning point (P95 input + chat history + P95 output, or
the longest class). Every length of the scenario (P50 and P95 input and output, history, classes)
scales in proportion, so the input/output split stays the scenario's, and at the scenario's own
planning length the point is the answer, bit for bit.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from gpucalc.core.capacity.ceilings import (
    CeilingValues,
    binding_of,
    ceiling_values,
    ceiling_values_at_lengths,
    limit_kind,
)
from gpucalc.core.capacity.perf_model import PerfContext, build_context
from gpucalc.core.capacity.perf_result import CeilingKind, LimitKind
from gpucalc.core.capacity.tail_latency import length_mix
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import PlanInputs, Workload
from gpucalc.core.specs.precision import ComputeDtype, KvFormat, WeightFormat
from gpucalc.core.specs.weight_only import served_weight_format
from gpucalc.core.specs.workload_shape import mean_lengths, planning_tokens

SIXTEEN_BITS = 16
SIXTEEN_BIT_MATH = frozenset({ComputeDtype.BF16, ComputeDtype.FP16})
SCENARIO_TIER = "scenario"  # the grid's row (context) and column (precision) of the scenario itself
CONTEXT_AXIS = "planning length: KV tokens per request, every length scaled in the scenario's proportion"


class SweepPoint(BaseModel):
    """Ceilings at one planning length (requests in flight per replica: one engine)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    context_tokens: int = Field(description="Planning length: KV tokens one request holds.")
    memory: float  # the KV cache alone
    compute: float
    interconnect: float | None  # None: no inter-GPU communication
    scheduler: float = Field(description="The scheduler cap (max_num_seqs), requests.")
    recommended: float = Field(description="The binding (smallest) ceiling, requests.")
    binding: CeilingKind
    binding_limit: LimitKind = Field(description="What binds, the latency target named where "
                                                 "compute binds.")


class Crossover(BaseModel):
    """Planning length where the binding constraint changes."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    context_tokens: int
    before: CeilingKind
    after: CeilingKind


class ContextSweep(BaseModel):
    """Ceilings against planning length; the scenario's own length is one of the points."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    points: tuple[SweepPoint, ...]
    crossovers: tuple[Crossover, ...]
    planning_tokens: int = Field(description="The scenario's planning length (tokens).")
    output_share: float = Field(description="Mean output ÷ mean request length at every point.")

    def at(self, tokens: int) -> SweepPoint | None:
        """The point at exactly ``tokens`` (None when the sweep has no such point)."""
        return next((p for p in self.points if p.context_tokens == tokens), None)


def context_points(max_tokens: int, count: int = 256, start: int = 256) -> list[int]:
    """``count`` log-spaced context lengths from ``start`` to ``max_tokens``."""
    top = max(max_tokens, start + 1)
    ratio = math.log(top / start)
    return sorted({round(start * math.exp(ratio * i / (count - 1))) for i in range(count)})


def workload_at_planning_length(workload: Workload, tokens: int) -> Workload:
    """``workload`` with every length scaled by ``tokens`` ÷ its planning length.

    P50 and P95 input and output, chat history per turn and every class scale alike (rounded
    to whole tokens, at least 1), so the input/output split and the shape of the traffic stay
    the scenario's; at its own planning length the workload itself is returned.
    """
    planning = int(planning_tokens(workload).value)
    if tokens == planning:
        return workload
    scale = tokens / planning

    def scaled(n: int) -> int:
        return max(round(n * scale), 1)

    classes = tuple(c.model_copy(update={"input_len": scaled(c.input_len),
                                         "output_len": scaled(c.output_len)})
                    for c in workload.classes)
    p95_in, p95_out = workload.input_len_p95, workload.output_len_p95
    return workload.model_copy(update={
        "input_len_p50": scaled(workload.input_len_p50),
        "output_len_p50": scaled(workload.output_len_p50),
        "input_len_p95": scaled(p95_in) if p95_in is not None else None,
        "output_len_p95": scaled(p95_out) if p95_out is not None else None,
        "tokens_per_turn": round(workload.tokens_per_turn * scale), "classes": classes})


def at_planning_length(inputs: PlanInputs, tokens: int) -> PlanInputs:
    """``inputs`` with the workload scaled to a planning length of ``tokens`` (same deployment)."""
    workload = workload_at_planning_length(inputs.workload, tokens)
    return inputs if workload is inputs.workload else inputs.model_copy(update={"workload": workload})


def output_share(workload: Workload) -> float:
    """Mean output ÷ (mean input + mean output): the split every sweep point keeps (fraction)."""
    mean_in, mean_out = mean_lengths(workload)
    total = mean_in + mean_out
    return mean_out / total if total > 0 else 0.0


def context_at(base: PerfContext, scaled: Workload, tokens: int) -> PerfContext:
    """The answer's context for ``scaled`` (the scenario's workload at planning length ``tokens``).

    ``base`` is the scenario's own context. The workload's lengths are whole tokens, so the
    mean lengths and the P95 prompt are taken unrounded (``base``'s × tokens ÷ its planning
    length) and the KV need is exactly ``tokens``; the curves stay smooth along the axis. The
    step model, KV capacity, engine settings and targets do not depend on the workload: they
    are ``base``'s, and only the length distribution is the scaled workload's.
    """
    if tokens == base.planning_tokens:
        return base
    scale = tokens / base.planning_tokens
    return dataclasses.replace(base, mean_input=base.mean_input * scale,
                               mean_output=base.mean_output * scale,
                               p95_input=base.p95_input * scale, planning_tokens=tokens,
                               lengths=length_mix(scaled))


def _point_fields(values: CeilingValues, tokens: int) -> dict[str, object]:
    """The fields of the :class:`SweepPoint` of ``values`` at planning length ``tokens``."""
    limits = values.limits()
    binding = binding_of(limits)
    interconnect = limits[CeilingKind.INTERCONNECT]
    return {"context_tokens": tokens, "memory": float(limits[CeilingKind.MEMORY][0]),
            "compute": float(limits[CeilingKind.COMPUTE][0]) if values.latency_bound else 0.0,
            "interconnect": float(interconnect[0]) if interconnect[1] else None,
            "scheduler": float(limits[CeilingKind.SCHEDULER][0]),
            "recommended": float(limits[binding][0]), "binding": binding,
            "binding_limit": limit_kind(binding, values.compute.binding_target)}


@functools.cache
def _points_adapter() -> TypeAdapter[tuple[SweepPoint, ...]]:
    return TypeAdapter(tuple[SweepPoint, ...])


def sweep_point(inputs: PlanInputs, memory: MemoryResult, tokens: int,
                base: PerfContext | None = None) -> SweepPoint:
    """The answer's ceilings at planning length ``tokens`` (requests per replica).

    The same step model, KV cache and ceilings as the answer, for the scenario's workload
    scaled to ``tokens``; ``base`` is the scenario's own context when the caller has it.
    """
    scaled = at_planning_length(inputs, tokens)
    ctx = context_at(base or build_context(inputs, memory), scaled.workload, tokens)
    return SweepPoint.model_validate(_point_fields(ceiling_values(ctx, scaled), tokens))


def context_sweep(inputs: PlanInputs, count: int = 256, max_tokens: int | None = None) -> ContextSweep:
    """Each ceiling against planning length, 256 tokens up to max_model_len, and the scenario's.

    Every point is :func:`sweep_point` at its length (the scenario's own is the answer); the
    points' searches run together (:func:`gpucalc.core.capacity.ceilings.ceiling_values_at_lengths`).
    """
    memory = calculate_memory(inputs)
    planning = int(planning_tokens(inputs.workload).value)
    top = max_tokens or int(memory.settings.max_model_len.value)
    lengths = sorted({*context_points(top, count), planning})
    base = build_context(inputs, memory)
    # the deployment and the traffic mode are the scenario's at every length; the points are
    # validated in one go (hot path: far cheaper than one model at a time)
    points = _points_adapter().validate_python([
        _point_fields(values, n)
        for n, values in zip(lengths, ceiling_values_at_lengths(base, inputs, lengths), strict=True)])
    crossovers = [Crossover(context_tokens=b.context_tokens, before=a.binding, after=b.binding)
                  for a, b in itertools.pairwise(points) if a.binding != b.binding]
    return ContextSweep(points=points, crossovers=tuple(crossovers),
                        planning_tokens=planning, output_share=output_share(inputs.workload))


class GridCell(BaseModel):
    """Concurrency at the SLO for one context tier and one precision tier."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    context_tier: str
    context_tokens: int = Field(description="Planning length of this row (tokens per request).")
    precision_tier: str
    weight_format: str
    kv_format: str
    concurrency: float
    binding: CeilingKind | None  # None: does not fit, or the row is past the serving length
    binding_limit: LimitKind | None = Field(
        default=None, description="What binds, the latency target named where compute binds "
                                  "(at 0 requests: the target no concurrency meets).")
    weight_only: bool = Field(default=False, description="Low-bit weights multiplied in 16-bit "
                                                         "(W4A16, W8A16): memory saved, no faster math.")
    past_max_model_len: int | None = Field(
        default=None, description="The --max-model-len set in the scenario that this row's planning "
                                  "length exceeds (no figure: the engine refuses such requests).")
    past_model_context: int | None = Field(
        default=None, description="The model's context (max_position_embeddings) this row's "
                                  "planning length exceeds (no figure).")


CONTEXT_TIERS = (("short", 1024), ("medium", 4096), ("long", 16384), ("very_long", 65536))


def grid_contexts(planning: int) -> tuple[tuple[str, int], ...]:
    """Seed 001's context tiers and the scenario's planning length, shortest first."""
    return tuple(sorted((*CONTEXT_TIERS, (SCENARIO_TIER, planning)), key=lambda t: t[1]))


def grid_precisions(inputs: PlanInputs, tiers: Mapping[str, tuple[WeightFormat, KvFormat]]) -> dict[
        str, PlanInputs]:
    """Inputs per precision tier: the scenario's own where a tier is its precision.

    A scenario whose (weights, KV) pair is none of the tiers gets a column of its own.
    """
    own = (inputs.weight_format.id, inputs.kv_format.id)
    found: dict[str, PlanInputs] = {}
    for name, (weights, kv) in tiers.items():
        served = served_weight_format(weights, inputs.gpu)  # FP8 on an A100 is FP8 weight-only
        found[name] = inputs if (served.id, kv.id) == own else inputs.model_copy(update={
            "weight_format": weights, "kv_format": kv, "body_format_is_checkpoint": False})
    if inputs not in found.values():
        found[SCENARIO_TIER] = inputs
    return found


def _serving_length(inputs: PlanInputs, tokens: int) -> PlanInputs:
    """``inputs`` served with max_model_len = ``tokens`` (a tier row's own deployment)."""
    dep = inputs.deployment.model_copy(update={"max_model_len": tokens})
    return inputs.model_copy(update={"deployment": dep})


def is_weight_only(fmt: WeightFormat) -> bool:
    """Whether ``fmt`` stores its weights in fewer bits than it multiplies in (W4A16, W8A16)."""
    return fmt.compute_dtype in SIXTEEN_BIT_MATH and fmt.bits_per_weight < SIXTEEN_BITS


def _runs(memory: MemoryResult) -> bool:
    return memory.fits and memory.kv_cache_tokens.value > 0


def grid_cell(inputs: PlanInputs, tier: str, context: tuple[str, int],
              own: tuple[MemoryResult, PerfContext | None] | None = None) -> GridCell:
    """One cell: the answer's ceilings for ``inputs`` at planning length ``context``.

    The scenario's row uses the scenario's flags as they are (it is the answer, whatever the
    model's position limit). A tier past a --max-model-len the scenario sets, or past the model's
    position limit, has no figure (the engine refuses such requests) and says which; a tier
    row uses the scenario's flags when they serve its length; otherwise (the model's maximum
    length, which a KV cache that cannot hold one such request does not serve) it is served
    with max_model_len set to the row's length. ``own`` is the memory result of ``inputs`` and
    its context (None where it does not run) when the caller has them (the cells of one
    precision share them).
    """
    name, tokens = context
    cell = {"context_tier": name, "context_tokens": tokens, "precision_tier": tier,
            "weight_format": inputs.weight_format.id, "kv_format": inputs.kv_format.id,
            "weight_only": is_weight_only(inputs.weight_format)}
    limit, context_limit = inputs.deployment.max_model_len, inputs.model.max_position_embeddings
    if name != SCENARIO_TIER and limit is not None and tokens > limit:
        return GridCell(**cell, concurrency=0.0, binding=None, past_max_model_len=limit)
    if name != SCENARIO_TIER and tokens > context_limit:
        return GridCell(**cell, concurrency=0.0, binding=None, past_model_context=context_limit)
    memory, base = own or _own_context(inputs)
    variant = inputs
    served = int(memory.settings.max_model_len.value)
    if name != SCENARIO_TIER and (tokens > served or not _runs(memory)):
        variant, base = _serving_length(inputs, tokens), None
        memory = calculate_memory(variant)
    if not _runs(memory):
        return GridCell(**cell, concurrency=0.0, binding=None)
    point = sweep_point(variant, memory, tokens, base)
    fits = point.memory >= 1
    return GridCell(**cell, concurrency=point.recommended if fits else 0.0,
                    binding=point.binding if fits else None,
                    binding_limit=point.binding_limit if fits else None)


def per_card_grid(inputs: PlanInputs, tiers: Mapping[str, tuple[WeightFormat, KvFormat]]) -> tuple[
        GridCell, ...]:
    """Seed 001's grid: context tier × precision tier → concurrency at the SLO.

    Rows: the context tiers and the scenario's planning length; a cell is the answer's
    recommendation for that precision with the scenario's lengths scaled to the row's length,
    so the scenario's row at the scenario's precision is the answer itself.
    """
    contexts = grid_contexts(int(planning_tokens(inputs.workload).value))
    cells: list[GridCell] = []
    for tier, variant in grid_precisions(inputs, tiers).items():
        own = None if all(name != SCENARIO_TIER and tokens > variant.model.max_position_embeddings
                          for name, tokens in contexts) else _own_context(variant)
        cells += (grid_cell(variant, tier, context, own) for context in contexts)
    return tuple(cells)


def _own_context(inputs: PlanInputs) -> tuple[MemoryResult, PerfContext | None]:
    """The memory result of ``inputs`` and, where it runs, its context (a grid row's own)."""
    memory = calculate_memory(inputs)
    return memory, build_context(inputs, memory) if _runs(memory) else None
