"""The engine flags a validation row's source states, as one :class:`Deployment`.

Rows of runs quote the serve command (``engine_settings.serve_command`` or ``launch``) and some
settings on their own (``gpu_memory_utilization``, ``max_model_len``, …). The command goes
through the same parser as a pasted ``vllm serve`` / SGLang / ``trtllm-serve`` line
(:func:`gpucalc.plan.serve_command.parse_serve_command`); settings stated as numbers or switches
win over it; settings a source writes as prose ("model default (not set)") are the engine's
defaults and stay unset.
"""

from __future__ import annotations

from typing import Any

from gpucalc.core.specs.inputs import Deployment
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from gpucalc.validation.models import InexpressibleRowError

COMMAND_KEYS = ("serve_command", "launch")
# Settings a row states on their own → Deployment field (numbers and switches only).
NUMBER_SETTINGS = {
    "gpu_memory_utilization": "gpu_memory_utilization", "mem_fraction_static": "gpu_memory_utilization",
    "free_gpu_memory_fraction": "gpu_memory_utilization", "max_model_len": "max_model_len",
    "max_num_batched_tokens": "max_num_batched_tokens", "chunked_prefill_size": "max_num_batched_tokens",
    "max_num_tokens": "max_num_batched_tokens", "max_num_seqs": "max_num_seqs",
    "max_running_requests": "max_num_seqs", "max_num_requests": "max_num_seqs",
    "block_size": "block_size",
}
SWITCH_SETTINGS = {"enforce_eager": "enforce_eager", "enable_prefix_caching": "enable_prefix_caching",
                   "enable_expert_parallel": "enable_expert_parallel"}
COMMAND_FIELDS = ("tensor_parallel_size", "pipeline_parallel_size", "data_parallel_size",
                  "enable_expert_parallel", "max_model_len", "gpu_memory_utilization",
                  "max_num_batched_tokens", "max_num_seqs", "kv_cache_dtype", "enforce_eager",
                  "enable_prefix_caching", "block_size", "speculative_config")


def serve_command(row: dict[str, Any]) -> str | None:
    """The serve command the row quotes (None when it quotes none)."""
    settings = row.get("engine_settings") or {}
    for key in COMMAND_KEYS:
        text = settings.get(key)
        if isinstance(text, str) and text.strip():
            return text
    return None


def command_settings(row: dict[str, Any]) -> dict[str, Any]:
    """Deployment fields the quoted serve command sets (empty without a command it parses)."""
    text = serve_command(row)
    if text is None:
        return {}
    words = [w for w in text.replace("[", " ").replace("]", " ").split()
             if not w.startswith(("VLLM_", "CUDA_", "NCCL_", "SGLANG_", "HIP_"))]
    try:
        parsed = parse_serve_command(" ".join(words)).scenario.deployment
    except ServeCommandError:
        return {}
    given = parsed.model_fields_set
    return {name: getattr(parsed, name) for name in COMMAND_FIELDS if name in given}


def stated_settings(row: dict[str, Any]) -> dict[str, Any]:
    """Deployment fields the row's ``engine_settings`` state as numbers or switches."""
    settings = row.get("engine_settings") or {}
    found: dict[str, Any] = {}
    for key, field in NUMBER_SETTINGS.items():
        value = settings.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            found[field] = int(value) if field != "gpu_memory_utilization" else float(value)
    for key, field in SWITCH_SETTINGS.items():
        value = settings.get(key)
        if isinstance(value, bool):
            found[field] = value
    return found


def row_deployment(row: dict[str, Any], engine: str, defaults: dict[str, Any]) -> Deployment:
    """The deployment a row ran: ``defaults`` < its serve command < its stated settings.

    Raises :class:`InexpressibleRowError` when the settings do not make a valid deployment.
    """
    values = {**defaults, **command_settings(row), **stated_settings(row), "engine": engine}
    tp = int(values.get("tensor_parallel_size") or 1)
    pp = int(values.get("pipeline_parallel_size") or 1)
    dp = int(values.get("data_parallel_size") or 1)
    values.setdefault("num_gpus", tp * pp * dp)
    try:
        return Deployment(**values)
    except ValueError as error:
        raise InexpressibleRowError(f"the stated engine settings are not a valid deployment: {error}"
                               ) from error
