"""The window's verdict for an engine that starts with a pool smaller than one full request."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import PlanOptions, compute_plan
from gpucalc.ui.answer import Verdict, answer_for


def _answer_verdict(catalog: Catalog, engine: str) -> tuple[Verdict, str]:
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="l4-24gb",
                        deployment=Deployment(engine=engine, max_model_len=131072))
    answer = answer_for(compute_plan(catalog, scenario, PlanOptions(uncertainty=False)))
    return answer.verdict, answer.verdict_text


def test_sglang_starts_capped_where_vllm_refuses(catalog: Catalog) -> None:
    assert _answer_verdict(catalog, "sglang") == (Verdict.TIGHT,
                                                  "Starts; requests capped at the KV pool")
    assert _answer_verdict(catalog, "vllm") == (Verdict.NO_FIT, "Does not fit")
