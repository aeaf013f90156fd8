"""The layered catalog: bundled tables with the user's edits on top; broken files never stop it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.catalog.user_store import CURRENT_SCHEMA_VERSION, FILE_FORMAT, UserStore
from tests.helpers import plan


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg")


def layered(store: UserStore) -> tuple[Catalog, list[str]]:
    catalog, notices = load_layered_catalog(user_dir=store.user_dir)
    return catalog, [n.code for n in notices]


def gpu_dict(catalog: Catalog, new_id: str, **changes: Any) -> dict[str, Any]:
    data = catalog.gpus["h100-sxm-80gb"].model_dump(mode="json")
    data.update({"id": new_id, "aliases": [], **changes})
    return data


def test_without_user_files_it_is_the_bundled_catalog(store: UserStore, catalog: Catalog) -> None:
    merged, codes = layered(store)
    assert codes == []
    assert merged.gpus == catalog.gpus
    assert merged.models == catalog.models
    assert merged.engines == catalog.engines
    assert merged.weight_formats == catalog.weight_formats
    assert merged.kv_formats == catalog.kv_formats


def test_default_user_dir_is_the_isolated_one(tmp_path: Path, catalog: Catalog) -> None:
    UserStore().put_entry("gpus", gpu_dict(catalog, "env-gpu"))
    assert (tmp_path / "config" / "tables" / "gpus.json").exists()
    merged, _ = load_layered_catalog()
    assert "env-gpu" in merged.gpus


def test_user_gpu_replaces_and_adds(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, "h100-sxm-80gb", usable_memory_gib=70.0,
                                     aliases=["h100"]))
    store.put_entry("gpus", gpu_dict(catalog, "lab-h100-custom", name="Lab H100",
                                     aliases=["labby"]))
    merged, codes = layered(store)
    assert codes == []
    assert merged.gpu("h100").usable_memory_gib == 70.0
    assert merged.gpu("labby").name == "Lab H100"
    assert len(merged.gpus) == len(catalog.gpus) + 1
    assert catalog.gpu("h100").usable_memory_gib == pytest.approx(79.19), "bundled is unchanged"


def test_user_gpu_is_used_by_a_calculation(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, "half-h100", usable_memory_gib=39.6, memory_gb=40))
    merged, _ = layered(store)
    inputs = plan(merged, "llama-3.1-8b-instruct", "half-h100")
    assert inputs.gpu.usable_memory_gib == 39.6


def test_deleted_entries_are_hidden(store: UserStore) -> None:
    store.delete_entry("gpus", "t4-16gb")
    store.delete_entry("kv_formats", "int8")
    merged, _ = layered(store)
    assert "t4-16gb" not in merged.gpus
    assert "int8" not in merged.kv_formats
    store.reset_entry("gpus", "t4-16gb")
    merged, _ = layered(store)
    assert "t4-16gb" in merged.gpus


def test_user_price_overrides_the_bundled_one(store: UserStore, catalog: Catalog) -> None:
    assert catalog.gpu("h100-sxm-80gb").usable_price_usd_per_hour == pytest.approx(2.95)
    store.put_entry("prices", {"gpu_id": "h100-sxm-80gb", "usd_per_gpu_hour": 1.85,
                               "date": "2026-06-01", "basis": "reserved, 1 year"})
    store.put_entry("prices", {"gpu_id": "t4-16gb", "usd_per_gpu_hour": 0.2, "date": "2026-06-01"})
    merged, _ = layered(store)
    gpu = merged.gpu("h100-sxm-80gb")
    assert gpu.usable_price_usd_per_hour == 1.85
    assert gpu.price is not None
    assert (gpu.price.date, gpu.price.basis) == ("2026-06-01", "reserved, 1 year")
    assert merged.gpu("t4-16gb").usable_price_usd_per_hour == 0.2, "a GPU without a price gets one"


def test_user_price_applies_to_a_user_gpu_and_deletion_hides_prices(store: UserStore,
                                                                    catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, "lab-gpu"))
    store.put_entry("prices", {"gpu_id": "lab-gpu", "usd_per_gpu_hour": 9.0, "date": "2026-06-01"})
    store.delete_entry("prices", "a100-sxm-80gb")
    merged, _ = layered(store)
    assert merged.gpu("lab-gpu").usable_price_usd_per_hour == 9.0
    assert merged.gpu("a100-sxm-80gb").price is None


def test_price_for_an_unknown_gpu_is_reported(store: UserStore) -> None:
    store.put_entry("prices", {"gpu_id": "no-such-gpu", "usd_per_gpu_hour": 1, "date": "2026-06-01"})
    _, codes = layered(store)
    assert codes == ["user_price_unknown_gpu"]


def test_user_model_engine_and_formats(store: UserStore, catalog: Catalog) -> None:
    model = catalog.models["qwen3-8b"].model_dump(mode="json")
    model.update(id="my-qwen", name="My Qwen", hf_id=None, aliases=["mq"])
    store.put_entry("models", model)
    engine = catalog.engines["vllm"].model_dump(mode="json")
    engine.update(id="vllm-lab", default_memory_fraction=0.8)
    store.put_entry("engines", engine)
    store.put_entry("weight_formats", {"id": "int2-g64", "label": "INT2", "bits_per_weight": 2.25,
                                       "compute_dtype": "bf16", "tier": "low", "formula": "2 + 16/64",
                                       "source": "lab"})
    store.put_entry("kv_formats", {"id": "fp4-lab", "label": "FP4", "bytes_per_element": 0.5,
                                   "source": "lab"})
    merged, codes = layered(store)
    assert codes == []
    assert merged.model("mq").num_layers == catalog.model("qwen3-8b").num_layers
    assert merged.engine("vllm-lab").default_memory_fraction == 0.8
    assert merged.weight_format("int2-g64").bits_per_weight == 2.25
    assert merged.kv_format("fp4-lab").bytes_per_element == 0.5


def test_corrupted_file_gives_the_bundled_table_and_a_notice(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("prices", {"gpu_id": "t4-16gb", "usd_per_gpu_hour": 0.2, "date": "2026-06-01"})
    path = store.table_path("gpus")
    path.write_text("\x00\x01 garbage", encoding="utf-8")
    merged, notices = load_layered_catalog(user_dir=store.user_dir)
    assert merged.gpus == catalog.gpus | {"t4-16gb": merged.gpus["t4-16gb"]}
    assert merged.gpu("t4-16gb").usable_price_usd_per_hour == 0.2, "other tables still load"
    (notice,) = notices
    assert notice.code == "user_table_skipped"
    assert notice.params["table"] == "gpus"
    assert Path(str(notice.params["path"])).read_text(encoding="utf-8") == "\x00\x01 garbage"


def test_newer_file_gives_the_bundled_table_and_a_notice(store: UserStore, catalog: Catalog) -> None:
    path = store.table_path("gpus")
    path.parent.mkdir(parents=True)
    doc = {"format": FILE_FORMAT, "table": "gpus", "schema_version": CURRENT_SCHEMA_VERSION + 1,
           "entries": {"x": {"new": "shape"}}}
    path.write_text(json.dumps(doc), encoding="utf-8")
    merged, notices = load_layered_catalog(user_dir=store.user_dir)
    assert merged.gpus == catalog.gpus
    (notice,) = notices
    assert (notice.code, notice.params["reason"]) == ("user_table_skipped", "newer_version")
    assert json.loads(path.read_text(encoding="utf-8")) == doc, "the newer gpucalc keeps its table"


def test_invalid_entry_is_reported_and_the_rest_load(store: UserStore, catalog: Catalog) -> None:
    path = store.table_path("gpus")
    path.parent.mkdir(parents=True)
    doc = {"format": FILE_FORMAT, "table": "gpus", "schema_version": 1, "deleted": [],
           "entries": {"ok-gpu": gpu_dict(catalog, "ok-gpu"),
                       "bad-gpu": gpu_dict(catalog, "bad-gpu", interconnect=None)}}
    path.write_text(json.dumps(doc), encoding="utf-8")
    merged, notices = load_layered_catalog(user_dir=store.user_dir)
    assert "ok-gpu" in merged.gpus
    assert "bad-gpu" not in merged.gpus
    (notice,) = notices
    assert notice.code == "user_entry_invalid"
    assert (notice.params["id"], notice.params["field"]) == ("bad-gpu", "interconnect")


def test_alias_clash_is_reported(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("gpus", gpu_dict(catalog, "lab-gpu", aliases=["h100"]))
    merged, notices = load_layered_catalog(user_dir=store.user_dir)
    (notice,) = notices
    assert notice.code == "user_alias_conflict"
    assert notice.params == {"table": "gpus", "id": "lab-gpu", "alias": "h100", "other": "h100-sxm-80gb"}
    assert merged.gpu("h100").id == "h100-sxm-80gb"
