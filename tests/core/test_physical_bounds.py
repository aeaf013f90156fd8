"""Values the engines would refuse are refused, and every figure is checked in one place.

Before: ``--output-len 16777216`` gave "TTFT -160 ms" and exited 0, ``--input-len 500000`` on a
131k model planned an answer, and ``--watermark 1e-300`` printed a 300-digit GPU count.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.main import main
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.physical_bounds import (
    MAX_FLEET_GPUS,
    checked_result,
    figure_error,
    request_length_error,
)
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import Term
from gpucalc.core.specs.inputs import MIN_WATERMARK, RequestClass, Targets, Workload
from tests.helpers import plan

LLAMA = "llama-3.1-8b-instruct"  # 131,072 tokens of context


def _refusal(catalog: Catalog, workload: Workload, **deployment: Any) -> PlanError:
    inputs = plan(catalog, LLAMA, workload=workload, **deployment)
    with pytest.raises(PlanError) as refused:
        calculate(inputs)
    assert refused.value.code == "request_exceeds_max_model_len"
    return refused.value


def test_a_request_longer_than_the_context_is_refused_as_the_engine_refuses_it(catalog: Catalog) -> None:
    error = _refusal(catalog, Workload(input_len_p50=500_000))
    assert "500,256 tokens" in str(error)
    assert "the model's context of 131,072 tokens" in str(error)


def test_the_limit_is_max_model_len_when_it_is_set(catalog: Catalog) -> None:
    error = _refusal(catalog, Workload(input_len_p50=3000, output_len_p50=2000), max_model_len=4096)
    assert "max_model_len 4,096" in str(error)
    assert "(the model allows 131,072)" in str(error)


def test_a_request_exactly_at_the_limit_is_planned(catalog: Catalog) -> None:
    inputs = plan(catalog, LLAMA, workload=Workload(input_len_p50=3000, output_len_p50=1096),
                  max_model_len=4096)
    assert request_length_error(inputs) is None
    assert calculate(inputs).performance is not None


def test_the_history_of_a_long_chat_counts(catalog: Catalog) -> None:
    error = _refusal(catalog, Workload(input_len_p50=1000, max_turns=10, tokens_per_turn=500),
                     max_model_len=4096)
    assert "4,500 multi-turn history" in str(error)


def test_a_request_class_longer_than_the_context_is_named(catalog: Catalog) -> None:
    classes = (RequestClass(name="chat", share=0.5, input_len=100, output_len=100),
               RequestClass(name="docs", share=0.5, input_len=200_000, output_len=100))
    error = _refusal(catalog, Workload(classes=classes))
    assert "request class docs (200,100 tokens" in str(error)
    assert error.field == "classes"


@pytest.mark.parametrize("flags", [["--output-len", "16777216"], ["--input-len", "500000"],
                                   ["--input-len", "100000", "--max-model-len", "65536"]])
def test_the_command_line_exits_2_naming_the_flags(capsys: pytest.CaptureFixture[str],
                                                   flags: list[str]) -> None:
    for command in (["estimate", LLAMA, "--gpu"], ["simulate", LLAMA, "--gpu"],
                    ["size", "--model", LLAMA, "--gpus"]):
        assert main([*command, "h100-sxm-80gb", *flags]) == 2
        err = capsys.readouterr().err
        assert "so the engine refuses it" in err
        assert "--input-len" in err
        assert "TTFT" not in err
        assert err.count("\n") == 1


def test_the_watermark_has_a_floor(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=r"greater than or equal to 0\.05"):
        Targets(watermark=1e-300)
    assert Targets(watermark=MIN_WATERMARK).watermark == MIN_WATERMARK
    assert main(["estimate", LLAMA, "--gpu", "h100-sxm-80gb", "--watermark", "1e-300"]) == 2
    assert capsys.readouterr().err.strip() == "gpucalc: --watermark must be at least 0.05"


def _integers(value: object) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _integers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _integers(v)]
    return []


def test_a_fleet_beyond_reach_says_so_and_every_integer_fits_64_bits(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 100,000-token answers at 1,000,000 req/s: about 630 million GPUs
    flags = [LLAMA, "--gpu", "h100-sxm-80gb", "--qps", "1000000", "--input-len", "1000",
             "--output-len", "100000", "--ttft-ms", "3600000", "--watermark", str(MIN_WATERMARK)]
    assert main(["estimate", *flags, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(abs(n) < 2**63 for n in _integers(data))
    assert main(["estimate", *flags]) == 0
    out = capsys.readouterr().out
    assert "Unreachable: 1,000,000 req/s need about" in out
    assert f"more than the {MAX_FLEET_GPUS:,} GPUs gpucalc sizes a fleet for" in out


def test_a_fleet_within_reach_has_no_notice(catalog: Catalog) -> None:
    perf = calculate(plan(catalog, LLAMA, workload=Workload(qps_avg=10))).performance
    assert perf is not None
    assert all(n.code != "fleet_beyond_reach" for n in perf.notices)


def _negative(term: Term) -> Term:
    return term.model_copy(update={"value": -160.0})


def test_a_negative_or_impossible_figure_withholds_the_answer(catalog: Catalog) -> None:
    result = calculate(plan(catalog, LLAMA))
    perf = result.performance
    assert perf is not None
    assert figure_error(perf) is None
    point = perf.offline_max.model_copy(update={"ttft_ms": _negative(perf.offline_max.ttft_ms)})
    broken = result.model_copy(update={"performance": perf.model_copy(update={"offline_max": point})})
    with pytest.raises(PlanError, match=r"impossible offline_max\.ttft_ms of -160 ms") as refused:
        checked_result(plan(catalog, LLAMA), broken)
    assert refused.value.code == "impossible_figure"
    nan_curve = perf.load_curve[0].model_copy(update={"tpot_ms": math.nan})
    error = figure_error(perf.model_copy(update={"load_curve": (nan_curve, *perf.load_curve[1:])}))
    assert error is not None
    assert "load curve tpot_ms" in str(error)


def test_a_speedup_beyond_the_acceptance_length_is_impossible(catalog: Catalog) -> None:
    from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding

    inputs = plan(catalog, LLAMA, speculative_config=SpeculativeDecoding(
        method=SpecMethod.NGRAM, num_speculative_tokens=3))
    perf = calculate(inputs).performance
    assert perf is not None
    spec = perf.speculative
    assert spec is not None
    faster = spec.speedup_at_batch_1.model_copy(update={"value": spec.acceptance_length.value * 1.01})
    error = figure_error(perf.model_copy(update={"speculative": spec.model_copy(
        update={"speedup_at_batch_1": faster})}))
    assert error is not None
    assert "more than the acceptance length" in str(error)
