"""Translations: the zh_CN catalogue is complete and loads with or without the built .qm."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from gpucalc.ui.i18n import Translators, TsTranslator, normalise, translations_dir


def test_zh_catalogue_is_complete() -> None:
    root = ET.parse(translations_dir() / "gpucalc_zh_CN.ts").getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 150
    unfinished = [m.findtext("source") for m in messages
                  if (m.find("translation") is None or m.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
                      or not (m.findtext("translation") or "").strip())]
    assert unfinished == []


def test_ts_reader_translates_without_a_qm(qtbot: QtBot) -> None:
    reader = TsTranslator(translations_dir() / "gpucalc_zh_CN.ts")
    assert not reader.isEmpty()
    assert reader.translate("ResultTabs", "Memory") == "显存"
    assert reader.translate("MainWindow", "no such text") == ""


def test_install_switches_the_application_language(qtbot: QtBot) -> None:
    translators = Translators()
    assert translators.install("zh") == "zh_CN"
    assert QCoreApplication.translate("Terms", "KV cache") == "KV 缓存"
    assert translators.install("en") == "en"
    assert QCoreApplication.translate("Terms", "KV cache") == "KV cache"


def test_language_names_are_normalised() -> None:
    assert normalise("zh-CN") == normalise("zh") == "zh_CN"
    assert normalise("de") == "en"
