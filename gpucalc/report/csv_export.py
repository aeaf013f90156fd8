"""CSV exports: summary, line items, answer, sweeps, grid, sizing, fleet, uncertainty, simulation. No Qt.

One implementation for ``gpucalc sweep/size --csv`` and for the export files. Conventions, so
the files re-import cleanly into a spreadsheet:

- a header row; the unit is part of the column name (``kv_cache_gib``, ``ttft_ms``, ...);
- numbers are plain decimals (no thousands separators, no exponents, ``.`` as the decimal
  point, at most 9 significant digits); an empty cell means "no value" (e.g. no interconnect
  ceiling on one GPU); booleans are ``true`` / ``false``;
- RFC 4180 quoting (fields with commas, quotes or line breaks are quoted, quotes doubled);
- files are UTF-8 **with** a byte-order mark and CRLF line ends, so Excel opens the ``×`` / ``−``
  of the formulas and any Chinese text correctly; text printed to a terminal has neither;
- no JSON in a cell: a formula's inputs are ``name=value; ...`` text, and one per row in
  ``term_inputs.csv``; ids (GPU, model, engine) come with their names;
- no formula in a cell: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a line
  break gets an apostrophe in front (:mod:`gpucalc.io.spreadsheet`); numbers never do.

An export (zip or folder) also holds ``summary.csv`` (the inputs and the answer, one figure a
row, :mod:`gpucalc.report.csv_summary`) and ``README.txt`` describing every file
(:mod:`gpucalc.report.csv_readme`).
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
from gpucalc.catalog.storage import atomic_write_bytes, atomic_write_files
from gpucalc.core.capacity.figure_band import FigureBand
from gpucalc.core.capacity.perf_result import CurvePoint, PerformanceResult, PointSummary
from gpucalc.core.capacity.sweep import ContextSweep, GridCell
from gpucalc.core.common.explain import Term
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.core.fleet.uncertainty import Bands
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.simulation.sweep import RateSweep
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.step.prefix_cache import prefix_cache_terms
from gpucalc.io.spreadsheet import neutral_cell
from gpucalc.plan.disaggregation import disaggregated_figures, disaggregated_units
from gpucalc.plan.fleet import fleet_figures, layout_figures
from gpucalc.report.csv_readme import README_NAME, readme_text
from gpucalc.report.csv_summary import FLEET_UNITS, shown_source, summary_rows
from gpucalc.report.data import ReportData, build_report
from gpucalc.text.band_text import band_phrase, widened_reasons
from gpucalc.text.catalogue import list_separator

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
    """The text of one cell: a number as a plain decimal, text that could be a formula neutralised."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return plain_number(value)
    return neutral_cell(value)


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


NamedTerm = tuple[str, Term]


def inputs_text(term: Term) -> str:
    """The inputs of ``term`` as ``name=value; ...`` (sorted by name), not JSON."""
    return "; ".join(f"{name}={cell_text(value)}" for name, value in sorted(term.inputs.items()))


def _term_row(term: Term, item: str, parent: str) -> tuple[CsvCell, ...]:
    return (item, parent, term.value, term.formula, inputs_text(term),
            "; ".join(s for s in term.sources if s))


def line_item_terms(memory: MemoryResult) -> list[tuple[str, str, Term]]:
    """(item, part of, term) of every line item, weight group and activation part."""
    stage = memory.binding
    items = [("total_gib_per_gpu", "", memory.settings.total_gib)]
    for item in memory.line_items:
        items.append((item.key, "", item))
        if item is stage.weights_total:
            items += [(t.key, item.key, t) for t in stage.weights]
        if item is stage.activation:
            items += [(t.key, item.key, t) for t in stage.activation_parts]
    return items


def line_items_table(memory: MemoryResult) -> CsvTable:
    """Per-GPU memory line items of the binding stage, with weight groups and activation parts."""
    rows = tuple(_term_row(term, item, parent) for item, parent, term in line_item_terms(memory))
    return CsvTable("line_items", ("item", "part_of", "value_gib_per_gpu", "formula", "inputs",
                                   "sources"), rows)


def context_sweep_table(sweep: ContextSweep) -> CsvTable:
    """The ceilings and the scheduler cap against planning length (requests per replica)."""
    rows = tuple((p.context_tokens, p.memory, p.compute, p.interconnect, p.scheduler,
                  p.recommended, p.binding.value) for p in sweep.points)
    return CsvTable("context_sweep", (
        "planning_length_tokens", "memory_ceiling_requests", "compute_ceiling_requests",
        "interconnect_ceiling_requests", "scheduler_cap_requests", "recommended_requests",
        "binding"), rows)


def _point_terms(point: PointSummary) -> list[NamedTerm]:
    terms = (point.ttft_ms, point.tpot_ms, point.itl_ms, point.output_tokens_per_s,
             point.requests_per_s, *(t for t in (point.ttft_percentile_ms, point.tpot_percentile_ms)
                                     if t is not None))
    return [(f"{point.label}.{t.key.split('.', 1)[1]}", t) for t in terms]


def _rate_terms(perf: PerformanceResult) -> list[NamedTerm]:
    rate = perf.rate_capacity
    if rate is None:
        return []
    return [(t.key, t) for t in (rate.requests_per_s, rate.in_flight, rate.output_tokens_per_s,
                                 rate.ttft_ms, rate.tpot_ms)]


def _headline_terms(perf: PerformanceResult) -> list[NamedTerm]:
    named = [(f"ceilings.{c.kind.value}", c.value) for c in perf.ceilings if c.limited]
    speculative = perf.speculative.terms if perf.speculative is not None else ()
    return named + [(t.key, t) for t in (perf.recommended_concurrency, perf.online_capacity,
                                          perf.knee_concurrency, perf.comm_share,
                                          *prefix_cache_terms(perf.prefix_cache),
                                          *perf.expert_parallel, *speculative)] + _rate_terms(perf)


def answer_terms(perf: PerformanceResult) -> list[NamedTerm]:
    """The answer's computed quantities, named as in ``answer.csv`` and ``estimate --json``."""
    return (_headline_terms(perf) + _point_terms(perf.at_recommended)
            + _point_terms(perf.offline_max))


def answer_table(perf: PerformanceResult) -> CsvTable:
    """The answer: ceilings, recommendation and latency at it, keyed as ``estimate --json``."""
    rows = [(name, t.value, t.unit, t.formula) for name, t in _headline_terms(perf)]
    for point in (perf.at_recommended, perf.offline_max):
        rows.append((f"{point.label}.concurrency", point.concurrency, "requests",
                     "load of this point"))
        rows += [(name, t.value, t.unit, t.formula) for name, t in _point_terms(point)]
    return CsvTable("answer", ("quantity", "value", "unit", "formula"), tuple(rows))


def load_curve_table(curve: Sequence[CurvePoint]) -> CsvTable:
    """TTFT, TPOT and output throughput against concurrency (one replica)."""
    rows = tuple((c.concurrency, c.ttft_ms, c.tpot_ms, c.output_tokens_per_s) for c in curve)
    return CsvTable("concurrency_sweep", ("concurrency_requests", "ttft_ms", "tpot_ms",
                                          "output_tokens_per_s"), rows)


def _grid_binding(cell: GridCell) -> str:
    """The binding ceiling of a grid cell, or why it has no figure."""
    if cell.past_max_model_len is not None:
        return "past_max_model_len"
    if cell.past_model_context is not None:
        return "past_model_context"
    return cell.binding.value if cell.binding else "does_not_fit"


def per_card_grid_table(cells: Sequence[GridCell]) -> CsvTable:
    """Seed 001's grid: concurrency at the SLO per context tier and precision tier."""
    rows = tuple((c.context_tier, c.context_tokens, c.precision_tier, c.weight_format, c.kv_format,
                  c.concurrency, _grid_binding(c)) for c in cells)
    return CsvTable("per_card_grid", ("context_tier", "context_tokens", "precision_tier",
                                      "weight_format", "kv_format", "concurrency_requests",
                                      "binding"), rows)


SIZING_COLUMNS = (
    ("gpu", "gpu"), ("precision", "precision"), ("kv_format", "kv_format"), ("layout", "layout"),
    ("tensor_parallel_size", "tensor_parallel_size"),
    ("recommended_concurrency", "recommended_concurrency_requests"),
    ("online_capacity", "online_capacity_requests"), ("bottleneck", "binding_limit"),
    ("requests_per_s_per_replica", "requests_per_s_per_replica_planned"),
    ("rate_capacity_per_replica", "rate_capacity_requests_per_s_per_replica"),
    ("pipeline_parallel_size", "pipeline_parallel_size"),
    ("data_parallel_size", "data_parallel_size"),
    ("replicas_total", "replicas_total"), ("gpus_total", "gpus_total"),
    ("utilization", "utilization_fraction"), ("ttft_ms", "ttft_ms"), ("tpot_ms", "tpot_ms"),
    ("cost_usd_per_hour", "cost_usd_per_hour"),
    ("cost_usd_per_million_output_tokens", "cost_usd_per_million_output_tokens"),
    ("pareto", "pareto"), ("quantized_below_checkpoint", "quantized_below_checkpoint"),
    ("gpu_name", "gpu_name"),
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


def figure_bands_table(bands: Sequence[FigureBand], lang: str) -> CsvTable:
    """The headline figures' 80 % bands: low / expected / high, what each rests on, why one is wide.

    ``regime`` is the validation runs' tags the residuals were narrowed to (``tag=value; …``);
    ``widened_because`` says in ``lang`` why a band is wider than those residuals (a regime no
    validation run covers), and ``band`` is the whole band in words, as the report states it.
    """
    rows = tuple((b.key, b.unit, b.low, b.expected, b.high, b.share, b.spread.rows,
                  "; ".join(f"{tag}={value}" for tag, value in b.spread.regime),
                  list_separator(lang).join(widened_reasons([b], lang)), band_phrase(b, lang))
                 for b in bands)
    return CsvTable("figure_bands", ("figure", "unit", "low", "expected", "high", "band_share",
                                     "validation_runs", "regime", "widened_because", "band"), rows)


def fleet_terms(fleet: FleetVerdict) -> list[NamedTerm]:
    """The verdict's computed figures, named as in ``fleet.csv`` and ``estimate --json``."""
    named = ((name, getattr(fleet, name, None)) for name in fleet_figures(fleet))
    return [(name, value) for name, value in named if isinstance(value, Term)]


def fleet_table(fleet: FleetVerdict) -> CsvTable:
    """The fleet verdict, one figure per row under the names ``estimate --json`` uses, with units."""
    units = {name: t.unit for name, t in fleet_terms(fleet)} | FLEET_UNITS
    return CsvTable("fleet", ("quantity", "value", "unit"),
                    tuple((name, value, units.get(name, ""))
                          for name, value in fleet_figures(fleet).items()))


def disaggregated_table(data: ReportData) -> CsvTable:
    """Both pools of a disaggregated plan, one figure per row under the ``--json`` names."""
    pools = data.plan.disaggregated
    assert pools is not None
    units = disaggregated_units(pools)
    figures = disaggregated_figures(pools, data.plan.fleet, data.inputs.gpu.usable_price_usd_per_hour)
    return CsvTable("disaggregated", ("quantity", "value", "unit"),
                    tuple((name, value, units.get(name, "")) for name, value in figures.items()))


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


def summary_table(data: ReportData) -> CsvTable:
    """The inputs and the answer, one figure a row (``section, field, value, unit, source``)."""
    rows = tuple((r.section, r.field, r.value, r.unit, shown_source(r.source, data.lang))
                 for r in summary_rows(data))
    return CsvTable("summary", ("section", "field", "value", "unit", "source"), rows)


def term_inputs_table(data: ReportData) -> CsvTable:
    """Every input of the formulas in line_items, answer and fleet, one per row."""
    named: list[tuple[str, str, Term]] = [
        ("line_items", item, term) for item, _, term in line_item_terms(data.result.memory)]
    perf = data.result.performance
    if perf is not None:
        named += [("answer", name, term) for name, term in answer_terms(perf)]
    if data.plan.fleet is not None:
        named += [("fleet", name, term) for name, term in fleet_terms(data.plan.fleet)]
    pools = data.plan.disaggregated
    if pools is not None:
        named += [("disaggregated", name, getattr(pools, name)) for name in DisaggregatedPlan.model_fields
                  if isinstance(getattr(pools, name), Term)]
    rows = tuple((file, name, key, value) for file, name, term in named
                 for key, value in sorted(term.inputs.items()))
    return CsvTable("term_inputs", ("file", "term", "input", "value"), rows)


def report_tables(data: ReportData) -> list[CsvTable]:
    """Every table of ``data`` (summary, line items and term inputs when the model does not fit)."""
    tables = [summary_table(data), line_items_table(data.result.memory), term_inputs_table(data)]
    if data.plan.figure_bands:
        tables.append(figure_bands_table(data.plan.figure_bands, data.lang))
    perf = data.result.performance
    if perf is not None and data.sweep is not None:
        tables += [answer_table(perf), context_sweep_table(data.sweep), load_curve_table(perf.load_curve),
                   per_card_grid_table(data.grid), sizing_table(data.sizing)]
    fleet = data.plan.fleet
    if fleet is not None:
        tables.append(fleet_table(fleet))
        if fleet.layouts:
            tables.append(fleet_layouts_table(fleet))
    if data.plan.disaggregated is not None:
        tables.append(disaggregated_table(data))
    if data.bands is not None:
        tables.append(uncertainty_table(data.bands))
    if data.simulation is not None:
        tables.append(simulation_sweep_table(data.simulation.sweep))
    return tables


ExportFile = tuple[str, bytes]


def export_files(tables: Sequence[CsvTable], gpucalc_version: str, lang: str = "en") -> list[ExportFile]:
    """File name and content of every table and of the README that describes them (in ``lang``)."""
    readme = readme_text([t.name for t in tables], gpucalc_version, lang).encode(FILE_ENCODING)
    return [(f"{t.name}.csv", table_bytes(t)) for t in tables] + [(README_NAME, readme)]


def write_csv_bundle(path: Path, files: Sequence[ExportFile]) -> Path:
    """Write ``files`` into one zip file at ``path`` (atomically)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files:
            archive.writestr(name, content)
    atomic_write_bytes(path, buffer.getvalue())
    return path


def write_csv_directory(directory: Path, files: Sequence[ExportFile]) -> list[Path]:
    """Write ``files`` in ``directory`` (created if needed): all of them or, on a failure, none."""
    return atomic_write_files(directory, files)


def write_csv_files(directory_or_zip: Path, scenario: Scenario, catalog: Catalog,
                    lang: str = "en") -> list[Path]:
    """Calculate ``scenario`` and write its CSV tables and README: one zip (``*.zip``) or a folder.

    Names, keys and numbers are the same in every language; the README and the sentences in
    cells (the bands' reasons) are in ``lang``. Returns the paths written (the zip alone, or one
    path per file).
    """
    data = build_report(scenario, catalog, lang)
    files = export_files(report_tables(data), data.version, lang)
    if directory_or_zip.suffix.lower() == ".zip":
        return [write_csv_bundle(directory_or_zip, files)]
    return write_csv_directory(directory_or_zip, files)
