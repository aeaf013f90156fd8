"""Whether a window can open here, decided before Qt is asked (Qt aborts the process otherwise).

On Linux and the other X11/Wayland systems Qt needs ``DISPLAY`` (X11) or ``WAYLAND_DISPLAY``
(Wayland) unless ``QT_QPA_PLATFORM`` names a platform without one (``offscreen``, ``minimal``,
``vnc``, ``linuxfb``, ``eglfs``). macOS and Windows always have one. No Qt here: the command
line checks this before it imports the window.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP

EXIT_NO_DISPLAY = 69  # EX_UNAVAILABLE (sysexits.h): the window has no display to open on
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "linuxfb", "eglfs", "minimalegl", "vkkhrdisplay")
"""Qt platform plugins that draw without a windowing system."""

NO_DISPLAY = QT_TRANSLATE_NOOP(
    "Errors", "no display found ({variables} not set), so the window cannot open; run gpucalc on a "
              "desktop or over ssh -X, or use the command line (gpucalc estimate …); for a "
              "screenshot without a display set QT_QPA_PLATFORM=offscreen")
PLATFORM_FAILED = QT_TRANSLATE_NOOP(
    "Errors", "the window cannot start: {reason}; check that the display is reachable, or install "
              "the Qt system libraries (make system-deps: libxcb-cursor0 and friends); "
              "QT_QPA_PLATFORM=offscreen renders screenshots without a display")


def _wants(platform: str, environ: Mapping[str, str]) -> bool:
    """Whether one Qt platform plugin name can start in ``environ``."""
    name = platform.split(":", 1)[0].strip().lower()
    if name in HEADLESS_PLATFORMS:
        return True
    if name == "xcb":
        return bool(environ.get("DISPLAY"))
    if name.startswith("wayland"):
        return bool(environ.get("WAYLAND_DISPLAY"))
    return bool(name)  # a plugin gpucalc does not know: let Qt decide


def display_missing(environ: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """The environment variables a window lacks here (``DISPLAY / WAYLAND_DISPLAY``), or None.

    None also on macOS and Windows, and when ``QT_QPA_PLATFORM`` lists a platform that can
    start (``wayland;xcb`` is a list Qt tries in order).
    """
    if platform.startswith(("darwin", "win32", "cygwin")):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        candidates = [p for p in chosen.split(";") if p.strip()]
        if any(_wants(p, environ) for p in candidates):
            return None
        names = {p.split(":", 1)[0].strip().lower() for p in candidates}
        needed = ["DISPLAY"] * ("xcb" in names) + ["WAYLAND_DISPLAY"] * any(
            n.startswith("wayland") for n in names)
        return " / ".join(needed) or "QT_QPA_PLATFORM"
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return "DISPLAY / WAYLAND_DISPLAY"
