"""The one storage module: config folder, atomic writes (modes, stale temps, fsync), backups, reads."""

from __future__ import annotations

import os
import stat
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from gpucalc.catalog import storage
from gpucalc.catalog.storage import (
    DocumentFormat,
    UnusableDocumentError,
    atomic_write_bytes,
    atomic_write_text,
    config_dir,
    document_version,
    is_temp_of,
    move_aside,
    read_json_document,
    remove_stale_temps,
    temp_name,
)
from gpucalc.catalog.user_store import UserStore
from gpucalc.plan.settings_store import SettingsStore

posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes and FIFOs are POSIX")
TWO_HOURS_S = 7200


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022() -> Any:
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_every_store_uses_the_one_config_folder(tmp_path: Path) -> None:
    assert config_dir() == tmp_path / "config"
    assert SettingsStore().path.parent == UserStore().user_dir == config_dir()


def test_config_folder_has_no_vendor_folder_on_any_os(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []

    def fake(*args: Any, **kwargs: Any) -> str:
        calls.append((args, kwargs))
        return "/somewhere/gpucalc"

    monkeypatch.delenv(storage.CONFIG_DIR_ENV)
    monkeypatch.setattr(platformdirs, "user_config_dir", fake)
    assert config_dir() == Path("/somewhere/gpucalc")
    assert calls == [(("gpucalc",), {"appauthor": False})]  # Windows: %LOCALAPPDATA%\gpucalc


@posix_only
def test_a_new_file_honours_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "shared.pdf", "x")
        os.umask(0o077)
        atomic_write_text(tmp_path / "private.json", "x")
    finally:
        os.umask(old)
    assert mode_of(tmp_path / "shared.pdf") == 0o644
    assert mode_of(tmp_path / "private.json") == 0o600


@posix_only
@pytest.mark.usefixtures("umask_022")
def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    path.write_bytes(b"old")
    for mode in (0o644, 0o640, 0o600):
        path.chmod(mode)
        atomic_write_bytes(path, b"new")
        assert mode_of(path) == mode
    assert path.read_bytes() == b"new"


def test_only_its_own_stale_temps_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "gpus.json"
    old_temp = tmp_path / temp_name(target)
    fresh_temp = tmp_path / temp_name(target)
    mkstemp_style = tmp_path / ".gpus.json.k2_9xq1a.tmp"  # what the earlier writer left
    others = [tmp_path / ".models.json.abcdef12.tmp", tmp_path / "gpus.json.tmp",
              tmp_path / ".gpus.json.has.dots.tmp", tmp_path / "notes.tmp"]
    for path in (old_temp, fresh_temp, mkstemp_style, *others):
        path.write_bytes(b"x" * 100)
    two_hours_ago = time.time() - TWO_HOURS_S
    for path in (old_temp, mkstemp_style, *others):
        os.utime(path, (two_hours_ago, two_hours_ago))
    atomic_write_text(target, "{}")
    assert not old_temp.exists()
    assert not mkstemp_style.exists()
    assert fresh_temp.exists(), "a save in progress elsewhere is left alone"
    assert all(path.exists() for path in others)


def test_temp_names_are_recognised() -> None:
    target = Path("/x/window.json")
    assert is_temp_of(temp_name(target), target)
    assert not is_temp_of(".window.json.tmp", target)
    assert not is_temp_of(".window.json.a/b.tmp", target)


def test_stale_temp_clean_up_needs_no_folder(tmp_path: Path) -> None:
    assert remove_stale_temps(tmp_path / "absent" / "x.json") == []


def test_the_folder_is_fsynced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    atomic_write_text(tmp_path / "a.json", "{}")
    assert synced[0] is False, "the file first"
    assert synced[-1] is (os.name == "posix"), "then its folder"


def test_a_failed_write_leaves_no_temp_and_the_old_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.json"
    atomic_write_text(path, "old")

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        atomic_write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_backups_are_time_stamped_and_never_overwritten(tmp_path: Path) -> None:
    now = datetime(2026, 12, 1, 19, 30, 5, tzinfo=UTC)
    names = []
    for n in range(3):
        path = tmp_path / "window.json"
        path.write_text(f"v{n}", encoding="utf-8")
        names.append(move_aside(path, now).name)
    assert names == ["window.bak-20261201T193005Z.json", "window.bak-20261201T193005Z-2.json",
                     "window.bak-20261201T193005Z-3.json"]
    assert [(tmp_path / name).read_text(encoding="utf-8") for name in names] == ["v0", "v1", "v2"]


@pytest.mark.parametrize(("content", "reason", "words"), [
    (b"{", "not_json", "not valid JSON"),
    (b"[" * 1000 + b"]" * 1000, "not_json", "nested"),
    (b'{"a": ' + b"1" * 5000 + b"}", "not_json", "number gpucalc cannot use"),
    (b'{"a": NaN}', "not_json", "not a finite number"),
])
def test_bounded_read_reasons(tmp_path: Path, content: bytes, reason: str, words: str) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(content)
    with pytest.raises(UnusableDocumentError) as info:
        read_json_document(path, "doc.json", 10_000)
    assert (info.value.reason, words in info.value.detail) == (reason, True)


def test_bounded_read_refuses_large_and_odd_files(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2_000)
    with pytest.raises(UnusableDocumentError, match=r"at most 0\.00 MB") as info:
        read_json_document(big, "big.json", 1_000, kind="settings file")
    assert info.value.reason == "too_large"
    with pytest.raises(UnusableDocumentError, match="folder") as info:
        read_json_document(tmp_path, "the folder", 1_000)
    assert info.value.reason == "unreadable"


@posix_only
def test_bounded_read_refuses_a_pipe_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(UnusableDocumentError, match="pipe"):
        read_json_document(fifo, "pipe.json", 1_000)


@pytest.mark.parametrize(("doc", "reason"), [
    ({"format": "x", "schema_version": 3}, "newer_version"),
    ({"format": "y", "schema_version": 1}, "wrong_shape"),
    ({"format": "x", "schema_version": True}, "wrong_shape"),
    ({"format": "x", "schema_version": -1}, "wrong_shape"),
    ([], "wrong_shape"),
])
def test_document_version_refusals(doc: Any, reason: str) -> None:
    with pytest.raises(UnusableDocumentError) as info:
        document_version(doc, DocumentFormat("x", 2))
    assert info.value.reason == reason


def test_untagged_documents_default_to_the_current_version() -> None:
    assert document_version({}, DocumentFormat(None, 4)) == 4
    assert document_version({"schema_version": 2}, DocumentFormat(None, 4)) == 2
