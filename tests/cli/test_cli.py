"""The command line: JSON keys, readable table, one-line errors with non-zero exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE
from gpucalc.cli.main import main

REQUIRED_KEYS = [
    "memory.weights_gib_per_gpu", "memory.activation_gib_per_gpu", "memory.non_torch_gib_per_gpu",
    "memory.kv_cache_gib_per_gpu", "kv_cache_bytes_per_token", "kv_cache_tokens",
    "max_concurrency", "params.total", "params.active",
]


def _get(data: dict[str, object], dotted: str) -> object:
    value: object = data
    for part in dotted.split("."):
        assert isinstance(value, dict), dotted
        value = value[part]
    return value


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["estimate", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_estimate_json_has_required_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "meta-llama/Llama-3.1-8B-Instruct", "--gpu", "h100-sxm-80gb",
                    "--max-model-len", "8192", "--gpu-memory-utilization", "0.95")
    for key in REQUIRED_KEYS:
        assert isinstance(_get(data, key), int | float), key
    assert data["kv_cache_bytes_per_token"] == 131072
    assert _get(data, "params.total") == 8030261248
    # vLLM 0.19 on H100 logged 476,000 tokens for this command (llm-d planner logs)
    assert abs(int(data["kv_cache_tokens"]) - 476000) / 476000 < 0.01  # type: ignore[call-overload]


def test_vllm_flags_paste_in(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "mixtral-8x7b-instruct-v0.1", "--gpu", "h100", "--tensor-parallel-size",
                    "2", "--max-model-len", "8192", "--gpu-memory-utilization", "0.95",
                    "--max-num-seqs", "256", "--kv-cache-dtype", "fp8")
    assert _get(data, "settings.max_num_seqs") == 256
    assert isinstance(data["kv_cache_tokens"], int)
    assert data["kv_cache_tokens"] > 900_000


def test_what_if_quantization(capsys: pytest.CaptureFixture[str]) -> None:
    bf16 = run_json(capsys, "llama-3.1-70b-instruct", "--gpu", "h100", "-tp", "2",
                    "--max-model-len", "8192")
    int4 = run_json(capsys, "llama-3.1-70b-instruct", "--gpu", "h100", "-tp", "2", "--max-model-len", "8192",
                    "--quantization", "int4")
    assert _get(int4, "memory.weights_gib_per_gpu") < 0.35 * _get(bf16, "memory.weights_gib_per_gpu")  # type: ignore[operator]


def test_config_path_model(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
              "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
              "intermediate_size": 14336, "max_position_embeddings": 8192}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    data = run_json(capsys, str(path), "--gpu", "a100-sxm-80gb")
    assert _get(data, "params.total") == 8030261248


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "qwen3-8b", "--gpu", "l40s-48gb", "--max-model-len", "16384"]) == 0
    out = capsys.readouterr().out
    assert "KV cache" in out
    assert "weights" in out
    assert "headroom" in out


@pytest.mark.parametrize(("args", "code", "message"), [
    (["estimate", "no-such-model", "--gpu", "h100"], EXIT_USAGE, "unknown model"),
    (["estimate", "llama-3.1-8b-instruct", "--gpu", "h1000"], EXIT_USAGE, "unknown GPU"),
    (["estimate", "llama-3.1-70b-instruct", "--gpu", "h100", "-tp", "3"], EXIT_USAGE, "divide"),
    (["estimate", "llama-3.1-405b-instruct", "--gpu", "h100"], EXIT_DOES_NOT_FIT, "does not fit"),
    (["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--gpu-memory-utilization", "2"],
     EXIT_USAGE, "gpu-memory-utilization"),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], code: int,
                             message: str) -> None:
    assert main(args) == code
    err = capsys.readouterr().err.strip()
    assert message in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_process_exits_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "gpucalc", "estimate", "llama-3.1-405b-instruct", "--gpu", "t4"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == EXIT_DOES_NOT_FIT
    assert "Traceback" not in proc.stderr


def test_estimate_performance_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "llama-3.1-8b-instruct", "--gpu", "h100", "--input-len", "1000",
                    "--output-len", "200", "--ttft-ms", "1000", "--tpot-ms", "50",
                    "--concurrency", "16")
    for key in ["ceilings.memory", "ceilings.compute", "recommended_concurrency", "ttft_ms",
                "tpot_ms", "output_tokens_per_s"]:
        assert isinstance(_get(data, key), int | float), key
    assert "interconnect" in data["ceilings"]  # type: ignore[operator]
    assert data["bottleneck"] in {"memory", "compute", "interconnect"}


def test_sweep_csv_and_size_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "qwen3-8b", "--gpu", "l40s", "--max-model-len", "16384", "--csv",
                 "--points", "6"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("planning_length_tokens,memory_ceiling_requests")
    assert len(lines) == 8  # header, 6 log-spaced points and the scenario's planning length (1,280)
    assert any(line.startswith("1280,") for line in lines)
    assert main(["size", "--model", "llama-3.1-8b-instruct", "--qps", "5", "--gpus",
                 "h100,l40s", "--csv"]) == 0
    assert capsys.readouterr().out.startswith("gpu,precision")


def test_slo_percentile_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """--slo-percentile 99 plans fewer requests than 50 (the tail costs capacity).

    Lengths spread (P95 = 3 × P50): identical requests in a closed loop all see the same steps,
    so only a spread gives the percentiles apart.
    """
    args = ("llama-3.1-70b-instruct", "--gpu", "a100-sxm-80gb", "--tensor-parallel-size", "8",
            "--input-len", "1280", "--input-len-p95", "3840", "--output-len", "256",
            "--output-len-p95", "768", "--ttft-ms", "2000", "--tpot-ms", "100")
    p50 = _get(run_json(capsys, *args, "--slo-percentile", "50"), "ceilings.compute")
    p99 = _get(run_json(capsys, *args, "--slo-percentile", "99"), "ceilings.compute")
    assert isinstance(p50, int | float)
    assert isinstance(p99, int | float)
    assert p99 < p50
    with pytest.raises(SystemExit):
        main(["estimate", *args, "--slo-percentile", "90"])


def test_per_class_lines_in_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("llama-3.1-8b-instruct", "--gpu", "h100", "--ttft-ms", "1000", "--tpot-ms", "40",
            "--request-class", "0.8:300:200:chat", "--request-class", "0.2:6000:500:documents")
    rows = run_json(capsys, *args)["per_class"]
    assert isinstance(rows, list)
    assert [row["name"] for row in rows] == ["chat", "documents"]
    assert [row["longest"] for row in rows] == [False, True]
    assert rows[1]["ttft_ms"] > rows[0]["ttft_ms"]
    assert main(["estimate", *args]) == 0
    long_line = next(line for line in capsys.readouterr().out.splitlines() if "documents" in line)
    assert "longest class" in long_line
    assert "P95 TTFT" in long_line
    with pytest.raises(SystemExit):
        main(["estimate", "llama-3.1-8b-instruct", "--request-class", "0.2:lots"])


def test_does_not_fit_says_how_much_is_missing_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "llama-3.1-405b-instruct", "--gpu", "h100"]) == EXIT_DOES_NOT_FIT
    out, err = capsys.readouterr()
    assert "does not fit" not in out  # the error line says it, the memory table does not repeat it
    shortage = re.search(r"does not fit: (\d+\.\d) GiB short per GPU before any KV cache", err)
    assert shortage is not None, err
    assert float(shortage.group(1)) > 0


EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
EXAMPLE = EXAMPLES / "qwen2.5-7b-chat-on-rtx-4090.gpucalc.json"
EXAMPLE_FLAGS = ("qwen2.5-7b-instruct", "--gpu", "rtx-4090-24gb", "--max-model-len", "8192",
                 "--input-len", "800", "--input-len-p95", "2000", "--output-len", "300",
                 "--output-len-p95", "800", "--max-turns", "6", "--tokens-per-turn", "300",
                 "--qps", "1", "--qps-peak", "3", "--ttft-ms", "1500", "--tpot-ms", "60")


def test_estimate_reads_a_saved_scenario_as_its_flags_describe_it(capsys: pytest.CaptureFixture[str]) -> None:
    from_file = run_json(capsys, "--scenario", str(EXAMPLE))
    from_flags = run_json(capsys, *EXAMPLE_FLAGS)
    assert from_file == from_flags
    both = ["estimate", "qwen2.5-7b-instruct", "--gpu", "h100", "--scenario", str(EXAMPLE)]
    assert main(both) == EXIT_USAGE
    assert "give either --scenario FILE or MODEL --gpu ID, not both" in capsys.readouterr().err
