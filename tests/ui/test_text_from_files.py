"""Names from a colleague's files are text: no label, tooltip or message box renders their markup."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import save_scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.plain_text import MarkupLabel, PlainLabel, menu_text, plain_tooltip
from tests.ui.conftest import RESULT_TIMEOUT_MS

FAKE_VERDICT = "<b>✔ Fits — 9,999 requests</b>"
IMAGE = "<img src=x>"
LINK = "<a href='file:///etc/passwd'>details</a>"


def _hostile_scenario(tmp_path: Path, catalog: Catalog) -> Path:
    config = {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
              "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
              "intermediate_size": 14336, "max_position_embeddings": 8192,
              "_name_or_path": f"{IMAGE} {LINK}"}
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(config), encoding="utf-8")
    gpu = catalog.gpus["h100-sxm-80gb"].model_copy(update={"id": "colleague-gpu", "name": FAKE_VERDICT})
    scenario = Scenario(name=f"{FAKE_VERDICT}{IMAGE}", model=str(config_path), custom_gpu=gpu)
    path = tmp_path / "colleague.gpucalc.json"
    save_scenario(path, scenario)
    return path


def _labels_showing_markup(window: QWidget) -> list[str]:
    """Labels whose text contains markup but which would render it (not plain text)."""
    return [label.text() for label in window.findChildren(QLabel)
            if "<" in label.text() and label.textFormat() != Qt.TextFormat.PlainText
            and not (isinstance(label, MarkupLabel) and _escaped_names_only(label.text()))]


def _escaped_names_only(markup: str) -> bool:
    """Markup the window composed itself holds no name from a file unescaped."""
    return all(raw not in markup for raw in (IMAGE, FAKE_VERDICT, LINK))


def _tooltips_rendering_markup(window: QWidget) -> list[str]:
    return [tip for widget in window.findChildren(QWidget)
            if (tip := widget.toolTip()) and any(m in tip for m in (IMAGE, "<b>✔", "<a href"))]


def test_names_with_markup_show_literally(qtbot: QtBot, shell: Shell, tmp_path: Path,
                                          catalog: Catalog) -> None:
    window = shell.window
    path = _hostile_scenario(tmp_path, catalog)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert window.open_path(path)
    window.tabs.flush()
    banner = window.banner
    assert FAKE_VERDICT in banner.headline.text()
    assert IMAGE in banner.headline.text()
    assert banner.headline.textFormat() == Qt.TextFormat.PlainText
    assert banner.detail.textFormat() == Qt.TextFormat.PlainText
    assert banner.verdict.text() != FAKE_VERDICT
    assert FAKE_VERDICT in window.status_label.text()
    assert window.status_label.textFormat() == Qt.TextFormat.PlainText
    for name in ("memory", "sweep", "load", "uncertainty", "compare", "checklist"):
        window.tabs.show_tab(name)
    window.tabs.flush()
    assert _labels_showing_markup(window) == []
    assert _tooltips_rendering_markup(window) == []


def test_the_binding_ceiling_advice_keeps_its_own_formatting(qtbot: QtBot, shell: Shell) -> None:
    """The advice is rich text the window composes (a coloured head, a list), not shown as tags."""
    advice = shell.window.tabs.ceilings_tab.advice
    if not advice.text():
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.controller.compute_now()
    assert isinstance(advice, MarkupLabel)
    assert advice.textFormat() == Qt.TextFormat.RichText
    assert advice.text().startswith("<b style=")
    assert "<li>" in advice.text()


def test_a_message_box_shows_a_file_name_as_written(shell: Shell, tmp_path: Path) -> None:
    window = shell.window
    path = tmp_path / f"{IMAGE}.gpucalc.json"
    path.write_text("{", encoding="utf-8")
    assert not window.open_path(path)
    box = window.message_box
    assert box is not None
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert IMAGE in box.text()
    box.close()


def test_a_recent_file_with_an_ampersand_keeps_it(shell: Shell) -> None:
    window = shell.window
    window._remember(Path("/plans/R&D.gpucalc.json"))
    assert window.recent_menu.actions()[0].text() == "/plans/R&&D.gpucalc.json"
    assert menu_text("a&b") == "a&&b"


def test_plain_label_and_tooltip() -> None:
    label = PlainLabel(FAKE_VERDICT)
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == FAKE_VERDICT
    tip = plain_tooltip(f"{IMAGE}\nsecond line")
    assert IMAGE not in tip
    assert "&lt;img src=x&gt;" in tip
    assert "second line" in tip
    assert plain_tooltip("no markup\nhere") == "no markup\nhere"
    assert plain_tooltip("") == ""
    assert GuiQt.mightBeRichText(FAKE_VERDICT)
