"""The inputs of prefill/decode disaggregation: two pools of replicas and the link between them.

vLLM (``--kv-transfer-config`` with NixlConnector or P2pNcclConnector), SGLang
(``--disaggregation-mode prefill|decode``) and NVIDIA Dynamo (xPyD) run prompts on one pool of
replicas and decodes on another; the prompt's KV cache moves from the prefill replica to the
decode replica between the first token and the second. Each pool is the main deployment with
its own parallel sizes (:func:`gpucalc.core.fleet.disaggregation.pool_deployment`), DP included: a
pool of DP > 1 comes in whole engines of DP × TP × PP GPUs (SGLang ``--dp`` with
``--enable-dp-attention`` per pool, as DeepSeek-V3 runs prefill at DP 8 and decode at DP 16 with
expert parallel; expert parallel follows the deployment's ``enable_expert_parallel``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Disaggregation(BaseModel):
    """Prefill and decode on separate pools; ``None`` sizes take the deployment's own."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    enabled: bool = Field(default=False, description="Plan prefill and decode on separate pools "
                          "(vLLM kv-transfer-config, SGLang --disaggregation-mode, Dynamo xPyD).")
    prefill_tp: int | None = Field(default=None, ge=1, le=512,
                                   description="Tensor parallel size of a prefill replica.")
    decode_tp: int | None = Field(default=None, ge=1, le=512,
                                  description="Tensor parallel size of a decode replica.")
    prefill_pp: int | None = Field(default=None, ge=1, le=128,
                                   description="Pipeline parallel size of a prefill replica.")
    decode_pp: int | None = Field(default=None, ge=1, le=128,
                                  description="Pipeline parallel size of a decode replica.")
    prefill_replicas: int | None = Field(
        default=None, ge=1, le=4096, description="Fixed prefill replicas (else sized from the QPS).")
    decode_replicas: int | None = Field(
        default=None, ge=1, le=4096, description="Fixed decode replicas (else sized from the QPS).")
    kv_transfer_gbps: float | None = Field(
        default=None, gt=0, le=100_000, description="Link between the pools, Gb/s per GPU in one "
        "direction (NIC line rate: 400 = NDR InfiniBand); else the GPU's fast link or host path.")
    # DP / EP per pool: attention DP ranks of one engine of each pool (None: the deployment's)
    prefill_dp: int | None = Field(
        default=None, ge=1, le=1024, description="DP ranks of one prefill engine (SGLang --dp with "
        "--enable-dp-attention on the prefill server); the pool comes in whole engines.")
    decode_dp: int | None = Field(
        default=None, ge=1, le=1024, description="DP ranks of one decode engine (SGLang --dp with "
        "--enable-dp-attention on the decode server); the pool comes in whole engines.")
