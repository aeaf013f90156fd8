"""Why a background job failed, in words a capacity planner reads — never a Python exception text.

A known input error (a file gpucalc cannot use, an unknown catalog entry, a plan the physics
refuses, a value out of range, a message gpucalc raised on purpose) is shown as its own one-line
cause in the window's language, each field named by its title in the form
(:func:`gpucalc.plan.field_errors.describe_error`, which the command line uses too). Anything
else is a defect: the window says so in one sentence naming only the exception type, and the
traceback goes to the log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from gpucalc.plan.field_errors import ErrorDescription, describe_error, first_line, raised_by_gpucalc
from gpucalc.ui.fields import field_title

__all__ = ["Failure", "describe_failure", "describe_in_window", "failure_reason", "raised_by_gpucalc"]

LOG = logging.getLogger("gpucalc.ui")


@dataclass(frozen=True)
class Failure:
    """What the window shows: a one-line cause, the field to fix, the exception type when unexpected."""

    cause: str
    unexpected_type: str = ""
    field: str = ""
    fields: tuple[str, ...] = ()

    @property
    def details(self) -> str:
        """For a tooltip or details area: the exception type of an unexpected failure ('' otherwise)."""
        if not self.unexpected_type:
            return ""
        return QCoreApplication.translate("Failures", "Unexpected error of type {kind}; the traceback is "
                                          "in the log.").format(kind=self.unexpected_type)


def describe_in_window(exc: BaseException) -> ErrorDescription:
    """``exc`` in the window's language, each field named by its title in the form."""
    return describe_error(exc, QCoreApplication.translate, field_title)


def describe_failure(exc: object) -> Failure:
    """The failure to show for ``exc`` (a worker's exception, or a message already in words)."""
    if not isinstance(exc, BaseException):
        return Failure(first_line(str(exc)) or QCoreApplication.translate(
            "Failures", "the computation gave no result"))
    description = describe_in_window(exc)
    if description.known:
        return Failure(description.message, field=description.field, fields=description.fields)
    LOG.error("unexpected error in a background job", exc_info=exc)
    return Failure(description.message, type(exc).__name__)


def failure_reason(exc: object) -> str:
    """The one-line cause of ``exc`` to insert into a sentence such as 'Sizing failed: …'."""
    return describe_failure(exc).cause
