"""The one translation catalogue: ``resources/translations/gpucalc_<lang>.ts``, read without Qt.

The window installs it as a Qt translator (``gpucalc.ui.i18n``); the report, the command line,
notices, formulas and the catalog's display text look their words up here. A text is found by
its context (the window class, or "Report", "Notices", "Formulas", "Catalog", "Errors" …) and
its English source; a text without a finished translation stays in English.

Strings are marked for the catalogue where they are written, in a form ``make translations``
(``python -m gpucalc.text.extract_messages``) finds: ``QT_TRANSLATE_NOOP("Context", "text")``,
``x.translate("Context", "text")``, ``self.tr("text")`` inside a class (the class is the
context) and, in ``gpucalc/report``, ``w.t("text")`` / ``tr("text", lang)`` ("Report").
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from gpucalc.catalog.paths import resources_dir
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP

__all__ = ["QT_TRANSLATE_NOOP", "catalogue", "environment_language", "is_translated", "language_code",
           "list_separator", "read_ts", "sentence_separator", "translate", "ts_messages",
           "yes_no"]

LANGUAGES = ("en", "zh")
"""Language codes every surface accepts: English (the source language) and simplified Chinese."""
CATALOGUE_LOCALES = {"zh": "zh_CN"}
"""The locale suffix of each translated language's catalogue file."""
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
"""Environment variables that name the user's language, in the order POSIX consults them."""


def language_code(lang: str | None) -> str:
    """'zh', 'zh_CN', 'zh-CN', 'zh_CN.UTF-8' → 'zh'; anything else → 'en'."""
    return "zh" if (lang or "").replace("-", "_").lower().startswith("zh") else "en"


def environment_language(environ: dict[str, str] | None = None) -> str:
    """The user's language from the locale variables ('en' when none is set or it is not zh)."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value and value not in ("C", "POSIX"):
            return language_code(value.split(":")[0])
    return "en"


def catalogue_path(lang: str) -> Path | None:
    """The ``.ts`` file of ``lang`` (None for English, the source language)."""
    locale = CATALOGUE_LOCALES.get(language_code(lang))
    return None if locale is None else resources_dir() / "translations" / f"gpucalc_{locale}.ts"


FINISHED_NOT = ("unfinished", "obsolete", "vanished")
"""Translation types that are not (or no longer) a translation to show."""


def ts_messages(path: Path) -> dict[tuple[str, str], str | None]:
    """Every message of a Qt Linguist ``.ts`` file by (context, source): its finished translation or None."""
    messages: dict[tuple[str, str], str | None] = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            node = message.find("translation")
            finished = node is not None and bool(node.text) and node.get("type") not in FINISHED_NOT
            text = node.text if finished and node is not None else None
            messages[(name, message.findtext("source") or "")] = text
    return messages


def read_ts(path: Path) -> dict[tuple[str, str], str]:
    """The finished translations of a ``.ts`` file, by (context, source)."""
    return {key: text for key, text in ts_messages(path).items() if text}


@cache
def catalogue(lang: str) -> dict[tuple[str, str], str]:
    """The translations of ``lang`` (empty for English or when its file is missing)."""
    path = catalogue_path(lang)
    if path is None or not path.is_file():
        return {}
    return read_ts(path)


def translate(context: str, text: str, lang: str) -> str:
    """``text`` in ``lang``: its translation in ``context``, else ``text`` itself."""
    if not text or language_code(lang) == "en":
        return text
    return catalogue(language_code(lang)).get((context, text), text)


def is_translated(context: str, text: str, lang: str) -> bool:
    """Whether ``text`` has a finished translation in ``context`` (always True in English)."""
    return language_code(lang) == "en" or (context, text) in catalogue(language_code(lang))


def list_separator(lang: str) -> str:
    """The separator between clauses of one statement: '；' in Chinese, '; ' in English."""
    return "；" if language_code(lang) == "zh" else "; "


def sentence_separator(lang: str) -> str:
    """What ends a sentence that another follows: '。' in Chinese, '. ' in English."""
    return "。" if language_code(lang) == "zh" else ". "


def yes_no(flag: bool, lang: str) -> str:
    """'yes' or 'no' in ``lang``."""
    return translate("Report", "yes", lang) if flag else translate("Report", "no", lang)
