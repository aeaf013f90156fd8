"""Bundled GPU names read in the window's language: the inputs form and the spec tables."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.app import Shell
from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog
from gpucalc.ui.i18n import Translators

H20 = "h20-96gb"


def _gpu_choice(shell: Shell, gpu_id: str) -> str:
    combo = shell.window.inputs.binder.widget("gpu")
    assert isinstance(combo, QComboBox)
    return combo.itemText(combo.findData(gpu_id))


def test_the_gpu_choice_names_the_china_variant_in_chinese(qtbot: QtBot, shell: Shell) -> None:
    # the name holds its memory ("96GB"): the list adds no "· 96 GiB" to a name cut in a narrow dock
    assert _gpu_choice(shell, H20) == "NVIDIA H20 96GB (China variant)"
    assert _gpu_choice(shell, "l4-24gb").startswith("NVIDIA L4 · ")
    shell.switch_language("zh_CN")
    qtbot.addWidget(shell.window)
    assert _gpu_choice(shell, H20) == "NVIDIA H20 96GB（中国特供版）"
    shell.switch_language("en")
    qtbot.addWidget(shell.window)


def test_spec_table_shows_the_name_translated_and_edits_it_as_written(qtbot: QtBot,
                                                                       catalog: Catalog) -> None:
    translators = Translators()
    translators.install("zh")
    try:
        dialog = SpecTablesDialog(CatalogSession(UserStore(), catalog))
        qtbot.addWidget(dialog)
        model = dialog.tab("gpus").model
        index = model.index(model.row_of(H20), model.column_of("name"))
        assert model.data(index, Qt.ItemDataRole.DisplayRole) == "NVIDIA H20 96GB（中国特供版）"
        assert model.data(index, Qt.ItemDataRole.EditRole) == "NVIDIA H20 96GB (China variant)"
    finally:
        translators.install("en")
