"""The disaggregated pools in the window: the answer's "Prefill pool / Decode pool" clause and terms."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gpucalc.core.common.explain import Term
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.plan.compute import Plan
from gpucalc.plan.disaggregation import aggregated_gpus
from gpucalc.ui.format import count, sig3

translate = QCoreApplication.translate


def disaggregated_sentence(outcome: Plan) -> str:
    """'Disaggregated 2P3D: prefill pool …; decode pool …; KV transfer ….' ('' when not split)."""
    d = outcome.disaggregated
    if d is None:
        return ""
    text = translate("Answer", "Disaggregated {ratio}: prefill pool {p} × TP {ptp} × PP {ppp} = {pg} "
                     "GPUs, TTFT {ttft} ms incl. KV transfer {kv} ms; decode pool {d} × TP {dtp} × "
                     "PP {dpp} = {dg} GPUs, TPOT {tpot} ms at {knee} requests each — {gpus} GPUs in "
                     "all").format(
        ratio=d.ratio, p=d.prefill_replicas, ptp=d.prefill_tp, ppp=d.prefill_pp,
        pg=count(d.prefill_gpus), ttft=sig3(d.ttft_ms.value), kv=sig3(d.kv_transfer_ms.value),
        d=d.decode_replicas, dtp=d.decode_tp, dpp=d.decode_pp, dg=count(d.decode_gpus),
        tpot=sig3(d.decode_tpot_ms.value), knee=count(d.decode_knee_requests.value),
        gpus=count(d.gpus))
    for pool, shape, engines in ((translate("Answer", "prefill"), d.prefill_shape, d.prefill_engines),
                                 (translate("Answer", "decode"), d.decode_shape, d.decode_engines)):
        if shape.dp > 1:
            text += translate("Answer", "; {pool} in {engines} engines of DP {dp}").format(
                pool=pool, engines=count(engines), dp=shape.dp)
    together = aggregated_gpus(outcome.fleet)
    if together is not None:
        text += translate("Answer", " ({gpus} aggregated for the same traffic)").format(
            gpus=count(together))
    return text + translate("Answer", ".")


def _engines(dp: int, engines: int) -> str:
    """', in 2 engines of DP 8' for a pool of DP > 1; '' otherwise."""
    if dp <= 1:
        return ""
    return translate("ExplainPane", ", in {engines} engines of DP {dp}").format(
        engines=count(engines), dp=dp)


def disaggregated_groups(d: DisaggregatedPlan) -> list[tuple[str, tuple[Term, ...]]]:
    """The pools' terms for the Explanation pane: prefill pool, KV transfer, decode pool."""
    return [
        (translate("ExplainPane", "Prefill pool: {n} × TP {tp} × PP {pp}").format(
            n=d.prefill_replicas, tp=d.prefill_tp, pp=d.prefill_pp)
         + _engines(d.prefill_shape.dp, d.prefill_engines),
         (d.prefill_ms, d.kv_transfer_ms, d.ttft_ms, d.prefill_tokens_per_s_per_replica,
          d.prefill_requests_per_s_per_replica, d.prefill_replicas_needed)),
        (translate("ExplainPane", "Decode pool: {n} × TP {tp} × PP {pp}").format(
            n=d.decode_replicas, tp=d.decode_tp, pp=d.decode_pp)
         + _engines(d.decode_shape.dp, d.decode_engines),
         (d.decode_knee_requests, d.decode_tpot_ms, d.decode_tokens_per_s_per_replica,
          d.decode_requests_per_s_per_replica, d.decode_replicas_needed)),
    ]
