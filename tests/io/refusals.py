"""What the hostile-input tests accept from a reader: a result, or one line saying why not."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gpucalc.io.errors import InputFileError

T = TypeVar("T")


def result_or_refusal(call: Callable[[], T], *errors: type[Exception]) -> T | None:
    """``call()``'s result, or None after checking its refusal is one non-empty line.

    The accepted refusals are ``errors`` (:class:`InputFileError` when none are given); any
    other exception propagates and fails the test.
    """
    accepted = errors or (InputFileError,)
    try:
        return call()
    except accepted as exc:
        message = str(exc)
    assert message
    assert "\n" not in message
    return None
