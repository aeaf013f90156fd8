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
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imports(tree):
            assert not any(name == m or name.startswith(m + ".") for m in FORBIDDEN_MODULES), (
                f"{path.name} imports {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


CORE_DOMAINS = {"common": 0, "specs": 1, "parallel": 2, "memory": 3, "step": 4, "capacity": 5,
                "fleet": 6, "simulation": 6, "measured": 6}
"""The core's domain subpackages, lowest first: each imports only from its own floor or below."""


def test_core_is_housed_by_domain() -> None:
    assert sorted(p.name for p in CORE.glob("*.py")) == ["__init__.py"]
    assert {p.name for p in CORE.iterdir() if p.is_dir() and p.name != "__pycache__"} == set(CORE_DOMAINS)
    for domain, floor in CORE_DOMAINS.items():
        for path in (CORE / domain).glob("*.py"):
            for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
                parts = name.split(".")
                if parts[:2] != ["gpucalc", "core"] or len(parts) < 3:
                    continue
                lower_or_own = CORE_DOMAINS[parts[2]] < floor or parts[2] == domain
                assert lower_or_own, f"core/{domain}/{path.name} imports {name}"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Every gpucalc module and the gpucalc modules it imports anywhere (type checking included)."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets.add(node.module)
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root, children_of_root in graph.items():
        if root in index:
            continue
        work = [(root, iter(sorted(children_of_root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle_anywhere() -> None:
    assert _circles(_import_graph()) == []


def test_a_circle_is_found() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


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
LAYERS = {"core": 0, "engines": 1, "io": 2, "catalog": 3, "text": 3, "validation": 4, "plan": 4,
          "report": 5, "ui": 6, "cli": 7}


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


def _is_model_class(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Name) and base.id == "BaseModel" for base in node.bases)


def _defers_build(node: ast.ClassDef) -> bool:
    """Whether the class body sets ``model_config = ConfigDict(..., defer_build=True, ...)``."""
    for statement in node.body:
        if (isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "model_config" for t in statement.targets)
                and isinstance(statement.value, ast.Call)):
            return any(k.arg == "defer_build" and isinstance(k.value, ast.Constant) and k.value.value is True
                       for k in statement.value.keywords)
    return False


def test_every_model_builds_its_validator_when_first_used() -> None:
    """A command builds the pydantic models it uses, not every model its imports define."""
    eager = [f"{path.relative_to(PACKAGE)}:{node.name}" for path in PACKAGE.rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.ClassDef) and _is_model_class(node) and not _defers_build(node)]
    assert eager == []


def _modules_after(argv: list[str]) -> set[str]:
    """The modules a fresh ``gpucalc`` process has imported once it has run ``argv``."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\nfrom gpucalc.cli.main import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(json.dumps(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120, check=False,
                          text=True)
    return set(json.loads(proc.stderr.strip().splitlines()[-1]))


def test_help_and_version_load_no_library_and_no_command() -> None:
    for argv in (["--help"], ["--version"]):
        loaded = _modules_after(argv)
        assert not {"pydantic", "numpy", "PySide6", "gpucalc.cli.args"} & loaded, argv


def test_a_command_loads_only_its_own_sub_command_modules() -> None:
    loaded = _modules_after(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--json"])
    others = {"gpucalc.cli.simulate", "gpucalc.cli.bench", "gpucalc.cli.report",
              "gpucalc.cli.measurement", "gpucalc.cli.calibrate", "gpucalc.report",
              # the bands read the residual file; the scoring that wrote it stays unloaded
              "gpucalc.validation.scoring", "gpucalc.validation.kv_cases",
              "gpucalc.validation.throughput_cases", "gpucalc.plan.bench_run"}
    assert not others & loaded, sorted(others & loaded)
