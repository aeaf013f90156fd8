"""A Chinese CSV export: its README and the sentences in its cells are Chinese; names, keys and
numbers are the same as in English (they are data a script reads)."""

from __future__ import annotations

import csv
import io
import re

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.report.csv_export import write_csv_files
from gpucalc.ui.scenario_files import example_paths, open_scenario

CHINESE = re.compile(r"[\u4e00-\u9fff]")
EXAMPLE = example_paths()[0]


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    catalog, scenario = Catalog.load(), open_scenario(EXAMPLE)
    found: dict[str, dict[str, str]] = {}
    for lang in ("en", "zh"):
        folder = tmp_path_factory.mktemp(f"csv_{lang}")
        written = write_csv_files(folder, scenario, catalog, lang)
        found[lang] = {p.name: p.read_text(encoding="utf-8-sig") for p in written}
    return found


def _notes(readme: str) -> list[str]:
    return [line.strip() for line in readme.splitlines() if line.startswith("  ")]


def test_the_readme_describes_every_file_in_chinese(exports: dict[str, dict[str, str]]) -> None:
    en, zh = exports["en"]["README.txt"], exports["zh"]["README.txt"]
    assert zh.startswith("gpucalc CSV 导出")
    assert "文件：" in zh
    notes = _notes(zh)
    assert len(notes) == len(_notes(en)) == sum(name.endswith(".csv") for name in exports["zh"])
    assert all(CHINESE.search(note) for note in notes), [n for n in notes if not CHINESE.search(n)]
    # the files it names are the same in both languages
    assert [line for line in zh.splitlines() if line.endswith(".csv")] == [
        line for line in en.splitlines() if line.endswith(".csv")]


def test_the_band_sentences_are_chinese_and_the_numbers_the_same(exports: dict[str, dict[str, str]]) -> None:
    en, zh = (list(csv.DictReader(io.StringIO(exports[lang]["figure_bands.csv"]))) for lang in ("en", "zh"))
    assert [r["figure"] for r in zh] == [r["figure"] for r in en]
    assert [(r["low"], r["expected"], r["high"]) for r in zh] == [(r["low"], r["expected"], r["high"])
                                                                   for r in en]
    assert all(CHINESE.search(r["band"]) for r in zh)
    assert exports["zh"]["summary.csv"].splitlines()[0] == exports["en"]["summary.csv"].splitlines()[0]


def test_every_table_has_the_same_rows_in_both_languages(exports: dict[str, dict[str, str]]) -> None:
    assert set(exports["zh"]) == set(exports["en"])
    for name in exports["en"]:
        assert len(exports["zh"][name].splitlines()) == len(exports["en"][name].splitlines()), name


def test_the_summary_says_where_each_figure_comes_from_in_chinese(
        exports: dict[str, dict[str, str]]) -> None:
    """The kind of a source stays a key a script reads; the rule or formula after it is Chinese."""
    en, zh = (list(csv.DictReader(io.StringIO(exports[lang]["summary.csv"]))) for lang in ("en", "zh"))
    def figures(rows: list[dict[str, str]]) -> list[tuple[str, str, str]]:
        return [(r["section"], r["field"], r["value"]) for r in rows if r["field"] != "created"]

    assert figures(zh) == figures(en)
    for english, chinese in zip(en, zh, strict=True):
        source = english["source"]
        for kind in ("resolved: ", "calculated: "):
            if source.startswith(kind):
                assert chinese["source"].startswith(kind), chinese
                assert CHINESE.search(chinese["source"]), chinese
        if source in ("scenario", "catalog", "gpucalc") or ".csv" in source:
            assert chinese["source"] == source
