"""Languages: the one catalogue (``gpucalc.text.catalogue``) installed as the window's Qt translator."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalog_text import CATALOG_CONTEXT, localised_name
from gpucalc.text.catalogue import catalogue, language_code

__all__ = ["LANGUAGES", "QT_TRANSLATE_NOOP", "Translators", "TsTranslator", "catalog_display_name",
           "normalise", "notice_language", "system_language"]

LANGUAGES = {"en": "English", "zh_CN": "中文（简体）"}


def normalise(lang: str | None) -> str:
    """'zh', 'zh_CN', 'zh-CN' → 'zh_CN'; '' or None → the system language; others → 'en'."""
    if not lang:
        return system_language()
    return "zh_CN" if language_code(lang) == "zh" else "en"


def system_language() -> str:
    """The system locale's language, if we have it ('en' otherwise)."""
    return normalise(QLocale.system().name() or "en")


def catalog_display_name(name: str) -> str:
    """A catalog entry's name in the installed language (its bundled qualifiers translated)."""
    return localised_name(name, partial(QCoreApplication.translate, CATALOG_CONTEXT))


def notice_language(lang: str) -> str:
    """The catalogue's code ('en' / 'zh') of a window language ('en' / 'zh_CN')."""
    return language_code(lang)


class TsTranslator(QTranslator):
    """The catalogue of one language as a Qt translator (the ``.ts`` is read directly, no ``.qm``)."""

    def __init__(self, table: dict[tuple[str, str], str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table

    def isEmpty(self) -> bool:
        """Whether nothing was loaded."""
        return not self._table

    def translate(self, context: str, source_text: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        """The translation of ``source_text`` in ``context`` (None when there is none).

        None reaches Qt as a null string, which Qt reads as "not found" and falls back to the next
        translator or the source; an empty string would be taken as the translation. PySide's
        ``self.tr`` asks the base classes' contexts (QMainWindow …) when the answer equals the
        source, as it does for a translation that is the same as its source ("GPU", "TTFT ms").
        """
        return self._table.get((context, source_text))


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
        reader = TsTranslator(catalogue(notice_language(lang)), self)
        return None if reader.isEmpty() else reader
