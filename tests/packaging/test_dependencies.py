"""The desktop window's packages are default dependencies; the old ``gui`` extra still resolves."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import gpucalc.cli.report as cli_report
from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_window_packages_are_default_dependencies() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert "PySide6-Essentials>=6.11.3,<6.12" in project["dependencies"]
    assert "pyqtgraph>=0.13.7" in project["dependencies"]
    assert project["optional-dependencies"]["gui"] == []  # `.[gui,dev]` in Makefile and packaging/


def test_missing_qt_is_one_line_not_a_traceback(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def no_qt(_: object) -> int:
        raise ModuleNotFoundError("No module named 'PySide6'", name="PySide6")

    monkeypatch.setattr(cli_report, "run_report", no_qt)
    assert main(["report", "llama-3.1-8b-instruct", "--gpu", "h100", "-o", "x.pdf"]) == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err.startswith("gpucalc: the window and the PDF report need PySide6")
    assert "\n" not in err
