"""Standard output and error that survive any terminal.

* A character the stream's encoding cannot hold (``×`` on ASCII, Chinese on latin-1, a legacy
  Windows code page redirected to a file) is written in a plain form (``x``, ``-``, ``<=``) or as
  ``?``, never an internal error; the command then says once, on stderr, how to see them all.
* A closed standard output (``gpucalc … >&-``) or a full one (``> /dev/full``) is an
  :class:`OutputWriteError`, which the command line reports on stderr with exit code
  :data:`EXIT_OUTPUT`, instead of writing nothing and exiting 0.
* A reader that went away (``| head``) still raises :class:`BrokenPipeError` for the quiet exit.
"""

from __future__ import annotations

import codecs
import errno
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

EXIT_OUTPUT = 74  # EX_IOERR (sysexits.h): the output could not be written
PLAIN_ERRORS = "gpucalc.plain"
"""The codec error handler of gpucalc's standard streams (registered on import)."""

PLAIN_FORMS = {
    "×": "x", "−": "-", "–": "-", "—": "--", "…": "...", "µ": "u", "≤": "<=", "≥": ">=",
    "≠": "!=", "≈": "~", "±": "+/-", "→": "->", "←": "<-", "÷": "/", "·": ".", "•": "*",
    "“": '"', "”": '"', "‘": "'", "’": "'", "Σ": "sum", "√": "sqrt", "²": "^2", "³": "^3",
    "⌈": "ceil(", "⌉": ")", "⌊": "floor(", "⌋": ")", "τ": "tau", "α": "alpha", "½": "1/2",
    "✔": "ok", "✘": "x", "°": " deg", "\u00a0": " ", "\u202f": " ", "，": ", ", "：": ": ",
    "（": " (", "）": ") ", "；": "; ", "。": ". ", "、": ", ",
}
"""ASCII forms of the symbols gpucalc prints; any other character the encoding lacks is ``?``."""


def plain_replacement(exc: UnicodeError) -> tuple[str, int]:
    """The codec error handler: the plain form of each character that cannot be encoded."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(PLAIN_FORMS.get(ch, "?") for ch in text), exc.end


codecs.register_error(PLAIN_ERRORS, plain_replacement)


def _loses(text: str, encoding: str) -> bool:
    """Whether ``text`` holds a character ``encoding`` cannot hold and that has no plain form."""
    for ch in set(text):
        if ch in PLAIN_FORMS:
            continue
        try:
            ch.encode(encoding)
        except UnicodeEncodeError:
            return True
    return False


class OutputWriteError(Exception):
    """The command's standard output cannot be written (closed, full, an I/O error)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _reason(exc: OSError) -> str:
    """One line for an OS error while writing standard output."""
    if exc.errno == errno.EBADF:
        return "standard output is closed"
    return exc.strerror or type(exc).__name__


class GuardedStream:
    """A text stream whose writes degrade to its encoding and whose failures are told plainly.

    ``stream`` None is a closed stream: writing to it is an :class:`OutputWriteError`.
    ``replaced`` says whether a character was lost (written as ``?``; a symbol written in its
    plain form, ``x`` for ``×``, loses nothing).
    """

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.replaced = False
        self._restore_errors: str | None = None
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self.encoding = encoding
        self._lossless = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig", "utf-16", "utf-32", "gb18030")
        reconfigure = getattr(stream, "reconfigure", None)
        errors = getattr(stream, "errors", None)
        if reconfigure is not None and not self._lossless and errors != PLAIN_ERRORS:
            try:
                reconfigure(errors=PLAIN_ERRORS)
                self._restore_errors = errors
            except (OSError, ValueError):
                pass

    def write(self, text: str) -> int:
        """Write ``text``; raises :class:`OutputWriteError` when the stream cannot take it."""
        if self.stream is None:
            if text:
                raise OutputWriteError("standard output is closed")
            return 0
        if not self._lossless and not self.replaced:
            try:
                text.encode(self.encoding)
            except UnicodeEncodeError:
                self.replaced = _loses(text, self.encoding)
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputWriteError(_reason(exc)) from exc
        except ValueError as exc:  # "I/O operation on closed file"
            raise OutputWriteError("standard output is closed") from exc

    def flush(self) -> None:
        """Flush the stream (the same errors as :meth:`write`)."""
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputWriteError(_reason(exc)) from exc
        except ValueError as exc:
            raise OutputWriteError("standard output is closed") from exc

    def restore(self) -> None:
        """Give the stream back its own error handler."""
        reconfigure = getattr(self.stream, "reconfigure", None)
        if reconfigure is not None and self._restore_errors is not None:
            with suppress(OSError, ValueError):
                reconfigure(errors=self._restore_errors)

    def isatty(self) -> bool:
        """Whether the stream is a terminal (False when closed)."""
        return self.stream is not None and self.stream.isatty()

    def fileno(self) -> int:
        """The stream's file descriptor (OSError when it has none)."""
        if self.stream is None:
            raise OSError(errno.EBADF, "standard output is closed")
        return self.stream.fileno()

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


@contextmanager
def guarded_streams() -> Iterator[tuple[GuardedStream, GuardedStream]]:
    """Standard output and error as :class:`GuardedStream` for the duration of a command."""
    saved = sys.stdout, sys.stderr
    out, err = GuardedStream(sys.stdout), GuardedStream(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = saved
        out.restore()
        err.restore()


def say_on_stderr(err: GuardedStream, line: str) -> None:
    """Write one line on standard error; a closed or broken stderr loses it silently."""
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, OutputWriteError):
        pass
