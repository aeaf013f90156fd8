"""gpucalc side by side with NVIDIA's planner aiconfigurator on the same public validation rows.

Run: ``python -m benchmarks.peer_comparison [--json] [--whole-runs PATH] [--peer-python PATH]``.

Rows: published throughput / latency runs (``specs/validation/throughput.jsonl``), engine
start-up logs (``specs/validation/kv_capacity.jsonl``) and, where the file is found, whole
benchmark runs with latency percentiles (``specs/validation/latency_percentiles.jsonl``).
gpucalc predicts with its own load and memory models; the peer predicts through
``tools/peer_predict.py`` run by the python of its scratch environment (``make peer`` or
``bash tools/peer_env.sh`` builds ``build/peer-venv``); it is never imported here. Whole runs
are replayed for gpucalc exactly as ``gpucalc bench`` predicts them
(:mod:`gpucalc.validation.whole_runs`); the peer is asked at the run's concurrency or rate.

Per metric it prints the rows both could express with each tool's median absolute error on
exactly those rows, each tool's median over everything it expressed, and the per-row table
with the reason wherever a tool could not express a row.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.settings import effective_settings
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.validation.kv_cases import case_from_row as kv_case_from_row
from gpucalc.validation.metrics import METRIC_LABELS
from gpucalc.validation.models import InexpressibleRowError, clean_name
from gpucalc.validation.residuals import default_path as default_residuals
from gpucalc.validation.residuals import load_residuals
from gpucalc.validation.throughput_cases import case_from_row as throughput_case_from_row
from gpucalc.validation.throughput_cases import measured_metrics, predict, row_lengths
from gpucalc.validation.whole_runs import predicted_run_metrics, replay_run, run_scenario

ROOT = Path(__file__).resolve().parents[1]
PEER_SCRIPT = ROOT / "tools" / "peer_predict.py"
PEER_PYTHON = ROOT / "build" / "peer-venv" / "bin" / "python"
PEER_TIMEOUT_S = 1800
INSTALL_HINT = ("peer not installed: run `make peer` (or `bash tools/peer_env.sh`) to build "
                "build/peer-venv with aiconfigurator 0.12.0, then run this again")
NO_SCENARIO = "no engine profile, catalog model or GPU for this run"
# Whole-run metric -> (measured key path, peer prediction key or None when the peer has no such output).
WHOLE_RUN_METRICS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "run_ttft_median": (("ttft_ms", "p50"), "ttft_ms"),
    "run_ttft_p99": (("ttft_ms", "p99"), None),
    "run_tpot_median": (("tpot_ms", "p50"), "tpot_ms"),
    "run_request_throughput": (("request_throughput_req_s",), "request_per_s"),
}
RUN_METRIC_NAMES = {"run_ttft_median": "median TTFT", "run_ttft_p99": "P99 TTFT",
                    "run_tpot_median": "median TPOT", "run_request_throughput": "request throughput"}
PEER_NO_PERCENTILES = "the peer predicts steady-state means, no latency percentiles"


@dataclass(frozen=True)
class Score:
    """One measured value of one row and what each tool predicted for it."""

    row_id: str
    label: str
    metric: str
    measured: float
    gpucalc: float | None
    peer: float | None
    gpucalc_reason: str | None = None
    peer_reason: str | None = None
    peer_setup: str | None = None  # the peer's package, system, backend and database version
    gpucalc_out_of_sample: float | None = None  # constants fitted without the row's source group


@dataclass(frozen=True)
class MetricSummary:
    """Accuracy of both tools on one metric."""

    metric: str
    rows: int
    both: int
    gpucalc_median_both: float | None
    peer_median_both: float | None
    gpucalc_cases: int
    gpucalc_median_all: float | None
    peer_cases: int
    peer_median_all: float | None
    oos_both: int = 0  # rows both tools expressed that also have an out-of-sample gpucalc figure
    gpucalc_oos_median_both: float | None = None  # gpucalc out of sample on those rows
    peer_median_oos_both: float | None = None  # the peer on the same rows


@dataclass(frozen=True)
class Job:
    """A row put to both tools: the peer's input row and the scores still to fill."""

    peer_row: dict[str, Any] | None
    scores: list[Score]
    peer_reason: str | None = None


def relative_error(predicted: float, measured: float) -> float:
    """Signed relative error (predicted − measured) / measured."""
    return (predicted - measured) / measured


def _median_abs(errors: list[float]) -> float | None:
    return statistics.median(abs(e) for e in errors) if errors else None


def summarize(scores: list[Score]) -> list[MetricSummary]:
    """Per metric: cases both expressed and each tool's median |error| there and overall."""
    out = []
    for metric in dict.fromkeys(s.metric for s in scores):
        rows = [s for s in scores if s.metric == metric]
        ours = [relative_error(s.gpucalc, s.measured) for s in rows if s.gpucalc is not None]
        theirs = [relative_error(s.peer, s.measured) for s in rows if s.peer is not None]
        both = [s for s in rows if s.gpucalc is not None and s.peer is not None]
        oos = [s for s in both if s.gpucalc_out_of_sample is not None]
        out.append(MetricSummary(
            metric=metric, rows=len(rows), both=len(both),
            gpucalc_median_both=_median_abs(
                [relative_error(s.gpucalc, s.measured) for s in both if s.gpucalc is not None]),
            peer_median_both=_median_abs(
                [relative_error(s.peer, s.measured) for s in both if s.peer is not None]),
            gpucalc_cases=len(ours), gpucalc_median_all=_median_abs(ours),
            peer_cases=len(theirs), peer_median_all=_median_abs(theirs), oos_both=len(oos),
            gpucalc_oos_median_both=_median_abs([relative_error(s.gpucalc_out_of_sample, s.measured)
                                                 for s in oos if s.gpucalc_out_of_sample]),
            peer_median_oos_both=_median_abs([relative_error(s.peer, s.measured)
                                              for s in oos if s.peer is not None]),
        ))
    return out


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def model_config_fields(catalog: Catalog, inputs: PlanInputs) -> dict[str, Any]:
    """The model's Hugging Face config (and hf_quant_config) as the catalog ships it."""
    entry = catalog.model_entry(inputs.model.id)
    return {"model": entry.hf_id or entry.id, "hf_config": entry.config,
            "hf_quant_config": entry.hf_quant_config}


def engine_fields(inputs: PlanInputs, engine_version: str | None) -> dict[str, Any]:
    """Engine, layout, formats and the engine's effective scheduler / memory settings."""
    dep = inputs.deployment
    settings = effective_settings(inputs)
    return {
        "engine": inputs.engine.id, "engine_version": engine_version, "gpu": inputs.gpu.id,
        "tp": dep.tensor_parallel_size, "pp": dep.pipeline_parallel_size,
        "ep": dep.tensor_parallel_size if dep.enable_expert_parallel else 1,
        "weight_format": inputs.weight_format.id, "kv_cache_dtype": dep.kv_cache_dtype,
        "gpu_memory_utilization": settings.memory_fraction.value,
        "max_num_batched_tokens": int(settings.max_num_batched_tokens.value),
        "max_num_seqs": int(settings.max_num_seqs.value),
    }


def _rate_field(rate: float | None) -> float | str | None:
    return "inf" if rate is not None and math.isinf(rate) else rate


def throughput_job(catalog: Catalog, row: dict[str, Any]) -> Job:
    """A published run: gpucalc's load model now, the peer's row for later.

    A run gpucalc cannot express keeps its measured values, with the reason for both tools.
    """
    try:
        case = throughput_case_from_row(catalog, row)
    except InexpressibleRowError as why:
        label = f"{clean_name(str(row['model'])).split('/')[-1][:22]} {str(row['gpu'])[:14]}"
        return Job(None, [Score(str(row["id"]), label, metric, measured, None, None,
                                gpucalc_reason=str(why))
                          for metric, measured in measured_metrics(row).items()],
                   peer_reason=str(why))
    if calculate_memory(case.inputs).fits:
        ours = predict(case)
        share = case.inputs.deployment.num_gpus if case.per_gpu else 1
        predicted: dict[str, float | None] = {
            "throughput": ours.output_tok_s / share, "ttft": ours.ttft_ms, "tpot": ours.itl_ms}
        reason = None
    else:
        predicted, reason = {}, "the planner says the model does not fit (the engine started)"
    scores = [Score(case.id, case.label, metric, measured, predicted.get(metric), None,
                    gpucalc_reason=reason)
              for metric, measured in measured_metrics(row).items()]
    input_len, output_len, _ = row_lengths(row)
    peer_row = {
        "id": case.id, "kind": "performance", **model_config_fields(catalog, case.inputs),
        **engine_fields(case.inputs, row.get("engine_version")),
        "input_len": input_len, "output_len": output_len,
        "concurrency": case.concurrency, "request_rate": _rate_field(case.request_rate),
        "num_requests": case.num_requests,
    }
    return Job(peer_row, scores)


def kv_job(catalog: Catalog, row: dict[str, Any]) -> Job:
    """A start-up log: gpucalc's KV capacity now, the peer's row for later.

    A log gpucalc cannot express keeps its measured token count (when the log states one), with
    the reason for both tools.
    """
    try:
        case = kv_case_from_row(catalog, row)
    except InexpressibleRowError as why:
        tokens = row["measured"].get("kv_cache_tokens") or row["measured"].get("max_total_num_tokens")
        label = clean_name(str(row["model"])).split("/")[-1]
        scores = [Score(str(row["id"]), label, "kv_tokens", float(tokens), None, None,
                        gpucalc_reason=str(why))] if tokens else []
        return Job(None, scores, peer_reason=str(why))
    ours = calculate_memory(case.inputs).kv_cache_tokens.value
    score = Score(case.id, case.label, "kv_tokens", float(case.measured_tokens), float(ours), None)
    peer_row = {"id": case.id, "kind": "kv_capacity", **model_config_fields(catalog, case.inputs),
                **engine_fields(case.inputs, row.get("engine_version"))}
    return Job(peer_row, [score])


def _measured(row: dict[str, Any], path: tuple[str, ...]) -> float | None:
    value: Any = row["measured"]
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return float(value) if isinstance(value, int | float) else None


def whole_run_job(catalog: Catalog, row: dict[str, Any]) -> Job:
    """A whole benchmark run: gpucalc's replay as ``gpucalc bench`` runs it, the peer's row for later.

    The peer is asked at the run's concurrency or rate.
    """
    label = (f"{str(row['model']).split()[0].split('/')[-1][:22]} {row['engine'][:8]} "
             f"{row['gpu'][:18]} {row['arrival']['kind']}")
    scenario = run_scenario(catalog, row)
    reason = NO_SCENARIO
    try:
        prediction = replay_run(catalog, row) if scenario is not None else None
    except ValueError as error:  # the planner says the model does not fit
        prediction, reason = None, str(error)
    ours = predicted_run_metrics(prediction) if prediction is not None else {}
    scores = []
    for metric, (path, _) in WHOLE_RUN_METRICS.items():
        measured = _measured(row, path)
        if measured:
            value = ours.get(RUN_METRIC_NAMES[metric])
            scores.append(Score(row["id"], label, metric, measured, value, None,
                                gpucalc_reason=None if value is not None else reason))
    if scenario is None:
        return Job(None, scores, peer_reason=NO_SCENARIO)
    inputs = resolve_scenario(catalog, scenario)
    arrival = row["arrival"]
    rate = arrival.get("request_rate")
    peer_row = {
        "id": row["id"], "kind": "performance", **model_config_fields(catalog, inputs),
        **engine_fields(inputs, row.get("engine_version")),
        "input_len": round(row["input_len"]["mean"]), "output_len": round(row["output_len"]["mean"]),
        "concurrency": arrival.get("max_concurrency"),
        "request_rate": "inf" if arrival["kind"] == "all_at_once" else rate,
        "num_requests": row.get("num_requests"),
    }
    return Job(peer_row, scores)


def run_peer(rows: list[dict[str, Any]], python: Path) -> dict[str, dict[str, Any]]:
    """Predictions of the peer for ``rows``, keyed by row id (one subprocess for all rows)."""
    done = subprocess.run([str(python), str(PEER_SCRIPT)], input=json.dumps(rows),
                          capture_output=True, text=True, check=False, timeout=PEER_TIMEOUT_S)
    if done.returncode != 0:
        raise RuntimeError(f"{PEER_SCRIPT.name} failed under {python} (exit {done.returncode}):\n"
                           f"{done.stderr[-2000:]}\nrebuild the peer with `make peer`")
    return {p["id"]: p for p in json.loads(done.stdout)}


PEER_KEYS = {"throughput": "output_tok_s", "ttft": "ttft_ms", "tpot": "tpot_ms",
             "kv_tokens": "kv_cache_tokens",
             **{metric: key for metric, (_, key) in WHOLE_RUN_METRICS.items()}}


def with_peer(score: Score, prediction: dict[str, Any] | None, reason: str | None) -> Score:
    """The score with the peer's value for its metric, or the reason it has none."""
    if prediction is None:
        return Score(**{**asdict(score), "peer_reason": reason})
    key = PEER_KEYS[score.metric]
    value = prediction.get(key) if key is not None else None
    why = prediction.get("reason") or (PEER_NO_PERCENTILES if key is None else
                                       f"the peer gave no {key}")
    setup = prediction.get("peer") or {}
    return Score(**{**asdict(score), "peer": None if value is None else float(value),
                    "peer_reason": None if value is not None else why,
                    "peer_setup": " ".join(str(setup[k]) for k in ("package", "system", "backend",
                                                                    "version") if k in setup) or None})


def default_whole_runs() -> Path | None:
    """The whole-run file of this checkout, or the shared copy beside the repository."""
    for path in (specs_dir() / "validation" / "latency_percentiles.jsonl",
                 ROOT.parent / "shared" / "validation" / "latency_percentiles.jsonl"):
        if path.is_file():
            return path
    return None


def collect(catalog: Catalog, whole_runs: Path | None, peer_python: Path | None) -> list[Score]:
    """Every row scored by gpucalc and, when ``peer_python`` is given, by the peer."""
    validation = specs_dir() / "validation"
    jobs = [throughput_job(catalog, r) for r in _read_jsonl(validation / "throughput.jsonl")]
    jobs += [kv_job(catalog, r) for r in _read_jsonl(validation / "kv_capacity.jsonl")]
    if whole_runs is not None:
        jobs += [whole_run_job(catalog, r) for r in _read_jsonl(whole_runs)]
    if peer_python is None:
        return [s for job in jobs for s in job.scores]
    predictions = run_peer([j.peer_row for j in jobs if j.peer_row is not None], peer_python)
    return [with_peer(s, predictions.get(s.row_id) if job.peer_row else None, job.peer_reason)
            for job in jobs for s in job.scores]


def with_out_of_sample(scores: list[Score], residuals: Path | None) -> list[Score]:
    """The scores with gpucalc's out-of-sample prediction of each row from the residual file.

    Out of sample: the engine constants fitted on every source group but the row's own
    (``python -m benchmarks.generalisation --write``). Without the file the scores stay as they are.
    """
    if residuals is None or not residuals.is_file():
        return scores
    predicted = {(r.id, r.metric): r.predicted for r in load_residuals(residuals).rows}
    return [Score(**{**asdict(s), "gpucalc_out_of_sample": predicted.get((s.row_id, s.metric))})
            for s in scores]


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}"


def _err(predicted: float | None, measured: float) -> str:
    return "" if predicted is None else f"{relative_error(predicted, measured):+.0%}"


def print_tables(scores: list[Score], summaries: list[MetricSummary], peer_ran: bool) -> None:
    print(f"{'row':<16} {'setup':<48} {'metric':<22} {'measured':>11} {'gpucalc':>11} {'err':>6} "
          f"{'peer':>11} {'err':>6}  note")
    for s in scores:
        notes = [n for n in (s.gpucalc_reason and f"gpucalc: {s.gpucalc_reason}",
                             s.peer_reason and peer_ran and f"peer: {s.peer_reason}") if n]
        print(f"{s.row_id:<16} {s.label[:48]:<48} {s.metric:<22} {s.measured:>11,.1f} "
              f"{_num(s.gpucalc):>11} {_err(s.gpucalc, s.measured):>6} {_num(s.peer):>11} "
              f"{_err(s.peer, s.measured):>6}  {'; '.join(notes)[:120]}")
    print()
    print(f"{'metric':<34}{'rows':>5}{'both':>6}{'gpucalc |err|':>15}{'peer |err|':>12}"
          f"{'gpucalc all (n)':>20}{'peer all (n)':>18}{'out of sample: n':>18}{'gpucalc':>9}"
          f"{'peer':>8}")
    for m in summaries:
        print(f"{METRIC_LABELS[m.metric]:<34}{m.rows:>5}{m.both:>6}{_pct(m.gpucalc_median_both):>15}"
              f"{_pct(m.peer_median_both):>12}"
              f"{_pct(m.gpucalc_median_all) + f' ({m.gpucalc_cases})':>20}"
              f"{_pct(m.peer_median_all) + f' ({m.peer_cases})':>18}{m.oos_both:>18}"
              f"{_pct(m.gpucalc_oos_median_both):>9}{_pct(m.peer_median_oos_both):>8}")
    print("\n'both': rows both tools could express; the two |err| columns are medians over exactly "
          "those rows. 'out of sample': of those rows, the ones with gpucalc's leave-one-source-out "
          "prediction (specs/validation/residuals.json: constants fitted without the row's source "
          "group), and both tools' median |err| on them.")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print the summary and rows as JSON")
    parser.add_argument("--whole-runs", type=Path, default=None,
                        help="latency_percentiles.jsonl (default: specs/validation/, then "
                             "../shared/validation/)")
    parser.add_argument("--residuals", type=Path, default=default_residuals(),
                        help="gpucalc's out-of-sample predictions (default "
                             "specs/validation/residuals.json)")
    parser.add_argument("--peer-python", type=Path, default=PEER_PYTHON,
                        help="python of the peer's scratch environment (default build/peer-venv)")
    args = parser.parse_args(argv)
    catalog = Catalog.load()
    peer_python = args.peer_python if args.peer_python.is_file() else None
    scores = with_out_of_sample(collect(catalog, args.whole_runs or default_whole_runs(), peer_python),
                                args.residuals)
    summaries = summarize(scores)
    if args.json:
        packages = sorted({" ".join(s.peer_setup.split()[:2]) for s in scores if s.peer_setup})
        print(json.dumps({"peer": packages,
                          "summary": [asdict(m) for m in summaries],
                          "rows": [asdict(s) for s in scores]}, indent=1))
        return
    print_tables(scores, summaries, peer_python is not None)
    if peer_python is None:
        print(f"\n{INSTALL_HINT}")


if __name__ == "__main__":
    main()
