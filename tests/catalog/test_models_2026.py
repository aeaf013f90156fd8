"""The 2025–2026 catalog models: each imports, matches its publisher's size, and holds the KV cache,
MTP layers and encoder its architecture has — worked by hand, one model per new architecture.

Sizes: within half a unit of the last printed digit plus 1 % (as the reference-pack test), or 5 %
for the sizes publishers round to a marketing figure (named with the reason below). Qwen3-VL names
give the language model's size: the vision encoder is counted on top of it.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.params import param_breakdown
from gpucalc.core.specs.model_spec import LayerAttention
from tests.helpers import plan
from tests.io.model_sizes import kv_per_token, tolerance_b

AICONFIGURATOR = "aiconfigurator-core 0.12.0"

NEW_MODELS = (
    "minimax-m2", "minimax-m2.5", "glm-4.6", "glm-5", "kimi-k2.5", "kimi-vl-a3b-instruct",
    "qwen3.5-397b-a17b", "qwen3.5-122b-a10b", "qwen3.5-35b-a3b", "qwen3.5-27b",
    "qwen3-vl-2b-instruct", "qwen3-vl-4b-instruct", "qwen3-vl-8b-instruct", "qwen3-vl-32b-instruct",
    "qwen3-vl-235b-a22b-instruct", "nvidia-nemotron-3-super-120b-a12b-fp8",
    "nvidia-nemotron-3-ultra-550b-a55b", "qwen1.5-moe-a2.7b-chat", "granite-3.1-8b-instruct",
    "mistral-small-3.1-24b-instruct-2503",
)
# Sizes the publisher rounds: held to 5 %.
MARKETING_SIZES = {
    "kimi-k2.5": "Moonshot prints 1T; the K2 language model's shapes give 1.026T (as Kimi K2)",
}
# Qwen3-VL names state the language model's size only (the entries keep no whole-model figure).
LANGUAGE_MODEL_SIZES: dict[str, float] = {
    "qwen3-vl-2b-instruct": 2, "qwen3-vl-4b-instruct": 4, "qwen3-vl-8b-instruct": 8,
    "qwen3-vl-32b-instruct": 32, "qwen3-vl-235b-a22b-instruct": 235}


def _allowed_b(model_id: str, published_b: float) -> float:
    return 0.05 * published_b if model_id in MARKETING_SIZES else tolerance_b(published_b)


@pytest.mark.parametrize("model_id", NEW_MODELS)
def test_every_new_model_matches_its_published_size(catalog: Catalog, model_id: str) -> None:
    entry = catalog.model_entry(model_id)
    assert entry.published_params.source
    breakdown = param_breakdown(catalog.model(model_id))
    published: float | None = entry.published_params.total_b
    counted = breakdown.total
    if model_id in LANGUAGE_MODEL_SIZES:
        assert published is None
        published, counted = LANGUAGE_MODEL_SIZES[model_id], breakdown.total - breakdown.vision
    assert published is not None, "each new entry states its publisher's size"
    assert abs(counted / 1e9 - published) <= _allowed_b(model_id, published)


def test_package_configs_cite_their_file(catalog: Catalog) -> None:
    cited = [e for e in catalog.models.values() if e.config_source.startswith(AICONFIGURATOR)]
    assert len(cited) >= 14
    for entry in cited:
        assert "aiconfigurator_core/model_configs/" in entry.config_source
        assert "_config.json" in entry.config_source


@pytest.mark.parametrize(("model_id", "kv_bytes"), [
    ("minimax-m2.5", 62 * 2 * 8 * 128 * 2),  # MiniMax-M2: 62 layers × (K + V) × 8 KV heads × 128
    ("qwen1.5-moe-a2.7b-chat", 24 * 2 * 16 * 128 * 2),  # MHA: 16 KV heads
    ("granite-3.1-8b-instruct", 40 * 2 * 8 * 128 * 2),
    ("mistral-small-3.1-24b-instruct-2503", 40 * 2 * 8 * 128 * 2),
    # MLA: one latent (kv_lora_rank 512 + rope 64) per layer, plus the DSA indexer key
    # (index_head_dim 128 FP8 bytes + a 4-byte scale, as DeepSeek-V3.2 in core.kv)
    ("glm-5", 78 * ((512 + 64) * 2 + 128 + 4)),
    ("kimi-k2.5", 61 * (512 + 64) * 2),
    ("kimi-vl-a3b-instruct", 27 * (512 + 64) * 2),
])
def test_kv_bytes_per_token_by_hand(catalog: Catalog, model_id: str, kv_bytes: int) -> None:
    assert kv_per_token(catalog.model(model_id)) == kv_bytes


def test_glm5_reads_the_sparse_attention_indexer(catalog: Catalog) -> None:
    mla = catalog.model("glm-5").mla
    assert mla is not None
    assert (mla.index_n_heads, mla.index_head_dim, mla.index_topk) == (32, 128, 2048)
    assert (mla.q_lora_rank, mla.qk_nope_head_dim, mla.v_head_dim) == (2048, 192, 256)


def test_qwen35_hybrid_kv_bytes_by_hand(catalog: Catalog) -> None:
    # Qwen3.5-397B-A17B: full attention on every 4th of 60 layers (15), 2 KV heads × 256
    model = catalog.model("qwen3.5-397b-a17b")
    assert model.count_layers(LayerAttention.FULL) == 15
    assert model.count_layers(LayerAttention.STATE) == 45
    assert model.attention_output_gate
    assert kv_per_token(model) == 15 * 2 * 2 * 256 * 2


def test_nemotron_3_kv_bytes_by_hand(catalog: Catalog) -> None:
    # Super: 8 attention blocks of 88 ('*' in hybrid_override_pattern); Ultra: 12 'attention' of 108
    # names in layers_block_type; GQA 2 KV heads × 128 in both
    super_ = catalog.model("nvidia-nemotron-3-super-120b-a12b-fp8")
    ultra = catalog.model("nvidia-nemotron-3-ultra-550b-a55b")
    assert (super_.num_layers, super_.num_attention_layers) == (88, 8)
    assert (ultra.num_layers, ultra.num_attention_layers) == (108, 12)
    assert kv_per_token(super_) == 8 * 2 * 2 * 128 * 2
    assert kv_per_token(ultra) == 12 * 2 * 2 * 128 * 2
    assert super_.moe is not None
    assert (super_.moe.num_experts, super_.moe.experts_per_token, super_.moe.latent_size) == (512, 22, 1024)


@pytest.mark.parametrize(("model_id", "mtp"), [
    ("minimax-m2.5", 3), ("minimax-m2", 3), ("glm-5", 1), ("glm-4.6", 1), ("qwen3.5-27b", 1),
    ("qwen3.5-397b-a17b", 1), ("nvidia-nemotron-3-super-120b-a12b-fp8", 1), ("kimi-k2.5", 0),
    ("qwen3-vl-8b-instruct", 0),
])
def test_mtp_layers_are_read(catalog: Catalog, model_id: str, mtp: int) -> None:
    assert catalog.model(model_id).mtp_layers == mtp


def test_checkpoint_quantization_is_read(catalog: Catalog) -> None:
    # Nemotron-3-Super FP8: ModelOpt hf_quant_config.json without a producer block, FP8 KV cache
    quant = catalog.model("nvidia-nemotron-3-super-120b-a12b-fp8").quantization
    assert quant is not None
    assert (quant.method, quant.weight_format, quant.kv_cache_format) == ("modelopt", "fp8", "fp8")
    # Kimi-K2.5: compressed-tensors INT4, group 32, attention left in BF16
    k25 = catalog.model("kimi-k2.5").quantization
    assert k25 is not None
    assert (k25.weight_format, k25.scope.attention) == ("int4-g32", False)
    assert catalog.model("minimax-m2.5").quantization is not None


def test_qwen1_5_moe_params_by_hand(catalog: Catalog) -> None:
    # transformers' Qwen2MoeSparseMoeBlock: 60 experts (gate, up, down of 2048 × 1408), one shared
    # expert of width 5632 and its sigmoid gate (2048 → 1) beside the router (2048 → 60)
    breakdown = param_breakdown(catalog.model("qwen1.5-moe-a2.7b-chat"))
    assert breakdown.routed_experts == 24 * 60 * 3 * 2048 * 1408
    assert breakdown.shared_experts == 24 * 3 * 2048 * 5632
    assert breakdown.router == 24 * (60 + 1) * 2048


@pytest.mark.parametrize("model_id", ["kimi-k2.5", "qwen3.5-35b-a3b", "kimi-vl-a3b-instruct",
                                      "mistral-small-3.1-24b-instruct-2503"])
def test_the_vision_encoder_is_in_the_weight_memory(catalog: Catalog, model_id: str) -> None:
    # the encoder stays in BF16 beside the language model on the first pipeline stage, split by TP
    vision = catalog.model(model_id).vision
    assert vision is not None
    assert vision.params > 0.2e9
    memory = calculate_memory(plan(catalog, model_id, "h200-sxm-141gb", tensor_parallel_size=8))
    encoder = [t for t in memory.stages[0].weights if t.key == "weights.vision"]
    assert len(encoder) == 1
    assert encoder[0].value == pytest.approx(vision.params / 8 * 2 / 2**30)
