"""Names that come from a scenario, a model or a GPU, made safe for file names and PDF metadata.

One rule for every export, so the PDF, the zip of CSV files and the saved scenario agree:

* :func:`display_name` - the name as a reader sees it in a PDF title, header or property: no
  control or format characters (a right-to-left override would reverse the rest of the line),
  whitespace runs as one space, at most :data:`MAX_DISPLAY_CHARACTERS` characters.
* :func:`file_stem` - the same name as part of a file name on Linux, macOS and Windows: no
  path separators or characters Windows refuses, no leading dot (a hidden file) or dash (read
  as a command-line option), no trailing dot or space, no reserved device name (``CON``,
  ``NUL``, ``COM1``…), at most :data:`MAX_STEM_BYTES` bytes of UTF-8.
* :func:`export_file_name` - the name the window suggests for an export of a scenario.
"""

from __future__ import annotations

import re
import unicodedata

from gpucalc.plan.scenario_file import FILE_SUFFIX

MAX_DISPLAY_CHARACTERS = 200
MAX_STEM_BYTES = 120
_NOT_IN_FILE_NAMES = re.compile(r'[<>:"/\\|?*]+')
_WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)),
                              *(f"lpt{n}" for n in range(1, 10))})
EXPORT_PREFIXES = {"report": ("gpucalc-report", ".pdf"), "tables": ("gpucalc-tables", ".zip"),
                   "scenario": ("scenario", FILE_SUFFIX)}
"""Kind of export → (default stem, suffix) of the file name the window suggests."""


def display_name(text: str) -> str:
    """``text`` without control or format characters, single-spaced, at most 200 characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text)
                   if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    single = " ".join(kept.split())
    return single if len(single) <= MAX_DISPLAY_CHARACTERS else single[:MAX_DISPLAY_CHARACTERS - 1] + "…"


def file_stem(text: str) -> str:
    """``text`` as a file name stem every OS accepts (empty when nothing usable is left)."""
    stem = _NOT_IN_FILE_NAMES.sub("-", display_name(text).replace("…", ""))
    stem = stem.lstrip(" .-").rstrip(" .")
    while len(stem.encode("utf-8")) > MAX_STEM_BYTES:
        stem = stem[:-1].rstrip(" .")
    head, dot, rest = stem.partition(".")
    if head.strip().lower() in _WINDOWS_DEVICES:
        stem = f"{head}_{dot}{rest}"
    return stem


def export_file_name(kind: str, scenario_name: str = "") -> str:
    """The file name suggested for exporting a scenario named ``scenario_name``.

    ``kind`` is 'report' (PDF), 'tables' (zip of CSV files) or 'scenario' (the scenario file);
    an unnamed scenario gets the plain default (``gpucalc-report.pdf``).
    """
    default, suffix = EXPORT_PREFIXES[kind]
    stem = file_stem(scenario_name)
    if not stem:
        return default + suffix
    return (stem if kind == "scenario" else f"{default}-{stem}") + suffix
