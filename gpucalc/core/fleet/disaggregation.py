"""Prefill/decode disaggregation: a prefill pool and a decode pool, each sized from the traffic.

Each pool is the main deployment with its own TP/PP/DP (:func:`pool_deployment`), priced on the
same step model as the aggregated plan. A pool's replica stays one attention group of TP × PP
GPUs (its rates are per DP rank), but its GPUs come in whole engines of DP × TP × PP: a pool of R
replicas at DP d runs ⌈R ÷ d⌉ engines (SGLang ``--dp`` with ``--enable-dp-attention``, vLLM
``--data-parallel-size``; a MoE model's experts shard over each pool's own DP × TP ranks).



* the prefill pool runs prompts only, a full ``max_num_batched_tokens`` batch per step; its TTFT
  is the wait in front of it (M/D/1, Pollaczek–Khinchine) + the prompt's own chunked prefill + the
  KV transfer to the decode pool, and its capacity is the prompt rate at which that TTFT meets
  the target;
* the decode pool runs decodes only (no prompt chunks in its steps); its knee is the smallest of
  the KV cache at the planning length, the scheduler cap and the largest batch whose decode-only
  step meets the TPOT target.

Both pools follow the fleet rule of :mod:`gpucalc.core.fleet.fleet`: the average at the watermark's
share of the capacity, the peak at the capacity itself.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from gpucalc.core.capacity.load import LoadShape, prefill_seconds
from gpucalc.core.capacity.perf_model import PerfContext, build_context, largest_satisfying
from gpucalc.core.capacity.rates import SEED_WATERMARK, planning_watermark, replicas_for_rate
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import InputValue, Notice, Term, term
from gpucalc.core.common.revise import revised
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.kv_transfer import kv_sending_gpus, kv_transfer_link, kv_transfer_term
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.parallel.parallel import check_tensor_parallel
from gpucalc.core.specs.inputs import Deployment, PlanInputs

MD1_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "M/D/1 queue (Pollaczek–Khinchine): mean wait = ρ × service ÷ (2 (1 − ρ))")
SPLITWISE_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "DistServe (OSDI 2024) §3: prefill and decode on separate GPUs remove the interference "
               "between them; each pool is sized for its own SLO")
POOL_ERRORS = {
    "prefill_tp": QT_TRANSLATE_NOOP("Errors", "{prefill_tp} {tp} cannot split the model's heads "
                                              "({heads} attention heads, {kv_heads} KV heads)"),
    "decode_tp": QT_TRANSLATE_NOOP("Errors", "{decode_tp} {tp} cannot split the model's heads "
                                             "({heads} attention heads, {kv_heads} KV heads)"),
    "prefill_pp": QT_TRANSLATE_NOOP("Errors", "{prefill_pp} {pp} exceeds the model's {layers} layers"),
    "decode_pp": QT_TRANSLATE_NOOP("Errors", "{decode_pp} {pp} exceeds the model's {layers} layers"),
}
POOL_FIT_ERRORS = {
    "prefill_tp": QT_TRANSLATE_NOOP("Errors", "a prefill replica of TP {tp} × PP {pp} does not hold "
                                              "the model and a KV cache; raise {prefill_tp}"),
    "decode_tp": QT_TRANSLATE_NOOP("Errors", "a decode replica of TP {tp} × PP {pp} does not hold "
                                             "the model and a KV cache; raise {decode_tp}"),
}


class PoolShape(NamedTuple):
    """The parallel sizes of one pool's engine: attention TP, PP and DP ranks."""

    tp: int
    pp: int
    dp: int

    @property
    def gpus_per_engine(self) -> int:
        """GPUs of one engine of the pool (DP × TP × PP)."""
        return self.dp * self.tp * self.pp

    def engines(self, replicas: int) -> int:
        """Whole engines that hold ``replicas`` attention groups: ⌈replicas ÷ DP⌉."""
        return -(-replicas // self.dp)

    def gpus(self, replicas: int) -> int:
        """GPUs of a pool of ``replicas`` attention groups: whole engines × DP × TP × PP."""
        return self.engines(replicas) * self.gpus_per_engine


class DisaggregatedPlan(BaseModel):
    """Both pools of a disaggregated deployment, sized for the traffic, and the KV transfer."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    prefill_tp: int
    prefill_pp: int
    decode_tp: int
    decode_pp: int
    link_name: str
    kv_transfer_ms: Term
    prefill_ms: Term
    prefill_tokens_per_s_per_replica: Term
    prefill_requests_per_s_per_replica: Term
    ttft_ms: Term
    decode_knee_requests: Term
    decode_tpot_ms: Term
    decode_requests_per_s_per_replica: Term
    decode_tokens_per_s_per_replica: Term
    prefill_replicas_needed: Term
    decode_replicas_needed: Term
    prefill_replicas: int
    decode_replicas: int
    notices: tuple[Notice, ...] = ()
    # DP / EP per pool: attention DP ranks of one engine of each pool
    prefill_dp: int = 1
    decode_dp: int = 1

    @property
    def prefill_shape(self) -> PoolShape:
        """TP, PP and DP of one prefill engine."""
        return PoolShape(self.prefill_tp, self.prefill_pp, self.prefill_dp)

    @property
    def decode_shape(self) -> PoolShape:
        """TP, PP and DP of one decode engine."""
        return PoolShape(self.decode_tp, self.decode_pp, self.decode_dp)

    @property
    def prefill_engines(self) -> int:
        """Prefill engines (⌈replicas ÷ DP⌉; the replicas when DP is 1)."""
        return self.prefill_shape.engines(self.prefill_replicas)

    @property
    def decode_engines(self) -> int:
        """Decode engines (⌈replicas ÷ DP⌉; the replicas when DP is 1)."""
        return self.decode_shape.engines(self.decode_replicas)

    @property
    def prefill_gpus(self) -> int:
        """GPUs of the prefill pool (engines × DP × TP × PP)."""
        return self.prefill_shape.gpus(self.prefill_replicas)

    @property
    def decode_gpus(self) -> int:
        """GPUs of the decode pool (engines × DP × TP × PP)."""
        return self.decode_shape.gpus(self.decode_replicas)

    def gpus_with_spares(self, spares: int) -> int:
        """GPUs of both pools with ``spares`` more replicas in each, in whole engines."""
        return (self.prefill_shape.gpus(self.prefill_replicas + spares)
                + self.decode_shape.gpus(self.decode_replicas + spares))

    @property
    def gpus(self) -> int:
        """GPUs of both pools."""
        return self.prefill_gpus + self.decode_gpus

    @property
    def ratio(self) -> str:
        """The xPyD name of the layout: prefill engines P, decode engines D (e.g. 2P3D).

        SGLang and Dynamo count the servers (engines) of each pool; with DP 1 an engine is one replica.
        """
        return f"{self.prefill_engines}P{self.decode_engines}D"

    @property
    def traffic_qps(self) -> float:
        """Average req/s the pools are sized for (the QPS, or one decode replica's planned rate)."""
        return float(self.decode_replicas_needed.inputs["qps_avg"])

    @property
    def kv_transfer_mb(self) -> float:
        """MB (10⁶ bytes) of one P95 prompt's KV cache moved to the decode pool."""
        return float(self.kv_transfer_ms.inputs["kv_bytes"]) / 1e6

    @property
    def link_gb_per_s(self) -> float:
        """One-direction GB/s per GPU of the link between the pools."""
        return float(self.kv_transfer_ms.inputs["link_gb_per_s"])

    @property
    def sending_gpus(self) -> int:
        """Prefill GPUs that send a distinct KV shard at once."""
        return int(self.kv_transfer_ms.inputs["sending_gpus"])

    @property
    def carries(self) -> bool:
        """Both pools have at least the replicas the traffic needs."""
        return (self.prefill_replicas >= self.prefill_replicas_needed.value
                and self.decode_replicas >= self.decode_replicas_needed.value)


def pool_sizes(dep: Deployment) -> tuple[PoolShape, PoolShape]:
    """(prefill, decode) TP, PP and DP: each pool's own, else the deployment's."""
    d = dep.disaggregation
    tp, pp, dp = dep.tensor_parallel_size, dep.pipeline_parallel_size, dep.data_parallel_size
    return (PoolShape(d.prefill_tp or tp, d.prefill_pp or pp, d.prefill_dp or dp),
            PoolShape(d.decode_tp or tp, d.decode_pp or pp, d.decode_dp or dp))


def pool_deployment(dep: Deployment, shape: PoolShape) -> Deployment:
    """One engine of a pool: the deployment at the pool's TP, PP and DP, not disaggregated itself.

    Its GPUs are one engine (DP × TP × PP), so its replicas are the engine's DP ranks; expert
    parallel follows the deployment's ``enable_expert_parallel``. ``num_gpus`` is exactly one
    engine, so the deployment's rule (DP × TP × PP ≤ GPUs) holds by construction.
    """
    return revised(dep, tensor_parallel_size=shape.tp, pipeline_parallel_size=shape.pp,
                   data_parallel_size=shape.dp, num_gpus=shape.gpus_per_engine,
                   disaggregation=type(dep.disaggregation)())


def pool_inputs(inputs: PlanInputs, shape: PoolShape) -> PlanInputs:
    """``inputs`` with one engine of a pool as the deployment."""
    return revised(inputs, deployment=pool_deployment(inputs.deployment, shape))


def check_pools(inputs: PlanInputs) -> None:
    """Raise a coded :class:`PlanError` when a pool's TP or PP cannot split the model."""
    model = inputs.model
    (ptp, ppp, _), (dtp, dpp, _) = pool_sizes(inputs.deployment)
    for field, tp in (("prefill_tp", ptp), ("decode_tp", dtp)):
        if check_tensor_parallel(model.num_attention_heads, model.num_kv_heads, tp) is not None:
            raise PlanError("pool_tp_heads", POOL_ERRORS[field], f"deployment.disaggregation.{field}",
                            tp=tp, heads=model.num_attention_heads, kv_heads=model.num_kv_heads)
    for field, pp in (("prefill_pp", ppp), ("decode_pp", dpp)):
        if pp > model.num_layers:
            raise PlanError("pool_pp_layers", POOL_ERRORS[field], f"deployment.disaggregation.{field}",
                            pp=pp, layers=model.num_layers)


def pool_context(inputs: PlanInputs, shape: PoolShape, field: str) -> PerfContext:
    """Step model and KV capacity of one replica (DP rank) of a pool; a coded error if it won't fit.

    ``field`` is the pool's TP field (``prefill_tp`` or ``decode_tp``), the one to raise.
    """
    pool = pool_inputs(inputs, shape)
    memory = calculate_memory(pool, single_gpu_check=False)
    if not memory.fits:
        raise PlanError("pool_does_not_fit", POOL_FIT_ERRORS[field],
                        f"deployment.disaggregation.{field}", tp=shape.tp, pp=shape.pp)
    return build_context(pool, memory)


def prefill_tokens_per_s(ctx: PerfContext) -> float:
    """Prompt tokens/s of one prefill replica running full ``max_num_batched_tokens`` steps."""
    budget = float(ctx.token_budget)
    return budget / ctx.step.step_seconds(0.0, budget, 0.0, prefill_context=ctx.mean_input / 2)


def prompt_prefill_seconds(ctx: PerfContext, prompt_tokens: float) -> float:
    """Seconds to prefill one prompt of ``prompt_tokens`` on an idle replica, chunked by the budget."""
    shape = LoadShape(prompt_tokens, ctx.mean_output, ctx.token_budget, 1.0)
    return prefill_seconds(ctx.step, shape, 1.0)


def utilisation_within_wait(wait_s: float, service_s: float) -> float:
    """Largest utilisation ρ whose M/D/1 mean wait ρ S ÷ (2 (1 − ρ)) stays within ``wait_s``."""
    if wait_s <= 0 or service_s <= 0:
        return 0.0 if wait_s <= 0 else 1.0
    return 2 * wait_s / (service_s + 2 * wait_s)


def md1_wait_seconds(utilisation: float, service_s: float) -> float:
    """Mean M/D/1 wait (s) at utilisation ρ < 1 with a ``service_s`` service time."""
    if utilisation >= 1:
        return math.inf
    return utilisation * service_s / (2 * (1 - utilisation))


def decode_step_seconds(ctx: PerfContext, running: float) -> float:
    """One decode-only step with ``running`` requests at the mean context (no prompt tokens)."""
    return ctx.step.step_seconds(running, 0.0, ctx.mean_input + ctx.mean_output / 2)


def decode_knee(ctx: PerfContext) -> tuple[int, dict[str, int]]:
    """Running requests of one decode replica: min(KV at planning length, max_num_seqs, TPOT limit)."""
    limits = {"memory": math.floor(ctx.memory_requests()), "scheduler": ctx.max_num_seqs,
              "tpot": largest_satisfying(lambda n: decode_step_seconds(ctx, n) <= ctx.tpot_target_s)}
    return min(limits.values()), limits


def _pool_replicas(key: str, qps_avg: float, qps_peak: float, rate: float, watermark: float) -> Term:
    """Replicas a pool needs: max(⌈avg ÷ (watermark × rate)⌉, ⌈peak ÷ rate⌉)."""
    for_avg = replicas_for_rate(qps_avg, watermark * rate)
    for_peak = replicas_for_rate(qps_peak, rate)
    return term(key, max(for_avg, for_peak), "replicas", QT_TRANSLATE_NOOP(
        "Formulas", "max(ceil(average QPS ÷ (watermark × req/s per replica)), ceil(peak QPS ÷ req/s "
                    "per replica))"),
                {"qps_avg": qps_avg, "qps_peak": qps_peak, "per_replica": round(rate, 4),
                 "watermark": watermark, "for_average": for_avg, "for_peak": for_peak},
                (SEED_WATERMARK,))


def _prefill_pool(inputs: PlanInputs, ctx: PerfContext, transfer_ms: float,
                  replicas_given: int | None, traffic: tuple[float, float]) -> dict[str, Term | int]:
    """The prefill pool's figures: its own prefill, throughput, capacity at the TTFT target, TTFT."""
    wl, targets = inputs.workload, inputs.targets
    p95 = wl.input_p95
    own_s = prompt_prefill_seconds(ctx, p95)
    tok_s = prefill_tokens_per_s(ctx)
    service_s = ctx.mean_input / tok_s
    slack_s = ctx.ttft_target_s - own_s - transfer_ms / 1000
    rate = utilisation_within_wait(slack_s, service_s) * tok_s / ctx.mean_input
    if rate <= 0:
        raise PlanError("prefill_misses_ttft", QT_TRANSLATE_NOOP(
            "Errors", "{ttft_ms}: a P95 prompt takes {prefill_ms} ms to prefill and {transfer_ms} ms "
                      "to move to the decode pool; raise the target or {prefill_tp}"),
            "targets.ttft_ms", prefill_ms=round(own_s * 1000, 1), transfer_ms=round(transfer_ms, 1))
    qps_avg, qps_peak = traffic
    needed = _pool_replicas("disaggregated.prefill_replicas_needed", qps_avg, qps_peak, rate,
                            planning_watermark(targets, wl.mode))
    replicas = replicas_given or int(needed.value)
    busy = qps_avg / replicas * ctx.mean_input / tok_s
    wait_s = md1_wait_seconds(busy, service_s)
    facts: dict[str, InputValue] = {"p95_input": p95, "token_budget": ctx.token_budget}
    return {
        "prefill_ms": term("disaggregated.prefill_ms", own_s * 1000, "ms", QT_TRANSLATE_NOOP(
            "Formulas", "ceil(P95 prompt ÷ token budget) chunks × prefill-only step time"), facts,
            (ctx.efficiency.source,)),
        "prefill_tokens_per_s_per_replica": term(
            "disaggregated.prefill_tokens_per_s_per_replica", tok_s, "tok/s", QT_TRANSLATE_NOOP(
                "Formulas", "token budget ÷ prefill-only step time of a full budget"), facts,
            (ctx.efficiency.source,)),
        "prefill_requests_per_s_per_replica": term(
            "disaggregated.prefill_requests_per_s_per_replica", rate, "req/s", QT_TRANSLATE_NOOP(
                "Formulas", "ρ × prompt tok/s ÷ mean prompt, ρ = 2w ÷ (S + 2w), w = TTFT target − "
                            "P95 prefill − KV transfer, S = mean prompt ÷ prompt tok/s"),
            {"wait_budget_ms": round(slack_s * 1000, 2), "service_ms": round(service_s * 1000, 3),
             "mean_input": round(ctx.mean_input), "ttft_target_ms": targets.ttft_ms},
            (MD1_SOURCE, SPLITWISE_SOURCE)),
        "ttft_ms": term("disaggregated.ttft_ms", (wait_s + own_s) * 1000 + transfer_ms, "ms",
                        QT_TRANSLATE_NOOP("Formulas", "M/D/1 wait at the average QPS per prefill "
                                                      "replica + P95 prefill + KV transfer"),
                        {"wait_ms": round(wait_s * 1000, 2), "prefill_ms": round(own_s * 1000, 2),
                         "kv_transfer_ms": round(transfer_ms, 3), "utilisation": round(busy, 3),
                         "replicas": replicas}, (MD1_SOURCE,)),
        "prefill_replicas_needed": needed, "prefill_replicas": replicas,
    }


def _decode_pool(inputs: PlanInputs, ctx: PerfContext, replicas_given: int | None,
                 tp: int, pp: int) -> dict[str, Term | int]:
    """The decode pool's figures: its knee, TPOT there, and its rates without prompt chunks."""
    wl, targets = inputs.workload, inputs.targets
    knee, limits = decode_knee(ctx)
    if knee < 1:
        raise PlanError("decode_misses_tpot", QT_TRANSLATE_NOOP(
            "Errors", "a decode replica of TP {tp} × PP {pp} cannot run one request: its KV cache "
                      "holds {memory} requests and one decode step takes {step_ms} ms against "
                      "{tpot_ms}; raise {decode_tp}"), "deployment.disaggregation.decode_tp",
            tp=tp, pp=pp, memory=limits["memory"],
            step_ms=round(decode_step_seconds(ctx, 1) * 1000, 2))
    step_s = decode_step_seconds(ctx, knee)
    tok_s = knee / step_s
    rate = tok_s / ctx.mean_output
    qps_avg, qps_peak = pool_traffic(inputs, rate)
    needed = _pool_replicas("disaggregated.decode_replicas_needed", qps_avg, qps_peak, rate,
                            planning_watermark(targets, wl.mode))
    facts: dict[str, InputValue] = {"knee": knee, "mean_output": round(ctx.mean_output),
             "context": round(ctx.mean_input + ctx.mean_output / 2)}
    return {
        "decode_knee_requests": term("disaggregated.decode_knee_requests", knee, "requests",
                                     QT_TRANSLATE_NOOP(
                                         "Formulas", "min(KV at planning length, max_num_seqs, max N: "
                                                     "decode-only step ≤ TPOT target)"),
                                     {**limits, "tpot_target_ms": targets.tpot_ms},
                                     (SPLITWISE_SOURCE,)),
        "decode_tpot_ms": term("disaggregated.decode_tpot_ms", step_s * 1000, "ms", QT_TRANSLATE_NOOP(
            "Formulas", "decode-only step at the knee (no prompt chunks)"), facts,
            (ctx.efficiency.source,)),
        "decode_tokens_per_s_per_replica": term(
            "disaggregated.decode_tokens_per_s_per_replica", tok_s, "tok/s", QT_TRANSLATE_NOOP(
                "Formulas", "knee ÷ decode step time"), facts),
        "decode_requests_per_s_per_replica": term(
            "disaggregated.decode_requests_per_s_per_replica", rate, "req/s", QT_TRANSLATE_NOOP(
                "Formulas", "Little's law: knee ÷ (mean output × decode step time)"), facts),
        "decode_replicas_needed": needed, "decode_replicas": replicas_given or int(needed.value),
    }


def pool_traffic(inputs: PlanInputs, decode_rate: float) -> tuple[float, float]:
    """(average, peak) req/s the pools are sized for.

    The workload's QPS, or without one the planned rate of one decode replica (the smallest
    balanced xPyD).
    """
    wl = inputs.workload
    if wl.qps_avg is None:
        planned = planning_watermark(inputs.targets, wl.mode) * decode_rate
        return planned, planned
    return wl.qps_avg, wl.qps_peak or wl.qps_avg


def _plan_over(inputs: PlanInputs, prefill: PerfContext, decode: PerfContext,
               pools_gpus: int) -> DisaggregatedPlan:
    """Both pools with the KV moving over the link ``pools_gpus`` GPUs in all would use."""
    dep = inputs.deployment
    d = dep.disaggregation
    prefill_shape, decode_shape = pool_sizes(dep)
    (ptp, ppp, pdp), (dtp, dpp, ddp) = prefill_shape, decode_shape
    bpe = inputs.kv_format.bytes_per_element
    link = kv_transfer_link(inputs.gpu, pools_gpus, d.kv_transfer_gbps,
                            prefill.efficiency.comm_latency_us * 1e-6, inputs.network)
    transfer = kv_transfer_term(inputs.model, bpe, inputs.workload.input_p95,
                                kv_sending_gpus(inputs.model, bpe, ptp, ppp), link)
    decode_pool = _decode_pool(inputs, decode, d.decode_replicas, dtp, dpp)
    traffic = pool_traffic(inputs, float(decode_pool["decode_requests_per_s_per_replica"].value)
                           if isinstance(decode_pool["decode_requests_per_s_per_replica"], Term) else 0.0)
    prefill_pool = _prefill_pool(inputs, prefill, transfer.value, d.prefill_replicas, traffic)
    made = DisaggregatedPlan.model_validate({
        "prefill_tp": ptp, "prefill_pp": ppp, "decode_tp": dtp, "decode_pp": dpp,
        "prefill_dp": pdp, "decode_dp": ddp, "link_name": link.name, "kv_transfer_ms": transfer,
        **prefill_pool, **decode_pool})
    if made.carries:
        return made
    short = Notice(code="disaggregated_pool_short", params={
        "prefill_replicas": made.prefill_replicas, "decode_replicas": made.decode_replicas,
        "prefill_needed": int(made.prefill_replicas_needed.value),
        "decode_needed": int(made.decode_replicas_needed.value)})
    return made.model_copy(update={"notices": (short,)})


def disaggregated_plan(inputs: PlanInputs) -> DisaggregatedPlan:
    """Both pools of ``inputs`` sized for its traffic (or at the given replica counts).

    The KV link depends on how many GPUs the pools hold: given replica counts fix it; otherwise
    the pools are sized first over the link one prefill and one decode replica would use, and
    sized again when the pools turn out to leave that link's domain.
    """
    check_pools(inputs)
    dep = inputs.deployment
    d = dep.disaggregation
    prefill_shape, decode_shape = pool_sizes(dep)
    prefill = pool_context(inputs, prefill_shape, "prefill_tp")
    decode = pool_context(inputs, decode_shape, "decode_tp")
    gpus = prefill_shape.gpus(d.prefill_replicas or 1) + decode_shape.gpus(d.decode_replicas or 1)
    made = _plan_over(inputs, prefill, decode, gpus)
    if made.gpus != gpus and kv_transfer_link(inputs.gpu, made.gpus, d.kv_transfer_gbps, 0.0,
                                                       inputs.network).name \
            != made.link_name:
        made = _plan_over(inputs, prefill, decode, made.gpus)
    return made
