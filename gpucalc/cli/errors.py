"""The command line's errors and language, shared by every sub-command (a leaf: no sub-command).

:class:`CliError` is a one-line problem with its exit code; :func:`cli_language` is the language
its messages and text output use.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import TYPE_CHECKING

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import environment_language

if TYPE_CHECKING:
    from gpucalc.plan.field_errors import ErrorDescription
    from gpucalc.text.terms import Lookup

ERRORS = "Errors"  # the translation context of messages (gpucalc.plan.field_errors.CONTEXT)

EXIT_USAGE = 2
EXIT_DOES_NOT_FIT = 3


class CliError(Exception):
    """A problem to report in one line, with an exit code.

    ``message`` is English, marked ``QT_TRANSLATE_NOOP("Errors", …)`` where raised when it is
    a template of ``values``; ``cause`` is the error it reports, told as ``{reason}`` (or alone
    when ``message`` is empty). :meth:`text` gives the line in the user's language.
    """

    def __init__(self, message: str, code: int = EXIT_USAGE, /, *, cause: BaseException | None = None,
                 **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.cause = cause
        self.values = values

    def text(self, tr: Lookup) -> str:
        """The one-line message, translated by ``tr``; a cause is described as the CLI describes errors."""
        from gpucalc.plan.field_errors import first_line

        reason = "" if self.cause is None else cause_text(self.cause, tr)
        template = str(self.args[0]) if self.args else ""
        if not template:
            return reason
        shown = tr(ERRORS, template)
        if not self.values and self.cause is None:
            return first_line(shown)
        try:
            return first_line(shown.format(reason=reason, **self.values))
        except (KeyError, IndexError, ValueError):
            return first_line(template.format(reason=reason, **self.values))


def cause_text(exc: BaseException, tr: Lookup) -> str:
    """``exc`` in one line as the command line tells it (its own words when it is not a known error)."""
    from gpucalc.plan.field_errors import first_line

    described = describe_cli_error(exc, tr)
    return described.message if described.known else first_line(str(exc)) or type(exc).__name__


def describe_cli_error(exc: BaseException, tr: Lookup) -> ErrorDescription:
    """``exc`` described for the command line: translated by ``tr``, each field named by its flag."""
    from gpucalc.plan.field_errors import command_line_name, describe_error

    return describe_error(exc, tr, partial(command_line_name, tr))


def cli_language(args: argparse.Namespace) -> str:
    """The language of the command line's messages: ``--lang``, else the locale's ('en' or 'zh')."""
    return getattr(args, "lang", None) or environment_language()


SCENARIO_REFUSED = QT_TRANSLATE_NOOP("Errors", "scenario {file}: {reason}")
