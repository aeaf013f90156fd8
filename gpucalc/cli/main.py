"""``gpucalc`` entry point: the window with no arguments, sub-commands otherwise."""

from __future__ import annotations

import argparse
import io
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from gpucalc import __version__
from gpucalc.cli.errors import (
    ERRORS,
    EXIT_DOES_NOT_FIT,
    EXIT_USAGE,
    CliError,
    cli_language,
)
from gpucalc.cli.streams import (
    EXIT_OUTPUT,
    GuardedStream,
    OutputWriteError,
    guarded_streams,
    say_on_stderr,
)
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import LANGUAGES, environment_language
from gpucalc.text.numbers import NOT_FINITE_CONVENTION, strict_json

if TYPE_CHECKING:
    from gpucalc.catalog.bundled import Catalog
    from gpucalc.core.specs.inputs import PlanInputs
    from gpucalc.core.specs.scenario import Scenario

MAX_SWEEP_POINTS = 10_000  # planning lengths of one context sweep (about a second)
LANG_HELP = "language of messages and text output: en or zh (default: from the locale)"

ArgsAdder = Callable[[argparse.ArgumentParser], None]
Runner = Callable[[argparse.Namespace], int]


def add_language_arg(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a sub-command too (``gpucalc estimate … --lang zh``); unset keeps the global one.

    A sub-command with a ``--lang`` of its own (the window's, the report's) keeps it.
    """
    if any("--lang" in action.option_strings for action in parser._actions):
        return
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=LANG_HELP)


@dataclass(frozen=True)
class SubCommand:
    """A sub-command: its line in ``gpucalc --help``, its flags and what runs it.

    ``add_args`` and ``run`` import the modules they need when called, so a command loads only
    its own code and ``gpucalc --help`` loads none.
    """

    help: str
    add_args: ArgsAdder
    run: Runner


def _args_of(module: str, name: str) -> ArgsAdder:
    """``module.name(parser)``, the module imported on the first call."""
    def add_args(parser: argparse.ArgumentParser) -> None:
        adder: ArgsAdder = getattr(import_module(module), name)
        adder(parser)
    return add_args


def _run_of(module: str, name: str) -> Runner:
    """``module.name(args)``: the module imported on the first call, the function looked up at each."""
    def run(args: argparse.Namespace) -> int:
        runner: Runner = getattr(import_module(module), name)
        return runner(args)
    return run


class _LazyParsers(dict[str, argparse.ArgumentParser]):
    """The sub-command parsers by name, each given its flags when argparse first looks it up.

    Parsing reads only the parser of the command given, and the main help only the names and
    help lines, so the flags (and the modules they come from) of every other command are never
    built.
    """

    def __init__(self) -> None:
        super().__init__()
        self.pending: dict[str, ArgsAdder] = {}

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        parser = super().__getitem__(name)
        add_args = self.pending.pop(name, None)
        if add_args is not None:
            add_args(parser)
            add_language_arg(parser)
        return parser


def build_parser(lazy: bool = False) -> argparse.ArgumentParser:
    """The argument parser of every sub-command.

    ``lazy``: each sub-command's flags are added when that command is parsed (what ``gpucalc``
    itself uses); otherwise all of them at once, for callers that read every sub-parser.
    """
    parser = argparse.ArgumentParser(
        prog="gpucalc",
        description="Offline GPU inference capacity planner. Run without arguments for the window.",
        epilog=f"{NOT_FINITE_CONVENTION} Exit codes: 0 done, 2 bad input, 3 the model does not "
               f"fit or no GPU meets the targets, 70 internal error (rerun with {DEBUG_VARIABLE}=1 "
               "for the details).",
    )
    parser.add_argument("--version", action="version", version=f"gpucalc {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=LANG_HELP)
    sub = parser.add_subparsers(dest="command")
    parsers = _LazyParsers()
    # argparse looks a command's parser up in this map (and checks the choice against it)
    sub._name_parser_map = parsers
    sub.choices = parsers
    for name, command in SUB_COMMANDS.items():
        sub.add_parser(name, help=command.help)
        parsers.pending[name] = command.add_args
    if not lazy:
        for name in list(parsers):
            parsers[name]
    return parser


def _add_estimate_args(estimate: argparse.ArgumentParser) -> None:
    """The flags of ``estimate``."""
    from gpucalc.cli.args import add_uncertainty_args
    from gpucalc.cli.scenario_source import add_scenario_source

    add_scenario_source(estimate)  # MODEL --gpu ID and the flags, or --scenario FILE as report takes
    _add_load_args(estimate)
    add_uncertainty_args(estimate)
    estimate.add_argument("--json", action="store_true", help="one JSON object")


def _add_sweep_args(sweep: argparse.ArgumentParser) -> None:
    """The flags of ``sweep``."""
    from gpucalc.cli.args import add_deployment_args, add_workload_args, bounded_int

    sweep.add_argument("model")
    add_deployment_args(sweep)
    add_workload_args(sweep)
    sweep.add_argument("--axis", choices=["context", "concurrency"], default="context")
    sweep.add_argument("--points", type=bounded_int(2, MAX_SWEEP_POINTS), default=64,
                       help="number of planning-length points (the scenario's own is added), "
                            f"2 to {MAX_SWEEP_POINTS:,}")
    _add_output_format(sweep)


def _add_size_args(size: argparse.ArgumentParser) -> None:
    """The flags of ``size``."""
    from gpucalc.cli.args import add_deployment_args, add_workload_args, bounded_int
    from gpucalc.core.fleet.fleet import DEFAULT_SPARE_REPLICAS, MAX_SPARE_REPLICAS

    size.add_argument("--model", required=True)
    size.add_argument("--gpus", default="", help="comma-separated GPU ids (default: whole catalog)")
    size.add_argument("--redundancy", type=bounded_int(0, MAX_SPARE_REPLICAS),
                      default=DEFAULT_SPARE_REPLICAS,
                      help=f"spare replicas (N + k), 0 to {MAX_SPARE_REPLICAS}")
    size.add_argument("--average-only", action="store_true",
                      help="size for average QPS (peaks queue or are rate-limited)")
    add_deployment_args(size, searched=True)
    add_workload_args(size)
    _add_output_format(size, table=True)


def _add_models_args(models: argparse.ArgumentParser) -> None:
    """The flags of ``models``."""
    models.add_argument("--search", default="", help="filter by text")


def _add_gpus_args(gpus: argparse.ArgumentParser) -> None:
    """The flags of ``gpus``."""
    gpus.add_argument("--json", action="store_true", help="one JSON list, each price with its source")


def _add_no_args(parser: argparse.ArgumentParser) -> None:
    """A command without flags of its own (``networks``)."""


def _add_lengths_args(lengths: argparse.ArgumentParser) -> None:
    """The flags of ``lengths``."""
    lengths.add_argument("file", help="CSV or JSON Lines of per-request input/output token counts")
    lengths.add_argument("--json", action="store_true", help="one JSON object")


def _add_gui_args(gui: argparse.ArgumentParser) -> None:
    """The flags of ``gpucalc gui``."""
    gui.add_argument("--screenshot", metavar="FILE", default=None,
                     help="render the window once the first result is in, write a PNG and exit")
    gui.add_argument("--scenario", metavar="FILE", default=None, help="a .gpucalc.json scenario file")
    gui.add_argument("--tab", default=None, choices=["bottleneck", "memory", "sweep", "load", "grid",
                                                     "sizing", "uncertainty", "simulate", "compare",
                                                     "checklist"],
                     help="with --screenshot: the result tab to show")
    gui.add_argument("--theme", choices=["system", "light", "dark"], default=None,
                     help="colour theme (default: the saved choice, else the system's)")
    gui.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                     help="interface language (default: the saved choice, else the system locale)")
    gui.add_argument("--size", metavar="WxH", type=_screen_size, default=None,
                     help="with --screenshot: the picture's size in screen pixels, e.g. 1366x768 "
                          "(default 1480x920)")
    gui.add_argument("--scale", type=_scale_factor, default=None,
                     help="with --screenshot: the desktop's scaling, e.g. 1.25 for 125 %% (the window "
                          "is then --size divided by it, in logical pixels)")


def _add_load_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("load (default: offline maximum, all requests queued)")
    exclusive = group.add_mutually_exclusive_group()
    exclusive.add_argument("--concurrency", type=int, default=None, help="clients in a closed loop")
    exclusive.add_argument("--request-rate", type=float, default=None, help="Poisson arrivals, req/s")
    group.add_argument("--num-prompts", type=int, default=1000, help="requests in the run")


def _add_output_format(parser: argparse.ArgumentParser, table: bool = False) -> None:
    fmt = parser.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--csv", action="store_true")
    if table:
        fmt.add_argument("--table", action="store_true", help="readable table (default)")


def run_estimate(args: argparse.Namespace) -> int:
    """``gpucalc estimate``: the memory picture, the two measures, the fleet and the bands."""
    from gpucalc.cli.estimate_output import estimate_json, estimate_text
    from gpucalc.core.capacity.calculate import LoadRequest
    from gpucalc.plan.compute import PlanOptions, plan_inputs
    from gpucalc.text.notices import notice_text

    catalog, scenario, inputs = _scenario_inputs(args, from_file=True)
    load = LoadRequest(concurrency=args.concurrency, request_rate=args.request_rate,
                       num_prompts=args.num_prompts)
    plan = plan_inputs(catalog, scenario, inputs,
                       PlanOptions(load=load, views=False, uncertainty=args.uncertainty))
    result = plan.memory
    if args.json:
        print(strict_json(estimate_json(plan)))
    else:
        print(estimate_text(plan, cli_language(args)))
    if not result.fits:
        raise CliError(notice_text(result.blocking_notices[0], cli_language(args)), EXIT_DOES_NOT_FIT)
    return 0


def _scenario_inputs(args: argparse.Namespace, from_file: bool = False
                     ) -> tuple[Catalog, Scenario, PlanInputs]:
    """The user's catalog, the scenario the flags describe and its inputs resolved against it.

    ``from_file``: the command also takes ``--scenario FILE`` instead of MODEL --gpu and the flags.
    """
    from gpucalc.catalog.resolve import resolve_scenario
    from gpucalc.cli.args import scenario_from_flags
    from gpucalc.cli.catalog import user_catalog
    from gpucalc.cli.scenario_source import scenario_from_args

    scenario = scenario_from_args(args) if from_file else scenario_from_flags(args)
    catalog = user_catalog(cli_language(args))
    return catalog, scenario, resolve_scenario(catalog, scenario)


def run_sweep(args: argparse.Namespace) -> int:
    """``gpucalc sweep``: ceilings against context, or latency against concurrency."""
    from gpucalc.cli.perf_output import sweep_csv, sweep_json, sweep_text
    from gpucalc.core.capacity.sweep import context_sweep
    from gpucalc.plan.compute import PlanOptions, plan_inputs

    catalog, scenario, inputs = _scenario_inputs(args)
    if args.axis == "context":
        sweep = context_sweep(inputs, count=args.points)
        if args.csv:
            print(sweep_csv(sweep), end="")
        elif args.json:
            print(strict_json(sweep_json(sweep)))
        else:
            print(sweep_text(sweep, cli_language(args)))
        return 0
    options = PlanOptions(views=False, uncertainty=False)
    perf = plan_inputs(catalog, scenario, inputs, options).performance
    if perf is None:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "the model does not fit, so there is no load curve"),
                       EXIT_DOES_NOT_FIT)
    curve = perf.load_curve
    if args.json:
        print(strict_json({"knee_concurrency": perf.knee_concurrency.value,
                           "points": [c.model_dump() for c in curve]}))
    else:
        from gpucalc.cli.perf_output import load_curve_csv

        print(load_curve_csv(curve), end="")
    return 0


def run_size(args: argparse.Namespace) -> int:
    """``gpucalc size``: rank GPU types, precisions and layouts for a traffic target.

    Every deployment and workload flag ``estimate`` takes describes the scenario; ``-q`` and
    ``--kv-cache-dtype`` pin the precision (otherwise every tier is tried) and ``-tp/-pp/-dp``
    pin the layouts searched (otherwise every one that fits).
    """
    from gpucalc.catalog.resolve import resolve_scenario
    from gpucalc.cli.args import scenario_from_flags
    from gpucalc.cli.catalog import user_catalog
    from gpucalc.cli.perf_output import sizing_csv, sizing_table
    from gpucalc.core.capacity.physical_bounds import request_length_error
    from gpucalc.plan.sizing_job import sizing_job

    catalog = user_catalog(cli_language(args))
    gpu_ids = [g.strip() for g in args.gpus.split(",") if g.strip()] or list(catalog.gpus)
    gpus = [catalog.gpu(g) for g in gpu_ids]
    args.gpu = gpus[0].id
    base = resolve_scenario(catalog, scenario_from_flags(args))
    too_long = request_length_error(base)  # the engine would refuse these requests on any GPU
    if too_long is not None:
        raise too_long
    job = sizing_job(catalog, base, gpus=gpus, pin_weights=args.quantization is not None,
                     pin_kv=args.kv_cache_dtype != "auto", redundancy=args.redundancy,
                     size_for_peak=not args.average_only,
                     pinned_layout=(args.tensor_parallel_size, args.pipeline_parallel_size,
                                    args.data_parallel_size))
    if job is None:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "size needs the traffic to size for: give --qps "
                                                   "(average requests per second)"), EXIT_USAGE)
    rows = job.run()
    if args.json:
        print(strict_json([r.model_dump() for r in rows]))
    elif args.csv:
        print(sizing_csv(rows), end="")
    else:
        print(sizing_table(rows, lang=cli_language(args)))
    if not rows:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "no GPU in the list meets the targets; relax TTFT/TPOT "
                                                   "or add GPU types"), EXIT_DOES_NOT_FIT)
    return 0


def run_models(args: argparse.Namespace) -> int:
    """``gpucalc models``: list catalog models."""
    from gpucalc.cli.catalog import user_catalog

    needle = args.search.lower()
    for entry in user_catalog(cli_language(args)).models.values():
        text = f"{entry.id} {entry.hf_id or ''} {entry.family}"
        if needle in text.lower():
            print(f"{entry.id:<48} {entry.hf_id or ''}")
    return 0


def run_gpus(args: argparse.Namespace) -> int:
    """``gpucalc gpus``: list catalog GPUs (bundled names' qualifiers in the user's language).

    Each with its usable memory, bandwidth ("—" where unknown) and price: the USD figure the
    plan uses, the quote it is converted from and its date, or "no price".
    """
    from gpucalc.cli.catalog import user_catalog
    from gpucalc.cli.columns import left
    from gpucalc.text.catalog_text import catalog_name
    from gpucalc.text.prices import price_text

    lang = cli_language(args)
    gpus = user_catalog(lang).gpus.values()
    if args.json:
        print(strict_json([{"id": g.id, "name": g.name, "usable_memory_gib": g.usable_memory_gib,
                            "hbm_bandwidth_gb_per_s": g.hbm_bandwidth_gb_per_s,
                            "usd_per_gpu_hour": g.usable_price_usd_per_hour,
                            "price": None if g.price is None else g.price.model_dump(mode="json")}
                           for g in gpus]))
        return 0
    for gpu in gpus:
        bandwidth = f"{gpu.hbm_bandwidth_gb_per_s:>6.0f}" if gpu.hbm_bandwidth_gb_per_s else f"{'—':>6}"
        print(f"{gpu.id:<24} {gpu.usable_memory_gib:>7.2f} GiB  {bandwidth} GB/s  "
              f"{left(price_text(gpu.price, lang), 46)}  {catalog_name(gpu.name, lang)}")
    return 0


def run_networks(args: argparse.Namespace) -> int:
    """``gpucalc networks``: the network table, with each network's per-GPU bandwidth."""
    from gpucalc.cli.catalog import user_catalog
    from gpucalc.text.catalog_text import catalog_name

    lang = cli_language(args)
    for network in user_catalog(lang).networks.values():
        print(f"{network.id:<26} {network.per_gpu_unidir_gb_per_s:>8.2f} GB/s  "
              f"{network.latency_us:>5.1f} µs  {catalog_name(network.name, lang)}")
    return 0


def run_lengths(args: argparse.Namespace) -> int:
    """``gpucalc lengths``: percentiles, histogram and suggested workload of a lengths file."""
    from pathlib import Path

    from gpucalc.cli.lengths_output import lengths_json, lengths_text
    from gpucalc.core.measured.length_stats import length_stats
    from gpucalc.io.lengths import read_lengths

    file = read_lengths(Path(args.file))
    stats = length_stats(file.records)
    if args.json:
        print(strict_json(lengths_json(file, stats)))
    else:
        print(lengths_text(file, stats, cli_language(args)))
    return 0


def _screen_size(text: str) -> tuple[int, int]:
    """``--size WxH``: two positive whole numbers of pixels."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and int(width) > 0 and int(height) > 0):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in pixels, e.g. 1366x768, not {text!r}")
    return int(width), int(height)


def _scale_factor(text: str) -> float:
    """``--scale``: a desktop scaling factor from 1 to 4 (1.25 is 125 %)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 1.0 <= value <= 4.0:
        raise argparse.ArgumentTypeError(f"expected a scaling factor from 1 to 4, e.g. 1.25, not {text!r}")
    return value


def run_gui(args: argparse.Namespace) -> int:
    """``gpucalc gui`` / no arguments: the window (Qt is imported only here).

    Without a display the window says so and how to get one (exit 69); a screenshot is then
    rendered offscreen.
    """
    from pathlib import Path

    from gpucalc.plan.display import EXIT_NO_DISPLAY, NO_DISPLAY, display_missing

    screenshot = getattr(args, "screenshot", None)
    missing = display_missing(os.environ)
    if missing is not None and screenshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif missing is not None:
        raise CliError(NO_DISPLAY, EXIT_NO_DISPLAY, variables=missing)
    from gpucalc.ui.app import run_gui as run_window

    scenario = getattr(args, "scenario", None)
    return run_window(scenario_path=Path(scenario) if scenario else None,
                      lang=getattr(args, "lang", None),
                      screenshot=Path(screenshot) if screenshot else None,
                      tab=getattr(args, "tab", None), theme=getattr(args, "theme", None),
                      size=getattr(args, "size", None), scale=getattr(args, "scale", None))


def _run_compare_log(args: argparse.Namespace) -> int:
    """``gpucalc compare-log``: a start-up log next to the estimate (gpucalc/cli/calibrate.py)."""
    from gpucalc.cli.calibrate import CalibrationCliError, run_compare_log

    try:
        return run_compare_log(args)
    except CalibrationCliError as exc:
        raise CliError("", cause=exc) from exc


def _run_calibrate(args: argparse.Namespace) -> int:
    """``gpucalc calibrate``: fit efficiency factors to benchmark results (gpucalc/cli/calibrate.py)."""
    from gpucalc.cli.calibrate import CalibrationCliError, run_calibrate

    try:
        return run_calibrate(args)
    except CalibrationCliError as exc:
        raise CliError("", cause=exc) from exc


SUB_COMMANDS: dict[str, SubCommand] = {
    "estimate": SubCommand("memory picture, KV capacity and concurrency", _add_estimate_args,
                           _run_of(__name__, "run_estimate")),
    "sweep": SubCommand("ceilings against planning length (KV tokens per request), or latency "
                        "against load", _add_sweep_args, _run_of(__name__, "run_sweep")),
    "size": SubCommand("GPUs needed for a traffic target, per GPU type and precision", _add_size_args,
                       _run_of(__name__, "run_size")),
    "models": SubCommand("list the bundled models", _add_models_args, _run_of(__name__, "run_models")),
    "gpus": SubCommand("list the bundled GPUs with their memory, bandwidth and price", _add_gpus_args,
                       _run_of(__name__, "run_gpus")),
    "networks": SubCommand("list the scale-out networks between nodes (--network)", _add_no_args,
                           _run_of(__name__, "run_networks")),
    "lengths": SubCommand("percentiles and suggested workload of a request-length export (CSV or JSON "
                          "Lines)", _add_lengths_args, _run_of(__name__, "run_lengths")),
    "simulate": SubCommand("simulate traffic: P50/P95/P99 latency, goodput, preemptions",
                           _args_of("gpucalc.cli.simulate", "add_simulate_args"),
                           _run_of("gpucalc.cli.simulate", "run_simulate")),
    "bench": SubCommand("predict what a pasted vllm / sglang / genai-perf / trtllm-bench benchmark "
                        "command would print", _args_of("gpucalc.cli.bench", "add_bench_args"),
                        _run_of("gpucalc.cli.bench", "run_bench")),
    "report": SubCommand("write a PDF report (inputs, checklist, memory, ceilings, sweeps, grid, "
                         "sizing)", _args_of("gpucalc.cli.report", "add_report_args"),
                         _run_of("gpucalc.cli.report", "run_report")),
    "export-csv": SubCommand("write the tables as CSV: one zip (-o x.zip) or a folder of files "
                             "(-o folder)", _args_of("gpucalc.cli.report", "add_export_csv_args"),
                             _run_of("gpucalc.cli.report", "run_export_csv")),
    "test-plan": SubCommand("the load tests that check the estimate (seed 000's measurement order), "
                            "with what each should show",
                            _args_of("gpucalc.cli.measurement", "add_test_plan_args"),
                            _run_of("gpucalc.cli.measurement", "run_test_plan")),
    "compare-log": SubCommand("an engine start-up log next to the estimate",
                              _args_of("gpucalc.cli.calibrate", "add_compare_log_args"),
                              _run_of(__name__, "_run_compare_log")),
    "calibrate": SubCommand("fit efficiency factors to benchmark results",
                            _args_of("gpucalc.cli.calibrate", "add_calibrate_args"),
                            _run_of(__name__, "_run_calibrate")),
    "gui": SubCommand("open the window (the default with no arguments)", _add_gui_args,
                      _run_of(__name__, "run_gui")),
}
"""Every sub-command, in the order ``gpucalc --help`` lists them."""


INTERNAL_ERROR = QT_TRANSLATE_NOOP("Errors", "internal error: {kind}: {detail} — rerun with {variable}=1 "
                                            "for details")
EXIT_INTERNAL = 70  # EX_SOFTWARE (sysexits.h): an internal error, not the user's input
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a tool whose reader left
DEBUG_VARIABLE = "GPUCALC_DEBUG"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code.

    Expected problems (bad flags or files, a deployment that cannot exist) print one line and
    exit 2 (3: the model does not fit); a closed output pipe (``gpucalc … | head``) ends quietly
    with 141; a standard output that is closed or full prints one line and exits 74; anything
    else prints one line and exits 70, with the traceback when GPUCALC_DEBUG=1. Text the
    terminal's encoding cannot hold is written in a plain form (``x`` for ``×``, ``?``).
    """
    with guarded_streams() as (out, err):
        languages = [environment_language()]
        try:
            try:
                code = _main(argv, languages)
            except SystemExit:  # argparse: --help, --version, a refused flag; its text is out too
                out.flush()
                err.flush()
                raise
            out.flush()
        except BrokenPipeError:
            return _quiet_broken_pipe()
        except OutputWriteError as exc:
            from gpucalc.plan.field_errors import in_language

            say_on_stderr(err, "gpucalc: " + in_language(languages[-1])(ERRORS, OUTPUT_FAILED).format(
                reason=exc.reason))
            return EXIT_OUTPUT
        if out.replaced or err.replaced:
            say_on_stderr(err, "gpucalc: " + replaced_text_hint(languages[-1], out.encoding, err))
        return code


OUTPUT_FAILED = QT_TRANSLATE_NOOP("Errors", "cannot write the output: {reason}")
REPLACED_TEXT = QT_TRANSLATE_NOOP(
    "Errors", "this terminal's encoding ({encoding}) cannot show every character, so some were "
              "replaced; set PYTHONIOENCODING=utf-8 (Windows: chcp 65001) to see them all")


def replaced_text_hint(lang: str, encoding: str, err: GuardedStream) -> str:
    """How to see the characters that were replaced: in ``lang`` when the stream can show it."""
    from gpucalc.plan.field_errors import in_language

    line = in_language(lang)(ERRORS, REPLACED_TEXT).format(encoding=encoding)
    try:
        line.encode(err.encoding)
    except UnicodeEncodeError:
        line = REPLACED_TEXT.format(encoding=encoding)
    return line


def _main(argv: Sequence[str] | None, languages: list[str]) -> int:
    """Parse the flags and run the command; every error but a failed output becomes its exit code.

    The language of the messages the flags ask for is appended to ``languages``.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(lazy=True).parse_args(args_list)
    languages.append(cli_language(args))
    if args.command is None:
        args.command = "gui"
    try:
        return _run_command(args)
    except (BrokenPipeError, OutputWriteError):
        raise
    except Exception as exc:
        from gpucalc.plan.field_errors import first_line, in_language

        if os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
            traceback.print_exc()
        message = in_language(cli_language(args))(ERRORS, INTERNAL_ERROR).format(
            kind=type(exc).__name__, detail=first_line(str(exc)), variable=DEBUG_VARIABLE)
        print(f"gpucalc: {message}", file=sys.stderr)
        return EXIT_INTERNAL


def _run_command(args: argparse.Namespace) -> int:
    """Run one sub-command; an expected error becomes its one-line message and exit code."""
    try:
        return SUB_COMMANDS[args.command].run(args)
    except (BrokenPipeError, OutputWriteError):
        raise
    except Exception as exc:
        expected = expected_error(exc, cli_language(args))
        if expected is None:
            raise
        message, code = expected
        print(f"gpucalc: {message}", file=sys.stderr)
        return code


def expected_error(exc: Exception, lang: str = "en") -> tuple[str, int] | None:
    """The one-line message in ``lang`` and exit code of an error the user can fix (None: not one).

    Bad flags and files, a deployment that cannot exist, a path the system refuses (too long,
    no permission, disk full) and missing window packages; fields are named by their flags.
    """
    from gpucalc.cli.errors import describe_cli_error
    from gpucalc.plan.field_errors import in_language

    tr = in_language(lang)
    if isinstance(exc, CliError):
        return exc.text(tr), exc.code
    if isinstance(exc, ImportError) and (exc.name or "").startswith(QT_PACKAGES):
        return tr(ERRORS, MISSING_QT).format(package=exc.name or "Qt"), EXIT_USAGE
    described = describe_cli_error(exc, tr)
    return (described.message, EXIT_USAGE) if described.known else None


QT_PACKAGES = ("PySide6", "shiboken6", "pyqtgraph")
MISSING_QT = QT_TRANSLATE_NOOP("Errors", "the window and the PDF report need PySide6 and pyqtgraph, "
                                         "which are part of every gpucalc install; reinstall gpucalc "
                                         "({package} could not be loaded)")


def _quiet_broken_pipe() -> int:
    """The reader of our output went away (``| head``): stop quietly, as Unix tools do.

    Standard output is pointed at the null device so the interpreter's final flush cannot fail
    again and print a traceback.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass  # stdout without a file descriptor (captured in tests): nothing left to flush
    return EXIT_BROKEN_PIPE
