"""The disaggregated layout on the terminal: both pools, the KV transfer and the comparison."""

from __future__ import annotations

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.plan.disaggregation import DisaggFigure
from gpucalc.text.catalogue import translate
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import count, sig3

POOL_NAMES = (QT_TRANSLATE_NOOP("Cli", "prefill"), QT_TRANSLATE_NOOP("Cli", "decode"))


def engine_lines(d: DisaggregatedPlan, lang: str = "en") -> list[str]:
    """How a pool of DP > 1 comes in whole engines ('' for pools of DP 1)."""
    return ["  " + translate("Cli", "{pool} pool in whole engines: {engines} × DP {dp} × TP {tp} × PP "
                                    "{pp} = {gpus} GPUs for {replicas} replicas (one per DP rank)",
                             lang).format(pool=translate("Cli", name, lang), engines=count(engines),
                                          dp=shape.dp, tp=shape.tp, pp=shape.pp, gpus=count(gpus),
                                          replicas=count(replicas))
            for name, shape, engines, gpus, replicas in (
                (POOL_NAMES[0], d.prefill_shape, d.prefill_engines, d.prefill_gpus, d.prefill_replicas),
                (POOL_NAMES[1], d.decode_shape, d.decode_engines, d.decode_gpus, d.decode_replicas))
            if shape.dp > 1]


def disaggregated_table(d: DisaggregatedPlan, figures: dict[str, DisaggFigure], qps: float,
                        lang: str = "en") -> str:
    """Prefill pool, decode pool, KV transfer and the aggregated fleet for the same traffic."""
    together = figures["aggregated_gpus"]
    lines = [
        "", translate("Cli", "disaggregated prefill/decode ({ratio}): {gpus} GPUs for {qps} req/s",
                      lang).format(ratio=d.ratio, gpus=count(d.gpus), qps=sig3(qps)),
        "  " + translate("Cli", "prefill pool: {replicas} replicas × TP {tp} × PP {pp} = {gpus} GPUs "
                                "({needed} needed); {rate} req/s each at the TTFT target; TTFT {ttft} ms "
                                "(P95 prefill {prefill} ms + KV transfer {transfer} ms + queue)",
                         lang).format(
            replicas=d.prefill_replicas, tp=d.prefill_tp, pp=d.prefill_pp, gpus=count(d.prefill_gpus),
            needed=count(d.prefill_replicas_needed.value),
            rate=sig3(d.prefill_requests_per_s_per_replica.value), ttft=sig3(d.ttft_ms.value),
            prefill=sig3(d.prefill_ms.value), transfer=sig3(d.kv_transfer_ms.value)),
        "  " + translate("Cli", "decode pool: {replicas} replicas × TP {tp} × PP {pp} = {gpus} GPUs "
                                "({needed} needed); knee {knee} requests, TPOT {tpot} ms without prompt "
                                "chunks, {rate} req/s each", lang).format(
            replicas=d.decode_replicas, tp=d.decode_tp, pp=d.decode_pp, gpus=count(d.decode_gpus),
            needed=count(d.decode_replicas_needed.value), knee=count(d.decode_knee_requests.value),
            tpot=sig3(d.decode_tpot_ms.value), rate=sig3(d.decode_requests_per_s_per_replica.value)),
        "  " + translate("Cli", "KV transfer: {mb} MB per P95 prompt over {link} at {gbs} GB/s per GPU "
                                "from {senders} GPUs: {ms} ms", lang).format(
            mb=sig3(d.kv_transfer_mb), link=translate("Formulas", d.link_name, lang),
            gbs=sig3(d.link_gb_per_s), senders=d.sending_gpus, ms=sig3(d.kv_transfer_ms.value)),
    ]
    lines += engine_lines(d, lang)
    if isinstance(together, int):
        lines.append("  " + translate("Cli", "aggregated for the same traffic: {gpus} GPUs", lang).format(
            gpus=count(together)))
    lines += [f"! {notice_text(n, lang)}" for n in d.notices]
    return "\n".join(lines)
