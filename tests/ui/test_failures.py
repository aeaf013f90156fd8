"""A failed computation is told in plain words; scenario files never reach the exception hook."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from pydantic import ValidationError
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import CatalogError
from gpucalc.core.common.errors import PlanError
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.errors import InputFileError
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.ui import controller as controller_module
from gpucalc.ui.app import Shell, _initial_scenario
from gpucalc.ui.failures import describe_failure, failure_reason, raised_by_gpucalc
from gpucalc.ui.scenario_files import open_scenario
from gpucalc.ui.session import Session
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _raised(exc: BaseException) -> BaseException:
    try:
        raise exc
    except BaseException as caught:
        return caught


def test_known_input_errors_are_their_own_cause() -> None:
    assert failure_reason(InputFileError("config.json at /x: heads must be positive")) == (
        "cannot use this file: config.json at /x: heads must be positive")
    assert failure_reason(CatalogError("unknown GPU 'h900'")) == "unknown GPU 'h900'"
    assert failure_reason(PlanError("tp_heads", "TP 3 does not divide 32 heads")).startswith("TP 3")
    assert failure_reason(OSError(13, "Permission denied", "/plans/a.json")) == (
        "cannot use '/plans/a.json': Permission denied")
    assert describe_failure("already in words").cause == "already in words"


def test_a_validation_error_names_the_field_as_the_form_titles_it() -> None:
    with pytest.raises(ValidationError) as caught:
        Scenario.model_validate({"deployment": {"num_gpus": 0}})
    cause = failure_reason(caught.value)
    assert cause == "GPUs must be at least 1"


def test_a_value_error_gpucalc_raises_on_purpose_keeps_its_message() -> None:
    from gpucalc.core.measured.length_stats import length_stats

    with pytest.raises(ValueError, match="no requests") as caught:
        length_stats([])
    assert raised_by_gpucalc(caught.value)
    assert failure_reason(caught.value) == "no requests to summarise"
    with pytest.raises(ValidationError) as invalid:
        Workload.model_validate({"input_len_p50": 100, "input_len_p95": 10})
    assert failure_reason(invalid.value) == "Input length P95 must be at least Input length P50"


def test_python_internals_are_not_shown(caplog: pytest.LogCaptureFixture) -> None:
    for exc in (_raised(ZeroDivisionError("float division by zero")),
                _raised(TypeError("'int' object is not iterable"))):
        with caplog.at_level(logging.ERROR, logger="gpucalc.ui"):
            failure = describe_failure(exc)
        assert "division" not in failure.cause
        assert "iterable" not in failure.cause
        assert "unexpected error" in failure.cause
        assert type(exc).__name__ in failure.details
    assert "Traceback" in caplog.text
    assert "ZeroDivisionError" in caplog.text
    with pytest.raises(ValueError, match="NaN") as python_own:  # raised by Python, not by gpucalc
        int(float("nan"))
    assert not raised_by_gpucalc(python_own.value)
    assert "NaN" not in failure_reason(python_own.value)


def test_the_window_shows_an_unexpected_error_in_plain_words(
        qtbot: QtBot, shell: Shell, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> object:
        return 1.0 / 0.0

    monkeypatch.setattr(controller_module, "compute_plan", broken)
    window = shell.window
    with qtbot.waitSignal(shell.controller.computeFailed, timeout=RESULT_TIMEOUT_MS):
        shell.controller.compute_now()
    shown = window.banner.error.text() + window.status_label.text()
    assert "Could not compute this plan" in window.status_label.text()
    assert "float division by zero" not in shown
    assert "ZeroDivisionError" in window.banner.error.toolTip()
    assert "ZeroDivisionError" in window.status_label.toolTip()


def test_the_window_shows_a_plan_error_as_its_cause(qtbot: QtBot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.computeFailed, timeout=RESULT_TIMEOUT_MS) as blocker:
        shell.controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    status = shell.window.status_label.text()
    assert status == f"Could not compute this plan: {blocker.args[0]}"
    assert shell.window.banner.error.toolTip() == ""


def _nested(tmp_path: Path) -> Path:
    path = tmp_path / "nested.gpucalc.json"
    path.write_text('{"format": "gpucalc-scenario", "schema_version": 1, "scenario": '
                    + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    return path


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.gpucalc.json"
    os.mkfifo(path)
    return path


def _huge_integer(tmp_path: Path) -> Path:
    path = tmp_path / "digits.gpucalc.json"
    path.write_text('{"format": "gpucalc-scenario", "schema_version": ' + "9" * 5000 + "}",
                    encoding="utf-8")
    return path


def _folder(tmp_path: Path) -> Path:
    return tmp_path


def _missing(tmp_path: Path) -> Path:
    return tmp_path / "gone.gpucalc.json"


HOSTILE_FILES = {"nested": _nested, "fifo": _fifo, "huge integer": _huge_integer, "folder": _folder,
                 "missing": _missing}


@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
def test_file_open_refuses_a_hostile_file_with_a_message(
        kind: str, qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    window = shell.window
    before = shell.controller.scenario
    assert not window.open_path(path)
    box = window.message_box
    assert box is not None
    assert box.windowTitle() == "Cannot open scenario"
    text = box.text()
    assert "\n" not in text
    assert "Traceback" not in text
    assert "RecursionError" not in text
    box.close()
    assert shell.controller.scenario == before
    assert not window.baselines.open(path)
    with pytest.raises(ScenarioFileError):
        open_scenario(path)


def test_a_nested_scenario_on_the_command_line_is_a_message(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFileError):
        _initial_scenario(Session(), _nested(tmp_path))


def test_opening_a_good_file_still_works(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    from gpucalc.plan.scenario_file import save_scenario

    path = tmp_path / "good.gpucalc.json"
    save_scenario(path, Scenario(gpu="l40s-48gb"))
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert shell.window.open_path(path)
    assert shell.controller.scenario.gpu == "l40s-48gb"
