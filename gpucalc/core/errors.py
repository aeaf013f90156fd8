"""Errors the core raises for impossible inputs, with a code and a one-line reason."""

from __future__ import annotations


class PlanError(ValueError):
    """The inputs describe a deployment that cannot exist; the message says what to change."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
