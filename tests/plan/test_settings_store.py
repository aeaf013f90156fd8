"""window.json: loading is never fatal nor moves a file; a save keeps each broken one as a backup."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan import settings_store
from gpucalc.plan.settings_store import MAX_SETTINGS_BYTES, SettingsStore, WindowSettings
from tests.hostile_json import deep_nesting, documents_with

GEOMETRY = base64.b64encode(b"\x01\xd9\xd0\xcb geometry").decode("ascii")


def store_with(tmp_path: Path, content: str | bytes) -> SettingsStore:
    store = SettingsStore(tmp_path)
    if isinstance(content, bytes):
        store.path.write_bytes(content)
    else:
        store.path.write_text(content, encoding="utf-8")
    return store


def backups(tmp_path: Path) -> list[Path]:
    return sorted(tmp_path.glob("window.bak-*.json"))


@pytest.mark.parametrize("content", [
    '{"geometry":' * 1000 + '""' + "}" * 1000,
    "[" * 200_000 + "]" * 200_000,
    '{"schema_version": ' + "9" * 5000 + "}",
    '{"geometry": 12}',
    '{"recent_files": "abc"}',
    '{"schema_version": 2}',
    '{"schema_version": "one"}',
    "[1, 2]",
    "{broken",
])
def test_broken_files_give_defaults_and_only_a_save_sets_them_aside(tmp_path: Path, content: str) -> None:
    store = store_with(tmp_path, content)
    assert store.load() == WindowSettings()
    assert "left as it is" in store.problem
    assert "\n" not in store.problem
    assert store.path.read_text(encoding="utf-8") == content, "loading never moves the file"
    assert backups(tmp_path) == []
    store.save(WindowSettings(theme="dark"))
    if content == '{"schema_version": 2}':  # a newer gpucalc's file is kept for it
        assert store.path.read_text(encoding="utf-8") == content
        assert "from a newer gpucalc" in store.problem
        assert backups(tmp_path) == []
        return
    (backup,) = backups(tmp_path)
    assert backup.read_text(encoding="utf-8") == content, "the user's bytes are kept"
    assert "moved to" in store.problem
    assert SettingsStore(tmp_path).load().theme == "dark"


def test_bad_base64_geometry_is_dropped_with_a_notice(tmp_path: Path) -> None:
    content = json.dumps({"geometry": "not base64!!", "state": GEOMETRY, "language": "zh_CN"})
    store = store_with(tmp_path, content)
    loaded = store.load()
    assert (loaded.geometry, loaded.geometry_bytes) == ("", b"")
    assert loaded.state_bytes == b"\x01\xd9\xd0\xcb geometry"
    assert loaded.language == "zh_CN", "the rest of the settings is kept"
    assert "geometry is not base64" in store.problem
    assert store.path.read_text(encoding="utf-8") == content
    assert WindowSettings(geometry="%%%").geometry_bytes == b"", "never raises, even unvalidated"


def test_a_last_scenario_gpucalc_cannot_open_is_dropped(tmp_path: Path, catalog: Catalog) -> None:
    gpu = {**catalog.gpus["h100-sxm-80gb"].model_dump(mode="json"), "memory_gb": 1e300}
    store = store_with(tmp_path, json.dumps({"last_scenario": {"custom_gpu": gpu}, "theme": "dark"}))
    loaded = store.load()
    assert loaded.last_scenario is None
    assert loaded.theme == "dark"
    assert "last scenario" in store.problem


def test_a_good_last_scenario_is_kept(tmp_path: Path) -> None:
    scenario = Scenario(model="qwen3-8b")
    SettingsStore(tmp_path).save(WindowSettings(last_scenario=scenario.model_dump(mode="json")))
    store = SettingsStore(tmp_path)
    loaded = store.load()
    assert Scenario.model_validate(loaded.last_scenario) == scenario
    assert store.problem == ""


def test_a_300_mb_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    with store.path.open("wb") as handle:
        handle.truncate(300 * 10**6)  # sparse: reading it would take 300 MB
    assert store.load() == WindowSettings()
    assert "at most 1.00 MB" in store.problem
    assert backups(tmp_path) == []
    store.save(WindowSettings())
    (backup,) = backups(tmp_path)
    assert backup.stat().st_size == 300 * 10**6


def test_a_pipe_is_set_aside_without_blocking(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    os.mkfifo(store.path)
    assert store.load() == WindowSettings()
    assert "pipe" in store.problem


def test_every_corrupt_file_keeps_its_own_backup(tmp_path: Path) -> None:
    for n in range(3):
        store = store_with(tmp_path, f"{{broken {n}")
        store.save(store.load())
    assert sorted(p.read_text(encoding="utf-8") for p in backups(tmp_path)) == [
        "{broken 0", "{broken 1", "{broken 2"]


def test_save_keeps_within_the_read_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    without_scenario = len(json.dumps(WindowSettings(theme="dark").model_dump(mode="json"), indent=2))
    monkeypatch.setattr(settings_store, "MAX_SETTINGS_BYTES", without_scenario + 100)
    store = SettingsStore(tmp_path)
    store.save(WindowSettings(theme="dark", last_scenario=Scenario().model_dump(mode="json")))
    loaded = SettingsStore(tmp_path).load()
    assert (loaded.theme, loaded.last_scenario) == ("dark", None), "the scenario is left out first"
    store.save(WindowSettings(recent_files=["x" * 3000]))
    assert "would exceed 0.00 MB" in store.problem
    assert SettingsStore(tmp_path).load().theme == "dark", "the last good file stays"


def test_the_limit_is_far_above_a_real_file(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(WindowSettings(geometry=GEOMETRY * 50, state=GEOMETRY * 200,
                              last_scenario=Scenario().model_dump(mode="json"),
                              recent_files=[f"/home/me/plans/{n}.gpucalc.json" for n in range(8)]))
    assert store.path.stat().st_size * 50 < MAX_SETTINGS_BYTES


def hostile_settings() -> st.SearchStrategy[bytes]:
    fields = ["schema_version", "geometry", "state", "language", "theme", "last_scenario", "recent_files"]
    return st.one_of(st.binary(max_size=200), documents_with(fields), deep_nesting())


def _round_trips(loaded: WindowSettings) -> Any:
    return json.dumps(loaded.model_dump(mode="json"), allow_nan=False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=hostile_settings())
def test_random_settings_files_never_stop_the_window(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / f"s{abs(hash(content)) % 10**9}"
    folder.mkdir(exist_ok=True)
    store = store_with(folder, content)
    loaded = store.load()
    assert isinstance(loaded.geometry_bytes, bytes)
    assert isinstance(loaded.state_bytes, bytes)
    if loaded.last_scenario is not None:
        Scenario.model_validate(loaded.last_scenario)
    assert _round_trips(loaded)
    kept = [store.path, *folder.glob("window.bak-*.json")]
    assert any(p.exists() and p.read_bytes() == content for p in kept), "the bytes are never lost"


def test_settings_an_earlier_version_kept_in_a_vendor_folder_are_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the earlier window.json sat in a ``gpucalc`` folder below the tables' folder."""

    def windows_like(appname: str, appauthor: str | bool | None = None) -> str:
        base = tmp_path / "Local" / appname
        return str(base if appauthor is False else base / appname)

    monkeypatch.delenv("GPUCALC_CONFIG_DIR")
    monkeypatch.setattr(platformdirs, "user_config_dir", windows_like)
    earlier = tmp_path / "Local" / "gpucalc" / "gpucalc" / "window.json"
    earlier.parent.mkdir(parents=True)
    earlier.write_text(json.dumps({"theme": "dark"}), encoding="utf-8")
    store = SettingsStore()
    assert store.path == tmp_path / "Local" / "gpucalc" / "window.json"
    assert store.load().theme == "dark"
    store.save(WindowSettings(theme="light"))
    assert SettingsStore().load().theme == "light", "once saved, the new place wins"
    assert earlier.exists(), "the earlier file is left as it was"
