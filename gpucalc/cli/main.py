"""``gpucalc`` entry point: the window with no arguments, sub-commands otherwise."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from gpucalc import __version__
from gpucalc.cli.args import (
    add_deployment_args,
    add_workload_args,
    deployment_from_args,
    targets_from_args,
    workload_from_args,
)

EXIT_USAGE = 2
EXIT_DOES_NOT_FIT = 3


class CliError(Exception):
    """A problem to report in one line, with an exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = argparse.ArgumentParser(
        prog="gpucalc",
        description="Offline GPU inference capacity planner. Run without arguments for the window.",
    )
    parser.add_argument("--version", action="version", version=f"gpucalc {__version__}")
    sub = parser.add_subparsers(dest="command")
    estimate = sub.add_parser("estimate", help="memory picture, KV capacity and concurrency")
    estimate.add_argument("model", help="catalog id, Hugging Face id, config.json or model folder")
    add_deployment_args(estimate)
    add_workload_args(estimate)
    estimate.add_argument("--json", action="store_true", help="one JSON object")
    models = sub.add_parser("models", help="list the bundled models")
    models.add_argument("--search", default="", help="filter by text")
    sub.add_parser("gpus", help="list the bundled GPUs")
    return parser


def _validation_message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "input"
    return f"invalid {field.replace('_', '-')}: {first['msg']}"


def run_estimate(args: argparse.Namespace) -> int:
    """``gpucalc estimate``: print the memory picture."""
    from gpucalc.catalog.bundled import Catalog
    from gpucalc.catalog.resolve import resolve_inputs
    from gpucalc.cli.output import memory_json, memory_table
    from gpucalc.core.memory_plan import calculate_memory
    from gpucalc.text.notices import notice_text

    catalog = Catalog.load()
    inputs = resolve_inputs(
        catalog, args.model, args.gpu, deployment_from_args(args), workload_from_args(args),
        targets_from_args(args), quantization=args.quantization, dtype=args.dtype,
    )
    result = calculate_memory(inputs)
    if args.json:
        print(json.dumps(memory_json(result), indent=2, ensure_ascii=False))
    else:
        title = (f"{inputs.model.name} on {inputs.deployment.num_gpus}× {inputs.gpu.name}, "
                 f"{inputs.engine.name}, TP{inputs.deployment.tensor_parallel_size} "
                 f"PP{inputs.deployment.pipeline_parallel_size}, weights {inputs.weight_format.label}, "
                 f"KV {inputs.kv_format.label}")
        print(memory_table(result, title))
    if not result.fits:
        blocking = [n for n in result.notices if n.code in {"kv_budget_negative",
                                                             "max_model_len_exceeds_kv"}]
        raise CliError(notice_text(blocking[0]), EXIT_DOES_NOT_FIT)
    return 0


def run_models(args: argparse.Namespace) -> int:
    """``gpucalc models``: list catalog models."""
    from gpucalc.catalog.bundled import Catalog

    needle = args.search.lower()
    for entry in Catalog.load().models.values():
        text = f"{entry.id} {entry.hf_id or ''} {entry.family}"
        if needle in text.lower():
            print(f"{entry.id:<48} {entry.hf_id or ''}")
    return 0


def run_gpus(_: argparse.Namespace) -> int:
    """``gpucalc gpus``: list catalog GPUs."""
    from gpucalc.catalog.bundled import Catalog

    for gpu in Catalog.load().gpus.values():
        print(f"{gpu.id:<22} {gpu.usable_memory_gib:>7.2f} GiB  {gpu.hbm_bandwidth_gb_per_s or 0:>6.0f} GB/s"
              f"  {gpu.name}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    commands = {"estimate": run_estimate, "models": run_models, "gpus": run_gpus}
    if args.command is None:
        parser.print_help()
        return 0
    from gpucalc.catalog.bundled import CatalogError
    from gpucalc.core.errors import PlanError
    from gpucalc.io.errors import InputFileError

    try:
        return commands[args.command](args)
    except CliError as exc:
        print(f"gpucalc: {exc}", file=sys.stderr)
        return exc.code
    except ValidationError as exc:
        print(f"gpucalc: {_validation_message(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except (CatalogError, InputFileError, PlanError) as exc:
        print(f"gpucalc: {exc}", file=sys.stderr)
        return EXIT_USAGE
