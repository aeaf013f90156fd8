"""Import measured load points from benchmark result files.

Formats, recognised by content:

* ``vllm bench serve`` / ``benchmark_serving.py --save-result`` JSON: one object (or a list of
  them) with ``request_rate`` (a number or ``"inf"``), ``max_concurrency``, ``completed``,
  ``total_input_tokens``, ``total_output_tokens``, ``output_throughput``, ``request_throughput``,
  ``mean_ttft_ms`` / ``median_ttft_ms`` / ``p99_ttft_ms``, ``mean_tpot_ms``, ``mean_itl_ms`` /
  ``median_itl_ms`` …
* SGLang ``bench_serving`` output: JSON Lines, one such object per run (SGLang's
  ``concurrency`` key is the *measured* mean concurrency; the setting is ``max_concurrency``).
* NVIDIA genai-perf / aiperf ``profile_export*.json``: metrics such as
  ``time_to_first_token``, ``inter_token_latency``, ``output_token_throughput`` as objects with
  ``unit`` and ``avg`` / ``p50`` / ``p99`` (at the top level, under ``records`` or ``metrics``);
  the load comes from ``input_config`` or, failing that, the file's path (``…concurrency32…``).
* ``trtllm-bench throughput --report_json``: ``performance`` (``request_throughput_req_s``,
  ``system_output_throughput_tok_s``), ``streaming_metrics`` (``avg_ttft_ms``, ``avg_tpot_ms``,
  ``ttft_percentiles`` / ``tpot_percentiles`` with ``p99``) and ``request_info`` (average
  lengths), as ``tensorrt_llm/bench/dataclasses/reporting.py`` writes them; the load is its
  ``concurrency`` (absent or −1: every request at once).
* genai-perf's CSV export (``Metric,avg,…,p50,…`` rows such as ``Time To First Token (ms)``).
* A hand-typed CSV: a ``concurrency`` or ``request_rate`` column and any of ``ttft_ms``,
  ``tpot_ms``, ``itl_ms``, ``output_tokens_per_s`` (plus optional ``input_len``,
  ``output_len``); ``#`` starts a comment line.

Values of the wrong type, negative or non-finite are ignored; a record without a load or
without any metric, or with a figure beyond the bounds of :class:`MeasuredPoint` (a concurrency
over 10**9, a mean length over 16,777,216 tokens), is skipped. Reads are bounded (64 MiB, 10,000
points, CSV fields of 131,072 characters); a file with no usable point raises
:class:`InputFileError` saying why.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.io.bounded_json import parse_json_text, read_bounded_bytes
from gpucalc.io.errors import InputFileError
from gpucalc.io.lengths import csv_problem

MAX_BENCH_BYTES = 64 * 1024 * 1024
MAX_POINTS = 10_000
MAX_SEARCH_NODES = 20_000
MAX_LABEL_CHARS = 200  # characters of a genai-perf metric name looked at ("Time To First Token (ms)")

__all__ = ["MeasuredPoint", "parse_bench_text", "read_bench_results"]

_TIME_TO_MS = {"ns": 1e-6, "us": 1e-3, "µs": 1e-3, "ms": 1.0, "s": 1000.0, "sec": 1000.0}


def _positive(value: Any) -> float | None:
    """A finite positive number from a JSON/CSV value (numeric strings accepted), else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and number > 0 else None


def _rate(value: Any) -> float | None:
    """A request rate: a positive number, or ``inf`` for "all at once"."""
    if isinstance(value, str) and value.strip().lower() in {"inf", "infinite", "infinity"}:
        return math.inf
    if isinstance(value, float) and math.isinf(value) and value > 0:
        return math.inf
    return _positive(value)


def _point(fields: dict[str, Any], source: str) -> MeasuredPoint | None:
    """A validated point, or None when the record lacks a load or a metric."""
    clean = {k: v for k, v in fields.items() if v is not None}
    try:
        return MeasuredPoint(source=source, **clean)
    except ValidationError:
        return None


# -- vLLM / SGLang serving benchmarks --------------------------------------------------------

def _serving_load(record: Mapping[str, Any]) -> tuple[float | None, float | None]:
    """(concurrency, rate) of a serving-benchmark record; a finite rate takes precedence."""
    rate = _rate(record.get("request_rate"))
    concurrency = _positive(record.get("max_concurrency"))
    if rate is not None and not math.isinf(rate):
        return None, rate
    if concurrency is not None:
        return concurrency, None
    return None, rate


def _first_stat(record: Mapping[str, Any], name: str) -> tuple[float | None, str]:
    """``mean_<name>`` if present, else ``median_<name>`` — with which one it was."""
    mean = _positive(record.get(f"mean_{name}"))
    if mean is not None:
        return mean, "mean"
    median = _positive(record.get(f"median_{name}"))
    return median, "median" if median is not None else "mean"


def _serving_point(record: Mapping[str, Any], source: str) -> MeasuredPoint | None:
    concurrency, rate = _serving_load(record)
    completed = _positive(record.get("completed"))
    mean_in = mean_out = None
    if completed:
        total_in, total_out = (_positive(record.get(k)) for k in ("total_input_tokens",
                                                                   "total_output_tokens"))
        mean_in = total_in / completed if total_in else None
        mean_out = total_out / completed if total_out else None
    ttft, ttft_stat = _first_stat(record, "ttft_ms")
    median_itl = _positive(record.get("median_itl_ms"))
    itl, itl_stat = (median_itl, "median") if median_itl else (_positive(record.get("mean_itl_ms")),
                                                               "mean")
    prompts = _positive(record.get("num_prompts")) or completed
    return _point({
        "concurrency": concurrency, "request_rate": rate,
        "num_prompts": int(prompts) if prompts else None,
        "mean_input_tokens": mean_in, "mean_output_tokens": mean_out,
        "ttft_ms": ttft, "ttft_stat": ttft_stat, "tpot_ms": _positive(record.get("mean_tpot_ms")),
        "itl_ms": itl, "itl_stat": itl_stat,
        "p99_ttft_ms": _positive(record.get("p99_ttft_ms")),
        "p99_tpot_ms": _positive(record.get("p99_tpot_ms")),
        "output_tok_s": _positive(record.get("output_throughput")),
        "request_per_s": _positive(record.get("request_throughput")),
    }, source)


def _is_serving_record(record: Any) -> bool:
    return isinstance(record, Mapping) and any(
        key in record for key in ("output_throughput", "mean_ttft_ms", "median_ttft_ms",
                                  "mean_tpot_ms", "request_throughput"))


# -- genai-perf / aiperf ---------------------------------------------------------------------

_PERF_METRICS = {"time_to_first_token": "ttft", "inter_token_latency": "itl",
                 "output_token_throughput": "throughput", "request_throughput": "requests",
                 "input_sequence_length": "input", "output_sequence_length": "output"}


def _metric_table(doc: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Metric name → {unit, avg, p50, …} from the top level, ``records`` or ``metrics``."""
    table: dict[str, Mapping[str, Any]] = {}
    for container in (doc, doc.get("records"), doc.get("metrics")):
        if isinstance(container, Mapping):
            for key, value in container.items():
                if key in _PERF_METRICS and isinstance(value, Mapping):
                    table.setdefault(key, value)
        elif isinstance(container, list):
            for item in container[:MAX_SEARCH_NODES]:
                if isinstance(item, Mapping) and item.get("tag") in _PERF_METRICS:
                    table.setdefault(str(item["tag"]), item)
    return table


def _stat(metric: Mapping[str, Any] | None, stat: str, time: bool) -> float | None:
    """``stat`` of a metric, converted to ms when it is a time in the unit it states."""
    if metric is None:
        return None
    value = _positive(metric.get(stat))
    if value is None or not time:
        return value
    unit = str(metric.get("unit", "ms")).strip().lower()
    factor = _TIME_TO_MS.get(unit)
    return value * factor if factor is not None else None


def _find_key(value: Any, keys: set[str]) -> dict[str, Any]:
    """First value of each of ``keys`` anywhere inside ``value`` (bounded walk)."""
    found: dict[str, Any] = {}
    stack, seen = [value], 0
    while stack and seen < MAX_SEARCH_NODES:
        item = stack.pop()
        seen += 1
        if isinstance(item, Mapping):
            for key, child in item.items():
                if key in keys and key not in found and not isinstance(child, Mapping | list):
                    found[key] = child
                if isinstance(child, Mapping | list):
                    stack.append(child)
        elif isinstance(item, list):
            stack.extend(item[:MAX_SEARCH_NODES])
    return found


_PATH_LOAD = re.compile(r"(concurrency|request[_-]?rate)[_-]?([0-9]+(?:\.[0-9]+)?|inf)", re.IGNORECASE)


def _load_from_path(source: str) -> tuple[float | None, float | None]:
    m = _PATH_LOAD.search(source)
    if not m:
        return None, None
    if m.group(1).lower().startswith("concurrency"):
        return _positive(m.group(2)), None
    return None, _rate(m.group(2))


def _perf_load(doc: Mapping[str, Any], source: str) -> tuple[float | None, float | None]:
    config = doc.get("input_config")
    found = _find_key(config, {"concurrency", "request_rate"}) if config is not None else {}
    concurrency, rate = _positive(found.get("concurrency")), _rate(found.get("request_rate"))
    if rate is not None and not math.isinf(rate):
        return None, rate
    if concurrency is not None:
        return concurrency, None
    return _load_from_path(source)


def _perf_point(table: Mapping[str, Mapping[str, Any]], load: tuple[float | None, float | None],
                source: str) -> MeasuredPoint | None:
    ttft = table.get("time_to_first_token")
    itl = table.get("inter_token_latency")
    return _point({
        "concurrency": load[0], "request_rate": load[1],
        "ttft_ms": _stat(ttft, "avg", time=True), "ttft_stat": "mean",
        "itl_ms": _stat(itl, "avg", time=True), "itl_stat": "mean",
        "p99_ttft_ms": _stat(ttft, "p99", time=True),
        "output_tok_s": _stat(table.get("output_token_throughput"), "avg", time=False),
        "request_per_s": _stat(table.get("request_throughput"), "avg", time=False),
        "mean_input_tokens": _stat(table.get("input_sequence_length"), "avg", time=False),
        "mean_output_tokens": _stat(table.get("output_sequence_length"), "avg", time=False),
    }, source)


# -- trtllm-bench ----------------------------------------------------------------------------

def _is_trtllm_report(record: Mapping[str, Any]) -> bool:
    performance = record.get("performance")
    return isinstance(performance, Mapping) and any(
        key in performance for key in ("request_throughput_req_s", "system_output_throughput_tok_s"))


def _section(record: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = record.get(name)
    return value if isinstance(value, Mapping) else {}


def _trtllm_point(record: Mapping[str, Any], source: str) -> MeasuredPoint | None:
    performance = _section(record, "performance")
    streaming = _section(record, "streaming_metrics")
    info = _section(record, "request_info")
    concurrency = _positive(_find_key(record, {"concurrency"}).get("concurrency"))
    prompts = _positive(info.get("num_requests"))
    return _point({
        "concurrency": concurrency, "request_rate": None if concurrency else math.inf,
        "num_prompts": int(prompts) if prompts else None,
        "mean_input_tokens": _positive(info.get("avg_input_length")),
        "mean_output_tokens": _positive(info.get("avg_output_length")),
        "ttft_ms": _positive(streaming.get("avg_ttft_ms")), "ttft_stat": "mean",
        "tpot_ms": _positive(streaming.get("avg_tpot_ms")),
        "p99_ttft_ms": _positive(_section(streaming, "ttft_percentiles").get("p99")),
        "p99_tpot_ms": _positive(_section(streaming, "tpot_percentiles").get("p99")),
        "output_tok_s": _positive(performance.get("system_output_throughput_tok_s")),
        "request_per_s": _positive(performance.get("request_throughput_req_s")),
    }, source)


# -- JSON dispatch ---------------------------------------------------------------------------

def _points_from_json(doc: Any, source: str) -> list[MeasuredPoint | None]:
    records = doc if isinstance(doc, list) else [doc]
    points: list[MeasuredPoint | None] = []
    for record in records[:MAX_POINTS + 1]:
        if not isinstance(record, Mapping):
            points.append(None)
        elif _is_trtllm_report(record):
            points.append(_trtllm_point(record, source))
        elif _metric_table(record):
            points.append(_perf_point(_metric_table(record), _perf_load(record, source), source))
        elif _is_serving_record(record):
            points.append(_serving_point(record, source))
        else:
            points.append(None)
    return points


def _json_lines(text: str, source: str) -> list[Any]:
    records: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(records) > MAX_POINTS:
            break
        records.append(parse_json_text(line, f"{source} line {number}", non_finite=True))
    return records


# -- CSV -------------------------------------------------------------------------------------

_GENAI_ROWS = {"time to first token": "ttft", "inter token latency": "itl",
               "output token throughput": "throughput", "request throughput": "requests",
               "input sequence length": "input", "output sequence length": "output"}


def _label_and_unit(name: str) -> tuple[str, str]:
    """``Time To First Token (ms)`` → (``Time To First Token``, ``ms``); no unit: (name, "")."""
    if not name.endswith(")"):
        return name, ""
    opening = name.rfind("(")
    if opening < 0 or ")" in name[opening + 1:-1]:
        return name, ""
    return name[:opening].rstrip(), name[opening + 1:-1]


def _genai_csv(rows: list[list[str]], source: str) -> list[MeasuredPoint | None]:
    """genai-perf's CSV: ``Metric,avg,…`` rows, then ``Metric,Value`` rows for throughputs."""
    header: list[str] = []
    values: dict[str, float | None] = {}
    p99_ttft: float | None = None
    for row in rows:
        if not row or not row[0].strip():
            continue
        if row[0].strip().lower() == "metric":
            header = [cell.strip().lower() for cell in row]
            continue
        label, unit = _label_and_unit(row[0].strip()[:MAX_LABEL_CHARS])
        key = _GENAI_ROWS.get(label.strip().lower())
        if key is None or not header:
            continue
        column = "avg" if "avg" in header else "value"
        if column not in header or header.index(column) >= len(row):
            continue
        metric = {"unit": unit.split()[0] if unit else "", column: row[header.index(column)]}
        time = key in {"ttft", "itl"}
        values.setdefault(key, _stat(metric, column, time=time))
        if key == "ttft" and "p99" in header and header.index("p99") < len(row):
            p99_ttft = _stat({"unit": metric["unit"], "p99": row[header.index("p99")]}, "p99", True)
    concurrency, rate = _load_from_path(source)
    return [_point({
        "concurrency": concurrency, "request_rate": rate, "ttft_ms": values.get("ttft"),
        "itl_ms": values.get("itl"), "output_tok_s": values.get("throughput"),
        "request_per_s": values.get("requests"), "mean_input_tokens": values.get("input"),
        "mean_output_tokens": values.get("output"), "p99_ttft_ms": p99_ttft,
    }, source)]


_HAND_COLUMNS = {"concurrency": "concurrency", "request_rate": "request_rate", "ttft_ms": "ttft_ms",
                 "tpot_ms": "tpot_ms", "itl_ms": "itl_ms", "output_tokens_per_s": "output_tok_s",
                 "input_len": "mean_input_tokens", "output_len": "mean_output_tokens"}


def _hand_csv(rows: list[list[str]], source: str) -> list[MeasuredPoint | None]:
    header = [cell.strip().lower() for cell in rows[0]]
    if "concurrency" not in header and "request_rate" not in header:
        raise InputFileError(
            f"{source} is a CSV table without a 'concurrency' or 'request_rate' column; the "
            "header is concurrency|request_rate,ttft_ms,tpot_ms,output_tokens_per_s")
    if not any(column in header for column in ("ttft_ms", "tpot_ms", "itl_ms", "output_tokens_per_s")):
        raise InputFileError(f"{source} has no metric column (ttft_ms, tpot_ms, itl_ms, "
                             "output_tokens_per_s)")
    points: list[MeasuredPoint | None] = []
    for row in rows[1:MAX_POINTS + 2]:
        if not any(cell.strip() for cell in row):
            continue
        fields: dict[str, Any] = {}
        for index, cell in enumerate(row[:len(header)]):
            target = _HAND_COLUMNS.get(header[index])
            if target is not None:
                fields[target] = _rate(cell) if target == "request_rate" else _positive(cell)
        points.append(_point(fields, source))
    return points


def _csv_rows(text: str, source: str) -> list[list[str]]:
    """The rows of a CSV table, comment and blank lines left out.

    A field longer than the CSV reader's limit or a malformed line is refused naming the row.
    """
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    sample = lines[0] if lines else ""
    delimiter = max(",;\t", key=sample.count)
    reader = csv.reader(io.StringIO("\n".join(lines[:MAX_POINTS + 64])), delimiter=delimiter)
    try:
        return list(reader)
    except csv.Error as exc:
        raise InputFileError(f"{source}: table row {reader.line_num} {csv_problem(exc)}") from None


# -- entry points ----------------------------------------------------------------------------

def _usable(points: Iterable[MeasuredPoint | None], source: str) -> list[MeasuredPoint]:
    listed = list(points)
    usable = [p for p in listed if p is not None]
    if len(usable) > MAX_POINTS:
        raise InputFileError(f"{source} holds more than {MAX_POINTS:,} points; a benchmark result "
                             f"file holds at most {MAX_POINTS:,}, so split it into files")
    if not usable:
        what = "the record lacks" if len(listed) == 1 else f"all {len(listed)} records lack"
        raise InputFileError(
            f"{source}: no usable measurement ({what} a load — concurrency or request rate — "
            "or any of TTFT, TPOT/ITL and throughput)" if listed else
            f"{source} holds no benchmark records")
    return usable


def parse_bench_text(text: str, source: str = "pasted text") -> list[MeasuredPoint]:
    """Measured points of one benchmark result file's text."""
    if "\x00" in text[:65536]:
        raise InputFileError(f"{source} is a binary file, not a benchmark result")
    stripped = text.strip()
    if not stripped:
        raise InputFileError(f"{source} is empty")
    if stripped[0] in "{[":
        lines = [line for line in stripped.splitlines() if line.strip()]
        if len(lines) > 1 and all(line.lstrip().startswith("{") and line.rstrip().endswith("}")
                                  for line in lines[:3]):
            try:
                doc = parse_json_text(stripped, source, non_finite=True)
            except InputFileError:
                return _usable(_points_from_json(_json_lines(stripped, source), source), source)
        else:
            doc = parse_json_text(stripped, source, non_finite=True)
        return _usable(_points_from_json(doc, source), source)
    rows = _csv_rows(stripped, source)
    if not rows or len(rows[0]) < 2:
        raise InputFileError(f"{source} is neither JSON nor a CSV table of benchmark results")
    if rows[0][0].strip().lower() == "metric":
        return _usable(_genai_csv(rows, source), source)
    return _usable(_hand_csv(rows, source), source)


def read_bench_results(path: Path, max_bytes: int = MAX_BENCH_BYTES) -> list[MeasuredPoint]:
    """Measured points of the benchmark result file at ``path`` (at most ``max_bytes``)."""
    data = read_bounded_bytes(path, "benchmark results", max_bytes, kind="benchmark result file")
    return parse_bench_text(data.decode("utf-8", errors="replace"), source=str(path))
