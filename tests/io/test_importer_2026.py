"""The importer reads the 2025–2026 architectures: per-layer MoE flags, MTP layers under every
spelling, Kimi Delta Attention hybrids, MiMo's sliding-window pattern, Nemotron-H's
``layers_block_type``, MoonViT towers, ModelOpt files without a producer block and
MIXED_PRECISION checkpoints; a trimmed file or an unknown model_type is named, never guessed at.

Hand-worked figures follow the tensor shapes of the publishers' modeling code cited per test.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from gpucalc.core.memory.kv import kv_bytes_per_token, kv_groups
from gpucalc.core.specs.model_spec import LayerAttention
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import UNKNOWN_MODEL_TYPE_NOTE, model_spec_from_config
from gpucalc.io.hf_layers import NAS_MIXED_KV_HEADS
from gpucalc.io.hf_vision import QWEN_VL_RESOLUTION_NOTE
from gpucalc.io.local_model import load_local_model
from gpucalc.text.notices import NOTICE_TEXT

BASE: dict[str, Any] = {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 4,
                        "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 100,
                        "intermediate_size": 128}


def _spec(config: dict[str, Any], **kwargs: Any) -> Any:
    return model_spec_from_config(config, model_id="x", **kwargs)


@pytest.mark.parametrize(("extra", "layers"), [
    ({"num_nextn_predict_layers": 1}, 1),  # DeepSeek-V3, GLM-4.5/5, MiMo, Step
    ({"mtp_num_hidden_layers": 1}, 1),  # Qwen3-Next, Qwen3.5
    ({"use_mtp": True, "num_mtp_modules": 3, "mtp_transformer_layers": 1}, 3),  # MiniMax-M2
    ({"use_mtp": False, "num_mtp_modules": 3, "mtp_transformer_layers": 1}, 0),
    ({}, 0),
])
def test_every_mtp_spelling_fills_mtp_layers(extra: dict[str, Any], layers: int) -> None:
    assert _spec({**BASE, **extra}).mtp_layers == layers


def test_moe_layer_freq_as_one_flag_per_layer() -> None:
    # MiMo-V2-Flash / MiniMax-M3: moe_layer_freq [0, 1, 1, 1] = dense first layer, then experts
    config = {**BASE, "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
              "moe_layer_freq": [0, 1, 1, 1]}
    spec = _spec(config)
    assert spec.moe is not None
    assert spec.moe.num_moe_layers == 3
    assert spec.num_dense_layers == 1
    assert spec.intermediate_size == 128


def test_moe_layer_freq_list_of_the_wrong_length_is_named() -> None:
    config = {**BASE, "n_routed_experts": 8, "moe_intermediate_size": 32, "moe_layer_freq": [0, 1]}
    with pytest.raises(InputFileError, match="moe_layer_freq has 2 entries but the model has 4"):
        _spec(config)


def test_kimi_delta_attention_layers_are_state_layers() -> None:
    # Kimi-Linear (modeling_kimi_linear): kda_layers / full_attn_layers counted from 1
    config = {**BASE, "model_type": "kimi_linear", "num_experts": 8, "num_experts_per_token": 2,
              "num_shared_experts": 1, "moe_intermediate_size": 32,
              "linear_attn_config": {"kda_layers": [1, 2, 3], "full_attn_layers": [4],
                                     "num_heads": 4, "head_dim": 16, "short_conv_kernel_size": 4}}
    spec = _spec(config)
    assert spec.layer_attention == (LayerAttention.STATE,) * 3 + (LayerAttention.FULL,)
    assert spec.linear_attention is not None
    assert (spec.linear_attention.num_value_heads, spec.linear_attention.value_head_dim) == (4, 16)
    assert spec.moe is not None
    assert (spec.moe.experts_per_token, spec.moe.num_shared_experts) == (2, 1)
    assert spec.approximations == ()  # the state is counted (core.state_memory)
    # only the one full-attention layer keeps per-token KV: 2 KV heads × 16 × (K + V) × 2 bytes
    assert kv_bytes_per_token(kv_groups(spec, spec.layer_attention, 2.0, 1)) == 1 * 2 * 2 * 16 * 2


def test_mimo_hybrid_layer_pattern_is_sliding_not_chunked() -> None:
    # MiMo-V2-Flash: hybrid_layer_pattern 1 = sliding window; its attention_chunk_size equals the
    # window and must not be read as Llama 4's chunked attention
    config = {**BASE, "model_type": "mimo_v2_flash", "hybrid_layer_pattern": [0, 1, 1, 0],
              "sliding_window": 128, "attention_chunk_size": 128, "swa_num_key_value_heads": 4}
    spec = _spec(config)
    assert spec.layer_attention == (LayerAttention.FULL, LayerAttention.SLIDING,
                                     LayerAttention.SLIDING, LayerAttention.FULL)
    assert (spec.sliding_window, spec.attention_chunk_size) == (128, None)
    assert spec.num_kv_heads == 4  # the larger of 2 (full) and 4 (sliding), and said so
    assert spec.approximations == (NAS_MIXED_KV_HEADS,)


def test_nemotron_h_layers_block_type_without_a_layer_count() -> None:
    # transformers 5 writes Nemotron-H's blocks as names and leaves num_hidden_layers implicit
    config = {**{k: v for k, v in BASE.items() if k != "num_hidden_layers"},
              "model_type": "nemotron_h", "mamba_num_heads": 4, "mamba_head_dim": 16,
              "ssm_state_size": 16, "n_groups": 1, "n_routed_experts": 8, "num_experts_per_tok": 2,
              "moe_intermediate_size": 32, "mlp_hidden_act": "relu2",
              "layers_block_type": ["mamba", "moe", "attention", "mlp", "moe"]}
    spec = _spec(config)
    assert spec.num_layers == 5
    assert spec.layer_attention == (LayerAttention.STATE, LayerAttention.NONE, LayerAttention.FULL,
                                    LayerAttention.NONE, LayerAttention.NONE)
    assert spec.moe is not None
    assert spec.moe.num_moe_layers == 2


def test_unknown_block_type_is_named() -> None:
    config = {**BASE, "model_type": "nemotron_h", "layers_block_type": ["mamba", "conv", "moe", "moe"]}
    with pytest.raises(InputFileError, match="layers_block_type names a block 'conv'"):
        _spec(config)


def test_moonvit_tower_by_hand() -> None:
    # Kimi-VL modeling_kimi_vl: blocks of two LayerNorms, qkv + o with biases, GELU MLP; a learned
    # 64 × 64 position table; projector LayerNorm → (4h → 4h) → (4h → text hidden)
    h, i, text = 1152, 4304, 2048
    config = {**BASE, "model_type": "kimi_vl", "text_config": {**BASE, "hidden_size": text},
              "vision_config": {"model_type": "moonvit", "hidden_size": h, "num_hidden_layers": 27,
                                "intermediate_size": i, "patch_size": 14,
                                "init_pos_emb_height": 64, "init_pos_emb_width": 64,
                                "merge_kernel_size": [2, 2]}}
    spec = _spec(config)
    layer = 4 * h + 4 * h * h + 4 * h + 2 * h * i + i + h
    embed = 3 * 14 * 14 * h + h + 64 * 64 * h
    projector = 2 * h + (4 * h) ** 2 + 4 * h + 4 * h * text + text
    assert spec.vision is not None
    assert spec.vision.params == 27 * layer + embed + 2 * h + projector
    assert spec.vision.prompt_tokens_per_item == (448 // 14) ** 2 // 4
    assert spec.approximations == (QWEN_VL_RESOLUTION_NOTE,)


def test_kimi_k25_names_its_tower_vt() -> None:
    vision = {"vt_hidden_size": 64, "vt_num_hidden_layers": 2, "vt_intermediate_size": 128}
    named = {"model_type": "moonvit", "hidden_size": 64, "num_hidden_layers": 2,
             "intermediate_size": 128}
    k25 = _spec({**BASE, "model_type": "kimi_k25", "vision_config": vision})
    vl = _spec({**BASE, "model_type": "kimi_vl", "vision_config": named})
    assert k25.vision is not None
    assert vl.vision is not None
    assert k25.vision.params == vl.vision.params


def test_qwen35_reads_the_attention_output_gate_and_its_tower() -> None:
    config = {**BASE, "model_type": "qwen3_5", "text_config": {**BASE, "model_type": "qwen3_5_text",
                                                               "attn_output_gate": True},
              "vision_config": {"depth": 2, "hidden_size": 32, "intermediate_size": 64,
                                "out_hidden_size": 64, "patch_size": 16,
                                "deepstack_visual_indexes": []}}
    spec = _spec(config)
    assert spec.attention_output_gate
    assert spec.vision is not None
    assert spec.vision.description.startswith("Qwen-VL")
    assert spec.vision.prompt_tokens_per_item == (448 // 16) ** 2 // 4


def test_pixtral_merges_patches_into_prompt_tokens() -> None:
    # Mistral 3: spatial_merge_size 2 folds 2 × 2 patches of 14 px into one token (1540 px → 3025)
    config = {**BASE, "model_type": "mistral3", "spatial_merge_size": 2, "text_config": BASE,
              "vision_config": {"model_type": "pixtral", "hidden_size": 32, "num_hidden_layers": 2,
                                "intermediate_size": 64, "image_size": 1540, "patch_size": 14}}
    vision = _spec(config).vision
    assert vision is not None
    assert vision.prompt_tokens_per_item == (1540 // 14 // 2) ** 2


@pytest.mark.parametrize(("quant", "fmt", "kv"), [
    ({"quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8"}}, "fp8", "fp8"),
    ({"quantization": {"quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8"}}, "nvfp4", "fp8"),
    ({"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "W4A16_NVFP4"}}, "nvfp4", None),
    ({"producer": {"name": "modelopt"}, "quantization": {
        "quant_algo": "MIXED_PRECISION", "quantized_layers": {
            "layers.0.mlp.experts.0.up_proj": {"quant_algo": "NVFP4"},
            "layers.0.mlp.experts.1.up_proj": {"quant_algo": "NVFP4"},
            "layers.0.self_attn.q_proj": {"quant_algo": "FP8"}}}}, "nvfp4", None),
])
def test_modelopt_files_with_and_without_a_producer(quant: dict[str, Any], fmt: str,
                                                    kv: str | None) -> None:
    # Nemotron-3-Super's hf_quant_config.json has no producer block; MIXED_PRECISION checkpoints
    # list a quant_algo per module, the experts' one covering most of the weights
    spec = _spec(BASE, hf_quant_config=quant)
    assert spec.quantization is not None
    assert (spec.quantization.method, spec.quantization.weight_format) == ("modelopt", fmt)
    assert spec.quantization.kv_cache_format == kv


def test_an_unknown_modelopt_algorithm_is_named() -> None:
    with pytest.raises(InputFileError, match="ModelOpt quant_algo 'W2A2' is not supported"):
        _spec(BASE, hf_quant_config={"quantization": {"quant_algo": "W2A2"}})


def test_a_trimmed_config_says_so() -> None:
    # aiconfigurator-core ships some configs with fields cut; a missing size is named, not guessed
    trimmed = {k: v for k, v in BASE.items() if k != "hidden_size"}
    with pytest.raises(InputFileError, match=r"missing field 'hidden_size' \(the file looks trimmed"):
        _spec(trimmed)


def test_an_unknown_model_type_is_read_with_a_notice() -> None:
    spec = _spec({**BASE, "model_type": "deepseek_v4", "compress_ratios": [0, 4, 128, 0]})
    assert spec.approximations == (UNKNOWN_MODEL_TYPE_NOTE,)
    assert "{model}" in NOTICE_TEXT[UNKNOWN_MODEL_TYPE_NOTE]
    assert _spec(BASE).approximations == ()
    assert _spec({k: v for k, v in BASE.items() if k != "model_type"}).approximations == ()


def test_a_local_config_with_infinity_loads(tmp_path: Path) -> None:
    # NVIDIA's Nemotron-3-Super config.json writes "time_step_limit": [0.0, Infinity] (not JSON,
    # but what Python's json module writes); a number the importer uses must still be finite
    text = json.dumps({**BASE, "time_step_limit": [0.0, math.inf]})
    assert "Infinity" in text
    (tmp_path / "config.json").write_text(text, encoding="utf-8")
    assert load_local_model(tmp_path).num_layers == 4
    (tmp_path / "config.json").write_text(json.dumps({**BASE, "hidden_size": math.inf}),
                                          encoding="utf-8")
    with pytest.raises(InputFileError, match="hidden_size must be a whole number, not inf"):
        load_local_model(tmp_path)


def test_regex_ignore_patterns_keep_dense_mlps_unquantized() -> None:
    # Kimi-K2.5's compressed-tensors ignore list names dense MLPs by a regular expression
    ignore = ["lm_head", "re:.*self_attn.*", "re:.*mlp\\.(gate|up|gate_up|down)_proj.*"]
    quant = {"quant_method": "compressed-tensors", "ignore": ignore, "config_groups": {
        "group_0": {"weights": {"num_bits": 4, "type": "int", "group_size": 32, "symmetric": True}}}}
    spec = _spec({**BASE, "quantization_config": quant})
    assert spec.quantization is not None
    assert spec.quantization.weight_format == "int4-g32"
    assert (spec.quantization.scope.attention, spec.quantization.scope.dense_mlp) == (False, False)
    assert spec.quantization.scope.experts


@pytest.mark.parametrize("pattern", ["re:(a+)+$", "re:[", "re:" + ".*" * 8 + "mlp", "re:" + "x" * 500])
def test_regex_ignore_patterns_that_could_hang_or_fail_match_nothing(pattern: str) -> None:
    quant = {"quant_method": "fp8", "ignore": [pattern]}
    spec = _spec({**BASE, "quantization_config": quant})
    assert spec.quantization is not None
    assert spec.quantization.scope.dense_mlp
