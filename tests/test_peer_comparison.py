"""Scoring of the side-by-side benchmark, without the peer installed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks.peer_comparison import (
    INSTALL_HINT,
    NO_SCENARIO,
    PEER_NO_PERCENTILES,
    Score,
    main,
    relative_error,
    summarize,
    whole_run_job,
    with_out_of_sample,
    with_peer,
)
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.validation.kv_cases import expressed_kv_cases, kv_rows
from gpucalc.validation.residuals import default_path
from gpucalc.validation.throughput_cases import (
    expressed_throughput_cases,
    measured_metrics,
    throughput_rows,
)


def _score(row: str, gpucalc: float | None, peer: float | None, metric: str = "throughput") -> Score:
    return Score(row_id=row, label=row, metric=metric, measured=100.0, gpucalc=gpucalc, peer=peer)


def test_relative_error_is_signed_against_the_measurement() -> None:
    assert relative_error(110.0, 100.0) == pytest.approx(0.10)
    assert relative_error(80.0, 100.0) == pytest.approx(-0.20)


def test_summary_counts_common_cases_and_takes_medians_of_absolute_errors() -> None:
    scores = [
        _score("a", gpucalc=110.0, peer=95.0),   # +10 % / −5 %
        _score("b", gpucalc=80.0, peer=130.0),   # −20 % / +30 %
        _score("c", gpucalc=104.0, peer=None),   # the peer cannot express it
        _score("d", gpucalc=None, peer=150.0),   # gpucalc cannot express it
        _score("e", gpucalc=100.0, peer=100.0, metric="kv_tokens"),
    ]
    throughput, kv = summarize(scores)
    assert (throughput.metric, throughput.rows, throughput.both) == ("throughput", 4, 2)
    # Medians over exactly the two rows both expressed: |10|,|20| and |5|,|30|.
    assert throughput.gpucalc_median_both == pytest.approx(0.15)
    assert throughput.peer_median_both == pytest.approx(0.175)
    # Over everything each expressed: gpucalc 10, 20, 4 → 10; peer 5, 30, 50 → 30.
    assert throughput.gpucalc_cases == 3
    assert throughput.gpucalc_median_all == pytest.approx(0.10)
    assert throughput.peer_cases == 3
    assert throughput.peer_median_all == pytest.approx(0.30)
    assert (kv.rows, kv.both, kv.peer_median_both) == (1, 1, 0.0)


def test_out_of_sample_columns_use_only_rows_with_an_out_of_sample_figure(tmp_path: Path) -> None:
    rows = [
        {"id": "a", "metric": "throughput", "predicted": 130.0},  # +30 % out of sample
        {"id": "b", "metric": "throughput", "predicted": 60.0},   # −40 %
    ]
    document = json.loads(default_path().read_text("utf-8"))
    document["rows"] = [{**document["rows"][0], **r, "measured": 100.0, "log_error": 0.0}
                        for r in rows]
    path = tmp_path / "residuals.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    scores = with_out_of_sample([_score("a", gpucalc=110.0, peer=95.0),
                                 _score("b", gpucalc=80.0, peer=130.0),
                                 _score("c", gpucalc=90.0, peer=120.0)], path)
    assert [s.gpucalc_out_of_sample for s in scores] == [130.0, 60.0, None]
    (summary,) = summarize(scores)
    assert (summary.both, summary.oos_both) == (3, 2)
    assert summary.gpucalc_oos_median_both == pytest.approx(0.35)  # |30|, |40|
    assert summary.peer_median_oos_both == pytest.approx(0.175)  # the peer on rows a, b: 5, 30
    assert with_out_of_sample(scores, tmp_path / "absent.json") == scores


def test_summary_of_a_metric_nobody_expressed_has_no_medians() -> None:
    (summary,) = summarize([_score("a", gpucalc=None, peer=None)])
    assert (summary.both, summary.gpucalc_median_both, summary.peer_median_all) == (0, None, None)


def test_peer_values_and_cannot_express_reasons() -> None:
    base = _score("a", gpucalc=100.0, peer=None)
    setup = {"package": "aiconfigurator 0.12.0", "system": "h100_sxm", "backend": "vllm",
             "version": "0.24.0"}
    predicted = with_peer(base, {"output_tok_s": 90, "reason": None, "peer": setup}, None)
    assert predicted.peer == 90.0
    assert predicted.peer_reason is None
    assert predicted.peer_setup == "aiconfigurator 0.12.0 h100_sxm vllm 0.24.0"
    refused = with_peer(base, {"output_tok_s": None, "reason": "no measured system for GPU x",
                               "peer": None}, None)
    assert (refused.peer, refused.peer_reason) == (None, "no measured system for GPU x")
    never_asked = with_peer(base, None, "no engine profile for LMDeploy")
    assert (never_asked.peer, never_asked.peer_reason) == (None, "no engine profile for LMDeploy")
    p99 = with_peer(_score("a", None, None, metric="run_ttft_p99"), {"ttft_ms": 5.0, "reason": None},
                    None)
    assert (p99.peer, p99.peer_reason) == (None, PEER_NO_PERCENTILES)


def test_without_the_peer_gpucalc_scores_every_public_row_and_says_how_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    no_peer = ["--peer-python", str(tmp_path / "missing" / "python"),
               "--whole-runs", str(_write_jsonl(tmp_path, []))]
    main([*no_peer, "--json"])
    report = json.loads(capsys.readouterr().out)
    counts = {m["metric"]: (m["rows"], m["gpucalc_cases"], m["peer_cases"]) for m in report["summary"]}
    catalog = Catalog.load()
    runs = [r for r in throughput_rows() if "throughput" in measured_metrics(r)]
    expressed = expressed_throughput_cases(catalog, runs)[0]
    fitting = [c for c in expressed if calculate_memory(c.inputs).fits]
    assert counts["throughput"] == (len(runs), len(fitting), 0)
    logs, _ = expressed_kv_cases(catalog, kv_rows())
    rows, expressed_logs, peer = counts["kv_tokens"]
    assert (expressed_logs, peer) == (len(logs), 0)
    assert rows >= expressed_logs  # logs gpucalc cannot express stay listed with their reason
    reasons = [r["gpucalc_reason"] for r in report["rows"] if r["gpucalc"] is None]
    assert reasons
    assert all(reasons)
    assert report["peer"] == []
    main(no_peer)
    assert INSTALL_HINT in capsys.readouterr().out


def test_whole_run_keeps_measured_values_and_says_why_neither_tool_is_asked(catalog: Catalog) -> None:
    row = {"id": "lp-x", "engine": "LMDeploy", "engine_version": "0.4.0",
           "model": "meta-llama/Meta-Llama-3-8B-Instruct (local dir)", "gpu": "NVIDIA H100 80GB",
           "tensor_parallel_size": 1, "arrival": {"kind": "poisson", "request_rate": 2.0},
           "num_requests": 200, "input_len": {"mean": 214.4}, "output_len": {"mean": 208.5},
           "measured": {"ttft_ms": {"p50": 67.8, "p99": 267.0}, "tpot_ms": {"p50": 26.6},
                        "request_throughput_req_s": 1.79}}
    job = whole_run_job(catalog, row)
    assert job.peer_row is None
    assert job.peer_reason == NO_SCENARIO
    measured = {s.metric: s.measured for s in job.scores}
    assert measured == {"run_ttft_median": 67.8, "run_ttft_p99": 267.0, "run_tpot_median": 26.6,
                        "run_request_throughput": 1.79}
    assert {s.gpucalc_reason for s in job.scores} == {NO_SCENARIO}
    assert {s.gpucalc for s in job.scores} == {None}


def test_whole_run_peer_row_carries_the_run_concurrency_and_mean_lengths(catalog: Catalog) -> None:
    row = {"id": "lp-y", "engine": "vLLM", "engine_version": "0.11.0",
           "model": "meta-llama/Meta-Llama-3-8B-Instruct", "gpu": "NVIDIA H200 SXM 141GB",
           "tensor_parallel_size": 1, "arrival": {"kind": "closed_loop", "max_concurrency": 4},
           "num_requests": 100, "input_len": {"mean": 228.4}, "output_len": {"mean": 213.4},
           "measured": {"tpot_ms": {"p50": 19.1}}}
    job = whole_run_job(catalog, row)
    assert job.peer_row is not None
    assert {k: job.peer_row[k] for k in ("gpu", "engine", "concurrency", "input_len", "output_len")} == {
        "gpu": "h200-sxm-141gb", "engine": "vllm", "concurrency": 4, "input_len": 228,
        "output_len": 213}
    assert job.peer_row["hf_config"]["num_hidden_layers"] == 32
    assert [s.metric for s in job.scores] == ["run_tpot_median"]
    assert job.scores[0].gpucalc is not None  # replayed
    assert job.scores[0].gpucalc > 0


def _fake_peer_python(tmp_path: Path, body: str) -> Path:
    """An executable standing in for the peer venv's python: it ignores the script it is given."""
    program = tmp_path / "fake_peer.py"
    program.write_text(body, encoding="utf-8")
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{program}"\n', encoding="utf-8")
    python.chmod(0o755)
    return python


ANSWER_THROUGHPUT_ONLY = """
import json, sys
rows = json.load(sys.stdin)
json.dump([{"id": r["id"], "output_tok_s": 1.0, "kv_cache_tokens": None, "ttft_ms": None,
            "tpot_ms": None, "request_per_s": None, "reason": None if r["kind"] == "performance"
            else "refused", "peer": {"package": "fake 1"}} for r in rows], sys.stdout)
"""


def test_peer_subprocess_answers_are_scored_on_the_same_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    python = _fake_peer_python(tmp_path, ANSWER_THROUGHPUT_ONLY)
    main(["--peer-python", str(python), "--whole-runs", str(_write_jsonl(tmp_path, [])), "--json"])
    report = json.loads(capsys.readouterr().out)
    summary = {m["metric"]: m for m in report["summary"]}
    # the peer is asked every run gpucalc expresses (also those it predicts not to fit); the
    # others keep gpucalc's reason
    catalog = Catalog.load()
    runs = [r for r in throughput_rows() if "throughput" in measured_metrics(r)]
    assert summary["throughput"]["peer_cases"] == len(expressed_throughput_cases(catalog, runs)[0])
    assert summary["throughput"]["both"] == summary["throughput"]["gpucalc_cases"]
    assert summary["ttft"]["peer_cases"] == 0  # the peer answered null: not counted
    assert summary["kv_tokens"]["both"] == 0
    kv_reasons = {r["peer_reason"] for r in report["rows"]
                  if r["metric"] == "kv_tokens" and r["gpucalc"] is not None}
    assert kv_reasons == {"refused"}
    assert report["peer"] == ["fake 1"]


def test_a_failing_peer_stops_with_its_error(tmp_path: Path) -> None:
    python = _fake_peer_python(tmp_path, "import sys\nsys.exit('no aiconfigurator here')\n")
    with pytest.raises(RuntimeError, match="no aiconfigurator here"):
        main(["--peer-python", str(python), "--whole-runs", str(_write_jsonl(tmp_path, []))])


def _write_jsonl(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "latency_percentiles.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path
