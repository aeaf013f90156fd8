"""What-ifs that go through validation: a record with some fields changed, checked as a new one.

``model_copy(update=…)`` copies a pydantic record without running its validators, so a what-if
built with it can hold what no input could (a DP × TP × PP beyond the GPUs, a P50 above its
P95, a utilisation above 1) and a rule written in a validator would need a second check
elsewhere. :func:`revised` builds the changed record through the same validation as the
original: its field and model validators run on the new values, while nested records passed as
they are (already valid) are not validated again, so a what-if costs one record's checks.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

Record = TypeVar("Record", bound=BaseModel)


def revised(record: Record, **changes: Any) -> Record:
    """``record`` with ``changes``, validated as a new record of its type.

    Raises :class:`pydantic.ValidationError` when the changed record is not a valid one.
    """
    unknown = changes.keys() - type(record).model_fields.keys()
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    fields = {name: getattr(record, name) for name in type(record).model_fields}
    return type(record).model_validate({**fields, **changes})


__all__ = ["revised"]
