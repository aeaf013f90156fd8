"""Read per-request token counts exported from serving logs (CSV or JSON Lines), bounded.

CSV needs a header naming the input and output token columns (``input_tokens``,
``prompt_tokens``, ``input_len``, ``isl`` / ``output_tokens``, ``completion_tokens``,
``output_len``, ``osl``), optionally ``conversation_id`` / ``session_id`` and ``turn`` /
``turn_index``; a headerless file whose first two columns are numbers is read as input, output.
JSON Lines holds one object per line with the same keys, or an OpenAI-style
``{"usage": {"prompt_tokens": …, "completion_tokens": …}}``.

Hostile input is bounded: a size cap, a row cap, a line-length cap. Rows that cannot be used are
counted and the first few are reported with their line numbers; a file with no usable row raises
:class:`InputFileError`.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

from gpucalc.core.measured.length_records import MAX_TOKENS_PER_REQUEST, LengthRecord
from gpucalc.io.bounded_json import checked_size, open_regular
from gpucalc.io.errors import InputFileError

MAX_LENGTHS_FILE_BYTES = 256 * 1024 * 1024
MAX_LENGTH_ROWS = 2_000_000
MAX_LINE_BYTES = 1024 * 1024
MAX_BAD_ROW_EXAMPLES = 5
MAX_NUMBER_DIGITS = 18  # digits of one count (int64 holds 18 in full)
MAX_CSV_FIELD_CHARS = csv.field_size_limit()  # Python's csv reader: 131,072 characters by default
SNIFF_BYTES = 8192

INPUT_NAMES = ("input_tokens", "prompt_tokens", "input_len", "isl", "input_length",
               "num_input_tokens", "prompt_len")
OUTPUT_NAMES = ("output_tokens", "completion_tokens", "output_len", "osl", "output_length",
                "num_output_tokens", "completion_len")
CONVERSATION_NAMES = ("conversation_id", "session_id", "conversation", "session", "chat_id")
TURN_NAMES = ("turn", "turn_index", "turn_id", "round")
USAGE_INPUT_NAMES = ("prompt_tokens", "input_tokens")
USAGE_OUTPUT_NAMES = ("completion_tokens", "output_tokens")


class LengthsFormat(StrEnum):
    """File formats the reader accepts."""

    CSV = "csv"
    JSONL = "jsonl"


class BadRowError(ValueError):
    """One row cannot be used; the message says why (the reader adds the line number)."""


@dataclass(frozen=True, slots=True)
class LengthsFile:
    """What a lengths file held: usable records and an account of the rows that were not."""

    path: str
    file_format: LengthsFormat
    records: tuple[LengthRecord, ...]
    rows_read: int
    bad_rows: int
    bad_row_examples: tuple[str, ...]

    @property
    def has_conversations(self) -> bool:
        """True when at least one record names its conversation."""
        return any(r.conversation is not None for r in self.records)


@dataclass(frozen=True, slots=True)
class _Columns:
    """Positions of the recognised CSV columns (None when absent)."""

    input_tokens: int
    output_tokens: int
    conversation: int | None
    turn: int | None


def _normalise(name: str) -> str:
    """Header name in a comparable form: lower case, trimmed, spaces and hyphens as '_'."""
    return name.strip().strip('"').strip().lower().replace(" ", "_").replace("-", "_")


def _whole_number(value: Any, what: str) -> int:
    """A whole number from a CSV cell or JSON value (``"12"``, ``12``, ``12.0``).

    A digit string longer than :data:`MAX_NUMBER_DIGITS` is refused before conversion (Python
    refuses to convert more than 4,300 digits, and no count has more than 18).
    """
    if type(value) is str and value.isascii() and value.isdigit():  # common case first, for speed
        if len(value) > MAX_NUMBER_DIGITS:
            raise BadRowError(f"{what} has {len(value):,} digits; a count has at most {MAX_NUMBER_DIGITS}")
        return int(value)
    if type(value) is int:
        return value
    if isinstance(value, bool) or value is None:
        raise BadRowError(f"{what} is missing or not a number")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_NUMBER_DIGITS + 8:  # digits, sign, point and exponent
            raise BadRowError(f"{what} is not a number of at most {MAX_NUMBER_DIGITS} digits "
                              f"({text[:20]!r}…)")
        try:
            value = int(text) if text.lstrip("+-").isdigit() else float(text)
        except ValueError:
            raise BadRowError(f"{what} is not a number ({text[:20]!r})") from None
    if isinstance(value, float):
        if not value.is_integer():
            raise BadRowError(f"{what} is not a whole number ({value})")
        value = int(value)
    if not isinstance(value, int):
        raise BadRowError(f"{what} is not a number")
    return value


def token_count(value: Any, what: str) -> int:
    """A token count: a whole number from 1 to the largest context any model has."""
    count = _whole_number(value, what)
    if not 1 <= count <= MAX_TOKENS_PER_REQUEST:
        raise BadRowError(f"{what} is {count}; it must be between 1 and {MAX_TOKENS_PER_REQUEST:,}")
    return count


def _turn_index(value: Any) -> int | None:
    """A turn index (0 or more), or None when the cell or key is empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    turn = _whole_number(value, "turn")
    if not 0 <= turn <= MAX_TOKENS_PER_REQUEST:
        raise BadRowError(f"turn is {turn}; it must be 0 or more")
    return turn


def _conversation_id(value: Any) -> str | None:
    """A conversation id as text, or None when empty."""
    if value is None or isinstance(value, (dict, list)):
        return None
    text = str(value).strip()
    return text[:200] or None


def _detect_format(path: Path, first_line: str) -> LengthsFormat:
    """JSON Lines for .jsonl/.ndjson/.json or a first line starting with '{', else CSV."""
    stripped = first_line.lstrip()
    if stripped.startswith("["):
        raise InputFileError(f"{path} is a JSON array; export one JSON object per line (JSON Lines)")
    if path.suffix.lower() in {".jsonl", ".ndjson", ".json"} or stripped.startswith("{"):
        return LengthsFormat.JSONL
    return LengthsFormat.CSV


def _check_file(path: Path, handle: IO[bytes]) -> None:
    """Reject files that are too large, empty, UTF-16 or binary before reading rows."""
    checked_size(path, "lengths file", MAX_LENGTHS_FILE_BYTES, kind="lengths file",
                 hint=" (sample the log or keep only the token columns)")
    head = handle.read(SNIFF_BYTES)
    handle.seek(0)
    if not head.strip():
        raise InputFileError(f"{path} is empty")
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputFileError(f"{path} is UTF-16 text; save it as UTF-8")
    if b"\x00" in head:
        raise InputFileError(f"{path} looks binary, not a CSV or JSON Lines text file")


def _lines(handle: IO[bytes]) -> Iterator[tuple[int, str | None]]:
    """Numbered text lines; None for a line that is too long or not UTF-8."""
    number = 0
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            while raw and not raw.endswith(b"\n"):  # skip the rest of the over-long line
                raw = handle.readline(MAX_LINE_BYTES)
            yield number, None
            continue
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            yield number, raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield number, None


def _csv_delimiter(header: str) -> str:
    """The most frequent of comma, tab and semicolon in the header line."""
    return max((",", "\t", ";"), key=header.count)


def _find(names: list[str], aliases: tuple[str, ...]) -> int | None:
    """Index of the first alias present in the normalised header ``names``."""
    for alias in aliases:
        if alias in names:
            return names.index(alias)
    return None


def _csv_columns(path: Path, cells: list[str]) -> _Columns | None:
    """Column positions from a header row; None when the row is data (headerless file)."""
    try:
        token_count(cells[0], "input"), token_count(cells[1], "output")
    except (BadRowError, IndexError):
        pass
    else:
        return None
    names = [_normalise(c) for c in cells]
    inp, out = _find(names, INPUT_NAMES), _find(names, OUTPUT_NAMES)
    if inp is None or out is None:
        raise InputFileError(
            f"{path}: no {'input' if inp is None else 'output'}-token column in the header "
            f"({', '.join(c[:30] for c in cells[:8])}); name it one of "
            f"{', '.join(INPUT_NAMES[:4] if inp is None else OUTPUT_NAMES[:4])}")
    return _Columns(inp, out, _find(names, CONVERSATION_NAMES), _find(names, TURN_NAMES))


def _csv_record(cells: list[str], cols: _Columns) -> LengthRecord:
    """One CSV row as a record."""
    needed = max(cols.input_tokens, cols.output_tokens)
    if len(cells) <= needed:
        raise BadRowError(f"has {len(cells)} columns, expected at least {needed + 1}")
    conversation = cells[cols.conversation] if cols.conversation is not None and \
        cols.conversation < len(cells) else None
    turn = cells[cols.turn] if cols.turn is not None and cols.turn < len(cells) else None
    return LengthRecord(token_count(cells[cols.input_tokens], "input tokens"),
                        token_count(cells[cols.output_tokens], "output tokens"),
                        _conversation_id(conversation), _turn_index(turn))


def _first_key(obj: Mapping[str, Any], names: tuple[str, ...]) -> Any:
    """Value of the first of ``names`` present in ``obj``."""
    return next((obj[n] for n in names if n in obj), None)


def jsonl_record(line: str) -> LengthRecord:
    """One JSON Lines object as a record (top-level keys or an OpenAI-style ``usage``)."""
    try:
        obj = json.loads(line)
    except RecursionError:
        raise BadRowError("is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise BadRowError(f"is not valid JSON ({exc.msg})") from None
    except ValueError:  # Python's limit on integer digits (4,300)
        raise BadRowError(f"holds a number of more than {MAX_NUMBER_DIGITS} digits") from None
    if not isinstance(obj, dict):
        raise BadRowError("is not a JSON object")
    found = obj.get("usage")
    usage: Mapping[str, Any] = found if isinstance(found, dict) else {}
    inp = _first_key(obj, INPUT_NAMES)
    out = _first_key(obj, OUTPUT_NAMES)
    inp = inp if inp is not None else _first_key(usage, USAGE_INPUT_NAMES)
    out = out if out is not None else _first_key(usage, USAGE_OUTPUT_NAMES)
    return LengthRecord(token_count(inp, "input tokens"), token_count(out, "output tokens"),
                        _conversation_id(_first_key(obj, CONVERSATION_NAMES)),
                        _turn_index(_first_key(obj, TURN_NAMES)))


class _Tally:
    """Counts rows, keeps the usable records and the first few bad-row messages."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.records: list[LengthRecord] = []
        self.rows = 0
        self.bad = 0
        self.examples: list[str] = []

    def add(self, number: int, text: str | None, parse: Callable[[str], LengthRecord]) -> None:
        """Count one data row; ``parse(text)`` builds its record or raises :class:`BadRowError`."""
        self.rows += 1
        if self.rows > MAX_LENGTH_ROWS:
            raise InputFileError(
                f"{self.path} has more than {MAX_LENGTH_ROWS:,} rows; sample the log "
                f"(a random {MAX_LENGTH_ROWS // 2:,} requests give the same percentiles)")
        try:
            self.records.append(parse(_usable(text)))
        except BadRowError as exc:
            self.bad += 1
            if len(self.examples) < MAX_BAD_ROW_EXAMPLES:
                self.examples.append(f"line {number}: {exc}")


def _read_rows(path: Path, handle: IO[bytes], tally: _Tally) -> LengthsFormat:
    """Feed every data row of the file to ``tally``; returns the detected format."""
    lines = _lines(handle)
    first = next(((n, t) for n, t in lines if t is None or t.strip()), None)
    if first is None:
        raise InputFileError(f"{path} is empty")
    number, text = first
    if text is None:
        raise InputFileError(f"{path} is not UTF-8 text (or its first line is over "
                             f"{MAX_LINE_BYTES // 1024:,} KiB); save it as UTF-8 CSV or JSON Lines")
    fmt = _detect_format(path, text)
    if fmt is LengthsFormat.JSONL:
        for n, t in [(number, text), *lines]:
            if t is None or t.strip():
                tally.add(n, t, jsonl_record)
        return fmt
    delimiter = _csv_delimiter(text)
    try:
        header = _csv_cells(text, delimiter)
    except BadRowError as exc:
        raise InputFileError(f"{path}: the first line {exc}") from None
    cols = _csv_columns(path, header)
    parse_row = _csv_parser(cols or _Columns(0, 1, None, None), delimiter)
    if cols is None:
        tally.add(number, text, parse_row)
    for n, t in lines:
        if t is None or t.strip():
            tally.add(n, t, parse_row)
    return fmt


def _csv_parser(cols: _Columns, delimiter: str) -> Callable[[str], LengthRecord]:
    """A function turning one CSV line into a record."""
    def parse(text: str) -> LengthRecord:
        return _csv_record(_csv_cells(text, delimiter), cols)
    return parse


def _usable(text: str | None) -> str:
    """The line's text, or :class:`BadRowError` for a line that was not readable."""
    if text is None:
        raise BadRowError(f"is not UTF-8 text or is longer than {MAX_LINE_BYTES // 1024:,} KiB")
    return text


def csv_problem(exc: csv.Error) -> str:
    """What is wrong with a CSV line, in words (``has a field longer than …`` or ``is not valid CSV``)."""
    if "field larger" in str(exc):
        return f"has a field longer than {MAX_CSV_FIELD_CHARS:,} characters"
    return "is not valid CSV"


def _csv_cells(text: str, delimiter: str) -> list[str]:
    """Cells of one CSV line."""
    if '"' not in text:  # no quoting: a plain split gives the same cells, faster
        return text.split(delimiter)
    try:
        return next(csv.reader([text], delimiter=delimiter))
    except csv.Error as exc:
        raise BadRowError(csv_problem(exc)) from None


def read_lengths(path: Path) -> LengthsFile:
    """Read a CSV or JSON Lines file of per-request token counts (see the module docstring)."""
    try:
        with open_regular(path, "lengths file") as handle:
            _check_file(path, handle)
            tally = _Tally(path)
            fmt = _read_rows(path, handle, tally)
    except OSError as exc:
        raise InputFileError(f"cannot read lengths file {path}: {exc.strerror}") from exc
    if not tally.records:
        detail = "; ".join(tally.examples) or "no data rows"
        raise InputFileError(f"{path} has no usable rows ({detail})")
    return LengthsFile(path=str(path), file_format=fmt, records=tuple(tally.records),
                       rows_read=tally.rows, bad_rows=tally.bad,
                       bad_row_examples=tuple(tally.examples))


def read_length_pairs(path: Path) -> list[tuple[int, int]]:
    """The (input tokens, output tokens) pairs of every usable row of a lengths file."""
    return [(r.input_tokens, r.output_tokens) for r in read_lengths(path).records]
