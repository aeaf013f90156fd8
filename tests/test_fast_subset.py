"""The fast subset (``make test-fast``: every test but those ``tests/slow_tests.txt`` marks slow).

Each entry of the list must name a test that exists, so a renamed test cannot slip back into the
fast subset unnoticed nor leave a stale line; and the subset must still exercise every package of
gpucalc (and every domain of the core): some test module it runs imports from each.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import slow_entries

TESTS = Path(__file__).parent
ROOT = TESTS.parent
PACKAGE = ROOT / "gpucalc"


def _test_names(tree: ast.Module) -> set[str]:
    """Top-level test functions and ``Class::test`` methods of a test module."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            names.add(node.name)
            names |= {f"{node.name}::{item.name}" for item in node.body
                      if isinstance(item, ast.FunctionDef) and item.name.startswith("test")}
    return names


def _modules() -> dict[str, ast.Module]:
    """Every test module, by its path relative to the repository (as pytest names it)."""
    return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(TESTS.rglob("test_*.py"))}


def test_every_slow_entry_names_a_test_that_exists() -> None:
    modules = _modules()
    entries = slow_entries()
    assert len(entries) == len(set(entries)), "an entry is listed twice"
    for entry in entries:
        file, _, name = entry.partition("::")
        assert file in modules, f"{entry}: no such test file"
        assert not name or name in _test_names(modules[file]), f"{entry}: no such test in {file}"


def _packages() -> set[str]:
    """gpucalc's packages, the core by its domains (``core.specs``, ``core.step``, …)."""
    found = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file() and p.name != "core"}
    return found | {f"core.{p.name}" for p in (PACKAGE / "core").iterdir() if (p / "__init__.py").is_file()}


def _package_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "gpucalc" or len(parts) < 2:
        return None
    return ".".join(parts[1:3]) if parts[1] == "core" and len(parts) > 2 else parts[1]


def _imported_packages(tree: ast.Module) -> set[str]:
    modules = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    return {package for module in modules if (package := _package_of(module)) is not None}


def test_the_fast_subset_exercises_every_package() -> None:
    slow = set(slow_entries())
    covered: set[str] = set()
    for file, tree in _modules().items():
        if file in slow or not {f"{file}::{name}" for name in _test_names(tree) if "::" not in name} - slow:
            continue
        covered |= _imported_packages(tree)
    assert _packages() - covered == set()
