"""Turn a pasted ``vllm serve …`` / SGLang / ``trtllm-serve`` command line into a Scenario.

Pure (no Qt): each engine's flags and what they set are read from the knobs of
:mod:`gpucalc.engines.vocabulary` (:func:`gpucalc.engines.tables.serve_flags`).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gpucalc.core.common.errors import error_location
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.knobs import Conversion, SpeculativeFlags
from gpucalc.engines.tables import ValueFlag, flag, serve_flags, switches
from gpucalc.engines.vocabulary import LAUNCHERS
from gpucalc.io.bounded_json import parse_flag_json
from gpucalc.plan.disaggregation import pasted_pool
from gpucalc.plan.speculative_config import speculative_from_flags


class ServeCommandError(ValueError):
    """The text is not a serve command gpucalc understands; the message says why."""


@dataclass(frozen=True)
class ParsedCommand:
    """The scenario a command describes and the flags that were not used."""

    scenario: Scenario
    engine: str
    ignored: tuple[str, ...]


_ENGINES = {"vllm": EngineKind.VLLM, "sglang": EngineKind.SGLANG, "trtllm": EngineKind.TRTLLM}


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
    for i in range(len(tokens)):
        for launcher in LAUNCHERS:
            rest = launcher.rest(tokens, i)
            if rest is not None:
                return launcher.engine.value, rest
    names = [f"'{' '.join(launcher.written)}'" for launcher in LAUNCHERS]
    raise ServeCommandError(f"no {', '.join(names[:-1])} or {names[-1]} in the text")


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
    value = parse_flag_json(text, flag(EngineKind.VLLM, "deployment.num_redundant_experts",
                                       convert=Conversion.EPLB_CONFIG))
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
        value = parse_flag_json(text, flag(EngineKind.VLLM, "deployment.limit_mm_per_prompt"))
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


def _convert(given: str, raw: str, kind: type, conversion: Conversion) -> Any:
    try:
        value = images_per_prompt(raw) if conversion == Conversion.IMAGE_COUNT else kind(raw)
    except ValueError as exc:
        if conversion == Conversion.IMAGE_COUNT:
            words = str(exc) if str(exc).startswith(given) else f"{given}: {exc}"
            raise ServeCommandError(words) from exc
        raise ServeCommandError(f"{given} needs a {kind.__name__}, got '{raw[:40]}'") from exc
    if conversion == Conversion.BYTES_AS_GIB:
        value = float(value) / BYTES_PER_GIB
    return value


def _flag_values(words: list[str], table: dict[str, ValueFlag]
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
        if flag in switches():
            key, on = switches()[flag]
            values[key] = on
            i += 1
            continue
        has_value = bool(eq) or (i + 1 < len(words) and not words[i + 1].startswith("--"))
        raw = inline if eq else (words[i + 1] if has_value else "")
        step = 1 if eq or not has_value else 2
        if flag in table:
            if not has_value:
                raise ServeCommandError(f"{flag} needs a value")
            key, kind, conversion = table[flag]
            values[key] = _convert(flag, raw, kind, conversion)
        else:
            ignored.append(flag)
        i += step
    return values, ignored, positional


def _flag_of(loc: tuple[int | str, ...], table: dict[str, ValueFlag]) -> str:
    """The pasted command's flag for a refused field (its longest spelling), else the field path."""
    path = error_location(loc)
    spellings = [given for given, (key, _, _) in table.items() if key == path]
    return max(spellings, key=len) if spellings else path


def _expert_parallel_values(values: dict[str, Any]) -> int:
    """Turn the DP / EP / EPLB / all-to-all flags of ``values`` into Deployment fields; the DP size.

    SGLang's ``--tp`` with ``--enable-dp-attention`` is the whole DP group: attention TP = tp ÷ dp.
    """
    dp = int(values.pop(Conversion.DP_RANKS, 1))
    if dp > 1:
        values["deployment.data_parallel_size"] = dp
    if values.pop(Conversion.DP_ATTENTION, False) and dp > 1:
        try:
            values["deployment.tensor_parallel_size"] = attention_tp(
                int(values.get("deployment.tensor_parallel_size", 1)), dp, True)
        except ValueError as exc:
            raise ServeCommandError(str(exc)) from exc
    if int(values.pop(Conversion.EP_SIZE, 1)) > 1:
        values["deployment.enable_expert_parallel"] = True
    try:
        if Conversion.EPLB_CONFIG in values:
            values["deployment.num_redundant_experts"] = eplb_config_redundant(
                values.pop(Conversion.EPLB_CONFIG))
            values["deployment.enable_eplb"] = True
        if Conversion.ALL2ALL_BACKEND in values:
            values["deployment.all2all_mode"] = all2all_mode_of(values.pop(Conversion.ALL2ALL_BACKEND)).value
    except ValueError as exc:
        raise ServeCommandError(f"{exc}") from exc
    if values.pop(Conversion.DEEPEP_BACKEND, None) == "deepep" and "deployment.all2all_mode" not in values:
        values["deployment.all2all_mode"] = all2all_mode_of("auto").value  # SGLang's --deepep-mode default
    return dp


def parse_serve_command(text: str, base: Scenario | None = None) -> ParsedCommand:
    """The scenario ``text`` describes; workload, targets and GPU come from ``base``."""
    engine, words = _engine_and_rest(_tokens(text))
    table = serve_flags(_ENGINES[engine])
    values, ignored, positional = _flag_values(words, table)
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
        pool = pasted_pool(values.pop(Conversion.KV_TRANSFER, None),
                           values.pop(Conversion.POOL_MODE, None),
                           values.get("deployment.tensor_parallel_size"),
                           values.get("deployment.pipeline_parallel_size"), dp if dp > 1 else None)
    except ValueError as exc:
        raise ServeCommandError(str(exc)) from exc
    values.pop(Conversion.NO_EFFECT, None)
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
        where = _flag_of(first["loc"], table)
        raise ServeCommandError(f"{where}: {first['msg']}") from exc
    return ParsedCommand(scenario=scenario, engine=engine, ignored=tuple(ignored))
