"""Loading the build helpers in ``packaging/`` (a folder, not an importable package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

PACKAGING_DIR = Path(__file__).resolve().parents[2] / "packaging"


def load_helper(name: str) -> ModuleType:
    """The module ``packaging/<name>.py``, loaded from its file."""
    spec = importlib.util.spec_from_file_location(f"gpucalc_build_{name}", PACKAGING_DIR / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
