"""Speculative decoding from the engines' flags (vLLM JSON, SGLang flags) and back.

vLLM: ``--speculative-config`` JSON (docs "Speculative Decoding": method, model,
num_speculative_tokens; ``deepseek_mtp`` is the older MTP name; without a method vLLM's
SpeculativeConfig infers eagle / eagle3 from the draft's name). SGLang: server arguments
``--speculative-algorithm`` (EAGLE, EAGLE3, NEXTN, STANDALONE, NGRAM), ``--speculative-num-steps``,
``--speculative-eagle-topk``, ``--speculative-num-draft-tokens``,
``--speculative-draft-model-path``.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.speculative_inputs import SpecMethod
from gpucalc.engines.knobs import SpeculativeFlags
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from gpucalc.plan.serve_line import serve_line
from gpucalc.plan.speculative_config import (
    SpeculativeConfigError,
    parse_vllm_config,
    speculative_from_flags,
)


@pytest.mark.parametrize(("text", "method", "k", "draft"), [
    ('{"method": "mtp", "num_speculative_tokens": 1}', SpecMethod.MTP, 1, None),
    ('{"method": "deepseek_mtp", "num_speculative_tokens": 2}', SpecMethod.MTP, 2, None),
    ('{"method": "qwen3_next_mtp", "num_speculative_tokens": 2}', SpecMethod.MTP, 2, None),
    ('{"method": "eagle", "model": "yuhuili/EAGLE-LLaMA3.1-Instruct-8B", '
     '"num_speculative_tokens": 5}', SpecMethod.EAGLE, 5, "yuhuili/EAGLE-LLaMA3.1-Instruct-8B"),
    ('{"model": "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", "num_speculative_tokens": "3"}',
     SpecMethod.EAGLE3, 3, "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B"),
    ('{"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 4}',
     SpecMethod.NGRAM, 4, None),
    ('{"model": "[ngram]", "num_speculative_tokens": 4}', SpecMethod.NGRAM, 4, None),
    ('{"model": "meta-llama/Llama-3.2-1B-Instruct", "num_speculative_tokens": 4}',
     SpecMethod.DRAFT_MODEL, 4, "meta-llama/Llama-3.2-1B-Instruct"),
])
def test_vllm_configs(text: str, method: SpecMethod, k: int, draft: str | None) -> None:
    spec = speculative_from_flags(SpeculativeFlags(config_json=text))
    assert spec is not None
    assert (spec.method, spec.num_speculative_tokens, spec.draft_model) == (method, k, draft)


@pytest.mark.parametrize(("text", "message"), [
    ('{"method": "eagle3",', "not valid JSON"),
    ('["eagle"]', "JSON object"),
    ('{"method": "medusa", "num_speculative_tokens": 3}', "not modelled"),
    ('{"method": "lookahead"}', "unknown speculative method"),
    ('{"method": "eagle", "num_speculative_tokens": "three"}', "whole number"),
    ('{"method": "eagle", "num_speculative_tokens": true}', "whole number"),
    ('{"method": "eagle", "num_speculative_tokens": 0}', "num_speculative_tokens"),
    ('{"num_speculative_tokens": 3}', "neither a method nor a model"),
    ('{"method": "draft_model", "num_speculative_tokens": 3}', "draft_model"),
    ('{"method": 3}', "must be a name"),
    ('{"model": 7, "method": "eagle"}', "model id"),
    ("{" * 5000, "characters long"),
])
def test_malformed_vllm_configs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(SpeculativeConfigError, match=message):
        speculative_from_flags(SpeculativeFlags(config_json=text))


def test_the_acceptance_flags_need_a_method_and_fit_the_draft() -> None:
    with pytest.raises(SpeculativeConfigError, match="needs a speculative method"):
        speculative_from_flags(SpeculativeFlags(acceptance_length=2.0))
    with pytest.raises(SpeculativeConfigError, match="at most"):
        speculative_from_flags(SpeculativeFlags(config_json='{"method": "mtp"}', acceptance_length=2.5))
    spec = speculative_from_flags(SpeculativeFlags(config_json='{"method": "mtp"}',
                                                   acceptance_length=1.8))
    assert spec is not None
    assert spec.acceptance_length == 1.8
    assert speculative_from_flags(SpeculativeFlags()) is None
    assert parse_vllm_config('{"method": "eagle3"}') == {"method": SpecMethod.EAGLE3}


def test_sglang_flags() -> None:
    spec = speculative_from_flags(SpeculativeFlags(
        algorithm="EAGLE3", num_steps=5, eagle_topk=8, num_draft_tokens=32,
        draft_model_path="jamesliu1/sglang-EAGLE3-Llama-3.1-Instruct-8B"))
    assert spec is not None
    assert (spec.method, spec.num_speculative_tokens, spec.eagle_topk, spec.verify_tokens) == (
        SpecMethod.EAGLE3, 5, 8, 32)
    nextn = speculative_from_flags(SpeculativeFlags(algorithm="nextn"))
    assert nextn is not None
    assert nextn.method == SpecMethod.MTP
    assert nextn.verify_tokens == 2
    with pytest.raises(SpeculativeConfigError, match="not one of"):
        speculative_from_flags(SpeculativeFlags(algorithm="MEDUSA"))
    trt = speculative_from_flags(SpeculativeFlags(nextn_layers=3))
    assert trt is not None
    assert (trt.method, trt.num_speculative_tokens) == (SpecMethod.MTP, 3)


VLLM_LINE = ("vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 "
             "--speculative-config '{\"method\": \"deepseek_mtp\", \"num_speculative_tokens\": 1}'")
SGLANG_LINE = ("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct "
               "--speculative-algorithm EAGLE --speculative-num-steps 3 --speculative-eagle-topk 1 "
               "--speculative-num-draft-tokens 4 "
               "--speculative-draft-model-path yuhuili/EAGLE-LLaMA3.1-Instruct-8B")


@pytest.mark.parametrize("line", [VLLM_LINE, SGLANG_LINE])
def test_pasted_lines_read_and_write_back_the_same_set_up(catalog: Catalog, line: str) -> None:
    parsed = parse_serve_command(line)
    spec = parsed.scenario.deployment.speculative_config
    assert spec is not None
    assert not parsed.ignored
    inputs = resolve_scenario(catalog, parsed.scenario.model_copy(update={"gpu": "h200-sxm-141gb"}))
    written = serve_line(inputs, calculate_memory(inputs).settings)
    again = parse_serve_command(written).scenario.deployment.speculative_config
    assert again == spec


def test_a_pasted_bad_config_names_the_flag() -> None:
    with pytest.raises(ServeCommandError, match="speculative-config"):
        parse_serve_command("vllm serve m --speculative-config '{\"method\": '")
    with pytest.raises(ServeCommandError, match="speculative-algorithm"):
        parse_serve_command("python -m sglang.launch_server --model-path m "
                            "--speculative-algorithm LOOKAHEAD")
