"""The report tests share each scenario's computed report plan (tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _report_plans_once(request: pytest.FixtureRequest) -> None:
    """Every test here builds reports through the shared plans, but those marked
    ``fresh_report_plans`` (a test that two computations agree must make two)."""
    if request.node.get_closest_marker("fresh_report_plans") is None:
        request.getfixturevalue("report_plans_computed_once")
