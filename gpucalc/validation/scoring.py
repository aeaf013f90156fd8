"""Every validation row as one scored case, predicted with any values of the fitted constants.

Three kinds of rows, one interface: start-up logs score the KV capacity in tokens
(:mod:`gpucalc.validation.kv_cases`); published runs score output throughput, TTFT and TPOT/ITL
through the planner's load model (:mod:`gpucalc.validation.throughput_cases`); whole benchmark
runs score median TTFT, P99 TTFT, median TPOT and request throughput through ``gpucalc bench``'s
path (:mod:`gpucalc.validation.whole_runs`). Each case carries its source group
(:mod:`gpucalc.validation.sources`) and regime tags (:mod:`gpucalc.validation.regimes`).
:class:`Predictor` predicts a case with the constants of :mod:`gpucalc.validation.constants` set
to given values; a case the planner answers with "does not fit" (or no KV memory) has no
prediction, and says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.resolve import CatalogError, resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.plan.bench_parse import BenchSpec, parse_bench_command
from gpucalc.plan.bench_run import predict_bench
from gpucalc.validation.constants import with_memory_constants, with_step_constants
from gpucalc.validation.kv_cases import case_from_row as kv_case
from gpucalc.validation.kv_cases import read_rows
from gpucalc.validation.models import InexpressibleRowError
from gpucalc.validation.regimes import regime_tags
from gpucalc.validation.sources import source_group
from gpucalc.validation.throughput_cases import ThroughputCase, measured_metrics, predict_on
from gpucalc.validation.throughput_cases import case_from_row as throughput_case
from gpucalc.validation.whole_runs import (
    measured_run_metrics,
    predicted_run_metrics,
    run_command,
    scenario_for_run,
)

FILES = {"kv": "kv_capacity.jsonl", "throughput": "throughput.jsonl",
         "whole_run": "latency_percentiles.jsonl"}
RUN_METRIC_KEYS = {"median TTFT": "run_ttft_median", "P99 TTFT": "run_ttft_p99",
                   "median TPOT": "run_tpot_median", "request throughput": "run_request_throughput"}
ARRIVALS = {"all_at_once": "finite_all_at_once", "poisson": "poisson", "constant": "constant",
            "closed_loop": "closed_loop"}


@dataclass(frozen=True, eq=False)
class ScoredCase:
    """One row gpucalc can express: its inputs, measured figures, group and regime."""

    id: str
    file: str  # kv, throughput or whole_run
    group: str
    label: str
    inputs: PlanInputs
    measured: Mapping[str, float]  # metric → measured value
    tags: Mapping[str, str]
    throughput: ThroughputCase | None = None  # the load of a published run
    bench: BenchSpec | None = None  # the client command of a whole run
    notes: tuple[str, ...] = ()  # what the mapping assumed

    @property
    def engine(self) -> str:
        """The engine profile id."""
        return self.inputs.engine.id


@dataclass(frozen=True)
class UnscoredRow:
    """A row gpucalc cannot express, and why."""

    id: str
    file: str
    group: str
    reason: str


class NoPredictionError(ValueError):
    """The planner gives no figure for a case (it says the model does not fit); says why."""


def _throughput_arrival(row: dict[str, Any], case: ThroughputCase) -> str:
    if case.concurrency is not None:
        text = f"{row.get('request_rate')} {row.get('engine')}".lower()
        return "steady_offline" if row.get("batch_size") and "static" in text else "closed_loop"
    if case.request_rate is not None and math.isinf(case.request_rate):
        text = f"{row.get('request_rate')} {row.get('engine')} {row.get('metric_definition')}".lower()
        offline = ("max-throughput", "max throughput", "offline", "trtllm-bench")
        return "steady_offline" if any(w in text for w in offline) else "finite_all_at_once"
    return "poisson"


def _kv(catalog: Catalog, row: dict[str, Any]) -> ScoredCase:
    case = kv_case(catalog, row)
    return ScoredCase(case.id, "kv", source_group(row), case.label, case.inputs,
                      {"kv_tokens": float(case.measured_tokens)},
                      regime_tags(case.inputs, "startup"))


def _throughput(catalog: Catalog, row: dict[str, Any]) -> ScoredCase:
    case = throughput_case(catalog, row)
    return ScoredCase(case.id, "throughput", source_group(row), case.label, case.inputs,
                      measured_metrics(row), regime_tags(case.inputs, _throughput_arrival(row, case)),
                      throughput=case, notes=case.assumptions)


def _whole_run(catalog: Catalog, row: dict[str, Any]) -> ScoredCase:
    scenario = scenario_for_run(catalog, row)
    command, version = run_command(row)
    try:
        inputs = resolve_scenario(catalog, scenario)
    except (CatalogError, ValueError) as error:
        raise InexpressibleRowError(f"the planner refuses the set-up: {error}") from error
    measured = {RUN_METRIC_KEYS[k]: v for k, v in measured_run_metrics(row).items()}
    if not measured:
        raise InexpressibleRowError("no scored figure (TTFT, TPOT or request throughput)")
    label = (f"{scenario.model[:22]} {inputs.engine.id} {inputs.gpu.id} TP"
             f"{inputs.deployment.tensor_parallel_size} {row['arrival']['kind']}")
    return ScoredCase(str(row["id"]), "whole_run", source_group(row), label, inputs, measured,
                      regime_tags(inputs, ARRIVALS.get(row["arrival"]["kind"], "poisson")),
                      bench=parse_bench_command(command, version))


BUILDERS = {"kv": _kv, "throughput": _throughput, "whole_run": _whole_run}


def validation_rows(folder: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """The rows of the three validation files (``specs/validation/`` by default), by file kind."""
    base = folder or specs_dir() / "validation"
    return {kind: read_rows(base / name) for kind, name in FILES.items()}


def load_cases(catalog: Catalog, rows: Mapping[str, list[dict[str, Any]]] | None = None
               ) -> tuple[list[ScoredCase], list[UnscoredRow]]:
    """Every row as a scored case, and the rows gpucalc cannot express with the reason."""
    cases: list[ScoredCase] = []
    unscored: list[UnscoredRow] = []
    for kind, file_rows in (rows or validation_rows()).items():
        for row in file_rows:
            try:
                cases.append(BUILDERS[kind](catalog, row))
            except InexpressibleRowError as why:
                unscored.append(UnscoredRow(str(row["id"]), kind, source_group(row), str(why)))
    return cases, unscored


def _memory_key(case: ScoredCase, values: Mapping[str, float]) -> tuple[str, tuple[float, ...]]:
    prefix = f"{case.engine}:"
    own = tuple(v for k, v in sorted(values.items())
                if k.startswith(prefix) and k.split(":", 1)[1].startswith(("activation.", "runtime.")))
    return case.id, own


@dataclass
class Predictor:
    """Predicts cases with given constants; memory results are kept per case and memory values."""

    _memory: dict[tuple[str, tuple[float, ...]], tuple[PlanInputs, MemoryResult]] = field(
        default_factory=dict)

    def memory(self, case: ScoredCase, values: Mapping[str, float]) -> tuple[PlanInputs, MemoryResult]:
        """The case's inputs with the memory constants of ``values``, and their memory result."""
        key = _memory_key(case, values)
        if key not in self._memory:
            inputs = with_memory_constants(case.inputs, values)
            self._memory[key] = inputs, calculate_memory(inputs)
        return self._memory[key]

    def predict(self, case: ScoredCase, values: Mapping[str, float]) -> dict[str, float]:
        """Predicted figures of the metrics the case measured (:class:`NoPredictionError`: none)."""
        inputs, memory = self.memory(case, values)
        if case.file == "kv":
            tokens = memory.kv_cache_tokens.value
            if tokens <= 0:
                raise NoPredictionError("no KV memory left: the planner says the engine cannot start")
            return {"kv_tokens": float(tokens)}
        if not memory.fits or memory.kv_cache_tokens.value <= 0:
            raise NoPredictionError("the planner says the model does not fit (the engine started)")
        inputs = with_step_constants(inputs, values)
        if case.throughput is not None:
            point = predict_on(case.throughput, inputs, memory)
            share = inputs.deployment.num_gpus if case.throughput.per_gpu else 1
            found = {"throughput": point.output_tok_s / share, "ttft": point.ttft_ms,
                     "tpot": point.itl_ms}
        elif case.bench is not None:
            try:
                run = predict_bench(inputs, memory, case.bench)
            except ValueError as error:
                raise NoPredictionError(str(error)) from error
            found = {RUN_METRIC_KEYS[k]: v for k, v in predicted_run_metrics(run).items()}
        else:
            raise NoPredictionError("the case names no load")
        return {metric: found[metric] for metric in case.measured}
