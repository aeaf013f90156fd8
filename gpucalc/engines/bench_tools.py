"""The benchmark tools' vocabulary, in one place: the tools, their commands and their flags.

:class:`BenchTool` names every load generator gpucalc reads a pasted command of or writes one
for; :data:`BENCH_FLAGS` declares each tool's flags — the field of the run each sets, how its text
is read, and the flags a written command uses. The pasted-command reader
(:mod:`gpucalc.plan.bench_parse`), the command writer (:mod:`gpucalc.plan.bench_commands`) and the
validation set's commands (:mod:`gpucalc.validation.whole_runs`) read their tables from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from gpucalc.core.specs.engine import EngineKind


class BenchTool(StrEnum):
    """The benchmark tools: the three a plan writes commands for, then two it only reads."""

    VLLM = "vllm"  # vllm bench serve
    SGLANG = "sglang"  # python -m sglang.bench_serving
    GENAI_PERF = "genai-perf"  # genai-perf profile
    VLLM_SCRIPT = "benchmark_serving"  # vLLM's older benchmarks/benchmark_serving.py
    TRTLLM = "trtllm-bench"  # trtllm-bench throughput

    @property
    def command(self) -> str:
        """The tool's command as a pasted run names it (and ``--json`` reports it)."""
        return COMMAND_NAMES[self]


COMMAND_NAMES = {BenchTool.VLLM: "vllm bench serve", BenchTool.SGLANG: "sglang.bench_serving",
                 BenchTool.GENAI_PERF: "genai-perf profile",
                 BenchTool.VLLM_SCRIPT: "benchmark_serving.py",
                 BenchTool.TRTLLM: "trtllm-bench throughput"}
WRITTEN_TOOLS = (BenchTool.VLLM, BenchTool.SGLANG, BenchTool.GENAI_PERF)
"""The tools a measurement plan writes commands for, in the order they are offered."""


DEFAULT_PORTS = {EngineKind.VLLM: 8000, EngineKind.SGLANG: 30000, EngineKind.TRTLLM: 8000}
"""The port each engine's server listens on unless told otherwise."""
VLLM_BACKENDS = {EngineKind.VLLM: "vllm", EngineKind.SGLANG: "openai", EngineKind.TRTLLM: "openai"}
"""``vllm bench serve --backend`` for each engine's server."""
SGLANG_BACKENDS = {EngineKind.VLLM: "vllm", EngineKind.SGLANG: "sglang"}
"""``sglang.bench_serving --backend`` for the engines it can drive."""
OWN_TOOL = {EngineKind.VLLM: BenchTool.VLLM, EngineKind.SGLANG: BenchTool.SGLANG,
            EngineKind.TRTLLM: BenchTool.VLLM}
"""The tool each engine ships (TensorRT-LLM ships none of these: vLLM's, against its OpenAI API)."""


def tool_of_command(name: str) -> BenchTool:
    """The tool a command name (:attr:`BenchTool.command`) or an id names; ValueError otherwise."""
    for tool, command in COMMAND_NAMES.items():
        if name in (command, tool.value):
            return tool
    raise ValueError(f"not a benchmark tool: {name[:40]!r}")


class Reading(StrEnum):
    """How a benchmark flag's text is read."""

    COUNT = "count"  # a whole number (1000, 1e3)
    RATE = "rate"  # requests per second, above 0 (inf: every request at once)
    NUMBER = "number"
    WORD = "word"
    NO_EFFECT = "no_effect"  # read and left alone: it changes nothing gpucalc predicts


@dataclass(frozen=True, slots=True)
class BenchFlag:
    """Flags of some tools that set one field of the run (``''``: read and dropped).

    A :attr:`Reading.NO_EFFECT` flag's field names what it says in a written command (``port``).
    """

    field: str
    flags: tuple[str, ...]
    tools: tuple[BenchTool, ...]
    reading: Reading = Reading.WORD


V = (BenchTool.VLLM, BenchTool.VLLM_SCRIPT)
S = (BenchTool.SGLANG,)
G = (BenchTool.GENAI_PERF,)
T = (BenchTool.TRTLLM,)
COUNT, RATE, NUMBER, NOTHING = Reading.COUNT, Reading.RATE, Reading.NUMBER, Reading.NO_EFFECT

BENCH_FLAGS: tuple[BenchFlag, ...] = (
    BenchFlag("model", ("-m",), (*G, *T)),  # genai-perf's own spelling comes first: it is written
    BenchFlag("model", ("--model",), (*V, *S, *G, *T)),
    BenchFlag("model", ("--model-path",), S),
    BenchFlag("backend", ("--backend",), (*V, *S, *G)),
    BenchFlag("num_prompts", ("--num-prompts",), (*V, *S, *G), COUNT),
    BenchFlag("num_prompts", ("--num-dataset-entries",), G, COUNT),
    BenchFlag("num_prompts", ("--num_requests",), T, COUNT),
    BenchFlag("request_count", ("--request-count",), G, COUNT),
    BenchFlag("request_rate", ("--request-rate",), (*V, *S, *G), RATE),
    BenchFlag("burstiness", ("--burstiness",), (*V, *S), NUMBER),
    BenchFlag("max_concurrency", ("--max-concurrency",), (*V, *S), COUNT),
    BenchFlag("max_concurrency", ("--concurrency",), (*G, *T), COUNT),
    BenchFlag("eos_id", ("--eos_id",), T, COUNT),
    BenchFlag("dataset", ("--dataset-name",), (*V, *S)),
    BenchFlag("input_len", ("--random-input-len",), (*V, *S), COUNT),
    BenchFlag("input_len", ("--synthetic-input-tokens-mean", "--isl"), G, COUNT),
    BenchFlag("input_len", ("--input-mean",), T, COUNT),  # prepare_dataset.py token-norm-dist
    BenchFlag("input_stddev", ("--synthetic-input-tokens-stddev",), G, NUMBER),
    BenchFlag("input_stddev", ("--input-stdev",), T, NUMBER),
    BenchFlag("output_len", ("--random-output-len",), (*V, *S), COUNT),
    BenchFlag("output_len", ("--output-tokens-mean", "--osl"), G, COUNT),
    BenchFlag("output_len", ("--output-mean",), T, COUNT),
    BenchFlag("output_stddev", ("--output-tokens-stddev",), G, NUMBER),
    BenchFlag("output_stddev", ("--output-stdev",), T, NUMBER),
    BenchFlag("num_prompts", ("--num-requests",), T, COUNT),
    BenchFlag("range_ratio", ("--random-range-ratio",), (*V, *S), NUMBER),
    BenchFlag("prefix_len", ("--random-prefix-len",), V, COUNT),
    BenchFlag("sharegpt_output_len", ("--sharegpt-output-len",), (*V, *S), COUNT),
    BenchFlag("seed", ("--seed",), (*V, *S), COUNT),
    BenchFlag("seed", ("--random-seed",), G, COUNT),
    BenchFlag("", ("--rand-task-id", "--tokenizer"), T),
    # vllm/benchmarks/datasets.py PrefixRepetitionRandomDataset: each prompt is one of
    # --prefix-repetition-num-prefixes random prefixes (default 10) of --prefix-repetition-prefix-len
    # tokens (256) followed by a random suffix of --prefix-repetition-suffix-len tokens (256), with
    # --prefix-repetition-output-len output tokens (128).
    BenchFlag("prefix_len", ("--prefix-repetition-prefix-len",), V, COUNT),
    BenchFlag("input_len", ("--prefix-repetition-suffix-len",), V, COUNT),
    BenchFlag("num_prefixes", ("--prefix-repetition-num-prefixes",), V, COUNT),
    BenchFlag("output_len", ("--prefix-repetition-output-len",), V, COUNT),
    # what a written command says besides the run (where results go, the endpoint)
    BenchFlag("port", ("--port",), (*V, *S), NOTHING),
    BenchFlag("percentile_metrics", ("--percentile-metrics",), V, NOTHING),
    BenchFlag("metric_percentiles", ("--metric-percentiles",), V, NOTHING),
    BenchFlag("save_result", ("--save-result",), V, NOTHING),
    BenchFlag("result_file", ("--result-filename",), V, NOTHING),
    BenchFlag("result_file", ("--output-file",), S, NOTHING),
    BenchFlag("endpoint_type", ("--endpoint-type",), G, NOTHING),
    BenchFlag("streaming", ("--streaming",), G, NOTHING),
    BenchFlag("url", ("--url", "-u"), G, NOTHING),
)
"""Every tool's flags; for each tool and field the first one declared is the one written."""

SWITCHES = {"--ignore-eos": ("ignore_eos", True), "--disable-ignore-eos": ("ignore_eos", False),
            "--output-tokens-mean-deterministic": ("ignore_eos", True)}
"""Switches every tool's command is read with: flag → (field, the value a bare flag sets)."""

NO_EFFECT = frozenset({
    "--host", "--base-url", "--endpoint", "--dataset-path", "--dataset", "--tokenizer-mode",
    "--save-detailed", "--result-dir", "--metadata", "--disable-tqdm", "--profile",
    "--trust-remote-code", "--served-model-name", "--label", "--artifact-dir",
    "--profile-export-file", "--report_json", "--backend-type", "--goodput", "--logprobs",
    "--use-beam-search", "--extra-inputs", "--disable-stream", "--warmup-request-count",
    "--measurement-interval", "--stdout", "--workspace", "-w", "--engine_dir", "--model_path",
    "--iteration_log", "--output_json", "--request_json", "--extra_llm_api_options",
    "--apply-chat-template", "--num-warmups", "--ready-check-timeout-sec", "--header",
    "--warmup", "--backend", "--dataset-name", "--tokenizer",
    *(given for item in BENCH_FLAGS if item.reading == Reading.NO_EFFECT for given in item.flags)})
"""Flags any tool's command is read with and that change nothing gpucalc predicts."""


@cache
def value_flags(tool: BenchTool) -> dict[str, tuple[str, Reading]]:
    """The value flags a pasted command of ``tool`` is read by: flag → (field, reading)."""
    return {given: (item.field, item.reading) for item in BENCH_FLAGS
            if tool in item.tools and item.reading != Reading.NO_EFFECT for given in item.flags}


def bench_flag(tool: BenchTool, field: str) -> str:
    """The flag a written command of ``tool`` sets ``field`` by (KeyError when it has none)."""
    for item in BENCH_FLAGS:
        if tool in item.tools and item.field == field:
            return item.flags[0]
    raise KeyError(f"{tool} has no flag for {field}")


def switch_flag(field: str, on: bool) -> str:
    """The switch that sets ``field`` to ``on`` (KeyError when none does)."""
    return next(given for given, (name, value) in SWITCHES.items() if name == field and value == on)
