"""``gpucalc bench``: the summary a pasted benchmark command would print, predicted.

``gpucalc bench --gpu ID [serve flags | --scenario FILE] [--json] -- <client command>``; the
client command is ``vllm bench serve …``, ``python benchmarks/benchmark_serving.py …``,
``python -m sglang.bench_serving …``, ``genai-perf profile …`` or ``trtllm-bench … throughput …``
(one quoted string or the words after ``--``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from gpucalc.cli.args import add_deployment_args, add_workload_args, scenario_from_flags
from gpucalc.cli.catalog import user_catalog
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.numbers import strict_json


def add_bench_args(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bench`` (its parser and help line are the main parser's)."""
    parser.add_argument("--model", default=None,
                        help="model served (default: the pasted command's --model)")
    parser.add_argument("--scenario", metavar="FILE", default=None,
                        help="a .gpucalc.json scenario (instead of --gpu and the serve flags)")
    add_deployment_args(parser)
    add_workload_args(parser)
    parser.set_defaults(engine=None)
    for action in parser._actions:  # --gpu is optional with --scenario
        if action.dest == "gpu":
            action.required = False
            action.default = None
    parser.add_argument("--tool-version", default=None, metavar="X.Y.Z",
                        help="release of the benchmark client (older benchmark_serving.py read "
                             "--random-range-ratio differently)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--save-result", metavar="FILE", default=None,
                        help="also write the prediction as the client saves its results (what "
                             "gpucalc calibrate reads)")
    parser.add_argument("client_command", nargs=argparse.REMAINDER,
                        help="-- then the benchmark command")


def _command_text(words: list[str]) -> str:
    if words and words[0] == "--":
        words = words[1:]
    if not words:
        from gpucalc.cli.errors import CliError

        raise CliError(QT_TRANSLATE_NOOP("Errors", "paste the benchmark command after --, e.g. gpucalc "
                                                   "bench --gpu h100-sxm-80gb -- vllm bench serve "
                                                   "--model M --num-prompts 200"))
    return words[0] if len(words) == 1 else shlex.join(words)


def run_bench(args: argparse.Namespace) -> int:
    """Print the predicted summary (or JSON); optionally save the client's result file."""
    from gpucalc.catalog.storage import atomic_write_text
    from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, SCENARIO_REFUSED, CliError, cli_language
    from gpucalc.plan.bench_parse import BenchCommandError, parse_bench_command
    from gpucalc.plan.bench_report import prediction_json, result_file_text, tool_summary
    from gpucalc.plan.bench_run import bench_scenario, predict_scenario
    from gpucalc.plan.scenario_file import ScenarioFileError, load_scenario

    try:
        spec = parse_bench_command(_command_text(args.client_command), args.tool_version)
    except BenchCommandError as exc:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "benchmark command: {reason}"), cause=exc) from exc
    model_given = bool(args.scenario) or args.model is not None
    if args.scenario:
        try:
            base = load_scenario(Path(args.scenario))
        except ScenarioFileError as exc:
            raise CliError(SCENARIO_REFUSED, cause=exc, file=args.scenario) from exc
        engine_given = True
    else:
        if not args.gpu:
            raise CliError(QT_TRANSLATE_NOOP("Errors", "give --gpu ID (and the serve flags), or --scenario "
                                                       "FILE"))
        engine_given = args.engine is not None
        args.engine = args.engine or "vllm"
        args.model = args.model or spec.model or "unset"  # replaced below by the pasted model
        base = scenario_from_flags(args)
    try:
        scenario = bench_scenario(base, spec, model_given=model_given, engine_given=engine_given)
        prediction = predict_scenario(user_catalog(cli_language(args)), scenario, spec)
    except ValueError as exc:
        code = EXIT_DOES_NOT_FIT if "does not fit" in str(exc) else 2
        raise CliError("", code, cause=exc) from exc
    if args.save_result:
        atomic_write_text(Path(args.save_result), result_file_text(prediction, scenario.model))
    if args.json:
        print(strict_json(prediction_json(prediction)))
    else:
        sys.stdout.write(tool_summary(prediction) + "\n")
    return 0
