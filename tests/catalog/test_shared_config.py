"""A config folder shared by processes, versions and links: no save is lost, no table moved."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.calibration import CalibrationConflictError, save_calibration
from gpucalc.catalog.file_lock import LOCK_NAME, LockTimeoutError, lock_path, locked
from gpucalc.catalog.user_store import CURRENT_SCHEMA_VERSION, FILE_FORMAT, UserStore
from gpucalc.cli.main import main
from gpucalc.plan.settings_store import SettingsStore, WindowSettings

SAVERS = 6
SAVES_EACH = 8


def _run_together(target: Any, jobs: list[tuple[Any, ...]]) -> None:
    """Run ``target(*job, start)`` for every job in its own process, all released at once.

    Real processes: forked where the OS can (fast), spawned elsewhere.
    """
    methods = multiprocessing.get_all_start_methods()
    ctx: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    start = ctx.Event()
    workers = [ctx.Process(target=target, args=(*job, start)) for job in jobs]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0


def gpu_entry(catalog: Catalog, new_id: str) -> dict[str, Any]:
    data = catalog.gpus["l40s-48gb"].model_dump(mode="json")
    data.update(id=new_id, name=f"GPU {new_id}", aliases=[])
    return data


def _save_many(user_dir: str, entries: list[dict[str, Any]], start: Any) -> None:
    """One saver process: wait for the others, then save each entry in its own write."""
    start.wait()
    store = UserStore(Path(user_dir))
    for entry in entries:
        store.put_entry("gpus", entry)


def test_concurrent_savers_all_land(tmp_path: Path, catalog: Catalog) -> None:
    ids = [[f"p{p}-g{n}" for n in range(SAVES_EACH)] for p in range(SAVERS)]
    _run_together(_save_many, [(str(tmp_path), [gpu_entry(catalog, i) for i in mine]) for mine in ids])
    saved = UserStore(tmp_path).get_entries("gpus")
    assert sorted(saved) == sorted(i for mine in ids for i in mine), "every one of 48 saves landed"


def _save_window(directory: str, recent: str, start: Any) -> None:
    start.wait()
    store = SettingsStore(Path(directory))
    store.save(store.load().with_recent(recent))


def test_two_windows_closing_at_once_keep_both_recent_files(tmp_path: Path) -> None:
    _run_together(_save_window, [(str(tmp_path), f"/plans/{n}.gpucalc.json") for n in range(4)])
    recent = SettingsStore(tmp_path).load().recent_files
    assert sorted(recent) == [f"/plans/{n}.gpucalc.json" for n in range(4)]


def test_a_save_waits_for_the_lock_and_gives_up_with_a_message(tmp_path: Path) -> None:
    table = tmp_path / "tables" / "gpus.json"
    waited = pytest.raises(LockTimeoutError, match=r"another gpucalc has been saving in .* for more than")
    with locked(table), waited, locked(table, timeout_s=0.2):
        pass
    with locked(table, timeout_s=0.2):  # released: taken at once
        assert lock_path(table) == tmp_path / "tables" / LOCK_NAME


def test_a_profile_another_process_saved_meanwhile_is_not_overwritten(
        tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    store = UserStore(tmp_path)
    profile = catalog.engines["vllm"].model_copy(update={"id": "vllm-lab", "name": "lab"})
    from gpucalc.catalog import calibration

    monkeypatch.setattr(calibration, "existing_profile", lambda *_args, **_kw: None)  # checked too early
    UserStore(tmp_path).put_entry("engines", profile)  # "another process" saves first
    with pytest.raises(CalibrationConflictError, match="vllm-lab"):
        save_calibration(store, profile.model_copy(update={"name": "mine"}), bundled=catalog)
    assert getattr(store.get_entries("engines")["vllm-lab"], "name", None) == "lab"


def _newer_table(store: UserStore) -> tuple[Path, bytes]:
    path = store.table_path("gpus")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"format": FILE_FORMAT, "table": "gpus", "schema_version": CURRENT_SCHEMA_VERSION + 1,
           "entries": {"x": {"shape": "of the future"}}, "deleted": []}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, path.read_bytes()


def test_a_read_only_command_leaves_a_newer_table_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    path, before = _newer_table(UserStore())
    for command in (["gpus"], ["models"], ["estimate", "qwen3-8b", "--gpu", "h100-sxm-80gb", "--json"]):
        assert main(command) == 0
        assert "is newer than this gpucalc's" in capsys.readouterr().err
        assert path.read_bytes() == before, "the newer gpucalc still finds its own table"
    assert [p.name for p in path.parent.iterdir() if p.name != LOCK_NAME] == ["gpus.json"]


def test_an_explicit_save_sets_a_newer_table_aside_keeping_its_bytes(catalog: Catalog) -> None:
    store = UserStore()
    _, before = _newer_table(store)
    (notice,) = store.put_entry("gpus", gpu_entry(catalog, "mine"))
    assert (notice.code, notice.params["reason"]) == ("user_table_reset", "newer_version")
    assert Path(str(notice.params["backup"])).read_bytes() == before
    assert list(store.get_entries("gpus")) == ["mine"]


def test_newer_window_settings_are_neither_moved_nor_overwritten(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"schema_version": 99, "theme": "dark"}), encoding="utf-8")
    before = store.path.read_bytes()
    assert store.load() == WindowSettings()
    store.save(WindowSettings(theme="light"))
    assert store.path.read_bytes() == before
    assert "from a newer gpucalc" in store.problem
    assert list(tmp_path.glob("window.bak-*")) == []


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_table_kept_as_a_link_stays_a_link_and_its_target_gets_the_save(tmp_path: Path,
                                                                          catalog: Catalog) -> None:
    dotfiles = tmp_path / "dotfiles" / "gpucalc-gpus.json"
    dotfiles.parent.mkdir()
    store = UserStore(tmp_path / "config")
    store.tables_dir.mkdir(parents=True)
    store.table_path("gpus").symlink_to(dotfiles)  # a dangling link: the first save creates the target
    store.put_entry("gpus", gpu_entry(catalog, "first"))
    store.put_entry("gpus", gpu_entry(catalog, "second"))
    link = store.table_path("gpus")
    assert link.is_symlink()
    assert os.readlink(link) == str(dotfiles)
    assert sorted(json.loads(dotfiles.read_text(encoding="utf-8"))["entries"]) == ["first", "second"]
    store.reset_table("gpus")
    assert link.is_symlink(), "a reset keeps the link too"
    assert json.loads(dotfiles.read_text(encoding="utf-8"))["entries"] == {}
    assert sorted(p.name for p in dotfiles.parent.iterdir()) == [LOCK_NAME, "gpucalc-gpus.json"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_window_settings_kept_as_a_link_stay_a_link(tmp_path: Path) -> None:
    target = tmp_path / "dotfiles" / "window.json"
    target.parent.mkdir()
    store = SettingsStore(tmp_path / "config")
    store.path.parent.mkdir()
    store.path.symlink_to(target)
    store.save(WindowSettings(theme="dark"))
    assert store.path.is_symlink()
    assert json.loads(target.read_text(encoding="utf-8"))["theme"] == "dark"
    assert SettingsStore(tmp_path / "config").load().theme == "dark"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_an_unusable_linked_table_is_set_aside_beside_its_target_and_the_link_stays(
        tmp_path: Path, catalog: Catalog) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "gpus.json"
    target.write_text("{not json", encoding="utf-8")
    store = UserStore(tmp_path / "config")
    store.tables_dir.mkdir(parents=True)
    store.table_path("gpus").symlink_to(target)
    (notice,) = store.put_entry("gpus", gpu_entry(catalog, "mine"))
    assert notice.code == "user_table_reset"
    backup = Path(str(notice.params["backup"]))
    assert backup.parent == dotfiles
    assert backup.read_text(encoding="utf-8") == "{not json"
    assert store.table_path("gpus").is_symlink()
    assert list(json.loads(target.read_text(encoding="utf-8"))["entries"]) == ["mine"]
