"""``gpucalc lengths``: percentiles, ASCII histograms and the suggested workload of a log export."""

from __future__ import annotations

from typing import Any

from gpucalc.cli.columns import left, right
from gpucalc.core.measured.length_stats import LengthDistribution, LengthHistogram, LengthStats
from gpucalc.core.specs.inputs import Workload
from gpucalc.io.lengths import LengthsFile
from gpucalc.text.catalogue import translate
from gpucalc.text.terms import STATISTIC_NAMES, unit_name

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
    return (f"  {left(name, 8)}{dist.p50.value:>10,.0f}{dist.p95.value:>10,.0f}{dist.p99.value:>10,.0f}"
            f"{dist.mean.value:>10,.0f}")


def lengths_text(file: LengthsFile, stats: LengthStats, lang: str = "en") -> str:
    """Readable report in ``lang``: rows read, percentiles, histograms, suggested workload."""
    lines = [translate("Cli", "{path}: {rows} rows ({format}), {usable} usable, {skipped} skipped",
                       lang).format(
        path=file.path, rows=f"{file.rows_read:,}", format=file.file_format.value,
        usable=f"{len(file.records):,}", skipped=f"{file.bad_rows:,}")]
    lines += ["  " + translate("Cli", "skipped {example}", lang).format(example=example)
              for example in file.bad_row_examples]
    if stats.conversations:
        lines.append(translate("Cli", "{conversations} conversations; input percentiles over first turns",
                               lang).format(conversations=f"{stats.conversations:,}"))
    mean = translate("Terms", STATISTIC_NAMES["mean"], lang)
    lines += ["", f"  {left(unit_name('tokens', lang), 8)}{'P50':>10}{'P95':>10}{'P99':>10}{right(mean, 10)}",
              _distribution_line(translate("Cli", "input", lang), stats.input),
              _distribution_line(translate("Cli", "output", lang), stats.output),
              "", translate("Cli", "input tokens (log-spaced bins):", lang),
              *ascii_histogram(stats.input.histogram),
              "", translate("Cli", "output tokens (log-spaced bins):", lang),
              *ascii_histogram(stats.output.histogram),
              "", translate("Cli", "suggested workload:", lang),
              "  " + translate("Cli", "gpucalc estimate MODEL --gpu GPU {flags}", lang).format(
                  flags=estimate_flags(stats.workload))]
    for c in stats.workload.classes:
        lines.append("  " + translate("Cli", "class {name} {share} of requests, mean {input} in / {output} "
                                             "out tokens (no estimate flag; use the window or --json)",
                                      lang).format(
            name=left(c.name, 7), share=f"{c.share:>6.1%}", input=f"{c.input_len:,}",
            output=f"{c.output_len:,}"))
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
