"""The plan's disaggregated layout: both pools, and the aggregated fleet for the same traffic.

The comparison puts the GPUs and the cost of the two pools next to the serving replicas (N, no
spares) of the aggregated deployment that carries the same QPS, so every front-end shows the
same pair of figures.
"""

from __future__ import annotations

import shlex
from typing import Any

from gpucalc.core.common.explain import Term
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan, disaggregated_plan, pool_inputs, pool_sizes
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.engines.tables import flag, written_flag
from gpucalc.engines.vocabulary import POOL_ROLE_VALUES
from gpucalc.io.bounded_json import parse_flag_json
from gpucalc.plan.serve_line import serve_line

DisaggFigure = float | int | str | bool | None
# vLLM's kv_role (docs features/disagg_prefill, NixlConnector usage) → the pool the server is in
VLLM_KV_ROLES = {"kv_producer": "prefill", "kv_consumer": "decode", "kv_both": "both"}
SGLANG_MODES = ("prefill", "decode", "null")  # SGLang --disaggregation-mode (null: not split)


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


def disaggregated_units(d: DisaggregatedPlan) -> dict[str, str]:
    """The unit of each figure of :func:`disaggregated_figures` that has one."""
    terms = {name: getattr(d, name).unit for name in DisaggregatedPlan.model_fields
             if isinstance(getattr(d, name), Term)}
    return {**terms, "prefill_gpus": "GPUs", "decode_gpus": "GPUs", "gpus": "GPUs",
            "aggregated_gpus": "GPUs", "prefill_replicas": "replicas", "decode_replicas": "replicas",
            "prefill_engines": "engines", "decode_engines": "engines",
            "kv_transfer_bytes": "bytes", "cost_per_hour_usd": "USD/h",
            "aggregated_cost_per_hour_usd": "USD/h"}


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
        "prefill_dp": d.prefill_dp, "decode_dp": d.decode_dp,
        "prefill_engines": d.prefill_engines, "decode_engines": d.decode_engines,
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


def _pasted_role(kv_transfer_config: str | None, mode: str | None) -> str | None:
    """The pool a pasted server belongs to: 'prefill', 'decode', 'both', or None (not split)."""
    if mode is not None:
        if mode not in SGLANG_MODES:
            raise ValueError(f"--disaggregation-mode must be one of {', '.join(SGLANG_MODES)}, "
                             f"not '{mode[:20]}'")
        return None if mode == "null" else mode
    if kv_transfer_config is None:
        return None
    config = parse_flag_json(kv_transfer_config, flag(EngineKind.VLLM, "deployment.disaggregation"))
    if not isinstance(config, dict):
        raise ValueError("--kv-transfer-config must be a JSON object, e.g. "
                         "'{\"kv_connector\": \"NixlConnector\", \"kv_role\": \"kv_both\"}'")
    role = config.get("kv_role")
    return VLLM_KV_ROLES.get(str(role), "both")


def pasted_pool(kv_transfer_config: str | None, mode: str | None, tp: int | None,
                pp: int | None, dp: int | None = None) -> dict[str, Any] | None:
    """The ``disaggregation`` settings a pasted serve line implies (None: not disaggregated).

    A prefill server (SGLang ``--disaggregation-mode prefill``, vLLM ``kv_role`` kv_producer)
    sets the prefill pool's TP/PP/DP from its own flags (DP: SGLang ``--dp`` with
    ``--enable-dp-attention``, vLLM ``--data-parallel-size``), a decode server the decode pool's;
    a server in both roles (vLLM ``kv_both``) keeps the deployment's sizes for both pools.
    """
    role = _pasted_role(kv_transfer_config, mode)
    if role is None:
        return None
    pool: dict[str, Any] = {"enabled": True}
    if role in ("prefill", "decode"):
        pool.update({f"{role}_tp": tp, f"{role}_pp": pp, f"{role}_dp": dp})
    return {k: v for k, v in pool.items() if v is not None}


def pool_serve_lines(inputs: PlanInputs) -> tuple[str, str] | None:
    """The launch lines of a prefill and of a decode server; None when not disaggregated.

    Each is the line of one pool engine (its TP/PP/DP and effective settings) with the engine's
    disaggregation flag; an engine without one (TensorRT-LLM sets it in its YAML) gets none.
    """
    if not inputs.deployment.disaggregation.enabled:
        return None
    kind = inputs.engine.kind
    flag = written_flag(kind, "deployment.disaggregation")
    lines = []
    for role, shape in zip(("prefill", "decode"), pool_sizes(inputs.deployment), strict=True):
        pool = pool_inputs(inputs, shape)
        line = serve_line(pool, calculate_memory(pool, single_gpu_check=False).settings)
        if flag is not None:
            line += f" {flag} {shlex.quote(POOL_ROLE_VALUES[kind][role])}"
        lines.append(line)
    return lines[0], lines[1]
