"""The verbatim config.json files of the shared reference pack, as the catalog bundles them.

Every catalog entry whose config is a verbatim reference-pack file imports, and its parameter
count matches the size its publisher states (``published_params``, each with its card cited in
the entry). KV bytes per token are worked by hand for GQA, MLA, hybrid linear-attention and
attention-free (Nemotron-NAS) layers; parameter counts by hand for the layer kinds the importer
reads beyond a uniform decoder.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.kv import kv_groups
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.params import (
    indexer_params_per_layer,
    linear_attention_params_per_layer,
    param_breakdown,
)
from gpucalc.core.specs.model_spec import LayerAttention
from gpucalc.io.hf_layers import (
    NAS_MIXED_KV_HEADS,
    NAS_REPLACED_WITH_LINEAR,
    NAS_WINDOWED_BLOCKS,
    STATE_GEOMETRY_UNKNOWN,
    nas_ffn_width,
)
from gpucalc.io.hf_vision import QWEN_VL_RESOLUTION_NOTE
from gpucalc.text.catalogue import translate
from gpucalc.text.notices import NOTICE_TEXT, notice_text
from tests.helpers import plan
from tests.io.model_sizes import BF16
from tests.io.model_sizes import kv_per_token as _kv_per_token
from tests.io.model_sizes import tolerance_b as _tolerance_b

REFERENCE_PACK = "verbatim: shared reference pack"
IMPORT_NOTICES = (NAS_MIXED_KV_HEADS,
                  NAS_REPLACED_WITH_LINEAR, NAS_WINDOWED_BLOCKS, STATE_GEOMETRY_UNKNOWN,
                  QWEN_VL_RESOLUTION_NOTE)


def _reference_entries(catalog: Catalog) -> list[str]:
    return [e.id for e in catalog.models.values() if e.config_source.startswith(REFERENCE_PACK)]


def test_the_reference_pack_is_in_the_catalog(catalog: Catalog) -> None:
    ids = set(_reference_entries(catalog))
    new = {"codellama-34b-instruct-hf", "qwen2.5-vl-7b-instruct", "qwen3-vl-30b-a3b-instruct",
           "qwen3-next-80b-a3b-thinking", "deepseek-v3.2", "llama-3.3-nemotron-super-49b-v1"}
    assert new <= ids
    assert len(ids) >= 50


# Publisher figures that are not the tensor count, held to the catalog-wide 5 % band instead.
MARKETING_SIZES = {
    "phi-4": "Microsoft prints 14B; the checkpoint holds 14.66 B parameters",
    "kimi-k2-instruct": "the K2 report's 1.04T is 1.3 % above the count from shapes; the card says 1T",
}


def test_every_reference_config_matches_its_published_size(catalog: Catalog) -> None:
    misses = []
    for entry_id in _reference_entries(catalog):
        published = catalog.model_entry(entry_id).published_params.total_b
        if published is None:
            continue
        total_b = param_breakdown(catalog.model(entry_id)).total / 1e9
        allowed = 0.05 * published if entry_id in MARKETING_SIZES else _tolerance_b(published)
        if abs(total_b - published) > allowed:
            misses.append((entry_id, round(total_b, 2), published))
    assert not misses


@pytest.mark.parametrize(("model_id", "published_b"), [
    ("codellama-34b-instruct-hf", 34),  # Code Llama paper / model card: 34B
    ("qwen2.5-vl-7b-instruct", 8.29),  # HF page: 8.29B with the vision encoder
    ("qwen3-vl-30b-a3b-instruct", 31.1),  # HF page: 31.1B with the vision encoder
    ("qwen3-next-80b-a3b-thinking", 80),  # model card: 80B total
    ("deepseek-v3.2", 671),  # 685B on the HF page less the 14B MTP module (V3 report)
    ("llama-3.3-nemotron-super-49b-v1", 49.9),  # HF page: 49.9B
])
def test_new_architectures_match_their_cards(catalog: Catalog, model_id: str,
                                             published_b: float) -> None:
    total_b = param_breakdown(catalog.model(model_id)).total / 1e9
    assert abs(total_b - published_b) <= _tolerance_b(published_b)


def test_gqa_kv_bytes_by_hand(catalog: Catalog) -> None:
    # Code Llama 34B: 48 layers × (K + V) × 8 KV heads × 128 × 2 bytes
    assert _kv_per_token(catalog.model("codellama-34b-instruct-hf")) == 48 * 2 * 8 * 128 * 2


def test_mla_kv_bytes_by_hand(catalog: Catalog) -> None:
    # DeepSeek-V3.2: 61 layers × ((kv_lora_rank 512 + rope 64) × 2 bytes + the indexer's FP8 key
    # of 128 bytes and its float32 scale); one latent per token
    model = catalog.model("deepseek-v3.2")
    assert _kv_per_token(model) == 61 * ((512 + 64) * 2 + 128 + 4)
    assert model.mla is not None
    assert (model.mla.index_n_heads, model.mla.index_head_dim, model.mla.index_topk) == (64, 128, 2048)


def test_hybrid_linear_attention_kv_bytes_by_hand(catalog: Catalog) -> None:
    # Qwen3-Next: full attention on every 4th of 48 layers (12), GQA 2 KV heads × 256;
    # the 36 linear-attention layers keep a state, not per-token KV.
    model = catalog.model("qwen3-next-80b-a3b-thinking")
    assert model.count_layers(LayerAttention.FULL) == 12
    assert model.count_layers(LayerAttention.STATE) == 36
    assert model.layer_attention[3] == LayerAttention.FULL
    assert model.layer_attention[0] == LayerAttention.STATE
    assert _kv_per_token(model) == 12 * 2 * 2 * 256 * 2


def test_sliding_window_kv_groups_by_hand(catalog: Catalog) -> None:
    # gpt-oss-20b: 24 layers alternate a 128-token sliding window and full attention
    model = catalog.model("gpt-oss-20b")
    groups = {g.kind: g for g in kv_groups(model, model.layer_attention, BF16, 1)}
    assert groups[LayerAttention.SLIDING].num_layers == 12
    assert groups[LayerAttention.SLIDING].window_tokens == 128
    assert groups[LayerAttention.FULL].num_layers == 12
    assert _kv_per_token(model) == 24 * 2 * 8 * 64 * 2


def test_attention_free_layers_hold_no_kv(catalog: Catalog) -> None:
    # Nemotron-Super: attention in 49 of 80 blocks (8 KV heads × 128), no_op in the other 31
    model = catalog.model("llama-3.3-nemotron-super-49b-v1")
    assert model.count_layers(LayerAttention.NONE) == 31
    assert model.num_attention_layers == 49
    assert model.num_kv_heads == 8
    assert _kv_per_token(model) == 49 * 2 * 8 * 128 * 2


def test_nemotron_ffn_widths_by_hand(catalog: Catalog) -> None:
    # DeciLM: width = 2 · ffn_mult · hidden / 3 rounded up to a multiple of 256 (hidden 8192)
    assert [nas_ffn_width(m, 8192) for m in (5.25, 2.625, 3.28125, 1.3125, 1.0, 0.5)] == [
        28672, 14336, 17920, 7168, 5632, 2816]
    model = catalog.model("llama-3.3-nemotron-super-49b-v1")
    widths = 49 * 28672 + 6 * 14336 + 17920 + 10 * 7168 + 8 * 5632 + 6 * 2816
    breakdown = param_breakdown(model)
    assert breakdown.dense_mlp == 3 * 8192 * widths
    assert breakdown.attention == 49 * (2 * 8192 * 8192 + 2 * 8192 * 1024)
    assert model.intermediate_size == 28672


def test_linear_attention_params_by_hand(catalog: Catalog) -> None:
    model = catalog.model("qwen3-next-80b-a3b-thinking")
    key, value, hidden = 16 * 128, 32 * 128, 2048
    projections = hidden * (2 * key + 2 * value) + hidden * 2 * 32
    conv = (2 * key + value) * 4
    expected = projections + conv + 2 * 32 + 128 + value * hidden
    assert linear_attention_params_per_layer(model) == expected
    # gated full attention: q_proj carries a second, query-sized gate output
    q, kv = 16 * 256, 2 * 256
    full = hidden * q * 2 + 2 * hidden * kv + q * hidden
    assert param_breakdown(model).attention == 36 * expected + 12 * full


def test_sparse_attention_indexer_params_by_hand(catalog: Catalog) -> None:
    model = catalog.model("deepseek-v3.2")
    expected = 1536 * 64 * 128 + 7168 * 128 + 2 * 128 + 7168 * 64
    assert indexer_params_per_layer(model) == expected
    v3 = param_breakdown(catalog.model("deepseek-v3")).attention
    assert param_breakdown(model).attention == v3 + 61 * expected


def test_qwen25_vl_vision_tower_by_hand(catalog: Catalog) -> None:
    h, i, out = 1280, 3420, 3584
    layer = 2 * h + 3 * h * h + 3 * h + h * h + h + 3 * h * i + 2 * i + h  # RMSNorm, gated MLP
    merged = 4 * h
    merger = h + merged * merged + merged + merged * out + out
    expected = 32 * layer + 3 * 2 * 14 * 14 * h + merger
    vision = catalog.model("qwen2.5-vl-7b-instruct").vision
    assert vision is not None
    assert vision.params == expected
    assert vision.prompt_tokens_per_item == (448 // 14) ** 2 // 4


def test_qwen3_vl_vision_tower_by_hand(catalog: Catalog) -> None:
    h, i, out = 1152, 4304, 2048
    layer = 4 * h + 3 * h * h + 3 * h + h * h + h + 2 * h * i + i + h  # LayerNorm, plain MLP
    merged = 4 * h
    merger_mlp = merged * merged + merged + merged * out + out
    embed = 3 * 2 * 16 * 16 * h + h + 2304 * h
    expected = 27 * layer + embed + (2 * h + merger_mlp) + 3 * (2 * merged + merger_mlp)
    model = catalog.model("qwen3-vl-30b-a3b-instruct")
    assert model.vision is not None
    assert model.vision.params == expected
    assert model.moe is not None
    assert (model.moe.num_experts, model.moe.experts_per_token) == (128, 8)


def test_what_is_approximated_is_stated(catalog: Catalog) -> None:
    # linear-attention state and the sparse-attention indexer are counted (core.state_memory, core.kv)
    assert catalog.model("qwen3-next-80b-a3b-thinking").approximations == ()
    assert catalog.model("deepseek-v3.2").approximations == ()
    assert catalog.model("qwen2.5-vl-7b-instruct").approximations == (
        "import_image_tokens_at_assumed_size",)
    assert catalog.model("codellama-34b-instruct-hf").approximations == ()
    assert catalog.model("llama-3.3-nemotron-super-49b-v1").approximations == ()


@pytest.mark.parametrize("code", [*IMPORT_NOTICES])
def test_every_import_notice_is_worded_in_both_languages(code: str) -> None:
    assert "{model}" in NOTICE_TEXT[code]
    assert "{model}" in translate("Notices", NOTICE_TEXT[code], "zh") != NOTICE_TEXT[code]


def test_the_plan_carries_the_import_notice(catalog: Catalog) -> None:
    inputs = plan(catalog, "qwen2.5-vl-7b-instruct", "h200-sxm-141gb")
    notices = calculate_memory(inputs).notices
    found = [n for n in notices if n.code == "import_image_tokens_at_assumed_size"]
    assert len(found) == 1
    assert notice_text(found[0], "zh").startswith(f"{inputs.model.name}：")
