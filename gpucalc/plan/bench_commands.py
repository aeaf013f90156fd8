"""Load-test command lines for one benchmark run, per tool. No Qt.

Three tools, each with its own flag names (only flags the tools document):

* ``vllm bench serve`` — random dataset, ``--random-range-ratio 0`` (every request exactly the
  stated lengths: vLLM samples in ``[len × (1 − r), len × (1 + r)]``), percentiles of TTFT, TPOT,
  ITL and end-to-end latency, the result saved as JSON;
* ``python -m sglang.bench_serving`` — random dataset, ``--random-range-ratio 1`` (SGLang samples
  in ``[len × r, len]``), one JSON line per run in ``--output-file``;
* ``genai-perf profile`` — synthetic prompts of a fixed mean (standard deviation 0), streaming so
  that TTFT is measured, the chat endpoint.

Every command sends requests in a closed loop of ``--max-concurrency`` / ``--concurrency``
clients (``--request-rate inf``): the load the plan's latency curve is computed for.
"""

from __future__ import annotations

import shlex
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.engine import EngineKind


class BenchTool(StrEnum):
    """The load generators a plan writes commands for."""

    VLLM = "vllm"
    SGLANG = "sglang"
    GENAI_PERF = "genai-perf"


DEFAULT_PORTS = {EngineKind.VLLM: 8000, EngineKind.SGLANG: 30000, EngineKind.TRTLLM: 8000}
VLLM_BACKENDS = {EngineKind.VLLM: "vllm", EngineKind.SGLANG: "openai", EngineKind.TRTLLM: "openai"}
SGLANG_BACKENDS = {EngineKind.VLLM: "vllm", EngineKind.SGLANG: "sglang"}
# The tool each engine ships (TensorRT-LLM ships none of these: vLLM's, against its OpenAI API).
OWN_TOOL = {EngineKind.VLLM: BenchTool.VLLM, EngineKind.SGLANG: BenchTool.SGLANG,
            EngineKind.TRTLLM: BenchTool.VLLM}


class BenchRun(BaseModel):
    """One benchmark run: the model served, the closed-loop load and the fixed lengths."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    model: str
    engine: EngineKind
    concurrency: int = Field(ge=1)
    input_tokens: int = Field(ge=1)
    output_tokens: int = Field(ge=1)
    num_prompts: int = Field(ge=1)
    result_stem: str = Field(description="File name of the saved result, without extension.")


def vllm_bench_command(run: BenchRun) -> str:
    """``vllm bench serve`` for ``run``, saving ``<stem>.json``."""
    return shlex.join([
        "vllm", "bench", "serve", "--model", run.model, "--backend", VLLM_BACKENDS[run.engine],
        "--port", str(DEFAULT_PORTS[run.engine]),
        "--dataset-name", "random", "--random-input-len", str(run.input_tokens),
        "--random-output-len", str(run.output_tokens), "--random-range-ratio", "0",
        "--num-prompts", str(run.num_prompts), "--max-concurrency", str(run.concurrency),
        "--request-rate", "inf", "--percentile-metrics", "ttft,tpot,itl,e2el",
        "--metric-percentiles", "50,95,99", "--save-result",
        "--result-filename", f"{run.result_stem}.json"])


def sglang_bench_command(run: BenchRun) -> str | None:
    """``python -m sglang.bench_serving`` for ``run`` (None for engines it has no backend for)."""
    backend = SGLANG_BACKENDS.get(run.engine)
    if backend is None:
        return None
    return shlex.join([
        "python", "-m", "sglang.bench_serving", "--backend", backend,
        "--port", str(DEFAULT_PORTS[run.engine]), "--model", run.model,
        "--dataset-name", "random", "--random-input-len", str(run.input_tokens),
        "--random-output-len", str(run.output_tokens), "--random-range-ratio", "1",
        "--num-prompts", str(run.num_prompts), "--max-concurrency", str(run.concurrency),
        "--request-rate", "inf", "--output-file", f"{run.result_stem}.jsonl"])


def genai_perf_command(run: BenchRun) -> str:
    """``genai-perf profile`` for ``run`` (its export names the concurrency in the folder)."""
    return shlex.join([
        "genai-perf", "profile", "-m", run.model, "--endpoint-type", "chat", "--streaming",
        "--url", f"localhost:{DEFAULT_PORTS[run.engine]}",
        "--synthetic-input-tokens-mean", str(run.input_tokens),
        "--synthetic-input-tokens-stddev", "0", "--output-tokens-mean", str(run.output_tokens),
        "--output-tokens-stddev", "0", "--concurrency", str(run.concurrency),
        "--request-count", str(run.num_prompts)])


def bench_commands(run: BenchRun) -> dict[BenchTool, str]:
    """The command of every tool that can drive ``run``'s engine."""
    commands = {BenchTool.VLLM: vllm_bench_command(run), BenchTool.GENAI_PERF: genai_perf_command(run)}
    sglang = sglang_bench_command(run)
    if sglang is not None:
        commands[BenchTool.SGLANG] = sglang
    return dict(sorted(commands.items(), key=lambda kv: list(BenchTool).index(kv[0])))
