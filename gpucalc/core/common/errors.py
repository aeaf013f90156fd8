"""Errors the core raises for inputs a user can fix, as a translatable template and its values.

The template is English, marked ``QT_TRANSLATE_NOOP("Errors", …)`` where it is raised so the
catalogue holds it. Its placeholders are filled from the values; a placeholder that is not among
the values names an input field by its name in the scenario (``{input_len_p50}``) and is shown
as the user knows that field: its title in the window, its flag on the command line
(:mod:`gpucalc.plan.field_errors`). ``str(error)`` is the English text with the scenario's
names, for logs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import Formatter

FieldNamer = Callable[[str], str]
"""From a field's name in the scenario (``max_num_seqs``) to the name a user sees it by."""


class TemplatedError(Exception):
    """An error told by a marked template, the values it shows and the field to fix ('' none)."""

    def __init__(self, template: str, /, field: str = "", **values: object) -> None:
        self.template = template
        self.field = field
        self.values = dict(values)
        super().__init__(self.text(lambda name: name))

    @property
    def field_names(self) -> tuple[str, ...]:
        """The fields the template names (placeholders without a value), in order."""
        names = (name for _, name, _, _ in Formatter().parse(self.template) if name)
        return tuple(dict.fromkeys(n for n in names if n not in self.values))

    def text(self, name_field: FieldNamer, template: str | None = None) -> str:
        """``template`` (default: the English one) filled in, each field named by ``name_field``."""
        names = {name: name_field(name) for name in self.field_names}
        return (template or self.template).format_map({**self.values, **names})


class InputRuleError(TemplatedError, ValueError):
    """A value breaks a rule of the inputs (raised inside a pydantic validator, or by a check)."""


class PlanError(InputRuleError):
    """The inputs describe a deployment that cannot exist; the message says what to change."""

    def __init__(self, code: str, template: str, /, field: str = "", **values: object) -> None:
        super().__init__(template, field, **values)
        self.code = code


def error_location(loc: Sequence[object]) -> str:
    """A validation error's place as a dotted path on one line (``workload.input_len_p95``).

    A part that is not printable (a key a hostile file spelled with a newline) shows its control
    characters escaped, so a message naming it stays one line.
    """
    return ".".join("".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(part))
                    for part in loc)
