"""A published quantized checkpoint's id is its base model served in the precision its suffix names."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import quantized_base, resolve_inputs
from gpucalc.core.specs.inputs import Deployment


@pytest.mark.parametrize(("ref", "base", "fmt"), [
    ("Qwen/Qwen2.5-72B-Instruct-AWQ", "Qwen/Qwen2.5-72B-Instruct", "int4-g128-zp"),
    ("Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4", "Qwen/Qwen2.5-72B-Instruct", "int4-g128"),
    ("Qwen/Qwen2.5-7B-Instruct-GPTQ-Int8", "Qwen/Qwen2.5-7B-Instruct", "int8-w8a16"),
    ("meta-llama/Llama-3.1-8B-Instruct-FP8", "meta-llama/Llama-3.1-8B-Instruct", "fp8"),
    ("meta-llama/Llama-3.1-8B-Instruct-FP8-Dynamic", "meta-llama/Llama-3.1-8B-Instruct", "fp8"),
    ("meta-llama/Llama-3.1-8B-Instruct-W8A8", "meta-llama/Llama-3.1-8B-Instruct", "int8"),
])
def test_the_suffix_names_the_precision_of_the_base_model(catalog: Catalog, ref: str, base: str,
                                                          fmt: str) -> None:
    split = quantized_base(catalog, ref)
    assert split is not None
    assert split[0] == base
    inputs = resolve_inputs(catalog, ref, "h100-sxm-80gb", Deployment())
    assert inputs.model.id == catalog.model(base).id
    assert inputs.weight_format.id == fmt


def test_a_precision_given_wins_over_the_suffix(catalog: Catalog) -> None:
    inputs = resolve_inputs(catalog, "Qwen/Qwen2.5-7B-Instruct-AWQ", "h100-sxm-80gb", Deployment(),
                            quantization="fp8")
    assert inputs.weight_format.id == "fp8"


@pytest.mark.parametrize("ref", ["Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct-Turbo-AWQ",
                                 "AWQ", "no-such-model-AWQ"])
def test_other_ids_are_not_split(catalog: Catalog, ref: str) -> None:
    assert quantized_base(catalog, ref) is None
