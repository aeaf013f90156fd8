"""Find every marked text in gpucalc's sources and keep the catalogue (.ts) in step with them.

``python -m gpucalc.text.extract_messages`` (``make translations``) rewrites
``resources/translations/gpucalc_zh_CN.ts``: texts new in the sources arrive "unfinished",
texts no longer in the sources are dropped, finished translations are kept. The test suite
runs :func:`missing_translations` so a text shown in Chinese without a translation fails it.

The marks it knows (see :mod:`gpucalc.text.catalogue`): ``QT_TRANSLATE_NOOP("Ctx", "text")``,
``x.translate("Ctx", "text")``, ``self.tr("text")`` (context: the enclosing class, "" outside
one) and, under ``gpucalc/report``, ``w.t("text")``, ``tr("text", lang)`` and
``trf("text", lang, …)`` (context "Report").

Besides the sources, the bundled spec tables' display text is collected into context "Catalog":
the bracketed qualifiers of GPU, model and engine names and of GPU interconnect names ("China
variant", "HGX B200, per GPU"), as :mod:`gpucalc.text.catalog_text` shows them translated.
"""

from __future__ import annotations

import ast
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import gpucalc
from gpucalc.catalog.paths import resources_dir, specs_dir
from gpucalc.catalog.storage import atomic_write_text
from gpucalc.io.bounded_json import read_json_file
from gpucalc.text.catalog_text import (
    CATALOG_CONTEXT,
    EXAMPLES_CONTEXT,
    bundled_display_names,
    split_qualifiers,
)
from gpucalc.text.catalogue import catalogue_path, ts_messages

PACKAGE_DIR = Path(gpucalc.__file__).resolve().parent
REPORT_CONTEXT = "Report"
REPORT_HELPERS = frozenset({"t", "tr", "trf"})


@dataclass(frozen=True)
class Message:
    """One marked text: its context, its English source and where it was first found."""

    context: str
    source: str
    filename: str
    line: int


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


class _Finder(ast.NodeVisitor):
    def __init__(self, filename: str, in_report: bool) -> None:
        self.filename = filename
        self.in_report = in_report
        self.classes: list[str] = []
        self.found: list[Message] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        found = self._message(node)
        if found is not None and found[1]:
            self.found.append(Message(found[0], found[1], self.filename, node.lineno))
        self.generic_visit(node)

    def _message(self, node: ast.Call) -> tuple[str, str] | None:
        name = _callee(node)
        args = node.args
        if name in ("QT_TRANSLATE_NOOP", "translate") and len(args) >= 2:
            context, source = _literal(args[0]), _literal(args[1])
            return None if context is None or source is None else (context, source)
        if not args:
            return None
        source = _literal(args[0])
        if source is None:
            return None
        if self.in_report and name in REPORT_HELPERS and (name == "t" or len(args) >= 2):
            return REPORT_CONTEXT, source
        if name == "tr" and len(args) == 1:
            return (self.classes[-1] if self.classes else ""), source
        return None


def python_sources(root: Path = PACKAGE_DIR) -> list[Path]:
    """Every Python file of the package, in a stable order."""
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _relative(path: Path, root: Path) -> str:
    resolved = path.resolve()
    return resolved.relative_to(root.resolve()).as_posix() if resolved.is_relative_to(root.resolve()) \
        else resolved.as_posix()


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((number for number, line in enumerate(lines, start=1) if text in line), 1)


def catalog_messages(specs: Path | None = None, root: Path = PACKAGE_DIR.parent) -> list[Message]:
    """The display texts of the bundled spec tables (``specs/`` by default), context "Catalog"."""
    found: dict[str, Message] = {}
    for name in bundled_display_names(specs):
        for qualifier in split_qualifiers(name.text)[1]:
            if qualifier and qualifier not in found:
                found[qualifier] = Message(CATALOG_CONTEXT, qualifier, _relative(name.path, root),
                                           _line_of(name.path, name.text))
    return list(found.values())


"""The catalogue context of the bundled example scenarios' names (File → Examples)."""


def example_messages(folder: Path | None = None, root: Path = PACKAGE_DIR.parent) -> list[Message]:
    """The names of the bundled example scenarios (``resources/examples``), context "Examples"."""
    found: list[Message] = []
    for path in sorted((folder or resources_dir() / "examples").glob("*.gpucalc.json")):
        name = read_json_file(path, "example scenario").get("scenario", {}).get("name")
        if isinstance(name, str) and name:
            found.append(Message(EXAMPLES_CONTEXT, name, _relative(path, root), _line_of(path, name)))
    return found


SOURCES_CONTEXT = "Sources"
"""The catalogue context of the sentences terms cite as sources (:func:`gpucalc.text.terms.source_text`)."""


def _source_sentences(value: object, key: str = "") -> Iterator[str]:
    """The strings of an engine profile that terms cite: values of ``*source`` keys and ``sources``."""
    if isinstance(value, dict):
        for name, item in value.items():
            yield from _source_sentences(item, "sources." + name if key == "sources" else name)
    elif isinstance(value, list):
        for item in value:
            yield from _source_sentences(item, key)
    elif isinstance(value, str) and value and (key.endswith("source") or key.startswith("sources.")):
        yield value


def engine_source_messages(specs: Path | None = None, root: Path = PACKAGE_DIR.parent) -> list[Message]:
    """The source sentences of the bundled engine profiles (``specs/engines``), context "Sources".

    The memory and efficiency terms cite them; the reader's language gets them translated like
    the sentences the code cites.
    """
    found: dict[str, Message] = {}
    for path in sorted(((specs or specs_dir()) / "engines").glob("*.json")):
        for text in _source_sentences(read_json_file(path, f"bundled spec {path.name}")):
            found.setdefault(text, Message(SOURCES_CONTEXT, text, _relative(path, root),
                                           _line_of(path, text[:40])))
    return list(found.values())


def extract(paths: list[Path] | None = None, root: Path = PACKAGE_DIR.parent) -> list[Message]:
    """The marked texts of ``paths``, first occurrence of each.

    By default: the whole package, then the bundled tables' display text (:func:`catalog_messages`),
    the example scenarios' names (:func:`example_messages`) and the engine profiles' source
    sentences (:func:`engine_source_messages`).
    File names are recorded relative to ``root`` (the checkout).
    """
    seen: dict[tuple[str, str], Message] = {}
    for path in paths if paths is not None else python_sources():
        relative = path.resolve().relative_to(root.resolve()).as_posix()
        finder = _Finder(relative, in_report=relative.startswith("gpucalc/report/"))
        finder.visit(ast.parse(path.read_text(encoding="utf-8"), filename=relative))
        for message in finder.found:
            seen.setdefault((message.context, message.source), message)
    spec_texts = [*catalog_messages(root=root), *example_messages(root=root),
                  *engine_source_messages(root=root)]
    for message in spec_texts if paths is None else []:
        seen.setdefault((message.context, message.source), message)
    return list(seen.values())


def _ts_entries(path: Path) -> dict[tuple[str, str], str | None]:
    return ts_messages(path) if path.is_file() else {}


def missing_translations(lang: str = "zh", messages: list[Message] | None = None) -> list[Message]:
    """Marked texts that have no finished translation in ``lang``'s catalogue."""
    path = catalogue_path(lang)
    if path is None:
        return []
    entries = _ts_entries(path)
    return [m for m in (messages if messages is not None else extract())
            if entries.get((m.context, m.source)) is None]


def _contexts(messages: list[Message]) -> Iterator[tuple[str, list[Message]]]:
    by_context: dict[str, list[Message]] = {}
    for message in messages:
        by_context.setdefault(message.context, []).append(message)
    for name in sorted(by_context):
        yield name, by_context[name]


def render_ts(messages: list[Message], translations: dict[tuple[str, str], str | None], locale: str) -> str:
    """The .ts text for ``messages`` with the ``translations`` already made."""
    root = ET.Element("TS", version="2.1", language=locale)
    for name, group in _contexts(messages):
        context = ET.SubElement(root, "context")
        ET.SubElement(context, "name").text = name
        for message in group:
            node = ET.SubElement(context, "message")
            ET.SubElement(node, "location", filename="../../" + message.filename, line=str(message.line))
            ET.SubElement(node, "source").text = message.source
            done = translations.get((message.context, message.source))
            translation = ET.SubElement(node, "translation")
            if done:
                translation.text = done
            else:
                translation.set("type", "unfinished")
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n"


def update_catalogue(lang: str = "zh") -> tuple[int, int]:
    """Rewrite ``lang``'s .ts from the sources; return (texts in all, texts still unfinished)."""
    path = catalogue_path(lang)
    if path is None:
        raise ValueError(f"English is the source language; there is no catalogue to update for {lang!r}")
    messages = extract()
    entries = _ts_entries(path)
    atomic_write_text(path, render_ts(messages, entries, path.stem.removeprefix("gpucalc_")))
    return len(messages), sum(1 for m in messages if not entries.get((m.context, m.source)))


def main() -> int:
    """Update the Chinese catalogue and say how many texts still need a translation."""
    total, unfinished = update_catalogue("zh")
    print(f"{total} texts, {unfinished} unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
