"""The catalogue without Qt: lookup by context, English as the fallback, language from the locale."""

from __future__ import annotations

import string

from gpucalc.text.catalogue import catalogue, environment_language, is_translated, language_code, translate


def test_a_marked_text_is_translated_in_its_context_only() -> None:
    assert translate("Terms", "KV cache", "zh") == "KV 缓存"
    assert translate("Terms", "KV cache", "en") == "KV cache"
    assert translate("NoSuchContext", "KV cache", "zh") == "KV cache"
    assert is_translated("Terms", "KV cache", "zh")
    assert not is_translated("Terms", "a text nobody wrote", "zh")


def test_language_codes_and_the_locale() -> None:
    assert language_code("zh_CN.UTF-8") == language_code("zh-TW") == "zh"
    assert language_code("de_DE") == language_code(None) == "en"
    assert environment_language({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert environment_language({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}) == "zh"
    assert environment_language({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def _placeholders(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:  # a text with a lone brace is not a template
        return set()


def test_every_translation_keeps_its_templates_placeholders() -> None:
    broken = [(context, source) for (context, source), chinese in catalogue("zh").items()
              if _placeholders(source) != _placeholders(chinese)]
    assert broken == []
