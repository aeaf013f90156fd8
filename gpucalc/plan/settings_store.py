"""The window's own settings (geometry, last scenario, recent files) in a small JSON file.

Lives in :func:`~gpucalc.catalog.storage.config_dir` as ``window.json``, carries a
``schema_version`` and is written atomically (through a symbolic link, its target). Loading is
never fatal and never moves or rewrites the file: one that cannot be used (unreadable, over
:data:`MAX_SETTINGS_BYTES`, not JSON, wrong shape, newer) is left as it is and the defaults are
used; a single unusable value (geometry that is not base64, a last scenario gpucalc cannot open)
is dropped and said so. Saving holds the folder's advisory lock and re-reads the file first: a
file from a newer gpucalc is kept (these settings are not saved, and the problem says so), one
no gpucalc can read is moved aside to ``window.bak-<UTC time>.json`` (every backup kept), and
the recent files of another window saved meanwhile are kept after this window's own.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpucalc.catalog import storage
from gpucalc.catalog.file_lock import locked
from gpucalc.core.common.errors import error_location
from gpucalc.core.specs.scenario import Scenario

SETTINGS_SCHEMA_VERSION = 1
SETTINGS_FILE = "window.json"
MAX_RECENT = 8
MAX_SETTINGS_BYTES = 1_000_000
"""The largest window.json read or written (1 MB; a real one, last scenario included, is ~5 kB)."""

MIGRATIONS: dict[int, storage.Migration] = {}
"""Migration from settings schema_version N (the key) to N + 1."""

SETTINGS_DOCUMENT = storage.DocumentFormat(None, SETTINGS_SCHEMA_VERSION, oldest_version=1,
                                   migrations=MIGRATIONS)


def decoded_base64(text: str) -> bytes | None:
    """The bytes ``text`` encodes in strict base64, or None when it is not base64."""
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None


class WindowSettings(BaseModel):
    """What the window remembers between sessions."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    schema_version: int = SETTINGS_SCHEMA_VERSION
    geometry: str = Field(default="", description="QMainWindow.saveGeometry(), base64.")
    state: str = Field(default="", description="QMainWindow.saveState(), base64.")
    language: str = Field(default="", description="'en', 'zh_CN' or '' for the system locale.")
    theme: str = Field(default="system", description="'system', 'light' or 'dark'.")
    last_scenario: dict[str, Any] | None = None
    recent_files: list[str] = Field(default_factory=list)
    first_steps_shown: bool = Field(default=False, description="The first-start guide was shown once.")

    def with_recent(self, path: str) -> WindowSettings:
        """A copy with ``path`` first in the recent files."""
        recent = [path, *[p for p in self.recent_files if p != path]][:MAX_RECENT]
        return self.model_copy(update={"recent_files": recent})

    @property
    def geometry_bytes(self) -> bytes:
        """The saved window geometry as bytes for ``restoreGeometry`` (empty when none)."""
        return decoded_base64(self.geometry) or b""

    @property
    def state_bytes(self) -> bytes:
        """The saved dock and toolbar state as bytes for ``restoreState`` (empty when none)."""
        return decoded_base64(self.state) or b""


def _usable_values(settings: WindowSettings) -> tuple[WindowSettings, list[str]]:
    """``settings`` with values the window cannot use dropped, and what was dropped."""
    update: dict[str, Any] = {}
    dropped: list[str] = []
    for name in ("geometry", "state"):
        if decoded_base64(getattr(settings, name)) is None:
            update[name] = ""
            dropped.append(f"the saved window {name} is not base64")
    if settings.last_scenario is not None:
        try:
            Scenario.model_validate(settings.last_scenario)
        except ValidationError:
            update["last_scenario"] = None
            dropped.append("the last scenario is not one gpucalc can open")
    if len(settings.recent_files) > MAX_RECENT:
        update["recent_files"] = settings.recent_files[:MAX_RECENT]
    return settings.model_copy(update=update), dropped


def earlier_settings_path(directory: Path | None) -> Path | None:
    r"""Where earlier gpucalc versions kept window.json when that differs from today's, else None.

    They asked for the config folder with a vendor folder, which on Windows is one level deeper
    (``%LOCALAPPDATA%\gpucalc\gpucalc``) than where the user's tables have always lived. That file
    is read once when there is no window.json yet and left in place.
    """
    if directory is not None or os.environ.get(storage.CONFIG_DIR_ENV):
        return None
    earlier = Path(platformdirs.user_config_dir(storage.APP_NAME)) / SETTINGS_FILE
    return earlier if earlier.parent != storage.config_dir() else None


class SettingsStore:
    """Load and save :class:`WindowSettings` at ``directory / window.json``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or storage.config_dir()) / SETTINGS_FILE
        self.earlier_path = earlier_settings_path(directory)
        self.problem: str = ""

    def _source(self) -> Path | None:
        """The file to load: window.json, else one an earlier gpucalc left (saving moves it here)."""
        for path in (self.path, self.earlier_path):
            if path is not None and not storage.nothing_saved_at(path):
                return path
        return None

    def load(self) -> WindowSettings:
        """The saved settings, or defaults (a broken or newer file is left exactly as it is)."""
        source = self._source()
        if source is None:
            return WindowSettings()
        read = _read_settings(source)
        if isinstance(read, _Unusable):
            self.problem = (f"{source} was not used ({read.why}); it is left as it is" +
                            ("" if read.newer else " and set aside when the settings are next saved"))
            return WindowSettings()
        settings, dropped = _usable_values(read)
        if dropped:
            self.problem = f"{source}: {'; '.join(dropped)}, so the default is used"
        return settings

    def save(self, settings: WindowSettings) -> None:
        """Write ``settings`` atomically under the folder's lock (errors are remembered, not raised).

        The file on disk is read again first: one from a newer gpucalc is not overwritten, one
        no gpucalc can read is set aside, and recent files another window saved are kept.
        Settings too large to be read back lose their last scenario first; if still too large,
        nothing is written and the problem says why.
        """
        try:
            with locked(self.path):
                on_disk = None if storage.nothing_saved_at(self.path) else _read_settings(self.path)
                if isinstance(on_disk, _Unusable) and on_disk.newer:
                    self.problem = (f"the window settings were not saved: {self.path} is from a newer "
                                    f"gpucalc ({on_disk.why}) and is kept for it")
                    return
                if isinstance(on_disk, WindowSettings):
                    settings = _with_recent_of(settings, on_disk)
                text = _settings_text(settings)
                if len(text.encode("utf-8")) > MAX_SETTINGS_BYTES or not text:
                    text = _settings_text(settings.model_copy(update={"last_scenario": None}))
                if len(text.encode("utf-8")) > MAX_SETTINGS_BYTES or not text:
                    self.problem = (f"cannot save {self.path}: the settings are not finite numbers or "
                                    f"would exceed {MAX_SETTINGS_BYTES / 1e6:,.2f} MB")
                    return
                if isinstance(on_disk, _Unusable):
                    backup = storage.move_aside(self.path, datetime.now(UTC))
                    self.problem = f"{self.path} was not usable ({on_disk.why}); it was moved to {backup}"
                storage.atomic_write_text(self.path, text)
        except OSError as exc:
            self.problem = f"cannot save {self.path}: {exc.strerror or exc}"


class _Unusable:
    """Why a settings file cannot be used; ``newer``: a newer gpucalc wrote it (it can read it)."""

    def __init__(self, why: str, newer: bool = False) -> None:
        self.why = why
        self.newer = newer


def _read_settings(source: Path) -> WindowSettings | _Unusable:
    """The settings in ``source``, or why they cannot be used; the file is never changed."""
    try:
        doc = storage.read_json_document(source, source.name, MAX_SETTINGS_BYTES,
                                         kind="window settings file")
        if storage.document_version(doc, SETTINGS_DOCUMENT) < SETTINGS_SCHEMA_VERSION:
            doc = storage.migrate_document(doc, SETTINGS_DOCUMENT)
        return WindowSettings.model_validate(doc)
    except storage.UnusableDocumentError as exc:
        return _Unusable(exc.detail, newer=exc.reason == "newer_version")
    except storage.MigrationError as exc:
        return _Unusable(f"from an older gpucalc that cannot be updated ({exc})")
    except ValidationError as exc:
        first = exc.errors()[0]
        where = error_location(first["loc"]) or "the file"
        return _Unusable(f"unusable ({where}: {first['msg']})")


def _with_recent_of(settings: WindowSettings, other: WindowSettings) -> WindowSettings:
    """``settings`` with the recent files of ``other`` after its own (at most :data:`MAX_RECENT`)."""
    merged = list(dict.fromkeys([*settings.recent_files, *other.recent_files]))[:MAX_RECENT]
    return settings.model_copy(update={"recent_files": merged})


def _settings_text(settings: WindowSettings) -> str:
    """The JSON text of ``settings`` as saved; empty when a value is not finite (never written)."""
    try:
        return json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False,
                          allow_nan=False) + "\n"
    except ValueError:
        return ""
