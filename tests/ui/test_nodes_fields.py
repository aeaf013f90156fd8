"""Nodes, GPUs per node and the network in the form; the Networks tab of the spec tables."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.inputs import Deployment
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.app import Shell
from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog
from tests.ui.conftest import RESULT_TIMEOUT_MS

TWO_NODES = Deployment(num_gpus=16, tensor_parallel_size=8, pipeline_parallel_size=2, nodes=2,
                       max_model_len=8192)


def _on_two_nodes(qtbot: QtBot, shell: Shell) -> None:
    scenario = shell.controller.scenario.model_copy(update={
        "model": "llama-3.1-70b-instruct", "gpu": "h100-sxm-80gb", "deployment": TWO_NODES})
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.controller.set_scenario(scenario)


def test_the_network_choice_changes_the_answer(qtbot: QtBot, shell: Shell) -> None:
    _on_two_nodes(qtbot, shell)
    before = shell.controller.last_outcome
    assert before is not None
    assert before.nodes.network == "ib-ndr-400"
    assert "2 nodes of 8 GPUs joined by InfiniBand NDR 400 Gb/s" in shell.window.banner.detail.text()
    combo = shell.window.inputs.binder.widget("deployment.network")
    assert isinstance(combo, QComboBox)
    index = combo.findData("ethernet-100g-per-server")
    assert index > 0
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        combo.setCurrentIndex(index)
    after = shell.controller.last_outcome
    assert after is not None
    assert shell.controller.scenario.deployment.network == "ethernet-100g-per-server"
    assert after.nodes.scale_out.value == 1.5625
    assert after.performance is not None
    assert before.performance is not None
    assert (after.performance.at_recommended.tpot_ms.value
            > before.performance.at_recommended.tpot_ms.value
            or after.performance.recommended_concurrency.value
            < before.performance.recommended_concurrency.value)
    assert "scale_out_gb_per_s" in shell.window.explain._terms


def test_nodes_that_disagree_with_the_gpus_name_the_field(qtbot: QtBot, shell: Shell) -> None:
    _on_two_nodes(qtbot, shell)
    with qtbot.waitSignal(shell.controller.computeFailed, timeout=RESULT_TIMEOUT_MS) as failed:
        shell.controller.set_field("deployment.nodes", 3)
    message, field = failed.args
    assert message.startswith("3 nodes × 8 GPUs per node = 24 GPUs, but GPUs is 16")
    assert field == "deployment.nodes"


def test_a_network_edited_in_the_spec_tables_is_saved_and_used(qtbot: QtBot,
                                                               catalog: Catalog) -> None:
    session = CatalogSession(UserStore(), catalog)
    dialog = SpecTablesDialog(session)
    qtbot.addWidget(dialog)
    tab = dialog.tab("networks")
    model = tab.model
    index = model.index(model.row_of("ib-ndr-400"), model.column_of("nics_per_gpu"))
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert model.setData(index, "2")
    assert session.catalog.network("ib-ndr-400").per_gpu_unidir_gb_per_s == 100.0
    assert not model.setData(index, "-1"), "a negative NIC count is refused"
    assert session.catalog.network("ib-ndr-400").per_gpu_unidir_gb_per_s == 100.0
