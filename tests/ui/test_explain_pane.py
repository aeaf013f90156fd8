"""The Explanation pane names figures, formulas, inputs and sources in the window's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import Result, calculate
from gpucalc.core.common.explain import Term
from gpucalc.report.reader_text import reader_text
from gpucalc.text.terms import formula_text, input_name, source_text, term_name
from gpucalc.ui.explain_pane import ExplainPane
from gpucalc.ui.i18n import Translators
from tests.helpers import plan


@pytest.fixture
def chinese(qtbot: QtBot) -> Iterator[None]:
    """The window's translator in Chinese (with this branch's pending translations)."""
    translators = Translators()
    assert translators.install("zh") == "zh_CN"
    yield
    translators.install("en")


def _result(catalog: Catalog, model: str) -> Result:
    return calculate(plan(catalog, model, max_model_len=16384))


def _shown(qtbot: QtBot, result: Result, key: str) -> tuple[Term, str]:
    pane = ExplainPane()
    qtbot.addWidget(pane)
    pane.set_result(result.memory, result.performance)
    pane.show_term(key)
    return pane._terms[key], pane.detail.toPlainText()


@pytest.mark.parametrize(("model", "key"), [
    ("llama-3.1-8b-instruct", "weights.dense_mlp"),
    ("llama-3.1-8b-instruct", "kv_cache_tokens"),
    ("qwen3-30b-a3b", "weights.experts"),
    ("qwen3-30b-a3b", "activation.moe_workspace_gib"),
    ("qwen3-30b-a3b", "ceiling.compute"),
])
def test_chinese_pane_shows_chinese_formula_and_input_names(
        qtbot: QtBot, catalog: Catalog, chinese: None, model: str, key: str) -> None:
    term, text = _shown(qtbot, _result(catalog, model), key)
    formula = formula_text(term, "zh")
    assert formula != term.formula
    assert formula in text
    assert term_name(key, "zh") in text
    for name in term.inputs:
        assert input_name(name, "zh") in text
        assert input_name(name, "zh") != input_name(name, "en") or name in ("tp", "pp", "gpu")
    for source in term.sources:
        assert reader_text(source_text(source, "zh")) in text  # internal references dropped


def test_english_pane_names_inputs_in_words_not_keys(qtbot: QtBot, catalog: Catalog) -> None:
    term, text = _shown(qtbot, _result(catalog, "llama-3.1-8b-instruct"), "kv_cache_tokens")
    assert "kv_blocks" in term.inputs
    assert "KV blocks" in text
    assert "kv_blocks" not in text
    assert term.formula in text
