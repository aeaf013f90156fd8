"""Languages: Qt translators from resources/translations (a .qm, or the .ts read directly)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from gpucalc.catalog.paths import resources_dir

LANGUAGES = {"en": "English", "zh_CN": "中文（简体）"}


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for lupdate in ``context``; translated where it is shown (typed for mypy)."""
    del context
    return text


def translations_dir() -> Path:
    """Folder holding ``gpucalc_<lang>.ts`` and ``.qm``."""
    return resources_dir() / "translations"


def normalise(lang: str | None) -> str:
    """'zh', 'zh_CN', 'zh-CN' → 'zh_CN'; '' or None → the system language; others → 'en'."""
    if not lang:
        return system_language()
    return "zh_CN" if lang.replace("-", "_").lower().startswith("zh") else "en"


def system_language() -> str:
    """The system locale's language, if we have it ('en' otherwise)."""
    return "zh_CN" if QLocale.system().name().lower().startswith("zh") else "en"


def notice_language(lang: str) -> str:
    """Language code of :func:`gpucalc.text.notices.notice_text`."""
    return "zh" if lang == "zh_CN" else "en"


class TsTranslator(QTranslator):
    """Reads a Qt Linguist ``.ts`` file directly (used when no ``.qm`` was built)."""

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table: dict[tuple[str, str], str] = {}
        root = ET.parse(path).getroot()
        for context in root.iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                source = message.findtext("source") or ""
                node = message.find("translation")
                if node is not None and node.text and node.get("type") not in ("unfinished", "obsolete"):
                    self._table[(name, source)] = node.text

    def isEmpty(self) -> bool:
        """Whether nothing was loaded."""
        return not self._table

    def translate(self, context: str, source_text: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        """The translation of ``source_text`` in ``context`` ('' when none)."""
        return self._table.get((context, source_text), "")


class Translators(QObject):
    """The translators installed for the current language."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._installed: list[QTranslator] = []
        self.language = "en"

    def install(self, lang: str) -> str:
        """Switch the application to ``lang``; return the language actually in use."""
        app = QCoreApplication.instance()
        for translator in self._installed:
            QCoreApplication.removeTranslator(translator)
        self._installed = []
        self.language = normalise(lang)
        if self.language == "en" or app is None:
            return self.language
        own = self._own(self.language)
        if own is None:
            self.language = "en"
            return self.language
        qt = QTranslator(self)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt.load(f"qtbase_{self.language}", qt_dir):
            self._installed.append(qt)
        self._installed.append(own)
        for translator in self._installed:
            QCoreApplication.installTranslator(translator)
        return self.language

    def _own(self, lang: str) -> QTranslator | None:
        base = translations_dir() / f"gpucalc_{lang}"
        qm = QTranslator(self)
        if base.with_suffix(".qm").exists() and qm.load(str(base.with_suffix(".qm"))):
            return qm
        ts = base.with_suffix(".ts")
        if ts.exists():
            reader = TsTranslator(ts, self)
            return None if reader.isEmpty() else reader
        return None
