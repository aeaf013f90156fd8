"""Trimming the frozen bundle: unused Qt plugins go, with the libraries only they linked."""

from __future__ import annotations

import ast
from collections.abc import Iterable

import pytest

from tests.packaging.build_helpers import PACKAGING_DIR, load_helper

bf = load_helper("bundle_filter")
SPEC = PACKAGING_DIR / "gpucalc.spec"
GPUCALC = PACKAGING_DIR.parent / "gpucalc"

# A small bundle: source path → the libraries it links.
LINKS: dict[str, list[str]] = {
    "/qt/plugins/platforms/libqxcb.so": ["libQt6XcbQpa.so.6", "libc.so.6"],
    "/qt/plugins/platforms/libqvnc.so": ["libQt6Network.so.6"],
    "/qt/plugins/platformthemes/libqgtk3.so": ["libgtk-3.so.0", "libcairo.so.2", "libX11.so.6"],
    "/qt/lib/libQt6XcbQpa.so.6": ["libxkbcommon-x11.so.0", "libX11.so.6"],
    "/qt/lib/libQt6Network.so.6": ["libgssapi_krb5.so.2"],
    "/sys/libgssapi_krb5.so.2": ["libkrb5.so.3"],
    "/py/QtGui.abi3.so": ["libQt6Gui.so.6"],
    "/qt/lib/libQt6Gui.so.6": ["libfontconfig.so.1"],
}
BINARIES = [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", "/qt/plugins/platforms/libqxcb.so", "BINARY"),
    ("PySide6/Qt/plugins/platforms/libqvnc.so", "/qt/plugins/platforms/libqvnc.so", "BINARY"),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/qt/plugins/platformthemes/libqgtk3.so", "BINARY"),
    ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/qt/lib/libQt6XcbQpa.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6Network.so.6", "/qt/lib/libQt6Network.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6Gui.so.6", "/qt/lib/libQt6Gui.so.6", "BINARY"),
    ("PySide6/QtGui.abi3.so", "/py/QtGui.abi3.so", "EXTENSION"),
    ("libcairo.so.2", "/sys/libcairo.so.2", "BINARY"),
    ("libX11.so.6", "/sys/libX11.so.6", "BINARY"),
    ("libxkbcommon-x11.so.0", "/sys/libxkbcommon-x11.so.0", "BINARY"),
    ("libgssapi_krb5.so.2", "/sys/libgssapi_krb5.so.2", "BINARY"),
    ("libkrb5.so.3", "/sys/libkrb5.so.3", "BINARY"),
    ("libfontconfig.so.1", "/sys/libfontconfig.so.1", "BINARY"),
    ("libpython3.11.so.1.0", "/py/libpython3.11.so.1.0", "BINARY"),
]


def links(source: str) -> Iterable[str]:
    return LINKS.get(source, [])


@pytest.mark.parametrize(("dest", "unused"), [
    ("PySide6/Qt/plugins/platforms/libqvnc.so", True),
    ("PySide6/Qt/plugins/generic/libqtuiotouchplugin.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
    ("PySide6\\Qt\\plugins\\platforms\\libqeglfs.so", True),
    ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", False),
    ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", False),
    ("libqvnc.so", False),
])
def test_unused_linux_plugins(dest: str, unused: bool) -> None:
    assert bf.is_unused_linux_plugin(dest) is unused


def test_dropping_plugins_drops_the_libraries_only_they_linked() -> None:
    kept = {dest for dest, _, _ in bf.without_unused_plugins(BINARIES, links)}
    assert kept == {
        "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6", "PySide6/QtGui.abi3.so",
        "libX11.so.6",            # also linked by the kept xcb library
        "libxkbcommon-x11.so.0", "libfontconfig.so.1",
        "libpython3.11.so.1.0",   # loaded by the bootloader, never linked
    }


def test_trimming_twice_changes_nothing() -> None:
    once = bf.without_unused_plugins(BINARIES, links)
    assert bf.without_unused_plugins(once, links) == once
    assert bf.removed(BINARIES, once) == [
        "PySide6/Qt/lib/libQt6Network.so.6", "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so", "libcairo.so.2", "libgssapi_krb5.so.2",
        "libkrb5.so.3"]


def test_symlinks_to_dropped_libraries_go_too() -> None:
    datas = [
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/alias.so", "../../QtGui.abi3.so", "SYMLINK"),
        ("specs/gpus.json", "/src/specs/gpus.json", "DATA"),
    ]
    binaries = bf.without_unused_plugins(BINARIES, links)
    kept = bf.without_dangling_symlinks(datas, binaries)
    assert [dest for dest, _, _ in kept] == ["libQt6Gui.so.6", "PySide6/Qt/lib/alias.so", "specs/gpus.json"]


def test_only_chinese_qt_translations_are_kept() -> None:
    datas = [(f"PySide6/Qt/translations/{name}", f"/qt/translations/{name}", "DATA")
             for name in ("qtbase_de.qm", "qtbase_zh_CN.qm", "qt_zh_CN.qm", "qt_help_zh_CN.qm")]
    datas.append(("resources/translations/gpucalc_zh_CN.qm", "/src/gpucalc_zh_CN.qm", "DATA"))
    kept = [dest for dest, _, _ in bf.without_unused_qt_translations(datas)]
    assert kept == ["PySide6/Qt/translations/qtbase_zh_CN.qm", "PySide6/Qt/translations/qt_zh_CN.qm",
                    "resources/translations/gpucalc_zh_CN.qm"]


def _spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def _spec_list(name: str) -> list[str]:
    for node in _spec_tree().body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(item) for item in value]
    raise AssertionError(f"{SPEC.name} defines no {name}")


def test_the_spec_never_strips_binaries() -> None:
    strip_values = [ast.literal_eval(kw.value) for node in ast.walk(_spec_tree())
                    if isinstance(node, ast.Call) for kw in node.keywords if kw.arg == "strip"]
    assert strip_values
    assert not any(strip_values)


def _qt_modules_used_by_gpucalc() -> set[str]:
    used: set[str] = set()
    for path in GPUCALC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("PySide6."):
                used.add(node.module)
            elif isinstance(node, ast.Import):
                used.update(a.name for a in node.names if a.name.startswith("PySide6."))
    return used


def test_the_spec_excludes_no_module_gpucalc_imports() -> None:
    excluded = set(_spec_list("EXCLUDED_MODULES"))
    used = _qt_modules_used_by_gpucalc()
    assert "PySide6.QtGui" in used
    assert used & excluded == set()
    assert not {"pydantic", "numpy", "platformdirs", "pyqtgraph", "PySide6"} & excluded


def test_the_spec_bundles_data_where_the_app_looks() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert '(str(ROOT / "specs"), "specs")' in text
    assert '(str(ROOT / "resources"), "resources")' in text
    assert "gpucalc_main.py" in text
    assert (PACKAGING_DIR / "gpucalc_main.py").is_file()
