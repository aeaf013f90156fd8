"""The network table: bundled entries, the user's additions and edits, refusals that lose nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.catalog.table_io import TableFormat, export_csv, parse_import
from gpucalc.catalog.tables import TableValidationError, catalog_entries
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.parallel.topology import node_summary
from gpucalc.core.specs.inputs import Deployment


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg")


def _lab_network(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": "lab-ib", "name": "Lab InfiniBand, two NDR per GPU",
                            "kind": "infiniband", "nic_line_rate_gbit_per_s": 400,
                            "nics_per_gpu": 2, "latency_us": 3,
                            "sources": [{"id": "LAB", "citation": "our rack, ibstat 2026-06"}]}
    data.update(changes)
    return data


def test_bundled_networks_load_with_their_per_gpu_bandwidth(catalog: Catalog) -> None:
    assert {"ib-ndr-400", "ib-hdr-200", "ib-xdr-800", "roce-400"} <= set(catalog.networks)
    assert catalog.network("NDR").id == "ib-ndr-400"  # by alias, any case
    assert catalog.networks["ib-hdr-200"].per_gpu_unidir_gb_per_s == 25.0  # 200 Gb/s ÷ 8
    assert catalog.networks["ib-xdr-800"].per_gpu_unidir_gb_per_s == 100.0  # 800 Gb/s ÷ 8


def test_a_user_network_is_added_edited_and_used(store: UserStore) -> None:
    store.put_entry("networks", _lab_network())
    merged, notices = load_layered_catalog(user_dir=store.user_dir)
    assert notices == []
    assert merged.network("lab-ib").per_gpu_unidir_gb_per_s == 100.0  # 400 × 2 ÷ 8
    store.put_entry("networks", _lab_network(nics_per_gpu=1))
    merged, _ = load_layered_catalog(user_dir=store.user_dir)
    assert merged.network("lab-ib").per_gpu_unidir_gb_per_s == 50.0
    inputs = resolve_inputs(merged, "llama-3.1-8b-instruct", "h100",
                            Deployment(num_gpus=16, nodes=2, network="lab-ib"))
    assert node_summary(inputs).scale_out.value == 50.0


def test_a_user_network_becomes_a_gpus_default(store: UserStore, catalog: Catalog) -> None:
    store.put_entry("networks", _lab_network(id="aaa-lab", default_for_gpus=["l40s-48gb"]))
    merged, _ = load_layered_catalog(user_dir=store.user_dir)
    assert merged.network_for("l40s-48gb").id == "aaa-lab"  # type: ignore[union-attr]
    assert catalog.network_for("l40s-48gb").id == "ib-ndr-400"  # type: ignore[union-attr]


@pytest.mark.parametrize(("changes", "field", "reason"), [
    ({"nic_line_rate_gbit_per_s": 0}, "nic_line_rate_gbit_per_s", "greater than 0"),
    ({"nics_per_gpu": -1}, "nics_per_gpu", "greater than 0"),
    ({"kind": "carrier-pigeon"}, "kind", "infiniband"),
    ({"speed": 400}, "speed", "unknown field"),
])
def test_an_invalid_entry_is_refused_with_its_field_and_nothing_is_lost(
        store: UserStore, changes: dict[str, Any], field: str, reason: str) -> None:
    store.put_entry("networks", _lab_network())
    before = store.table_path("networks").read_bytes()
    with pytest.raises(TableValidationError) as caught:
        store.put_entry("networks", _lab_network(**changes))
    assert caught.value.field == field
    assert reason in str(caught.value)
    assert str(caught.value).startswith("networks entry 'lab-ib': ")
    assert store.table_path("networks").read_bytes() == before
    assert store.get_entries("networks")["lab-ib"].model_dump()["nics_per_gpu"] == 2


def test_network_table_csv_round_trip(catalog: Catalog) -> None:
    entries = catalog_entries(catalog, "networks")
    preview = parse_import("networks", export_csv("networks", entries), TableFormat.CSV)
    assert preview.problems == ()
    assert preview.entries == entries
