"""Test set-up: headless Qt, and no test ever touches the real user config directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from gpucalc.catalog.bundled import Catalog
from tests.pending_translations import add_pending_translations


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every platform directory at a temporary folder."""
    monkeypatch.setenv("GPUCALC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


@pytest.fixture(autouse=True, scope="session")
def _pending_translations() -> None:
    """Translations handed in beside the catalogue count as if merged (tests/pending_translations.py)."""
    add_pending_translations()


_CATALOG: Catalog | None = None


@pytest.fixture
def catalog() -> Catalog:
    """The bundled catalog (loaded once per session; it is read-only)."""
    global _CATALOG  # noqa: PLW0603 - one shared read-only instance keeps the suite fast
    if _CATALOG is None:
        _CATALOG = Catalog.load()
    return _CATALOG
