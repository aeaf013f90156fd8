"""The plan's fleet verdict: does the deployment carry the stated QPS, and how else could it be split.

The verdict applies the one fleet rule of :mod:`gpucalc.core.fleet.fleet` (the one sizing uses) to the
answer's per-replica rates; the layouts compare the same GPUs split into more, smaller replicas
whenever the model fits on fewer GPUs than one replica uses.
"""

from __future__ import annotations

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.common.explain import Term
from gpucalc.core.fleet.fleet import FleetLayout, FleetPolicy, FleetVerdict, fleet_layout, fleet_verdict
from gpucalc.core.fleet.sizing import TP_CHOICES, layout_answer, layout_variant
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.workload_shape import mean_lengths


def layout_comparison(inputs: PlanInputs, perf: PerformanceResult) -> tuple[FleetLayout, ...]:
    """The deployment's layout and every smaller TP that fits, over the same GPUs.

    Empty when one replica already spans one GPU or no smaller layout fits (DOMAIN.md §3:
    scale with replicas when the model fits on fewer GPUs; split with TP only when it does not).
    """
    dep = inputs.deployment
    if dep.data_parallel_size > 1:  # an engine of DP groups: its layout is compared by sizing
        return ()
    own = fleet_layout(perf.rates, dep.num_gpus, dep.tensor_parallel_size, dep.pipeline_parallel_size)
    others = []
    for tp in TP_CHOICES:
        if tp >= dep.gpus_per_replica:
            break
        answer = layout_answer(layout_variant(inputs, None, None, tp))
        if answer is not None:
            others.append(fleet_layout(answer.rates, dep.num_gpus, tp, 1))
    return (*others, own) if others else ()


def plan_fleet(inputs: PlanInputs, perf: PerformanceResult,
               policy: FleetPolicy | None = None) -> FleetVerdict | None:
    """The fleet verdict of the plan; None when no replica meets the targets or no QPS was given."""
    dep = inputs.deployment
    _, mean_out = mean_lengths(inputs.workload)
    return fleet_verdict(perf.rates, inputs.workload, dep.num_gpus, dep.gpus_per_engine,
                         inputs.gpu.usable_price_usd_per_hour, mean_out, policy,
                         layout_comparison(inputs, perf))


FleetFigure = float | int | bool | str | None


def _value(t: Term | None) -> float | None:
    return t.value if t is not None else None


def fleet_figures(fleet: FleetVerdict) -> dict[str, FleetFigure]:
    """The verdict's figures by name, as ``estimate --json``, the CSV and the report show them."""
    return {
        "mode": fleet.mode.value,
        "qps_avg": fleet.qps_avg, "qps_peak": fleet.qps_peak, "peak_given": fleet.peak_given,
        "carries_average": fleet.carries_average, "carries_peak": fleet.carries_peak,
        "spare_deployed": fleet.spare_deployed,
        "requests_per_s_per_replica_planned": fleet.requests_per_s_per_replica_planned.value,
        "requests_per_s_per_replica_capacity": fleet.requests_per_s_per_replica_capacity.value,
        "replicas_for_average": int(fleet.replicas_for_average.value),
        "replicas_for_peak": int(fleet.replicas_for_peak.value),
        "replicas": int(fleet.replicas.value),
        "spare_replicas": int(fleet.spare_replicas.value),
        "replicas_needed": int(fleet.replicas_needed.value),
        "gpus_per_replica": fleet.gpus_per_replica,
        "gpus_needed": int(fleet.gpus_needed.value),
        "replicas_deployed": int(fleet.replicas_deployed.value),
        "gpus_deployed": int(fleet.gpus_deployed.value),
        "total_concurrency": int(fleet.total_concurrency.value),
        "total_concurrency_max": int(fleet.total_concurrency_max.value),
        "requests_per_s_total": fleet.requests_per_s_total.value,
        "output_tokens_per_s_total": fleet.output_tokens_per_s_total.value,
        "output_tokens_per_day": fleet.output_tokens_per_day.value,
        "output_tokens_per_gpu_hour": fleet.output_tokens_per_gpu_hour.value,
        "backfill_tokens_per_day": _value(fleet.backfill_tokens_per_day),
        "price_usd_per_gpu_hour": fleet.price_usd_per_gpu_hour,
        "cost_per_hour_usd": _value(fleet.cost_per_hour_usd),
        "cost_per_month_usd": _value(fleet.cost_per_month_usd),
        "cost_per_million_output_tokens_usd": _value(fleet.cost_per_million_output_tokens_usd),
        "cost_per_hour_deployed_usd": _value(fleet.cost_per_hour_deployed_usd),
    }


def layout_figures(layout: FleetLayout) -> dict[str, FleetFigure]:
    """One replicas-versus-TP layout by name (totals over all its replicas)."""
    return {"tensor_parallel_size": layout.tensor_parallel_size,
            "pipeline_parallel_size": layout.pipeline_parallel_size, "replicas": layout.replicas,
            "concurrency_per_replica": layout.concurrency_per_replica,
            "concurrency_total": int(layout.concurrency_total.value),
            "requests_per_s_total": layout.requests_per_s_total.value,
            "output_tokens_per_s_total": layout.output_tokens_per_s_total.value}
