"""Nemotron-H hybrids: Mamba-2, attention, MLP and MoE blocks read from hybrid_override_pattern.

NVIDIA-Nemotron-3-Nano-30B-A3B (config from aiconfigurator-core 0.12.0, bundled in the catalog):
23 Mamba-2 blocks, 6 attention blocks and 23 MoE blocks, each block one 'layer'.
"""

from __future__ import annotations

from typing import Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.kv import kv_bytes_per_token, kv_groups
from gpucalc.core.memory.params import mamba_params_per_layer, param_breakdown
from gpucalc.core.specs.model_spec import LayerAttention
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config

NANO = "nvidia-nemotron-3-nano-30b-a3b"
SMALL: dict[str, Any] = {
    "model_type": "nemotron_h", "hidden_size": 64, "num_hidden_layers": 4,
    "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 100,
    "intermediate_size": 128, "hybrid_override_pattern": "M*-E", "mamba_num_heads": 4,
    "mamba_head_dim": 8, "ssm_state_size": 16, "n_groups": 2, "n_routed_experts": 4,
    "num_experts_per_tok": 2, "moe_intermediate_size": 32, "mlp_hidden_act": "relu2",
}


def test_blocks_by_kind(catalog: Catalog) -> None:
    model = catalog.model(NANO)
    assert model.count_layers(LayerAttention.STATE) == 23
    assert model.count_layers(LayerAttention.FULL) == 6
    assert model.count_layers(LayerAttention.NONE) == 23
    assert model.moe is not None
    assert model.moe.num_moe_layers == 23
    assert not model.mlp_gated  # relu2
    assert model.approximations == ()  # the Mamba-2 state is counted (core.state_memory)


def test_kv_bytes_by_hand(catalog: Catalog) -> None:
    # only the 6 attention blocks keep per-token KV: 2 KV heads × 128 × (K + V) × 2 bytes
    model = catalog.model(NANO)
    assert kv_bytes_per_token(kv_groups(model, model.layer_attention, 2.0, 1)) == 6 * 2 * 2 * 128 * 2


def test_mamba_and_expert_params_by_hand(catalog: Catalog) -> None:
    model = catalog.model(NANO)
    hidden, inner, heads = 2688, 64 * 64, 64
    conv_dim = inner + 2 * 8 * 128
    mixer = (hidden * (inner + conv_dim + heads) + conv_dim * 4 + conv_dim + 3 * heads + inner
             + inner * hidden)
    assert mamba_params_per_layer(model) == mixer
    breakdown = param_breakdown(model)
    attention = 2 * hidden * 32 * 128 + 2 * hidden * 2 * 128
    assert breakdown.attention == 23 * mixer + 6 * attention
    assert breakdown.routed_experts == 23 * 128 * 2 * hidden * 1856
    assert breakdown.shared_experts == 23 * 2 * hidden * 3712
    assert breakdown.dense_mlp == 0


def test_latent_moe_experts_work_in_the_latent_width() -> None:
    spec = model_spec_from_config({**SMALL, "moe_latent_size": 16}, model_id="x")
    assert spec.moe is not None
    assert spec.moe.latent_size == 16
    breakdown = param_breakdown(spec)
    assert breakdown.routed_experts == 1 * 4 * 2 * 16 * 32
    assert breakdown.shared_experts == 2 * 64 * 16


def test_small_pattern_reads_every_block_kind() -> None:
    spec = model_spec_from_config(SMALL, model_id="x")
    assert spec.layer_attention == (LayerAttention.STATE, LayerAttention.FULL, LayerAttention.NONE,
                                    LayerAttention.NONE)
    assert spec.layer_mlp_widths == (0, 0, 128, 0)


@pytest.mark.parametrize(("change", "named"), [
    ({"hybrid_override_pattern": "M*-"}, "hybrid_override_pattern has 3 blocks"),
    ({"hybrid_override_pattern": "M*-X"}, "string of M, *, - and E"),
    ({"hybrid_override_pattern": ["M"]}, "hybrid_override_pattern must be a string"),
    ({"mamba_num_heads": "4"}, "mamba_num_heads"),
    ({"ssm_state_size": None}, "ssm_state_size"),
    ({"moe_latent_size": 10**9}, "moe_latent_size"),
])
def test_hostile_values_are_refused_in_one_line(change: dict[str, Any], named: str) -> None:
    with pytest.raises(InputFileError) as info:
        model_spec_from_config({**SMALL, **change}, model_id="x")
    assert named in str(info.value)
    assert "\n" not in str(info.value)
