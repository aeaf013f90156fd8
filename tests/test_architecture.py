"""The core stays pure: no Qt, no file I/O, no logging; every package imports cleanly."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "gpucalc" / "core"
FORBIDDEN_MODULES = {"PySide6", "pyqtgraph", "logging", "pathlib", "os", "shutil", "gpucalc.io",
                     "gpucalc.catalog", "gpucalc.ui", "gpucalc.cli"}
FORBIDDEN_CALLS = {"open", "print", "input"}


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_is_pure() -> None:
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imports(tree):
            assert not any(name == m or name.startswith(m + ".") for m in FORBIDDEN_MODULES), (
                f"{path.name} imports {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_cli_estimate_path_does_not_import_qt() -> None:
    import subprocess
    import sys

    code = ("import sys; from gpucalc.cli.main import main; "
            "main(['estimate','llama-3.1-8b-instruct','--gpu','h100','--json']); "
            "sys.exit(1 if any(m.startswith(('PySide6','pyqtgraph')) for m in sys.modules) else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
