"""Property-test helper: a reader's result, or proof that it refused in one plain line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def result_or_refusal(call: Callable[[], T], *errors: type[Exception]) -> T | None:
    """``call()``'s result, or None after checking its refusal (one of ``errors``) is one line.

    Any exception other than ``errors`` propagates and fails the test.
    """
    try:
        return call()
    except errors as exc:
        message = str(exc)
    assert message
    assert "\n" not in message
    return None
