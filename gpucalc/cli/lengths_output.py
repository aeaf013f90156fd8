"""``gpucalc lengths``: percentiles, ASCII histograms and the suggested workload of a log export."""

from __future__ import annotations

from typing import Any

from gpucalc.core.inputs import Workload
from gpucalc.core.length_stats import LengthDistribution, LengthHistogram, LengthStats
from gpucalc.io.lengths import LengthsFile

BAR_WIDTH = 40


def estimate_flags(workload: Workload) -> str:
    """The ``gpucalc estimate`` flags a workload maps to (classes have no flag)."""
    flags = [f"--input-len {workload.input_len_p50}", f"--output-len {workload.output_len_p50}"]
    if workload.input_len_p95 is not None:
        flags.append(f"--input-len-p95 {workload.input_len_p95}")
    if workload.output_len_p95 is not None:
        flags.append(f"--output-len-p95 {workload.output_len_p95}")
    if workload.max_turns > 1:
        flags.append(f"--max-turns {workload.max_turns} --tokens-per-turn {workload.tokens_per_turn}")
    return " ".join(flags)


def ascii_histogram(histogram: LengthHistogram, width: int = BAR_WIDTH) -> list[str]:
    """One line per non-empty bin: token range, bar scaled to the fullest bin, count."""
    peak = max(histogram.counts, default=0) or 1
    edges = histogram.edges_tokens
    lines = []
    for i, count in enumerate(histogram.counts):
        if count == 0:
            continue
        bar = "█" * max(1, round(width * count / peak))
        lines.append(f"  {edges[i]:>10,.0f} – {edges[i + 1]:>10,.0f}  {bar:<{width}} {count:,}")
    return lines


def _distribution_line(name: str, dist: LengthDistribution) -> str:
    return (f"  {name:<8}{dist.p50.value:>10,.0f}{dist.p95.value:>10,.0f}{dist.p99.value:>10,.0f}"
            f"{dist.mean.value:>10,.0f}")


def lengths_text(file: LengthsFile, stats: LengthStats) -> str:
    """Readable report: rows read, percentiles, histograms, suggested workload."""
    lines = [f"{file.path}: {file.rows_read:,} rows ({file.file_format.value}), "
             f"{len(file.records):,} usable, {file.bad_rows:,} skipped"]
    lines += [f"  skipped {example}" for example in file.bad_row_examples]
    if stats.conversations:
        lines.append(f"{stats.conversations:,} conversations; input percentiles over first turns")
    lines += ["", f"  {'tokens':<8}{'P50':>10}{'P95':>10}{'P99':>10}{'mean':>10}",
              _distribution_line("input", stats.input), _distribution_line("output", stats.output),
              "", "input tokens (log-spaced bins):", *ascii_histogram(stats.input.histogram),
              "", "output tokens (log-spaced bins):", *ascii_histogram(stats.output.histogram),
              "", "suggested workload:", f"  gpucalc estimate MODEL --gpu GPU "
              f"{estimate_flags(stats.workload)}"]
    for c in stats.workload.classes:
        lines.append(f"  class {c.name:<7} {c.share:>6.1%} of requests, mean {c.input_len:,} in / "
                     f"{c.output_len:,} out tokens (no estimate flag; use the window or --json)")
    return "\n".join(lines)


def lengths_json(file: LengthsFile, stats: LengthStats) -> dict[str, Any]:
    """One JSON object: file account, percentiles, histograms, workload and its explanation."""
    def dist(d: LengthDistribution) -> dict[str, Any]:
        return {"p50": d.p50.value, "p95": d.p95.value, "p99": d.p99.value, "mean": d.mean.value,
                "histogram": d.histogram.model_dump()}

    return {
        "file": {"path": file.path, "format": file.file_format.value, "rows_read": file.rows_read,
                 "usable_rows": len(file.records), "bad_rows": file.bad_rows,
                 "bad_row_examples": list(file.bad_row_examples)},
        "requests": stats.requests, "conversations": stats.conversations,
        "input_tokens": dist(stats.input), "output_tokens": dist(stats.output),
        "workload": stats.workload.model_dump(mode="json"),
        "estimate_flags": estimate_flags(stats.workload),
        "explain": {k: t.model_dump(mode="json") for k, t in stats.explain.items()},
    }
