"""A save killed at any moment leaves the old or the new complete file; its temps are cleaned later.

A forked child saves a user table and a scenario file over and over; the parent kills it with
SIGKILL after a random (seeded) delay, then checks both files load and hold one complete version.
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.file_lock import LOCK_NAME
from gpucalc.catalog.storage import is_temp_of
from gpucalc.catalog.tables import PriceEntry
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import load_scenario, save_scenario

ROUNDS = 20
PADDING = 400_000  # characters of free text, so a write takes long enough to be interrupted
GPU = "h100-sxm-80gb"
TWO_HOURS_S = 7200


def price(version: int) -> dict[str, object]:
    return {"gpu_id": GPU, "usd_per_gpu_hour": float(version), "date": "2026-12-01",
            "basis": f"{version}:" + "p" * PADDING}


def scenario(gpu: GpuSpec, version: int) -> Scenario:
    notes = f"{version}:" + "n" * PADDING
    return Scenario(name=f"version {version}", custom_gpu=gpu.model_copy(update={"notes": notes}))


def save_forever(store: UserStore, scenario_path: Path, gpu: GpuSpec, start: int) -> None:
    """The child: save new versions until killed."""
    version = start
    while True:
        store.put_entry("prices", price(version))
        save_scenario(scenario_path, scenario(gpu, version))
        version += 1


def check_complete(store: UserStore, scenario_path: Path) -> None:
    state = store.read_table("prices")
    assert state.notices == (), "the table loads as it is"
    entry = state.entries[GPU]
    assert isinstance(entry, PriceEntry)
    version = int(entry.usd_per_gpu_hour)
    assert entry.basis == f"{version}:" + "p" * PADDING, "one complete version, never a mix"
    assert version >= 0
    loaded = load_scenario(scenario_path)
    saved = int(loaded.name.removeprefix("version "))
    assert loaded.custom_gpu is not None
    assert loaded.custom_gpu.notes == f"{saved}:" + "n" * PADDING, "one complete version"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_kill_during_save_never_leaves_a_broken_file(tmp_path: Path, catalog: Catalog) -> None:
    gpu = catalog.gpus[GPU]
    store = UserStore(tmp_path / "cfg")
    scenario_path = tmp_path / "plan.gpucalc.json"
    store.put_entry("prices", price(0))
    save_scenario(scenario_path, scenario(gpu, 0))
    rng = random.Random(12)
    start = 1
    for _ in range(ROUNDS):
        pid = os.fork()
        if pid == 0:  # child
            try:
                save_forever(store, scenario_path, gpu, start)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), "the child was killed mid-loop, not finished"
        check_complete(store, scenario_path)
        start += 1000
    leftovers = [p for p in store.tables_dir.iterdir() if is_temp_of(p.name, store.table_path("prices"))]
    scenario_leftovers = [p for p in tmp_path.iterdir() if is_temp_of(p.name, scenario_path)]
    assert leftovers or scenario_leftovers, "some kills landed in the middle of a write"
    for path in (*leftovers, *scenario_leftovers):
        os.utime(path, (time.time() - TWO_HOURS_S,) * 2)  # as if found after an hour or more
    store.put_entry("prices", price(99_999))
    save_scenario(scenario_path, scenario(gpu, 99_999))
    assert sorted(p.name for p in store.tables_dir.iterdir()) == [LOCK_NAME, "prices.json"], (
        "stale temps are cleaned; the lock file a kill released stays")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cfg", "plan.gpucalc.json"]
