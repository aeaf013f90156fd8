"""The tables the parsers and writers read, built from the knobs of :mod:`gpucalc.engines.vocabulary`.

* :func:`serve_flags` — a pasted serve command's value flags per engine: flag → (key, type,
  conversion); :func:`switches` — its switches (read by every launcher): flag → (key, on).
* :func:`written_flag` — the flag a launch line writes for a field.
* :func:`log_names` — a start-up log's keys → gpucalc's (vLLM's) name for the setting.
* :func:`error_flags` / :func:`flagless_names` — the flag an error message names a field by.
* :func:`cli_args` with :func:`cli_default`, :func:`cli_value_type`, :func:`field_choices` — the
  command line's own arguments.
"""

from __future__ import annotations

import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.scenario import Scenario
from gpucalc.engines.knobs import SETS_THE_FIELD, CliArg, Conversion, Form, Knob, SpeculativeFlags, Spelling
from gpucalc.engines.vocabulary import KNOBS

ValueFlag = tuple[str, type, Conversion]
"""Where a value flag goes (a scenario path, a conversion's name or ``spec.<part>``), its type,
and how its text is read."""
SPECULATIVE_TYPES: dict[str, type] = {
    name: next(arg for arg in typing.get_args(hint) if arg is not type(None))
    for name, hint in typing.get_type_hints(SpeculativeFlags).items()}
"""The speculative flags' parts (:class:`SpeculativeFlags` fields) and the type each is read as."""
_READ_TOGETHER_TYPES = {Conversion.DP_RANKS: int, Conversion.EP_SIZE: int}


def knob(path: str) -> Knob:
    """The knob of the field at ``path`` (KeyError when none declares it)."""
    return _by_path()[path]


@cache
def _by_path() -> dict[str, Knob]:
    return {item.path: item for item in KNOBS}


def schema_field(path: str) -> FieldInfo:
    """The schema's field at ``path`` (dotted, from the scenario)."""
    model: type[BaseModel] = Scenario
    names = path.split(".")
    for name in names[:-1]:
        model = _models(model.model_fields[name].annotation)[0]
    return model.model_fields[names[-1]]


def field_type(path: str) -> type:
    """The type a flag's text is read as for the field at ``path``: int, float, bool or str."""
    annotation = schema_field(path).annotation
    for kind in (bool, int, float):
        if annotation is kind or kind in typing.get_args(annotation):
            return kind
    return str


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return [kind for arg in typing.get_args(annotation) for kind in _models(arg)]
    return []


def _key(item: Knob, spelling: Spelling) -> str:
    """Where a flag's value goes while a command is read."""
    if spelling.convert in SETS_THE_FIELD:
        return item.path
    if spelling.convert == Conversion.SPECULATIVE:
        return f"spec.{spelling.part}"
    return spelling.convert.value


def read_type(path: str, convert: Conversion, part: str = "") -> type:
    """The type a flag's text is read as: the field's own, a speculative part's, or a count's."""
    if convert in SETS_THE_FIELD:
        return field_type(path)
    if convert == Conversion.SPECULATIVE:
        return SPECULATIVE_TYPES[part]
    return _READ_TOGETHER_TYPES.get(convert, str)


def _spellings(engine: EngineKind | None = None) -> list[tuple[Knob, Spelling]]:
    return [(item, spelling) for item in KNOBS for spelling in item.spellings
            if engine is None or spelling.engine == engine]


@cache
def serve_flags(engine: EngineKind) -> dict[str, ValueFlag]:
    """The value flags a pasted command of ``engine`` is read by: flag → (key, type, conversion)."""
    table: dict[str, ValueFlag] = {}
    for item, spelling in _spellings(engine):
        if spelling.form == Form.VALUE:
            for flag in spelling.flags:
                table.setdefault(flag, (_key(item, spelling),
                                        read_type(item.path, spelling.convert, spelling.part),
                                        spelling.convert))
    return table


@cache
def switches() -> dict[str, tuple[str, bool]]:
    """Every engine's switches: flag → (key, the value a bare flag sets). Read by every launcher."""
    table: dict[str, tuple[str, bool]] = {}
    for item, spelling in _spellings():
        if spelling.form != Form.VALUE:
            for flag in spelling.flags:
                table.setdefault(flag, (_key(item, spelling), spelling.form == Form.SWITCH))
    return table


def spelling(engine: EngineKind, path: str, *, form: Form | None = None,
             convert: Conversion | None = None) -> Spelling | None:
    """The first written spelling of the field at ``path`` in ``engine`` (None: it has none).

    ``form`` / ``convert`` pick one of several (the switch that turns a field off, the JSON form).
    """
    for candidate in knob(path).spellings:
        if (candidate.engine == engine and candidate.written and candidate.flags
                and form in (None, candidate.form) and convert in (None, candidate.convert)):
            return candidate
    return None


def written_flag(engine: EngineKind, path: str, *, form: Form | None = None,
                 convert: Conversion | None = None) -> str | None:
    """The flag a launch line of ``engine`` sets the field at ``path`` by (None: it has none)."""
    found = spelling(engine, path, form=form, convert=convert)
    return found.flags[0] if found is not None else None


def flag(engine: EngineKind, path: str, *, form: Form | None = None,
         convert: Conversion | None = None) -> str:
    """:func:`written_flag` for a field the engine is known to spell (KeyError otherwise)."""
    found = written_flag(engine, path, form=form, convert=convert)
    if found is None:
        raise KeyError(f"{engine} has no flag for {path}")
    return found


def speculative_flag(engine: EngineKind, part: str) -> str:
    """The flag of one speculative setting (a ``SpeculativeFlags`` field) in ``engine``."""
    for _, candidate in _spellings(engine):
        if candidate.convert == Conversion.SPECULATIVE and candidate.part == part:
            return candidate.flags[0]
    raise KeyError(f"{engine} has no speculative flag for {part}")


@cache
def log_names(engine: EngineKind) -> dict[str, str]:
    """A start-up log's setting keys in ``engine`` → the setting's vLLM name (gpucalc's)."""
    names: dict[str, str] = {}
    for item in KNOBS:
        own = [key for s in item.spellings if s.engine == EngineKind.VLLM for key in s.keys]
        for spelling_ in item.spellings:
            if spelling_.engine == engine and own:
                names.update(dict.fromkeys(spelling_.keys, own[0]))
    return names


def cli_flag_default(name: str) -> str:
    """A field's flag when it has no knob of its own: ``--`` and the name with dashes."""
    return "--" + name.replace("_", "-")


@cache
def error_flags() -> dict[str, str]:
    """Field names (the last part of a path) whose error flag is not :func:`cli_flag_default`'s."""
    names: dict[str, str] = {}
    for item in KNOBS:
        name = item.path.rpartition(".")[2]
        if item.error_flag and item.error_flag != cli_flag_default(name):
            names[name] = item.error_flag
    return names


@cache
def flagless_names() -> frozenset[str]:
    """Field names only a scenario file sets (an error names them without a flag)."""
    return frozenset(item.path.rpartition(".")[2] for item in KNOBS if item.file_only)


def cli_args() -> list[tuple[Knob, CliArg]]:
    """Gpucalc's own command-line arguments, each with the knob of the field it sets, in order."""
    return [(item, argument) for item in KNOBS for argument in item.cli]


def schema_default(path: str) -> Any:
    """The schema's default of the field at ``path`` (an enum as its value)."""
    value = schema_field(path).get_default(call_default_factory=True)
    return value.value if isinstance(value, Enum) else value


def cli_default(item: Knob, argument: CliArg) -> Any:
    """A value argument's default: the schema's where it sets the field itself, else None (unset)."""
    if argument.unset or argument.convert not in SETS_THE_FIELD:
        return None
    return schema_default(item.path)


def cli_value_type(item: Knob, argument: CliArg) -> type:
    """The type a plain value argument's text is read as: int, float or str."""
    return read_type(item.path, argument.convert, argument.part)


def field_choices(item: Knob, argument: CliArg) -> tuple[int | str, ...]:
    """The values an argument takes when it lists them: its own, or the field's enum's."""
    if argument.choices:
        return argument.choices
    if argument.convert != Conversion.AS_IS:
        return ()
    annotation = schema_field(item.path).annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(member.value for member in annotation)
    return ()
