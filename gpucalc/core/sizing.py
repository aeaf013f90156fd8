"""Size a fleet backwards from traffic: GPUs per replica, replicas, redundancy and cost."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.ceilings import ceiling_values
from gpucalc.core.disaggregation import disaggregated_plan
from gpucalc.core.errors import PlanError
from gpucalc.core.fleet import (
    SECONDS_PER_DAY,
    FleetPolicy,
    ReplicaRates,
    fleet_verdict,
    online_capacity_requests,
    planning_watermark,
    rates_at_points,
)
from gpucalc.core.gpu_spec import GpuSpec
from gpucalc.core.inputs import PlanInputs, TrafficMode
from gpucalc.core.load import closed_loop
from gpucalc.core.memory_plan import calculate_memory, weights_alone_overflow
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_model import build_context
from gpucalc.core.precision import KvFormat, WeightFormat
from gpucalc.core.quality import below_checkpoint, checkpoint_bits_per_weight
from gpucalc.core.topology import widest_fast_tp
from gpucalc.core.workload_shape import mean_lengths

TP_CHOICES = (1, 2, 4, 8)
DP_CHOICES = (2, 4, 8, 16)  # DP ranks tried for a DP + EP engine when TP alone does not fit


class SizingRequest(BaseModel):
    """Traffic to serve and the fleet policy."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    qps_avg: float = Field(gt=0, le=1e6)
    qps_peak: float | None = Field(default=None, gt=0, le=1e6)
    size_for_peak: bool = Field(default=True, description="False: peaks queue / are rate-limited.")
    redundancy: int = Field(default=1, ge=0, le=64, description="Spare replicas (N + k).")
    offline_tokens_per_day: float = Field(default=0.0, ge=0, description="Batch traffic to backfill.")


class SizingRow(BaseModel):
    """One way to serve the traffic (GPU type × precision × layout)."""

    model_config = ConfigDict(frozen=True)

    gpu: str
    gpu_name: str
    precision: str
    kv_format: str
    tensor_parallel_size: int
    data_parallel_size: int = Field(default=1, description="DP ranks of one engine (DP + EP layouts).")
    recommended_concurrency: int = Field(description="The knee: running requests per replica.")
    online_capacity: int = Field(description="Running requests per replica at the watermark.")
    bottleneck: str
    requests_per_s_per_replica: float = Field(description="At the watermark (the average's rate).")
    replicas_needed: int
    replicas_total: int
    gpus_total: int
    utilization: float = Field(description="Average QPS ÷ (N + k) replicas' rate at the knee.")
    ttft_ms: float
    tpot_ms: float
    price_usd_per_gpu_hour: float | None
    cost_usd_per_hour: float | None
    cost_usd_per_million_output_tokens: float | None
    offline_tokens_per_day_spare: float
    quantized_below_checkpoint: bool = Field(
        default=False, description="A lower precision than the checkpoint's: quality to be measured.")
    pareto: bool = False
    # prefill/decode disaggregation: which layout the row prices
    layout: str = Field(default="aggregated", description="'aggregated', or the xPyD ratio of a "
                        "disaggregated layout (TP, knee, rates and TPOT are its decode pool's).")

    @property
    def layout_text(self) -> str:
        """TP, or TP × DP for a DP + expert-parallel engine, as the sizing tables show it."""
        if self.data_parallel_size == 1:
            return str(self.tensor_parallel_size)
        return f"{self.tensor_parallel_size}×DP{self.data_parallel_size}"


def _variant(inputs: PlanInputs, weights: WeightFormat, kv: KvFormat, tp: int,
             dp: int = 1) -> PlanInputs:
    expert_parallel = inputs.deployment.enable_expert_parallel or dp > 1
    deployment = inputs.deployment.model_copy(update={
        "tensor_parallel_size": tp, "pipeline_parallel_size": 1, "num_gpus": tp * dp,
        "data_parallel_size": dp, "enable_expert_parallel": expert_parallel,
        "num_redundant_experts": inputs.deployment.num_redundant_experts if dp > 1 else 0})
    return inputs.model_copy(update={"weight_format": weights, "kv_format": kv,
                                     "body_format_is_checkpoint": False, "deployment": deployment})


class LayoutRates(BaseModel):
    """One layout's knee, its binding ceiling and its rates (the inputs of the fleet rule)."""

    model_config = ConfigDict(frozen=True)

    rates: ReplicaRates
    bottleneck: str
    ttft_ms_at_knee: float
    tpot_ms_at_knee: float


def layout_rates(inputs: PlanInputs, memory: MemoryResult | None = None) -> LayoutRates | None:
    """Knee and rates of one replica of ``inputs``; None when it does not fit or meets no SLO.

    The same path as ``calculate()``: memory, three ceilings, closed loop at the knee.
    """
    if memory is None:
        try:
            memory = calculate_memory(inputs, single_gpu_check=False)
        except PlanError:
            return None
    if not memory.fits:
        return None
    try:
        ctx = build_context(inputs, memory)
    except PlanError:
        return None
    values = ceiling_values(ctx, inputs)  # the numbers of three_ceilings(), without their terms
    binding = values.binding
    knee = values.limits()[binding][0]
    if knee < 1:
        return None
    shape = ctx.shape(ctx.running_cap())
    at_knee = closed_loop(ctx.step, shape, knee)
    saturated = closed_loop(ctx.step, shape, shape.running_cap)
    watermark = planning_watermark(inputs.targets, inputs.workload.mode)
    return LayoutRates(
        rates=rates_at_points(at_knee, saturated, knee, watermark),
        bottleneck=binding.value, ttft_ms_at_knee=at_knee.ttft_s * 1000,
        tpot_ms_at_knee=at_knee.tpot_s * 1000)


def size_option(inputs: PlanInputs, request: SizingRequest,
                memory: MemoryResult | None = None,
                checkpoint_bits: float | None = None) -> SizingRow | None:
    """Size the fleet for one GPU, precision and TP; None when it cannot meet the SLO.

    ``memory`` is the memory result of ``inputs`` when the caller already has it;
    ``checkpoint_bits`` the checkpoint's bits per weight when ``inputs`` is a what-if variant.
    """
    layout = layout_rates(inputs, memory)
    row = sizing_row(inputs, request, layout) if layout is not None else None
    if row is None:
        return None
    return row.model_copy(update={"quantized_below_checkpoint":
                                  below_checkpoint(inputs, checkpoint_bits)})


def sizing_row(inputs: PlanInputs, request: SizingRequest, layout: LayoutRates) -> SizingRow | None:
    """The row of one layout: the fleet verdict's replicas and GPUs, cost and backfill."""
    gpu, dep, rates = inputs.gpu, inputs.deployment, layout.rates
    workload = inputs.workload.model_copy(update={"qps_avg": request.qps_avg,
                                                   "qps_peak": request.qps_peak})
    policy = FleetPolicy(spare_replicas=request.redundancy, size_for_peak=request.size_for_peak)
    verdict = fleet_verdict(rates, workload, dep.gpus_per_engine, dep.gpus_per_replica,
                            gpu.usable_price_usd_per_hour, policy,
                            replicas_per_group=dep.data_parallel_size)
    if verdict is None:
        return None
    needed, total = int(verdict.replicas.value), int(verdict.replicas_needed.value)
    cost = verdict.cost_per_hour_usd.value if verdict.cost_per_hour_usd is not None else None
    _, mean_out = mean_lengths(inputs.workload)
    tokens_per_hour = request.qps_avg * mean_out * 3600
    spare = max(rates.output_tokens_per_s_saturated * total - request.qps_avg * mean_out, 0.0)
    return SizingRow(
        gpu=gpu.id, gpu_name=gpu.name, precision=inputs.weight_format.id,
        kv_format=inputs.kv_format.id, tensor_parallel_size=dep.tensor_parallel_size,
        data_parallel_size=dep.data_parallel_size,
        recommended_concurrency=rates.knee_requests, online_capacity=rates.online_capacity_requests,
        bottleneck=layout.bottleneck, requests_per_s_per_replica=rates.requests_per_s_at_watermark,
        replicas_needed=needed, replicas_total=total, gpus_total=int(verdict.gpus_needed.value),
        utilization=request.qps_avg / (total * rates.requests_per_s_at_knee),
        ttft_ms=layout.ttft_ms_at_knee, tpot_ms=layout.tpot_ms_at_knee,
        price_usd_per_gpu_hour=verdict.price_usd_per_gpu_hour, cost_usd_per_hour=cost,
        cost_usd_per_million_output_tokens=(cost / tokens_per_hour * 1e6) if cost else None,
        offline_tokens_per_day_spare=spare * SECONDS_PER_DAY,
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
        recommended_concurrency=knee, online_capacity=online_capacity_requests(knee, watermark),
        bottleneck="compute" if bound == "tpot" else bound,
        requests_per_s_per_replica=watermark * rate,
        replicas_needed=d.prefill_replicas + d.decode_replicas,
        replicas_total=d.prefill_replicas + d.decode_replicas + 2 * k, gpus_total=gpus,
        utilization=request.qps_avg / ((d.decode_replicas + k) * rate),
        ttft_ms=d.ttft_ms.value, tpot_ms=d.decode_tpot_ms.value, price_usd_per_gpu_hour=price,
        cost_usd_per_hour=cost,
        cost_usd_per_million_output_tokens=(cost / (request.qps_avg * mean_out * 3600) * 1e6)
        if cost else None,
        offline_tokens_per_day_spare=0.0, layout=d.ratio,
        quantized_below_checkpoint=below_checkpoint(inputs, checkpoint_bits))


def _fitting_layouts(
    inputs: PlanInputs, weights: WeightFormat, kv: KvFormat
) -> Iterable[tuple[PlanInputs, MemoryResult]]:
    """The smallest TP that fits and the next one up, each with its memory result.

    Replicas beat tensor parallelism when the model fits (DOMAIN.md §3); tensor parallelism
    stays inside the GPU's fast-link domain (an NVLink bridge pair, a board, a rack) and inside
    one node.
    """
    found = 0
    for tp in TP_CHOICES:
        if found == 2 or tp > widest_fast_tp(inputs.gpu, inputs.deployment):
            break
        fitting = _fitting(_variant(inputs, weights, kv, tp))
        if fitting is not None:
            found += 1
            yield fitting
    if not found and inputs.model.moe is not None:
        yield from _expert_parallel_layouts(inputs, weights, kv)


def _fitting(variant: PlanInputs) -> tuple[PlanInputs, MemoryResult] | None:
    """``variant`` with its memory result when it fits; None when it does not or cannot split."""
    try:
        if weights_alone_overflow(variant):
            return None
        memory = calculate_memory(variant, single_gpu_check=False)
    except PlanError:
        return None
    return (variant, memory) if memory.fits else None


def _expert_parallel_layouts(inputs: PlanInputs, weights: WeightFormat,
                             kv: KvFormat) -> Iterable[tuple[PlanInputs, MemoryResult]]:
    """The smallest DP × TP expert-parallel engine that fits a MoE model TP alone cannot hold.

    Attention TP stays inside the fast-link domain; the experts spread over DP × TP GPUs
    (vLLM ``--data-parallel-size`` with ``--enable-expert-parallel``), up to DP_CHOICES[-1] ranks.
    """
    domain = widest_fast_tp(inputs.gpu, inputs.deployment)
    shapes = sorted(((tp, dp) for tp in TP_CHOICES if tp <= domain for dp in DP_CHOICES),
                    key=lambda shape: (shape[0] * shape[1], shape[0]))
    for tp, dp in shapes:
        fitting = _fitting(_variant(inputs, weights, kv, tp, dp))
        if fitting is not None:
            yield fitting
            return


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


class SizingCancelled(Exception):  # noqa: N818 (a stop signal, not an error)
    """The progress callback asked to stop."""


def size_fleet(base: PlanInputs, gpus: Sequence[GpuSpec],
               precisions: Sequence[tuple[WeightFormat, KvFormat]],
               request: SizingRequest,
               progress: Callable[[float], bool] | None = None) -> list[SizingRow]:
    """Rank every GPU × precision × layout that meets the SLO by cost (then GPU count).

    ``progress`` is called with the share of GPU types done; returning False cancels
    (:class:`SizingCancelled`).
    """
    rows: list[SizingRow] = []
    reference_bits = checkpoint_bits_per_weight(base)
    disaggregated = base.deployment.disaggregation.enabled
    for done, gpu in enumerate(gpus):
        if progress is not None and not progress(done / max(len(gpus), 1)):
            raise SizingCancelled
        with_gpu = base.model_copy(update={"gpu": gpu})
        for weights, kv in precisions:
            for variant, memory in _fitting_layouts(with_gpu, weights, kv):
                row = size_option(variant, request, memory, reference_bits)
                if row is not None:
                    rows.append(row)
                split = disaggregated_option(variant, request, reference_bits) if disaggregated else None
                if split is not None:
                    rows.append(split)
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


__all__ = ["SizingCancelled", "SizingRequest", "SizingRow", "TrafficMode", "size_fleet", "size_option"]
