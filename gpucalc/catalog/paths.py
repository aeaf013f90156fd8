"""Where bundled data lives: the source tree, or the frozen app's bundle."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def bundle_root() -> Path:
    """Directory holding ``specs/`` and ``resources/`` (frozen bundle or source checkout)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def specs_dir() -> Path:
    """The bundled spec tables (``GPUCALC_SPECS_DIR`` overrides, for tests)."""
    override = os.environ.get("GPUCALC_SPECS_DIR")
    return Path(override) if override else bundle_root() / "specs"


def resources_dir() -> Path:
    """Icons, translations and fonts."""
    return bundle_root() / "resources"
