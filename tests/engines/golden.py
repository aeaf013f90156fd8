"""The engine vocabulary's behaviour, pinned: what every flag, key and field becomes.

The golden file ``tests/fixtures/golden/engine_vocabulary.json`` holds cases (inputs) and what
gpucalc made of them when the vocabulary was still spelled by hand in five tables (the serve-command
parser, the serve-line writer, the command line, the start-up-log reader and the field errors).
:mod:`tests.engines.test_golden` replays every case against the code as it is now, so a table
generated from the schema is shown to accept every flag and alias with the same meaning and to
write the same launch lines byte for byte.

Sections (each a list of ``[case, outcome]`` pairs):

* ``serve_parse`` — pasted serve commands: every flag and alias of each launcher with typed,
  wrong and hostile values, the tests' commands and the validation set's quoted commands; the
  outcome is the scenario's non-default fields, the engine and the ignored flags, or the error.
* ``serve_lines`` — scenarios (bundled examples, DP + EP, DCP, speculative, disaggregated pools,
  nodes, every engine) and the launch lines written for them (and for each pool).
* ``cli`` — ``gpucalc estimate`` with every deployment, workload and target flag; the outcome is
  the scenario the flags describe, or the error; and each flag's destination and default.
* ``log_keys`` — start-up logs and printed settings, and the deployment fields read from them.
* ``flag_names`` — each scenario path and the flag an error message names it by.
* ``speculative`` — the speculative flags of each engine, read and written back.
* ``bench`` — pasted benchmark commands and the runs they describe; the commands written per tool.

``python -m tests.engines.golden`` records the file again from the current code (only when a
behaviour change is meant: the diff then shows every case it moves).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden" / "engine_vocabulary.json"
SERVE_MARKS = ("vllm serve", "sglang.launch_server", "trtllm-serve", "vllm.entrypoints")
BENCH_MARKS = ("vllm bench", "benchmark_serving", "sglang.bench_serving", "genai-perf", "trtllm-bench")
LAUNCHERS = ("vllm serve meta-llama/Llama-3.1-8B-Instruct",
             "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
             "trtllm-serve meta-llama/Llama-3.1-8B-Instruct")
JSON_VALUES = ('{"image": 3}', "image=2", '{"num_redundant_experts": 32}',
               '{"method": "eagle3", "model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", '
               '"num_speculative_tokens": 3}', '{"method": "mtp"}',
               '{"kv_connector": "NixlConnector", "kv_role": "kv_producer"}',
               '{"kv_connector": "NixlConnector", "kv_role": "kv_consumer"}')
WORD_VALUES = ("4", "0", "0.5", "2.5", "fp8", "auto", "bfloat16", "x", "deepep", "low_latency",
               "prefill", "EAGLE", "8589934592", "-1")
HOSTILE_VALUES = ("1e-320", "1e308", "1e999", "inf", "nan", "9" * 64, "", '{"image": 1e999}',
                  '{"image": [1]}', '{"image": "a"}', "[" * 80, "image=",
                  "image=9999999999999999999999", "'unterminated", "16777216", "500000")
# Flags no table names, to show they stay ignored.
UNKNOWN_FLAGS = ("--port", "--host", "--trust-remote-code", "--served-model-name", "--foo", "-x",
                 "--swap-space", "--tokenizer")


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flatten(item, f"{prefix}{key}."))
        return out or {prefix.rstrip("."): {}}
    return {prefix.rstrip("."): value}


def changed_fields(model: BaseModel, default: BaseModel) -> dict[str, Any]:
    """The dotted fields of ``model`` that differ from ``default`` (JSON values)."""
    now, base = _flatten(model.model_dump(mode="json")), _flatten(default.model_dump(mode="json"))
    return {key: value for key, value in sorted(now.items()) if base.get(key, "<absent>") != value}


def _error(exc: BaseException) -> dict[str, str]:
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return {"error": f"ValidationError: {'.'.join(map(str, first['loc']))}: {first['type']}: "
                         f"{first['msg']}"}
    first_line = str(exc).splitlines()[0] if str(exc) else ""
    return {"error": f"{type(exc).__name__}: {first_line.replace(str(ROOT), '<checkout>')}"}


def _outcome(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except Exception as exc:
        return _error(exc)


def _literals(marks: tuple[str, ...]) -> list[str]:
    """String literals of the test files that hold one of ``marks`` (commands as the tests paste them)."""
    found: set[str] = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and any(
                    mark in node.value for mark in marks):
                found.add(node.value)
    return sorted(found)


def _validation_rows() -> Iterator[dict[str, Any]]:
    for name in ("throughput.jsonl", "latency_percentiles.jsonl"):
        for line in (ROOT / "specs" / "validation" / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


# -- serve commands --------------------------------------------------------------------------

def _old_serve_flags() -> dict[str, list[str]]:
    """Every flag each launcher reads (switches are read by every launcher).

    Recorded from the hand tables; now from the knobs (the same flags, as the replay shows).
    """
    from gpucalc.core.specs.engine import EngineKind
    from gpucalc.engines.tables import serve_flags, switches

    return {launcher: sorted({*serve_flags(kind), *switches()})
            for launcher, kind in zip(LAUNCHERS, EngineKind, strict=True)}


def serve_parse_cases() -> list[str]:
    """Pasted serve commands: every flag and alias, the tests' and the validation set's commands."""
    from gpucalc.validation.serving import serve_command

    flags = _old_serve_flags()
    every = sorted({flag for table in flags.values() for flag in table} | set(UNKNOWN_FLAGS))
    cases: list[str] = []
    for launcher in LAUNCHERS:
        for flag in every:
            cases.append(f"{launcher} {flag}")
            cases.append(f"{launcher} {flag} --max-num-seqs 8")
            for value in (*WORD_VALUES, *JSON_VALUES):
                cases.append(f"{launcher} {flag} '{value}'")
            cases.append(f"{launcher} {flag}=4")
            cases.append(f"{launcher} {flag}=fp8")
        for flag in flags[launcher]:
            cases += [f"{launcher} {flag} {json.dumps(value)}" for value in HOSTILE_VALUES]
    cases += _serve_combinations()
    cases += _literals(SERVE_MARKS)
    cases += [text for row in _validation_rows() if (text := serve_command(row))]
    return list(dict.fromkeys(cases))


def _serve_combinations() -> list[str]:
    v, s, t = LAUNCHERS
    return [
        f"{v} -tp 4 -pp 2 -dp 2 --enable-expert-parallel --all2all-backend deepep_low_latency",
        f"{v} -tp 2 -dp 4 --enable-eplb --eplb-config '{{\"num_redundant_experts\": 16}}'",
        f"{v} -tp 8 -dcp 4 --max-model-len 131072 --kv-cache-dtype fp8",
        f"{v} -tp 8 --decode-context-parallel-size 8 --nnodes 2",
        f"{v} -tp 8 -pp 2 --nnodes 2", f"{v} -tp 8 -pp 2 --nnodes 3",
        f"{v} --kv-cache-memory-bytes 10737418240", f"{v} --kv-cache-memory 12.5",
        f"{v} --no-enable-prefix-caching --enforce-eager --block-size 32",
        f"{v} --speculative-config '{{\"method\": \"ngram\", \"num_speculative_tokens\": 4}}' -tp 2",
        f"{v} --kv-transfer-config '{{\"kv_connector\": \"NixlConnector\", \"kv_role\": \"kv_both\"}}'",
        f"{v} -tp 2 --kv-transfer-config '{{\"kv_role\": \"kv_producer\"}}' -dp 2",
        f"{v} --model other/model --quantization awq --dtype float16",
        f"{v} --mamba-ssm-cache-dtype float32 --limit-mm-per-prompt '{{\"image\": 4}}'",
        f"{s} --tp 8 --dp 4 --enable-dp-attention --ep-size 8 --moe-a2a-backend deepep",
        f"{s} --tp 8 --dp 4 --enable-dp-attention --moe-a2a-backend deepep --deepep-mode normal",
        f"{s} --tp 6 --dp 4 --enable-dp-attention", f"{s} --tp 8 --dp 2",
        f"{s} --tp 4 --disaggregation-mode prefill --disaggregation-transfer-backend mooncake",
        f"{s} --tp 4 --dp 2 --enable-dp-attention --disaggregation-mode decode",
        f"{s} --disaggregation-mode null", f"{s} --disaggregation-mode both",
        f"{s} --speculative-algorithm EAGLE3 --speculative-num-steps 3 --speculative-eagle-topk 4 "
        "--speculative-num-draft-tokens 8 --speculative-draft-model-path yuhuili/EAGLE3-x",
        f"{s} --speculative-algorithm NEXTN", f"{s} --speculative-algorithm STANDALONE",
        f"{s} --speculative-algorithm STANDALONE --speculative-draft-model-path meta-llama/Llama-3.2-1B",
        f"{s} --page-size 64 --context-length 32768 --chunked-prefill-size 4096 "
        "--max-running-requests 128 --mem-fraction-static 0.8 --disable-radix-cache",
        f"{s} --ep-num-redundant-experts 32 --enable-eplb --tp 8 --dp 8 --enable-dp-attention",
        f"{s} --mamba-ssm-dtype bfloat16 --nnodes 2 --tp 16",
        f"{t} --tp_size 4 --pp_size 2 --ep_size 4 --max_seq_len 8192 --max_batch_size 64 "
        "--max_num_tokens 4096 --kv_cache_free_gpu_memory_fraction 0.85",
        "CUDA_VISIBLE_DEVICES=0,1 vllm serve m -tp 2", "python -m vllm.entrypoints.openai.api_server "
        "--model m -tp 2", "/usr/bin/trtllm-serve serve m --tp_size 2", "vllm serve",
        "sglang serve m", "vllm serve m extra positional words", "vllm serve m --tp 2 --pp 2",
    ]


def serve_parse(text: str) -> Any:
    """What a pasted serve command becomes (the fields it changes), or its refusal."""
    from gpucalc.core.specs.scenario import Scenario
    from gpucalc.plan.serve_command import parse_serve_command

    def run() -> Any:
        parsed = parse_serve_command(text)
        return {"engine": parsed.engine, "ignored": list(parsed.ignored),
                "fields": changed_fields(parsed.scenario, Scenario())}
    return _outcome(run)


# -- serve lines ---------------------------------------------------------------------------

def _scenario(model: str, gpu: str = "h100-sxm-80gb", quantization: str | None = None,
              **deployment: Any) -> dict[str, Any]:
    from gpucalc.core.specs.scenario import Scenario

    return Scenario(model=model, gpu=gpu, quantization=quantization,
                    deployment=deployment).model_dump(mode="json", exclude_defaults=True)


def serve_line_cases() -> list[dict[str, Any]]:
    """Scenarios whose launch lines are written, for every engine."""
    from gpucalc.core.common.revise import revised
    from gpucalc.core.specs.scenario import Scenario
    from gpucalc.plan.serve_command import parse_serve_command

    engines = ("vllm", "vllm-v0", "sglang", "sglang-0.4", "trtllm")
    shapes: list[dict[str, Any]] = [
        {"model": "llama-3.1-8b-instruct"},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 4, "tensor_parallel_size": 4,
         "max_model_len": 16384, "kv_cache_dtype": "fp8", "weight_format": "fp8"},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 16, "tensor_parallel_size": 8,
         "pipeline_parallel_size": 2, "max_model_len": 8192},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 16, "tensor_parallel_size": 8,
         "max_model_len": 8192},
        {"model": "llama-3.1-8b-instruct", "gpu_memory_utilization": 0.8, "max_num_seqs": 64,
         "max_num_batched_tokens": 4096, "enforce_eager": True, "block_size": 32},
        {"model": "llama-3.1-8b-instruct", "enable_prefix_caching": False},
        {"model": "llama-3.1-8b-instruct", "enable_prefix_caching": True},
        {"model": "llama-3.1-8b-instruct", "quantization": "int4"},
        {"model": "llama-3.1-70b-instruct-fp8", "num_gpus": 2, "tensor_parallel_size": 2},
        {"model": "llama-3.1-8b-instruct", "gpu": "a100-sxm4-80gb", "weight_format": "fp8"},
        {"model": "llama-3.2-11b-vision-instruct", "max_model_len": 8192, "limit_mm_per_prompt": 2},
        {"model": "llama-3.2-11b-vision-instruct", "max_model_len": 8192, "limit_mm_per_prompt": 1},
        {"model": "mixtral-8x7b-instruct-v0.1", "num_gpus": 8, "tensor_parallel_size": 2,
         "data_parallel_size": 4, "enable_expert_parallel": True},
        {"model": "deepseek-v3", "num_gpus": 16, "tensor_parallel_size": 1, "data_parallel_size": 16,
         "enable_expert_parallel": True, "enable_eplb": True, "num_redundant_experts": 32,
         "all2all_mode": "low-latency", "max_model_len": 8192},
        {"model": "deepseek-v3", "num_gpus": 16, "tensor_parallel_size": 2, "data_parallel_size": 8,
         "enable_expert_parallel": True, "all2all_mode": "normal", "max_model_len": 8192},
        {"model": "deepseek-v3", "num_gpus": 8, "tensor_parallel_size": 8,
         "decode_context_parallel_size": 8, "max_model_len": 65536},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 8, "tensor_parallel_size": 8,
         "decode_context_parallel_size": 2},
        {"model": "qwen3-next-80b-a3b-instruct", "num_gpus": 4, "tensor_parallel_size": 4,
         "mamba_ssm_cache_dtype": "float32", "max_model_len": 32768},
        {"model": "llama-3.1-8b-instruct", "speculative_config": {
            "method": "eagle3", "num_speculative_tokens": 3,
            "draft_model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B"}},
        {"model": "deepseek-v3", "num_gpus": 8, "tensor_parallel_size": 8, "max_model_len": 8192,
         "speculative_config": {"method": "mtp", "num_speculative_tokens": 2}},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 4, "tensor_parallel_size": 4,
         "speculative_config": {"method": "draft", "num_speculative_tokens": 4,
                                "draft_model": "llama-3.2-1b-instruct"}},
        {"model": "llama-3.1-8b-instruct", "speculative_config": {
            "method": "ngram", "num_speculative_tokens": 4, "eagle_topk": 2, "num_draft_tokens": 6}},
        {"model": "llama-3.1-70b-instruct", "num_gpus": 8, "tensor_parallel_size": 4,
         "max_model_len": 16384, "disaggregation": {"enabled": True, "prefill_tp": 2,
                                                     "decode_tp": 4}},
        {"model": "deepseek-v3", "num_gpus": 32, "tensor_parallel_size": 1, "data_parallel_size": 16,
         "enable_expert_parallel": True, "max_model_len": 8192, "disaggregation": {
             "enabled": True, "prefill_dp": 8, "decode_dp": 16, "prefill_tp": 1, "decode_tp": 1}},
        {"model": "llama-3.1-8b-instruct", "nodes": 2, "gpus_per_node": 8, "num_gpus": 16},
        {"model": "llama-3.1-405b-instruct", "num_gpus": 16, "tensor_parallel_size": 8,
         "pipeline_parallel_size": 2, "nodes": 2, "max_model_len": 8192},
    ]
    cases: list[dict[str, Any]] = []
    for given in shapes:
        shape = dict(given)
        model, gpu = shape.pop("model"), shape.pop("gpu", "h100-sxm-80gb")
        quantization = shape.pop("quantization", None)
        cases += [_scenario(model, gpu, quantization, engine=engine, **shape) for engine in engines]
    for example in sorted((ROOT / "resources" / "examples").glob("*.gpucalc.json")):
        data = json.loads(example.read_text(encoding="utf-8"))["scenario"]
        for engine in engines:
            scenario = Scenario.model_validate({**data, "deployment": {**data.get("deployment", {}),
                                                                      "engine": engine}})
            cases.append(scenario.model_dump(mode="json", exclude_defaults=True))
    base = Scenario(model="llama-3.1-8b-instruct")
    for text in serve_parse_cases():
        with contextlib.suppress(Exception):
            parsed = parse_serve_command(text, base).scenario
            cases.append(revised(parsed, model="llama-3.1-8b-instruct").model_dump(
                mode="json", exclude_defaults=True))
    unique = {json.dumps(case, sort_keys=True): case for case in cases}
    return [unique[key] for key in sorted(unique)]


_CATALOG: Any = None


def _catalog() -> Any:
    global _CATALOG  # noqa: PLW0603 - the bundled catalog, loaded once for thousands of cases
    if _CATALOG is None:
        from gpucalc.catalog.bundled import Catalog

        _CATALOG = Catalog.load()
    return _CATALOG


def serve_lines(case: dict[str, Any]) -> Any:
    """The launch line of a scenario, and of each pool when it is disaggregated."""
    from gpucalc.catalog.resolve import resolve_scenario
    from gpucalc.core.memory.memory_plan import calculate_memory
    from gpucalc.core.specs.scenario import Scenario
    from gpucalc.plan.disaggregation import pool_serve_lines
    from gpucalc.plan.serve_line import serve_line

    def run() -> Any:
        inputs = resolve_scenario(_catalog(), Scenario.model_validate(case))
        line = serve_line(inputs, calculate_memory(inputs, single_gpu_check=False).settings)
        pools = pool_serve_lines(inputs)
        return {"line": line, "pools": list(pools) if pools else None}
    return _outcome(run)


# -- the command line ----------------------------------------------------------------------

_PARSERS: dict[str, argparse.ArgumentParser] = {}


def _sub_parser(name: str) -> argparse.ArgumentParser:
    if not _PARSERS:
        from gpucalc.cli.main import build_parser

        sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
        _PARSERS.update(sub.choices)
    return _PARSERS[name]


def _estimate_parser() -> argparse.ArgumentParser:
    return _sub_parser("estimate")


def _size_parser() -> argparse.ArgumentParser:
    return _sub_parser("size")


def _option_table(parser: argparse.ArgumentParser) -> list[dict[str, Any]]:
    rows = []
    for action in parser._actions:
        if not action.option_strings or action.dest in {"help", "lang", "json", "uncertainty"}:
            continue
        rows.append({"options": list(action.option_strings), "dest": action.dest,
                     "default": _jsonable(action.default), "const": _jsonable(action.const),
                     "choices": _jsonable(list(action.choices)) if action.choices else None,
                     "nargs": action.nargs, "required": action.required,
                     "kind": type(action).__name__})
    return rows


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return str(value)


CLI_VALUES = ("2", "0", "0.5", "fp8", "x", "auto", "online", "0.8:300:200:chat", '{"image": 2}',
              '{"num_redundant_experts": 8}', "deepep_low_latency", "normal",
              '{"method": "mtp", "num_speculative_tokens": 2}', "EAGLE", "95", "ib-ndr-400")


def cli_cases() -> list[list[str]]:
    """``estimate`` argument lists: every option with typed and wrong values, and combinations."""
    base = ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb"]
    cases: list[list[str]] = []
    for row in _option_table(_estimate_parser()):
        for option in row["options"]:
            if row["nargs"] == 0:
                cases.append([*base, option])
                continue
            cases += [[*base, option, value] for value in CLI_VALUES]
            cases.append([*base, f"{option}=4"] if option.startswith("--") else [*base, option + "4"])
    cases += [[*base, *words.split()] for words in (
        "-tp 8 --dp 2 --enable-dp-attention", "-tp 6 --dp 4 --enable-dp-attention",
        "--tp 4 --dp-size 2 --ep-size 8", "-tp 2 -dp 2 --moe-a2a-backend deepep",
        "-tp 2 -dp 2 --moe-a2a-backend deepep --deepep-mode normal",
        "--prefill-tp 2 --decode-tp 4", "--disaggregate", "--prefill-dp 2 --decode-dp 4 -dp 2",
        "--nodes 2", "--nodes 2 --gpus-per-node 4", "--nnodes 2 --num-gpus 16 -tp 8",
        "--speculative-algorithm EAGLE --speculative-num-steps 3 --speculative-eagle-topk 2",
        "--speculative-algorithm NEXTN --acceptance-length 1.8",
        "--num-nextn-predict-layers 2 --acceptance-rate 0.7", "--acceptance-rate 0.7",
        "--enable-eplb --num-redundant-experts 8 -dp 2 --enable-expert-parallel",
        "--eplb-config {\"num_redundant_experts\":4}", "--tokens-per-s 50", "--tokens-per-s 0",
        "--qps 10 --qps-peak 20 --mode mixed", "--qps-peak 20",
        "--request-class 0.8:300:200:chat --request-class 0.2:6000:500:documents",
        "--input-len 2000 --input-len-p95 1000", "--no-enable-prefix-caching",
        "--disable-radix-cache --shared-prefix-len 512 --num-prefixes 4 --history-cached",
        "--mem-fraction-static 0.8 --disable-cuda-graph", "-q awq --dtype float16",
        "--ttft-ms 500 --tpot-ms 20 --watermark 0.6 --slo-percentile 99",
        "-dcp 2 -tp 4", "-dcp 3 -tp 4", "--mamba-ssm-cache-dtype float32")]
    return cases


def cli_parse(argv: list[str]) -> Any:
    """The scenario ``gpucalc estimate`` builds from ``argv``, or the refusal (argparse's or ours)."""
    from gpucalc.cli.args import scenario_from_flags
    from gpucalc.core.specs.scenario import Scenario

    def run() -> Any:
        stderr = io.StringIO()
        try:
            with contextlib.redirect_stderr(stderr):
                args = _estimate_parser().parse_args(argv[1:])
        except SystemExit:
            return {"usage_error": stderr.getvalue().strip().splitlines()[-1]}
        scenario = scenario_from_flags(args)
        return {"fields": changed_fields(scenario, Scenario(model=argv[1], gpu=argv[3]))}
    return _outcome(run)


# -- start-up logs ---------------------------------------------------------------------------

LOG_VALUES: tuple[Any, ...] = (8, 0, -1, "12", "None", 0.9, 2.0, True, "fp8", 10**13, "9" * 40)


def log_cases() -> list[dict[str, Any]]:
    """Fixture logs, and printed settings of every engine with every key and odd values.

    Settings are pairs in the order a log prints them (the first of two keys for one field wins).
    """
    from gpucalc.core.specs.engine import EngineKind
    from gpucalc.engines.tables import log_names

    cases: list[dict[str, Any]] = [{"log": p.name} for p in sorted((ROOT / "tests" / "fixtures"
                                                                   / "logs").iterdir())]
    keys = sorted({*(key for kind in EngineKind for key in log_names(kind)),
                   "enable_prefix_caching", "data_parallel_size",
                   "dp_size", "page_size", "unknown_key"})
    for engine in ("vllm", "vllm-v0", "sglang", "trtllm", None):
        for key in keys:
            cases += [{"engine": engine, "flags": [[key, value]]} for value in LOG_VALUES]
        cases.append({"engine": engine, "flags": [["tp_size", 2], ["tensor_parallel_size", 4]],
                      "memory_fraction": 0.8, "gpu_total_gib": 79.2})
        for order in ((0, 1, 2, 3), (1, 0, 3, 2)):
            pairs = [["context_length", 4096], ["context_len", 8192], ["max_num_requests", 16],
                     ["max_batch_size", 32]]
            cases.append({"engine": engine, "flags": [pairs[i] for i in order]})
    trt = ("[TRT-LLM] TensorRT-LLM version: 0.17.0\n{}\n"
           "Allocated 10.0 GiB for max tokens in paged KV cache (100)\n")
    for settings in ("max_seq_len=8192 max_num_requests=64 max_batch_size=32 max_num_tokens=4096 "
                     "tp_size=2 pp_size=1", "max_seq_len=0", "tp_size=" + "9" * 20,
                     "max_beam_width=1 max_seq_len=100"):
        cases.append({"text": trt.format(settings)})
    return cases


def log_keys(case: dict[str, Any]) -> Any:
    """The deployment fields a log's printed settings fill in (and the settings read)."""
    from gpucalc.core.measured.measured import MeasuredMemory
    from gpucalc.io.engine_log import deployment_overrides, parse_engine_log, read_engine_log

    def run() -> Any:
        if "log" in case:
            measured = read_engine_log(ROOT / "tests" / "fixtures" / "logs" / case["log"])
        elif "text" in case:
            measured = parse_engine_log(case["text"])
        else:
            measured = MeasuredMemory(engine=case["engine"], source="golden", kv_cache_tokens=1,
                                      flags=dict(case["flags"]), memory_fraction=case.get("memory_fraction"),
                                      gpu_total_gib=case.get("gpu_total_gib"))
        return {"flags": _jsonable_dict(measured.flags),
                "overrides": _jsonable_dict(deployment_overrides(measured))}
    return _outcome(run)


def _jsonable_dict(values: dict[str, Any]) -> dict[str, Any]:
    return {key: _jsonable(value) for key, value in sorted(values.items())}


# -- field errors ----------------------------------------------------------------------------

def _schema_paths(model: type[BaseModel], prefix: str = "") -> list[str]:
    paths: list[str] = []
    for name, info in model.model_fields.items():
        path = f"{prefix}{name}"
        paths.append(path)
        for kind in _model_types(info.annotation):
            paths += _schema_paths(kind, path + ".")
    return paths


def _model_types(annotation: Any) -> list[type[BaseModel]]:
    import typing

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [kind for arg in typing.get_args(annotation) for kind in _model_types(arg)]


def flag_name_cases() -> list[str]:
    """Every path of the scenario schema, bare field names, and paths the messages use."""
    from gpucalc.core.specs.scenario import Scenario

    paths = _schema_paths(Scenario)
    bare = sorted({path.rpartition(".")[2] for path in paths})
    extra = ["", "num_prompts", "workload.classes.0.share", "workload.classes.3", "deployment",
             "workload", "targets", "deployment.speculative_config", "percentile", "qps_avg",
             "deployment.disaggregation", "custom_gpu.name", "nothing_known"]
    return list(dict.fromkeys([*paths, *bare, *extra]))


def flag_name(path: str) -> Any:
    """The flag an error message names ``path`` by, and the path it is read as."""
    from gpucalc.plan.field_errors import flag_name as name_of
    from gpucalc.plan.field_errors import scenario_path

    return _outcome(lambda: {"flag": name_of(path), "path": scenario_path(path)})


# -- speculative flags -----------------------------------------------------------------------

def speculative_cases() -> list[dict[str, Any]]:
    """Speculative flags as the command line and the paste hand them over."""
    cases: list[dict[str, Any]] = []
    configs = ('{"method": "mtp", "num_speculative_tokens": 1}', '{"method": "deepseek_mtp"}',
               '{"method": "qwen3_next_mtp", "num_speculative_tokens": 2}',
               '{"method": "eagle", "model": "yuhuili/EAGLE-LLaMA3.1-Instruct-8B"}',
               '{"model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", "num_speculative_tokens": "3"}',
               '{"method": "ngram", "num_speculative_tokens": 4}', '{"model": "[ngram]"}',
               '{"model": "meta-llama/Llama-3.2-1B-Instruct"}', '{"method": "draft_model"}',
               '{"method": "medusa"}', '{"method": "nope"}', "[]", "{", '{"method": 3}',
               '{"model": 3}', '{"num_speculative_tokens": true, "method": "mtp"}', "{}",
               '{"method": "ngram-gpu"}', '{"method": "[ngram]"}', '{"method": "mtp", '
               '"num_speculative_tokens": 99}')
    cases += [{"config_json": text} for text in configs]
    for algorithm in ("EAGLE", "eagle3", "NEXTN", "STANDALONE", "NGRAM", "LOOKAHEAD", " nextn "):
        cases.append({"algorithm": algorithm})
        cases.append({"algorithm": algorithm, "num_steps": 4, "eagle_topk": 2, "num_draft_tokens": 8,
                      "draft_model_path": "d/m"})
    cases += [{"nextn_layers": 2}, {"nextn_layers": 0}, {"acceptance_length": 2.0},
              {"acceptance_rate": 0.5}, {},
              {"config_json": '{"method": "mtp"}', "acceptance_length": 1.5},
              {"config_json": '{"method": "mtp"}', "acceptance_length": 2.5},
              {"algorithm": "EAGLE", "acceptance_rate": 0.8, "num_steps": 3},
              {"config_json": '{"method": "mtp"}', "algorithm": "EAGLE"}]
    return cases


def speculative(case: dict[str, Any]) -> Any:
    """The set-up the flags describe, and how vLLM and SGLang would be told it."""
    from gpucalc.engines.knobs import SpeculativeFlags
    from gpucalc.plan.speculative_config import (
        sglang_words,
        speculative_from_flags,
        vllm_config_text,
    )

    def run() -> Any:
        spec = speculative_from_flags(SpeculativeFlags(**case))
        if spec is None:
            return None
        return {"spec": spec.model_dump(mode="json"), "vllm": vllm_config_text(spec),
                "sglang": sglang_words(spec)}
    return _outcome(run)


# -- benchmark tools -------------------------------------------------------------------------

def _old_bench_flags() -> list[str]:
    """Every flag of every benchmark tool (recorded from the hand tables; now from bench_tools)."""
    from gpucalc.engines import bench_tools as bt

    flags = {flag for tool in bt.BenchTool for flag in bt.value_flags(tool)}
    return sorted(flags | set(bt.SWITCHES) | bt.NO_EFFECT)


BENCH_LAUNCHERS = ("vllm bench serve --model m", "python benchmarks/benchmark_serving.py --model m",
                   "python -m sglang.bench_serving --model m",
                   "genai-perf profile -m m --output-tokens-mean 100",
                   "trtllm-bench --model m throughput --dataset d.json")
BENCH_VALUES = ("4", "0", "2.5", "inf", "x", "sharegpt", "prefix_repetition", "-1")


def bench_cases() -> list[dict[str, Any]]:
    """Pasted benchmark commands (every flag of every tool) and runs whose commands are written."""
    from gpucalc.validation.whole_runs import run_command

    prepare = "python benchmarks/cpp/prepare_dataset.py token-norm-dist --num-requests 100 " \
              "--input-mean 512 --output-mean 128 --input-stdev 0 --output-stdev 0 > d.json"
    cases: list[dict[str, Any]] = []
    for launcher in BENCH_LAUNCHERS:
        head = f"{prepare}\n{launcher}" if launcher.startswith("trtllm") else launcher
        for flag in [*_old_bench_flags(), "--unknown-flag"]:
            cases.append({"text": f"{head} {flag}"})
            cases += [{"text": f"{head} {flag} {value}"} for value in BENCH_VALUES]
            cases.append({"text": f"{head} {flag}=7"})
        cases.append({"text": head})
        cases.append({"text": head, "tool_version": "0.8.2"})
    cases += [{"text": text} for text in _literals(BENCH_MARKS)]
    for row in _validation_rows():
        with contextlib.suppress(Exception):
            text, version = run_command(row)
            cases.append({"text": text, "tool_version": version})
    for engine in ("vllm", "sglang", "trtllm"):
        for concurrency, length in ((1, (128, 64)), (32, (2048, 256))):
            cases.append({"run": {"model": "meta-llama/Llama-3.1-8B-Instruct", "engine": engine,
                                  "concurrency": concurrency, "input_tokens": length[0],
                                  "output_tokens": length[1], "num_prompts": 10 * concurrency,
                                  "result_stem": f"c{concurrency}"}})
    unique = {json.dumps(case, sort_keys=True): case for case in cases}
    return [unique[key] for key in sorted(unique)]


def bench(case: dict[str, Any]) -> Any:
    """The run a pasted benchmark command describes, or the commands written for a run."""
    from gpucalc.plan.bench_commands import BenchRun, bench_commands
    from gpucalc.plan.bench_parse import parse_bench_command

    def run() -> Any:
        if "run" in case:
            return {tool.value: text for tool, text in bench_commands(BenchRun(**case["run"])).items()}
        spec = parse_bench_command(case["text"], case.get("tool_version"))
        return spec.model_dump(mode="json", exclude_defaults=True)
    return _outcome(run)


SECTIONS: dict[str, tuple[Callable[[], list[Any]], Callable[[Any], Any]]] = {
    "serve_parse": (serve_parse_cases, serve_parse),
    "serve_lines": (serve_line_cases, serve_lines),
    "cli": (cli_cases, cli_parse),
    "log_keys": (log_cases, log_keys),
    "flag_names": (flag_name_cases, flag_name),
    "speculative": (speculative_cases, speculative),
    "bench": (bench_cases, bench),
}
"""Each section: the cases it records and what a case becomes."""


def form_fields() -> dict[str, Any]:
    """The window's fields (title, help and presentation) and the other titles."""
    from gpucalc.ui import fields

    rows: list[dict[str, Any]] = [
        {"path": spec.path, "title": spec.title, "help": spec.help, "unit": spec.unit,
         "decimals": spec.decimals, "auto": spec.auto, "choices": spec.choices}
        for spec in fields.ALL_FIELDS]
    paths = [spec.path for spec in fields.ALL_FIELDS] + sorted(fields.OTHER_TITLES) + flag_name_cases()
    return {"fields": rows, "titles": {path: fields.field_title(path) for path in paths}}


def cli_options() -> dict[str, list[dict[str, Any]]]:
    """Every option of ``estimate`` and ``size``: its spellings, destination and default."""
    return {"estimate": _option_table(_estimate_parser()), "size": _option_table(_size_parser())}


def record() -> dict[str, Any]:
    """Every section's cases with their outcomes under the current code."""
    data: dict[str, Any] = {"cli_options": cli_options(), "form": form_fields()}
    for name, (cases, outcome) in SECTIONS.items():
        data[name] = [[case, outcome(case)] for case in cases()]
        print(f"{name}: {len(data[name])} cases", file=sys.stderr)
    return data


def write(data: dict[str, Any]) -> None:
    """The golden file, one case per line so a diff shows each case it moves."""
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    lines = ["{"]
    for i, (name, value) in enumerate(data.items()):
        comma = "," if i < len(data) - 1 else ""
        if isinstance(value, list):
            rows = [json.dumps(row, ensure_ascii=False, sort_keys=True) for row in value]
            lines.append(f"{json.dumps(name)}: [\n" + ",\n".join(rows) + f"\n]{comma}")
        else:
            lines.append(f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}"
                         f"{comma}")
    lines.append("}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(record())
