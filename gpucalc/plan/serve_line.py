"""The engine launch line a plan runs with (``vllm serve …``, SGLang, ``trtllm-serve``). No Qt.

Flag names are the ones the serve-command paste reads (``gpucalc/plan/serve_command.py``), so a
line from a report pastes back into the window. Values are the effective settings of the
result (the engine's defaults filled in), so the line states what the numbers assume.
"""

from __future__ import annotations

import json
import shlex

from gpucalc.core.memory.settings import EffectiveSettings
from gpucalc.core.parallel.topology import replica_link_plan
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.weight_only import engine_format
from gpucalc.core.step.prefix_cache import caching_on
from gpucalc.plan.speculative_config import sglang_words, vllm_config_text

# field → flag, per engine (the first spelling each engine accepts in serve_command.py).
FLAGS: dict[EngineKind, dict[str, str]] = {
    EngineKind.VLLM: {
        "tensor_parallel_size": "--tensor-parallel-size",
        "pipeline_parallel_size": "--pipeline-parallel-size",
        "max_model_len": "--max-model-len", "memory_fraction": "--gpu-memory-utilization",
        "max_num_batched_tokens": "--max-num-batched-tokens", "max_num_seqs": "--max-num-seqs",
        "kv_cache_dtype": "--kv-cache-dtype", "quantization": "--quantization",
        "expert_parallel": "--enable-expert-parallel", "enforce_eager": "--enforce-eager",
        "limit_mm_per_prompt": "--limit-mm-per-prompt",
        "prefix_caching_on": "--enable-prefix-caching",
        "prefix_caching_off": "--no-enable-prefix-caching",
        "disaggregation": "--kv-transfer-config", "nodes": "--nnodes",
        "decode_context_parallel_size": "--decode-context-parallel-size",
        "mamba_ssm_cache_dtype": "--mamba-ssm-cache-dtype",
    },
    EngineKind.SGLANG: {
        "tensor_parallel_size": "--tp", "pipeline_parallel_size": "--pp",
        "max_model_len": "--context-length", "memory_fraction": "--mem-fraction-static",
        "max_num_batched_tokens": "--chunked-prefill-size", "max_num_seqs": "--max-running-requests",
        "kv_cache_dtype": "--kv-cache-dtype", "quantization": "--quantization",
        "expert_parallel": "--enable-ep-moe", "enforce_eager": "--disable-cuda-graph",
        "prefix_caching_off": "--disable-radix-cache",
        "disaggregation": "--disaggregation-mode",
        "nodes": "--nnodes",
        "mamba_ssm_cache_dtype": "--mamba-ssm-dtype",
    },
    EngineKind.TRTLLM: {
        "tensor_parallel_size": "--tp_size", "pipeline_parallel_size": "--pp_size",
        "max_model_len": "--max_seq_len", "memory_fraction": "--kv_cache_free_gpu_memory_fraction",
        "max_num_batched_tokens": "--max_num_tokens", "max_num_seqs": "--max_batch_size",
    },
}
LAUNCHERS = {EngineKind.VLLM: ["vllm", "serve"],
             EngineKind.SGLANG: ["python", "-m", "sglang.launch_server", "--model-path"],
             EngineKind.TRTLLM: ["trtllm-serve"]}


def serve_line(inputs: PlanInputs, settings: EffectiveSettings) -> str:
    """The launch command of ``inputs`` with its effective settings, shell-quoted."""
    kind = inputs.engine.kind
    flags = FLAGS[kind]
    dep = inputs.deployment
    model = inputs.model.hf_id or inputs.model.name
    words = [*LAUNCHERS[kind], model]
    sglang_dp = dep.data_parallel_size if kind == EngineKind.SGLANG else 1  # --tp spans DP ranks
    values: dict[str, str] = {
        "tensor_parallel_size": str(dep.tensor_parallel_size * sglang_dp),
        "pipeline_parallel_size": str(dep.pipeline_parallel_size),
        "max_model_len": str(int(settings.max_model_len.value)),
        "memory_fraction": f"{settings.memory_fraction.value:g}",
        "max_num_batched_tokens": str(int(settings.max_num_batched_tokens.value)),
        "max_num_seqs": str(int(settings.max_num_seqs.value)),
    }
    replica_nodes = replica_link_plan(inputs).replica_nodes
    if replica_nodes > 1:
        values["nodes"] = str(replica_nodes)
    if dep.kv_cache_dtype != "auto":
        values["kv_cache_dtype"] = dep.kv_cache_dtype
    if not inputs.body_format_is_checkpoint:
        values["quantization"] = engine_format(inputs.weight_format).id  # fp8, also where it runs W8A16
    if dep.decode_context_parallel_size > 1:
        values["decode_context_parallel_size"] = str(dep.decode_context_parallel_size)
    if dep.mamba_ssm_cache_dtype != "auto":
        values["mamba_ssm_cache_dtype"] = dep.mamba_ssm_cache_dtype
    for key, value in values.items():
        if key in flags:
            words += [flags[key], value]
    if dep.enable_expert_parallel and "expert_parallel" in flags:
        words.append(flags["expert_parallel"])
    if dep.enforce_eager and "enforce_eager" in flags:
        words.append(flags["enforce_eager"])
    caching = caching_on(dep, inputs.engine)
    if caching != inputs.engine.prefix_caching_default:  # only a change from the default is said
        switch = "prefix_caching_on" if caching else "prefix_caching_off"
        words += [flags[switch]] if switch in flags else []
    if inputs.model.vision is not None and dep.limit_mm_per_prompt != 1 and "limit_mm_per_prompt" in flags:
        words += [flags["limit_mm_per_prompt"], json.dumps({"image": dep.limit_mm_per_prompt})]
    words += expert_parallel_words(kind, inputs)
    words += _speculative_words(inputs)
    return shlex.join(words)


# gpucalc's all-to-all mode → each engine's own spelling
VLLM_ALL2ALL = {AllToAllMode.ALLGATHER: "allgather_reducescatter",
                AllToAllMode.NORMAL: "deepep_high_throughput",
                AllToAllMode.LOW_LATENCY: "deepep_low_latency"}
SGLANG_DEEPEP = {AllToAllMode.NORMAL: "normal", AllToAllMode.LOW_LATENCY: "low_latency"}


def expert_parallel_words(kind: EngineKind, inputs: PlanInputs) -> list[str]:
    """DP attention, EPLB and all-to-all flags of ``inputs`` in the engine's words (none at DP 1).

    SGLang's ``--tp`` then spans the DP group (``--enable-dp-attention``): it is rewritten to
    DP × attention TP.
    """
    dep = inputs.deployment
    dp = dep.data_parallel_size
    words: list[str] = []
    if dp > 1 and kind == EngineKind.VLLM:
        words += ["--data-parallel-size", str(dp)]
        if dep.all2all_mode != AllToAllMode.ALLGATHER:
            words += ["--all2all-backend", VLLM_ALL2ALL[dep.all2all_mode]]
    if dp > 1 and kind == EngineKind.SGLANG:
        words += ["--dp", str(dp), "--enable-dp-attention"]
        if dep.all2all_mode in SGLANG_DEEPEP:
            words += ["--moe-a2a-backend", "deepep", "--deepep-mode", SGLANG_DEEPEP[dep.all2all_mode]]
    if dep.enable_eplb and kind in (EngineKind.VLLM, EngineKind.SGLANG):
        words.append("--enable-eplb")
    if dep.num_redundant_experts and kind == EngineKind.VLLM:
        words += ["--eplb-config", json.dumps({"num_redundant_experts": dep.num_redundant_experts})]
    if dep.num_redundant_experts and kind == EngineKind.SGLANG:
        words += ["--ep-num-redundant-experts", str(dep.num_redundant_experts)]
    return words


def _speculative_words(inputs: PlanInputs) -> list[str]:
    """The speculative-decoding flags of ``inputs`` in its engine's spelling.

    None for TensorRT-LLM, which takes them in its extra LLM-API options file.
    """
    spec = inputs.deployment.speculation
    if spec is None:
        return []
    if inputs.engine.kind == EngineKind.VLLM:
        return ["--speculative-config", vllm_config_text(spec)]
    if inputs.engine.kind == EngineKind.SGLANG:
        return sglang_words(spec)
    return []
