"""Does the fleet carry the traffic? Replicas, GPUs, totals and cost from per-replica rates.

One rule, used by the plan's verdict and by reverse sizing alike. A replica is one engine
instance (its DP × TP × PP GPUs). Its **rate capacity** is the requests per second it carries
under random (Poisson) arrivals with the P-th TTFT and TPOT in target, queueing included; the
average load is planned at the watermark's share of it (seed 000: 拐点的七成左右做线上容量), and the
peak may use the headroom above it, up to the rate capacity itself (剩下的留给突发和长尾). ``k`` spare
replicas (N + k) stand by for failures and are not counted as serving capacity.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.capacity.rates import SEED_WATERMARK, ReplicaRates, replicas_for_rate
from gpucalc.core.common.explain import InputValue, Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.inputs import TrafficMode, Workload

HOURS_PER_MONTH = 730.0  # 8,760 h ÷ 12
PRICE_SOURCE = QT_TRANSLATE_NOOP("Sources", "catalog: indicative rental price")
SECONDS_PER_DAY = 86_400
SECONDS_PER_HOUR = 3_600
SEED_OFFLINE = "seed 000: 离线任务可以忽略首 token 延迟，把显存和算力堆到上限换总吞吐"
SEED_MEMORY_SHARE = "seed 001: keep weights + KV(avg) + margin within 70 % of memory"


DEFAULT_SPARE_REPLICAS = 1
"""The k of N + k a fleet keeps unless told otherwise: one spare replica for failures and upgrades."""
MAX_SPARE_REPLICAS = 64


class FleetPolicy(BaseModel):
    """How the fleet is sized: spare replicas and whether the peak sizes it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    spare_replicas: int = Field(default=DEFAULT_SPARE_REPLICAS, ge=0, le=MAX_SPARE_REPLICAS,
                                description="k of N + k.")
    size_for_peak: bool = Field(default=True, description="False: peaks queue or are rate-limited.")


class FleetLayout(BaseModel):
    """One way to split the deployment's GPUs into replicas, with totals over all of them."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    tensor_parallel_size: int
    pipeline_parallel_size: int
    replicas: int
    concurrency_per_replica: int
    concurrency_total: Term
    requests_per_s_total: Term
    output_tokens_per_s_total: Term


class FleetVerdict(BaseModel):
    """Whether the deployment carries the average and the peak, and what a fleet that does needs."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    mode: TrafficMode
    qps_avg: float
    qps_peak: float
    peak_given: bool = Field(description="A peak rate was stated (else the peak is the average).")
    gpus_per_replica: int = Field(description="GPUs of one replica: DP × TP × PP.")
    requests_per_s_per_replica_planned: Term
    requests_per_s_per_replica_capacity: Term
    replicas_for_average: Term
    replicas_for_peak: Term
    replicas: Term = Field(description="N: serving replicas the traffic needs.")
    spare_replicas: Term = Field(description="k of N + k.")
    replicas_needed: Term = Field(description="N + k.")
    gpus_needed: Term
    replicas_deployed: Term
    gpus_deployed: Term
    carries_average: bool = Field(description="The deployed replicas serve the average.")
    carries_peak: bool = Field(description="The deployed replicas serve the peak.")
    spare_deployed: int = Field(description="Deployed replicas beyond the N serving ones (up to k).")
    total_concurrency: Term = Field(description="Planned concurrency over every replica deployed.")
    total_concurrency_max: Term = Field(description="Concurrency over every replica deployed.")
    requests_per_s_total: Term
    output_tokens_per_s_total: Term
    output_tokens_per_day: Term
    output_tokens_per_gpu_hour: Term
    backfill_tokens_per_day: Term | None = Field(
        default=None, description="Mixed traffic: batch tokens the spare capacity serves per day.")
    price_usd_per_gpu_hour: float | None
    cost_per_hour_usd: Term | None = Field(description="The fleet that carries the traffic (N + k).")
    cost_per_month_usd: Term | None
    cost_per_million_output_tokens_usd: Term | None = Field(
        description="Cost of the N + k fleet per million output tokens at the average QPS.")
    cost_per_hour_deployed_usd: Term | None
    layouts: tuple[FleetLayout, ...] = Field(default=(), description="Replicas versus TP.")

    @property
    def carries(self) -> bool:
        """The deployment carries both the average and the peak."""
        return self.carries_average and self.carries_peak

    @property
    def spare_short(self) -> int:
        """Spare replicas the deployment lacks (it may still carry the traffic)."""
        return max(int(self.spare_replicas.value) - self.spare_deployed, 0)


def _money(key: str, gpus: float, hours: float, price: float | None) -> Term | None:
    if price is None:
        return None
    return term(key, gpus * price * hours, "USD", QT_TRANSLATE_NOOP(
        "Formulas", "GPUs × price per GPU-hour × hours"),
                {"gpus": gpus, "usd_per_gpu_hour": price, "hours": hours},
                (PRICE_SOURCE,))


def cost_per_million_output_tokens(cost_per_hour: Term | None, qps: float,
                                   mean_output_tokens: float) -> Term | None:
    """USD per million output tokens: the fleet's cost per hour ÷ the tokens it serves per hour."""
    tokens_per_hour = qps * mean_output_tokens * SECONDS_PER_HOUR
    if cost_per_hour is None or tokens_per_hour <= 0:
        return None
    return term("fleet.cost_per_million_output_tokens_usd",
                cost_per_hour.value / tokens_per_hour * 1e6, "USD",
                QT_TRANSLATE_NOOP("Formulas", "cost per hour ÷ (QPS × mean output tokens × 3,600 s) × "
                                              "1,000,000"),
                {"cost_per_hour_usd": round(cost_per_hour.value, 4), "qps": qps,
                 "mean_output_tokens": round(mean_output_tokens, 1)},
                cost_per_hour.sources or (PRICE_SOURCE,))


def _totals(rates: ReplicaRates, replicas: int, gpus: int, mode: TrafficMode) -> dict[str, Term | None]:
    """Concurrency, rates, tokens per day and backfill summed over ``replicas``."""
    tok_s = rates.output_tokens_per_s_planned * replicas
    facts: dict[str, InputValue] = {"replicas": replicas,
                                    "planned_concurrency": rates.planned_concurrency}
    spare_tok_s = max(rates.output_tokens_per_s_saturated - rates.output_tokens_per_s_planned, 0.0)
    backfill = None
    if mode == TrafficMode.MIXED:
        backfill = term("fleet.backfill_tokens_per_day", spare_tok_s * replicas * SECONDS_PER_DAY,
                        "tokens", QT_TRANSLATE_NOOP(
                            "Formulas", "(saturated − planned output tok/s) × replicas × 86,400 s"),
                        {"saturated_tok_s": rates.output_tokens_per_s_saturated,
                         "planned_tok_s": rates.output_tokens_per_s_planned,
                         "replicas": replicas}, (SEED_WATERMARK,))
    return {
        "total_concurrency": term("fleet.total_concurrency", rates.planned_concurrency * replicas,
                                  "requests", QT_TRANSLATE_NOOP(
                                      "Formulas", "planned concurrency × replicas deployed"), facts,
                                  (SEED_WATERMARK,)),
        "total_concurrency_max": term("fleet.total_concurrency_max",
                                      rates.concurrency * replicas, "requests",
                                      QT_TRANSLATE_NOOP("Formulas", "concurrency × replicas deployed"),
                                      {"replicas": replicas, "concurrency": rates.concurrency}),
        "requests_per_s_total": term("fleet.requests_per_s_total",
                                     rates.requests_per_s_planned * replicas, "req/s",
                                     QT_TRANSLATE_NOOP(
                                         "Formulas", "planned req/s per replica × replicas deployed"),
                                     facts),
        "output_tokens_per_s_total": term("fleet.output_tokens_per_s_total", tok_s, "tok/s",
                                          QT_TRANSLATE_NOOP(
                                              "Formulas", "planned output tok/s per replica × replicas"),
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
                  price_usd_per_gpu_hour: float | None, mean_output_tokens: float,
                  policy: FleetPolicy | None = None, layouts: tuple[FleetLayout, ...] = ()
                  ) -> FleetVerdict | None:
    """The verdict for ``num_gpus`` GPUs in replicas of ``gpus_per_replica``.

    None when no replica serves or no QPS was given (nothing to size for). Replicas for the
    average run at the planned rate (the watermark's share of the rate capacity); for the peak
    they may run at the rate capacity. N = max of the two (the peak only when
    ``size_for_peak``). The deployment carries a load when its deployed replicas serve it; the
    ``k`` spares are counted apart, so a missing spare never turns the answer into "no".
    """
    policy = policy or FleetPolicy()
    if workload.qps_avg is None or rates.requests_per_s_capacity <= 0 or rates.requests_per_s_planned <= 0:
        return None
    avg = workload.qps_avg
    peak = workload.qps_peak or avg
    k = policy.spare_replicas
    for_avg = replicas_for_rate(avg, rates.requests_per_s_planned)
    for_peak = replicas_for_rate(peak, rates.requests_per_s_capacity)
    serving = max(for_avg, for_peak) if policy.size_for_peak else for_avg
    deployed = num_gpus // gpus_per_replica
    needed_gpus = (serving + k) * gpus_per_replica
    price = price_usd_per_gpu_hour
    rate_facts: dict[str, InputValue] = {"concurrency": rates.concurrency,
                                         "watermark": rates.watermark,
                                         "rate_capacity": round(rates.requests_per_s_capacity, 4)}
    totals = _totals(rates, deployed, deployed * gpus_per_replica, workload.mode)
    cost_per_hour = _money("fleet.cost_per_hour_usd", needed_gpus, 1.0, price)
    return FleetVerdict(
        mode=workload.mode, qps_avg=avg, qps_peak=peak, peak_given=workload.qps_peak is not None,
        gpus_per_replica=gpus_per_replica,
        requests_per_s_per_replica_planned=term(
            "fleet.requests_per_s_per_replica_planned", rates.requests_per_s_planned,
            "req/s", QT_TRANSLATE_NOOP(
                "Formulas", "watermark × rate capacity of one replica (Poisson arrivals at the "
                            "percentile targets)"), rate_facts, (SEED_WATERMARK,)),
        requests_per_s_per_replica_capacity=term(
            "fleet.requests_per_s_per_replica_capacity", rates.requests_per_s_capacity, "req/s",
            QT_TRANSLATE_NOOP(
                "Formulas", "rate capacity of one replica: Poisson req/s whose percentile TTFT and TPOT "
                            "meet the targets"), rate_facts),
        replicas_for_average=term("fleet.replicas_for_average", for_avg, "replicas",
                                  QT_TRANSLATE_NOOP(
                                      "Formulas", "ceil(average QPS ÷ planned req/s per replica)"),
                                  {"qps_avg": avg, "per_replica": rates.requests_per_s_planned},
                                  (SEED_WATERMARK,)),
        replicas_for_peak=term("fleet.replicas_for_peak", for_peak, "replicas",
                               QT_TRANSLATE_NOOP(
                                   "Formulas", "ceil(peak QPS ÷ rate capacity per replica)"),
                               {"qps_peak": peak, "per_replica": rates.requests_per_s_capacity},
                               (SEED_WATERMARK,)),
        replicas=term("fleet.replicas", serving, "replicas",
                      QT_TRANSLATE_NOOP(
                          "Formulas", "max(replicas for average, replicas for peak)") if policy.size_for_peak
                      else QT_TRANSLATE_NOOP(
                          "Formulas", "replicas for average (peaks queue or are rate-limited)"),
                      {"for_average": for_avg, "for_peak": for_peak}),
        spare_replicas=term("fleet.spare_replicas", k, "replicas", QT_TRANSLATE_NOOP(
            "Formulas", "k of N + k (failover)"), {}),
        replicas_needed=term("fleet.replicas_needed", serving + k, "replicas", QT_TRANSLATE_NOOP(
            "Formulas", "N + k"),
                             {"N": serving, "k": k}),
        gpus_needed=term("fleet.gpus_needed", needed_gpus, "GPUs", QT_TRANSLATE_NOOP(
            "Formulas", "(N + k) × GPUs per replica"),
                         {"N": serving, "k": k, "gpus_per_replica": gpus_per_replica}),
        replicas_deployed=term("fleet.replicas_deployed", deployed, "replicas",
                               QT_TRANSLATE_NOOP("Formulas", "floor(GPUs ÷ GPUs per replica)"),
                               {"num_gpus": num_gpus, "gpus_per_replica": gpus_per_replica}),
        gpus_deployed=term("fleet.gpus_deployed", num_gpus, "GPUs", QT_TRANSLATE_NOOP(
            "Formulas", "num_gpus"), {}),
        carries_average=deployed >= for_avg,
        carries_peak=deployed >= (for_peak if policy.size_for_peak else for_avg),
        spare_deployed=min(max(deployed - serving, 0), k),
        price_usd_per_gpu_hour=price,
        cost_per_hour_usd=cost_per_hour,
        cost_per_month_usd=_money("fleet.cost_per_month_usd", needed_gpus, HOURS_PER_MONTH, price),
        cost_per_million_output_tokens_usd=cost_per_million_output_tokens(
            cost_per_hour, avg, mean_output_tokens),
        cost_per_hour_deployed_usd=_money("fleet.cost_per_hour_deployed_usd", num_gpus, 1.0, price),
        layouts=layouts,
        **totals,
    )


def fleet_layout(rates: ReplicaRates, num_gpus: int, tp: int, pp: int) -> FleetLayout:
    """Totals of ``num_gpus`` split into TP ``tp`` × PP ``pp`` replicas (at the planned rate)."""
    replicas = num_gpus // (tp * pp)
    facts: dict[str, InputValue] = {"replicas": replicas, "tp": tp, "pp": pp}
    return FleetLayout(
        tensor_parallel_size=tp, pipeline_parallel_size=pp, replicas=replicas,
        concurrency_per_replica=rates.concurrency,
        concurrency_total=term(f"layout.tp{tp}_pp{pp}.concurrency_total",
                               rates.planned_concurrency * replicas, "requests",
                               QT_TRANSLATE_NOOP("Formulas", "planned concurrency × replicas"), facts),
        requests_per_s_total=term(f"layout.tp{tp}_pp{pp}.requests_per_s_total",
                                  rates.requests_per_s_planned * replicas, "req/s",
                                  QT_TRANSLATE_NOOP(
                                      "Formulas", "planned req/s per replica × replicas"), facts),
        output_tokens_per_s_total=term(f"layout.tp{tp}_pp{pp}.output_tokens_per_s_total",
                                       rates.output_tokens_per_s_planned * replicas, "tok/s",
                                       QT_TRANSLATE_NOOP(
                                           "Formulas", "planned output tok/s per replica × "
                                           "replicas"), facts),
    )
