"""Turn a pasted ``vllm serve …`` / SGLang / ``trtllm-serve`` command line into a Scenario.

Pure (no Qt): the flags are mapped to :class:`~gpucalc.core.specs.inputs.Deployment` fields with the
same names the command line uses (``gpucalc.cli.args``).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.bounded_json import parse_flag_json
from gpucalc.plan.disaggregation import pasted_pool
from gpucalc.plan.speculative_config import SpeculativeFlags, speculative_from_flags


class ServeCommandError(ValueError):
    """The text is not a serve command gpucalc understands; the message says why."""


@dataclass(frozen=True)
class ParsedCommand:
    """The scenario a command describes and the flags that were not used."""

    scenario: Scenario
    engine: str
    ignored: tuple[str, ...]


# flag → (section, field, type); section "" is the Scenario itself.
_COMMON: dict[str, tuple[str, str, type]] = {
    "--kv-cache-dtype": ("deployment", "kv_cache_dtype", str),
    "--quantization": ("deployment", "weight_format", str),
    "-q": ("deployment", "weight_format", str),
    "--dtype": ("", "dtype", str),
}
_VLLM: dict[str, tuple[str, str, type]] = {
    "--tensor-parallel-size": ("deployment", "tensor_parallel_size", int),
    "-tp": ("deployment", "tensor_parallel_size", int),
    "--pipeline-parallel-size": ("deployment", "pipeline_parallel_size", int),
    "-pp": ("deployment", "pipeline_parallel_size", int),
    "--data-parallel-size": ("", "data_parallel_size", int),
    "-dp": ("", "data_parallel_size", int),
    "--num-redundant-experts": ("deployment", "num_redundant_experts", int),
    "--eplb-config": ("", "eplb_config", str),
    "--all2all-backend": ("", "all2all_backend", str),
    "--max-model-len": ("deployment", "max_model_len", int),
    "--gpu-memory-utilization": ("deployment", "gpu_memory_utilization", float),
    "--max-num-batched-tokens": ("deployment", "max_num_batched_tokens", int),
    "--max-num-seqs": ("deployment", "max_num_seqs", int),
    "--block-size": ("deployment", "block_size", int),
    "--kv-cache-memory-bytes": ("deployment", "kv_cache_memory_gib", float),
    "--kv-cache-memory": ("deployment", "kv_cache_memory_gib", float),
    "--limit-mm-per-prompt": ("deployment", "limit_mm_per_prompt", int),
    "--model": ("", "model", str),
    "--kv-transfer-config": ("", "kv_transfer_config", str),
    "--nnodes": ("deployment", "nodes", int),
    "--decode-context-parallel-size": ("deployment", "decode_context_parallel_size", int),
    "-dcp": ("deployment", "decode_context_parallel_size", int),
    "--mamba-ssm-cache-dtype": ("deployment", "mamba_ssm_cache_dtype", str),
    "--speculative-config": ("", "spec.config_json", str),
    **_COMMON,
}
_SGLANG: dict[str, tuple[str, str, type]] = {
    "--model-path": ("", "model", str),
    "--model": ("", "model", str),
    "--tp": ("deployment", "tensor_parallel_size", int),
    "--tp-size": ("deployment", "tensor_parallel_size", int),
    "--tensor-parallel-size": ("deployment", "tensor_parallel_size", int),
    "--pp": ("deployment", "pipeline_parallel_size", int),
    "--pp-size": ("deployment", "pipeline_parallel_size", int),
    "--dp": ("", "data_parallel_size", int),
    "--dp-size": ("", "data_parallel_size", int),
    "--ep": ("", "expert_parallel_size", int),
    "--ep-size": ("", "expert_parallel_size", int),
    "--ep-num-redundant-experts": ("deployment", "num_redundant_experts", int),
    "--deepep-mode": ("", "all2all_backend", str),
    "--moe-a2a-backend": ("", "moe_a2a_backend", str),
    "--mem-fraction-static": ("deployment", "gpu_memory_utilization", float),
    "--context-length": ("deployment", "max_model_len", int),
    "--max-running-requests": ("deployment", "max_num_seqs", int),
    "--chunked-prefill-size": ("deployment", "max_num_batched_tokens", int),
    "--page-size": ("deployment", "block_size", int),
    "--disaggregation-mode": ("", "disaggregation_mode", str),
    "--disaggregation-transfer-backend": ("", "disaggregation_transfer_backend", str),
    "--nnodes": ("deployment", "nodes", int),
    "--mamba-ssm-dtype": ("deployment", "mamba_ssm_cache_dtype", str),
    "--speculative-algorithm": ("", "spec.algorithm", str),
    "--speculative-num-steps": ("", "spec.num_steps", int),
    "--speculative-eagle-topk": ("", "spec.eagle_topk", int),
    "--speculative-num-draft-tokens": ("", "spec.num_draft_tokens", int),
    "--speculative-draft-model-path": ("", "spec.draft_model_path", str),
    **_COMMON,
}
_TRTLLM: dict[str, tuple[str, str, type]] = {
    "--tp_size": ("deployment", "tensor_parallel_size", int),
    "--pp_size": ("deployment", "pipeline_parallel_size", int),
    "--ep_size": ("", "expert_parallel_size", int),
    "--max_seq_len": ("deployment", "max_model_len", int),
    "--max_batch_size": ("deployment", "max_num_seqs", int),
    "--max_num_tokens": ("deployment", "max_num_batched_tokens", int),
    "--kv_cache_free_gpu_memory_fraction": ("deployment", "gpu_memory_utilization", float),
    **_COMMON,
}
# switch → Deployment field it turns on (the same in every engine's vocabulary)
_BOOLEAN = {"--enable-expert-parallel": "enable_expert_parallel", "-ep": "enable_expert_parallel",
            "--enable-ep-moe": "enable_expert_parallel", "--enforce-eager": "enforce_eager",
            "--disable-cuda-graph": "enforce_eager", "--enable-eplb": "enable_eplb",
            "--enable-dp-attention": "enable_dp_attention"}
# switch → Deployment field it turns off; prefix caching is on by default in vLLM V1 and SGLang
_BOOLEAN["--enable-prefix-caching"] = "enable_prefix_caching"
_BOOLEAN_OFF = {"--no-enable-prefix-caching": "enable_prefix_caching",
                "--disable-radix-cache": "enable_prefix_caching"}
_ENGINES = {"vllm": _VLLM, "sglang": _SGLANG, "trtllm": _TRTLLM}


MAX_PASTED_CHARACTERS = 100_000
"""The longest pasted command read (a serve or benchmark command is a few hundred characters)."""


def pasted_length_problem(text: str) -> str | None:
    """Why a pasted command is too long to read (one line), or None when it is not."""
    if len(text) <= MAX_PASTED_CHARACTERS:
        return None
    return (f"the pasted text is {len(text):,} characters long; a command is at most "
            f"{MAX_PASTED_CHARACTERS:,}")


def _tokens(text: str) -> list[str]:
    problem = pasted_length_problem(text)
    if problem is not None:
        raise ServeCommandError(problem)
    joined = text.replace("\\\r\n", " ").replace("\\\n", " ")
    try:
        return shlex.split(joined, comments=False)
    except ValueError as exc:
        raise ServeCommandError(f"cannot split the command: {exc}") from exc


def _engine_and_rest(tokens: list[str]) -> tuple[str, list[str]]:
    """Find the launcher in ``tokens``; return the engine id and the words after it."""
    for i, word in enumerate(tokens):
        base = word.rsplit("/", 1)[-1]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if base == "vllm" and nxt == "serve":
            return "vllm", tokens[i + 2:]
        if word == "-m" and nxt.startswith("vllm.entrypoints"):
            return "vllm", tokens[i + 2:]
        if word == "-m" and nxt.startswith("sglang.launch_server"):
            return "sglang", tokens[i + 2:]
        if base == "trtllm-serve":
            rest = tokens[i + 1:]
            return "trtllm", rest[1:] if rest and rest[0] == "serve" else rest
    raise ServeCommandError("no 'vllm serve', 'python -m sglang.launch_server' or 'trtllm-serve' "
                            "in the text")


# engine all-to-all backend names (vLLM --all2all-backend, SGLang --deepep-mode) → gpucalc's mode;
# SGLang's "auto" runs normal kernels for prefill and low-latency ones for decode: planned as the
# decode steps run.
ALL2ALL_BACKENDS = {
    "allgather_reducescatter": AllToAllMode.ALLGATHER, "naive": AllToAllMode.ALLGATHER,
    "allgather": AllToAllMode.ALLGATHER, "deepep_high_throughput": AllToAllMode.NORMAL,
    "normal": AllToAllMode.NORMAL, "deepep_low_latency": AllToAllMode.LOW_LATENCY,
    "low_latency": AllToAllMode.LOW_LATENCY, "low-latency": AllToAllMode.LOW_LATENCY,
    "auto": AllToAllMode.LOW_LATENCY,
}


def all2all_mode_of(text: str) -> AllToAllMode:
    """Gpucalc's all-to-all mode for an engine's backend name; ValueError (one line) otherwise."""
    mode = ALL2ALL_BACKENDS.get(text.strip().lower())
    if mode is None:
        raise ValueError(f"expected one of {', '.join(ALL2ALL_BACKENDS)}, got {text[:40]!r}")
    return mode


def eplb_config_redundant(text: str) -> int:
    """``num_redundant_experts`` of vLLM's ``--eplb-config`` JSON (0 when it names none)."""
    value = parse_flag_json(text, "--eplb-config")
    if not isinstance(value, dict):
        raise ValueError(f"expected a JSON object such as '{{\"num_redundant_experts\": 32}}', "
                         f"got {text[:40]!r}")
    count = value.get("num_redundant_experts", 0)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4096:
        raise ValueError(f"num_redundant_experts must be a whole number from 0 to 4096, "
                         f"got {str(count)[:40]!r}")
    return count


def attention_tp(tp: int, dp: int, dp_attention: bool) -> int:
    """Attention TP of one DP rank (ValueError when ``dp`` does not divide SGLang's ``tp``).

    SGLang's ``--tp`` with ``--enable-dp-attention`` spans the DP ranks: attention TP = tp ÷ dp;
    otherwise ``tp`` itself.
    """
    if not dp_attention or dp <= 1:
        return tp
    if tp % dp:
        raise ValueError(f"with --enable-dp-attention, --tp {tp} must be a multiple of --dp {dp}")
    return tp // dp


MAX_FLAG_TEXT = 16_384
"""The longest ``key=value,…`` text of a flag that is read (its JSON form has the same bound)."""
MAX_IMAGES_PER_PROMPT = 1024
"""Most images per prompt gpucalc plans for (a bound on the encoder's profiling batch)."""


def images_per_prompt(text: str) -> int:
    """``--limit-mm-per-prompt``: a count, or vLLM's JSON / ``image=N`` form (images only).

    Raises ValueError (one line) unless the image count is a whole number from 0 to
    :data:`MAX_IMAGES_PER_PROMPT`.
    """
    text = text.strip()
    if text.isdigit() and len(text) <= 6:
        return _image_count(int(text), text)
    if text[:1] in "{[":
        value = parse_flag_json(text, "--limit-mm-per-prompt")
    else:
        value = dict(part.split("=", 1) for part in text[:MAX_FLAG_TEXT].split(",") if "=" in part)
    if not isinstance(value, dict) or "image" not in value:
        raise ValueError(f"expected a number or '{{\"image\": N}}', got {text[:40]!r}")
    count = value["image"]
    if isinstance(count, str) and count.strip().isdigit() and len(count.strip()) <= 6:
        count = int(count)
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValueError(f"the image count must be a whole number, got {str(count)[:40]!r}")
    return _image_count(count, text)


def _image_count(count: int, text: str) -> int:
    """``count`` when it is a plausible number of images per prompt."""
    if not 0 <= count <= MAX_IMAGES_PER_PROMPT:
        raise ValueError(f"the image count must be 0 to {MAX_IMAGES_PER_PROMPT:,}, got {text[:40]!r}")
    return count


def _convert(flag: str, raw: str, kind: type) -> Any:
    try:
        value = images_per_prompt(raw) if flag == "--limit-mm-per-prompt" else kind(raw)
    except ValueError as exc:
        if flag == "--limit-mm-per-prompt":
            words = str(exc) if str(exc).startswith(flag) else f"{flag}: {exc}"
            raise ServeCommandError(words) from exc
        raise ServeCommandError(f"{flag} needs a {kind.__name__}, got '{raw[:40]}'") from exc
    if flag.startswith("--kv-cache-memory-bytes"):
        value = float(value) / BYTES_PER_GIB
    return value


def _flag_values(words: list[str], table: dict[str, tuple[str, str, type]]
                 ) -> tuple[dict[str, Any], list[str], str | None]:
    """Values by ``section.field``, unknown flags, and a positional model if any."""
    values: dict[str, Any] = {}
    ignored: list[str] = []
    positional: str | None = None
    i = 0
    while i < len(words):
        word = words[i]
        flag, eq, inline = word.partition("=")
        if not word.startswith("-"):
            if positional is None:
                positional = word
            else:
                ignored.append(word)
            i += 1
            continue
        if flag in _BOOLEAN or flag in _BOOLEAN_OFF:
            values[f"deployment.{_BOOLEAN.get(flag) or _BOOLEAN_OFF[flag]}"] = flag in _BOOLEAN
            i += 1
            continue
        has_value = bool(eq) or (i + 1 < len(words) and not words[i + 1].startswith("--"))
        raw = inline if eq else (words[i + 1] if has_value else "")
        step = 1 if eq or not has_value else 2
        if flag in table:
            if not has_value:
                raise ServeCommandError(f"{flag} needs a value")
            section, field, kind = table[flag]
            values[f"{section}.{field}" if section else field] = _convert(flag, raw, kind)
        else:
            ignored.append(flag)
        i += step
    return values, ignored, positional


def _flag_of(loc: tuple[int | str, ...], table: dict[str, tuple[str, str, type]]) -> str:
    """The pasted command's flag for a refused field (its longest spelling), else the field path."""
    path = ".".join(str(part) for part in loc)
    spellings = [flag for flag, (section, field, _) in table.items()
                 if (f"{section}.{field}" if section else field) == path]
    return max(spellings, key=len) if spellings else path


def _expert_parallel_values(values: dict[str, Any]) -> int:
    """Turn the DP / EP / EPLB / all-to-all flags of ``values`` into Deployment fields; the DP size.

    SGLang's ``--tp`` with ``--enable-dp-attention`` is the whole DP group: attention TP = tp ÷ dp.
    """
    dp = int(values.pop("data_parallel_size", 1))
    if dp > 1:
        values["deployment.data_parallel_size"] = dp
    if values.pop("deployment.enable_dp_attention", False) and dp > 1:
        try:
            values["deployment.tensor_parallel_size"] = attention_tp(
                int(values.get("deployment.tensor_parallel_size", 1)), dp, True)
        except ValueError as exc:
            raise ServeCommandError(str(exc)) from exc
    if int(values.pop("expert_parallel_size", 1)) > 1:
        values["deployment.enable_expert_parallel"] = True
    try:
        if "eplb_config" in values:
            values["deployment.num_redundant_experts"] = eplb_config_redundant(values.pop("eplb_config"))
            values["deployment.enable_eplb"] = True
        if "all2all_backend" in values:
            values["deployment.all2all_mode"] = all2all_mode_of(values.pop("all2all_backend")).value
    except ValueError as exc:
        raise ServeCommandError(f"{exc}") from exc
    if values.pop("moe_a2a_backend", None) == "deepep" and "deployment.all2all_mode" not in values:
        values["deployment.all2all_mode"] = all2all_mode_of("auto").value  # SGLang's --deepep-mode default
    return dp


def parse_serve_command(text: str, base: Scenario | None = None) -> ParsedCommand:
    """The scenario ``text`` describes; workload, targets and GPU come from ``base``."""
    engine, words = _engine_and_rest(_tokens(text))
    values, ignored, positional = _flag_values(words, _ENGINES[engine])
    start = base or Scenario()
    data = start.model_dump(mode="json")
    data["deployment"] = {"engine": engine}
    data["quantization"] = None
    data["dtype"] = None
    model = values.pop("model", None) or positional
    if not model:
        raise ServeCommandError("the command names no model")
    data["model"] = model
    spec = {key.removeprefix("spec."): values.pop(key) for key in list(values)
            if key.startswith("spec.")}
    try:
        data["deployment"]["speculative_config"] = speculative_from_flags(SpeculativeFlags(**spec))
    except ValueError as exc:
        raise ServeCommandError(str(exc)) from exc
    dp = _expert_parallel_values(values)
    try:
        pool = pasted_pool(values.pop("kv_transfer_config", None),
                           values.pop("disaggregation_mode", None),
                           values.get("deployment.tensor_parallel_size"),
                           values.get("deployment.pipeline_parallel_size"), dp if dp > 1 else None)
    except ValueError as exc:
        raise ServeCommandError(str(exc)) from exc
    values.pop("disaggregation_transfer_backend", None)
    for key, value in values.items():
        section, _, field = key.rpartition(".")
        (data[section] if section else data)[field] = value
    dep = data["deployment"]
    if pool is not None:
        dep["disaggregation"] = pool
    dep["num_gpus"] = dep.get("tensor_parallel_size", 1) * dep.get("pipeline_parallel_size", 1) * dp
    nodes = dep.get("nodes")
    if isinstance(nodes, int) and nodes > 0 and dep["num_gpus"] % nodes == 0:
        dep["gpus_per_node"] = dep["num_gpus"] // nodes  # the world size spread over --nnodes
    if dep.get("kv_cache_dtype") is None:
        dep.pop("kv_cache_dtype", None)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = _flag_of(first["loc"], _ENGINES[engine])
        raise ServeCommandError(f"{where}: {first['msg']}") from exc
    return ParsedCommand(scenario=scenario, engine=engine, ignored=tuple(ignored))
