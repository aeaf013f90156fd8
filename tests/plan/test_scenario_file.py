"""Scenario files and the window settings file: versioned, atomic, never lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.catalog.storage import config_dir
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import ScenarioFileError, load_scenario, save_scenario
from gpucalc.plan.settings_store import SettingsStore, WindowSettings


def test_round_trip(tmp_path: Path) -> None:
    scenario = Scenario(model="qwen3-32b", deployment=Deployment(num_gpus=2, tensor_parallel_size=2))
    path = tmp_path / "a.gpucalc.json"
    save_scenario(path, scenario)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["format"], doc["schema_version"]) == ("gpucalc-scenario", 1)
    assert load_scenario(path) == scenario
    assert [p.name for p in tmp_path.iterdir()] == ["a.gpucalc.json"]  # no temp file left


@pytest.mark.parametrize(("content", "reason"), [
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "not a gpucalc scenario"),
    ('{"format": "gpucalc-scenario", "schema_version": 99, "scenario": {}}', "newer gpucalc"),
    ('{"format": "gpucalc-scenario", "schema_version": 1, "scenario": {"model": ""}}', "invalid model"),
])
def test_bad_files_say_why(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.gpucalc.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=reason):
        load_scenario(path)
    assert path.read_text(encoding="utf-8") == content  # nothing lost


def test_settings_live_in_the_test_config_dir(tmp_path: Path) -> None:
    assert config_dir() == tmp_path / "config"
    store = SettingsStore()
    store.save(WindowSettings(language="zh_CN").with_recent("/a").with_recent("/b").with_recent("/a"))
    loaded = SettingsStore().load()
    assert (loaded.language, loaded.recent_files) == ("zh_CN", ["/a", "/b"])


def test_corrupt_settings_are_set_aside(tmp_path: Path) -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{broken", encoding="utf-8")
    assert store.load() == WindowSettings()
    assert "left as it is" in store.problem
    store.save(WindowSettings())
    assert "moved to" in store.problem
    (backup,) = store.path.parent.glob("window.bak-*.json")
    assert backup.read_text(encoding="utf-8") == "{broken"
