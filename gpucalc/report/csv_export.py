"""CSV exports: line items, the answer, sweeps, grid, sizing, uncertainty bands and the simulation. No Qt.

One implementation for ``gpucalc sweep/size --csv`` and for the export files. Conventions, so
the files re-import cleanly into a spreadsheet:

- a header row; the unit is part of the column name (``kv_cache_gib``, ``ttft_ms``, ...);
- numbers are plain decimals (no thousands separators, no exponents, ``.`` as the decimal
  point, at most 9 significant digits); an empty cell means "no value" (e.g. no interconnect
  ceiling on one GPU); booleans are ``true`` / ``false``;
- RFC 4180 quoting (fields with commas, quotes or line breaks are quoted, quotes doubled);
- files are UTF-8 **with** a byte-order mark and CRLF line ends, so Excel opens the ``×`` / ``−``
  of the formulas and any Chinese text correctly; text printed to a terminal has neither.
"""

from __future__ import annotations

import csv
import io
import math
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.storage import atomic_write_bytes
from gpucalc.core.explain import Term
from gpucalc.core.fleet import FleetVerdict
from gpucalc.core.memory_result import MemoryResult
from gpucalc.core.perf_result import CurvePoint, PerformanceResult, PointSummary
from gpucalc.core.scenario import Scenario
from gpucalc.core.sim_sweep import RateSweep
from gpucalc.core.sizing import SizingRow
from gpucalc.core.sweep import ContextSweep, GridCell
from gpucalc.core.uncertainty import Bands
from gpucalc.plan.fleet import fleet_figures, layout_figures
from gpucalc.report.data import ReportData, build_report
from gpucalc.text.numbers import strict_json

CsvCell = str | int | float | bool | None
FILE_ENCODING = "utf-8-sig"
FILE_LINE_END = "\r\n"
SIGNIFICANT_DIGITS = 9


@dataclass(frozen=True)
class CsvTable:
    """One CSV file: its name (without ``.csv``), header and rows."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[CsvCell, ...], ...]


def plain_number(value: float | int) -> str:
    """``value`` as a plain decimal (9 significant digits, no exponent, no separators)."""
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return ""
    rounded = Decimal(f"{value:.{SIGNIFICANT_DIGITS}g}")
    text = format(rounded, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def cell_text(value: CsvCell) -> str:
    """The text of one cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return plain_number(value)
    return value


def table_text(table: CsvTable, line_end: str = "\n") -> str:
    """The CSV text of ``table`` (RFC 4180 quoting; no byte-order mark)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=line_end, quoting=csv.QUOTE_MINIMAL)
    writer.writerow(table.header)
    writer.writerows([cell_text(v) for v in row] for row in table.rows)
    return out.getvalue()


def table_bytes(table: CsvTable) -> bytes:
    """The file content of ``table``: UTF-8 with BOM, CRLF line ends."""
    return table_text(table, FILE_LINE_END).encode(FILE_ENCODING)


def _term_row(term: Term, item: str, parent: str) -> tuple[CsvCell, ...]:
    return (item, parent, term.value, term.formula,
            strict_json(dict(sorted(term.inputs.items())), indent=None) if term.inputs else "",
            "; ".join(s for s in term.sources if s))


def line_items_table(memory: MemoryResult) -> CsvTable:
    """Per-GPU memory line items of the binding stage, with weight groups and activation parts."""
    stage = memory.binding
    rows = [_term_row(memory.settings.total_gib, "total_gib_per_gpu", "")]
    for item in memory.line_items:
        rows.append(_term_row(item, item.key, ""))
        if item is stage.weights_total:
            rows += [_term_row(t, t.key, item.key) for t in stage.weights]
        if item is stage.activation:
            rows += [_term_row(t, t.key, item.key) for t in stage.activation_parts]
    return CsvTable("line_items", ("item", "part_of", "value_gib_per_gpu", "formula", "inputs",
                                   "sources"), tuple(rows))


def context_sweep_table(sweep: ContextSweep) -> CsvTable:
    """The ceilings and the scheduler cap against planning length (requests per replica)."""
    rows = tuple((p.context_tokens, p.memory, p.compute, p.interconnect, p.scheduler,
                  p.recommended, p.binding.value) for p in sweep.points)
    return CsvTable("context_sweep", (
        "planning_length_tokens", "memory_ceiling_requests", "compute_ceiling_requests",
        "interconnect_ceiling_requests", "scheduler_cap_requests", "recommended_requests",
        "binding"), rows)


def _point_rows(point: PointSummary) -> list[tuple[str, float, str, str]]:
    terms = (point.ttft_ms, point.tpot_ms, point.itl_ms, point.output_tokens_per_s,
             point.requests_per_s)
    rows = [(f"{point.label}.concurrency", point.concurrency, "requests", "load of this point")]
    return rows + [(f"{point.label}.{t.key.split('.', 1)[1]}", t.value, t.unit, t.formula)
                   for t in terms]


def answer_table(perf: PerformanceResult) -> CsvTable:
    """The answer: ceilings, recommendation and latency at it, keyed as ``estimate --json``."""
    rows: list[tuple[str, float, str, str]] = [
        (f"ceilings.{c.kind.value}", c.value.value, c.value.unit, c.value.formula)
        for c in perf.ceilings if c.limited]
    rows += [(t.key, t.value, t.unit, t.formula) for t in (
        perf.recommended_concurrency, perf.online_capacity, perf.knee_concurrency, perf.comm_share)]
    rows += _point_rows(perf.at_recommended) + _point_rows(perf.offline_max)
    return CsvTable("answer", ("quantity", "value", "unit", "formula"), tuple(rows))


def load_curve_table(curve: Sequence[CurvePoint]) -> CsvTable:
    """TTFT, TPOT and output throughput against concurrency (one replica)."""
    rows = tuple((c.concurrency, c.ttft_ms, c.tpot_ms, c.output_tokens_per_s) for c in curve)
    return CsvTable("concurrency_sweep", ("concurrency_requests", "ttft_ms", "tpot_ms",
                                          "output_tokens_per_s"), rows)


def per_card_grid_table(cells: Sequence[GridCell]) -> CsvTable:
    """Seed 001's grid: concurrency at the SLO per context tier and precision tier."""
    rows = tuple((c.context_tier, c.context_tokens, c.precision_tier, c.weight_format, c.kv_format,
                  c.concurrency, c.binding.value if c.binding else "does_not_fit") for c in cells)
    return CsvTable("per_card_grid", ("context_tier", "context_tokens", "precision_tier",
                                      "weight_format", "kv_format", "concurrency_requests",
                                      "binding"), rows)


SIZING_COLUMNS = (
    ("gpu", "gpu"), ("precision", "precision"), ("kv_format", "kv_format"),
    ("tensor_parallel_size", "tensor_parallel_size"),
    ("recommended_concurrency", "recommended_concurrency_requests"),
    ("online_capacity", "online_capacity_requests"), ("bottleneck", "bottleneck"),
    ("requests_per_s_per_replica", "requests_per_s_per_replica_at_watermark"),
    ("replicas_total", "replicas_total"), ("gpus_total", "gpus_total"),
    ("utilization", "utilization_fraction"), ("ttft_ms", "ttft_ms"), ("tpot_ms", "tpot_ms"),
    ("cost_usd_per_hour", "cost_usd_per_hour"),
    ("cost_usd_per_million_output_tokens", "cost_usd_per_million_output_tokens"),
    ("pareto", "pareto"), ("quantized_below_checkpoint", "quantized_below_checkpoint"),
)


def sizing_table(rows: Sequence[SizingRow]) -> CsvTable:
    """Fleet options, cheapest first, Pareto front marked."""
    data = [row.model_dump() for row in rows]
    return CsvTable("sizing", tuple(header for _, header in SIZING_COLUMNS),
                    tuple(tuple(d[field] for field, _ in SIZING_COLUMNS) for d in data))


def uncertainty_table(bands: Bands) -> CsvTable:
    """Low / expected / high of KV tokens, recommended concurrency and GPUs needed."""
    rows = tuple((b.key, b.unit, b.low.value, b.expected.value, b.high.value) for b in bands.bands)
    return CsvTable("uncertainty", ("result", "unit", "low", "expected", "high"), rows)


def fleet_table(fleet: FleetVerdict) -> CsvTable:
    """The fleet verdict, one figure per row under the names ``estimate --json`` uses."""
    return CsvTable("fleet", ("quantity", "value"), tuple(fleet_figures(fleet).items()))


def fleet_layouts_table(fleet: FleetVerdict) -> CsvTable:
    """Replicas versus TP on the deployment's GPUs: totals of each layout."""
    rows = [layout_figures(x) for x in fleet.layouts]
    header = tuple(rows[0]) if rows else ("tensor_parallel_size",)
    return CsvTable("fleet_layouts", header, tuple(tuple(r.values()) for r in rows))


def simulation_sweep_table(sweep: RateSweep) -> CsvTable:
    """Simulated latency percentiles, throughput and goodput at each request rate (one replica)."""
    rows = tuple((p.request_rate, p.result.ttft_ms.p50.value, p.result.ttft_ms.p95.value,
                  p.result.tpot_ms.p50.value, p.result.tpot_ms.p95.value,
                  p.result.output_tokens_per_s.value, p.result.goodput.value) for p in sweep.points)
    return CsvTable("simulation_sweep", (
        "rate_req_per_s", "ttft_ms_p50", "ttft_ms_p95", "tpot_ms_p50", "tpot_ms_p95",
        "output_tokens_per_s", "goodput_req_per_s"), rows)


def report_tables(data: ReportData) -> list[CsvTable]:
    """Every table of ``data`` (only the line items when the model does not fit)."""
    tables = [line_items_table(data.result.memory)]
    perf = data.result.performance
    if perf is not None and data.sweep is not None:
        tables += [answer_table(perf), context_sweep_table(data.sweep), load_curve_table(perf.load_curve),
                   per_card_grid_table(data.grid), sizing_table(data.sizing)]
    fleet = data.plan.fleet
    if fleet is not None:
        tables.append(fleet_table(fleet))
        if fleet.layouts:
            tables.append(fleet_layouts_table(fleet))
    if data.bands is not None:
        tables.append(uncertainty_table(data.bands))
    if data.simulation is not None:
        tables.append(simulation_sweep_table(data.simulation.sweep))
    return tables


def write_csv_bundle(path: Path, tables: Sequence[CsvTable]) -> Path:
    """Write every table as ``<name>.csv`` into one zip file at ``path`` (atomically)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for table in tables:
            archive.writestr(f"{table.name}.csv", table_bytes(table))
    atomic_write_bytes(path, buffer.getvalue())
    return path


def write_csv_directory(directory: Path, tables: Sequence[CsvTable]) -> list[Path]:
    """Write every table as ``<name>.csv`` in ``directory`` (created if needed)."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for table in tables:
        target = directory / f"{table.name}.csv"
        atomic_write_bytes(target, table_bytes(table))
        paths.append(target)
    return paths


def write_csv_files(directory_or_zip: Path, scenario: Scenario, catalog: Catalog) -> list[Path]:
    """Calculate ``scenario`` and write its CSV tables: one zip (``*.zip``) or a folder of files.

    Returns the paths written (the zip alone, or one path per file).
    """
    tables = report_tables(build_report(scenario, catalog))
    if directory_or_zip.suffix.lower() == ".zip":
        return [write_csv_bundle(directory_or_zip, tables)]
    return write_csv_directory(directory_or_zip, tables)
