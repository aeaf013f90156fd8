"""Does the fleet carry the traffic? Replicas, GPUs, totals and cost from per-replica rates.

One rule, used by the plan's verdict and by reverse sizing alike (seed 000): the average load is
planned at the online capacity, ``watermark × knee`` (拐点的七成左右做线上容量), and the peak may use
the headroom above it, up to the knee itself (剩下的留给突发和长尾). The knee is the recommended
concurrency: the lowest of the three ceilings, past which more concurrency only buys latency.
``k`` spare replicas (N + k) stand by for failures and are not counted as serving capacity.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.explain import InputValue, Term, term
from gpucalc.core.inputs import Targets, TrafficMode, Workload
from gpucalc.core.load import OperatingPoint
from gpucalc.core.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.workload_shape import mean_lengths

HOURS_PER_MONTH = 730.0  # 8,760 h ÷ 12
SECONDS_PER_DAY = 86_400
SECONDS_PER_HOUR = 3_600
SEED_WATERMARK = "seed 000: 按拐点的七成左右做线上容量，剩下的留给突发和长尾"
SEED_OFFLINE = "seed 000: 离线任务可以忽略首 token 延迟，把显存和算力堆到上限换总吞吐"


class ReplicaRates(BaseModel):
    """What one replica serves at its online capacity, at the knee and with memory full."""

    model_config = ConfigDict(frozen=True)

    knee_requests: int = Field(description="The knee: running requests at the recommendation.")
    online_capacity_requests: int = Field(description="Running requests planned online.")
    watermark: float = Field(description="Share of the knee planned online (1 offline).")
    requests_per_s_at_watermark: float
    requests_per_s_at_knee: float
    output_tokens_per_s_at_watermark: float
    output_tokens_per_s_at_knee: float
    output_tokens_per_s_saturated: float = Field(description="Batch filled to memory and max_num_seqs.")


class FleetPolicy(BaseModel):
    """How the fleet is sized: spare replicas and whether the peak sizes it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    spare_replicas: int = Field(default=1, ge=0, le=64, description="k of N + k.")
    size_for_peak: bool = Field(default=True, description="False: peaks queue or are rate-limited.")


class FleetLayout(BaseModel):
    """One way to split the deployment's GPUs into replicas, with totals over all of them."""

    model_config = ConfigDict(frozen=True)

    tensor_parallel_size: int
    pipeline_parallel_size: int
    replicas: int
    knee_requests_per_replica: int
    concurrency_total: Term
    requests_per_s_total: Term
    output_tokens_per_s_total: Term


class FleetVerdict(BaseModel):
    """Whether the deployment carries the average and the peak, and what a fleet that does needs."""

    model_config = ConfigDict(frozen=True)

    mode: TrafficMode
    qps_avg: float
    qps_peak: float
    gpus_per_replica: int
    requests_per_s_per_replica_at_watermark: Term
    requests_per_s_per_replica_at_knee: Term
    replicas_for_average: Term
    replicas_for_peak: Term
    replicas: Term = Field(description="N: serving replicas the traffic needs.")
    spare_replicas: Term = Field(description="k of N + k.")
    replicas_needed: Term = Field(description="N + k.")
    gpus_needed: Term
    replicas_deployed: Term
    gpus_deployed: Term
    carries_average: bool
    carries_peak: bool
    total_concurrency: Term = Field(description="Online capacity over every replica deployed.")
    total_concurrency_at_knee: Term
    requests_per_s_total: Term
    output_tokens_per_s_total: Term
    output_tokens_per_day: Term
    output_tokens_per_gpu_hour: Term
    backfill_tokens_per_day: Term | None = Field(
        default=None, description="Mixed traffic: batch tokens the spare capacity serves per day.")
    price_usd_per_gpu_hour: float | None
    cost_per_hour_usd: Term | None = Field(description="The fleet that carries the traffic (N + k).")
    cost_per_month_usd: Term | None
    cost_per_hour_deployed_usd: Term | None
    cost_per_million_output_tokens_usd: Term | None = Field(
        default=None, description="The N + k fleet's cost per million output tokens of the average "
        "traffic; None without a price.")
    layouts: tuple[FleetLayout, ...] = Field(default=(), description="Replicas versus TP.")

    @property
    def carries(self) -> bool:
        """The deployment carries both the average and the peak."""
        return self.carries_average and self.carries_peak


def planning_watermark(targets: Targets, mode: TrafficMode) -> float:
    """Share of the knee planned online: the watermark, or 1 offline (fill memory)."""
    return 1.0 if mode == TrafficMode.OFFLINE else targets.watermark


def online_capacity_requests(knee_requests: int, watermark: float) -> int:
    """Running requests planned online per replica: floor(watermark × knee), at least 1 when the knee is."""
    if knee_requests < 1:
        return 0
    return max(1, math.floor(watermark * knee_requests + 1e-9))


def rates_at_points(at_knee: OperatingPoint, saturated: OperatingPoint, knee_requests: int,
                    watermark: float) -> ReplicaRates:
    """One replica's rates from its closed-loop points at the knee and with the batch full.

    The online capacity is the watermark's share of the knee (the load planned for the average,
    leaving the rest for bursts), so a replica planned at the watermark runs at ``watermark`` of
    its knee throughput.
    """
    scale = 1.0 if knee_requests >= 1 else 0.0
    return ReplicaRates(
        knee_requests=knee_requests,
        online_capacity_requests=online_capacity_requests(knee_requests, watermark),
        watermark=watermark,
        requests_per_s_at_watermark=watermark * at_knee.request_per_s * scale,
        requests_per_s_at_knee=at_knee.request_per_s * scale,
        output_tokens_per_s_at_watermark=watermark * at_knee.output_tok_s * scale,
        output_tokens_per_s_at_knee=at_knee.output_tok_s * scale,
        output_tokens_per_s_saturated=saturated.output_tok_s * scale,
    )


def replicas_for_rate(qps: float, requests_per_s_per_replica: float) -> int:
    """Replicas whose summed rate covers ``qps`` requests/s (at least 1)."""
    return max(1, math.ceil(qps / requests_per_s_per_replica - 1e-9))


def _money(key: str, gpus: float, hours: float, price: float | None) -> Term | None:
    if price is None:
        return None
    return term(key, gpus * price * hours, "USD", QT_TRANSLATE_NOOP(
        "Formulas", "GPUs × price per GPU-hour × hours"),
                {"gpus": gpus, "usd_per_gpu_hour": price, "hours": hours},
                (QT_TRANSLATE_NOOP("Sources", "catalog: indicative rental price"),))


def cost_per_million_output_tokens(cost_per_hour: Term | None, qps_avg: float,
                                   mean_output_tokens: float) -> Term | None:
    """USD per million output tokens: cost per hour ÷ (output tok/s × 3,600 s) × 10⁶.

    The fleet that carries the traffic (N + k replicas, ``cost_per_hour``) serves the average
    traffic's output tokens, ``qps_avg × mean_output_tokens`` per second. None without a price
    (no cost) or without output tokens.
    """
    output_tok_s = qps_avg * mean_output_tokens
    if cost_per_hour is None or output_tok_s <= 0:
        return None
    return term("fleet.cost_per_million_output_tokens_usd",
                cost_per_hour.value / (output_tok_s * SECONDS_PER_HOUR) * 1e6, "USD",
                QT_TRANSLATE_NOOP("Formulas", "cost per hour ÷ (output tok/s × 3,600 s) × 10⁶; output "
                                              "tok/s = average QPS × mean output tokens"),
                {"cost_per_hour_usd": cost_per_hour.value, "output_tokens_per_s": output_tok_s,
                 "qps_avg": qps_avg, "mean_output_tokens": mean_output_tokens},
                (QT_TRANSLATE_NOOP("Sources", "catalog: indicative rental price"),))


def _totals(rates: ReplicaRates, replicas: int, gpus: int, mode: TrafficMode) -> dict[str, Term | None]:
    """Concurrency, rates, tokens per day and backfill summed over ``replicas``."""
    tok_s = rates.output_tokens_per_s_at_watermark * replicas
    facts: dict[str, InputValue] = {"replicas": replicas, "online_capacity": rates.online_capacity_requests}
    spare_tok_s = max(rates.output_tokens_per_s_saturated - rates.output_tokens_per_s_at_watermark, 0.0)
    backfill = None
    if mode == TrafficMode.MIXED:
        backfill = term("fleet.backfill_tokens_per_day", spare_tok_s * replicas * SECONDS_PER_DAY,
                        "tokens", QT_TRANSLATE_NOOP(
                            "Formulas", "(saturated − at watermark output tok/s) × replicas × 86,400 s"),
                        {"saturated_tok_s": rates.output_tokens_per_s_saturated,
                         "watermark_tok_s": rates.output_tokens_per_s_at_watermark,
                         "replicas": replicas}, (SEED_WATERMARK,))
    return {
        "total_concurrency": term("fleet.total_concurrency", rates.online_capacity_requests * replicas,
                                  "requests", QT_TRANSLATE_NOOP(
                                      "Formulas", "online capacity × replicas deployed"), facts,
                                  (SEED_WATERMARK,)),
        "total_concurrency_at_knee": term("fleet.total_concurrency_at_knee",
                                          rates.knee_requests * replicas, "requests",
                                          QT_TRANSLATE_NOOP("Formulas", "knee × replicas deployed"),
                                          {"replicas": replicas, "knee": rates.knee_requests}),
        "requests_per_s_total": term("fleet.requests_per_s_total",
                                     rates.requests_per_s_at_watermark * replicas, "req/s",
                                     QT_TRANSLATE_NOOP(
                                         "Formulas", "req/s per replica at the watermark × replicas "
                                         "deployed"), facts),
        "output_tokens_per_s_total": term("fleet.output_tokens_per_s_total", tok_s, "tok/s",
                                          QT_TRANSLATE_NOOP(
                                              "Formulas", "output tok/s per replica at the watermark × "
                                              "replicas"),
                                          facts),
        "output_tokens_per_day": term("fleet.output_tokens_per_day", tok_s * SECONDS_PER_DAY, "tokens",
                                      QT_TRANSLATE_NOOP(
                                          "Formulas", "output tok/s over all replicas × 86,400 s"), facts),
        "output_tokens_per_gpu_hour": term(
            "fleet.output_tokens_per_gpu_hour", tok_s * SECONDS_PER_HOUR / gpus if gpus else 0.0,
            "tokens", QT_TRANSLATE_NOOP(
                "Formulas", "output tok/s over all replicas × 3,600 s ÷ GPUs deployed"),
            {"gpus": gpus, **facts}, (SEED_OFFLINE,) if mode == TrafficMode.OFFLINE else ()),
        "backfill_tokens_per_day": backfill,
    }


def fleet_verdict(rates: ReplicaRates, workload: Workload, num_gpus: int, gpus_per_replica: int,
                  price_usd_per_gpu_hour: float | None, policy: FleetPolicy | None = None,
                  layouts: tuple[FleetLayout, ...] = (), replicas_per_group: int = 1
                  ) -> FleetVerdict | None:
    """The verdict for ``num_gpus`` GPUs of ``gpus_per_replica`` each; None when no replica serves.

    Replicas for the average run at the watermark; for the peak they may run at the knee.
    N = max of the two (the peak only when ``size_for_peak``); the deployment carries a load when
    its replicas less the ``k`` spares cover the replicas that load needs. With attention data
    parallel, replicas come in whole DP groups of ``replicas_per_group`` (one engine instance):
    N + k is rounded up to whole groups and the deployed GPUs hold whole groups only.
    """
    policy = policy or FleetPolicy()
    if rates.requests_per_s_at_knee <= 0 or rates.requests_per_s_at_watermark <= 0:
        return None
    avg, peak = workload.qps_avg, workload.qps_peak or workload.qps_avg
    k = policy.spare_replicas
    for_avg = replicas_for_rate(avg, rates.requests_per_s_at_watermark)
    for_peak = replicas_for_rate(peak, rates.requests_per_s_at_knee)
    serving = max(for_avg, for_peak) if policy.size_for_peak else for_avg
    group = replicas_per_group
    serving = -(-(serving + k) // group) * group - k if group > 1 else serving
    deployed = num_gpus // (gpus_per_replica * group) * group
    needed_gpus = (serving + k) * gpus_per_replica
    price = price_usd_per_gpu_hour
    rate_facts: dict[str, InputValue] = {"online_capacity": rates.online_capacity_requests,
                                         "knee": rates.knee_requests, "watermark": rates.watermark}
    totals = _totals(rates, deployed, deployed * gpus_per_replica, workload.mode)
    return FleetVerdict(
        mode=workload.mode, qps_avg=avg, qps_peak=peak, gpus_per_replica=gpus_per_replica,
        requests_per_s_per_replica_at_watermark=term(
            "fleet.requests_per_s_per_replica_at_watermark", rates.requests_per_s_at_watermark,
            "req/s", QT_TRANSLATE_NOOP(
                "Formulas", "watermark × closed-loop request rate of one replica at the knee"), rate_facts,
            (SEED_WATERMARK,)),
        requests_per_s_per_replica_at_knee=term(
            "fleet.requests_per_s_per_replica_at_knee", rates.requests_per_s_at_knee, "req/s",
            QT_TRANSLATE_NOOP(
                "Formulas", "closed-loop request rate of one replica at the knee (the recommendation)"),
            rate_facts),
        replicas_for_average=term("fleet.replicas_for_average", for_avg, "replicas",
                                  QT_TRANSLATE_NOOP(
                                      "Formulas", "ceil(average QPS ÷ req/s per replica at the watermark)"),
                                  {"qps_avg": avg, "per_replica": rates.requests_per_s_at_watermark},
                                  (SEED_WATERMARK,)),
        replicas_for_peak=term("fleet.replicas_for_peak", for_peak, "replicas",
                               QT_TRANSLATE_NOOP(
                                   "Formulas", "ceil(peak QPS ÷ req/s per replica at the knee)"),
                               {"qps_peak": peak, "per_replica": rates.requests_per_s_at_knee},
                               (SEED_WATERMARK,)),
        replicas=term("fleet.replicas", serving, "replicas",
                      QT_TRANSLATE_NOOP("Formulas", "max(replicas for average, replicas for peak), N + k "
                                                    "rounded up to whole DP groups") if group > 1
                      else QT_TRANSLATE_NOOP(
                          "Formulas", "max(replicas for average, replicas for peak)") if policy.size_for_peak
                      else QT_TRANSLATE_NOOP(
                          "Formulas", "replicas for average (peaks queue or are rate-limited)"),
                      {"for_average": for_avg, "for_peak": for_peak,
                       **({"data_parallel_size": group} if group > 1 else {})}),
        spare_replicas=term("fleet.spare_replicas", k, "replicas", QT_TRANSLATE_NOOP(
            "Formulas", "k of N + k (failover)"), {}),
        replicas_needed=term("fleet.replicas_needed", serving + k, "replicas", QT_TRANSLATE_NOOP(
            "Formulas", "N + k"),
                             {"N": serving, "k": k}),
        gpus_needed=term("fleet.gpus_needed", needed_gpus, "GPUs", QT_TRANSLATE_NOOP(
            "Formulas", "(N + k) × GPUs per replica"),
                         {"N": serving, "k": k, "gpus_per_replica": gpus_per_replica}),
        replicas_deployed=term("fleet.replicas_deployed", deployed, "replicas",
                               QT_TRANSLATE_NOOP("Formulas", "floor(GPUs ÷ (TP × PP))") if group == 1
                               else QT_TRANSLATE_NOOP("Formulas", "floor(GPUs ÷ (DP × TP × PP)) × DP"),
                               {"num_gpus": num_gpus, "gpus_per_replica": gpus_per_replica,
                                **({"data_parallel_size": group} if group > 1 else {})}),
        gpus_deployed=term("fleet.gpus_deployed", num_gpus, "GPUs", QT_TRANSLATE_NOOP(
            "Formulas", "num_gpus"), {}),
        carries_average=deployed - k >= for_avg,
        carries_peak=deployed - k >= for_peak,
        price_usd_per_gpu_hour=price,
        cost_per_hour_usd=_money("fleet.cost_per_hour_usd", needed_gpus, 1.0, price),
        cost_per_month_usd=_money("fleet.cost_per_month_usd", needed_gpus, HOURS_PER_MONTH, price),
        cost_per_hour_deployed_usd=_money("fleet.cost_per_hour_deployed_usd", num_gpus, 1.0, price),
        cost_per_million_output_tokens_usd=cost_per_million_output_tokens(
            _money("fleet.cost_per_hour_usd", needed_gpus, 1.0, price), avg, mean_lengths(workload)[1]),
        layouts=layouts,
        **totals,
    )


def fleet_layout(rates: ReplicaRates, num_gpus: int, tp: int, pp: int) -> FleetLayout:
    """Totals of ``num_gpus`` split into TP ``tp`` × PP ``pp`` replicas (at the watermark)."""
    replicas = num_gpus // (tp * pp)
    facts: dict[str, InputValue] = {"replicas": replicas, "tp": tp, "pp": pp}
    return FleetLayout(
        tensor_parallel_size=tp, pipeline_parallel_size=pp, replicas=replicas,
        knee_requests_per_replica=rates.knee_requests,
        concurrency_total=term(f"layout.tp{tp}_pp{pp}.concurrency_total",
                               rates.online_capacity_requests * replicas, "requests",
                               QT_TRANSLATE_NOOP("Formulas", "online capacity × replicas"), facts),
        requests_per_s_total=term(f"layout.tp{tp}_pp{pp}.requests_per_s_total",
                                  rates.requests_per_s_at_watermark * replicas, "req/s",
                                  QT_TRANSLATE_NOOP(
                                      "Formulas", "req/s per replica at the watermark × replicas"), facts),
        output_tokens_per_s_total=term(f"layout.tp{tp}_pp{pp}.output_tokens_per_s_total",
                                       rates.output_tokens_per_s_at_watermark * replicas, "tok/s",
                                       QT_TRANSLATE_NOOP(
                                           "Formulas", "output tok/s per replica at the watermark × "
                                           "replicas"), facts),
    )
