"""Trimming the frozen bundle: Qt parts gpucalc does not use, and the libraries only they pulled in.

``gpucalc.spec`` applies these filters to PyInstaller's tables of contents, whose entries are
``(destination, source, typecode)`` tuples. Every function is pure; the one that needs to know
which shared libraries a file links takes that as a callable, so it can be tested without ELF files.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePosixPath

Entry = tuple[str, str, str]
ImportsOf = Callable[[str], Iterable[str]]
"""Maps a binary's source path to the names of the shared libraries it links."""

QT_PLUGINS = "PySide6/Qt/plugins/"

UNUSED_LINUX_QT_PLUGINS = (
    # Platforms for embedded screens and remote displays (VNC serves the window over the network).
    "platforms/libqvnc.so", "platforms/libqeglfs.so", "platforms/libqlinuxfb.so",
    "platforms/libqminimalegl.so", "platforms/libqvkkhrdisplay.so", "egldeviceintegrations/",
    # Raw input devices of those platforms; TUIO touch listens on a network port.
    "generic/",
    # The GTK theme loads the system's GTK 3 and drags cairo/pango along; Fusion is used without it.
    "platformthemes/libqgtk3.so",
    # The virtual keyboard needs Qt Quick, which is not bundled.
    "platforminputcontexts/libqtvirtualkeyboardplugin.so",
)
"""Qt plugins (relative to the plugin folder) a desktop gpucalc on Linux never loads.

Kept: xcb, wayland, offscreen and minimal platforms, image formats, the SVG icon engine, the XDG
desktop portal theme and the compose/IBus input methods (Chinese input).
"""

KEPT_QT_TRANSLATIONS = ("qtbase_zh_CN.qm", "qt_zh_CN.qm")
"""Qt's own translations for the one language gpucalc ships besides English."""

ALWAYS_KEPT_PREFIXES = ("libpython", "libpyside", "libshiboken")
"""Libraries loaded by the bootloader or by name, not through a link from another binary."""


def _posix(dest: str) -> PurePosixPath:
    return PurePosixPath(dest.replace("\\", "/"))


def is_unused_linux_plugin(dest: str) -> bool:
    """Whether ``dest`` is a Qt plugin listed in :data:`UNUSED_LINUX_QT_PLUGINS`."""
    path = _posix(dest).as_posix()
    if not path.startswith(QT_PLUGINS):
        return False
    relative = path[len(QT_PLUGINS):]
    return any(relative.startswith(unused) for unused in UNUSED_LINUX_QT_PLUGINS)


def is_dependency_only(dest: str) -> bool:
    """Whether ``dest`` is a shared library collected only because another binary links it.

    Those live at the bundle root (system libraries) or in ``PySide6/Qt/lib`` (Qt's libraries);
    Python extension modules and Qt plugins are loaded by name and count as roots instead.
    """
    path = _posix(dest)
    folder = path.parent.as_posix()
    return folder in {".", "PySide6/Qt/lib"} and not path.name.startswith(ALWAYS_KEPT_PREFIXES)


def linked_libraries(binaries: Sequence[Entry], imports_of: ImportsOf) -> set[str]:
    """File names of the dependency-only libraries reachable through links from the roots."""
    by_name = {_posix(dest).name: source for dest, source, _ in binaries if is_dependency_only(dest)}
    pending = [source for dest, source, _ in binaries if not is_dependency_only(dest)]
    reached: set[str] = set()
    while pending:
        for name in imports_of(pending.pop()):
            base = PurePosixPath(name).name
            if base in by_name and base not in reached:
                reached.add(base)
                pending.append(by_name[base])
    return reached


def without_unused_plugins(binaries: Sequence[Entry], imports_of: ImportsOf) -> list[Entry]:
    """``binaries`` less the unused Linux Qt plugins and every library only they linked."""
    kept = [entry for entry in binaries if not is_unused_linux_plugin(entry[0])]
    needed = linked_libraries(kept, imports_of)
    return [entry for entry in kept
            if not is_dependency_only(entry[0]) or _posix(entry[0]).name in needed]


def without_dangling_symlinks(datas: Sequence[Entry], binaries: Sequence[Entry]) -> list[Entry]:
    """``datas`` less the SYMLINK entries whose target is no longer in ``binaries`` or ``datas``."""
    present = {_posix(dest).as_posix() for dest, _, _ in (*binaries, *datas)}
    kept: list[Entry] = []
    for dest, source, kind in datas:
        if kind == "SYMLINK":
            target = posixpath.normpath((_posix(dest).parent / _posix(source)).as_posix())
            if target not in present:
                continue
        kept.append((dest, source, kind))
    return kept


def without_unused_qt_translations(datas: Sequence[Entry]) -> list[Entry]:
    """``datas`` less Qt's translations of languages gpucalc does not offer."""
    def unused(dest: str) -> bool:
        path = _posix(dest)
        return ("PySide6" in path.parts and "translations" in path.parts
                and path.name not in KEPT_QT_TRANSLATIONS)

    return [entry for entry in datas if not unused(entry[0])]


def removed(before: Sequence[Entry], after: Sequence[Entry]) -> list[str]:
    """Destinations present in ``before`` and gone from ``after`` (sorted), for the build log."""
    gone = {dest for dest, _, _ in before} - {dest for dest, _, _ in after}
    return sorted(gone)
