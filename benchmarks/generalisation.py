"""Generalisation, not fit: accuracy per source group with the constants fitted elsewhere.

Run: ``python -m benchmarks.generalisation [--write]``.

Every row of ``specs/validation/`` that gpucalc can express is scored on its metrics (KV
capacity; output throughput, TTFT, TPOT of published runs; median TTFT, P99 TTFT, median TPOT and
request throughput of whole runs replayed through ``gpucalc bench``'s path) three ways:

- as shipped: the constants in ``specs/engines/`` today;
- in sample: the constants tuned on validation rows, fitted on all source groups;
- out of sample: fitted on every source group but the row's own (leave-one-source-out).

It prints the headline table (median |error| per metric, out of sample with its P90), the table
per metric and source group, the residuals by regime, the largest out-of-sample errors, the
fitted constants, and every row it cannot express or predict, with the reason. ``--write``
stores the out-of-sample residuals with their regime tags in ``specs/validation/residuals.json``
(:mod:`gpucalc.validation.residuals`), for the uncertainty bands.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
from pathlib import Path

from gpucalc import __version__
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.storage import atomic_write_text
from gpucalc.validation.constants import fitted_constants
from gpucalc.validation.evaluation import (
    VARIANTS,
    CaseScores,
    Evaluation,
    evaluate,
    groups_of,
    median,
    metrics_of,
    p90,
)
from gpucalc.validation.fitting import MAX_ITERATIONS, PRIOR_WEIGHT, ConstantFitter
from gpucalc.validation.metrics import METRIC_LABELS
from gpucalc.validation.regimes import VOCABULARY
from gpucalc.validation.residuals import (
    ResidualFile,
    ResidualRow,
    default_path,
    method_text,
    summarise,
    vocabulary,
)
from gpucalc.validation.scoring import Predictor

ROOT = Path(__file__).resolve().parents[1]
LARGEST = 25
REGIME_TAGS = ("architecture", "engine", "gpu_kernels", "vendor", "parallel", "speculative",
               "arrival", "precision")
RUN_METRICS = ("throughput", "ttft", "tpot", "run_ttft_median", "run_ttft_p99", "run_tpot_median",
               "run_request_throughput")


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def headline_table(evaluation: Evaluation) -> list[str]:
    """Markdown: per metric, rows scored and median |error| as shipped, in and out of sample."""
    lines = ["| metric | rows | groups | as shipped | in-sample | out-of-sample median | "
             "out-of-sample P90 |", "|---|---|---|---|---|---|---|"]
    for metric in metrics_of(evaluation):
        oos = evaluation.errors("out_of_sample", metric)
        lines.append(
            f"| {METRIC_LABELS[metric]} | {len(oos)} of {evaluation.measured_count(metric)} | "
            f"{len(groups_of(evaluation, metric))} | {_medians(evaluation, metric, None, bold=True)}"
            f" {_pct(p90(oos))} |")
    return lines


def _medians(evaluation: Evaluation, metric: str, group: str | None, bold: bool = False) -> str:
    """'shipped | in-sample | out-of-sample |' medians of |error| (out of sample bold if asked)."""
    shipped, inside, outside = (_pct(median(evaluation.errors(v, metric, group))) for v in VARIANTS)
    return f"{shipped} | {inside} | {f'**{outside}**' if bold else outside} |"


def group_table(evaluation: Evaluation) -> list[str]:
    """Markdown: per metric and source group, median |error| in and out of sample."""
    lines = ["| metric | source group | rows | as shipped | in-sample | out-of-sample |",
             "|---|---|---|---|---|---|"]
    for metric in metrics_of(evaluation):
        for group in groups_of(evaluation, metric):
            rows = len(evaluation.errors("out_of_sample", metric, group))
            lines.append(f"| {METRIC_LABELS[metric]} | `{group}` | {rows} | "
                         f"{_medians(evaluation, metric, group)}")
    return lines


def regime_table(evaluation: Evaluation) -> list[str]:
    """Markdown: out-of-sample |error| by regime, runs' figures pooled, KV capacity apart."""
    lines = ["| tag | value | run figures | median | P90 | KV logs | median | P90 |",
             "|---|---|---|---|---|---|---|---|"]
    for tag in REGIME_TAGS:
        for value in VOCABULARY[tag]:
            chosen = [s for s in evaluation.scores if s.case.tags[tag] == value]
            runs = [e for m in RUN_METRICS for e in evaluation.errors("out_of_sample", m, only=chosen)]
            kv = evaluation.errors("out_of_sample", "kv_tokens", only=chosen)
            if runs or kv:
                lines.append(f"| {tag} | {value} | {len(runs)} | {_pct(median(runs))} | "
                             f"{_pct(p90(runs))} | {len(kv)} | {_pct(median(kv))} | {_pct(p90(kv))} |")
    return lines


def _tag_line(score: CaseScores) -> str:
    tags = score.case.tags
    return "/".join(tags[t] for t in ("architecture", "engine", "parallel", "arrival", "precision"))


def largest_errors(evaluation: Evaluation, count: int = LARGEST) -> list[str]:
    """The out-of-sample errors furthest from the measurement (by |ln(predicted ÷ measured)|)."""
    found = [(abs(score.log_error("out_of_sample", m) or 0.0), score, m)
             for score in evaluation.scores for m in score.case.measured
             if score.log_error("out_of_sample", m) is not None]
    found.sort(key=lambda item: (-item[0], item[1].case.id, item[2]))
    lines = [f"{'row':<17}{'group':<27}{'metric':<24}{'measured':>11}{'predicted':>11}{'error':>9}"
             "  regime (architecture/engine/parallel/arrival/weights)"]
    for _, score, metric in found[:count]:
        measured = score.case.measured[metric]
        predicted = score.predicted["out_of_sample"][metric]
        lines.append(f"{score.case.id:<17}{score.case.group[:26]:<27}{metric:<24}{measured:>11,.1f}"
                     f"{predicted:>11,.1f}{predicted / measured - 1:>+9.0%}  {_tag_line(score)}")
    return lines


def constants_table(evaluation: Evaluation) -> list[str]:
    """Shipped, in-sample and the range over the leave-one-out folds of every constant moved."""
    moved = set(evaluation.in_sample.moved) | {k for f in evaluation.folds.values() for k in f.moved}
    lines = [f"{'constant':<48}{'unit':<16}{'shipped':>10}{'in-sample':>11}{'out-of-sample folds':>22}"]
    for constant in fitted_constants(step=True):
        key = constant.key
        if key not in moved:
            continue
        folds = [f.values[key] for f in evaluation.folds.values()]
        lines.append(f"{key:<48}{constant.unit:<16}{evaluation.prior[key]:>10.4g}"
                     f"{evaluation.in_sample.values[key]:>11.4g}"
                     f"{f'{min(folds):.4g} – {max(folds):.4g}':>22}")
    return lines


def unexpressed(evaluation: Evaluation) -> list[str]:
    """Rows gpucalc cannot express and cases it gives no figure for, with the reasons."""
    lines = [f"{u.id:<17}{u.group:<27}{u.reason}" for u in evaluation.unscored]
    lines += [f"{s.case.id:<17}{s.case.group:<27}no prediction: {s.missing['out_of_sample']}"
              for s in evaluation.scores if "out_of_sample" in s.missing]
    return lines


def residual_rows(evaluation: Evaluation) -> list[ResidualRow]:
    """Every out-of-sample prediction as a residual row."""
    rows = []
    for score in evaluation.scores:
        for metric, measured in score.case.measured.items():
            log_error = score.log_error("out_of_sample", metric)
            if log_error is None:
                continue
            rows.append(ResidualRow(
                id=score.case.id, file=score.case.file, group=score.case.group, metric=metric,
                measured=measured, predicted=score.predicted["out_of_sample"][metric],
                log_error=round(log_error, 6),
                in_sample_log_error=_rounded(score.log_error("in_sample", metric)),
                shipped_log_error=_rounded(score.log_error("shipped", metric)),
                support=score.support, tags=dict(score.case.tags)))
    return rows


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=False, timeout=10)
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


def residual_file(evaluation: Evaluation) -> ResidualFile:
    """The residual file of this evaluation."""
    rows = residual_rows(evaluation)
    unscored = {u.id: u.reason for u in evaluation.unscored}
    unscored.update({s.case.id: f"no prediction: {s.missing['out_of_sample']}"
                     for s in evaluation.scores if "out_of_sample" in s.missing})
    return ResidualFile(
        generated=datetime.date.today().isoformat(), gpucalc_version=__version__,
        commit=_commit(), method=method_text({"prior_weight": PRIOR_WEIGHT,
                                              "max_iterations": MAX_ITERATIONS}),
        vocabulary=vocabulary(), rows=rows, summary=summarise(rows), unscored=unscored)


def write_residuals(evaluation: Evaluation, path: Path | None = None) -> Path:
    """Write the residual file atomically; the path written."""
    target = path or default_path()
    document = residual_file(evaluation).model_dump(mode="json")
    atomic_write_text(target, one_row_per_line(document))
    return target


def one_row_per_line(document: dict[str, object]) -> str:
    """JSON with the header indented and each row and summary entry on a line of its own."""
    lists = ("rows", "summary")
    head = {k: v for k, v in document.items() if k not in lists}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    for key in lists:
        items = document[key]
        assert isinstance(items, list)
        lines = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in items)
        text += f",\n \"{key}\": [\n{lines}\n ]"
    return text + "\n}\n"


def print_report(evaluation: Evaluation) -> None:
    """Every table of the benchmark."""
    cases = len(evaluation.scores)
    print(f"{cases} rows scored, {len(evaluation.unscored)} not expressible, "
          f"{len(evaluation.folds)} source groups; variants: {', '.join(VARIANTS)}")
    print("\nHeadline: median |predicted ÷ measured − 1| (out of sample = constants fitted on "
          "the other source groups only)\n")
    print("\n".join(headline_table(evaluation)))
    print("\nPer metric and source group\n")
    print("\n".join(group_table(evaluation)))
    print("\nOut-of-sample |error| by regime (run figures: the seven throughput / latency "
          "metrics pooled)\n")
    print("\n".join(regime_table(evaluation)))
    print(f"\nLargest out-of-sample errors ({LARGEST})\n")
    print("\n".join(largest_errors(evaluation)))
    print("\nFitted constants that moved (shipped → in sample; range over the leave-one-out "
          "folds)\n")
    print("\n".join(constants_table(evaluation)))
    print("\nNot scored (cannot be expressed, or no prediction)\n")
    print("\n".join(unexpressed(evaluation)))
    print(f"\nwhole benchmark: {evaluation.seconds:.0f} s (in-sample fit "
          f"{evaluation.in_sample.seconds:.0f} s, {len(evaluation.folds)} leave-one-out fits "
          f"{sum(f.seconds for f in evaluation.folds.values()):.0f} s)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true",
                        help="store the out-of-sample residuals in specs/validation/residuals.json")
    parser.add_argument("--refit-step", action="store_true",
                        help="refit the step constants too (not the shipped procedure: see "
                             "gpucalc/validation/constants.py for why)")
    args = parser.parse_args(argv)
    if args.write and args.refit_step:
        parser.error("--write stores the shipped procedure's residuals; leave out --refit-step")
    fitter = ConstantFitter(Predictor(), step_constants=True) if args.refit_step else None
    evaluation = evaluate(Catalog.load(), fitter)
    print_report(evaluation)
    if args.write:
        print(f"\nwrote {write_residuals(evaluation)}")


if __name__ == "__main__":
    main()
