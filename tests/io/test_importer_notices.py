"""Every config value the importer does not understand gets a notice, or a refusal where it matters.

Before, these were planned with silent defaults: GPTQ/AWQ ``bits`` of 2, 0 or 64 as 4-bit (0 was
read as "missing"), a bogus ``torch_dtype`` as 16-bit, ``mamba_ssm_cache_dtype: 5`` as the model
dtype, and ``layer_types`` of the wrong length as if absent (every layer sliding, for Gemma-like
configs without a pattern).
"""

from __future__ import annotations

from typing import Any

import pytest

from gpucalc.core.common.explain import Notice
from gpucalc.core.specs.model_spec import LayerAttention
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config
from gpucalc.text.notices import NOTICE_TEXT, notice_text

BASE: dict[str, Any] = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 4,
                        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128}


def imported(config: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    spec = model_spec_from_config({**BASE, **config}, model_id="x")
    fmt = spec.quantization.weight_format if spec.quantization else ""
    return fmt, spec.approximations


def refused(config: dict[str, Any]) -> str:
    with pytest.raises(InputFileError) as info:
        model_spec_from_config({**BASE, **config}, model_id="x")
    return str(info.value)


def gptq(**values: Any) -> dict[str, Any]:
    return {"quantization_config": {"quant_method": "gptq", **values}}


@pytest.mark.parametrize("bits", [0, 1, 2, 5, 6, 7, 16, 64])
def test_a_gptq_bit_width_without_a_format_is_refused(bits: int) -> None:
    message = refused(gptq(bits=bits, group_size=128))
    assert f"quantization_config.bits is {bits}" in message  # 0 was read as "missing": 4-bit
    assert "3, 4, 8 bits" in message or "1 to 64" in message


@pytest.mark.parametrize(("bits", "group", "fmt"), [(4, 128, "int4-g128"), (4, 32, "int4-g32"),
                                                     (8, 128, "int8"), (3, 128, "int3-g128")])
def test_planned_gptq_widths_import_without_a_notice(bits: int, group: int, fmt: str) -> None:
    assert imported(gptq(bits=bits, group_size=group)) == (fmt, ())


def test_a_missing_bit_width_is_assumed_and_said() -> None:
    assert imported(gptq(group_size=128)) == ("int4-g128", ("import_quant_bits_assumed",))
    assert imported({"quantization_config": {"quant_method": "awq", "zero_point": True}}) == (
        "int4-g128-zp", ("import_quant_bits_assumed",))


@pytest.mark.parametrize("group", [-1, 256, 16])
def test_a_group_size_without_a_format_is_counted_as_128_and_said(group: int) -> None:
    assert imported(gptq(bits=4, group_size=group)) == (
        "int4-g128", ("import_quant_group_size_approximated",))


def test_a_group_size_of_zero_is_refused() -> None:
    assert "group_size is 0" in refused(gptq(bits=4, group_size=0))


def test_compressed_tensors_bit_widths_follow_the_same_rule() -> None:
    def ct(**weights: Any) -> dict[str, Any]:
        return {"quantization_config": {"quant_method": "compressed-tensors",
                                        "config_groups": {"g": {"weights": weights}}}}

    assert imported(ct(num_bits=4, type="int", group_size=128)) == ("int4-g128", ())
    assert "is 2" in refused(ct(num_bits=2, type="int", group_size=128))
    assert "float weights" in refused(ct(num_bits=16, type="float"))
    assert "must be 1 to 64" in refused(ct(num_bits=0, type="int"))


@pytest.mark.parametrize("dtype", ["banana", 5, "float128", "int4"])
def test_an_unknown_torch_dtype_is_kept_and_said(dtype: object) -> None:
    spec = model_spec_from_config({**BASE, "torch_dtype": dtype}, model_id="x")
    assert "import_dtype_not_recognised" in spec.approximations
    assert spec.torch_dtype == str(dtype)


@pytest.mark.parametrize("dtype", ["bfloat16", "float16", "float32", "torch.bfloat16"])
def test_known_dtypes_import_without_a_notice(dtype: str) -> None:
    assert model_spec_from_config({**BASE, "torch_dtype": dtype}, model_id="x").approximations == ()


NEMOTRON_H = {"model_type": "nemotron_h", "hidden_size": 256, "num_hidden_layers": 4,
              "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64,
              "vocab_size": 1000, "intermediate_size": 512, "hybrid_override_pattern": "M-M*",
              "mamba_num_heads": 8, "mamba_head_dim": 32, "ssm_state_size": 64, "n_groups": 2,
              "conv_kernel": 4, "max_position_embeddings": 8192}


@pytest.mark.parametrize("value", [5, "int8", "float64"])
def test_a_state_dtype_vllm_refuses_is_said(value: object) -> None:
    spec = model_spec_from_config({**NEMOTRON_H, "mamba_ssm_cache_dtype": value}, model_id="x")
    assert "import_state_dtype_not_recognised" in spec.approximations
    plain = model_spec_from_config({**NEMOTRON_H, "mamba_ssm_cache_dtype": "float32"}, model_id="x")
    assert "import_state_dtype_not_recognised" not in plain.approximations


@pytest.mark.parametrize("count", [3, 5, 0])
def test_layer_types_of_the_wrong_length_are_refused(count: int) -> None:
    config = {"sliding_window": 512, "max_position_embeddings": 8192,
              "layer_types": ["sliding_attention"] * count}
    assert f"layer_types has {count} entries but the model has 4 layers" in refused(config)


def test_layer_types_of_the_right_length_set_each_layer() -> None:
    spec = model_spec_from_config({**BASE, "sliding_window": 512, "max_position_embeddings": 8192,
                                   "layer_types": ["sliding_attention", "full_attention"] * 2},
                                  model_id="x")
    assert spec.layer_attention == (LayerAttention.SLIDING, LayerAttention.FULL) * 2


@pytest.mark.parametrize("code", ["import_quant_bits_assumed", "import_quant_group_size_approximated",
                                  "import_dtype_not_recognised", "import_state_dtype_not_recognised"])
def test_every_import_notice_has_a_sentence(code: str) -> None:
    assert code in NOTICE_TEXT
    text = notice_text(Notice(code=code, params={"model": "My Model"}))
    assert text.startswith("My Model: ")
