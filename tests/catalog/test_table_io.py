"""Import and export of spec tables: round trips, row/column problems, hostile files."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.catalog.table_io import (
    ImportProblem,
    TableFormat,
    TableImportError,
    apply_import,
    export_csv,
    export_json,
    export_table,
    format_for,
    parse_import,
    preview_import,
    table_columns,
)
from gpucalc.catalog.tables import TABLE_NAMES, PriceEntry, catalog_entries
from gpucalc.catalog.user_store import MAX_TABLE_BYTES, UserStore
from gpucalc.core.specs.price import MAX_PRICE_USD_PER_GPU_HOUR
from gpucalc.io.errors import InputFileError


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg")


def gpu_csv(catalog: Catalog, *ids: str) -> list[dict[str, str]]:
    text = export_csv("gpus", {i: catalog.gpus[i] for i in ids})
    return list(csv.DictReader(io.StringIO(text)))


def to_csv(rows: list[dict[str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


@pytest.mark.parametrize("fmt", list(TableFormat))
@pytest.mark.parametrize("table", TABLE_NAMES)
def test_bundled_tables_round_trip(catalog: Catalog, table: str, fmt: TableFormat) -> None:
    entries = catalog_entries(catalog, table)
    assert entries
    text = export_json(table, entries) if fmt is TableFormat.JSON else export_csv(table, entries)
    preview = parse_import(table, text, fmt)
    assert preview.problems == ()
    assert preview.entries == entries
    assert list(preview.entries) == list(entries)


def test_csv_columns_are_dotted_field_names(catalog: Catalog) -> None:
    names = [c.name for c in table_columns("gpus")]
    assert {"id", "dense_tflops.bf16", "interconnect.bidir_gb_per_s", "pcie.x16_bidir_gb_per_s",
            "hbm_bandwidth_gb_per_s", "price.usd_per_gpu_hour"} <= set(names)
    (row,) = gpu_csv(catalog, "h100-sxm-80gb")
    assert row["dense_tflops.bf16"] == "989.4"
    assert row["interconnect.bidir_gb_per_s"] == "900.0"
    assert row["aliases"].split(";")[:2] == ["h100", "h100-sxm"]
    assert row["price.range_usd_per_gpu_hour"] == "1.99;5.0"
    assert json.loads(row["sources"])[0]["id"] == "NVCOPY"
    assert row["dense_tflops.fp4"] == "", "None is an empty cell"


def test_list_cells_with_semicolons_and_empty_lists_round_trip(catalog: Catalog) -> None:
    gpu = catalog.gpus["l4-24gb"].model_copy(update={"aliases": ("a;b", "c")})
    engine = catalog.engines["vllm"]
    engine = engine.model_copy(update={"batch_defaults": engine.batch_defaults.model_copy(
        update={"large_gpu_excludes": ()})})
    for table, entry in (("gpus", gpu), ("engines", engine)):
        preview = parse_import(table, export_csv(table, {entry.id: entry}), TableFormat.CSV)
        assert preview.entries == {entry.id: entry}


def test_export_to_files_and_import_them_back(tmp_path: Path, store: UserStore, catalog: Catalog) -> None:
    store.put_entry("prices", {"gpu_id": "h100-sxm-80gb", "usd_per_gpu_hour": 1.85, "date": "2026-06-01"})
    user_only = store.get_entries("prices")
    merged = catalog_entries(load_layered_catalog(user_dir=store.user_dir)[0], "prices")
    assert len(user_only) == 1
    assert len(merged) > 1
    assert merged["h100-sxm-80gb"] == user_only["h100-sxm-80gb"]
    for name in ("prices.csv", "prices.json"):
        export_table(tmp_path / name, "prices", merged)
        assert preview_import("prices", tmp_path / name).entries == merged
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cfg", "prices.csv", "prices.json"]


def test_format_comes_from_the_suffix(tmp_path: Path) -> None:
    assert format_for(tmp_path / "x.CSV") is TableFormat.CSV
    with pytest.raises(InputFileError, match=r"\.json or \.csv"):
        format_for(tmp_path / "x.xlsx")


def test_non_numeric_cell_names_row_and_column(catalog: Catalog) -> None:
    rows = gpu_csv(catalog, "h100-sxm-80gb", "a100-sxm-80gb", "l4-24gb")
    rows[1]["dense_tflops.bf16"] = "fast"
    rows[2]["launch_year"] = "2023.5"
    preview = parse_import("gpus", to_csv(rows), TableFormat.CSV)
    assert not preview.ok
    assert preview.entries == {}, "nothing is imported until the whole file is valid"
    assert [(p.row, p.column) for p in preview.problems] == [(3, "dense_tflops.bf16"), (4, "launch_year")]
    assert str(preview.problems[0]).startswith(
        "row 3, column dense_tflops.bf16: Input should be a valid number")


def test_nested_error_names_the_list_column(catalog: Catalog) -> None:
    rows = gpu_csv(catalog, "h100-sxm-80gb")
    rows[0]["sources"] = json.dumps([{"id": "X"}])
    rows[0]["price.range_usd_per_gpu_hour"] = "1;2;3"
    (problem,) = parse_import("gpus", to_csv(rows), TableFormat.CSV).problems
    assert problem.row == 2
    assert problem.column in {"sources", "price.range_usd_per_gpu_hour"}


def test_missing_required_cells_name_a_column(catalog: Catalog) -> None:
    rows = gpu_csv(catalog, "h100-sxm-80gb")
    rows[0]["interconnect.kind"] = ""
    rows[0]["usable_memory_gib"] = ""
    problems = parse_import("gpus", to_csv(rows), TableFormat.CSV).problems
    assert problems == (ImportProblem(2, "usable_memory_gib", "Field required (and 1 more problem(s))"),)


@pytest.mark.parametrize(("text", "expected"), [
    ("id,name,colour\nx,X,green\n", [(1, "colour", "unknown column")]),
    ("id,id\nx,y\n", [(1, "id", "column appears twice")]),
    ("name,memory_gb\nX,80\n", [(1, "id", "required column is missing")]),
    ("id,name\nx,X,extra\n", [(2, "", "3 cells but the header has 2 columns")]),
    ("", [(0, "", "the file is empty")]),
    ("id,name\n", [(0, "", "the file has no entries")]),
])
def test_bad_csv_shape(text: str, expected: list[tuple[int, str, str]]) -> None:
    problems = parse_import("gpus", text, TableFormat.CSV).problems
    assert [(p.row, p.column, p.reason) for p in problems] == expected


def test_bad_json_cell_and_duplicate_ids(catalog: Catalog) -> None:
    rows = gpu_csv(catalog, "h100-sxm-80gb", "l4-24gb")
    rows.append(dict(rows[1]))
    rows[0]["sources"] = "{not json"
    problems = parse_import("gpus", to_csv(rows), TableFormat.CSV).problems
    assert [(p.row, p.column) for p in problems] == [(2, "sources"), (4, "id")]
    assert "also on row 3" in problems[1].reason


def test_json_import_problems_name_entry_and_field(catalog: Catalog) -> None:
    good = catalog.kv_formats["fp8"].model_dump(mode="json")
    doc = {"format": "gpucalc-table-export", "table": "kv_formats",
           "entries": [good, {**good, "id": "x", "bytes_per_element": 9}, {**good, "id": "y", "extra": 1}]}
    problems = parse_import("kv_formats", json.dumps(doc), TableFormat.JSON).problems
    assert [(p.row, p.column) for p in problems] == [(2, "bytes_per_element"), (3, "extra")]


@pytest.mark.parametrize(("text", "reason"), [
    ('{"table": "gpus", "entries": []}', "holds the 'gpus' table"),
    ('{"entries": 5}', "'entries' must be"),
    ('"just a string"', "expected a list of entries"),
    ("[" * 50_000 + "]" * 50_000, "nested"),
    ('{"entries": [' + "[" * 70 + "]" * 70 + "]}", "nested more than"),
    ("[]", "no entries"),
])
def test_bad_json_files(text: str, reason: str) -> None:
    (problem,) = parse_import("kv_formats", text, TableFormat.JSON).problems
    assert reason in problem.reason


def test_not_utf8_is_rejected() -> None:
    (problem,) = parse_import("gpus", b"id,name\n\xff\xfe,x\n", TableFormat.CSV).problems
    assert "not UTF-8" in problem.reason


def test_huge_file_is_rejected_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    with path.open("wb") as handle:
        handle.truncate(MAX_TABLE_BYTES + 1)
    (problem,) = preview_import("gpus", path).problems
    assert "at most 16 MB" in problem.reason
    (problem,) = parse_import("gpus", b" " * (MAX_TABLE_BYTES + 1), TableFormat.CSV).problems
    assert "over 16 MB" in problem.reason


def test_missing_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (problem,) = preview_import("gpus", tmp_path / "absent.json").problems
    assert "cannot read absent.json" in problem.reason


def test_apply_import_saves_all_entries(store: UserStore, catalog: Catalog) -> None:
    rows = gpu_csv(catalog, "h100-sxm-80gb", "l4-24gb")
    rows[0]["usable_memory_gib"] = "78.0"
    rows[1]["id"] = "l4-lab"
    preview = parse_import("gpus", to_csv(rows), TableFormat.CSV)
    new, replaced, same = preview.changes(catalog.gpus)
    assert (new, replaced, same) == (["l4-lab"], ["h100-sxm-80gb"], [])
    assert apply_import(store, preview) == []
    merged, _ = load_layered_catalog(user_dir=store.user_dir)
    assert merged.gpu("h100-sxm-80gb").usable_memory_gib == 78.0
    assert "l4-lab" in merged.gpus


def test_apply_import_refuses_a_preview_with_problems(store: UserStore) -> None:
    preview = parse_import("gpus", "id,colour\nx,green\n", TableFormat.CSV)
    with pytest.raises(TableImportError, match="row 1, column colour: unknown column"):
        apply_import(store, preview)
    assert not store.table_path("gpus").exists()


prices = st.builds(
    PriceEntry,
    gpu_id=st.from_regex(r"[a-z0-9][a-z0-9.\-]{0,30}", fullmatch=True),
    usd_per_gpu_hour=st.floats(min_value=0, max_value=MAX_PRICE_USD_PER_GPU_HOUR, allow_nan=False,
                               allow_infinity=False),
    date=st.dates().map(lambda d: d.isoformat()).filter(lambda s: len(s) == 10),
    # A CSV cell of only whitespace means "not given", so such a basis reads back as "".
    basis=st.text(alphabet=st.characters(codec="utf-8"), max_size=100).filter(
        lambda s: s == "" or bool(s.strip())),
)


@settings(max_examples=100, deadline=None)
@given(entries=st.lists(prices, min_size=1, max_size=8, unique_by=lambda p: p.gpu_id),
       fmt=st.sampled_from(list(TableFormat)))
def test_random_valid_prices_round_trip(entries: list[PriceEntry], fmt: TableFormat) -> None:
    table = {p.gpu_id: p for p in entries}
    text = export_json("prices", table) if fmt is TableFormat.JSON else export_csv("prices", table)
    preview = parse_import("prices", text, fmt)
    assert preview.problems == ()
    assert preview.entries == table


def test_a_name_that_would_start_a_formula_exports_as_text_and_imports_back(catalog: Catalog) -> None:
    gpu = catalog.gpus["h100-sxm-80gb"]
    named = {name: gpu.model_copy(update={"id": f"my-h100-{i}", "name": name})
             for i, name in enumerate(['=HYPERLINK("http://x")', "+1", "@A1", "-cmd", "'=x"])}
    entries = {entry.id: entry for entry in named.values()}
    text = export_csv("gpus", entries)
    names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
    assert names == ['\'=HYPERLINK("http://x")', "'+1", "'@A1", "'-cmd", "''=x"]
    assert parse_import("gpus", text, TableFormat.CSV).entries == entries
