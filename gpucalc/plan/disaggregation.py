"""The plan's disaggregated layout: both pools, and the aggregated fleet for the same traffic.

The comparison puts the GPUs and the cost of the two pools next to the serving replicas (N, no
spares) of the aggregated deployment that carries the same QPS, so every front-end shows the
same pair of figures.
"""

from __future__ import annotations

from gpucalc.core.disaggregation import DisaggregatedPlan, disaggregated_plan
from gpucalc.core.fleet import FleetVerdict
from gpucalc.core.inputs import PlanInputs

DisaggFigure = float | int | str | bool | None


def plan_disaggregation(inputs: PlanInputs) -> DisaggregatedPlan | None:
    """Both pools when the deployment is disaggregated; None when it is not."""
    if not inputs.deployment.disaggregation.enabled:
        return None
    return disaggregated_plan(inputs)


def aggregated_gpus(fleet: FleetVerdict | None) -> int | None:
    """GPUs of the aggregated replicas that serve the same traffic (N × GPUs per replica)."""
    if fleet is None:
        return None
    return int(fleet.replicas.value) * fleet.gpus_per_replica


def _cost(gpus: int | None, price: float | None) -> float | None:
    return None if gpus is None or price is None else gpus * price


def disaggregated_figures(d: DisaggregatedPlan, fleet: FleetVerdict | None,
                          price_usd_per_gpu_hour: float | None) -> dict[str, DisaggFigure]:
    """The pools' figures by name, as ``--json``, the CSV summary and the report show them."""
    together = aggregated_gpus(fleet)
    return {
        "ratio": d.ratio, "link": d.link_name,
        "prefill_tp": d.prefill_tp, "prefill_pp": d.prefill_pp,
        "decode_tp": d.decode_tp, "decode_pp": d.decode_pp,
        "prefill_replicas": d.prefill_replicas, "decode_replicas": d.decode_replicas,
        "prefill_replicas_needed": int(d.prefill_replicas_needed.value),
        "decode_replicas_needed": int(d.decode_replicas_needed.value),
        "prefill_gpus": d.prefill_gpus, "decode_gpus": d.decode_gpus, "gpus": d.gpus,
        "carries": d.carries,
        "kv_transfer_ms": d.kv_transfer_ms.value,
        "kv_transfer_bytes": d.kv_transfer_ms.inputs["kv_bytes"],
        "prefill_ms": d.prefill_ms.value, "ttft_ms": d.ttft_ms.value,
        "prefill_tokens_per_s_per_replica": d.prefill_tokens_per_s_per_replica.value,
        "prefill_requests_per_s_per_replica": d.prefill_requests_per_s_per_replica.value,
        "decode_knee_requests": int(d.decode_knee_requests.value),
        "decode_tpot_ms": d.decode_tpot_ms.value,
        "decode_tokens_per_s_per_replica": d.decode_tokens_per_s_per_replica.value,
        "decode_requests_per_s_per_replica": d.decode_requests_per_s_per_replica.value,
        "cost_per_hour_usd": _cost(d.gpus, price_usd_per_gpu_hour),
        "aggregated_gpus": together,
        "aggregated_cost_per_hour_usd": _cost(together, price_usd_per_gpu_hour),
    }
