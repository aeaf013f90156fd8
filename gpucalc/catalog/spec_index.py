"""The index of the bundled spec tables: every file's parsed JSON in one file of the cache folder.

A catalog load reads about 180 small JSON files through the bounded reader; most of its time is
that reading, not the validation. The index keeps what the reads returned, keyed on the name,
size and modification time of every file read (and on gpucalc's version and the index format),
so a later load reads one file and validates the same JSON again. When any file is added,
removed or changed the key differs and the tables are read from their files again (and the
index rewritten).

The index is gpucalc's own output, in the cache folder (:func:`gpucalc.catalog.storage.cache_dir`):
it is read with a size bound and plain JSON parsing, and anything unexpected in it (unreadable,
not JSON, another key, another shape) only means the files are read instead. Writing it is
atomic and never fails a load. A file changed in the last :data:`RACY_SECONDS` could change
again within the file system's clock granularity without its time moving, so while one is that
fresh nothing is cached.
"""

from __future__ import annotations

import json
import os
import time
import zlib
from pathlib import Path
from typing import Any

from gpucalc import __version__
from gpucalc.catalog.kernels import MAPPING_FILE
from gpucalc.catalog.storage import atomic_write_bytes, cache_dir
from gpucalc.io.bounded_json import read_bounded_bytes
from gpucalc.io.errors import InputFileError

INDEX_FORMAT = 1
TABLE_FOLDERS = ("gpus", "models", "engines", "networks")
"""The folders of one JSON file per entry."""
KERNELS_FOLDER = "kernels"
PRECISIONS_FILE = "precisions.json"
MAX_INDEX_BYTES = 64 * 1024 * 1024  # the bundled tables' JSON is under 1 MB
RACY_SECONDS = 2.0
"""A file modified less than this long ago is not trusted to change its time on the next edit
(file-system clocks tick in milliseconds or coarser)."""

SpecFiles = dict[str, list[Path] | None]
"""The ``*.json`` files of each folder the catalog reads, in name order (None: no such folder)."""
SpecTexts = dict[str, Any]
"""The parsed JSON of the tables: ``precisions``, each folder's ``[file name, JSON]`` pairs and
``kernels`` (:data:`gpucalc.catalog.kernels.KernelTables`)."""
IndexKey = dict[str, Any]


def spec_files(base: Path) -> SpecFiles:
    """The files the catalog reads under ``base``, per folder."""
    files: SpecFiles = {}
    for folder in (*TABLE_FOLDERS, KERNELS_FOLDER):
        directory = base / folder
        files[folder] = sorted(directory.glob("*.json")) if directory.is_dir() else None
    return files


def index_key(base: Path, files: SpecFiles) -> IndexKey | None:
    """What the tables under ``base`` are read from: every file's name, size and time.

    None when a file cannot be looked at or changed too recently to be told apart from its next
    change: then nothing is cached.
    """
    fresh_after = time.time_ns() - int(RACY_SECONDS * 1e9)
    stamps: dict[str, list[list[Any]] | None] = {}
    try:
        for folder, paths in {**files, "": [base / PRECISIONS_FILE]}.items():
            if paths is None:
                stamps[folder] = None
                continue
            folder_stamps: list[list[Any]] = []
            for path in paths:
                stat = path.stat()
                if stat.st_mtime_ns > fresh_after:
                    return None
                folder_stamps.append([path.name, stat.st_size, stat.st_mtime_ns])
            stamps[folder] = folder_stamps
    except OSError:
        return None
    return {"format": INDEX_FORMAT, "gpucalc": __version__, "root": os.path.abspath(base),
            "files": stamps}


def index_path(key: IndexKey) -> Path:
    """The index file of the tables ``key`` describes (one per folder of tables)."""
    root = str(key["root"]).encode("utf-8", "surrogatepass")
    return cache_dir() / f"specs-{zlib.crc32(root):08x}.json"


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not in gpucalc's index")


def read_index(key: IndexKey) -> SpecTexts | None:
    """The tables the index holds for ``key``; None when there is none, or another, or it is unusable."""
    try:
        data = read_bounded_bytes(index_path(key), "spec index", MAX_INDEX_BYTES)
        document = json.loads(data, parse_constant=_refuse_constant)
    except (InputFileError, OSError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict) or any(document.get(name) != value for name, value in key.items()):
        return None
    texts = document.get("specs")
    return texts if isinstance(texts, dict) and _holds_the_files(texts, key["files"]) else None


def _pair_names(pairs: Any) -> list[str] | None:
    """The file names of ``[file name, JSON]`` pairs; None when ``pairs`` is not a list of them."""
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                              for p in pairs):
        return None
    return [p[0] for p in pairs]


def _holds_the_files(texts: dict[str, Any], stamps: dict[str, Any]) -> bool:
    """Whether ``texts`` has the JSON of exactly the files ``stamps`` names, each in its place."""
    if set(texts) != {"precisions", *TABLE_FOLDERS, KERNELS_FOLDER}:
        return False
    for folder in TABLE_FOLDERS:
        names = None if stamps[folder] is None else [stamp[0] for stamp in stamps[folder]]
        if (texts[folder] is None) != (names is None) or (
                names is not None and _pair_names(texts[folder]) != names):
            return False
    kernels, kernel_stamps = texts[KERNELS_FOLDER], stamps[KERNELS_FOLDER]
    if kernels is None or kernel_stamps is None:
        return kernels is None and kernel_stamps is None
    systems = [stamp[0] for stamp in kernel_stamps if stamp[0] != MAPPING_FILE]
    return isinstance(kernels, dict) and set(kernels) == {"systems", "mapping"} and (
        _pair_names(kernels["systems"]) == systems)


def write_index(key: IndexKey, texts: SpecTexts) -> None:
    """Keep ``texts`` as the index for ``key``; a cache folder that cannot be written is left alone."""
    document = {**key, "specs": texts}
    try:
        content = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        atomic_write_bytes(index_path(key), content.encode("utf-8"))
    except (OSError, ValueError):
        return
