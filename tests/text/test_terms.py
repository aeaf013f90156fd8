"""Every figure, formula input and formula of a plan has a readable name and a Chinese wording."""

from __future__ import annotations

from typing import Any, get_args

import pytest
from pydantic import BaseModel

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.explain import Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.core.specs.inputs import Deployment, RequestClass, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import compute_plan
from gpucalc.report.data import REPORT_OPTIONS, ReportData, report_data
from gpucalc.text.catalogue import translate
from gpucalc.text.extract_messages import extract
from gpucalc.text.terms import (
    INPUT_NAMES,
    TERM_NAMES,
    formula_text,
    input_label,
    input_name,
    term_label,
    term_name,
)

WORKLOAD = Workload(input_len_p50=2000, output_len_p50=300, input_len_p95=6000, output_len_p95=600,
                    qps_avg=5, qps_peak=10)
MIXED = Workload(input_len_p50=1500, output_len_p50=300, input_len_p95=4000, output_len_p95=600,
                 qps_avg=3, classes=(RequestClass(name="chat", share=0.8, input_len=800, output_len=300),
                                     RequestClass(name="documents", share=0.2, input_len=12000,
                                                  output_len=500)))
SCENARIOS = {
    "dense": Scenario(model="llama-3.1-8b-instruct", gpu="h100-sxm-80gb",
                      deployment=Deployment(max_model_len=16384), workload=WORKLOAD),
    "moe": Scenario(model="qwen3-30b-a3b", gpu="h100-sxm-80gb",
                    deployment=Deployment(max_model_len=16384), workload=WORKLOAD),
    "mla": Scenario(model="deepseek-v2-lite-chat", gpu="h100-sxm-80gb",
                    deployment=Deployment(max_model_len=16384), workload=MIXED,
                    targets=Targets(percentile=99)),
    "vision": Scenario(model="llama-3.2-11b-vision-instruct", gpu="h100-sxm-80gb",
                       deployment=Deployment(max_model_len=16384), workload=WORKLOAD),
    "pipeline": Scenario(model="llama-3.1-70b-instruct", gpu="h100-sxm-80gb",
                         deployment=Deployment(num_gpus=8, tensor_parallel_size=2, pipeline_parallel_size=2,
                                               max_model_len=16384),
                         workload=WORKLOAD, targets=Targets(percentile=50)),
    "no_fit": Scenario(model="llama-3.1-70b-instruct", gpu="l4", deployment=Deployment(max_model_len=8192)),
}


def _terms_in(obj: Any, found: list[Term], seen: set[int]) -> None:
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, Term):
        found.append(obj)
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            _terms_in(getattr(obj, name), found, seen)
    elif isinstance(obj, list | tuple):
        for item in obj:
            _terms_in(item, found, seen)
    elif isinstance(obj, dict):
        for item in obj.values():
            _terms_in(item, found, seen)


def _holds_terms(kind: Any) -> bool:
    """Whether a value of the annotation ``kind`` can hold a :class:`Term`."""
    if kind is Term:
        return True
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return any(_holds_terms(field.annotation) for field in kind.model_fields.values())
    return any(_holds_terms(arg) for arg in get_args(kind))


REPORT_WITHOUT_SIZING = REPORT_OPTIONS.model_copy(update={"sizing": False})
"""The report's plan but its catalog-wide sizing, whose rows hold no term (proved below) and
which took most of a minute for these scenarios."""


@pytest.fixture(scope="module")
def plan_terms() -> dict[str, list[Term]]:
    """Every term of the report data (plan, bands, sensitivity, simulation) of each scenario."""
    catalog = Catalog.load()
    found: dict[str, list[Term]] = {}
    for name, scenario in SCENARIOS.items():
        terms: list[Term] = []
        _terms_in(report_data(compute_plan(catalog, scenario, REPORT_WITHOUT_SIZING), "en"), terms, set())
        found[name] = terms
    return found


def test_sizing_rows_hold_no_terms() -> None:
    """So the report's sizing (and the alternatives, which are sizing rows) can add no term the
    plans above lack; the rest of a report holds terms."""
    assert not _holds_terms(SizingRow)
    assert _holds_terms(ReportData)


def test_the_scenarios_cover_dense_moe_mla_vision_and_pipeline(plan_terms: dict[str, list[Term]]) -> None:
    keys = {name: {t.key for t in terms} for name, terms in plan_terms.items()}
    assert "weights.dense_mlp" in keys["dense"]
    assert {"weights.experts", "activation.moe_workspace_gib"} <= keys["moe"]
    assert any(k.startswith("class.") for k in keys["mla"])
    assert {"weights.vision", "activation.encoder_gib"} <= keys["vision"]
    assert any(k.startswith("sim.") for k in keys["pipeline"])


def test_every_term_and_every_formula_input_has_a_name(plan_terms: dict[str, list[Term]]) -> None:
    terms = [t for group in plan_terms.values() for t in group]
    unnamed_inputs = sorted({k for t in terms for k in t.inputs if input_label(k) is None})
    assert unnamed_inputs == []
    unnamed_terms = sorted({t.key for t in terms
                            if term_label(t.key) is None and term_name(t.key, "en") == t.key.rsplit(".")[-1]
                            .replace("_", " ")})
    assert unnamed_terms == []


def test_every_formula_is_marked_and_reads_in_chinese(plan_terms: dict[str, list[Term]]) -> None:
    marked = {m.source for m in extract() if m.context == "Formulas"}
    terms = [t for group in plan_terms.values() for t in group if t.key not in SETTINGS_KEYS]
    assert sorted({t.template.text if t.template else t.formula for t in terms} - marked) == []
    english = sorted({t.formula for t in terms
                      if formula_text(t, "zh") == t.formula and t.formula not in SAME_IN_CHINESE})
    assert english == []


SETTINGS_KEYS = frozenset({"total_gib_per_gpu", "memory_fraction", "max_model_len", "max_num_batched_tokens",
                           "max_num_seqs"})
"""The engine settings' terms: their formulas are written (and marked) in core/memory/settings.py."""
SAME_IN_CHINESE = frozenset({"N + k", "--kv-cache-memory"})
"""Formulas written only in symbols or flags: the same in both languages."""


def test_a_template_formula_is_translated_then_filled() -> None:
    made = term("x", 1.0, "ms", template(QT_TRANSLATE_NOOP("Formulas", "{stat} of {what}"),
                                         stat="p95", what="first token − arrival"))
    assert made.formula == "p95 of first token − arrival"
    assert formula_text(made, "en") == made.formula
    assert formula_text(made, "zh") == "首 token 时刻 − 到达时刻 的P95"


def test_names_read_in_both_languages() -> None:
    assert input_name("kv_blocks", "zh") == "KV 块数"
    assert input_name("kv_blocks", "en") == "KV blocks"
    assert term_name("sim.ttft_ms.p95", "en") == "Simulated TTFT (P95)"
    assert term_name("sim.ttft_ms.p95", "zh") == "仿真 TTFT（P95）"
    assert term_name("at_recommended.tpot_ms", "en") == "TPOT"
    assert term_name("something_unnamed", "en") == "something unnamed"
    assert input_name("something_unnamed", "en") == "something unnamed"


def test_every_name_is_marked_for_the_catalogue() -> None:
    marked = {(m.context, m.source) for m in extract()}
    assert {("Terms", name) for name in TERM_NAMES.values()} <= marked
    assert {("Inputs", name) for name in INPUT_NAMES.values()} <= marked
    assert translate("Inputs", INPUT_NAMES["tp"], "en") == "TP"


def test_a_source_joined_from_parts_is_translated_part_by_part() -> None:
    """A kernel table's title stays as published; the profile's sentence after it is translated."""
    from gpucalc.catalog.bundled import Catalog
    from gpucalc.text.terms import source_text

    sentence = Catalog.load().engine("vllm").efficiency.source
    joined = f"aiconfigurator-core 0.12.0 measured NVIDIA H100 kernel tables; {sentence}"
    shown = source_text(joined, "zh")
    assert shown.startswith("aiconfigurator-core 0.12.0 measured NVIDIA H100 kernel tables; ")
    assert shown.endswith(source_text(sentence, "zh"))
    assert source_text(sentence, "zh") != sentence
    assert source_text(joined, "en") == joined
