"""Read a pasted benchmark-client command into the run it describes. Pure, no Qt, no files.

Clients and the facts used (flag names, defaults and meanings from each tool's own source):

* ``vllm bench serve`` — ``vllm/benchmarks/serve.py`` and ``datasets.py``: 1000 prompts, the
  ``random`` dataset (1024 in / 128 out, ``--random-range-ratio 0`` symmetric), rate ``inf``,
  burstiness 1, seed 0, EOS honoured unless ``--ignore-eos``;
* ``python benchmarks/benchmark_serving.py`` (older vLLM) — the same flags, dataset ``sharegpt``
  by default; before vLLM 0.8.3 (give ``--tool-version``) the range ratio defaulted to 1 and drew
  from ``[len × r, len]``;
* ``python -m sglang.bench_serving`` — ``sglang/bench_serving.py``: 1000 prompts, dataset
  ``sharegpt``, random 1024 / 1024 with range ratio 0 drawing from ``[len × r, len]``, seed 1,
  EOS ignored unless ``--disable-ignore-eos``;
* ``genai-perf profile`` — ``genai_perf/parser.py``: synthetic prompts of 550 ± 0 tokens,
  ``--output-tokens-mean`` / ``--output-tokens-stddev``, ``--concurrency`` (1 by default) or
  ``--request-rate``, ``--request-count`` (else ``--num-prompts``, 100), seed 0;
* ``trtllm-bench … throughput`` — ``tensorrt_llm/bench``: ``--concurrency`` (unlimited by
  default: every request at once), ``--num_requests``, lengths from the dataset file, which
  ``benchmarks/cpp/prepare_dataset.py … token-norm-dist --num-requests --input-mean
  --output-mean --input-stdev --output-stdev`` writes (paste that line too); ``--eos_id -1``
  (the default) generates every requested token.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_serializer, field_validator

from gpucalc.core.simulation.lengths import RangeRule
from gpucalc.core.simulation.limits import MAX_SIMULATED_REQUESTS, MIN_BURSTINESS
from gpucalc.core.specs.inputs import MIN_REQUEST_RATE
from gpucalc.engines.bench_tools import NO_EFFECT, SWITCHES, BenchTool, Reading, tool_of_command, value_flags
from gpucalc.plan.field_errors import validation_path
from gpucalc.plan.serve_command import pasted_length_problem

VLLM_SYMMETRIC_SINCE = (0, 8, 3)  # vLLM release whose benchmark made the range ratio symmetric


class BenchCommandError(ValueError):
    """The pasted text is not a benchmark command gpucalc can replay (the message says why)."""


class LengthSource(StrEnum):
    """Where request lengths come from."""

    RANDOM = "random"  # uniform in a range (a fixed length at range ratio 0)
    NORMAL = "normal"  # mean ± standard deviation (genai-perf, prepare_dataset token-norm-dist)
    SHAREGPT = "sharegpt"


class BenchSpec(BaseModel):
    """One benchmark run as the pasted command describes it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    client: BenchTool = Field(description="Serialised as the tool's command name.")
    model: str | None = None
    backend: str | None = None
    num_prompts: int = Field(ge=1, le=MAX_SIMULATED_REQUESTS)
    request_rate: float = Field(default=math.inf, ge=MIN_REQUEST_RATE,
                                description="inf: every request at once")
    burstiness: float = Field(default=1.0, ge=MIN_BURSTINESS, le=1000)
    max_concurrency: int | None = Field(default=None, ge=1, le=1_000_000)
    lengths: LengthSource
    input_len: int = Field(ge=1, le=16_777_216)
    output_len: int = Field(ge=1, le=16_777_216)
    input_stddev: float = Field(default=0.0, ge=0)
    output_stddev: float = Field(default=0.0, ge=0)
    range_ratio: float = Field(default=0.0, ge=0)
    range_rule: RangeRule = RangeRule.SYMMETRIC
    prefix_len: int = Field(default=0, ge=0, le=16_777_216,
                            description="Tokens of the prefix every prompt of one group shares.")
    num_prefixes: int = Field(default=1, ge=1, le=1_000_000,
                              description="Distinct shared prefixes (prefix_repetition dataset).")
    sharegpt_output_len: int | None = Field(default=None, ge=1)
    ignore_eos: bool = False
    seed: int = 0
    ignored: tuple[str, ...] = Field(default=(), description="Flags gpucalc does not model.")
    notes: tuple[str, ...] = Field(default=(), description="Assumptions the replay makes.")

    @field_validator("client", mode="before")
    @classmethod
    def _tool_of_name(cls, value: object) -> object:
        """A tool given by its command name (as this model writes it) or its id."""
        return tool_of_command(value) if isinstance(value, str) else value

    @field_serializer("client")
    def _command_name(self, tool: BenchTool) -> str:
        return tool.command


def _int(raw: str) -> int:
    """A count as clients accept it (``1000``, ``1e3``); infinite or huge values are refused."""
    try:
        return int(float(raw)) if raw.lower() not in {"inf", "nan"} else int(raw)
    except OverflowError as exc:
        raise ValueError(raw) from exc


def _rate(raw: str) -> float:
    value = float(raw)
    if math.isnan(value) or value <= 0:
        raise ValueError(raw)
    return value


Convert = Callable[[str], Any]
_READERS: dict[Reading, Convert] = {Reading.COUNT: _int, Reading.RATE: _rate, Reading.NUMBER: float,
                                    Reading.WORD: str}
PREFIX_REPETITION_DEFAULTS = {"prefix_len": 256, "input_len": 256, "num_prefixes": 10,
                              "output_len": 128}
"""vLLM's prefix_repetition dataset defaults (vllm/benchmarks/datasets.py)."""


def _words(text: str) -> list[list[str]]:
    """Shell words of ``text``, one list per command (split at ``;``, ``&&``, ``|``, newlines)."""
    problem = pasted_length_problem(text)
    if problem is not None:
        raise BenchCommandError(problem)
    joined = text.replace("\\\r\n", " ").replace("\\\n", " ")
    commands: list[list[str]] = []
    for line in joined.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>")
        lexer.whitespace_split = True
        lexer.commenters = ""
        current: list[str] = []
        try:
            for word in lexer:
                if word and set(word) <= set(";&|<>"):
                    if current:
                        commands.append(current)
                    current = []
                else:
                    current.append(word)
        except ValueError as exc:
            raise BenchCommandError(f"cannot split the command: {exc}") from exc
        if current:
            commands.append(current)
    return commands


def _client_of(words: list[str]) -> tuple[BenchTool, list[str]] | None:
    """The client a command runs and the words after its name; None for another program."""
    for i, word in enumerate(words):
        base = word.rsplit("/", 1)[-1]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if base == "vllm" and nxt == "bench":
            rest = words[i + 2:]
            return BenchTool.VLLM, rest[1:] if rest[:1] == ["serve"] else rest
        if base == "benchmark_serving.py" or (word == "-m" and nxt.endswith("benchmark_serving")):
            return BenchTool.VLLM_SCRIPT, words[i + (2 if word == "-m" else 1):]
        if word == "-m" and nxt == "sglang.bench_serving":
            return BenchTool.SGLANG, words[i + 2:]
        if base == "genai-perf":
            rest = words[i + 1:]
            return BenchTool.GENAI_PERF, rest[1:] if rest[:1] == ["profile"] else rest
        if base == "trtllm-bench":
            return BenchTool.TRTLLM, words[i + 1:]
    return None


def _flags(words: list[str], table: dict[str, tuple[str, Reading]], values: dict[str, Any],
           ignored: list[str]) -> None:
    """Read ``words`` into ``values`` by ``table``; unknown flags go to ``ignored``."""
    i = 0
    while i < len(words):
        word = words[i]
        flag, eq, inline = word.partition("=")
        if not flag.startswith("-") or flag == "-":
            i += 1
            continue
        if flag in SWITCHES:
            field, value = SWITCHES[flag]
            values[field] = value
            i += 1
            continue
        nxt = words[i + 1] if i + 1 < len(words) else None
        has_value = bool(eq) or (nxt is not None and (not nxt.startswith("-") or _number(nxt)))
        raw = inline if eq else (nxt or "")
        i += 1 if eq or not has_value else 2
        if flag in table:
            field, reading = table[flag]
            if not has_value:
                raise BenchCommandError(f"{flag} needs a value")
            try:
                converted = _READERS[reading](raw)
            except ValueError as exc:
                raise BenchCommandError(f"{flag} cannot be '{raw}'") from exc
            if field:
                values[field] = converted
        elif flag not in NO_EFFECT:
            ignored.append(flag)


def _number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


def _version(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return None
    try:
        return tuple(int(part) for part in text.lstrip("v").split(".")[:3])
    except ValueError as exc:
        raise BenchCommandError(f"a tool version is like 0.8.3, not '{text}'") from exc


def _dataset(values: dict[str, Any], default: str, prefix_repetition: bool = True) -> LengthSource:
    name = str(values.pop("dataset", default)).lower()
    if name in {"random", "sharegpt"}:
        return LengthSource(name)
    if name == "prefix_repetition" and prefix_repetition:  # vLLM: prompts behind shared prefixes
        for field, value in PREFIX_REPETITION_DEFAULTS.items():
            values.setdefault(field, value)
        values["range_ratio"] = 0.0
        return LengthSource.RANDOM
    raise BenchCommandError(f"dataset '{name}' is not modelled: use random or sharegpt (their "
                            "lengths are known), or paste a random-dataset command with the "
                            "lengths of your data")


def _vllm_like(client: BenchTool, values: dict[str, Any], version: tuple[int, ...] | None,
               notes: list[str]) -> dict[str, Any]:
    """Defaults and range rule of vLLM's client (current or the old script) and SGLang's."""
    if client is BenchTool.SGLANG:
        defaults = {"num_prompts": 1000, "input_len": 1024, "output_len": 1024, "seed": 1,
                    "range_ratio": 0.0, "ignore_eos": True}
        lengths = _dataset(values, "sharegpt", prefix_repetition=False)
        rule = RangeRule.BELOW
    else:
        legacy = client is BenchTool.VLLM_SCRIPT and version is not None and \
            version < VLLM_SYMMETRIC_SINCE
        defaults = {"num_prompts": 1000, "input_len": 1024, "output_len": 128, "seed": 0,
                    "range_ratio": 1.0 if legacy else 0.0, "ignore_eos": False}
        lengths = _dataset(values, "sharegpt" if client is BenchTool.VLLM_SCRIPT else "random")
        rule = RangeRule.BELOW if legacy else RangeRule.SYMMETRIC
        if rule is RangeRule.SYMMETRIC and float(values.get("range_ratio", 0.0)) >= 1.0:
            raise BenchCommandError("vLLM's --random-range-ratio must be below 1 (it samples in "
                                    "[len·(1 − r), len·(1 + r)])")
        if client is BenchTool.VLLM_SCRIPT and version is None:
            notes.append("benchmark_serving.py: range ratio read as vLLM ≥ 0.8.3 does; give "
                         "--tool-version for older releases")
    return {**defaults, **values, "lengths": lengths, "range_rule": rule}


def _genai(values: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    if "output_len" not in values:
        raise BenchCommandError("genai-perf without --output-tokens-mean lets the model decide "
                                "the output length; give --output-tokens-mean to predict it")
    count = values.pop("request_count", None)
    prompts = values.pop("num_prompts", 100)
    if count is None:
        notes.append("genai-perf without --request-count measures in time windows; the "
                     f"prediction sends {prompts} requests (--num-prompts)")
    data = {"input_len": 550, "seed": 0, **values, "num_prompts": count or prompts,
            "lengths": LengthSource.NORMAL}
    if "request_rate" not in values and "max_concurrency" not in values:
        data["max_concurrency"] = 1  # genai-perf's default load: one request at a time
    return data


def _trtllm(values: dict[str, Any]) -> dict[str, Any]:
    if "input_len" not in values or "output_len" not in values:
        raise BenchCommandError("trtllm-bench reads its lengths from the --dataset file: paste "
                                "the prepare_dataset.py … token-norm-dist line that wrote it too "
                                "(--input-mean, --output-mean, --num-requests)")
    eos = values.pop("eos_id", -1)
    return {"num_prompts": 1000, **values, "lengths": LengthSource.NORMAL,
            "ignore_eos": eos == -1}


def parse_bench_command(text: str, tool_version: str | None = None) -> BenchSpec:
    """The benchmark run ``text`` (a pasted command, possibly several lines) describes."""
    found: tuple[BenchTool, list[str]] | None = None
    extra: list[list[str]] = []
    for words in _words(text):
        match = _client_of(words)
        if match is not None and found is None:
            found = match
        else:
            extra.append(words)
    if found is None:
        raise BenchCommandError("no vllm bench serve, benchmark_serving.py, sglang.bench_serving, "
                                "genai-perf profile or trtllm-bench command in the text")
    client, words = found
    version = _version(tool_version)
    values: dict[str, Any] = {}
    ignored: list[str] = []
    notes: list[str] = []
    if client is BenchTool.TRTLLM:
        for other in extra:  # prepare_dataset.py token-norm-dist writes the lengths
            if any(w.endswith("prepare_dataset.py") for w in other):
                _flags(other, value_flags(client), values, [])
        if "throughput" not in words:
            raise BenchCommandError("only trtllm-bench throughput is modelled (latency runs "
                                    "one request at a time; use throughput --concurrency 1)")
        _flags(words, value_flags(client), values, ignored)
        data = _trtllm(values)
    elif client is BenchTool.GENAI_PERF:
        _flags(words, value_flags(client), values, ignored)
        data = _genai(values, notes)
    else:
        _flags(words, value_flags(client), values, ignored)
        data = _vllm_like(client, values, version, notes)
    if data.get("max_concurrency", 0) is not None and data.get("max_concurrency", 1) < 1:
        data["max_concurrency"] = None  # trtllm-bench --concurrency -1: unlimited
    try:
        return BenchSpec(client=client, ignored=tuple(dict.fromkeys(ignored)), notes=tuple(notes),
                         **data)
    except ValidationError as exc:
        field, message = validation_path(exc)
        raise BenchCommandError(f"{_client_flag(client, field)} is out of range: {message}") from exc


def _client_flag(client: BenchTool, field: str) -> str:
    """The client's flag that sets ``field`` (the field's name when no flag does)."""
    return next((flag for flag, (name, _) in value_flags(client).items() if name == field),
                field or "a value")
