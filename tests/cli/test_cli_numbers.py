"""Numbers the command line prints are finite or say 'unbounded'; work is bounded; errors are one line."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gpucalc.cli.main as cli_main
import gpucalc.core.simulation.simulate as simulate_module
from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import EXIT_BROKEN_PIPE, EXIT_INTERNAL, main
from gpucalc.core.common.errors import PlanError
from gpucalc.core.memory.settings import TOKEN_BUDGET_CODE
from gpucalc.plan.field_errors import error_field, flag_name

MODEL = "llama-3.1-8b-instruct"
GPU = ["--gpu", "h100-sxm-80gb"]
REPO = Path(__file__).resolve().parents[2]


def _refuse_constant(name: str) -> float:
    raise AssertionError(f"non-standard JSON constant {name}")


def strict_loads(text: str) -> object:
    """Parse JSON, failing on NaN / Infinity (Python's json accepts them by default)."""
    return json.loads(text, parse_constant=_refuse_constant)


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0, err
    assert "Traceback" not in err
    return err


# --- the token budget ---------------------------------------------------------------------------

def test_token_budget_below_one_decode_token_per_request_is_an_input_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    # vLLM refuses max_num_batched_tokens < max_num_seqs at start-up (SchedulerConfig)
    code = main(["estimate", MODEL, *GPU, "--max-num-batched-tokens", "100", "--max-num-seqs", "256"])
    assert code == EXIT_USAGE
    err = _one_line_error(capsys)
    assert "token budget (--max-num-batched-tokens) must be at least 256 tokens" in err
    assert "(--max-num-seqs)" in err


def test_token_budget_floor_follows_the_engine_default_max_num_seqs(
        capsys: pytest.CaptureFixture[str]) -> None:
    # vLLM on an 80 GB H100 runs up to 1,024 requests a step by default
    assert main(["estimate", MODEL, *GPU, "--max-num-batched-tokens", "354"]) == EXIT_USAGE
    assert "at least 1,024 tokens" in _one_line_error(capsys)


def test_sglang_chunk_below_its_running_cap_is_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    # SGLang's chunked-prefill size limits prompts only (decodes are not charged to it)
    assert main(["estimate", MODEL, *GPU, "--engine", "sglang", "--max-num-batched-tokens", "16",
                 "--request-rate", "1000", "--json"]) == 0
    data = strict_loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    assert data["kv_cache_tokens"]


def test_token_budget_error_belongs_to_the_budget_field() -> None:
    exc = PlanError(TOKEN_BUDGET_CODE, "the token budget must be at least 256 tokens",
                    "max_num_batched_tokens")
    assert error_field(exc) == "deployment.max_num_batched_tokens"


# --- strict JSON and the request-rate floor -----------------------------------------------------

def test_concurrency_sweep_json_is_strict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", MODEL, *GPU, "--axis", "concurrency", "--max-num-seqs", "4",
                 "--json"]) == 0
    data = strict_loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    assert data["points"]


@pytest.mark.parametrize("rate", ["5e-324", "1e-15", "1e-7"])
def test_simulate_rate_below_the_floor_is_refused_with_the_floor(
        capsys: pytest.CaptureFixture[str], rate: str) -> None:
    # 1e-15 divided by zero in the decode fast-forward; 5e-324 printed NaN and -Infinity
    assert main(["simulate", MODEL, *GPU, "--request-rate", rate, "--num-requests", "20",
                 "--json"]) == EXIT_USAGE
    err = _one_line_error(capsys)
    assert "--request-rate" in err
    assert "0.000001" in err


def test_simulate_at_the_rate_floor_gives_positive_latencies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", MODEL, *GPU, "--request-rate", "1e-6", "--num-requests", "5",
                 "--json"]) == 0
    data = strict_loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    assert data["ttft_ms"]["p50"] > 0
    assert data["e2e_ms"]["p50"] > data["ttft_ms"]["p50"]


# --- bounded work -------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "cap"), [
    (["simulate", MODEL, *GPU, "--num-requests", "10000000"], "100,000"),
    (["simulate", MODEL, *GPU, "--sweep", "1000"], "200"),
    (["sweep", MODEL, *GPU, "--points", "1000000000"], "10,000"),
    (["size", "--model", MODEL, "--redundancy", "100000"], "64"),
])
def test_count_flags_are_capped_with_the_cap_in_the_message(
        capsys: pytest.CaptureFixture[str], argv: list[str], cap: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == EXIT_USAGE
    assert cap in capsys.readouterr().err


def test_a_sweep_simulates_a_bounded_number_of_requests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", MODEL, *GPU, "--sweep", "200", "--num-requests", "5000"]) == EXIT_USAGE
    assert "at most 200,000 requests in all" in _one_line_error(capsys)


def test_a_run_past_the_event_bound_stops_with_a_message(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "MAX_SIMULATION_EVENTS", 50)
    assert main(["simulate", MODEL, *GPU, "--num-requests", "200"]) == EXIT_USAGE
    assert "more than 50 events" in _one_line_error(capsys)


# --- the entry point ----------------------------------------------------------------------------

def test_validation_errors_name_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    for flag in ("--max-num-seqs", "--input-len", "--qps", "--max-num-batched-tokens"):
        assert main(["estimate", MODEL, *GPU, flag, "0"]) == EXIT_USAGE
        assert _one_line_error(capsys).startswith(f"gpucalc: {flag} must be at least ")


def test_flag_names_of_field_paths() -> None:
    assert flag_name("deployment.max_num_batched_tokens") == "--max-num-batched-tokens"
    assert flag_name("workload.input_len_p50") == "--input-len"
    assert flag_name("workload.classes.0.share") == "--request-class"
    assert flag_name("deployment") == ""
    assert flag_name("") == ""


def test_unexpected_errors_are_one_line_with_exit_70(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_: object) -> int:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(cli_main, "run_gpus", broken)
    monkeypatch.delenv("GPUCALC_DEBUG", raising=False)
    assert main(["gpus"]) == EXIT_INTERNAL
    err = _one_line_error(capsys)
    assert err.startswith("gpucalc: internal error: RuntimeError: boom")
    assert "GPUCALC_DEBUG=1" in err
    monkeypatch.setenv("GPUCALC_DEBUG", "1")
    assert main(["gpus"]) == EXIT_INTERNAL
    assert "Traceback" in capsys.readouterr().err


def test_a_closed_output_pipe_ends_quietly() -> None:
    # the reader closes its end at once, as `gpucalc models | head -0` would
    script = (f"'{sys.executable}' -m gpucalc models | (exec 0<&-; sleep 0); "
              "echo \"exit ${PIPESTATUS[0]}\" >&2")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO, check=False)
    assert done.stderr.strip() == f"exit {EXIT_BROKEN_PIPE}", done.stderr


def test_every_json_output_of_the_cli_is_strict(capsys: pytest.CaptureFixture[str]) -> None:
    # a deployment where nothing can run at load: latencies are unbounded, never -1 or Infinity
    assert main(["estimate", MODEL, *GPU, "--concurrency", "1000000", "--json"]) == 0
    data = strict_loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    point = data.get("operating_point")
    if isinstance(point, dict):
        for key in ("ttft_ms", "tpot_ms"):
            assert point[key] is None or (math.isfinite(point[key]) and point[key] >= 0)


def test_a_path_the_system_refuses_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # a model id over 255 characters ended in "OSError: File name too long"
    assert main(["estimate", "x" * 300, *GPU]) == EXIT_USAGE
    err = _one_line_error(capsys)
    assert err.startswith("gpucalc: 'xxx")
    assert err.endswith("is not a known model id or a readable folder")
    assert len(err) < 200


def test_rules_across_fields_name_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", MODEL, *GPU, "--input-len", "100", "--input-len-p95", "50"]) == EXIT_USAGE
    assert _one_line_error(capsys) == "gpucalc: --input-len-p95 must be at least --input-len"


def test_a_run_past_the_decode_step_bound_stops_with_a_message(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # 100,000 lone requests (1e-3 req/s) kept 25.6 M step gaps: 12 s and 1.3 GB
    monkeypatch.setattr(simulate_module, "MAX_SIMULATED_STEPS", 1000)
    monkeypatch.setattr(simulate_module, "PROGRESS_EVERY_EVENTS", 8)
    assert main(["simulate", MODEL, *GPU, "--num-requests", "200", "--request-rate", "0.001"]) == EXIT_USAGE
    assert "more than 1,000 decode steps" in _one_line_error(capsys)
