"""The report's appendix: the measurement plan's steps, commands and expectations, en and zh."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.measurement_plan import StepKind, measurement_plan
from gpucalc.report import build_report, write_report
from gpucalc.report.numbers import count, sig3
from tests.report.pdf_text import pdf_pages
from tests.report.scenarios import NO_FIT_SCENARIO, TP_SCENARIO

APPENDIX = "13. Appendix: measurement plan"


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(page.split()) for page in pages)


@pytest.fixture(scope="module")
def module_catalog() -> Catalog:
    return Catalog.load()


def _text(catalog: Catalog, lang: str, folder: Path, scenario: Scenario = TP_SCENARIO) -> str:
    path = folder / f"{lang}.pdf"
    write_report(path, scenario, catalog, lang)
    return _flat(pdf_pages(path))


def test_appendix_lists_every_step_with_its_expectations(qapp: QApplication, module_catalog: Catalog,
                                                         tmp_path: Path) -> None:
    text = _text(module_catalog, "en", tmp_path)
    mplan = measurement_plan(build_report(TP_SCENARIO, module_catalog).plan)
    assert mplan is not None
    appendix = text[text.index(APPENDIX):]
    assert text.index("12. Notices") < text.index(APPENDIX)
    assert "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4" in appendix
    for title in ("1. Single-request baseline", "2. Concurrency ladder at a fixed context",
                  "3. Real traffic mix", "4. Watermark check"):
        assert title in appendix
    ladder = mplan.step(StepKind.LADDER)
    assert ladder.breaks_at is not None
    assert (f"The estimate expects a target to break at about {count(ladder.breaks_at)} concurrent "
            "requests.") in appendix
    for run in (*mplan.step(StepKind.BASELINE).runs, *ladder.runs):
        assert run.expected.ttft_ms is not None
        assert f"c={run.run.concurrency}: 2,000 in + 300 out," in appendix
        assert f"TTFT {sig3(run.expected.ttft_ms)} ms" in appendix
    assert appendix.count("vllm bench serve --model") == sum(len(s.runs) for s in mplan.steps)
    assert "a target broken" in appendix
    assert "benchmark one of the 2 replicas" in appendix


def test_appendix_in_chinese(qapp: QApplication, module_catalog: Catalog, tmp_path: Path) -> None:
    text = _text(module_catalog, "zh", tmp_path)
    for needle in ("13. 附录：实测计划", "单请求基线", "固定上下文的并发梯度", "真实混合流量",
                   "安全水位检查", "满足目标", "长尾", "启动命令"):
        assert needle in text, needle
    assert "Single-request baseline" not in text


def test_no_appendix_when_the_model_does_not_fit(qapp: QApplication, module_catalog: Catalog,
                                                 tmp_path: Path) -> None:
    text = _text(module_catalog, "en", tmp_path, NO_FIT_SCENARIO)
    assert "12. Notices" in text
    assert APPENDIX not in text
