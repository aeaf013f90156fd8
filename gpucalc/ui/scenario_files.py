"""Opening a scenario file from the window: every failure is one line, never an exception.

:func:`gpucalc.plan.scenario_file.load_scenario` reads and validates the file; this guard runs
before it and around it so that File → Open, Open recent, the Compare tab's baseline and a
scenario named on the command line never hand the event loop an exception: a pipe, device or
folder is refused at once (it would block a plain read), and a file nested too deeply for the
JSON parser, or any other input error, becomes a :class:`ScenarioFileError` with its reason.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from gpucalc.catalog.paths import resources_dir
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.bounded_json import regular_file_size
from gpucalc.plan.scenario_file import FILE_SUFFIX, ScenarioFileError, load_scenario

WHAT = "scenario file"


def open_scenario(path: Path) -> Scenario:
    """The scenario in ``path``; :class:`ScenarioFileError` with a one-line reason otherwise."""
    try:
        regular_file_size(path, WHAT)  # refuses a FIFO or device without blocking
        return load_scenario(path)
    except ScenarioFileError:
        raise
    except RecursionError as exc:
        text = QCoreApplication.translate("ScenarioFiles",
                                          "{name} is nested too deeply to be a scenario file")
        raise ScenarioFileError(text.format(name=path.name)) from exc
    except (ValueError, OSError) as exc:  # InputFileError is a ValueError
        reason = str(exc).strip().splitlines()
        text = reason[0] if reason else QCoreApplication.translate(
            "ScenarioFiles", "cannot read {path}").format(path=path)
        raise ScenarioFileError(text) from exc


def examples_dir() -> Path:
    """The bundled example scenarios (``resources/examples``, shipped in the frozen app too)."""
    return resources_dir() / "examples"


def example_paths() -> list[Path]:
    """The bundled example scenario files, by name."""
    return sorted(examples_dir().glob("*" + FILE_SUFFIX))


def example_title(path: Path) -> str:
    """An example's short id: its file name without the suffix."""
    return path.name.removesuffix(FILE_SUFFIX)


def example_menu_title(path: Path) -> str:
    """An example as File → Examples lists it: its scenario's name in the window's language."""
    try:
        name = load_scenario(path).name
    except (ScenarioFileError, OSError, ValueError):
        return example_title(path)
    return QCoreApplication.translate("Examples", name) or name if name else example_title(path)
