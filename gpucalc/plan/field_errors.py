"""What went wrong, in one line of the user's language, and the input field to fix. No Qt.

One description serves the window and the command line (:func:`describe_error`); they differ
only in how a field is named (the form's translated title, or the flag ``--input-len-p95``) and
in the language. A message never shows a dotted path or a snake_case field name: rules the core
raises (:class:`gpucalc.core.common.errors.TemplatedError`) name fields as placeholders, pydantic's
own errors are told by the templates below, and a plain message has its field names replaced.
"""

from __future__ import annotations

import math
import os
import re
import traceback
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

import gpucalc
from gpucalc.catalog.bundled import CatalogError
from gpucalc.core.common.errors import FieldNamer, TemplatedError, error_location
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.inputs import Deployment, RequestClass, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.tables import cli_flag_default, error_flags, flagless_names
from gpucalc.io.errors import InputFileError
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import sig3
from gpucalc.text.terms import Lookup

CONTEXT = "Errors"

_SECTIONS: dict[str, type[BaseModel]] = {"deployment": Deployment, "workload": Workload, "targets": Targets}
# Field names a plain message may spell out (the ones with an underscore), longest first.
_FIELD_WORD = re.compile(r"\b(?:" + "|".join(sorted(
    (name for model in _SECTIONS.values() for name in model.model_fields if "_" in name),
    key=len, reverse=True)) + r")\b")
# pydantic's error types (``ValidationError.errors()[i]["type"]``) and how each is told.
_BOUND_TEMPLATES = {
    "greater_than": ("gt", QT_TRANSLATE_NOOP("Errors", "{field} must be more than {limit}")),
    "greater_than_equal": ("ge", QT_TRANSLATE_NOOP("Errors", "{field} must be at least {limit}")),
    "less_than": ("lt", QT_TRANSLATE_NOOP("Errors", "{field} must be less than {limit}")),
    "less_than_equal": ("le", QT_TRANSLATE_NOOP("Errors", "{field} must be at most {limit}")),
    "string_too_short": ("min_length", QT_TRANSLATE_NOOP("Errors", "{field} needs at least {limit} "
                                                                   "characters")),
    "string_too_long": ("max_length", QT_TRANSLATE_NOOP("Errors", "{field} takes at most {limit} "
                                                                  "characters")),
    "too_long": ("max_length", QT_TRANSLATE_NOOP("Errors", "{field} takes at most {limit} entries")),
    "too_short": ("min_length", QT_TRANSLATE_NOOP("Errors", "{field} needs at least {limit} "
                                                            "entries")),
}
_WHOLE = QT_TRANSLATE_NOOP("Errors", "{field} must be a whole number")
_NUMBER = QT_TRANSLATE_NOOP("Errors", "{field} must be a number")
_ON_OFF = QT_TRANSLATE_NOOP("Errors", "{field} must be on or off (true or false)")
_GROUP = QT_TRANSLATE_NOOP("Errors", "{field} must be a group of settings")
_LIST = QT_TRANSLATE_NOOP("Errors", "{field} must be a list")
_PLAIN_TEMPLATES = {
    "int_parsing": _WHOLE, "int_type": _WHOLE, "int_from_float": _WHOLE,
    "float_parsing": _NUMBER, "float_type": _NUMBER,
    "finite_number": QT_TRANSLATE_NOOP("Errors", "{field} must be a finite number"),
    "bool_parsing": _ON_OFF, "bool_type": _ON_OFF,
    "missing": QT_TRANSLATE_NOOP("Errors", "{field} is missing"),
    "string_type": QT_TRANSLATE_NOOP("Errors", "{field} must be text"),
    "model_type": _GROUP, "model_attributes_type": _GROUP, "dict_type": _GROUP,
    "tuple_type": _LIST, "list_type": _LIST, "iterable_type": _LIST,
}
_CHOICE_TYPES = frozenset({"literal_error", "enum"})
_EMPTY = QT_TRANSLATE_NOOP("Errors", "{field} must not be empty")
_CHOICE = QT_TRANSLATE_NOOP("Errors", "{field} must be one of: {choices}")
_UNKNOWN_SETTING = QT_TRANSLATE_NOOP("Errors", "'{key}' is not a setting gpucalc knows; remove it")
_OTHER = QT_TRANSLATE_NOOP("Errors", "{field}: {reason}")
_THIS_VALUE = QT_TRANSLATE_NOOP("Errors", "this value")
_FILE_KEY = QT_TRANSLATE_NOOP("Errors", "'{key}' in the scenario file")
_FILE_REFUSED = QT_TRANSLATE_NOOP("Errors", "cannot use this file: {reason}")
_PATH_REFUSED = QT_TRANSLATE_NOOP("Errors", "cannot use '{path}': {reason}")
_NO_PATH = QT_TRANSLATE_NOOP("Errors", "cannot read or write a file: {reason}")
_UNEXPECTED = QT_TRANSLATE_NOOP("Errors", "an unexpected error stopped the calculation; please "
                                          "report it with the scenario file")

PACKAGE_DIR = str(Path(gpucalc.__file__).resolve().parent)
RAISED_ON_PURPOSE = (ValueError, LookupError)
"""Errors whose message is for the user when gpucalc's own code raises them with a ``raise``."""
SHOWN_PATH_CHARS = 80  # a longer path is cut in the middle so the message stays one line


@dataclass(frozen=True)
class ErrorDescription:
    """One error as the user reads it.

    ``message``: one line in the user's language; ``field``: the dotted scenario path of the field
    to fix ('' when none); ``fields``: every field the message names (``field`` first);
    ``known``: a user-fixable error (False: a defect, whose message only says so).
    """

    message: str
    field: str = ""
    fields: tuple[str, ...] = ()
    known: bool = True


def in_language(lang: str) -> Lookup:
    """The catalogue's translation into ``lang`` ('en' or 'zh') as a :data:`gpucalc.text.terms.Lookup`."""
    return partial(_catalogue_text, lang)


def _catalogue_text(lang: str, context: str, text: str) -> str:
    return translate(context, text, lang)


def first_line(text: str) -> str:
    """The first non-blank line of a message, stripped ('' when there is none)."""
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def scenario_path(path: str) -> str:
    """``path`` (dotted, from the scenario or one of its sections) as a path from the scenario.

    ``input_len_p95`` → ``workload.input_len_p95``; ``deployment.num_gpus`` stays; '' stays ''.
    """
    head = path.partition(".")[0]
    if not head or head in Scenario.model_fields:
        return path
    section = next((name for name, model in _SECTIONS.items() if head in model.model_fields), "")
    if not section and head in RequestClass.model_fields:
        return f"workload.classes.{path}"
    return f"{section}.{path}" if section else path


def flag_name(path: str) -> str:
    """The command-line flag of a field path, e.g. ``deployment.max_num_seqs`` → ``--max-num-seqs``.

    List indices in the path (a request class's position) are skipped; a section, and a field
    only a scenario file sets, have no flag ('').
    """
    names = [p for p in path.split(".") if p and not p.isdigit()]
    if not names or names[-1] in _SECTIONS:
        return ""
    if "classes" in names:
        return error_flags()["classes"]
    if names[0] in flagless_names() or names[-1] in flagless_names():
        return ""
    return error_flags().get(names[-1], cli_flag_default(names[-1]))


def command_line_name(tr: Lookup, path: str) -> str:
    """How the command line names the field at ``path``: its flag, else its key in a scenario file."""
    if not path:
        return ""
    return flag_name(path) or tr(CONTEXT, _FILE_KEY).format(key=path)


def limit_text(value: float) -> str:
    """A schema bound as typed, never in exponent form: ``1e-6`` → ``0.000001``, 4096 → ``4,096``."""
    if not math.isfinite(value) or abs(value) >= 1:
        return sig3(value)
    return f"{value:.12f}".rstrip("0").rstrip(".") or "0"


def validation_path(exc: ValidationError) -> tuple[str, str]:
    """The dotted field path of the first error (may be a section) and pydantic's English message."""
    first = exc.errors()[0]
    path = error_location(first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return path, message


def describe_error(exc: BaseException, tr: Lookup, name_field: FieldNamer) -> ErrorDescription:
    """``exc`` told in one line: translated by ``tr``, each field named by ``name_field``.

    ``name_field`` gets a dotted scenario path (``workload.input_len_p95``) and returns the name
    the user knows the field by; it may return '' (a section on the command line).
    """
    namer = _Namer(tr, name_field)
    if isinstance(exc, ScenarioFileError) and isinstance(exc.__cause__, ValidationError):
        exc = exc.__cause__  # told field by field, as an edit in the form would be
    if isinstance(exc, ValidationError):
        return _validation(exc, namer)
    if isinstance(exc, TemplatedError):
        return _templated(exc, "", namer)
    if isinstance(exc, InputFileError):
        reason = namer.plain(first_line(str(exc)))
        return ErrorDescription(namer.fill(_FILE_REFUSED, reason=reason), "model", ("model",))
    if isinstance(exc, CatalogError) or (isinstance(exc, RAISED_ON_PURPOSE) and raised_by_gpucalc(exc)):
        return ErrorDescription(namer.plain(first_line(str(exc))) or type(exc).__name__)
    if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
        return ErrorDescription(os_error_text(exc, tr))
    return ErrorDescription(tr(CONTEXT, _UNEXPECTED), known=False)


def error_field(exc: BaseException) -> str:
    """The dotted scenario path of the field ``exc`` belongs to ('' when none)."""
    return describe_error(exc, _english, lambda path: path).field


def os_error_text(exc: OSError, tr: Lookup) -> str:
    """One line for a file-system refusal: the path (shortened) and what the system said."""
    reason = exc.strerror or first_line(str(exc)) or type(exc).__name__
    if exc.filename is None:
        return tr(CONTEXT, _NO_PATH).format(reason=reason)
    path = os.fsdecode(exc.filename).replace("\n", " ")
    if len(path) > SHOWN_PATH_CHARS:
        half = SHOWN_PATH_CHARS // 2
        path = f"{path[:half]}…{path[-half:]}"
    return tr(CONTEXT, _PATH_REFUSED).format(path=path, reason=reason)


def raised_by_gpucalc(exc: BaseException) -> bool:
    """Whether the innermost frame of ``exc`` is a ``raise`` statement in gpucalc's sources."""
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    if not frames:
        return False
    last = frames[-1]
    inside = str(Path(last.filename).resolve()).startswith(PACKAGE_DIR)
    return inside and (last.line or "").lstrip().startswith("raise")


def _english(context: str, text: str) -> str:
    del context
    return text


class _Namer:
    """Names fields and fills templates for one description."""

    def __init__(self, tr: Lookup, name_field: FieldNamer) -> None:
        self.tr = tr
        self.name_field = name_field

    def name(self, path: str) -> str:
        """The user's name of the field at ``path`` ('this value' when it has none)."""
        shown = self.name_field(path) if path else ""
        return shown or self.tr(CONTEXT, _THIS_VALUE)

    def fill(self, template: str, **values: Any) -> str:
        """``template`` translated, then filled (the English one when a translation is broken)."""
        try:
            return self.tr(CONTEXT, template).format(**values)
        except (KeyError, IndexError, ValueError):
            return template.format(**values)

    def plain(self, message: str) -> str:
        """``message`` with every field name it spells out (``max_num_seqs``) written as the user's."""
        return _FIELD_WORD.sub(lambda m: self.name(scenario_path(m.group(0))) or m.group(0), message)


def _validation(exc: ValidationError, namer: _Namer) -> ErrorDescription:
    first = exc.errors()[0]
    path = scenario_path(error_location(first["loc"]))
    ctx: dict[str, Any] = dict(first.get("ctx") or {})
    error = ctx.get("error")
    if isinstance(error, TemplatedError):
        return _templated(error, path, namer)
    kind = str(first["type"])
    if kind == "extra_forbidden":
        key = path.rpartition(".")[2]
        return ErrorDescription(namer.fill(_UNKNOWN_SETTING, key=key), path.rpartition(".")[0])
    message = _pydantic_message(kind, ctx, namer.name(path), namer)
    if message is None:
        reason = namer.plain(first_line(str(first["msg"]).removeprefix("Value error, ")))
        if not path:
            return ErrorDescription(reason)
        message = namer.fill(_OTHER, field=namer.name(path), reason=reason)
    return ErrorDescription(message, path, (path,))


def _pydantic_message(kind: str, ctx: dict[str, Any], field: str, namer: _Namer) -> str | None:
    """Pydantic's error ``kind`` about ``field`` told by its template (None: no template)."""
    if kind in _BOUND_TEMPLATES:
        limit_key, template = _BOUND_TEMPLATES[kind]
        limit = ctx.get(limit_key)
        if kind == "string_too_short" and limit == 1:
            template = _EMPTY
        text = limit_text(limit) if isinstance(limit, int | float) else str(limit)
        return namer.fill(template, field=field, limit=text)
    if kind in _PLAIN_TEMPLATES:
        return namer.fill(_PLAIN_TEMPLATES[kind], field=field)
    if kind in _CHOICE_TYPES:
        choices = ", ".join(re.split(r", | or ", str(ctx.get("expected", ""))))
        return namer.fill(_CHOICE, field=field, choices=choices)
    return None


def _templated(exc: TemplatedError, section: str, namer: _Namer) -> ErrorDescription:
    """A core rule's message; its field names are relative to ``section`` ('' when unknown)."""

    def path_of(name: str) -> str:
        return f"{section}.{name}" if section else scenario_path(name)

    translated = namer.tr(CONTEXT, exc.template)
    try:
        message = exc.text(lambda name: namer.name(path_of(name)), translated)
    except (KeyError, IndexError, ValueError):
        message = exc.text(lambda name: namer.name(path_of(name)))
    field = path_of(exc.field) if exc.field else section
    names = tuple(dict.fromkeys(path_of(n) for n in (exc.field, *exc.field_names) if n))
    return ErrorDescription(first_line(message), field, names)
