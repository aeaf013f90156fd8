"""Translations: one catalogue, complete in Chinese, installed in the window as a Qt translator."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from gpucalc.text.catalogue import catalogue
from gpucalc.text.extract_messages import extract, missing_translations
from gpucalc.ui.i18n import Translators, TsTranslator, normalise


def test_every_marked_text_has_a_chinese_translation() -> None:
    messages = extract()
    assert len(messages) > 900
    missing = missing_translations("zh", messages)
    assert [(m.context, m.source, f"{m.filename}:{m.line}") for m in missing] == []


def test_the_extractor_finds_each_kind_of_mark(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        'A = QT_TRANSLATE_NOOP("Notices", "a notice")\n'
        'B = QCoreApplication.translate("MainWindow", "a title")\n'
        'class Panel:\n'
        '    def label(self):\n'
        '        return self.tr("a label")\n'
        'C = tr("a module text")\n'
        'D = translate("Ctx", name)\n', encoding="utf-8")
    found = [(m.context, m.source) for m in extract([source], root=tmp_path)]
    assert found == [("Notices", "a notice"), ("MainWindow", "a title"), ("Panel", "a label"),
                     ("", "a module text")]


def test_ts_reader_translates_as_qt_does(qtbot: QtBot) -> None:
    reader = TsTranslator(catalogue("zh"))
    assert not reader.isEmpty()
    assert reader.translate("ResultTabs", "Memory") == "显存"
    assert reader.translate("MainWindow", "no such text") is None  # Qt then shows the source


def test_install_switches_the_application_language(qtbot: QtBot) -> None:
    translators = Translators()
    assert translators.install("zh") == "zh_CN"
    assert QCoreApplication.translate("Terms", "KV cache") == "KV 缓存"
    assert translators.install("en") == "en"
    assert QCoreApplication.translate("Terms", "KV cache") == "KV cache"


def test_language_names_are_normalised() -> None:
    assert normalise("zh-CN") == normalise("zh") == "zh_CN"
    assert normalise("de") == "en"
