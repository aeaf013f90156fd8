"""The bundled tables are read once: an index in the cache folder, rebuilt whenever a file changes."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from gpucalc.catalog import bundled
from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.spec_index import RACY_SECONDS, index_key, index_path, spec_files

AN_HOUR_AGO_NS = time.time_ns() - 3_600 * 10**9


def _dump(catalog: Catalog) -> dict[str, object]:
    """Every entry of ``catalog`` as JSON, tables in their order."""
    tables = {name: [[key, entry.model_dump(mode="json")] for key, entry in getattr(catalog, name).items()]
              for name in ("gpus", "models", "engines", "weight_formats", "kv_formats", "networks")}
    return {**tables, "kernels": None if catalog.kernels is None else catalog.kernels.model_dump(mode="json")}


def _age(root: Path, ns: int = AN_HOUR_AGO_NS) -> None:
    """Give every file under ``root`` the modification time ``ns`` (as an install leaves them)."""
    for path in root.rglob("*.json"):
        os.utime(path, ns=(ns, ns))


@pytest.fixture
def specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled tables, an hour old, and a process that has loaded nothing yet."""
    root = tmp_path / "specs"
    shutil.copytree(specs_dir(), root, ignore=shutil.ignore_patterns("validation", "prices", "datasets"))
    _age(root)
    monkeypatch.setattr(bundled, "_LOADED", {})
    return root


def _index(root: Path) -> Path:
    key = index_key(root, spec_files(root))
    assert key is not None
    return index_path(key)


def test_the_index_holds_what_the_files_hold(specs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from_files = Catalog.load(specs)
    assert _index(specs).is_file()
    monkeypatch.setattr(bundled, "_LOADED", {})  # a new process
    from_index = Catalog.load(specs)
    assert from_index is not from_files
    assert _dump(from_index) == _dump(from_files)


def test_a_later_load_reads_the_index_not_the_files(specs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Catalog.load(specs)
    index = _index(specs)
    document = json.loads(index.read_text(encoding="utf-8"))
    for pair in document["specs"]["gpus"]:
        if pair[0] == "h100-sxm-80gb.json":
            pair[1]["name"] = "Renamed in the index"
    index.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setattr(bundled, "_LOADED", {})
    assert Catalog.load(specs).gpu("h100-sxm-80gb").name == "Renamed in the index"


def test_a_changed_file_is_read_again_and_the_index_rebuilt(specs: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    first = Catalog.load(specs)
    path = specs / "gpus" / "h100-sxm-80gb.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"] = "NVIDIA H100 (edited)"
    path.write_text(json.dumps(data), encoding="utf-8")
    _age(specs, AN_HOUR_AGO_NS + 10**9)  # a second later, and long enough ago to be trusted
    again = Catalog.load(specs)  # the same process: the files changed, so not the same catalog
    assert again is not first
    assert again.gpu("h100-sxm-80gb").name == "NVIDIA H100 (edited)"
    monkeypatch.setattr(bundled, "_LOADED", {})
    assert Catalog.load(specs).gpu("h100-sxm-80gb").name == "NVIDIA H100 (edited)"  # the new index


def test_an_added_or_removed_file_changes_the_key(specs: Path) -> None:
    before = Catalog.load(specs)
    network = specs / "networks" / "roce-400.json"
    data = json.loads(network.read_text(encoding="utf-8"))
    network.unlink()
    removed = Catalog.load(specs)
    (specs / "networks" / "roce-400-copy.json").write_text(json.dumps({**data, "id": "roce-400-copy"}),
                                                           encoding="utf-8")
    _age(specs)
    added = Catalog.load(specs)
    assert "roce-400" in before.networks
    assert "roce-400" not in removed.networks
    assert "roce-400-copy" in added.networks


def test_the_same_files_give_the_same_catalog_in_one_process(specs: Path) -> None:
    assert Catalog.load(specs) is Catalog.load(specs)


@pytest.mark.parametrize("content", [b"", b"{not json", b"[]", b'{"format": 1}', b"NaN",
                                     b'{"specs": {"gpus": 3}}', b"[" * 100_000])
def test_an_unusable_index_means_the_files_are_read(specs: Path, monkeypatch: pytest.MonkeyPatch,
                                                    content: bytes) -> None:
    expected = _dump(Catalog.load(specs))
    _index(specs).write_bytes(content)
    monkeypatch.setattr(bundled, "_LOADED", {})
    assert _dump(Catalog.load(specs)) == expected
    monkeypatch.setattr(bundled, "_LOADED", {})
    assert _dump(Catalog.load(specs)) == expected  # and the index was written again


def test_an_index_of_other_files_is_not_used(specs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Catalog.load(specs)
    index = _index(specs)
    document = json.loads(index.read_text(encoding="utf-8"))
    document["specs"]["gpus"] = document["specs"]["gpus"][1:]  # one file's JSON missing
    index.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setattr(bundled, "_LOADED", {})
    assert len(Catalog.load(specs).gpus) == len(list((specs / "gpus").glob("*.json")))


def test_a_cache_folder_that_cannot_be_written_never_stops_a_load(
        specs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("GPUCALC_CACHE_DIR", str(blocker))
    assert "h100-sxm-80gb" in Catalog.load(specs).gpus


def test_fresh_files_are_never_cached(specs: Path) -> None:
    _age(specs, time.time_ns() - int(RACY_SECONDS * 1e9) // 4)  # edited a moment ago
    first = Catalog.load(specs)
    assert index_key(specs, spec_files(specs)) is None
    assert Catalog.load(specs) is not first  # read from the files each time, as before any cache


def test_a_broken_file_still_fails_the_load_with_its_name(specs: Path) -> None:
    (specs / "engines" / "vllm.json").write_text('{"id": "vllm"}', encoding="utf-8")
    _age(specs)
    with pytest.raises(CatalogError, match=r"vllm\.json is broken"):
        Catalog.load(specs)
    assert not _index(specs).exists()  # nothing is indexed until every table validates
