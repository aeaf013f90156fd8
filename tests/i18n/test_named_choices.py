"""Choices a dialog lists by name, not by the id the entry stores."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.gpu_spec import InterconnectKind
from gpucalc.ui.dialogs.custom_gpu_form import LINK_NAMES, CustomGpuForm


def test_interconnect_kinds_are_listed_by_name_and_stored_by_id(qtbot: QtBot, catalog: Catalog) -> None:
    form = CustomGpuForm(catalog.gpus["h100-sxm-80gb"])
    qtbot.addWidget(form)
    box = form.link_kind
    assert [box.itemData(i) for i in range(box.count())] == [kind.value for kind in InterconnectKind]
    assert [box.itemText(i) for i in range(box.count())] == [
        QCoreApplication.translate("CustomGpuForm", LINK_NAMES[kind]) for kind in InterconnectKind]
    assert not {box.itemText(i) for i in range(box.count())} & {kind.value for kind in InterconnectKind}
    assert box.currentData() == "nvlink"
