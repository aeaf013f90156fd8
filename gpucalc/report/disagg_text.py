"""The disaggregated pools in the report's words: each pool, the KV transfer, the comparison.

The numbers are the plan's :class:`~gpucalc.core.fleet.disaggregation.DisaggregatedPlan`, the same
ones ``estimate --json`` prints under ``disaggregated``; the launch lines are each pool's.
"""

from __future__ import annotations

from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.plan.disaggregation import aggregated_gpus
from gpucalc.report.numbers import count, sig3
from gpucalc.report.strings import tr, trf
from gpucalc.text.catalogue import translate


def pool_sentences(d: DisaggregatedPlan, fleet: FleetVerdict | None, lang: str) -> list[str]:
    """Prefill pool, decode pool, KV transfer and the aggregated GPUs for the same traffic."""
    lines = [
        trf("Disaggregated prefill/decode ({ratio}): {gpus} GPUs in two pools.", lang, ratio=d.ratio,
            gpus=count(d.gpus)),
        trf("Prefill pool: {n} replicas of TP {tp} × PP {pp} ({gpus} GPUs, {needed} needed for the "
            "traffic), {rate} prompts/s each at the TTFT target; TTFT {ttft} ms = queue + P95 "
            "prefill {prefill} ms + KV transfer {kv} ms.", lang,
            n=d.prefill_replicas, tp=d.prefill_tp, pp=d.prefill_pp, gpus=count(d.prefill_gpus),
            needed=count(d.prefill_replicas_needed.value),
            rate=sig3(d.prefill_requests_per_s_per_replica.value), ttft=sig3(d.ttft_ms.value),
            prefill=sig3(d.prefill_ms.value), kv=sig3(d.kv_transfer_ms.value)),
        trf("Decode pool: {n} replicas of TP {tp} × PP {pp} ({gpus} GPUs, {needed} needed), knee "
            "{knee} requests each, TPOT {tpot} ms without prompt chunks, {rate} req/s each.", lang,
            n=d.decode_replicas, tp=d.decode_tp, pp=d.decode_pp, gpus=count(d.decode_gpus),
            needed=count(d.decode_replicas_needed.value), knee=count(d.decode_knee_requests.value),
            tpot=sig3(d.decode_tpot_ms.value), rate=sig3(d.decode_requests_per_s_per_replica.value)),
        trf("KV transfer: {mb} MB per P95 prompt over {link} at {gbs} GB/s per GPU from {senders} "
            "GPUs in parallel.", lang,
            mb=sig3(d.kv_transfer_mb), link=translate("Formulas", d.link_name, lang),
            gbs=sig3(d.link_gb_per_s), senders=d.sending_gpus),
    ]
    lines += [trf("The {pool} pool comes in whole engines: {engines} × DP {dp} × TP {tp} × PP {pp} = "
                  "{gpus} GPUs for {replicas} replicas, one per DP rank; a MoE model's experts shard "
                  "over each engine's DP × TP ranks.", lang, pool=name, engines=count(engines),
                  dp=shape.dp, tp=shape.tp, pp=shape.pp, gpus=count(gpus), replicas=count(replicas))
              for name, shape, engines, gpus, replicas in (
                  (tr("prefill", lang), d.prefill_shape, d.prefill_engines, d.prefill_gpus,
                   d.prefill_replicas),
                  (tr("decode", lang), d.decode_shape, d.decode_engines, d.decode_gpus,
                   d.decode_replicas))
              if shape.dp > 1]
    together = aggregated_gpus(fleet)
    if together is not None:
        lines.append(trf("Aggregated, the same traffic needs {gpus} GPUs (serving replicas, no "
                         "spares).", lang, gpus=count(together)))
    return lines
