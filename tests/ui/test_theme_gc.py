"""Theme switches hold Python's garbage collector while Qt re-polishes the widgets."""

from __future__ import annotations

import gc
from unittest import mock

from PySide6.QtWidgets import QApplication

from gpucalc.ui.theme import apply_theme


def test_no_collection_runs_inside_a_theme_switch_and_the_collector_is_restored(
        qapp: QApplication) -> None:
    states: list[bool] = []
    real_set_style = QApplication.setStyle

    def watch(*args: object) -> object:
        states.append(gc.isenabled())
        return real_set_style(*args)  # type: ignore[call-overload]

    assert gc.isenabled()
    with mock.patch.object(QApplication, "setStyle", side_effect=watch):
        for theme in ("dark", "light", "system"):
            apply_theme(qapp, theme)
    assert states == [False, False, False]
    assert gc.isenabled()
    gc.disable()
    try:
        apply_theme(qapp, "dark")
        assert not gc.isenabled()  # a collector the caller switched off stays off
    finally:
        gc.enable()
        apply_theme(qapp, "system")
