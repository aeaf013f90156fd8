"""The window through its user flows, driven through widgets, the controller and signals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.settings_store import SettingsStore
from gpucalc.ui.app import Shell
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.theme import field_error_shown
from tests.ui.conftest import RESULT_TIMEOUT_MS


def _spin(window: MainWindow, path: str) -> QSpinBox:
    widget = window.inputs.binder.widget(path)
    assert isinstance(widget, QSpinBox)
    return widget


def test_window_opens_with_a_result(shell: Shell) -> None:
    window = shell.window
    assert "346 requests in flight per replica" in window.banner.headline.text()
    assert "limited by KV-cache memory" in window.banner.headline.text()
    assert "443,808" in window.banner.detail.text()
    assert window.banner.verdict.text() == "Fits"
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Bottleneck", "Memory", "Context", "Load", "Per-card", "Sizing", "Uncertainty", "Simulate",
        "Compare", "Checklist"]
    assert window.tabs.memory_tab.items_table.rowCount() == 7
    assert window.tabs.memory_tab.bar.widths()["kv_cache_gib_per_gpu"] > 50
    assert "computed in" in window.status_label.text()
    assert "GQA" in window.inputs.model_info.text()


def test_changing_the_gpu_changes_the_bars(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    before = window.tabs.memory_tab.bar.widths()
    combo = window.inputs.binder.widget("gpu")
    assert isinstance(combo, QComboBox)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(combo.findData("a100-sxm-40gb"))
    window.tabs.flush()
    after = window.tabs.memory_tab.bar.widths()
    assert shell.controller.scenario.gpu == "a100-sxm-40gb"
    assert after["kv_cache_gib_per_gpu"] < before["kv_cache_gib_per_gpu"] - 30
    assert after["weights_gib_per_gpu"] == before["weights_gib_per_gpu"]
    assert "A100" in window.banner.headline.text()


def test_invalid_input_flags_the_field_and_keeps_the_result(qtbot: QtBot, shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    good = controller.last_outcome
    headline = window.banner.headline.text()
    tp = _spin(window, "deployment.tensor_parallel_size")
    with qtbot.waitSignal(controller.fieldErrors, timeout=1000) as blocker:
        tp.setValue(4)
    assert "deployment.tensor_parallel_size" in blocker.args[0]
    assert "needs at least 4 GPUs; GPUs is 1" in str(tp.property("fieldError"))
    assert "⚠" in tp.toolTip()
    assert field_error_shown(tp)
    assert tp.styleSheet() == ""
    assert controller.scenario.deployment.tensor_parallel_size == 1
    with qtbot.waitSignal(controller.fieldErrors, timeout=1000) as blocker:
        _spin(window, "deployment.num_gpus").setValue(4)
    assert blocker.args[0] == {}
    assert not field_error_shown(tp)
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        pass
    assert controller.scenario.deployment.tensor_parallel_size == 4
    assert controller.last_outcome is not good
    assert window.banner.headline.text() != headline


def test_impossible_layout_keeps_the_last_result(qtbot: QtBot, shell: Shell) -> None:
    window, controller = shell.window, shell.controller
    headline = window.banner.headline.text()
    with qtbot.waitSignal(controller.computeFailed, timeout=RESULT_TIMEOUT_MS) as blocker:
        controller.set_scenario(Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3)))
    assert blocker.args[1] == "deployment.tensor_parallel_size"
    assert window.banner.headline.text() == headline
    assert window.banner.error.isVisibleTo(window)
    assert _spin(window, "deployment.tensor_parallel_size").property("fieldError")


def test_pasted_vllm_command_fills_the_form(qtbot: QtBot, shell: Shell) -> None:
    window = shell.window
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert window.apply_serve_command(
            "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 -tp 2 "
            "--gpu-memory-utilization 0.9 --kv-cache-dtype fp8")
    assert _spin(window, "deployment.max_model_len").value() == 8192
    assert _spin(window, "deployment.tensor_parallel_size").value() == 2
    assert _spin(window, "deployment.num_gpus").value() == 2
    kv = window.inputs.binder.widget("deployment.kv_cache_dtype")
    assert isinstance(kv, QComboBox)
    assert kv.currentData() == "fp8"
    assert shell.controller.last_outcome is not None
    assert shell.controller.last_outcome.memory.settings.max_model_len.value == 8192


def test_bad_pasted_command_changes_nothing(shell: Shell) -> None:
    before = shell.controller.scenario
    assert not shell.window.apply_serve_command("ls -l")
    assert shell.controller.scenario == before
    box = shell.window.message_box
    assert box is not None
    assert "no 'vllm serve'" in box.text()
    box.close()


def test_a_pasted_command_with_deeply_nested_json_says_why(shell: Shell) -> None:
    before = shell.controller.scenario
    deep = "[" * 3000 + "]" * 3000
    assert not shell.window.apply_serve_command(f"vllm serve m --kv-transfer-config '{deep}'")
    assert shell.controller.scenario == before
    box = shell.window.message_box
    assert box is not None
    assert "--kv-transfer-config is nested more than 16 levels deep" in box.text()
    box.close()


def test_stale_results_are_dropped(qtbot: QtBot, shell: Shell) -> None:
    controller = shell.controller
    gpus = ["a100-sxm-40gb", "l40s-48gb", "h200-sxm-141gb", "a10-24gb"]
    for gpu in gpus:  # no event processing in between: only the last answer may be shown
        controller.scenario = Scenario(gpu=gpu)
        controller.compute_now()
    qtbot.waitUntil(lambda: controller.dropped == len(gpus) - 1, timeout=RESULT_TIMEOUT_MS)
    qtbot.waitUntil(lambda: controller.last_outcome is not None
                    and controller.last_outcome.scenario.gpu == "a10-24gb", timeout=RESULT_TIMEOUT_MS)


def test_quick_edits_are_debounced_into_one_computation(qtbot: QtBot, shell: Shell) -> None:
    controller = shell.controller
    start = controller.generation
    spin = _spin(shell.window, "workload.input_len_p50")
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        for value in (2000, 3000, 4000, 5000):
            spin.setValue(value)
    assert controller.generation == start + 1
    assert controller.last_outcome is not None
    assert controller.last_outcome.scenario.workload.input_len_p50 == 5000


def test_selecting_a_row_explains_the_term(shell: Shell) -> None:
    window = shell.window
    window.tabs.memory_tab.items_table.selectRow(4)
    assert window.explain.current_key() == "kv_cache_gib_per_gpu"
    assert "fraction × total" in window.explain.detail.toPlainText()
    bar = window.tabs.memory_tab.bar
    assert bar.segment_at(1.0) == "weights_gib_per_gpu"
    assert bar.segment_at(40.0) == "kv_cache_gib_per_gpu"


def test_language_switch_changes_visible_strings(qtbot: QtBot, shell: Shell) -> None:
    shell.switch_language("zh_CN")
    window = shell.window
    qtbot.addWidget(window)
    assert shell.session.language == "zh_CN"
    assert window.tabs.tabText(1) == "显存"
    assert "KV 缓存" in window.banner.detail.text()
    assert window.menuBar().actions()[0].text().startswith("文件")
    shell.switch_language("en")
    qtbot.addWidget(shell.window)
    assert shell.window.tabs.tabText(1) == "Memory"


def test_scenario_save_open_round_trip(qtbot: QtBot, shell: Shell, tmp_path: Path) -> None:
    window, controller = shell.window, shell.controller
    scenario = Scenario(gpu="l40s-48gb", deployment=Deployment(max_model_len=4096))
    controller.set_scenario(scenario)
    assert window.save_to(tmp_path / "plan")
    saved = tmp_path / "plan.gpucalc.json"
    assert saved.exists()
    controller.set_scenario(Scenario())
    with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert window.open_path(saved)
    assert controller.scenario == scenario
    assert window.recent_menu.actions()[0].text() == str(saved)
    assert "plan.gpucalc.json" in window.windowTitle()


def test_corrupt_scenario_file_loses_nothing(shell: Shell, tmp_path: Path) -> None:
    bad = tmp_path / "bad.gpucalc.json"
    bad.write_text("{oops", encoding="utf-8")
    before = shell.controller.scenario
    assert not shell.window.open_path(bad)
    assert shell.controller.scenario == before
    assert bad.read_text(encoding="utf-8") == "{oops"
    box = shell.window.message_box
    assert box is not None
    assert "not valid JSON" in box.text()
    box.close()


def test_closing_saves_layout_and_scenario(qtbot: QtBot, shell: Shell) -> None:
    shell.session.store = SettingsStore()
    shell.controller.set_scenario(Scenario(gpu="l4-24gb"))
    shell.window.close()
    saved = json.loads(shell.session.store.path.read_text(encoding="utf-8"))
    assert saved["schema_version"] == 1
    assert saved["last_scenario"]["gpu"] == "l4-24gb"
    assert saved["geometry"]


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "gpucalc", *args], capture_output=True, text=True,
                          timeout=120, check=False, env=env, cwd=cwd)


def test_screenshot_command_writes_a_png(tmp_path: Path) -> None:
    scenario = tmp_path / "s.gpucalc.json"
    scenario.write_text(json.dumps({"format": "gpucalc-scenario", "schema_version": 1,
                                    "scenario": {"gpu": "a100-sxm-80gb"}}), encoding="utf-8")
    png = tmp_path / "zh.png"
    proc = _run_cli("gui", "--screenshot", str(png), "--scenario", str(scenario), "--lang", "zh",
                    cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "config" / "window.json").exists()  # screenshots leave no settings


def test_screenshot_with_a_bad_scenario_file_fails_cleanly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gpucalc.json"
    bad.write_text("[]", encoding="utf-8")
    proc = _run_cli("gui", "--screenshot", str(tmp_path / "x.png"), "--scenario", str(bad), cwd=tmp_path)
    assert proc.returncode == 2
    assert "not a gpucalc scenario" in proc.stderr


def test_slo_percentile_field_moves_the_compute_ceiling(qtbot: QtBot, shell: Shell) -> None:
    """P50 / P95 / P99 in the targets; a higher percentile never plans more requests."""
    window, controller = shell.window, shell.controller
    combo = window.inputs.binder.widget("targets.percentile")
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["P50", "P95", "P99"]
    assert combo.currentText() == "P95"
    ceilings = {}
    for label in ("P50", "P99"):
        with qtbot.waitSignal(controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            combo.setCurrentIndex(combo.findText(label))
        outcome = controller.last_outcome
        assert outcome is not None
        assert outcome.performance is not None
        ceilings[label] = outcome.performance.ceiling(CeilingKind.COMPUTE).value
    assert controller.scenario.targets.percentile == 99
    assert ceilings["P99"].value <= ceilings["P50"].value
    assert ceilings["P99"].inputs["percentile"] == 99
