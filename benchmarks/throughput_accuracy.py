"""Throughput / TTFT / TPOT accuracy against published runs, side by side with a pure roofline.

Run: ``python -m benchmarks.throughput_accuracy``. Rows gpucalc cannot express are left out here;
``python -m benchmarks.generalisation`` lists them with the reason and scores the rest per
source group, in and out of sample.
"""

from __future__ import annotations

import statistics

from gpucalc.catalog.bundled import Catalog
from gpucalc.validation.throughput_cases import (
    ROOFLINE,
    load_throughput_cases,
    measured_metrics,
    predict,
    relative_errors,
)

METRICS = ("throughput", "ttft", "tpot")


def main() -> None:
    catalog = Catalog.load()
    model_errors: dict[str, list[float]] = {m: [] for m in METRICS}
    roof_errors: dict[str, list[float]] = {m: [] for m in METRICS}
    print(f"{'case':<16} {'setup':<52} {'metric':<10} {'measured':>10} {'gpucalc':>10} {'err':>7}"
          f" {'roofline':>10} {'err':>7}")
    for case in load_throughput_cases(catalog):
        ours, roof = predict(case), predict(case, ROOFLINE)
        errs, roof_errs = relative_errors(case, ours), relative_errors(case, roof)
        values = {"throughput": (ours.output_tok_s, roof.output_tok_s),
                  "ttft": (ours.ttft_ms, roof.ttft_ms), "tpot": (ours.itl_ms, roof.itl_ms)}
        measured_values = measured_metrics({"measured": case.measured})
        for metric, err in errs.items():
            model_errors[metric].append(abs(err))
            roof_errors[metric].append(abs(roof_errs[metric]))
            measured = measured_values[metric]
            print(f"{case.id:<16} {case.label[:52]:<52} {metric:<10} {measured:>10,.1f} "
                  f"{values[metric][0]:>10,.1f} {err:>+7.0%} {values[metric][1]:>10,.1f} "
                  f"{roof_errs[metric]:>+7.0%}")
    print()
    print(f"{'metric':<12}{'cases':>6}{'gpucalc median |err|':>22}{'roofline median |err|':>23}")
    for metric in METRICS:
        ours_list, roof_list = model_errors[metric], roof_errors[metric]
        print(f"{metric:<12}{len(ours_list):>6}{statistics.median(ours_list):>22.1%}"
              f"{statistics.median(roof_list):>23.1%}")


if __name__ == "__main__":
    main()
