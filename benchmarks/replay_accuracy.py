"""Whole benchmark runs replayed: published runs through ``gpucalc bench``'s code path.

Run: ``python -m benchmarks.replay_accuracy``. Each row of
``specs/validation/latency_percentiles.jsonl`` becomes the command its source ran (the client,
dataset, prompts, rate, concurrency and lengths it states) and the serve flags of its engine;
:mod:`gpucalc.validation.whole_runs` predicts it exactly as ``gpucalc bench`` does. Prints
each run and the median absolute error of median TTFT, P99 TTFT, median TPOT and request
throughput.

Measured on the 12 replayable runs (median |error| of median TTFT / P99 TTFT / median TPOT /
request throughput): before ``gpucalc bench`` (``gpucalc simulate`` with each run's mean lengths,
arrival kind and request count) 54 % / 61 % / 50 % / 107 %; through ``gpucalc bench`` 58 % / 79 % /
49 % / 41 %. The step times of the 8-GPU MoE runs (TPOT 3–4× too fast) dominate what is left.

Rows are skipped (and listed) when gpucalc has no profile for their engine (LMDeploy) or no
catalog entry for their model. GLM-4.6 is replayed as GLM-4.5, whose architecture it keeps
(355B total / 32B active, same layers and heads: zai-org's model card).
"""

from __future__ import annotations

import statistics

from gpucalc.catalog.bundled import Catalog
from gpucalc.validation.whole_runs import (
    RUN_METRICS,
    load_whole_runs,
    replay_run,
    run_errors,
)


def main() -> None:
    catalog = Catalog.load()
    collected: dict[str, list[float]] = {k: [] for k in RUN_METRICS}
    skipped: list[str] = []
    print(f"{'run':<18}{'TTFT p50 ms':>22}{'TTFT p99 ms':>22}{'TPOT p50 ms':>18}{'req/s':>14}")
    for row in load_whole_runs():
        try:
            prediction = replay_run(catalog, row)
        except ValueError as error:  # the planner says the model does not fit
            skipped.append(f"{row['id']} ({error})")
            continue
        if prediction is None:
            skipped.append(f"{row['id']} ({row['engine']}, {row['model'].split(' ')[0]})")
            continue
        m = row["measured"]
        err = run_errors(row, prediction)
        for key, value in err.items():
            collected[key].append(value)
        print(f"{row['id']:<18}"
              f"{prediction.ttft_ms.median:>10,.0f} /{m['ttft_ms']['p50']:>9,.0f}"
              f"{prediction.ttft_ms.p99:>12,.0f} /{m['ttft_ms']['p99']:>9,.0f}"
              f"{prediction.tpot_ms.median:>9.1f} /{m['tpot_ms']['p50']:>6.1f}"
              f"{prediction.request_throughput:>7.2f} /{m['request_throughput_req_s']:>5.2f}")
    print("predicted / measured; median |error| over "
          f"{len(collected['median TTFT'])} runs: " +
          ", ".join(f"{k} {statistics.median(v):.0%}" for k, v in collected.items() if v))
    if skipped:
        print("skipped (no engine profile, catalog model or GPU, or predicted not to fit): "
              + "; ".join(skipped))


if __name__ == "__main__":
    main()
