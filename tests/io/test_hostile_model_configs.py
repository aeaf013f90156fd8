"""A colleague's config.json or quantization config never crashes or hangs the importer.

Each value below once raised OverflowError, ZeroDivisionError, AttributeError, IndexError or
TypeError, or made the importer build a table with 10¹⁰ entries; now every one is a one-line
:class:`InputFileError` naming the key, and the property tests show no other outcome exists.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from gpucalc.catalog.entries import ModelEntry
from gpucalc.catalog.tables import TABLES
from gpucalc.core.memory.kv import kv_bytes_per_token_per_layer
from gpucalc.core.memory.params import count_param_breakdown
from gpucalc.core.specs.model_spec import MAX_LAYERS, LayerAttention, ModelSpec
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config
from gpucalc.io.local_model import load_local_model
from tests.io.refusals import result_or_refusal

BASE: dict[str, Any] = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
                        "num_attention_heads": 4, "vocab_size": 100, "intermediate_size": 128}


def refused(config: dict[str, Any]) -> str:
    """The one-line message the importer gives for ``config``."""
    with pytest.raises(InputFileError) as info:
        model_spec_from_config(config, model_id="x")
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(("value", "shown"), [
    (float("inf"), "not inf"), (1e300, "1e+300"), (10**300, "301-digit number"),
    (-64, "-64"), (0, "is 0"), ("64", "'64'"), ([64], "a list"), (64.5, "64.5"),
])
def test_hidden_size_out_of_range_names_key_and_range(value: object, shown: str) -> None:
    message = refused({**BASE, "hidden_size": value})
    assert "hidden_size" in message
    assert shown in message


def test_hidden_size_range_is_stated() -> None:
    assert "1 to 1,048,576" in refused({**BASE, "hidden_size": 1e300})


def test_whole_real_is_accepted_as_a_count() -> None:
    spec = model_spec_from_config({**BASE, "hidden_size": 64.0}, model_id="x")
    assert spec.hidden_size == 64


def test_zero_heads_is_refused_not_divided_by() -> None:
    assert "num_attention_heads is 0" in refused({**BASE, "num_attention_heads": 0})


def test_ten_billion_layers_is_refused_before_any_table_is_built() -> None:
    message = refused({**BASE, "num_hidden_layers": 10**10})
    assert f"1 to {MAX_LAYERS:,}" in message


def test_the_layer_cap_itself_is_a_valid_model() -> None:
    spec = model_spec_from_config({**BASE, "num_hidden_layers": MAX_LAYERS}, model_id="x")
    assert len(spec.layer_attention) == MAX_LAYERS


@pytest.mark.parametrize("quant", [[1], "awq", 5])
def test_quantization_config_that_is_not_an_object(quant: object) -> None:
    assert "quantization_config must be a JSON object" in refused(
        {**BASE, "quantization_config": quant})


@pytest.mark.parametrize("groups", [[1], "w4a16"])
def test_config_groups_that_are_not_an_object(groups: object) -> None:
    config = {**BASE, "quantization_config": {"quant_method": "compressed-tensors",
                                              "config_groups": groups}}
    assert "config_groups must be a JSON object" in refused(config)


def test_modelopt_quantization_that_is_not_an_object() -> None:
    config = {**BASE, "quantization_config": {"producer": {"name": "modelopt"}, "quantization": [1]}}
    assert "quantization must be a JSON object" in refused(config)


def test_ignore_list_that_is_a_number() -> None:
    config = {**BASE, "quantization_config": {"quant_method": "fp8", "ignore": 5}}
    assert "ignore must be a list" in refused(config)


def test_awq_bits_beyond_range() -> None:
    config = {**BASE, "quantization_config": {"quant_method": "awq", "bits": 10**30}}
    assert "quantization_config.bits" in refused(config)


def test_gptq_per_channel_group_size_is_accepted() -> None:
    config = {**BASE, "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": -1}}
    spec = model_spec_from_config(config, model_id="x")
    assert spec.quantization is not None
    assert spec.quantization.weight_format == "int4-g128"


def test_short_no_rope_layers_with_chunked_attention() -> None:
    config = {**BASE, "attention_chunk_size": 8192, "no_rope_layers": [1]}
    assert "no_rope_layers has 1 entries but the model has 2 layers" in refused(config)


def test_full_no_rope_layers_still_mark_chunked_layers() -> None:
    spec = model_spec_from_config({**BASE, "attention_chunk_size": 8192, "no_rope_layers": [1, 0]},
                                  model_id="x")
    assert spec.layer_attention == (LayerAttention.CHUNKED, LayerAttention.FULL)


def test_cross_attention_layers_that_is_a_number() -> None:
    assert "cross_attention_layers must be a list" in refused(
        {**BASE, "cross_attention_layers": 5})


def test_vision_image_size_beyond_range() -> None:
    config = {**BASE, "vision_config": {"hidden_size": 8, "image_size": 10**18, "patch_size": 1}}
    assert "vision_config.image_size" in refused(config)


def test_moe_expert_count_beyond_range() -> None:
    config = {**BASE, "num_local_experts": 10**12, "num_experts_per_tok": 2}
    assert "num_local_experts" in refused(config)


def test_hf_quant_config_file_that_is_a_list(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps(BASE), encoding="utf-8")
    (tmp_path / "hf_quant_config.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(InputFileError, match=r"hf_quant_config\.json .* is not a JSON object"):
        load_local_model(tmp_path)


def test_long_name_or_path_is_shortened_to_one_line(tmp_path: Path) -> None:
    config = {**BASE, "_name_or_path": "line one\nline two " + "x" * 5000}
    (tmp_path / "config.json").write_text(json.dumps(config), encoding="utf-8")
    spec = load_local_model(tmp_path)
    assert "\n" not in spec.name
    assert len(spec.name) <= 200


def test_model_spec_bounds_every_dimension() -> None:
    spec = model_spec_from_config(BASE, model_id="x")
    with pytest.raises(ValidationError, match="hidden_size"):
        ModelSpec.model_validate({**spec.model_dump(), "hidden_size": 10**18})
    with pytest.raises(ValidationError, match="vocab_size"):
        ModelSpec.model_validate({**spec.model_dump(), "vocab_size": 2**40})


# --- property tests: any value where a number, list or object belongs ---------------------------

KEYS = [
    "hidden_size", "n_embd", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
    "head_dim", "vocab_size", "padded_vocab_size", "max_position_embeddings", "intermediate_size",
    "sliding_window", "sliding_window_pattern", "use_sliding_window", "layer_types",
    "max_window_layers", "attention_chunk_size", "no_rope_layers", "kv_lora_rank", "q_lora_rank",
    "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "n_routed_experts", "num_local_experts",
    "num_experts_per_tok", "moe_intermediate_size", "n_shared_experts", "first_k_dense_replace",
    "moe_layer_freq", "interleave_moe_layer_step", "decoder_sparse_step", "mlp_only_layers",
    "shared_expert_intermediate_size", "cross_attention_layers", "num_nextn_predict_layers",
    "quantization_config", "text_config", "vision_config", "mm_tokens_per_image",
    "tie_word_embeddings", "torch_dtype", "model_type", "multi_query_attention",
    "block_configs", "full_attention_interval", "linear_num_key_heads", "linear_num_value_heads",
    "linear_key_head_dim", "linear_value_head_dim", "linear_conv_kernel_dim", "index_n_heads",
    "index_head_dim", "index_topk", "hybrid_override_pattern", "mamba_num_heads",
    "mamba_head_dim", "ssm_state_size", "n_groups", "conv_kernel", "moe_latent_size",
    "moe_shared_expert_intermediate_size", "mlp_hidden_act",
    "layers_block_type", "hybrid_layer_pattern", "swa_num_key_value_heads", "linear_attn_config",
    "mtp_num_hidden_layers", "use_mtp", "num_mtp_modules", "mtp_transformer_layers",
    "attn_output_gate", "num_experts_per_token", "num_shared_experts", "spatial_merge_size",
]
QUANT_KEYS = ["quant_method", "bits", "group_size", "config_groups", "ignore", "format",
              "modules_to_not_convert", "quantization", "producer", "kv_cache_scheme", "quant_algo",
              "quantized_layers"]
VISION_KEYS = ["hidden_size", "num_hidden_layers", "intermediate_size", "patch_size", "image_size",
               "max_num_tiles", "pixel_shuffle_ratio", "vision_output_dim", "num_global_layers",
               "depth", "embed_dim", "mlp_ratio", "temporal_patch_size", "spatial_merge_size",
               "out_hidden_size", "deepstack_visual_indexes", "num_position_embeddings",
               "vt_hidden_size", "vt_num_hidden_layers", "vt_intermediate_size", "merge_kernel_size",
               "init_pos_emb_height", "init_pos_emb_width"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 300), st.integers(-(2**63) + 1, 2**63 - 1),
    st.sampled_from([0, 1, 2, 4, 64, 1e300, -1e300, 1e-300, 0.5, float("inf"), float("nan")]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(["awq", "gptq", "fp8", "compressed-tensors", "modelopt", "mxfp4", "sliding",
                     "qwen2_5_vl", "qwen3_vl", "linear_attention", "full_attention", "M*",
                     "ME", "relu2"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


def _section(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(keys), values, max_size=6)


# Bases that reach the readers of non-uniform layers, linear attention and Qwen-VL towers.
NAS_BASE: dict[str, Any] = {**BASE, "model_type": "nemotron-nas", "block_configs": [
    {"attention": {"n_heads_in_group": 2}, "ffn": {"ffn_mult": 1.0}},
    {"attention": {"no_op": True}, "ffn": {"ffn_mult": 0.5}}]}
NEXT_BASE: dict[str, Any] = {**BASE, "model_type": "qwen3_next", "full_attention_interval": 2,
                             "linear_num_key_heads": 2, "linear_num_value_heads": 4,
                             "linear_key_head_dim": 8, "linear_value_head_dim": 8}
NEMOTRON_H_BASE: dict[str, Any] = {**BASE, "model_type": "nemotron_h",
                                   "hybrid_override_pattern": "ME", "mamba_num_heads": 2,
                                   "mamba_head_dim": 8, "ssm_state_size": 8, "n_routed_experts": 4,
                                   "num_experts_per_tok": 2, "moe_intermediate_size": 16}
KIMI_LINEAR_BASE: dict[str, Any] = {**BASE, "model_type": "kimi_linear", "linear_attn_config": {
    "kda_layers": [1], "full_attn_layers": [2], "num_heads": 2, "head_dim": 8}}
MIMO_BASE: dict[str, Any] = {**BASE, "model_type": "mimo_v2_flash", "hybrid_layer_pattern": [0, 1],
                             "sliding_window": 4, "swa_num_key_value_heads": 2,
                             "moe_layer_freq": [0, 1], "n_routed_experts": 4, "num_experts_per_tok": 2,
                             "moe_intermediate_size": 16}
BLOCK_TYPE_BASE: dict[str, Any] = {**{k: v for k, v in NEMOTRON_H_BASE.items()
                                      if k not in ("hybrid_override_pattern", "num_hidden_layers")},
                                   "layers_block_type": ["mamba", "moe", "attention"]}
MOONVIT_BASE: dict[str, Any] = {**BASE, "model_type": "kimi_k25", "vision_config": {
    "vt_hidden_size": 16, "vt_num_hidden_layers": 2, "vt_intermediate_size": 32}}
QWEN_VL_BASE: dict[str, Any] = {**BASE, "model_type": "qwen2_5_vl", "vision_config": {
    "depth": 2, "hidden_size": 16, "intermediate_size": 32, "out_hidden_size": 64}}

hostile_configs = st.builds(
    lambda base, top, quant, vision, nest: {
        **base, **top,
        **({"quantization_config": quant} if quant else {}),
        **({"vision_config": vision} if vision else {}),
        **({"text_config": {**base, **top}} if nest else {}),
    },
    st.sampled_from([BASE, {}, {**BASE, "num_local_experts": 8, "num_experts_per_tok": 2},
                     NAS_BASE, NEXT_BASE, QWEN_VL_BASE, NEMOTRON_H_BASE, KIMI_LINEAR_BASE,
                     MIMO_BASE, BLOCK_TYPE_BASE, MOONVIT_BASE]),
    _section(KEYS), _section(QUANT_KEYS), _section(VISION_KEYS), st.booleans(),
)


def _assert_finite_shape_arithmetic(spec: ModelSpec) -> None:
    breakdown = count_param_breakdown(spec)
    assert 0 < breakdown.total < 2**80
    assert math.isfinite(float(breakdown.total))
    assert math.isfinite(kv_bytes_per_token_per_layer(spec, 2.0, 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_configs)
def test_any_config_is_a_model_or_one_clear_line(config: dict[str, Any]) -> None:
    spec = result_or_refusal(lambda: model_spec_from_config(config, model_id="x"), InputFileError)
    if spec is not None:
        _assert_finite_shape_arithmetic(spec)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values)
def test_any_hf_quant_config_is_a_model_or_one_clear_line(quant: Any) -> None:
    spec = result_or_refusal(
        lambda: model_spec_from_config(BASE, model_id="x", hf_quant_config=quant), InputFileError)
    assert spec is None or spec.num_layers == 2


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.binary(max_size=40), hostile_configs.map(lambda c: json.dumps(c).encode())))
def test_any_config_file_is_a_model_or_one_clear_line(tmp_path: Path, text: bytes) -> None:
    (tmp_path / "config.json").write_bytes(text)
    spec = result_or_refusal(lambda: load_local_model(tmp_path), InputFileError)
    assert spec is None or spec.num_layers >= 1


def test_labels_from_a_config_are_one_short_line() -> None:
    spec = model_spec_from_config({**BASE, "model_type": "llama\n" + "y" * 10_000,
                                   "torch_dtype": ["bfloat16"]}, model_id="x")
    assert "\n" not in spec.model_type
    assert len(spec.model_type) <= 64
    assert spec.torch_dtype == "['bfloat16']"


@pytest.mark.parametrize(("change", "named"), [
    ({"block_configs": [{"attention": {"no_op": True}, "ffn": {"no_op": True}}]},
     "block_configs has 1 entries but the model has 2 layers"),
    ({"block_configs": [{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": 1}}] * 2},
     "n_heads_in_group is 3; it must divide"),
    ({"block_configs": [{"attention": {"n_heads_in_group": 0}, "ffn": {"ffn_mult": 1}}] * 2},
     "block_configs[0].attention.n_heads_in_group"),
    ({"block_configs": [{"attention": {"no_op": True}, "ffn": {"ffn_mult": 1e300}}] * 2},
     "block_configs[0].ffn.ffn_mult"),
    ({"block_configs": [{"attention": [1], "ffn": {}}] * 2}, "attention must be an object"),
    ({"block_configs": 5}, "block_configs must be a list"),
])
def test_hostile_block_configs_are_refused_in_one_line(change: dict[str, Any], named: str) -> None:
    assert named in refused({**NAS_BASE, **change})


@pytest.mark.parametrize(("change", "named"), [
    ({"linear_num_value_heads": "32"}, "linear_num_value_heads"),
    ({"linear_key_head_dim": None}, "linear_key_head_dim"),
    ({"full_attention_interval": 10**9}, "full_attention_interval"),
    ({"linear_conv_kernel_dim": -1}, "linear_conv_kernel_dim"),
])
def test_hostile_linear_attention_fields_are_refused_in_one_line(change: dict[str, Any],
                                                                 named: str) -> None:
    assert named in refused({**NEXT_BASE, **change})


@pytest.mark.parametrize(("change", "named"), [
    ({"depth": 10**9}, "vision_config.depth"), ({"spatial_merge_size": 0}, "spatial_merge_size"),
    ({"deepstack_visual_indexes": 3}, "deepstack_visual_indexes must be a list"),
    ({"hidden_size": 2**20, "intermediate_size": 2**22, "depth": 1024}, "params"),
])
def test_hostile_qwen_vl_towers_are_refused_in_one_line(change: dict[str, Any], named: str) -> None:
    config = {**QWEN_VL_BASE, "vision_config": {**QWEN_VL_BASE["vision_config"], **change}}
    assert named in refused(config)


def test_small_hybrids_import() -> None:
    nas = model_spec_from_config(NAS_BASE, model_id="x")
    assert nas.layer_attention == (LayerAttention.FULL, LayerAttention.NONE)
    assert nas.num_kv_heads == 2
    assert nas.layer_mlp_widths == (256, 256)
    nxt = model_spec_from_config(NEXT_BASE, model_id="x")
    assert nxt.layer_attention == (LayerAttention.STATE, LayerAttention.FULL)
    assert nxt.linear_attention is not None
    assert nxt.approximations == ()  # Gated-DeltaNet state is counted (core.state_memory)
    mamba = model_spec_from_config({**BASE, "layer_types": ["mamba", "full_attention"]},
                                   model_id="x")
    assert mamba.layer_attention == (LayerAttention.STATE, LayerAttention.FULL)
    assert mamba.linear_attention is None
    assert mamba.approximations


HOSTILE_TABLE_CONFIGS = [
    {**BASE, "num_attention_heads": 0}, {**BASE, "quantization_config": [1]},
    {**BASE, "attention_chunk_size": 8192, "no_rope_layers": [1]},
    {**BASE, "num_hidden_layers": 10**10}, {**BASE, "hidden_size": 1e300},
]


@pytest.mark.parametrize("config", HOSTILE_TABLE_CONFIGS)
def test_user_table_model_check_refuses_in_one_line(config: dict[str, Any]) -> None:
    check = TABLES["models"].extra_check
    assert check is not None
    with pytest.raises(InputFileError) as info:
        check(ModelEntry(id="mine", name="Mine", config=config))
    assert "\n" not in str(info.value)
