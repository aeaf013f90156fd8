"""The engine launch line a plan runs with (``vllm serve …``, SGLang, ``trtllm-serve``). No Qt.

Flags are the first written spelling of each field in :mod:`gpucalc.engines.vocabulary`, the
vocabulary the serve-command paste reads, so a line from a report pastes back into the window.
Values are the effective settings of the result (the engine's defaults filled in), so the line
states what the numbers assume.
"""

from __future__ import annotations

import json
import shlex

from gpucalc.core.memory.settings import EffectiveSettings
from gpucalc.core.parallel.topology import replica_link_plan
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import Deployment, PlanInputs
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.weight_only import engine_format
from gpucalc.core.step.prefix_cache import caching_on
from gpucalc.engines.knobs import Conversion, Form
from gpucalc.engines.tables import flag, schema_default, speculative_flag, spelling, written_flag
from gpucalc.engines.vocabulary import KNOBS
from gpucalc.engines.vocabulary import LAUNCHERS as ALL_LAUNCHERS
from gpucalc.plan.speculative_config import sglang_words, vllm_config_text

LAUNCHERS = {launcher.engine: launcher.written for launcher in ALL_LAUNCHERS}
"""The words that start each engine's server (:data:`gpucalc.engines.vocabulary.LAUNCHERS`)."""


def serve_line(inputs: PlanInputs, settings: EffectiveSettings) -> str:
    """The launch command of ``inputs`` with its effective settings, shell-quoted."""
    kind = inputs.engine.kind
    dep = inputs.deployment
    model_flag = written_flag(kind, "model")
    words = [*LAUNCHERS[kind], *([model_flag] if model_flag else []), inputs.model.hf_id or inputs.model.name]
    tp = spelling(kind, "deployment.tensor_parallel_size", form=Form.VALUE)
    spans_dp = tp is not None and tp.convert == Conversion.SPANS_DP  # SGLang: --tp spans the DP ranks
    values: dict[str, str] = {
        "deployment.tensor_parallel_size": str(dep.tensor_parallel_size
                                               * (dep.data_parallel_size if spans_dp else 1)),
        "deployment.pipeline_parallel_size": str(dep.pipeline_parallel_size),
        "deployment.max_model_len": str(int(settings.max_model_len.value)),
        "deployment.gpu_memory_utilization": f"{settings.memory_fraction.value:g}",
        "deployment.max_num_batched_tokens": str(int(settings.max_num_batched_tokens.value)),
        "deployment.max_num_seqs": str(int(settings.max_num_seqs.value)),
    }
    replica_nodes = replica_link_plan(inputs).replica_nodes
    if replica_nodes > 1:
        values["deployment.nodes"] = str(replica_nodes)
    if dep.kv_cache_dtype != "auto":
        values["deployment.kv_cache_dtype"] = dep.kv_cache_dtype
    if not inputs.body_format_is_checkpoint:  # fp8, also where it runs W8A16
        values["deployment.weight_format"] = engine_format(inputs.weight_format).id
    if dep.decode_context_parallel_size > 1:
        values["deployment.decode_context_parallel_size"] = str(dep.decode_context_parallel_size)
    if dep.mamba_ssm_cache_dtype != "auto":
        values["deployment.mamba_ssm_cache_dtype"] = dep.mamba_ssm_cache_dtype
    for path, value in values.items():
        given = written_flag(kind, path, form=Form.VALUE)
        words += [given, value] if given else []
    caching = caching_on(dep, inputs.engine)
    switched = {"deployment.enable_expert_parallel": Form.SWITCH if dep.enable_expert_parallel else None,
                "deployment.enforce_eager": Form.SWITCH if dep.enforce_eager else None,
                # only a change from the engine's default is said
                "deployment.enable_prefix_caching": None if caching == inputs.engine.prefix_caching_default
                else Form.SWITCH if caching else Form.SWITCH_OFF}
    for path, form in switched.items():
        given = written_flag(kind, path, form=form) if form is not None else None
        words += [given] if given else []
    images = written_flag(kind, "deployment.limit_mm_per_prompt")
    if inputs.model.vision is not None and dep.limit_mm_per_prompt != 1 and images:
        words += [images, json.dumps({"image": dep.limit_mm_per_prompt})]
    words += other_settings_words(kind, dep)
    words += expert_parallel_words(kind, inputs)
    words += _speculative_words(inputs)
    return shlex.join(words)


WRITTEN_ABOVE = frozenset(f"deployment.{name}" for name in (
    "tensor_parallel_size", "pipeline_parallel_size", "data_parallel_size", "enable_expert_parallel",
    "enable_eplb", "num_redundant_experts", "all2all_mode", "max_model_len", "gpu_memory_utilization",
    "max_num_batched_tokens", "max_num_seqs", "weight_format", "kv_cache_dtype", "limit_mm_per_prompt",
    "enforce_eager", "enable_prefix_caching", "disaggregation", "nodes", "decode_context_parallel_size",
    "mamba_ssm_cache_dtype", "speculative_config"))
"""Deployment fields the launch line writes by rules of their own (effective settings, layouts)."""


def other_settings_words(kind: EngineKind, dep: Deployment) -> list[str]:
    """The flags of every other deployment field the engine spells, where it is not the default.

    A knob added to :mod:`gpucalc.engines.vocabulary` with a written flag is written here, its
    value as set (a switch when on).
    """
    words: list[str] = []
    for item in KNOBS:
        section, _, name = item.path.partition(".")
        found = spelling(kind, item.path)
        if section != "deployment" or "." in name or item.path in WRITTEN_ABOVE or found is None \
                or found.convert != Conversion.AS_IS:
            continue
        value = getattr(dep, name)
        if value is None or value == schema_default(item.path):
            continue
        if found.form == Form.VALUE:
            words += [found.flags[0], str(value)]
        elif found.form == Form.SWITCH and value is True:
            words.append(found.flags[0])
    return words


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
    all2all = "deployment.all2all_mode"
    if dp > 1 and kind == EngineKind.VLLM:
        words += [flag(kind, "deployment.data_parallel_size"), str(dp)]
        if dep.all2all_mode != AllToAllMode.ALLGATHER:
            words += [flag(kind, all2all), VLLM_ALL2ALL[dep.all2all_mode]]
    if dp > 1 and kind == EngineKind.SGLANG:
        words += [flag(kind, "deployment.data_parallel_size"), str(dp),
                  flag(kind, "deployment.tensor_parallel_size", convert=Conversion.DP_ATTENTION)]
        if dep.all2all_mode in SGLANG_DEEPEP:
            words += [flag(kind, all2all, convert=Conversion.DEEPEP_BACKEND), "deepep",
                      flag(kind, all2all, convert=Conversion.ALL2ALL_BACKEND),
                      SGLANG_DEEPEP[dep.all2all_mode]]
    balancer = written_flag(kind, "deployment.enable_eplb")
    if dep.enable_eplb and balancer:
        words.append(balancer)
    redundant = spelling(kind, "deployment.num_redundant_experts")
    if dep.num_redundant_experts and redundant is not None:
        count = dep.num_redundant_experts
        words += [redundant.flags[0], json.dumps({"num_redundant_experts": count})
                  if redundant.convert == Conversion.EPLB_CONFIG else str(count)]
    return words


def _speculative_words(inputs: PlanInputs) -> list[str]:
    """The speculative-decoding flags of ``inputs`` in its engine's spelling.

    None for TensorRT-LLM, which takes them in its extra LLM-API options file.
    """
    spec = inputs.deployment.speculation
    if spec is None:
        return []
    if inputs.engine.kind == EngineKind.VLLM:
        return [speculative_flag(EngineKind.VLLM, "config_json"), vllm_config_text(spec)]
    if inputs.engine.kind == EngineKind.SGLANG:
        return sglang_words(spec)
    return []
