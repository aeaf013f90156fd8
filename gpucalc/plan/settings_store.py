"""The window's own settings (geometry, last scenario, recent files) in a small JSON file.

Lives in ``platformdirs.user_config_dir("gpucalc")`` (``GPUCALC_CONFIG_DIR`` overrides), carries
a ``schema_version`` and is written atomically. A broken file is set aside, never fatal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpucalc.plan.scenario_file import atomic_write_text

SETTINGS_SCHEMA_VERSION = 1
SETTINGS_FILE = "window.json"
MAX_RECENT = 8


def config_dir() -> Path:
    """The user's gpucalc config folder."""
    override = os.environ.get("GPUCALC_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("gpucalc"))


class WindowSettings(BaseModel):
    """What the window remembers between sessions."""

    model_config = ConfigDict(extra="ignore")

    schema_version: int = SETTINGS_SCHEMA_VERSION
    geometry: str = Field(default="", description="QMainWindow.saveGeometry(), base64.")
    state: str = Field(default="", description="QMainWindow.saveState(), base64.")
    language: str = Field(default="", description="'en', 'zh_CN' or '' for the system locale.")
    theme: str = Field(default="system", description="'system', 'light' or 'dark'.")
    last_scenario: dict[str, Any] | None = None
    recent_files: list[str] = Field(default_factory=list)

    def with_recent(self, path: str) -> WindowSettings:
        """A copy with ``path`` first in the recent files."""
        recent = [path, *[p for p in self.recent_files if p != path]][:MAX_RECENT]
        return self.model_copy(update={"recent_files": recent})


class SettingsStore:
    """Load and save :class:`WindowSettings` at ``directory / window.json``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_dir()) / SETTINGS_FILE
        self.problem: str = ""

    def load(self) -> WindowSettings:
        """The saved settings, or defaults (a broken or newer file is kept as a backup)."""
        if not self.path.exists():
            return WindowSettings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            settings = WindowSettings.model_validate(data)
        except (OSError, json.JSONDecodeError, UnicodeDecodeError, ValidationError) as exc:
            return self._set_aside(f"unreadable ({type(exc).__name__})")
        if settings.schema_version > SETTINGS_SCHEMA_VERSION:
            return self._set_aside(f"written by a newer gpucalc (schema {settings.schema_version})")
        return settings

    def _set_aside(self, why: str) -> WindowSettings:
        backup = self.path.with_name(self.path.name + ".bak")
        try:
            os.replace(self.path, backup)
            self.problem = f"{self.path} was {why}; it was moved to {backup}"
        except OSError:
            self.problem = f"{self.path} was {why}"
        return WindowSettings()

    def save(self, settings: WindowSettings) -> None:
        """Write ``settings`` atomically (errors are remembered, not raised)."""
        text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
        try:
            atomic_write_text(self.path, text)
        except OSError as exc:
            self.problem = f"cannot save {self.path}: {exc.strerror or exc}"
