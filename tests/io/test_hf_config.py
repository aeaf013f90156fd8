"""config.json parsing: every bundled config, odd naming, quantization and hostile files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.model_spec import AttentionKind, LayerAttention
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config
from gpucalc.io.local_model import load_local_model


def test_every_bundled_config_parses(catalog: Catalog) -> None:
    for entry_id in catalog.models:
        spec = catalog.model(entry_id)
        assert spec.num_layers > 0


def test_chatglm_naming(catalog: Catalog) -> None:
    spec = catalog.model("glm-4-9b")
    assert spec.num_layers == 40
    assert spec.num_kv_heads == 2
    assert spec.head_dim == 128
    assert spec.intermediate_size == 13696
    assert spec.attention_kind == AttentionKind.GQA


def test_attention_kinds(catalog: Catalog) -> None:
    assert catalog.model("deepseek-v3").attention_kind == AttentionKind.MLA
    assert catalog.model("gemma-3-1b-it").attention_kind == AttentionKind.MQA
    assert catalog.model("llama-2-7b-hf").attention_kind == AttentionKind.MHA


def test_inactive_sliding_window_is_ignored(catalog: Catalog) -> None:
    qwen = catalog.model("qwen2.5-7b-instruct")  # use_sliding_window: false
    assert set(qwen.layer_attention) == {LayerAttention.FULL}
    phi = catalog.model("phi-3-mini-128k-instruct")  # window wider than the context
    assert set(phi.layer_attention) == {LayerAttention.FULL}


def test_gpt_oss_layer_types_and_mxfp4_scope(catalog: Catalog) -> None:
    spec = catalog.model("gpt-oss-20b")
    assert spec.count_layers(LayerAttention.SLIDING) == 12
    assert spec.sliding_window == 128
    assert spec.quantization is not None
    assert spec.quantization.weight_format == "mxfp4"
    assert spec.quantization.scope.experts
    assert not spec.quantization.scope.attention


def test_llama4_chunked_attention_and_moe(catalog: Catalog) -> None:
    spec = catalog.model("llama-4-maverick-17b-128e-instruct-fp8")
    assert spec.count_layers(LayerAttention.CHUNKED) == 36
    assert spec.moe is not None
    assert spec.moe.num_moe_layers == 24


def test_modelopt_quant_config_sets_fp8(catalog: Catalog) -> None:
    spec = catalog.model("llama-3.1-70b-instruct-fp8")
    assert spec.quantization is not None
    assert spec.quantization.weight_format == "fp8"
    assert spec.quantization.kv_cache_format == "fp8"


def test_awq_and_gptq_formats() -> None:
    base = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128}
    awq = model_spec_from_config({**base, "quantization_config": {
        "quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": True}}, model_id="a")
    gptq = model_spec_from_config({**base, "quantization_config": {
        "quant_method": "gptq", "bits": 4, "group_size": 128, "sym": True}}, model_id="g")
    bnb = model_spec_from_config({**base, "quantization_config": {
        "quant_method": "bitsandbytes", "load_in_4bit": True}}, model_id="b")
    assert awq.quantization is not None
    assert awq.quantization.weight_format == "int4-g128-zp"
    assert gptq.quantization is not None
    assert gptq.quantization.weight_format == "int4-g128"
    assert bnb.quantization is not None
    assert bnb.quantization.weight_format == "bnb-nf4"


def test_missing_field_names_it() -> None:
    with pytest.raises(InputFileError, match=r"hidden_size|num_hidden_layers"):
        model_spec_from_config({"model_type": "llama"}, model_id="x")


def test_unsupported_quant_method_is_clear() -> None:
    config = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
              "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128,
              "quantization_config": {"quant_method": "gguf-q2"}}
    with pytest.raises(InputFileError, match="not supported"):
        model_spec_from_config(config, model_id="x")


def test_config_that_is_not_json(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("this is not json {", encoding="utf-8")
    with pytest.raises(InputFileError, match="not valid JSON"):
        load_local_model(tmp_path)


def test_huge_config_is_rejected_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    with path.open("wb") as handle:
        handle.seek(64 * 1024 * 1024)
        handle.write(b"}")
    with pytest.raises(InputFileError, match="MB"):
        load_local_model(path)


def test_deeply_nested_config_is_rejected(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(InputFileError, match="nested"):
        load_local_model(tmp_path)


def test_config_json_must_be_an_object(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    with pytest.raises(InputFileError, match="JSON object"):
        load_local_model(tmp_path)


def test_missing_folder_config(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match=r"no config\.json"):
        load_local_model(tmp_path)
