"""The custom-GPU editor: the GPU it returns drives a plan; bad values are flagged at the field."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.dialogs.custom_gpu import CustomGpuDialog
from gpucalc.ui.dialogs.custom_gpu_form import ERROR_STYLE

H100 = "h100-sxm-80gb"


@pytest.fixture
def dialog(qtbot: QtBot, catalog: Catalog) -> CustomGpuDialog:
    made = CustomGpuDialog(catalog, H100, UserStore())
    qtbot.addWidget(made)
    return made


def _kv_tokens(catalog: Catalog, scenario: Scenario) -> float:
    return calculate_memory(resolve_scenario(catalog, scenario)).kv_cache_tokens.value


def test_form_starts_from_the_chosen_gpu(dialog: CustomGpuDialog, catalog: Catalog) -> None:
    form = dialog.form
    assert dialog.base_combo.currentData() == H100
    assert form.usable_gib.value() == pytest.approx(79.19)
    assert form.usable_gib.suffix() == " GiB"
    assert form.tflops["bf16"].value() == pytest.approx(989.4)
    assert form.tflops["fp4"].text() == "—", "no FP4 figure is shown as not given"
    assert form.gpus_per_server.value() == 8
    assert form.link_kind.currentData() == "nvlink"
    dialog.base_combo.setCurrentIndex(dialog.base_combo.findData("a100-sxm-40gb"))
    assert form.usable_gib.value() == pytest.approx(catalog.gpus["a100-sxm-40gb"].usable_memory_gib)
    assert form.id_edit.text() == "a100-sxm-40gb-custom"


def test_custom_gpu_drives_a_scenario(qtbot: QtBot, dialog: CustomGpuDialog, catalog: Catalog) -> None:
    form = dialog.form
    form.usable_gib.setValue(40.0)
    form.hbm.setValue(2000)
    form.price.setValue(1.25)
    dialog.show()
    qtbot.waitExposed(dialog)
    QTest.keyClick(form.name_edit, Qt.Key.Key_Return)
    assert dialog.result() == CustomGpuDialog.DialogCode.Accepted
    gpu = dialog.gpu
    assert isinstance(gpu, GpuSpec)
    assert gpu.id == f"{H100}-custom"
    assert gpu.usable_memory_gib == 40.0
    assert gpu.hbm_bandwidth_gb_per_s == 2000
    assert gpu.dense_tflops.fp4 is None
    assert gpu.usable_price_usd_per_hour == 1.25
    assert gpu.aliases == ()

    scenario = Scenario(custom_gpu=gpu)
    inputs = resolve_scenario(catalog, scenario)
    assert inputs.gpu == gpu
    assert _kv_tokens(catalog, scenario) < 0.5 * _kv_tokens(catalog, Scenario())
    assert not UserStore().table_path("gpus").exists(), "not saved unless asked"


def test_invalid_value_is_flagged_at_its_field(dialog: CustomGpuDialog) -> None:
    form = dialog.form
    form.memory_gb.setValue(0)
    dialog.accept()
    assert dialog.gpu is None
    assert dialog.result() != CustomGpuDialog.DialogCode.Accepted
    assert form.memory_gb.styleSheet() == ERROR_STYLE
    assert "greater than 0" in form.memory_gb.toolTip()
    assert form.error.text().startswith("Memory (marketing): ")
    assert form.usable_gib.styleSheet() == ""

    form.memory_gb.setValue(80)
    form.id_edit.setText("Bad ID!")
    assert dialog.gpu_spec() is None
    assert form.id_edit.styleSheet() == ERROR_STYLE
    assert form.memory_gb.styleSheet() == ""

    form.id_edit.setText("lab-gpu")
    form.name_edit.setText("  ")
    for box in form.tflops.values():
        box.setValue(0)
    assert dialog.gpu_spec() is None
    assert form.name_edit.styleSheet() == ERROR_STYLE
    assert "TFLOPS" in form.tflops["bf16"].toolTip()

    form.name_edit.setText("Lab GPU")
    form.tflops["bf16"].setValue(100)
    spec = dialog.gpu_spec()
    assert spec is not None
    assert form.error.text() == ""
    assert form.name_edit.styleSheet() == ""


def test_save_to_my_gpu_table(qtbot: QtBot, dialog: CustomGpuDialog, catalog: Catalog) -> None:
    dialog.form.id_edit.setText("lab-h100")
    dialog.form.usable_gib.setValue(70)
    dialog.save_check.setChecked(True)
    with qtbot.waitSignal(dialog.gpuSaved, timeout=1000) as blocker:
        dialog.accept()
    assert blocker.args == ["lab-h100"]
    stored = json.loads(UserStore().table_path("gpus").read_text(encoding="utf-8"))
    assert stored["entries"]["lab-h100"]["usable_memory_gib"] == 70
    fresh = CatalogSession(UserStore(), catalog)
    assert fresh.notices == []
    assert fresh.catalog.gpu("lab-h100").usable_memory_gib == 70
    assert _kv_tokens(fresh.catalog, Scenario(gpu="lab-h100")) < _kv_tokens(catalog, Scenario())


def test_escape_cancels(qtbot: QtBot, dialog: CustomGpuDialog) -> None:
    dialog.show()
    qtbot.waitExposed(dialog)
    QTest.keyClick(dialog.form.memory_gb, Qt.Key.Key_Escape)
    assert dialog.result() == CustomGpuDialog.DialogCode.Rejected
    assert dialog.gpu is None
    assert not dialog.isVisible()


def test_without_a_store_saving_is_off(qtbot: QtBot, catalog: Catalog) -> None:
    made = CustomGpuDialog(catalog, H100, None)
    qtbot.addWidget(made)
    assert not made.save_check.isEnabled()
    assert not made.save_to_table(catalog.gpus[H100])
