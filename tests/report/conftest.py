"""The report tests share each scenario's computed report plan (tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _report_plans_once(report_plans_computed_once: None) -> None:
    """Every test here builds reports through the shared plans."""
