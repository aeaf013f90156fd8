"""An invalid value and a failed plan are told alike: at the field, in plain words, in the language."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.fields import ALL_FIELDS, CONTEXT, field_title
from tests.ui.conftest import RESULT_TIMEOUT_MS

SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
DOTTED_PATH = re.compile(r"\b[a-z_]+\.[a-z_]+\b")
CHINESE = re.compile(r"[\u4e00-\u9fff]")
NOT_A_VALUE = {"a": 1}  # no form field accepts it: each one's own error names the field


def _message_at(shell: Shell, path: str) -> str:
    label = shell.window.inputs.binder.bindings[path].message
    assert label.isVisibleTo(shell.window), path
    return label.text()


def _invalid_then_failed(qtbot: QtBot, shell: Shell) -> tuple[str, str, str, str]:
    """The message at the field and the status line for an invalid value, then for a failed plan."""
    controller = shell.controller
    controller.set_field("workload.input_len_p95", 10)
    invalid = (_message_at(shell, "workload.input_len_p95"), shell.window.status_label.text())
    controller.set_field("workload.input_len_p95", None)
    with qtbot.waitSignal(controller.computeFailed, timeout=RESULT_TIMEOUT_MS):
        controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    failed = (_message_at(shell, "deployment.tensor_parallel_size"), shell.window.status_label.text())
    return (*invalid, *failed)


def test_english_errors_name_the_form_s_titles(qtbot: QtBot, shell: Shell) -> None:
    at_field, status, plan_at_field, plan_status = _invalid_then_failed(qtbot, shell)
    assert at_field == "Input length P95 must be at least Input length P50"
    assert status == f"Could not compute this plan: {at_field}"
    assert plan_at_field == "Tensor parallel (TP) 3 does not divide the 32 attention heads"
    assert plan_status == f"Could not compute this plan: {plan_at_field}"  # the same sentence for both kinds


def _in_chinese(shell: Shell) -> Shell:
    shell.switch_language("zh_CN")
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # the English window goes
    return shell


def test_chinese_errors_are_chinese_with_chinese_titles(qtbot: QtBot, rebuilt_shell: Shell) -> None:
    shell = _in_chinese(rebuilt_shell)
    at_field, status, plan_at_field, plan_status = _invalid_then_failed(qtbot, shell)
    assert at_field == "输入长度 P95 不能小于 输入长度 P50"
    assert plan_at_field == "张量并行（TP） 3 不能整除 32 个注意力头"
    for text in (status, plan_status):
        assert text.endswith(at_field) or text.endswith(plan_at_field)
        assert not SNAKE_CASE.search(text), text


def _valid_at(valid: dict[str, Any], path: str) -> tuple[str, Any]:
    """The path and value that restore ``path``: an optional sub-model that was unset is unset."""
    value: Any = valid
    walked: list[str] = []
    for part in path.split("."):
        walked.append(part)
        value = value[part]
        if value is None:
            break
    return ".".join(walked), value


def _every_field_names_itself(shell: Shell) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    valid = shell.controller.scenario.model_dump(mode="json")
    for spec in ALL_FIELDS:
        shell.controller.set_field(spec.path, NOT_A_VALUE)
        message = shell.controller.errors.get(spec.path, "")
        title = QCoreApplication.translate(CONTEXT, spec.title)
        if title not in message or SNAKE_CASE.search(message) or DOTTED_PATH.search(message):
            problems.append((spec.path, message))
        shell.controller.set_field(*_valid_at(valid, spec.path))
        assert not shell.controller.errors
    return problems


def test_every_field_s_error_names_its_title(shell: Shell) -> None:
    assert _every_field_names_itself(shell) == []


def test_every_field_s_error_names_its_chinese_title(rebuilt_shell: Shell) -> None:
    shell = _in_chinese(rebuilt_shell)
    assert _every_field_names_itself(shell) == []
    shell.controller.set_field("deployment.num_gpus", 0)
    assert CHINESE.search(shell.controller.errors["deployment.num_gpus"])


def test_titles_cover_every_part_of_a_scenario() -> None:
    paths: list[str] = ["name", "schema_version", "custom_gpu.id", "quantization", "workload.classes.0.share"]
    paths += [spec.path for spec in ALL_FIELDS]
    for section, model in (("deployment", Deployment),):
        paths += [f"{section}.{name}" for name in model.model_fields]
    shown: dict[str, Any] = {path: field_title(path) for path in paths}
    assert all(not SNAKE_CASE.search(t) and not DOTTED_PATH.search(t) for t in shown.values()), shown


def test_a_translation_equal_to_its_source_is_shown(rebuilt_shell: Shell) -> None:
    from PySide6.QtWidgets import QMainWindow

    class MainWindow(QMainWindow):  # the context of the window's title
        pass

    shell = _in_chinese(rebuilt_shell)
    assert MainWindow().tr("{name} — gpucalc") == "{name} — gpucalc"  # the same in Chinese
    assert shell.window.windowTitle().endswith(" — gpucalc")
