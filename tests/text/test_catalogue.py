"""The catalogue without Qt: lookup by context, English as the fallback, language from the locale."""

from __future__ import annotations

from gpucalc.text.catalogue import environment_language, is_translated, language_code, translate


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
