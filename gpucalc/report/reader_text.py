"""Text for a reader outside the project: no repository paths, commands or internal references.

Sources and reasons come from the specification files, written for the people who maintain
them ("seed 001: …", "specs/validation/throughput.jsonl", "(python -m benchmarks.…)",
"DOMAIN.md §4"). The report keeps what they say and the titles they cite and drops the
pointers into the repository (formula inputs are named in words by :mod:`gpucalc.text.terms`).
"""

from __future__ import annotations

import re

_REPO_POINTER = r"(?:specs/|python -m |DOMAIN\.md|seeds?/|benchmarks\.)"
_PARENTHESISED_POINTER = re.compile(r"\s*\([^()]*" + _REPO_POINTER + r"[^()]*\)")
_SEED_LABEL = re.compile(r"\bseed 00\d(?:['’]s)?(?: case)?[:,]?\s*", re.IGNORECASE)
_IN_MEASUREMENT_FILE = re.compile(r"\s+in specs/validation/[\w.-]+")
_MEASUREMENT_FILE = re.compile(r"specs/validation/[\w.-]+")
_SEEDS = re.compile(r"\bthe seeds\b")
_SPEC_FILE = re.compile(r"specs/[\w/.-]+")
_DOC_SECTION = re.compile(r"\s*DOMAIN\.md\s*§\s*\d+")
_EMPTY_BRACKETS = re.compile(r"\s*\(\s*\)")
_KEY_LABEL = re.compile(r"^[a-z]+(?:_[a-z]+)+:\s*")


def reader_text(text: str) -> str:
    """``text`` without repository paths, commands and seed / document references."""
    out = _KEY_LABEL.sub("", _PARENTHESISED_POINTER.sub("", text))
    out = _IN_MEASUREMENT_FILE.sub("", out)
    out = _MEASUREMENT_FILE.sub("the published measurements", out)
    out = _SEEDS.sub("planning guides", out)
    out = _SPEC_FILE.sub("the engine's data", out)
    out = _DOC_SECTION.sub("", out)
    out = _SEED_LABEL.sub("", out)
    out = _EMPTY_BRACKETS.sub("", out)
    return re.sub(r"\s{2,}", " ", out).strip()

