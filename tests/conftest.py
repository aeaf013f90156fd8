"""Test set-up: headless Qt, an English locale, no test ever touches the real user config
directory, and the tests of ``tests/slow_tests.txt`` are marked ``slow`` (``make test-fast``
runs the rest: ``pytest -m "not slow"``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
# The same language whatever the machine's locale: English messages, CLI output and window (Qt
# reads the locale once, at start-up). A test of Chinese sets --lang, the window's language or
# its own locale variables.
for _variable in ("LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_variable, None)
os.environ["LC_ALL"] = "C.UTF-8"

from gpucalc.catalog.bundled import Catalog  # noqa: E402 - after the environment it reads
from gpucalc.core.specs.scenario import Scenario  # noqa: E402
from gpucalc.plan.compute import Plan, PlanOptions, compute_plan  # noqa: E402

SLOW_TESTS = Path(__file__).with_name("slow_tests.txt")


def slow_entries() -> list[str]:
    """The entries of ``slow_tests.txt``: a test file, or a test in it (``file::name``)."""
    lines = (line.split("#", 1)[0].strip() for line in SLOW_TESTS.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test ``slow_tests.txt`` names (each parameter of a named test too)."""
    slow = set(slow_entries())
    for item in items:
        test = item.nodeid.split("[", 1)[0]
        if test in slow or test.split("::", 1)[0] in slow:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every platform directory at a temporary folder."""
    monkeypatch.setenv("GPUCALC_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GPUCALC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


_CATALOG: Catalog | None = None


@pytest.fixture
def catalog() -> Catalog:
    """The bundled catalog (loaded once per session; it is read-only)."""
    global _CATALOG  # noqa: PLW0603 - one shared read-only instance keeps the suite fast
    if _CATALOG is None:
        _CATALOG = Catalog.load()
    return _CATALOG


_REPORT_PLANS: dict[tuple[int, str, str], tuple[Catalog, Plan]] = {}


@pytest.fixture
def report_plans_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports of the same scenario on the same catalog share one computed plan in this session.

    A report's plan (sizing over the catalog and a fixed-seed simulation included) is a pure
    function of the catalog and the scenario, and frozen; the report tests build the same few
    scenarios' reports dozens of times. Each (catalog, scenario, options) is computed for real
    the first time; a user-layered catalog is another object, so it is computed again.
    """
    from gpucalc.report import data

    def computed_once(catalog: Catalog, scenario: Scenario, options: PlanOptions | None = None) -> Plan:
        key = (id(catalog), scenario.model_dump_json(), "" if options is None else options.model_dump_json())
        cached = _REPORT_PLANS.get(key)
        if cached is None or cached[0] is not catalog:
            cached = _REPORT_PLANS[key] = (catalog, compute_plan(catalog, scenario, options))
        return cached[1]

    monkeypatch.setattr(data, "compute_plan", computed_once)
