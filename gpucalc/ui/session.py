"""What outlives one window: the settings, where they are saved, the language, the user's tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gpucalc.catalog.user_store import UserStore
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.plan.settings_store import SettingsStore, WindowSettings


@dataclass
class Session:
    """What outlives one window: the settings, where they are saved, the language."""

    settings: WindowSettings = field(default_factory=WindowSettings)
    store: SettingsStore | None = None
    language: str = "en"
    current_file: Path | None = None
    catalog_session: CatalogSession | None = None
    confirm_discard: bool = False
    """Ask before unsaved changes are dropped: a person is at the window (not a screenshot or test)."""

    def catalogs(self) -> CatalogSession:
        """The user's layered spec tables (opened on first use)."""
        if self.catalog_session is None:
            self.catalog_session = CatalogSession(UserStore())
        return self.catalog_session
