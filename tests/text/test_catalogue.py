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


def test_the_engine_profiles_source_sentences_are_in_the_catalogue() -> None:
    """What the memory and efficiency terms cite from specs/engines reads in Chinese too."""
    from gpucalc.catalog.bundled import Catalog
    from gpucalc.text.extract_messages import engine_source_messages
    from gpucalc.text.terms import source_text

    messages = engine_source_messages()
    assert len(messages) >= 30
    vllm = Catalog.load().engine("vllm")
    cited = [vllm.efficiency.source, vllm.runtime.source, *vllm.sources.values()]
    assert {m.source for m in messages} >= {text for text in cited if isinstance(text, str)}
    for message in messages:
        shown = source_text(message.source, "zh")
        assert shown != message.source, message.source[:60]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in shown), message.source[:60]
