"""How often the bands hold what was measured, one source group left out at a time.

Run: ``python -m benchmarks.band_coverage``.

For each source group of the residual file, the bands are sized from the other groups' residuals
only (gpucalc/validation/bands.py, the same narrowing by regime), and each of the group's rows is
checked: does its measured value fall inside the band of its own prediction? The bands are meant
to hold 80 % of the runs the model has not seen; an honest size holds 70–90 % of these rows.
"""

from __future__ import annotations

import math
from collections import defaultdict

from gpucalc.validation.bands import FIGURE_METRICS, residual_spread
from gpucalc.validation.residuals import ResidualRow, load_residuals

FAMILIES = {"kv_cache_tokens": "KV capacity", "output_tokens_per_s": "throughput (output, requests)",
            "ttft_ms": "TTFT (runs, whole runs median and P99)", "tpot_ms": "TPOT / ITL"}


def covered(row: ResidualRow, others: list[ResidualRow], metrics: tuple[str, ...]) -> bool:
    """Whether ``row``'s measured value lies in the band sized from ``others``."""
    spread = residual_spread(metrics, row.tags, others)
    ratio = math.exp(-row.log_error)  # measured ÷ predicted
    return spread.low_factor <= ratio <= spread.high_factor


def coverage() -> dict[str, tuple[int, int]]:
    """(rows inside, rows) per figure family, held-out group by held-out group."""
    rows = load_residuals().rows
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for group in sorted({r.group for r in rows}):
        others = [r for r in rows if r.group != group]
        for row in (r for r in rows if r.group == group):
            for figure, family in FAMILIES.items():
                metrics = FIGURE_METRICS[figure]
                if row.metric in metrics:
                    counts[family][0] += covered(row, others, metrics)
                    counts[family][1] += 1
    return {family: (inside, total) for family, (inside, total) in counts.items()}


def main() -> None:
    found = coverage()
    print("| figure | rows | inside the 80 % band (sized on the other source groups) |")
    print("|---|---|---|")
    inside_all = total_all = 0
    for family, (inside, total) in found.items():
        print(f"| {family} | {total} | {inside / total:.0%} |")
        inside_all += inside
        total_all += total
    print(f"| all | {total_all} | {inside_all / total_all:.0%} |")


if __name__ == "__main__":
    main()
