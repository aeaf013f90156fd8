"""One bad user table or entry never stops gpucalc: it is set aside with a notice, the rest loads.

Each case reproduces a file a colleague could hand over; every command must still run (through
``GPUCALC_CONFIG_DIR``, which the test set-up points at a temporary folder).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.catalog.storage import config_dir
from gpucalc.catalog.tables import TABLE_NAMES
from gpucalc.catalog.user_store import CURRENT_SCHEMA_VERSION, FILE_FORMAT, UserStore
from gpucalc.cli.main import main
from tests.hostile_json import deep_nesting, json_values

BACKUP_GLOB = "*.bak-*.json"


def table_text(table: str, entries: dict[str, Any]) -> str:
    return json.dumps({"format": FILE_FORMAT, "table": table, "schema_version": CURRENT_SCHEMA_VERSION,
                       "entries": entries, "deleted": []})


def write_table(table: str, text: str | bytes) -> Path:
    path = config_dir() / "tables" / f"{table}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def model_entry(catalog: Catalog, base: str, new_id: str, **config_changes: Any) -> dict[str, Any]:
    data = catalog.models[base].model_dump(mode="json")
    data.update(id=new_id, name=new_id, aliases=[], hf_id=None)
    data["config"] = {**data["config"], **config_changes}
    return data


def text_config_change(catalog: Catalog, base: str, new_id: str, **changes: Any) -> dict[str, Any]:
    """A model entry whose (possibly nested) text config gets ``changes``."""
    data = model_entry(catalog, base, new_id)
    config = data["config"]
    target = config["text_config"] if isinstance(config.get("text_config"), dict) else config
    target.update(changes)
    return data


def hostile_models(catalog: Catalog) -> dict[str, dict[str, Any]]:
    """The model entries that made every command crash before (heads 0, list quant config, …)."""
    return {
        "zero-heads": model_entry(catalog, "llama-3.1-8b-instruct", "zero-heads", num_attention_heads=0),
        "list-quant": model_entry(catalog, "llama-3.1-8b-instruct", "list-quant",
                                  quantization_config=[1, 2]),
        "short-nope": text_config_change(catalog, "llama-4-maverick-17b-128e-instruct", "short-nope",
                                         no_rope_layers=[1, 0]),
        "ten-billion-layers": model_entry(catalog, "llama-3.1-8b-instruct", "ten-billion-layers",
                                          num_hidden_layers=10**10),
    }


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_5000_digit_number_skips_the_table_and_every_command_runs(
        catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    gpu = catalog.gpus["l40s-48gb"].model_dump(mode="json")
    text = table_text("gpus", {"mine": {**gpu, "id": "mine", "aliases": []}})
    path = write_table("gpus", text.replace('"memory_gb": 48.0', '"memory_gb": ' + "9" * 5000))
    before = path.read_bytes()
    code, out, err = run(["gpus"], capsys)
    assert code == 0
    assert "h100-sxm-80gb" in out
    assert "is not used" in err
    assert "left as it is" in err
    assert path.read_bytes() == before, "a read-only command never moves or rewrites the table"
    assert not list(path.parent.glob(BACKUP_GLOB))
    UserStore().put_entry("gpus", {**gpu, "id": "mine", "aliases": []})
    (backup,) = path.parent.glob(BACKUP_GLOB)
    assert backup.read_bytes() == before, "a save sets the file aside with the user's bytes"


@pytest.mark.parametrize("command", [
    ["gpus"],
    ["models"],
    ["estimate", "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--json"],
])
def test_unusable_model_configs_are_set_aside_and_commands_run(
        catalog: Catalog, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    good = model_entry(catalog, "llama-3.1-8b-instruct", "my-good-model")
    path = write_table("models", table_text("models", {**hostile_models(catalog), "my-good-model": good}))
    before = path.read_bytes()
    code, out, err = run(command, capsys)
    assert code == 0, err
    assert out.strip()
    for bad in ("zero-heads", "list-quant", "short-nope", "ten-billion-layers"):
        assert bad in err, f"a notice names {bad}"
    assert "Traceback" not in err
    assert path.read_bytes() == before, "the entries stay in the user's file"


def test_the_rest_of_a_table_loads_beside_bad_entries(catalog: Catalog) -> None:
    good = model_entry(catalog, "llama-3.1-8b-instruct", "my-good-model")
    write_table("models", table_text("models", {**hostile_models(catalog), "my-good-model": good}))
    layered, notices = load_layered_catalog()
    assert "my-good-model" in layered.models
    assert layered.model("my-good-model").num_layers == catalog.model("llama-3.1-8b-instruct").num_layers
    skipped = {str(n.params["id"]) for n in notices if n.code == "user_entry_invalid"}
    assert skipped == {"zero-heads", "list-quant", "short-nope", "ten-billion-layers"}
    assert all(n.params["field"] == "config" for n in notices)


def test_a_bad_model_config_cannot_be_saved_either(catalog: Catalog) -> None:
    from gpucalc.catalog.tables import TableValidationError

    with pytest.raises(TableValidationError, match="config"):
        UserStore().put_entry("models", hostile_models(catalog)["zero-heads"])


def test_a_custom_gpu_beyond_physical_range_is_set_aside(catalog: Catalog) -> None:
    gpu = {**catalog.gpus["l40s-48gb"].model_dump(mode="json"), "id": "huge", "aliases": [],
           "memory_gb": 1e300}
    write_table("gpus", table_text("gpus", {"huge": gpu}))
    layered, notices = load_layered_catalog()
    assert "huge" not in layered.gpus
    (notice,) = notices
    assert (notice.code, notice.params["field"]) == ("user_entry_invalid", "memory_gb")


def test_a_pipe_as_a_table_file_is_skipped_without_blocking() -> None:
    path = config_dir() / "tables" / "gpus.json"
    path.parent.mkdir(parents=True)
    import os

    os.mkfifo(path)
    layered, notices = load_layered_catalog()
    assert layered.gpus
    (notice,) = notices
    assert notice.code == "user_table_skipped"
    assert notice.params["reason"] == "unreadable"
    assert path.is_fifo()


def hostile_table_bytes() -> st.SearchStrategy[bytes]:
    """Random bytes, random JSON, deep nesting, huge integers and wrongly typed entries."""
    fields = ["memory_gb", "usable_memory_gib", "num_attention_heads", "config", "dense_tflops",
              "interconnect", "usd_per_gpu_hour", "id", "name"]
    entries = st.dictionaries(st.from_regex(r"[a-z0-9]{1,6}", fullmatch=True),
                              st.dictionaries(st.sampled_from(fields), json_values(), max_size=5),
                              max_size=3)
    document = entries.map(lambda found: json.dumps(
        {"format": FILE_FORMAT, "table": "gpus", "schema_version": 1, "entries": found, "deleted": []},
        allow_nan=True).encode())
    random_json = json_values().map(lambda value: json.dumps(value, allow_nan=True).encode())
    huge = st.integers(min_value=20, max_value=6000).map(
        lambda n: table_text("gpus", {"x": {"id": "x", "memory_gb": 0}})
        .replace('"memory_gb": 0', '"memory_gb": ' + "7" * n).encode())
    return st.one_of(st.binary(max_size=200), document, random_json, deep_nesting(), huge)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=hostile_table_bytes(), table=st.sampled_from(TABLE_NAMES))
def test_random_table_files_never_stop_the_app(tmp_path: Path, content: bytes, table: str) -> None:
    store = UserStore(tmp_path / f"random-{abs(hash(content)) % 10**9}")
    path = store.table_path(table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    layered, notices = load_layered_catalog(user_dir=store.user_dir)
    assert layered.gpus
    assert layered.models
    for gpu in layered.gpus.values():
        assert math.isfinite(gpu.memory_gb)
        assert math.isfinite(gpu.usable_memory_gib)
    kept = [path, *path.parent.glob(BACKUP_GLOB)]
    assert any(p.exists() and p.read_bytes() == content for p in kept), "the bytes are never lost"
    for notice in notices:
        assert notice.code.startswith("user_")
