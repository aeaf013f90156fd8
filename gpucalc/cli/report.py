"""``gpucalc report`` (PDF) and ``gpucalc export-csv`` (CSV files or one zip).

Both take a model and the estimate flags, or a saved ``.gpucalc.json`` scenario. Qt is
imported only when a PDF is drawn.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gpucalc.cli.catalog import user_catalog
from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE, CliError, cli_language
from gpucalc.cli.scenario_source import add_scenario_source, scenario_from_args
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import LANGUAGES, translate


def add_report_args(report: argparse.ArgumentParser) -> None:
    """The flags of ``report`` (its parser and help line are the main parser's)."""
    add_scenario_source(report)
    report.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="PDF to write")
    report.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="report language (default: from the locale, else English)")


def add_export_csv_args(export: argparse.ArgumentParser) -> None:
    """The flags of ``export-csv`` (its parser and help line are the main parser's)."""
    add_scenario_source(export)
    export.add_argument("-o", "--output", required=True, metavar="OUT.zip|FOLDER",
                        help="a .zip file, or a folder for one .csv per table")


def run_report(args: argparse.Namespace) -> int:
    """``gpucalc report``: calculate and write the PDF; exit 3 (after writing) if it does not fit."""
    from gpucalc.report import write_report

    scenario = scenario_from_args(args)
    path = Path(args.output)
    try:
        summary = write_report(path, scenario, user_catalog(cli_language(args)), cli_language(args))
    except OSError as exc:
        raise CliError("", EXIT_USAGE, cause=exc) from exc
    print(translate("Cli", "wrote {path} ({pages} pages, {kib} KiB, {lang})", cli_language(args)).format(
        path=path, pages=summary.pages, kib=f"{summary.size_bytes / 1024:,.0f}", lang=summary.lang))
    if not summary.fits:
        raise CliError(QT_TRANSLATE_NOOP("Errors", "the model does not fit; the report says why and what "
                                                   "to change"), EXIT_DOES_NOT_FIT)
    return 0


def run_export_csv(args: argparse.Namespace) -> int:
    """``gpucalc export-csv``: write the CSV tables to a zip or a folder."""
    from gpucalc.report.csv_export import write_csv_files

    scenario = scenario_from_args(args)
    path = Path(args.output)
    if path.exists() and not path.is_dir() and path.suffix.lower() != ".zip":
        raise CliError(QT_TRANSLATE_NOOP("Errors", "{path} is a file; give a .zip name or a folder"),
                       EXIT_USAGE, path=str(path))
    try:
        written = write_csv_files(path, scenario, user_catalog(cli_language(args)), cli_language(args))
    except OSError as exc:
        raise CliError("", EXIT_USAGE, cause=exc) from exc
    for item in written:
        print(translate("Cli", "wrote {path}", cli_language(args)).format(path=item))
    return 0
