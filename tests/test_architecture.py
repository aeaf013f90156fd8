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


PACKAGE = CORE.parent
# The layers, lowest first: a package imports only from its own layer or those below it.
# The command line sits on top of the window because it launches it.
LAYERS = {"core": 0, "io": 1, "catalog": 2, "text": 2, "validation": 3, "plan": 3, "report": 4,
          "ui": 5, "cli": 6}


def _gpucalc_layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "gpucalc" and parts[1] in LAYERS else None


def test_import_contract_core_io_catalog_plan_report_front_ends() -> None:
    for package, rank in LAYERS.items():
        for path in (PACKAGE / package).rglob("*.py"):
            for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
                target = _gpucalc_layer(name)
                assert target is None or LAYERS[target] <= rank, (
                    f"{path.relative_to(PACKAGE)} ({package}) imports {name} ({target})")


def test_plan_layer_and_its_tests_run_without_qt() -> None:
    import subprocess
    import sys

    blocker = ("import sys\n"
               "class _NoQt:\n"
               "    def find_spec(self, name, path=None, target=None):\n"
               "        if name.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'):\n"
               "            raise ImportError('Qt is not installed')\n"
               "sys.meta_path.insert(0, _NoQt())\n"
               "import pytest\n"
               "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-p', 'no:pytest-qt', "
               "'-W', 'ignore::pytest.PytestConfigWarning', 'tests/plan', "
               "'--ignore=tests/plan/test_consistency.py']))\n")
    proc = subprocess.run([sys.executable, "-c", blocker], capture_output=True, timeout=300,
                          check=False, cwd=PACKAGE.parent, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
