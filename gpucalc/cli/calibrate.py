"""``gpucalc compare-log`` and ``gpucalc calibrate``: measured figures against the estimate.

``compare-log`` reads an engine start-up log, fills the flags the command line left at their
defaults from the flags the log printed, and prints gpucalc's memory figures next to the
engine's. ``calibrate`` fits the efficiency factors to benchmark result files and, with
``--save``, stores them as a new engine profile in the user's tables.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.calibration import (
    CalibrationConflictError,
    save_calibration,
)
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.catalog.tables import TableValidationError
from gpucalc.catalog.user_store import UserStore, UserStoreError
from gpucalc.cli.args import (
    add_deployment_args,
    add_workload_args,
    deployment_from_args,
    targets_from_args,
    workload_from_args,
)
from gpucalc.cli.catalog import user_catalog
from gpucalc.cli.columns import cells, left, right
from gpucalc.cli.errors import cli_language
from gpucalc.cli.output import LINE_LABELS
from gpucalc.cli.uncertainty_output import factor_name
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.measured.log_compare import (
    DEFAULT_TOLERANCE,
    LogCalibration,
    LogComparison,
)
from gpucalc.core.measured.measured import MeasuredPoint
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.io.bench_results import read_bench_results
from gpucalc.io.engine_log import deployment_overrides, read_engine_log
from gpucalc.plan.calibration_job import (
    bench_profile,
    check_log,
    fit_bench,
    log_calibration,
    profile_id_from_name,
)
from gpucalc.text.catalog_text import catalog_name
from gpucalc.text.catalogue import translate
from gpucalc.text.notices import notice_text
from gpucalc.text.numbers import finite_json, strict_json
from gpucalc.text.terms import formula_text, unit_name

if TYPE_CHECKING:
    from gpucalc.core.measured.calibrate import CalibrationResult

# Flags the log may fill in, with the command line's default (left alone when the user set it).
LOG_FILLED_DEFAULTS: dict[str, Any] = {
    "engine": "vllm", "tensor_parallel_size": 1, "pipeline_parallel_size": 1, "max_model_len": None,
    "gpu_memory_utilization": None, "max_num_batched_tokens": None, "max_num_seqs": None,
    "kv_cache_dtype": "auto", "quantization": None, "dtype": None, "block_size": None,
    "gpu_memory_gib": None,
}
FLAG_TYPES: dict[str, type] = {"tensor_parallel_size": int, "pipeline_parallel_size": int,
                               "max_model_len": int, "max_num_batched_tokens": int,
                               "max_num_seqs": int, "block_size": int,
                               "gpu_memory_utilization": float, "gpu_memory_gib": float}


class CalibrationCliError(Exception):
    """A problem to report in one line (usage error)."""


def add_compare_log_args(compare: argparse.ArgumentParser) -> None:
    """The flags of ``compare-log`` (its parser and help line are the main parser's)."""
    compare.add_argument("logfile", help="vLLM, SGLang or TensorRT-LLM start-up log")
    compare.add_argument("model", help="catalog id, Hugging Face id, config.json or model folder")
    add_deployment_args(compare)
    add_workload_args(compare)
    compare.add_argument("--tolerance", type=float, default=DEFAULT_TOLERANCE,
                         help="relative difference flagged (default 0.05)")
    compare.add_argument("--calibrate", action="store_true",
                         help="turn the activation / runtime differences into a new engine profile")
    _add_save_args(compare)
    compare.add_argument("--json", action="store_true", help="one JSON object")


def add_calibrate_args(calibrate: argparse.ArgumentParser) -> None:
    """The flags of ``calibrate`` (its parser and help line are the main parser's)."""
    calibrate.add_argument("model", help="catalog id, Hugging Face id, config.json or model folder")
    add_deployment_args(calibrate)
    add_workload_args(calibrate)
    calibrate.add_argument("--bench", action="append", required=True, metavar="FILE",
                           help="benchmark result file (vllm bench serve / SGLang / genai-perf / "
                                "CSV); repeat for several")
    calibrate.add_argument("--holdout-share", type=float, default=0.5,
                           help="share of the points held out to check the fit (default 0.5; 0 "
                                "fits every point)")
    _add_save_args(calibrate)
    calibrate.add_argument("--json", action="store_true", help="one JSON object")


def _add_save_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default=None, help="name of the calibrated profile")
    parser.add_argument("--save", action="store_true", help="save the profile in your tables")
    parser.add_argument("--overwrite", action="store_true",
                        help="replace a profile of the same id")


def apply_log_flags(args: argparse.Namespace, overrides: dict[str, Any]) -> dict[str, Any]:
    """Set the flags left at their defaults from the log's; return what was applied."""
    applied: dict[str, Any] = {}
    for key, default in LOG_FILLED_DEFAULTS.items():
        if key not in overrides or getattr(args, key, default) != default:
            continue
        try:
            value = FLAG_TYPES.get(key, str)(overrides[key])
        except (TypeError, ValueError):
            continue
        if value != default:
            setattr(args, key, value)
            applied[key] = value
    return applied


def _inputs(args: argparse.Namespace, catalog: Catalog) -> PlanInputs:
    return resolve_inputs(catalog, args.model, args.gpu, deployment_from_args(args),
                          workload_from_args(args), targets_from_args(args),
                          quantization=args.quantization, dtype=args.dtype)


def _profile_name(args: argparse.Namespace) -> str | None:
    """``--name``, refused when it has no letter or digit to make a profile id from."""
    if args.name and not profile_id_from_name(args.name):
        raise CalibrationCliError(f"--name '{args.name}' has no letters or digits to make an id from")
    return args.name or None


def _save(args: argparse.Namespace, profile: EngineProfile) -> str:
    """Save when asked; the line telling the user what happened."""
    lang = cli_language(args)
    if not args.save:
        return translate("Cli", "Not saved: add --save to store it as engine profile '{id}' ({name}).",
                         lang).format(id=profile.id, name=profile.name)
    try:
        save_calibration(UserStore(), profile, overwrite=args.overwrite)
    except CalibrationConflictError as exc:
        raise CalibrationCliError(f"{exc} (--overwrite)") from exc
    except (TableValidationError, UserStoreError) as exc:
        raise CalibrationCliError(str(exc)) from exc
    return translate("Cli", "Saved engine profile '{id}' ({name}) in your tables; it is listed with the "
                            "engines in the window and accepted by compare-log / calibrate --engine {id}.",
                     lang).format(id=profile.id, name=profile.name)


# -- compare-log -----------------------------------------------------------------------------

NOT_REPORTED = QT_TRANSLATE_NOOP("Cli", "not reported")
"""What the table shows for a figure that is not a finite number (``null`` in ``--json``)."""
COMPARED_FIGURES = {**LINE_LABELS, "kv_cache_tokens": QT_TRANSLATE_NOOP("Cli", "KV cache tokens"),
                    "max_concurrency": QT_TRANSLATE_NOOP("Cli", "max concurrency")}
"""The compared figures by key, in the memory table's words (context "Cli")."""


def _format_value(value: float, unit: str, lang: str) -> str:
    if not math.isfinite(value):
        return translate("Cli", NOT_REPORTED, lang)
    if unit == "GiB":
        return f"{value:,.2f} GiB"
    if unit == "tokens":
        return f"{value:,.0f} {unit_name(unit, lang)}"
    return f"{value:,.2f} {unit_name(unit, lang)}"


def _figure_label(key: str, label: str, lang: str) -> str:
    return translate("Cli", COMPARED_FIGURES[key], lang) if key in COMPARED_FIGURES else label


def comparison_table(comparison: LogComparison, title: str, lang: str = "en") -> str:
    """The side-by-side table as text in ``lang``."""
    lines = [title, "", left(translate("Cli", "figure", lang), 22) + right("gpucalc", 18)
             + right(translate("Cli", "engine log", lang), 18)
             + right(translate("Cli", "difference", lang), 26)]
    for line in comparison.lines:
        relative = f" ({line.relative:+.1%})" if line.relative is not None else ""
        mark = "  ◀ " + translate("Cli", "beyond tolerance", lang) if line.flagged else ""
        lines.append(left(_figure_label(line.key, line.label, lang), 22)
                     + right(_format_value(line.estimate.value, line.unit, lang), 18)
                     + right(_format_value(line.measured, line.unit, lang), 18)
                     + right(_format_value(line.difference, line.unit, lang) + relative, 26) + mark)
    lines.append("")
    lines.append(translate("Cli", "{flagged} of {total} figures differ by more than {tolerance}.",
                           lang).format(flagged=len(comparison.flagged), total=len(comparison.lines),
                                        tolerance=f"{comparison.tolerance:.0%}"))
    lines += [_note(notice_text(n, lang), lang) for n in comparison.notices]
    return "\n".join(lines)


def _note(text: str, lang: str) -> str:
    return translate("Cli", "note: {note}", lang).format(note=text)


def comparison_json(comparison: LogComparison) -> dict[str, Any]:
    """The comparison as strict JSON data.

    A figure that is not finite is ``null`` ("not reported" in the table); ``relative`` is
    ``null`` when the measured figure is 0.
    """
    data: dict[str, Any] = finite_json({
        "engine": comparison.engine, "engine_version": comparison.engine_version,
        "tolerance": comparison.tolerance,
        "lines": [{"key": line.key, "label": line.label, "unit": line.unit,
                   "estimate": line.estimate.value, "measured": line.measured,
                   "difference": line.difference, "relative": line.relative,
                   "flagged": line.flagged, "formula": line.estimate.formula}
                  for line in comparison.lines],
        "notices": [{"code": n.code, "text": notice_text(n)} for n in comparison.notices],
    })
    return data


def _calibration_text(calibration: LogCalibration, lang: str = "en") -> str:
    lines = [translate("Cli", "Calibrated profile '{id}' ({name}):", lang).format(
        id=calibration.profile.id, name=calibration.profile.name)]
    lines += [f"  {t.key:<34} {t.value:8.3f} {t.unit}   ("
              + translate("Cli", "{formula}; was {old}", lang).format(formula=formula_text(t, lang),
                                                                      old=t.inputs.get("old_gib")) + ")"
              for t in calibration.changes]
    lines += [_note(notice_text(n, lang), lang) for n in calibration.notices]
    return "\n".join(lines)


def run_compare_log(args: argparse.Namespace) -> int:
    """``gpucalc compare-log``: print the log's memory figures next to the estimate."""
    if not 0 <= args.tolerance < math.inf:
        raise CalibrationCliError("--tolerance is a relative difference of 0 or more (0.05 is 5 %)")
    measured = read_engine_log(Path(args.logfile))
    applied = apply_log_flags(args, deployment_overrides(measured))
    catalog = user_catalog(cli_language(args))
    inputs = _inputs(args, catalog)
    check = check_log(inputs, measured, tolerance=args.tolerance)
    comparison = check.comparison
    calibration = None
    if args.calibrate or args.save:
        name = _profile_name(args)
        try:
            calibration = log_calibration(check, measured, name)
        except ValueError as exc:
            raise CalibrationCliError(str(exc)) from exc
    saved = _save(args, calibration.profile) if calibration is not None else None
    if args.json:
        data = comparison_json(comparison)
        data["flags_from_log"] = applied
        if calibration is not None:
            data["calibration"] = {"profile_id": calibration.profile.id,
                                   "name": calibration.profile.name,
                                   "changes": [t.model_dump() for t in calibration.changes],
                                   "saved": bool(args.save)}
        print(strict_json(data))
        return 0
    engine = f"{measured.engine or '?'} {measured.engine_version or ''}".strip()
    lang = cli_language(args)
    title = translate("Cli", "{model} on {gpu}, {engine} profile — log: {log} ({file})", lang).format(
        model=catalog_name(inputs.model.name, lang), gpu=catalog_name(inputs.gpu.name, lang),
        engine=inputs.engine.name, log=engine, file=args.logfile)
    print(comparison_table(comparison, title, lang))
    if applied:
        print(translate("Cli", "flags from the log: {flags}", lang).format(
            flags=", ".join(f"{k}={v}" for k, v in applied.items())))
    if calibration is not None:
        print()
        print(_calibration_text(calibration, cli_language(args)))
        print(saved)
    return 0


# -- calibrate -------------------------------------------------------------------------------

def _points(paths: list[str]) -> list[MeasuredPoint]:
    points: list[MeasuredPoint] = []
    for path in paths:
        points += read_bench_results(Path(path))
    return points


def _percent(errors: dict[str, float], metric: str) -> str:
    return f"{errors[metric]:.1%}" if metric in errors else "—"


ERROR_METRICS = {"throughput": QT_TRANSLATE_NOOP("Cli", "throughput"),
                 "ttft": QT_TRANSLATE_NOOP("Cli", "ttft"),
                 "tpot": QT_TRANSLATE_NOOP("Cli", "tpot")}
"""The fitted metrics by key (context "Cli")."""


def calibration_text(result: CalibrationResult, profile: EngineProfile, seconds: float,
                     lang: str = "en") -> str:
    """The fitted factors with ± and the errors before and after, as text in ``lang``."""
    def tr(text: str) -> str:
        return translate("Cli", text, lang)

    lines = [translate("Cli", "Fitted {name} on {fit} point(s), {held} held out, {iterations} iterations, "
                              "{seconds} s", lang).format(
        name=profile.name, fit=result.fit_count, held=result.holdout_count, iterations=result.iterations,
        seconds=f"{seconds:.2f}"), ""]
    names = [factor_name(fit.name, lang) for fit in result.factors]
    width = max([20, *(cells(n) + 2 for n in names)])
    lines.append(left(translate("Cli", "factor", lang), width) + right(translate("Cli", "default", lang), 10)
                 + right(translate("Cli", "fitted", lang), 10) + right("±", 10))
    for fit, name in zip(result.factors, names, strict=True):
        spread = f"{fit.plus_minus:.3g}" if fit.plus_minus is not None else translate("Cli", "fixed", lang)
        lines.append(f"{left(name, width)}{fit.before:>10.3g}{fit.after:>10.3g}{right(spread, 10)}")
    lines += ["", left(translate("Cli", "median |error|", lang), 16)
              + right(translate("Cli", "fit: before", lang), 13) + right(translate("Cli", "after", lang), 9)
              + right(translate("Cli", "held out: before", lang), 19)
              + right(translate("Cli", "after", lang), 9)]
    for metric, metric_name in ERROR_METRICS.items():
        if metric in result.fit_errors_before or metric in result.holdout_errors_before:
            lines.append(f"{left(tr(metric_name), 16)}{_percent(result.fit_errors_before, metric):>13}"
                         f"{_percent(result.fit_errors_after, metric):>9}"
                         f"{_percent(result.holdout_errors_before, metric):>19}"
                         f"{_percent(result.holdout_errors_after, metric):>9}")
    held = result.holdout_log_error_before
    lines.append(f"{left(translate('Cli', 'mean |ln error|', lang), 16)}{result.fit_log_error_before:>13.3f}"
                 f"{result.fit_log_error_after:>9.3f}"
                 f"{(f'{held:.3f}' if held is not None else '—'):>19}"
                 f"{(f'{result.holdout_log_error_after:.3f}' if held is not None else '—'):>9}")
    return "\n".join(lines)


def run_calibrate(args: argparse.Namespace) -> int:
    """``gpucalc calibrate``: fit the efficiency factors to benchmark results."""
    if not 0 <= args.holdout_share < 1:
        raise CalibrationCliError("--holdout-share is a share in [0, 1)")
    points = _points(args.bench)
    catalog = user_catalog(cli_language(args))
    inputs = _inputs(args, catalog)
    name = _profile_name(args)
    try:
        fitted = fit_bench(inputs, points, args.holdout_share, source=", ".join(args.bench))
    except ValueError as exc:
        raise CalibrationCliError(str(exc)) from exc
    result, seconds = fitted.result, fitted.seconds
    profile = bench_profile(inputs, result, name)
    saved = _save(args, profile)
    from gpucalc.cli.args import scenario_from_flags
    from gpucalc.cli.measurement import marks_line, plan_check

    check = plan_check(catalog, scenario_from_flags(args), inputs, points)
    if args.json:
        data = result.model_dump(mode="json")
        data.update(profile_id=profile.id, profile_name=profile.name, saved=bool(args.save),
                    fit_seconds=seconds)
        if check is not None:
            data["measurement_plan_marks"] = {s.step.value: s.mark.value for s in check.steps}
        print(strict_json(data))
        return 0
    lang = cli_language(args)
    print(calibration_text(result, profile, seconds, lang))
    if check is not None:
        print("\n" + translate("Cli", "Measurement plan, against the estimate before this fit (details: "
                                      "gpucalc test-plan … --results FILE…): {marks}", lang).format(
            marks=marks_line(check, lang)))
    print()
    print(saved)
    return 0


__all__ = ["CalibrationCliError", "add_calibrate_args", "add_compare_log_args", "run_calibrate",
           "run_compare_log"]
