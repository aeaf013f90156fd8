"""'Does not fit' only where the engine itself refuses, with the figures the engine prints.

vLLM V1 refuses when one max_model_len request's KV (sliding layers at their window) exceeds the
KV memory; vLLM V0 when max_model_len exceeds the KV tokens; SGLang and TensorRT-LLM start and
cap requests at the pool.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.errors import EXIT_DOES_NOT_FIT
from gpucalc.cli.main import main
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv import vllm_estimated_max_model_len, vllm_max_len_kv_bytes
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.model_spec import LayerAttention
from tests.helpers import plan

LONG = 131072
MIB = 2**20


def test_vllm_refuses_a_full_context_llama_on_a_24gb_card_with_its_numbers(catalog: Catalog) -> None:
    memory = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", "l4-24gb", max_model_len=LONG))
    assert not memory.fits
    (notice,) = memory.blocking_notices
    assert notice.code == "max_model_len_kv_exceeds_memory"
    available = memory.binding.kv_cache.value
    # 32 layers × 131,072 tokens × 4,096 B (8 KV heads × 128 × 2 × 2 B) = exactly 16 GiB
    assert notice.params["needed_gib"] == 16.0
    assert notice.params["available_gib"] == round(available, 2)
    # vLLM's estimate: whole 16-token blocks of 32 × 4,096 B per token = 2 MiB per block
    blocks = int(available * BYTES_PER_GIB // (2 * MIB))
    assert notice.params["estimated_max_len"] == blocks * 16
    assert calculate(plan(catalog, "llama-3.1-8b-instruct", "l4-24gb",
                          max_model_len=LONG)).performance is None


def test_vllm_v0_refuses_with_the_kv_tokens(catalog: Catalog) -> None:
    memory = calculate_memory(plan(catalog, "llama-3.1-8b-instruct", "l4-24gb", max_model_len=LONG,
                                   engine="vllm-v0"))
    (notice,) = memory.blocking_notices
    assert notice.code == "max_model_len_exceeds_kv"
    assert notice.params == {"max_model_len": LONG, "kv_tokens": memory.kv_cache_tokens.value}


@pytest.mark.parametrize(("engine", "reserved"), [("sglang", 1), ("trtllm", 0)])
def test_pool_capped_engines_start_and_serve(catalog: Catalog, engine: str, reserved: int) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct", "l4-24gb", max_model_len=LONG, engine=engine)
    result = calculate(inputs)
    memory = result.memory
    assert memory.kv_cache_tokens.value < LONG
    assert memory.fits
    assert not memory.blocking_notices
    (notice,) = [n for n in memory.notices if n.code == "kv_pool_caps_requests"]
    assert notice.params["max_request_tokens"] == memory.kv_cache_tokens.value - reserved
    assert notice.params["max_model_len"] == LONG
    assert result.performance is not None
    assert result.performance.recommended_concurrency.value >= 1


def test_gemma3_27b_serves_full_context_on_one_h100_under_vllm(catalog: Catalog) -> None:
    """Hand-worked vLLM V1 check: only the 1,024-token window counts on the 52 sliding layers."""
    inputs = plan(catalog, "gemma-3-27b-it", max_model_len=LONG)
    memory = calculate_memory(inputs)
    stage = memory.binding
    page = 16 * 8192  # 16 tokens × 2 (K, V) × 16 KV heads × 128 head_dim × 2 B
    full = 10 * (LONG // 16) * page  # 10 global layers hold all 131,072 tokens: 10 GiB
    sliding = 52 * (-(-(1024 - 1 + 8192) // 16) + 1) * page  # 577 blocks on each local layer
    assert vllm_max_len_kv_bytes(stage.kv_groups, LONG, 8192, 16) == full + sliding
    assert (full + sliding) / BYTES_PER_GIB == pytest.approx(13.66, abs=0.01)
    assert stage.kv_cache.value * BYTES_PER_GIB > full + sliding
    assert memory.fits
    assert not memory.blocking_notices
    # counted as full attention (what the fit check must not do) it would need 62 GiB
    assert stage.kv_cache.value * BYTES_PER_GIB < 62 * LONG * 8192


def test_gpt_oss_20b_serves_full_context_on_a_20_gib_card_under_vllm(catalog: Catalog) -> None:
    inputs = plan(catalog, "gpt-oss-20b", "l4-24gb", max_model_len=LONG, gpu_memory_gib=20.0)
    model = inputs.model
    assert model.count_layers(LayerAttention.SLIDING) == 12
    assert model.count_layers(LayerAttention.FULL) == 12
    assert model.sliding_window == 128
    memory = calculate_memory(inputs)
    stage = memory.binding
    per_token_layer = 2 * 8 * 64 * 2  # K and V × 8 KV heads × 64 head_dim × 2 B
    batched = int(memory.settings.max_num_batched_tokens.value)
    assert batched == 2048
    full = 12 * LONG * per_token_layer  # 3 GiB
    sliding = 12 * (-(-(128 - 1 + batched) // 16) + 1) * 16 * per_token_layer  # 137 blocks
    assert vllm_max_len_kv_bytes(stage.kv_groups, LONG, batched, 16) == full + sliding
    available = stage.kv_cache.value * BYTES_PER_GIB
    assert full + sliding < available < 24 * LONG * per_token_layer  # fits only windowed
    assert memory.fits
    assert calculate(inputs).performance is not None


def test_estimated_max_model_len_is_the_longest_that_fits(catalog: Catalog) -> None:
    inputs = plan(catalog, "gemma-2-9b-it", "l4-24gb", max_model_len=8192)
    groups = calculate_memory(inputs).binding.kv_groups
    budget = 1.5 * BYTES_PER_GIB
    longest = vllm_estimated_max_model_len(groups, budget, 8192, 2048, 16)
    assert vllm_max_len_kv_bytes(groups, longest, 2048, 16) <= budget
    assert vllm_max_len_kv_bytes(groups, longest + 1, 2048, 16) > budget
    assert vllm_estimated_max_model_len(groups, 0.0, 8192, 2048, 16) == 0


def test_command_line_exit_follows_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["estimate", "llama-3.1-8b-instruct", "--gpu", "l4-24gb", "--max-model-len", str(LONG)]
    assert main(args) == EXIT_DOES_NOT_FIT
    err = capsys.readouterr().err
    assert "vLLM would refuse to start" in err
    assert "16.0 GiB" in err
    assert main([*args, "--engine", "sglang"]) == 0
    assert "SGLang starts with a KV pool" in capsys.readouterr().out
