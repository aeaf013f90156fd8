"""Tools → Spec tables → Import reads and validates the file on a worker, never on the GUI thread.

A 15 MB table of 3,000 GPUs took about 2 s to validate, which froze the window when it ran in the
button's slot. A pipe named like a table would have blocked forever.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.table_io import preview_import
from gpucalc.catalog.user_store import UserStore
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.dialogs import spec_table_tab
from gpucalc.ui.dialogs.import_preview import ImportPreviewDialog
from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog
from tests.ui.conftest import RESULT_TIMEOUT_MS


@pytest.fixture
def tables(qtbot: QtBot, catalog: Catalog) -> SpecTablesDialog:
    made = SpecTablesDialog(CatalogSession(UserStore(), catalog))
    qtbot.addWidget(made)
    return made


def test_the_import_button_validates_on_a_worker(qtbot: QtBot, tables: SpecTablesDialog, catalog: Catalog,
                                                 tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[bool] = []
    original = preview_import

    def recording(table: str, path: Path) -> object:
        threads.append(threading.current_thread() is threading.main_thread())
        return original(table, path)

    monkeypatch.setattr(spec_table_tab, "preview_import", recording)
    monkeypatch.setattr(ImportPreviewDialog, "exec", lambda _self: QDialog.DialogCode.Accepted)
    entry = {**catalog.gpus["h100-sxm-80gb"].model_dump(mode="json"), "id": "lab-gpu", "aliases": []}
    path = tmp_path / "gpus.json"
    path.write_text(json.dumps([entry]), encoding="utf-8")
    tab = tables.tab("gpus")
    with qtbot.waitSignal(tables.tablesChanged, timeout=RESULT_TIMEOUT_MS):
        tab.start_import(path)
        assert not tab.import_button.isEnabled()
    assert threads == [False]
    assert tab.import_button.isEnabled()
    assert "lab-gpu" in tables.session.catalog.gpus
    assert "Imported 1 new" in tables.status_label.text()


def test_a_pipe_is_refused_at_once(qtbot: QtBot, tables: SpecTablesDialog, tmp_path: Path) -> None:
    pipe = tmp_path / "gpus.json"
    os.mkfifo(pipe)
    tab = tables.tab("gpus")
    assert not tab.import_from(pipe, confirm=True)
    assert "Not imported" in tables.status_label.text()
    with qtbot.waitSignal(tab.status, timeout=RESULT_TIMEOUT_MS,
                          check_params_cb=lambda text: text.startswith("Not imported")):
        tab.start_import(pipe)
    tables.wait()
    assert tab.import_button.isEnabled()
    assert "pipe" in tables.status_label.text()
