"""Read untrusted files with bounded work: regular files only, size, depth and number bounds.

Every file gpucalc reads from outside (configs, safetensors headers, scenarios, user tables,
window settings, engine logs, benchmark and length files) comes through :func:`open_regular`
and, for JSON, :func:`parse_json_text`. Each refusal is an :class:`InputFileError` with one line
saying what and where.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from gpucalc.io.errors import InputFileError

MAX_CONFIG_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 64
MAX_JSON_INT = 2**63 - 1
"""The largest integer a JSON file may hold (int64); nothing gpucalc reads needs more."""
_MAX_INT_TEXT = len(str(MAX_JSON_INT)) + 1  # sign included
MAX_JSON_VALUES = 20_000_000
"""The most values (objects, arrays, strings, numbers, each member counted) one JSON file may hold;
a file at its size bound holds fewer, so only a pathological one (``[[],[],…]``) reaches it."""

MAX_FLAG_JSON_CHARACTERS = 16_384
"""The longest JSON a flag or a pasted command's flag may carry (vLLM's own configs are < 1 kB)."""
MAX_FLAG_JSON_DEPTH = 16
"""The deepest nesting of a flag's JSON (vLLM's --kv-transfer-config nests 3 levels)."""
MAX_FLAG_JSON_VALUES = 2_000
"""The most values in a flag's JSON, members of every object and array counted."""


def _shape(value: Any, depth_limit: int, count_limit: int) -> tuple[int, int]:
    """Nesting depth and number of values of a parsed JSON value, stopping early past a limit.

    Walks one level at a time and keeps only containers, so the work is linear in the number of
    values with little per-value overhead (a 200,000-tensor safetensors header takes well under
    a second). Every member of a container counts as a value, the outer value too.
    """
    level = [value] if isinstance(value, dict | list) else []
    depth, count = 1, 1
    while level:
        children: list[Any] = []
        for item in level:
            members = item.values() if isinstance(item, dict) else item
            count += len(members)
            children.extend([child for child in members if isinstance(child, dict | list)])
        if not children or count > count_limit:
            return depth, count
        depth += 1
        if depth > depth_limit:
            return depth, count
        level = children
    return depth, count


class JsonSyntaxError(InputFileError):
    """The text is not JSON at all (as opposed to JSON beyond a bound)."""


class _NumberOutOfRangeError(ValueError):
    """A JSON number gpucalc refuses: too many digits, beyond int64, or not finite."""


def _parse_int(text: str) -> int:
    """A JSON integer within ±(2**63 - 1); longer digit strings are refused before conversion."""
    if len(text) > _MAX_INT_TEXT:
        raise _NumberOutOfRangeError(f"the integer {text[:12]}… has {len(text)} digits")
    value = int(text)
    if abs(value) > MAX_JSON_INT:
        raise _NumberOutOfRangeError(f"the integer {text} is beyond 2**63 - 1")
    return value


def _parse_float(text: str) -> float:
    """A JSON real that stays finite (``1e999`` would become infinity)."""
    value = float(text)
    if not math.isfinite(value):
        raise _NumberOutOfRangeError(f"the number {text[:24]} is out of range")
    return value


def _refuse_constant(name: str) -> float:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON and not a quantity."""
    raise _NumberOutOfRangeError(f"{name} is not a finite number")


def _keep_constant(name: str) -> float:
    """``NaN``/``Infinity`` as Python floats, for files whose writers use them (benchmarks)."""
    return float(name)


def parse_json_text(text: str | bytes, what: str, max_depth: int = MAX_JSON_DEPTH,
                    non_finite: bool = False, max_values: int = MAX_JSON_VALUES) -> Any:
    """Parse JSON text, raising :class:`InputFileError` naming ``what`` on any problem.

    Refused: invalid JSON or UTF-8, nesting beyond ``max_depth``, more than ``max_values``
    values, reals that overflow to infinity, integers beyond int64 (Python's digit limit is never
    reached) and, unless ``non_finite`` (for benchmark files, whose tools write
    ``"request_rate": Infinity``), ``NaN``/``Infinity``.
    """
    constant = _keep_constant if non_finite else _refuse_constant
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=constant)
    except RecursionError as exc:
        raise InputFileError(f"{what} is nested more than {max_depth} levels deep") from exc
    except _NumberOutOfRangeError as exc:
        raise InputFileError(f"{what} holds a number gpucalc cannot use: {exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise JsonSyntaxError(f"{what} is not valid JSON ({exc})") from exc
    except ValueError as exc:  # anything else the decoder refuses
        raise JsonSyntaxError(f"{what} is not valid JSON ({exc})") from exc
    depth, count = _shape(value, max_depth, max_values)
    if depth > max_depth:
        raise InputFileError(f"{what} is nested more than {max_depth} levels deep")
    if count > max_values:
        raise InputFileError(f"{what} holds more than {max_values:,} values")
    return value


class FlagJsonError(InputFileError):
    """A flag's JSON (given on the command line or in a pasted command) that gpucalc refuses.

    ``over_limit``: refused for its length, depth, value count or a number, not its syntax.
    """

    def __init__(self, message: str, over_limit: bool) -> None:
        super().__init__(message)
        self.over_limit = over_limit


def parse_flag_json(text: str, flag: str, max_characters: int = MAX_FLAG_JSON_CHARACTERS) -> Any:
    """Parse the JSON value of ``flag`` within the flag bounds; :class:`FlagJsonError` otherwise.

    The one parser of every JSON a user passes or pastes (``--speculative-config``,
    ``--kv-transfer-config``, ``--eplb-config``, ``--limit-mm-per-prompt``): at most
    ``max_characters`` characters, :data:`MAX_FLAG_JSON_DEPTH` levels and
    :data:`MAX_FLAG_JSON_VALUES` values, numbers within int64 and finite. The length is checked
    before parsing, so the work is bounded whatever was pasted; the message is one line naming
    the flag and the limit.
    """
    if len(text) > max_characters:
        raise FlagJsonError(f"{flag} is {len(text):,} characters long; at most {max_characters:,}",
                            over_limit=True)
    try:
        return parse_json_text(text, flag, max_depth=MAX_FLAG_JSON_DEPTH,
                               max_values=MAX_FLAG_JSON_VALUES)
    except InputFileError as exc:
        raise FlagJsonError(str(exc), over_limit=not isinstance(exc, JsonSyntaxError)) from None


def _kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _cannot_read(what: str, path: Path, exc: OSError) -> InputFileError:
    """The one-line message for an OS error while reading ``path``."""
    reason = exc.strerror or type(exc).__name__
    return InputFileError(f"cannot read {what} at {path}: {reason}")


@contextmanager
def open_regular(path: Path, what: str) -> Iterator[IO[bytes]]:
    """Open ``path`` for binary reading only if it is a regular file.

    Pipes, devices, sockets and folders are refused at once (the file is opened non-blocking, so
    a FIFO never hangs the caller); a name too long or unreadable is an :class:`InputFileError`.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _cannot_read(what, path, exc) from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputFileError(f"{what} at {path} is {_kind_of(mode)}, not a file gpucalc can read")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def regular_file_size(path: Path, what: str) -> int:
    """The size of ``path`` in bytes; refused unless it is a readable regular file."""
    with open_regular(path, what) as handle:
        return os.fstat(handle.fileno()).st_size


def _megabytes(n_bytes: int) -> str:
    """A byte limit in MB: two decimals below 10 MB, none above."""
    return f"{n_bytes / 1e6:,.{0 if n_bytes >= 10**7 else 2}f} MB"


def checked_size(path: Path, what: str, max_bytes: int, kind: str = "file", hint: str = "") -> int:
    """The size of ``path`` in bytes; a clear error when it cannot be read or exceeds ``max_bytes``.

    ``what`` names the file in messages, ``kind`` says what sort of file has the limit and
    ``hint`` (optional) how to get under it. Only regular files are accepted.
    """
    size = regular_file_size(path, what)
    if size > max_bytes:
        raise InputFileError(f"{what} at {path} is {size / 1e6:,.1f} MB; a {kind} is at most "
                             f"{_megabytes(max_bytes)}{hint}")
    return size


def read_bounded_bytes(path: Path, what: str, max_bytes: int, kind: str = "file") -> bytes:
    """The bytes of ``path``, refused beyond ``max_bytes`` (also when it grows while read)."""
    with open_regular(path, what) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > max_bytes:
            raise InputFileError(f"{what} at {path} is {size / 1e6:,.1f} MB; a {kind} is at most "
                                 f"{_megabytes(max_bytes)}")
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise _cannot_read(what, path, exc) from exc
    if len(data) > max_bytes:
        raise InputFileError(f"{what} at {path} grew past {_megabytes(max_bytes)} while being read")
    return data


def read_json_file(path: Path, what: str, max_bytes: int = MAX_CONFIG_BYTES) -> Any:
    """Read and parse a JSON file of at most ``max_bytes`` bytes."""
    data = read_bounded_bytes(path, what, max_bytes, kind="config file")
    return parse_json_text(data, f"{what} at {path}")
