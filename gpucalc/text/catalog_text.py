"""Display text of the bundled spec tables in the user's language (context "Catalog").

Entry names carry English qualifiers in brackets — "NVIDIA H20 96GB (China variant)", "NVIDIA
B200 (HGX B200, per GPU)", "NVLink 4 (18 links)". The product name stays as it is; each trailing
qualifier of a bundled GPU, model or engine name and of a GPU's interconnect name is a catalogue
text in context "Catalog" (collected by :mod:`gpucalc.text.extract_messages` from the tables, so
nothing is written twice) and is shown translated. A name the user typed in their own tables
shows as typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from gpucalc.catalog.paths import specs_dir
from gpucalc.core.specs.precision import WeightFormat
from gpucalc.core.specs.weight_only import (
    WEIGHT_ONLY_LABEL,
    WeightOnlyFormat,
    format_name,
    weight_only_scheme,
)
from gpucalc.io.bounded_json import read_json_file
from gpucalc.text.catalogue import language_code, translate

CATALOG_CONTEXT = "Catalog"
"""The catalogue context of the tables' display text."""
NAMED_TABLES = ("gpus", "models", "engines", "networks")
"""The spec tables whose entry names are shown to the user."""
TRAILING_QUALIFIER = re.compile(r"\s*(\(([^()]*)\)|\[([^\[\]]*)\])\s*$")
"""One bracketed qualifier at the end of a name: '(China variant)' or '[extra]'."""


@dataclass(frozen=True)
class DisplayName:
    """A bundled name as shown: where it was found, and the text itself."""

    path: Path
    field: str
    text: str


def split_qualifiers(name: str) -> tuple[str, tuple[str, ...]]:
    """'NVIDIA GB300 (per GPU, NVL72) [extra]' → ('NVIDIA GB300', ('per GPU, NVL72', 'extra'))."""
    base, qualifiers = name, list[str]()
    while (match := TRAILING_QUALIFIER.search(base)) is not None and match.start() > 0:
        qualifiers.insert(0, match.group(2) if match.group(2) is not None else match.group(3))
        base = base[:match.start()]
    return base, tuple(q.strip() for q in qualifiers)


def _names_of(entry: Any, table: str) -> Iterator[tuple[str, str]]:
    if not isinstance(entry, dict):
        return
    if isinstance(entry.get("name"), str):
        yield "name", entry["name"]
    link = entry.get("interconnect")
    if table == "gpus" and isinstance(link, dict) and isinstance(link.get("name"), str):
        yield "interconnect.name", link["name"]


def bundled_display_names(root: Path | None = None) -> list[DisplayName]:
    """Every shown name of the bundled GPU, model and engine tables (files read in a stable order)."""
    base = specs_dir() if root is None else root
    names = []
    for table in NAMED_TABLES:
        for path in sorted((base / table).glob("*.json")):
            entry = read_json_file(path, f"bundled spec {path.name}")
            names += [DisplayName(path, field, text) for field, text in _names_of(entry, table)]
    return names


@cache
def _bundled_names() -> frozenset[str]:
    return frozenset(n.text for n in bundled_display_names())


def localised_name(name: str, translate_qualifier: Callable[[str], str]) -> str:
    """``name`` with the qualifiers of a bundled name put through ``translate_qualifier``.

    A name whose qualifiers all stay as they are (English, or untranslated codes) is returned
    unchanged; otherwise the qualifiers follow the product name in Chinese brackets. A name that
    is not a bundled one (the user's own) is returned as typed.
    """
    if name not in _bundled_names():
        return name
    base, qualifiers = split_qualifiers(name)
    shown = [translate_qualifier(q) for q in qualifiers]
    if list(qualifiers) == shown:
        return name
    return base + "".join(f"（{text}）" for text in shown)


def catalog_name(name: str, lang: str) -> str:
    """``name`` as shown in ``lang``: 'NVIDIA H20 96GB (China variant)' → 'NVIDIA H20 96GB（中国特供版）'."""
    if language_code(lang) == "en":
        return name
    return localised_name(name, partial(translate, CATALOG_CONTEXT, lang=lang))


EXAMPLES_CONTEXT = "Examples"  # the bundled example scenarios' names (resources/examples)


def scenario_title(name: str, lang: str) -> str:
    """A scenario's name in ``lang``: a bundled example's as the catalogue has it, any other as given."""
    return translate(EXAMPLES_CONTEXT, name, lang)


def weight_format_name(fmt: WeightFormat, lang: str) -> str:
    """A served weight format as shown in ``lang``: 'FP8 weight-only (W8A16)' → 'FP8 仅权重（W8A16）'.

    Catalog formats show their label as it is (a name with a scheme code).
    """
    if not isinstance(fmt, WeightOnlyFormat):
        return fmt.label
    asked = fmt.engine_format
    return translate("Precision", WEIGHT_ONLY_LABEL, lang).format(
        name=format_name(asked), scheme=weight_only_scheme(asked))
