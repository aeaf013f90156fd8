"""One served request's token counts, as read from a serving log export."""

from __future__ import annotations

from typing import NamedTuple

MAX_TOKENS_PER_REQUEST = 16_777_216


class LengthRecord(NamedTuple):
    """Input and output tokens of one request, with its conversation and turn when known.

    A named tuple rather than a pydantic model: a log export holds up to a million of them and
    each one is already validated by the reader.
    """

    input_tokens: int
    output_tokens: int
    conversation: str | None = None
    turn: int | None = None
