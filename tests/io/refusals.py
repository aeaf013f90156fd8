"""What the hostile-input tests accept from a reader: a result, or one line saying why not."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gpucalc.io.errors import InputFileError

T = TypeVar("T")


def result_or_refusal(read: Callable[[], T]) -> T | None:
    """``read()``'s result, or None when it raised an :class:`InputFileError` of one line.

    Any other exception propagates and fails the test.
    """
    try:
        return read()
    except InputFileError as exc:
        message = str(exc)
    assert "\n" not in message
    assert message
    return None
