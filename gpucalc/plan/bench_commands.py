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

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.engine import EngineKind
from gpucalc.engines.bench_tools import (
    DEFAULT_PORTS,
    SGLANG_BACKENDS,
    VLLM_BACKENDS,
    WRITTEN_TOOLS,
    BenchTool,
    bench_flag,
)


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


def _words(tool: BenchTool, launcher: list[str], settings: dict[str, str | None]) -> str:
    """``launcher`` and each setting in ``tool``'s flags (a None value: a bare switch)."""
    words = list(launcher)
    for field, value in settings.items():
        words += [bench_flag(tool, field)] + ([value] if value is not None else [])
    return shlex.join(words)


def vllm_bench_command(run: BenchRun) -> str:
    """``vllm bench serve`` for ``run``, saving ``<stem>.json``."""
    return _words(BenchTool.VLLM, ["vllm", "bench", "serve"], {
        "model": run.model, "backend": VLLM_BACKENDS[run.engine], "port": str(DEFAULT_PORTS[run.engine]),
        "dataset": "random", "input_len": str(run.input_tokens), "output_len": str(run.output_tokens),
        "range_ratio": "0", "num_prompts": str(run.num_prompts),
        "max_concurrency": str(run.concurrency), "request_rate": "inf",
        "percentile_metrics": "ttft,tpot,itl,e2el", "metric_percentiles": "50,95,99",
        "save_result": None, "result_file": f"{run.result_stem}.json"})


def sglang_bench_command(run: BenchRun) -> str | None:
    """``python -m sglang.bench_serving`` for ``run`` (None for engines it has no backend for)."""
    backend = SGLANG_BACKENDS.get(run.engine)
    if backend is None:
        return None
    return _words(BenchTool.SGLANG, ["python", "-m", "sglang.bench_serving"], {
        "backend": backend, "port": str(DEFAULT_PORTS[run.engine]), "model": run.model,
        "dataset": "random", "input_len": str(run.input_tokens), "output_len": str(run.output_tokens),
        "range_ratio": "1", "num_prompts": str(run.num_prompts),
        "max_concurrency": str(run.concurrency), "request_rate": "inf",
        "result_file": f"{run.result_stem}.jsonl"})


def genai_perf_command(run: BenchRun) -> str:
    """``genai-perf profile`` for ``run`` (its export names the concurrency in the folder)."""
    return _words(BenchTool.GENAI_PERF, ["genai-perf", "profile"], {
        "model": run.model, "endpoint_type": "chat", "streaming": None,
        "url": f"localhost:{DEFAULT_PORTS[run.engine]}", "input_len": str(run.input_tokens),
        "input_stddev": "0", "output_len": str(run.output_tokens), "output_stddev": "0",
        "max_concurrency": str(run.concurrency), "request_count": str(run.num_prompts)})


def bench_commands(run: BenchRun) -> dict[BenchTool, str]:
    """The command of every tool that can drive ``run``'s engine."""
    commands = {BenchTool.VLLM: vllm_bench_command(run), BenchTool.GENAI_PERF: genai_perf_command(run)}
    sglang = sglang_bench_command(run)
    if sglang is not None:
        commands[BenchTool.SGLANG] = sglang
    return dict(sorted(commands.items(), key=lambda kv: WRITTEN_TOOLS.index(kv[0])))
