"""Errors raised by importers, with one-line messages meant for the user."""

from __future__ import annotations


class InputFileError(ValueError):
    """A user-supplied file cannot be used; the message says why and what to do."""
