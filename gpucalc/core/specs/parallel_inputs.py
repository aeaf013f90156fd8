"""The inputs of a parallel layout that the validated deployment itself needs.

The expert all-to-all modes and the expert load-imbalance defaults (used by
:mod:`gpucalc.core.parallel.expert_parallel`), and the rule that decode context parallel divides
the TP group (:mod:`gpucalc.core.parallel.context_parallel`): here, below the inputs, so the
deployment can validate them without importing the parallel domain.
"""

from __future__ import annotations

from enum import StrEnum

from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP


class AllToAllMode(StrEnum):
    """How the tokens reach the experts of other ranks and come back, once per MoE layer."""

    ALLGATHER = "allgather"  # vLLM allgather_reducescatter / naive (default); SGLang without DeepEP
    NORMAL = "normal"  # DeepEP high-throughput ("normal") kernels
    LOW_LATENCY = "low-latency"  # DeepEP low-latency kernels


# Expert load imbalance: the busiest EP rank's routed tokens ÷ the mean (vLLM's EPLB logs the
# inverse, "balancedness" = mean ÷ max tokens per rank); it scales the expert GEMMs of a step.
# Derived by tools/derive_expert_imbalance.py (which writes the two figures below) from
# aiconfigurator-core 0.12.0 (NVIDIA, Apache-2.0), whose planner routes MoE tokens by a power law
# with α = 1.01 (sdk/config.py workload_distribution "power_law"; sdk/models/deepseek.py
# _power_law_alpha) and measured its MoE kernels under it:
# - default: grouped-GEMM time under power_law_1.01 ÷ balanced at the same shape
#   (systems/data/<gpu>/moe/<engine>/<version>/moe_perf.parquet, moe_tp 1, EP 8–64, ≥ 4096
#   tokens, the compute-bound range); median per GPU 1.14 (L40S) to 1.72 (A100), H100 1.59,
#   H200 1.53, B200 1.29; median of the 9 GPUs 1.40.
# - with EPLB: the measured rank's tokens under power_law_1.01_eplb (TensorRT-LLM 1.3.0rc10
#   systems/data/<gpu>/moe/trtllm/1.3.0rc10/wideep_moe_perf.parquet, rank0_num_tokens) ÷ the
#   tokens per rank of uniform top-k routing, T × (1 − C(S − S/EP, k) ÷ C(S, k)); same EP sizes
#   and tokens; median per GPU 1.05 (H100) to 1.10 (B200); median of the 6 GPUs 1.08.
# The router balances the experts over a batch (DeepSeek-V3 technical report §2.1.2), not per
# step and rank; one's own EPLB balancedness log (1 ÷ imbalance) overrides both.
DEFAULT_IMBALANCE = 1.4
EPLB_IMBALANCE = 1.08
# The defaults and their origin, in plain English for the CLI help, the CSV and the field docs.
IMBALANCE_DEFAULTS = (f"{DEFAULT_IMBALANCE:g}, {EPLB_IMBALANCE:g} with EPLB: aiconfigurator-core 0.12.0 "
                      "MoE kernels measured under power-law routing α 1.01")
def dcp_divides_tp_error(tp: int, dcp: int) -> PlanError | None:
    """The error when ``dcp`` does not divide ``tp`` (vLLM config/parallel.py), else None."""
    if tp % dcp == 0:
        return None
    return PlanError("dcp_tp", QT_TRANSLATE_NOOP(
        "Errors", "{decode_context_parallel_size} {dcp} must divide {tensor_parallel_size} "
                  "{tp}: decode context parallel reuses the TP group's GPUs"),
        "decode_context_parallel_size", dcp=dcp, tp=tp)
