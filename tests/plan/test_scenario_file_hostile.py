"""Hostile scenario files are refused with one line and left as they are; saves only what loads."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan import scenario_file
from gpucalc.plan.scenario_file import MAX_FILE_BYTES, ScenarioFileError, load_scenario, save_scenario
from tests.hostile_json import deep_nesting, documents_with


def scenario_with(**changes: Any) -> str:
    return json.dumps({"format": "gpucalc-scenario", "schema_version": 1, "scenario": changes})


def custom_gpu(catalog: Catalog, **changes: Any) -> dict[str, Any]:
    return {**catalog.gpus["h100-sxm-80gb"].model_dump(mode="json"), "id": "mine", **changes}


@pytest.mark.parametrize(("content", "reason"), [
    ('{"a":' * 1000 + "1" + "}" * 1000, "nested"),
    ("[" * 100_000 + "]" * 100_000, "nested"),
    (scenario_with(model="qwen3-8b").replace('"qwen3-8b"', "1" * 5000), "number gpucalc cannot use"),
    (scenario_with(max_model_len=1).replace("1}", "9" * 5000 + "}"), "number gpucalc cannot use"),
    (scenario_with(model="qwen3-8b").replace('"qwen3-8b"', "NaN"), "not a finite number"),
    ('{"format": "gpucalc-scenario", "schema_version": true, "scenario": {}}', "schema_version"),
    ('{"format": "gpucalc-scenario", "schema_version": 0, "scenario": {}}', "schema_version"),
    ("[]", "not a gpucalc scenario"),
    ("\xff\xfe", "not valid JSON"),
])
def test_hostile_files_are_refused_in_one_line(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.gpucalc.json"
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    before = path.read_bytes()
    with pytest.raises(ScenarioFileError, match=reason) as info:
        load_scenario(path)
    assert "\n" not in str(info.value)
    assert len(str(info.value)) < 400
    assert path.read_bytes() == before


@pytest.mark.parametrize(("field", "value"), [
    ("memory_gb", 1e300), ("usable_memory_gib", 1e300), ("hbm_bandwidth_gb_per_s", 1e300),
    ("tdp_w", 1e300), ("launch_year", 10**15),
])
def test_a_custom_gpu_out_of_physical_range_is_refused(tmp_path: Path, catalog: Catalog,
                                                       field: str, value: float) -> None:
    path = tmp_path / "huge.gpucalc.json"
    path.write_text(scenario_with(custom_gpu=custom_gpu(catalog, **{field: value})), encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=f"invalid custom_gpu.{field}: Input should be"):
        load_scenario(path)


def test_a_custom_gpu_with_1e300_gb_no_longer_reaches_the_planner(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="less than or equal to 100000"):
        Scenario.model_validate({"custom_gpu": custom_gpu(catalog, memory_gb=1e300)})


def test_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "fifo.gpucalc.json"
    os.mkfifo(path)
    with pytest.raises(ScenarioFileError, match="pipe"):
        load_scenario(path)


def test_a_folder_or_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFileError, match="folder"):
        load_scenario(tmp_path)
    with pytest.raises(ScenarioFileError, match="cannot read"):
        load_scenario(tmp_path / "absent.gpucalc.json")


def test_an_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.gpucalc.json"
    with path.open("wb") as handle:
        handle.truncate(300 * 10**6)  # sparse: nothing is read
    with pytest.raises(ScenarioFileError, match=r"at most 4\.00 MB"):
        load_scenario(path)


def long_notes(catalog: Catalog, notes: str) -> Scenario:
    """A scenario made long by its custom GPU's free-text notes."""
    return Scenario(custom_gpu=catalog.gpus["h100-sxm-80gb"].model_copy(update={"notes": notes}))


def test_save_refuses_what_load_would_refuse(tmp_path: Path, catalog: Catalog,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = long_notes(catalog, "x" * 2000)
    path = tmp_path / "long.gpucalc.json"
    monkeypatch.setattr(scenario_file, "MAX_FILE_BYTES", 1000)
    with pytest.raises(ScenarioFileError, match=r"at most 0\.00 MB, so it could not be opened again"):
        save_scenario(path, scenario)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_long_scenario_within_the_limit_saves_and_loads(tmp_path: Path, catalog: Catalog) -> None:
    path = tmp_path / "long.gpucalc.json"
    scenario = long_notes(catalog, "é" * (MAX_FILE_BYTES // 2 - 10_000))  # two bytes per é
    save_scenario(path, scenario)
    assert MAX_FILE_BYTES - 20_000 < path.stat().st_size <= MAX_FILE_BYTES
    assert load_scenario(path) == scenario
    with pytest.raises(ScenarioFileError, match=r"at most 4\.00 MB"):
        save_scenario(path, long_notes(catalog, "é" * (MAX_FILE_BYTES // 2)))
    assert load_scenario(path) == scenario, "a refused save leaves the old file"


def hostile_scenario_bytes() -> st.SearchStrategy[bytes]:
    fields = ["model", "gpu", "custom_gpu", "max_model_len", "deployment", "engine", "notes", "workload"]
    document = documents_with(fields, lambda body: {"format": "gpucalc-scenario", "schema_version": 1,
                                                    "scenario": body})
    return st.one_of(st.binary(max_size=200), document, deep_nesting(b'{"a":', b"}", b"1"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=hostile_scenario_bytes())
def test_random_scenario_files_load_or_are_refused_clearly(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "random.gpucalc.json"
    path.write_bytes(content)
    try:
        scenario = load_scenario(path)
    except ScenarioFileError as exc:
        message = str(exc)
    else:
        message = ""
    assert "\n" not in message
    if message:
        return
    dumped = json.dumps(scenario.model_dump(mode="json"), allow_nan=False)  # finite numbers only
    gpu = scenario.custom_gpu
    assert gpu is None or (math.isfinite(gpu.memory_gb) and gpu.memory_gb <= 100_000)
    assert dumped


def test_a_key_spelled_with_a_newline_is_named_on_one_line(tmp_path: Path) -> None:
    """The case the property found: a hostile key echoed into the message kept it on one line."""
    path = tmp_path / "newline.gpucalc.json"
    path.write_bytes(b'{"format":"gpucalc-scenario","schema_version":1,"scenario":{"workload":{"\\n":null}}}')
    with pytest.raises(ScenarioFileError) as refused:
        load_scenario(path)
    message = str(refused.value)
    assert "\n" not in message
    assert "workload.\\n" in message
    assert "Extra inputs are not permitted" in message
