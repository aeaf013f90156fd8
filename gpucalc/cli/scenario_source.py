"""Where a command's scenario comes from: MODEL --gpu ID and the flags, or a ``--scenario`` file.

``estimate``, ``report``, ``export-csv`` and ``test-plan`` take either; one parser rule and one
reader serve them all.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gpucalc.cli.args import add_deployment_args, add_workload_args, scenario_from_flags
from gpucalc.cli.errors import EXIT_USAGE, SCENARIO_REFUSED, CliError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.scenario import Scenario


def add_scenario_source(parser: argparse.ArgumentParser) -> None:
    """MODEL --gpu ID [flags], or --scenario FILE."""
    parser.add_argument("model", nargs="?", default=None,
                        help="catalog id, Hugging Face id, config.json or model folder")
    parser.add_argument("--scenario", metavar="FILE", default=None,
                        help="a .gpucalc.json scenario file (instead of MODEL --gpu and the flags)")
    add_deployment_args(parser)
    add_workload_args(parser)
    for action in parser._actions:  # --gpu is required for estimate, optional with --scenario
        if action.dest == "gpu":
            action.required = False
            action.default = None


def scenario_from_args(args: argparse.Namespace) -> Scenario:
    """The scenario a ``--scenario`` file holds, or the one MODEL --gpu and the flags describe."""
    from gpucalc.plan.scenario_file import ScenarioFileError, load_scenario

    if args.scenario:
        if args.model or args.gpu:
            raise CliError(QT_TRANSLATE_NOOP("Errors", "give either --scenario FILE or MODEL --gpu ID, not "
                                                       "both"), EXIT_USAGE)
        try:
            return load_scenario(Path(args.scenario))
        except ScenarioFileError as exc:
            raise CliError(SCENARIO_REFUSED, EXIT_USAGE, cause=exc, file=args.scenario) from exc
    if not args.model or not args.gpu:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "give MODEL and --gpu ID, or --scenario FILE"), EXIT_USAGE)
    return scenario_from_flags(args)


__all__ = ["add_scenario_source", "scenario_from_args"]
