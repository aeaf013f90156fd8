"""The bundled font (WenQuanYi Micro Hei, Latin + CJK), so reports render Chinese anywhere."""

from __future__ import annotations

import threading

from PySide6.QtGui import QFontDatabase

from gpucalc.catalog.paths import resources_dir

BUNDLED_FAMILY = "WenQuanYi Micro Hei"
BUNDLED_MONO_FAMILY = "WenQuanYi Micro Hei Mono"
FONT_PATTERNS = ("*.ttf", "*.ttc", "*.otf", "*.otc")

_lock = threading.Lock()
_registered: list[str] | None = None


def register_bundled_fonts() -> list[str]:
    """Add every font under ``resources/fonts`` to Qt (once); return the families they provide.

    The bundled files are always added (not a system font of the same name), so a report looks
    the same on every machine. Needs a QGuiApplication.
    """
    global _registered  # noqa: PLW0603 - registration is process-wide in Qt, so is this cache
    with _lock:
        if _registered is None:
            families: list[str] = []
            folder = resources_dir() / "fonts"
            files = sorted({f for pattern in FONT_PATTERNS for f in folder.glob(pattern)})
            for path in files:
                font_id = QFontDatabase.addApplicationFont(str(path))
                if font_id >= 0:
                    families += QFontDatabase.applicationFontFamilies(font_id)
            _registered = list(dict.fromkeys(families))
        return list(_registered)


def report_family(families: list[str]) -> str:
    """The family the report writes in: the bundled CJK font, else Qt's default sans serif."""
    return BUNDLED_FAMILY if BUNDLED_FAMILY in families else "Sans Serif"


def report_mono_family(families: list[str]) -> str:
    """The family for command lines: the bundled monospaced face, else the report family."""
    return BUNDLED_MONO_FAMILY if BUNDLED_MONO_FAMILY in families else report_family(families)
