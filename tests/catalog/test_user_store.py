"""The user's table files: persistence, resets, atomic writes, migrations, broken files."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucalc.catalog import user_store
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.file_lock import LOCK_NAME
from gpucalc.catalog.storage import config_dir
from gpucalc.catalog.tables import PriceEntry, TableValidationError
from gpucalc.catalog.user_store import (
    CURRENT_SCHEMA_VERSION,
    FILE_FORMAT,
    MAX_TABLE_BYTES,
    UserStore,
)
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.price import MAX_PRICE_USD_PER_GPU_HOUR

FIXED_NOW = datetime(2026, 5, 21, 10, 15, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg", clock=lambda: FIXED_NOW)


def gpu_dict(catalog: Catalog, new_id: str = "my-gpu-48gb", **changes: Any) -> dict[str, Any]:
    data = catalog.gpus["l40s-48gb"].model_dump(mode="json")
    data.update(id=new_id, name="My GPU", aliases=[], **changes)
    return data


def write_doc(store: UserStore, table: str, doc: Any) -> Path:
    path = store.table_path(table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def backups(store: UserStore) -> list[Path]:
    return sorted(store.tables_dir.glob("*.bak-*.json"))


def names(folder: Path) -> list[str]:
    """The files in ``folder`` but the lock file saves share."""
    return sorted(p.name for p in folder.iterdir() if p.name != LOCK_NAME)


def test_default_dir_follows_env(tmp_path: Path) -> None:
    assert config_dir() == tmp_path / "config"  # set by the autouse fixture
    assert UserStore().tables_dir == tmp_path / "config" / "tables"


def test_edits_persist_in_a_new_store(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, memory_gb=50))
    store.put_entry("prices", {"gpu_id": "h100-sxm-80gb", "usd_per_gpu_hour": 1.5,
                               "date": "2026-05-01", "basis": "our contract"})
    again = UserStore(store.user_dir)
    gpu = again.get_entries("gpus")["my-gpu-48gb"]
    assert isinstance(gpu, GpuSpec)
    assert gpu.memory_gb == 50
    price = again.get_entries("prices")["h100-sxm-80gb"]
    assert price == PriceEntry(gpu_id="h100-sxm-80gb", usd_per_gpu_hour=1.5, date="2026-05-01",
                               basis="our contract")


def test_file_layout(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("prices", {"gpu_id": "a10-24gb", "usd_per_gpu_hour": 0.7, "date": "2026-01-02"})
    store.delete_entry("gpus", "t4-16gb")
    prices = json.loads(store.table_path("prices").read_text(encoding="utf-8"))
    assert prices == {"format": FILE_FORMAT, "table": "prices", "schema_version": CURRENT_SCHEMA_VERSION,
                      "entries": {"a10-24gb": {"usd_per_gpu_hour": 0.7, "date": "2026-01-02", "basis": ""}},
                      "deleted": []}
    gpus = json.loads(store.table_path("gpus").read_text(encoding="utf-8"))
    assert gpus["entries"] == {}
    assert gpus["deleted"] == ["t4-16gb"]
    assert store.table_path("gpus") == store.user_dir / "tables" / "gpus.json"


@pytest.mark.parametrize(("change", "field"), [
    ({"dense_tflops": {"bf16": "fast"}}, "dense_tflops.bf16"),
    ({"memory_gb": -1}, "memory_gb"),
    ({"interconnect": {"kind": "carrier-pigeon"}}, "interconnect.kind"),
    ({"colour": "green"}, "colour"),
    ({"tdp_w": float("inf")}, "tdp_w"),
    ({"id": "Bad Id"}, "id"),
])
def test_put_entry_validates_first(store: UserStore, catalog: Catalog, change: dict[str, Any],
                                   field: str) -> None:
    data = gpu_dict(catalog)
    for key, value in change.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    with pytest.raises(TableValidationError) as info:
        store.put_entry("gpus", data)
    assert info.value.field == field
    assert "\n" not in str(info.value)
    assert field in str(info.value)
    assert not store.table_path("gpus").exists()


def test_model_with_unusable_config_is_rejected(store: UserStore, catalog: Catalog) -> None:
    data = catalog.models["qwen3-8b"].model_dump(mode="json")
    data.update(id="my-model", config={"model_type": "llama"})
    with pytest.raises(TableValidationError) as info:
        store.put_entry("models", data)
    assert info.value.field == "config"


def test_bad_price_date_is_rejected(store: UserStore) -> None:
    with pytest.raises(TableValidationError, match="date"):
        store.put_entry("prices", {"gpu_id": "a10-24gb", "usd_per_gpu_hour": 1, "date": "2026-02-30"})


def test_delete_then_reset_entry(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, new_id="l40s-48gb", memory_gb=47))
    store.delete_entry("gpus", "l40s-48gb")
    assert store.get_entries("gpus") == {}
    assert store.get_deleted("gpus") == ("l40s-48gb",)
    store.put_entry("gpus", gpu_dict(catalog, new_id="l40s-48gb", memory_gb=47))
    assert store.get_deleted("gpus") == ()
    store.reset_entry("gpus", "l40s-48gb")
    assert store.get_entries("gpus") == {}
    assert not store.table_path("gpus").exists(), "an empty table leaves no file behind"


def test_reset_table_and_all(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog))
    store.put_entry("prices", {"gpu_id": "a10-24gb", "usd_per_gpu_hour": 0.7, "date": "2026-01-02"})
    store.reset_table("gpus")
    assert store.get_entries("gpus") == {}
    assert store.get_entries("prices")
    store.put_entry("gpus", gpu_dict(catalog))
    assert store.reset_all() == []
    assert all(not store.get_entries(t) for t in ("gpus", "prices"))
    assert names(store.tables_dir) == []


def test_atomic_write_leaves_no_temp_files(store: UserStore, catalog: Catalog) -> None:
    for n in range(3):
        store.put_entry("gpus", gpu_dict(catalog, new_id=f"gpu-{n}"))
    assert names(store.tables_dir) == ["gpus.json"]


def test_failed_write_keeps_the_old_file(store: UserStore, catalog: Catalog,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    store.put_entry("gpus", gpu_dict(catalog, new_id="first"))
    before = store.table_path("gpus").read_bytes()

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(user_store.UserStoreError, match="No space left"):
        store.put_entry("gpus", gpu_dict(catalog, new_id="second"))
    assert store.table_path("gpus").read_bytes() == before
    assert names(store.tables_dir) == ["gpus.json"]


def _valid_doc(entries: Any) -> dict[str, Any]:
    return {"format": FILE_FORMAT, "table": "gpus", "schema_version": 1, "entries": entries,
            "deleted": []}


@pytest.mark.parametrize(("content", "reason"), [
    ("{not json", "not_json"),
    ("", "not_json"),
    ("[" * 100_000 + "]" * 100_000, "not_json"),
    (json.dumps([1, 2]), "wrong_shape"),
    (json.dumps({"entries": {}}), "wrong_shape"),
    (json.dumps({**_valid_doc({}), "table": "models"}), "wrong_shape"),
    (json.dumps({**_valid_doc({}), "schema_version": "1"}), "wrong_shape"),
    (json.dumps(_valid_doc([])), "wrong_shape"),
    (json.dumps({**_valid_doc({}), "deleted": "t4"}), "wrong_shape"),
    (json.dumps({**_valid_doc({}), "schema_version": CURRENT_SCHEMA_VERSION + 1}), "newer_version"),
])
def test_unusable_file_is_skipped_and_only_a_save_sets_it_aside(store: UserStore, catalog: Catalog,
                                                                 content: str, reason: str) -> None:
    path = write_doc(store, "gpus", content)
    for _ in range(2):  # a read-only command never moves or rewrites the file, and says so each time
        state = store.read_table("gpus")
        assert state.entries == {}
        (notice,) = state.notices
        assert notice.code == "user_table_skipped"
        assert notice.params["table"] == "gpus"
        assert notice.params["reason"] == reason
        assert path.read_text(encoding="utf-8") == content
        assert not backups(store)
    (notice,) = store.put_entry("gpus", gpu_dict(catalog))
    assert notice.code == "user_table_reset"
    assert notice.params["reason"] == reason
    backup = Path(str(notice.params["backup"]))
    assert backup.name == "gpus.bak-20260521T101500Z.json"
    assert backup.read_text(encoding="utf-8") == content, "the user's data is kept as it was"
    assert list(store.get_entries("gpus")) == ["my-gpu-48gb"]
    assert store.read_table("gpus").notices == ()


def test_oversized_file_is_skipped(store: UserStore) -> None:
    path = write_doc(store, "gpus", "")
    with path.open("wb") as handle:
        handle.truncate(MAX_TABLE_BYTES + 1)
    (notice,) = store.read_table("gpus").notices
    assert notice.params["reason"] == "too_large"
    assert "at most 16 MB" in str(notice.params["detail"])


def test_backups_never_overwrite_each_other(store: UserStore, catalog: Catalog) -> None:
    for n in range(3):
        write_doc(store, "gpus", f"broken {n}")
        store.put_entry("gpus", gpu_dict(catalog))
    names = [p.name for p in backups(store)]
    assert names == ["gpus.bak-20260521T101500Z-2.json", "gpus.bak-20260521T101500Z-3.json",
                     "gpus.bak-20260521T101500Z.json"]
    assert {p.read_text(encoding="utf-8") for p in backups(store)} == {"broken 0", "broken 1", "broken 2"}


def test_invalid_entry_is_skipped_but_kept(store: UserStore, catalog: Catalog) -> None:
    good = gpu_dict(catalog, new_id="good")
    bad = gpu_dict(catalog, new_id="bad", memory_gb="lots")
    path = write_doc(store, "gpus", _valid_doc({"good": good, "bad": bad}))
    state = store.read_table("gpus")
    assert list(state.entries) == ["good"]
    (notice,) = state.notices
    assert notice.code == "user_entry_invalid"
    assert notice.params == {"table": "gpus", "id": "bad", "field": "memory_gb",
                             "reason": "Input should be a valid number, unable to parse string as a number"}
    assert path.exists()
    assert not backups(store)
    store.put_entry("gpus", gpu_dict(catalog, new_id="other"))
    saved = json.loads(path.read_text(encoding="utf-8"))["entries"]
    assert saved["bad"] == bad, "an entry the app cannot read is not lost on the next save"
    assert set(saved) == {"good", "bad", "other"}


def test_entry_whose_id_differs_from_its_key(store: UserStore, catalog: Catalog) -> None:
    write_doc(store, "gpus", _valid_doc({"key": gpu_dict(catalog, new_id="other")}))
    (notice,) = store.read_table("gpus").notices
    assert notice.code == "user_entry_invalid"
    assert notice.params["field"] == "id"


def _v0_doc(catalog: Catalog) -> dict[str, Any]:
    """A synthetic v0 file: the entries were a bare list."""
    return {"format": FILE_FORMAT, "table": "gpus", "schema_version": 0,
            "entries": [gpu_dict(catalog, new_id="old-a"), gpu_dict(catalog, new_id="old-b")]}


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    doc["entries"] = {entry["id"]: entry for entry in doc["entries"]}
    doc["deleted"] = []
    return doc


def test_migration_v0_to_v1(store: UserStore, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(user_store.MIGRATIONS, 0, _v0_to_v1)
    path = write_doc(store, "gpus", _v0_doc(catalog))
    before = path.read_bytes()
    state = store.read_table("gpus")
    assert sorted(state.entries) == ["old-a", "old-b"]
    assert state.notices == ()
    assert path.read_bytes() == before, "reading alone does not rewrite the file"
    store.put_entry("gpus", gpu_dict(catalog, new_id="new"))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["schema_version"] == 1
    assert sorted(saved["entries"]) == ["new", "old-a", "old-b"]


def test_failed_migration_rolls_back(store: UserStore, catalog: Catalog,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(doc: dict[str, Any]) -> dict[str, Any]:
        doc["entries"] = "half-way"  # changes the document, then fails
        raise ValueError("cannot convert")

    monkeypatch.setitem(user_store.MIGRATIONS, 0, broken)
    path = write_doc(store, "gpus", _v0_doc(catalog))
    before = path.read_bytes()
    state = store.read_table("gpus")
    assert state.entries == {}
    (notice,) = state.notices
    assert notice.code == "user_table_migration_failed"
    assert notice.params["from_version"] == 0
    assert "cannot convert" in str(notice.params["reason"])
    assert path.read_bytes() == before, "the original file is untouched"
    assert not backups(store)
    # A later edit keeps the old file as a backup before starting a new one.
    notices = store.put_entry("gpus", gpu_dict(catalog, new_id="new"))
    assert [n.code for n in notices] == ["user_table_migration_failed", "user_table_reset"]
    (backup,) = backups(store)
    assert backup.read_bytes() == before
    assert list(store.get_entries("gpus")) == ["new"]


def test_missing_migration_is_a_failure(store: UserStore, catalog: Catalog) -> None:
    assert 0 not in user_store.MIGRATIONS
    write_doc(store, "gpus", _v0_doc(catalog))
    (notice,) = store.read_table("gpus").notices
    assert notice.code == "user_table_migration_failed"
    assert "no migration" in str(notice.params["reason"])


def test_migration_that_returns_a_bad_shape_rolls_back(store: UserStore, catalog: Catalog,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(user_store.MIGRATIONS, 0, lambda doc: doc)  # entries stay a list
    path = write_doc(store, "gpus", _v0_doc(catalog))
    before = path.read_bytes()
    (notice,) = store.read_table("gpus").notices
    assert notice.code == "user_table_migration_failed"
    assert path.read_bytes() == before


def test_reset_table_keeps_an_unmigratable_file(store: UserStore, catalog: Catalog) -> None:
    path = write_doc(store, "gpus", _v0_doc(catalog))
    before = path.read_bytes()
    codes = [n.code for n in store.reset_table("gpus")]
    assert codes == ["user_table_migration_failed", "user_table_reset"]
    assert not path.exists()
    (backup,) = backups(store)
    assert backup.read_bytes() == before


prices = st.builds(
    PriceEntry,
    gpu_id=st.from_regex(r"[a-z0-9][a-z0-9.\-]{0,30}", fullmatch=True),
    usd_per_gpu_hour=st.floats(min_value=0, max_value=MAX_PRICE_USD_PER_GPU_HOUR, allow_nan=False,
                               allow_infinity=False),
    date=st.dates().map(lambda d: d.isoformat()).filter(lambda s: len(s) == 10),
    basis=st.text(max_size=200),
)


@settings(max_examples=50, deadline=None)
@given(entries=st.lists(prices, min_size=1, max_size=5, unique_by=lambda p: p.gpu_id))
def test_random_prices_round_trip_through_the_store(entries: list[PriceEntry]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        UserStore(Path(folder)).put_entries("prices", entries)
        loaded = UserStore(Path(folder)).read_table("prices")
    assert loaded.notices == ()
    assert loaded.entries == {p.gpu_id: p for p in entries}
