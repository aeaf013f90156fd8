"""Many processes saving into one config folder at once: no save is lost, no table is moved.

Run: ``python -m benchmarks.shared_config_fuzz --processes 8 --saves 40 --seed 1``. Each process
makes random saves into the user tables (add, replace, delete, reset an entry) and into
``window.json`` (recent files), all at once, in a folder that also holds a table written by a
newer gpucalc and a table kept as a symbolic link. Afterwards every entry a process added and
did not remove is in its table, every recent file kept, the newer table is byte for byte as
written and the link is still a link. The suite runs a small version
(``tests/catalog/test_shared_config.py``); this one is sized for ``make fuzz``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.plan.settings_store import MAX_RECENT, SettingsStore

NEWER = json.dumps({"format": "gpucalc-user-table", "table": "gpus", "schema_version": 99,
                    "entries": {}, "deleted": []})


def _saver(folder: str, worker: int, saves: int, seed: int, template: dict[str, Any],
           start: Any) -> None:
    """One process: ``saves`` random saves; the engine entries it keeps end in 'k'."""
    rng = random.Random(seed * 1000 + worker)
    store = UserStore(Path(folder))
    settings = SettingsStore(Path(folder))
    start.wait()
    for n in range(saves):
        key = f"w{worker}-e{n}"
        roll = rng.random()
        if roll < 0.6:
            store.put_entry("engines", {**template, "id": key + "-k", "name": key})
        elif roll < 0.8:
            store.put_entry("engines", {**template, "id": key + "-d", "name": key})
            store.delete_entry("engines", key + "-d")
        else:
            settings.save(settings.load().with_recent(f"/plans/w{worker}.gpucalc.json"))


def run(processes: int, saves: int, seed: int) -> bool:
    """Run the savers once; print and return whether every check held."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "config"
        tables = folder / "tables"
        tables.mkdir(parents=True)
        (tables / "gpus.json").write_text(NEWER, encoding="utf-8")
        dotfiles = Path(scratch) / "dotfiles"
        dotfiles.mkdir()
        (tables / "engines.json").symlink_to(dotfiles / "engines.json")
        template = Catalog.load().engines["vllm"].model_dump(mode="json")
        ctx: Any = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        start = ctx.Event()
        workers = [ctx.Process(target=_saver, args=(str(folder), w, saves, seed, template, start))
                   for w in range(processes)]
        for worker in workers:
            worker.start()
        began = time.perf_counter()
        start.set()
        for worker in workers:
            worker.join()
        seconds = time.perf_counter() - began
        entries = UserStore(folder).get_entries("engines")
        kept = {key for key in entries if key.endswith("-k")}
        expected = _expected(processes, saves, seed)
        recent = set(SettingsStore(folder).load().recent_files)
        windows = _windows(processes, saves, seed)
        checks = {
            "every kept entry landed": kept == expected,
            "no deleted entry came back": not any(k.endswith("-d") for k in entries),
            "every window's recent file kept": (recent == windows if len(windows) <= MAX_RECENT
                                                else len(recent) == MAX_RECENT and recent <= windows),
            "the newer table is as written": (tables / "gpus.json").read_text(encoding="utf-8") == NEWER,
            "the linked table is still a link": (tables / "engines.json").is_symlink(),
            "every process exited 0": all(w.exitcode == 0 for w in workers),
        }
    print(f"{processes} processes × {saves} saves in {seconds:.1f} s: {len(expected)} entries kept")
    for name, held in checks.items():
        print(f"  {'ok  ' if held else 'FAIL'} {name}")
    return all(checks.values())


def _rolls(worker: int, saves: int, seed: int) -> list[float]:
    rng = random.Random(seed * 1000 + worker)
    return [rng.random() for _ in range(saves)]


def _expected(processes: int, saves: int, seed: int) -> set[str]:
    return {f"w{w}-e{n}-k" for w in range(processes)
            for n, roll in enumerate(_rolls(w, saves, seed)) if roll < 0.6}


def _windows(processes: int, saves: int, seed: int) -> set[str]:
    """The recent file of every process that saved its window settings at least once."""
    return {f"/plans/w{w}.gpucalc.json" for w in range(processes)
            if any(roll >= 0.8 for roll in _rolls(w, saves, seed))}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shared_config_fuzz", description=__doc__)
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("GPUCALC_CONFIG_DIR", tempfile.mkdtemp())  # never the user's own
    results = [run(args.processes, args.saves, args.seed + r) for r in range(args.rounds)]
    raise SystemExit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
