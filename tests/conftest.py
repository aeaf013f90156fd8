"""Test set-up: headless Qt, an English locale, and no test ever touches the real user config directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
# The same language whatever the machine's locale: English messages, CLI output and window (Qt
# reads the locale once, at start-up). A test of Chinese sets --lang, the window's language or
# its own locale variables.
for _variable in ("LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_variable, None)
os.environ["LC_ALL"] = "C.UTF-8"

from gpucalc.catalog.bundled import Catalog  # noqa: E402 - after the environment it reads


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every platform directory at a temporary folder."""
    monkeypatch.setenv("GPUCALC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GPUCALC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


_CATALOG: Catalog | None = None


@pytest.fixture
def catalog() -> Catalog:
    """The bundled catalog (loaded once per session; it is read-only)."""
    global _CATALOG  # noqa: PLW0603 - one shared read-only instance keeps the suite fast
    if _CATALOG is None:
        _CATALOG = Catalog.load()
    return _CATALOG
