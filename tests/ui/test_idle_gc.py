"""Full garbage collections wait until the user has stopped working."""

from __future__ import annotations

import gc

from pytestqt.qtbot import QtBot

from gpucalc.ui import idle_gc
from gpucalc.ui.idle_gc import IdleCollector


def test_full_collections_run_only_after_idle(qtbot: QtBot) -> None:
    calls: list[int] = []
    # The idle time is long enough that a loaded machine cannot let it pass between the pokes.
    collector = IdleCollector(collect=lambda: calls.append(1), idle_ms=400)
    try:
        assert gc.get_threshold()[2] == idle_gc.NO_AUTOMATIC_FULL_COLLECTION
        assert gc.get_freeze_count() > 0
        collector.poke()
        qtbot.wait(20)
        collector.poke()  # activity postpones the collection
        assert calls == []
        qtbot.waitUntil(lambda: calls == [1], timeout=5000)
        assert collector.collections == 1
    finally:
        IdleCollector.restore()
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0
