"""Why a background job failed, in words a capacity planner reads — never a Python exception text.

A known input error (a file gpucalc cannot use, an unknown catalog entry, a plan the physics
refuses, a value out of range, a message gpucalc raised on purpose) is shown as its own one-line
cause, a field path replaced by the field's title in the form. Anything else is a defect: the
window says so in one sentence naming only the exception type, and the traceback goes to the log.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication

import gpucalc
from gpucalc.catalog.bundled import CatalogError
from gpucalc.core.errors import PlanError
from gpucalc.io.errors import InputFileError
from gpucalc.plan.field_errors import first_line, validation_path
from gpucalc.ui.fields import field_title

LOG = logging.getLogger("gpucalc.ui")
PACKAGE_DIR = str(Path(gpucalc.__file__).resolve().parent)
KNOWN_ERRORS: tuple[type[BaseException], ...] = (InputFileError, CatalogError, PlanError)
"""Errors whose message is written for the user wherever they are raised."""
RAISED_ON_PURPOSE = (ValueError, LookupError)
"""Errors whose message is for the user when gpucalc's own code raises them with a ``raise``."""


@dataclass(frozen=True)
class Failure:
    """What the window shows: a one-line cause; the exception type when it was unexpected."""

    cause: str
    unexpected_type: str = ""

    @property
    def details(self) -> str:
        """For a tooltip or details area: the exception type of an unexpected failure ('' otherwise)."""
        if not self.unexpected_type:
            return ""
        return QCoreApplication.translate("Failures", "Unexpected error of type {kind}; the traceback is "
                                          "in the log.").format(kind=self.unexpected_type)


def _validation_cause(exc: ValidationError) -> str:
    path, message = validation_path(exc)
    return f"{field_title(path)}: {message}" if path else message


def raised_by_gpucalc(exc: BaseException) -> bool:
    """Whether the innermost frame of ``exc`` is a ``raise`` statement in gpucalc's sources."""
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    if not frames:
        return False
    last = frames[-1]
    inside = str(Path(last.filename).resolve()).startswith(PACKAGE_DIR)
    return inside and (last.line or "").lstrip().startswith("raise")


def _known_cause(exc: BaseException) -> str:
    """The one-line cause of a known input error ('' when ``exc`` is not one)."""
    if isinstance(exc, ValidationError):
        return _validation_cause(exc)
    if isinstance(exc, KNOWN_ERRORS) or (isinstance(exc, RAISED_ON_PURPOSE) and raised_by_gpucalc(exc)):
        return first_line(str(exc))
    if isinstance(exc, OSError):  # the system's reason and the file, or gpucalc's own message
        if not exc.strerror:
            return first_line(str(exc))
        where = exc.filename if exc.filename is not None else ""
        return f"{exc.strerror}: {where}" if where else str(exc.strerror)
    return ""


def describe_failure(exc: object) -> Failure:
    """The failure to show for ``exc`` (a worker's exception, or a message already in words)."""
    if not isinstance(exc, BaseException):
        return Failure(first_line(str(exc)) or QCoreApplication.translate(
            "Failures", "the computation gave no result"))
    cause = _known_cause(exc)
    if cause:
        return Failure(cause)
    LOG.error("unexpected error in a background job", exc_info=exc)
    return Failure(QCoreApplication.translate(
        "Failures", "an unexpected error stopped the calculation; please report it with the "
        "scenario file"), type(exc).__name__)


def failure_reason(exc: object) -> str:
    """The one-line cause of ``exc`` to insert into a sentence such as 'Sizing failed: …'."""
    return describe_failure(exc).cause
