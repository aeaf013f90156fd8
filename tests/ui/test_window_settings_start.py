"""The window starts whatever window.json holds: a broken file is set aside on save, a bad value dropped."""

from __future__ import annotations

import json

import pytest
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.storage import config_dir
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.settings_store import SettingsStore
from gpucalc.ui.app import Shell
from gpucalc.ui.session import Session
from tests.ui.conftest import RESULT_TIMEOUT_MS


@pytest.mark.parametrize(("content", "problem"), [
    (json.dumps({"geometry": "this is not base64!", "state": "%%%", "theme": "dark"}), "not base64"),
    ('{"geometry":' * 1000 + '""' + "}" * 1000, "left as it is"),
    ('{"schema_version": ' + "9" * 5000 + "}", "left as it is"),
])
def test_the_window_starts_with_a_hostile_settings_file(qtbot: QtBot, catalog: Catalog,
                                                        content: str, problem: str) -> None:
    path = config_dir() / "window.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    store = SettingsStore()
    settings = store.load()
    assert problem in store.problem
    shell = Shell(catalog, Scenario(), Session(settings=settings, store=store, language="en"))
    qtbot.addWidget(shell.window)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.start()
    assert shell.window.isVisible()
    shell.window.close()
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert saved["geometry"], "a good layout is saved over the dropped one"
    kept = [p.read_text(encoding="utf-8") for p in path.parent.glob("window.bak-*.json")]
    assert kept == ([] if problem == "not base64" else [content]), "closing set the broken file aside"
    shell.shutdown()
