"""Checklist, measurement plan, measurement check and notices read in Chinese from the one catalogue."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.explain import Notice
from gpucalc.core.specs.inputs import RequestClass, Workload
from gpucalc.plan.checklist import fill_checklist, item_detail, item_title
from gpucalc.plan.compute import PlanOptions, compute_plan
from gpucalc.plan.measurement_check import (
    HINT_TPOT_HIGH,
    Deviation,
    deviation_text,
    hint_text,
)
from gpucalc.plan.measurement_plan import StepKind, measurement_plan, run_label, step_purpose, step_title
from gpucalc.text.extract_messages import extract
from gpucalc.text.notices import NOTICE_TEXT, notice_text
from tests.report.scenarios import TP_SCENARIO

OPTIONS = PlanOptions(uncertainty=False)


def _has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_checklist_titles_and_details_in_chinese(catalog: Catalog) -> None:
    plan = compute_plan(catalog, TP_SCENARIO, OPTIONS)
    items = {i.title: i for i in fill_checklist(plan)}
    margin = items["Margin"]
    assert item_title(margin, "zh") == "余量"
    detail = item_detail(margin, "zh")
    assert detail.startswith("在线容量 ")
    assert "；" in detail  # the clauses joined the Chinese way
    assert "。计划的 GPU 承载不了 平均 5 req/s、峰值 10 req/s" in detail  # the answer's fleet sentence
    model = items["Model size and precision"]
    assert item_detail(model, "zh").startswith(f"{plan.inputs.model.name}：参数量 ")  # the name as it is
    assert item_detail(model, "en").startswith(f"{plan.inputs.model.name}: ")
    for item in items.values():
        assert _has_chinese(item_title(item, "zh")), item.title
        assert _has_chinese(item_detail(item, "zh")), item.title
        assert "{" not in item_detail(item, "zh"), item.title


def test_measurement_steps_and_runs_in_chinese(catalog: Catalog) -> None:
    classes = (RequestClass(name="RAG lookups", input_len=3000, output_len=200, share=0.6),
               RequestClass(input_len=500, output_len=500, share=0.4))
    scenario = TP_SCENARIO.model_copy(update={"workload": Workload(
        input_len_p50=2000, output_len_p50=300, classes=classes)})
    mplan = measurement_plan(compute_plan(catalog, scenario, OPTIONS))
    assert mplan is not None
    assert [step_title(s, "zh") for s in mplan.steps] == ["单请求基线", "固定上下文的并发梯度",
                                                          "真实混合流量", "安全水位检查"]
    assert all(_has_chinese(step_purpose(s, "zh")) for s in mplan.steps)
    mix = mplan.step(StepKind.MIX)
    assert [run_label(r, "zh") for r in mix.runs] == ["RAG lookups", "类别 2"]  # the user's name as typed
    assert [run_label(r, "en") for r in mix.runs] == ["RAG lookups", "class 2"]
    assert mix.runs[1].run.result_stem.startswith("gpucalc-mix-class-2-c")


def test_typical_and_long_tail_in_chinese(catalog: Catalog) -> None:
    mplan = measurement_plan(compute_plan(catalog, TP_SCENARIO, OPTIONS))
    assert mplan is not None
    assert [run_label(r, "zh") for r in mplan.step(StepKind.MIX).runs] == ["典型", "长尾"]


def test_measurement_hints_and_missing_estimates_in_chinese() -> None:
    assert hint_text(HINT_TPOT_HIGH, "zh").startswith("每 token 延迟高于估算")
    assert hint_text(HINT_TPOT_HIGH, "en") == HINT_TPOT_HIGH
    unknown = Deviation(metric="ttft_ms", expected=0.0, measured=171.0)
    assert deviation_text(unknown, "zh") == "TTFT 171 ms（无估算值）"
    assert deviation_text(unknown) == "TTFT 171 ms (no estimate)"


def test_notices_translate_the_template_then_fill_it_in() -> None:
    notice = Notice(code="raise_max_num_seqs", params={"kv_requests": 96, "max_num_seqs": 64})
    assert notice_text(notice, "zh") == ("调度器是瓶颈：KV 缓存能容纳 96 个请求，但 --max-num-seqs 64 "
                                         "只允许同时运行这么多；若延迟允许，可调大 --max-num-seqs。")
    assert notice_text(notice, "en").startswith("The scheduler binds: the KV cache holds 96 requests")
    missing = Notice(code="raise_max_num_seqs", params={"kv_requests": 96})
    assert "{max_num_seqs}" in notice_text(missing, "zh")  # a missing parameter leaves the template
    assert notice_text(Notice(code="no_such_code", params={}), "zh") == "no_such_code"


def test_every_notice_is_marked_for_the_catalogue() -> None:
    marked = {(m.context, m.source) for m in extract()}
    assert {("Notices", text) for text in NOTICE_TEXT.values()} <= marked
