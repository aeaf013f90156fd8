"""Size a fleet backwards from traffic: layouts per GPU, replicas, redundancy and cost.

Every row is the estimate of that layout: the same engine answer (:func:`gpucalc.core.capacity.engine_answer.
engine_answer`) the plan computes, and the same fleet rule (:func:`gpucalc.core.fleet.fleet.
fleet_verdict`). The layouts tried per GPU type and precision: every tensor-parallel size up to
a node (those past the GPU's fast-link domain are kept and flagged), pipeline stages across nodes
for a model one node cannot hold, and, for a MoE model, attention data parallel with expert
parallel (DP × TP) whether or not TP alone fits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.capacity.engine_answer import EngineAnswer, engine_answer
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.rates import planned_concurrency, planning_watermark
from gpucalc.core.capacity.tail_latency import Arrivals
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.units import MS_PER_S
from gpucalc.core.fleet.disaggregation import disaggregated_plan
from gpucalc.core.fleet.fleet import (
    DEFAULT_SPARE_REPLICAS,
    MAX_SPARE_REPLICAS,
    SECONDS_PER_DAY,
    FleetPolicy,
    fleet_verdict,
)
from gpucalc.core.memory.memory_plan import calculate_memory, weights_alone_overflow
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.topology import default_gpus_per_node, link_domain_gpus
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.inputs import PlanInputs, TrafficMode
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from gpucalc.core.specs.quality import below_checkpoint, checkpoint_bits_per_weight
from gpucalc.core.specs.workload_shape import mean_lengths

TP_CHOICES = (1, 2, 4, 8, 16, 32, 64)
DP_CHOICES = (2, 4, 8, 16)  # DP ranks tried for a DP + EP engine
PP_CHOICES = (2, 4)  # pipeline stages across nodes for a model one node cannot hold
MAX_DP_EP_GPUS = 64  # the widest DP + EP engine sizing proposes


class SizingRequest(BaseModel):
    """Traffic to serve and the fleet policy."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    qps_avg: float = Field(gt=0, le=1e6)
    qps_peak: float | None = Field(default=None, gt=0, le=1e6)
    size_for_peak: bool = Field(default=True, description="False: peaks queue / are rate-limited.")
    redundancy: int = Field(default=DEFAULT_SPARE_REPLICAS, ge=0, le=MAX_SPARE_REPLICAS,
                            description="Spare replicas (N + k).")
    offline_tokens_per_day: float = Field(default=0.0, ge=0, description="Batch traffic to backfill.")
    pinned_layout: tuple[int | None, int | None, int | None] = Field(
        default=(None, None, None),
        description="(TP, PP, DP) the search keeps to; None leaves that one free.")


def engine_shape_text(tp: int, pp: int, dp: int) -> str:
    """'8', '4×PP2', '1×DP8': an engine's TP with × PP and × DP where it has them."""
    text = str(tp)
    if pp > 1:
        text += f"×PP{pp}"
    if dp > 1:
        text += f"×DP{dp}"
    return text


class SizingRow(BaseModel):
    """One way to serve the traffic (GPU type × precision × layout)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    gpu: str
    gpu_name: str
    precision: str
    kv_format: str
    tensor_parallel_size: int
    pipeline_parallel_size: int = 1
    data_parallel_size: int = Field(default=1, description="DP ranks of one engine (DP + EP layouts).")
    recommended_concurrency: int = Field(description="Concurrency: requests in flight per replica.")
    online_capacity: int = Field(description="Planned concurrency per replica.")
    bottleneck: str = Field(description="The binding limit: memory, ttft, tpot, interconnect or "
                                        "scheduler.")
    requests_per_s_per_replica: float = Field(description="Planned rate (the average's).")
    rate_capacity_per_replica: float = Field(default=0.0, description="Rate capacity per replica.")
    replicas_needed: int
    replicas_total: int
    gpus_total: int
    utilization: float = Field(description="Average QPS ÷ (N + k) replicas' rate capacity.")
    ttft_ms: float = Field(description="P-th TTFT at the concurrency.")
    tpot_ms: float = Field(description="P-th TPOT at the concurrency.")
    price_usd_per_gpu_hour: float | None
    cost_usd_per_hour: float | None
    cost_usd_per_million_output_tokens: float | None
    offline_tokens_per_day_spare: float
    quantized_below_checkpoint: bool = Field(
        default=False, description="A lower precision than the checkpoint's: quality to be measured.")
    past_fast_link: bool = Field(default=False, description="TP spans more GPUs than the fast-link "
                                                            "domain: collectives leave NVLink.")
    pareto: bool = False
    # prefill/decode disaggregation: which layout the row prices
    layout: str = Field(default="aggregated", description="'aggregated', or the xPyD ratio of a "
                        "disaggregated layout (TP, knee, rates and TPOT are its decode pool's).")

    @property
    def layout_text(self) -> str:
        """TP, with × PP and × DP where the engine has them, as the sizing tables show it."""
        return engine_shape_text(self.tensor_parallel_size, self.pipeline_parallel_size,
                                 self.data_parallel_size)

    @property
    def gpus_per_replica(self) -> int:
        """GPUs of one replica (DP × TP × PP)."""
        return self.tensor_parallel_size * self.pipeline_parallel_size * self.data_parallel_size


def layout_variant(inputs: PlanInputs, weights: WeightFormat | None, kv: KvFormat | None, tp: int,
                   pp: int = 1, dp: int = 1) -> PlanInputs:
    """``inputs`` as one engine of DP ``dp`` × TP ``tp`` × PP ``pp`` (``None`` keeps a precision).

    Validated like any input: a layout the deployment rules refuse raises. Expert parallel is
    on for a DP engine (its experts shard over DP × TP) and as asked otherwise; decode context
    parallel stays where it divides the new TP.
    """
    dep = inputs.deployment
    deployment = dep.model_validate({
        **dep.model_dump(), "tensor_parallel_size": tp, "pipeline_parallel_size": pp,
        "num_gpus": tp * pp * dp, "data_parallel_size": dp,
        "enable_expert_parallel": dep.enable_expert_parallel or dp > 1,
        "num_redundant_experts": dep.num_redundant_experts if dp > 1 else 0,
        "decode_context_parallel_size": dep.decode_context_parallel_size
        if tp % dep.decode_context_parallel_size == 0 else 1,
        "nodes": None})  # as many nodes as the engine's GPUs fill
    update: dict[str, object] = {"deployment": deployment}
    if weights is not None:
        update |= {"weight_format": weights, "body_format_is_checkpoint": False}
    if kv is not None:
        update["kv_format"] = kv
    return inputs.model_copy(update=update)


def layout_answer(inputs: PlanInputs, memory: MemoryResult | None = None) -> EngineAnswer | None:
    """The engine answer of one layout; None when it does not fit or no request meets the SLO.

    The same path as ``calculate()``: memory, ceilings, the two measures.
    """
    if memory is None:
        try:
            memory = calculate_memory(inputs, single_gpu_check=False)
        except PlanError:
            return None
    if not memory.fits:
        return None
    try:
        answer = engine_answer(inputs, memory)
    except PlanError:
        return None
    return answer if answer.concurrency >= 1 and answer.rates.requests_per_s_capacity > 0 else None


def size_option(inputs: PlanInputs, request: SizingRequest,
                memory: MemoryResult | None = None,
                checkpoint_bits: float | None = None) -> SizingRow | None:
    """Size the fleet for one GPU, precision and layout; None when it cannot meet the SLO.

    ``memory`` is the memory result of ``inputs`` when the caller already has it;
    ``checkpoint_bits`` the checkpoint's bits per weight when ``inputs`` is a what-if variant.
    """
    answer = layout_answer(inputs, memory)
    row = sizing_row(inputs, request, answer) if answer is not None else None
    if row is None:
        return None
    return row.model_copy(update={"quantized_below_checkpoint":
                                  below_checkpoint(inputs, checkpoint_bits)})


def sizing_row(inputs: PlanInputs, request: SizingRequest, answer: EngineAnswer) -> SizingRow | None:
    """The row of one layout: the fleet verdict's replicas and GPUs, cost and backfill."""
    gpu, dep, rates = inputs.gpu, inputs.deployment, answer.rates
    workload = inputs.workload.model_copy(update={"qps_avg": request.qps_avg,
                                                   "qps_peak": request.qps_peak})
    policy = FleetPolicy(spare_replicas=request.redundancy, size_for_peak=request.size_for_peak)
    _, mean_out = mean_lengths(inputs.workload)
    verdict = fleet_verdict(rates, workload, dep.gpus_per_engine, dep.gpus_per_engine,
                            gpu.usable_price_usd_per_hour, mean_out, policy)
    if verdict is None:
        return None
    needed, total = int(verdict.replicas.value), int(verdict.replicas_needed.value)
    cost = verdict.cost_per_hour_usd.value if verdict.cost_per_hour_usd is not None else None
    per_million = verdict.cost_per_million_output_tokens_usd
    spare = max(rates.output_tokens_per_s_saturated * total - request.qps_avg * mean_out, 0.0)
    return SizingRow(
        gpu=gpu.id, gpu_name=gpu.name, precision=inputs.weight_format.id,
        kv_format=inputs.kv_format.id, tensor_parallel_size=dep.tensor_parallel_size,
        pipeline_parallel_size=dep.pipeline_parallel_size,
        data_parallel_size=dep.data_parallel_size,
        recommended_concurrency=rates.concurrency, online_capacity=rates.planned_concurrency,
        bottleneck=answer.values.binding_limit.value,
        requests_per_s_per_replica=rates.requests_per_s_planned,
        rate_capacity_per_replica=rates.requests_per_s_capacity,
        replicas_needed=needed, replicas_total=total, gpus_total=int(verdict.gpus_needed.value),
        utilization=request.qps_avg / (total * rates.requests_per_s_capacity),
        ttft_ms=answer.tail.ttft_s * 1000, tpot_ms=answer.tail.tpot_s * 1000,
        price_usd_per_gpu_hour=verdict.price_usd_per_gpu_hour, cost_usd_per_hour=cost,
        cost_usd_per_million_output_tokens=per_million.value if per_million is not None else None,
        offline_tokens_per_day_spare=spare * SECONDS_PER_DAY,
        past_fast_link=dep.tensor_parallel_size > link_domain_gpus(gpu),
    )


def disaggregated_option(inputs: PlanInputs, request: SizingRequest,
                         checkpoint_bits: float | None = None) -> SizingRow | None:
    """The same traffic on prefill and decode pools (xPyD), N + k replicas in each pool.

    Each pool fails on its own, so each keeps ``redundancy`` spare replicas; the knee, rates
    and TPOT are the decode pool's, the TTFT the prefill pool's (queue, prefill, KV transfer).
    None when a pool cannot meet its target.
    """
    workload = inputs.workload.model_copy(update={"qps_avg": request.qps_avg,
                                                   "qps_peak": request.qps_peak or request.qps_avg})
    try:
        d = disaggregated_plan(inputs.model_copy(update={"workload": workload}))
    except PlanError:
        return None
    k = request.redundancy
    gpus = d.gpus_with_spares(k)
    price = inputs.gpu.usable_price_usd_per_hour
    cost = gpus * price if price is not None else None
    _, mean_out = mean_lengths(workload)
    knee = int(d.decode_knee_requests.value)
    watermark = planning_watermark(inputs.targets, workload.mode)
    rate = d.decode_requests_per_s_per_replica.value
    limits = d.decode_knee_requests.inputs
    bound = min(("memory", "scheduler", "tpot"), key=lambda name: float(limits[name]))
    return SizingRow(
        gpu=inputs.gpu.id, gpu_name=inputs.gpu.name, precision=inputs.weight_format.id,
        kv_format=inputs.kv_format.id, tensor_parallel_size=d.decode_tp,
        recommended_concurrency=knee, online_capacity=planned_concurrency(knee, watermark, None)[0],
        bottleneck=bound, requests_per_s_per_replica=watermark * rate,
        rate_capacity_per_replica=rate,
        replicas_needed=d.prefill_replicas + d.decode_replicas,
        replicas_total=d.prefill_replicas + d.decode_replicas + 2 * k, gpus_total=gpus,
        utilization=request.qps_avg / ((d.decode_replicas + k) * rate),
        ttft_ms=d.ttft_ms.value, tpot_ms=d.decode_tpot_ms.value, price_usd_per_gpu_hour=price,
        cost_usd_per_hour=cost,
        cost_usd_per_million_output_tokens=(cost / (request.qps_avg * mean_out * 3600) * 1e6)
        if cost else None,
        offline_tokens_per_day_spare=0.0, layout=d.ratio,
        quantized_below_checkpoint=below_checkpoint(inputs, checkpoint_bits))


def candidate_layouts(inputs: PlanInputs) -> Iterable[tuple[int, int, int]]:
    """(TP, PP, DP) engine shapes worth sizing on ``inputs``' GPU, smallest first.

    Every TP up to one node; for a MoE model, DP × TP expert-parallel engines within a node
    (attention TP inside the fast-link domain); then the engines across nodes: pipeline stages
    of the widest TP and, for a MoE model, DP × TP engines, by GPU count.
    """
    gpu, dep = inputs.gpu, inputs.deployment
    node = dep.gpus_per_node or default_gpus_per_node(gpu)
    domain = min(link_domain_gpus(gpu), node)
    tps = [tp for tp in TP_CHOICES if tp <= node]
    yield from ((tp, 1, 1) for tp in tps)
    moe = inputs.model.moe is not None
    if moe:
        yield from ((tp, 1, dp) for tp in tps if tp <= domain for dp in DP_CHOICES if tp * dp <= node)
    across = [(tps[-1], pp, 1) for pp in PP_CHOICES]
    if moe:
        across += [(tp, 1, dp) for tp in tps if tp <= domain for dp in DP_CHOICES
                   if node < tp * dp <= MAX_DP_EP_GPUS]
    yield from sorted(across, key=lambda shape: (shape[0] * shape[1] * shape[2], shape[1], shape[0]))


def pinned_layouts(inputs: PlanInputs,
                   pinned: tuple[int | None, int | None, int | None]) -> list[tuple[int, int, int]]:
    """The candidate layouts that keep to ``pinned`` (TP, PP, DP; None is free), smallest first.

    A fully pinned shape the candidates lack (TP 4 × PP 2, say) is tried as it is.
    """
    shapes = [shape for shape in candidate_layouts(inputs)
              if all(want is None or want == got for want, got in zip(pinned, shape, strict=True))]
    exact = tuple(1 if want is None else want for want in pinned)
    if all(want is not None for want in pinned) or not shapes:
        tp, pp, dp = exact
        if (tp, pp, dp) not in shapes:
            shapes.append((tp, pp, dp))
    return shapes


def search_precisions(tiers: Sequence[tuple[WeightFormat, KvFormat]], pin_weights: bool,
                      pin_kv: bool) -> list[tuple[WeightFormat | None, KvFormat | None]]:
    """(weights, KV) pairs to size: every tier, with the scenario's own where it is pinned (None)."""
    pairs: list[tuple[WeightFormat | None, KvFormat | None]] = []
    for weights, kv in tiers:
        pair = (None if pin_weights else weights, None if pin_kv else kv)
        if pair not in pairs:
            pairs.append(pair)
    return pairs


def _fitting_layouts(inputs: PlanInputs, weights: WeightFormat | None, kv: KvFormat | None,
                     across_nodes: bool = False,
                     pinned: tuple[int | None, int | None, int | None] = (None, None, None),
                     ) -> Iterable[tuple[PlanInputs, MemoryResult]]:
    """The layouts of :func:`candidate_layouts` that hold the model, each with its memory result.

    Inside one node, or (``across_nodes``) the engines spanning nodes, of the fewest GPUs that
    hold the model; only those that keep to ``pinned`` (TP, PP, DP; None is free).
    """
    node = inputs.deployment.gpus_per_node or default_gpus_per_node(inputs.gpu)
    fewest: int | None = None
    for tp, pp, dp in pinned_layouts(inputs, pinned):
        gpus = tp * pp * dp
        if (gpus > node) != across_nodes or (fewest is not None and gpus > fewest):
            continue
        try:
            variant = layout_variant(inputs, weights, kv, tp, pp, dp)
        except (PlanError, ValueError):  # a layout the deployment rules refuse
            continue
        fitting = _fitting(variant)
        if fitting is None:
            continue
        if across_nodes:
            fewest = gpus
        yield fitting


def _fitting(variant: PlanInputs) -> tuple[PlanInputs, MemoryResult] | None:
    """``variant`` with its memory result when it fits; None when it does not or cannot split."""
    try:
        if weights_alone_overflow(variant):
            return None
        memory = calculate_memory(variant, single_gpu_check=False)
    except PlanError:
        return None
    return (variant, memory) if memory.fits else None


def mark_pareto(rows: list[SizingRow]) -> list[SizingRow]:
    """Flag rows not beaten on both cost per hour and TPOT."""
    priced = sorted((r for r in rows if r.cost_usd_per_hour is not None),
                    key=lambda r: (r.cost_usd_per_hour or 0.0, r.tpot_ms))
    best_tpot = math.inf
    front = set()
    for row in priced:
        if row.tpot_ms < best_tpot:
            best_tpot = row.tpot_ms
            front.add(id(row))
    return [r.model_copy(update={"pareto": True}) if id(r) in front else r for r in rows]


def _layout_rows(inputs: PlanInputs, weights: WeightFormat | None, kv: KvFormat | None,
                 request: SizingRequest, reference_bits: float | None, disaggregated: bool,
                 across_nodes: bool = False) -> list[SizingRow]:
    """The rows of every layout of one GPU and precision that serves the traffic."""
    rows = []
    for variant, memory in _fitting_layouts(inputs, weights, kv, across_nodes,
                                            request.pinned_layout):
        row = size_option(variant, request, memory, reference_bits)
        if row is not None:
            rows.append(row)
        split = disaggregated_option(variant, request, reference_bits) if disaggregated else None
        if split is not None:
            rows.append(split)
    return rows


class FastestLayout(BaseModel):
    """The layout of one GPU and precision with the lowest latency at one request in flight."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    gpu_name: str
    tensor_parallel_size: int
    pipeline_parallel_size: int
    data_parallel_size: int
    percentile: int
    ttft_ms: float = Field(description="P-th TTFT with one request in flight.")
    tpot_ms: float = Field(description="P-th TPOT with one request in flight.")

    @property
    def layout_text(self) -> str:
        """TP, with × PP and × DP where the engine has them, as the sizing tables show it."""
        return engine_shape_text(self.tensor_parallel_size, self.pipeline_parallel_size,
                                 self.data_parallel_size)


def fastest_layout(inputs: PlanInputs) -> FastestLayout | None:
    """The layout of ``inputs``' GPU and precision closest to the targets at one request in flight.

    Closest: the lowest of the larger of P-th TTFT ÷ its target and TPOT ÷ its target, over the
    layouts that hold the model (in one node first). None when no layout holds it.
    """
    best: tuple[float, FastestLayout] | None = None
    for across_nodes in (False, True):
        for variant, memory in _fitting_layouts(inputs, None, None, across_nodes):
            ctx = build_context(variant, memory)
            tail = ctx.tail_at(1.0, Arrivals.CLOSED_LOOP)
            score = max(tail.ttft_s / ctx.ttft_target_s, tail.tpot_s / ctx.tpot_target_s)
            if best is None or score < best[0]:
                dep = variant.deployment
                best = (score, FastestLayout(
                    gpu_name=variant.gpu.name, tensor_parallel_size=dep.tensor_parallel_size,
                    pipeline_parallel_size=dep.pipeline_parallel_size,
                    data_parallel_size=dep.data_parallel_size, percentile=ctx.percentile,
                    ttft_ms=tail.ttft_s * MS_PER_S, tpot_ms=tail.tpot_s * MS_PER_S))
        if best is not None:
            break
    return None if best is None else best[1]


class SizingCancelled(Exception):  # noqa: N818 (a stop signal, not an error)
    """The progress callback asked to stop."""


def size_fleet(base: PlanInputs, gpus: Sequence[GpuSpec],
               precisions: Sequence[tuple[WeightFormat | None, KvFormat | None]],
               request: SizingRequest,
               progress: Callable[[float], bool] | None = None) -> list[SizingRow]:
    """Rank every GPU × precision × layout that meets the SLO by cost (then GPU count).

    ``precisions`` are (weights, KV) pairs; ``None`` pins that one to the scenario's own. A GPU
    without a price ranks after the priced ones, by GPU count. ``progress`` is called with the
    share of GPU types done; returning False cancels (:class:`SizingCancelled`).
    """
    rows: list[SizingRow] = []
    reference_bits = checkpoint_bits_per_weight(base)
    disaggregated = base.deployment.disaggregation.enabled
    for done, gpu in enumerate(gpus):
        if progress is not None and not progress(done / max(len(gpus), 1)):
            raise SizingCancelled
        with_gpu = base.model_copy(update={"gpu": gpu})
        for weights, kv in precisions:
            found = _layout_rows(with_gpu, weights, kv, request, reference_bits, disaggregated)
            rows += found or _layout_rows(with_gpu, weights, kv, request, reference_bits,
                                          disaggregated, across_nodes=True)
    rows.sort(key=sizing_rank_key)
    return mark_pareto(rows)


def sizing_rank_key(row: SizingRow) -> tuple[bool, float, float]:
    """Rank: priced rows cheapest first (then fewer GPUs); a GPU without a price after them.

    A row whose GPU has no price has no cost to compare, so those rows are ranked by GPU count
    (then TPOT) instead.
    """
    if row.cost_usd_per_hour is None:
        return True, float(row.gpus_total), row.tpot_ms
    return False, row.cost_usd_per_hour, float(row.gpus_total)


__all__ = [
    "FastestLayout",
    "SizingCancelled",
    "SizingRequest",
    "SizingRow",
    "TrafficMode",
    "fastest_layout",
    "pinned_layouts",
    "search_precisions",
    "size_fleet",
    "size_option",
    "sizing_rank_key",
]
