"""Engine memory mechanisms beyond vLLM 0.19, each against a case worked by hand from the
engine's source (formulas in specs/engines/*.json ``source`` fields)."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.kv_capacity import sglang_max_running_requests
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.memory.settings import effective_settings, sglang_default_fraction, sglang_graph_max_bs
from gpucalc.core.specs.inputs import Deployment
from tests.helpers import plan

LLAMA = "meta-llama/Llama-3.1-8B-Instruct"
MLLAMA = "meta-llama/Llama-3.2-11B-Vision"
LLAMA_CELL_BYTES = 8 * 128 * 32 * 2 * 2  # KV heads × head_dim × layers × (K, V) × bf16


# --- SGLang 0.5.x: prefill chunk, CUDA-graph batch and reserve by GPU memory -------------------

@pytest.mark.parametrize(("total_gib", "tp", "chunk", "graphs", "fraction"), [
    # 24 GiB (4090): < 35 GiB tier → 2048 / 16; reserved 512 + 2048×1.5 + 16×2 + 1/8×1024 = 3744
    (24.0, 1, 2048, 16, round((24576 - 3744) / 24576, 3)),
    # same GPU at TP 4 → graph batch 80; reserved 512 + 3072 + 160 + 512 = 4256
    (24.0, 4, 2048, 80, round((24576 - 4256) / 24576, 3)),
    # 15 GiB (T4): < 20 GiB tier → 2048 / 8; reserved 512 + 3072 + 16 + 128 = 3728
    (15.0, 1, 2048, 8, round((15360 - 3728) / 15360, 3)),
    # 44 GiB (L40S-class): < 60 GiB → 4096 / 32; reserved 512 + 6144 + 64 + 128 = 6848
    (44.0, 1, 4096, 32, round((45056 - 6848) / 45056, 3)),
    # 79.19 GiB (H100): 8192 / 256; reserved 512 + 12288 + 512 + 128 = 13440 (> the 10 GiB floor)
    (79.19, 1, 8192, 256, round((79.19 * 1024 - 13440) / (79.19 * 1024), 3)),
])
def test_sglang_05_defaults_follow_the_gpu_memory_tier(
        catalog: Catalog, total_gib: float, tp: int, chunk: int, graphs: int, fraction: float) -> None:
    inputs = plan(catalog, LLAMA, engine="sglang", tensor_parallel_size=tp, gpu_memory_gib=total_gib,
                  max_model_len=4096)
    settings = effective_settings(inputs)
    reserve = inputs.engine.sglang_reserve
    assert reserve is not None
    assert settings.max_num_batched_tokens.value == chunk
    assert sglang_graph_max_bs(reserve, total_gib, tp) == graphs
    assert settings.memory_fraction.value == pytest.approx(fraction)


@pytest.mark.parametrize(("tp", "fraction"), [(1, 0.88), (2, 0.87), (4, 0.85), (8, 0.81), (16, 0.79)])
def test_sglang_04_fraction_is_fixed_by_tp_size(catalog: Catalog, tp: int, fraction: float) -> None:
    reserve = catalog.engine("sglang-0.4").sglang_reserve
    assert reserve is not None
    assert sglang_default_fraction(reserve, 79.19, 8192, tp, 1)[0] == pytest.approx(fraction)
    # multimodal models keep 90 % of it for the image processor
    assert sglang_default_fraction(reserve, 79.19, 8192, tp, 1, True)[0] == pytest.approx(
        round(fraction * 0.9, 3))


def test_sglang_04_small_gpus_prefill_in_2048_token_chunks(catalog: Catalog) -> None:
    small = effective_settings(plan(catalog, LLAMA, engine="sglang-0.4", gpu_memory_gib=23.6))
    large = effective_settings(plan(catalog, LLAMA, engine="sglang-0.4", gpu_memory_gib=79.19))
    assert (small.max_num_batched_tokens.value, large.max_num_batched_tokens.value) == (2048, 8192)


def test_sglang_pool_is_the_fraction_of_memory_free_after_the_context_minus_weights(
        catalog: Catalog) -> None:
    inputs = plan(catalog, LLAMA, engine="sglang", gpu_memory_gib=24.0, max_model_len=4096)
    memory = calculate_memory(inputs)
    stage = memory.binding
    fraction = round((24576 - 3744) / 24576, 3)
    kv_gib = fraction * (24.0 - 0.5) - stage.weights_total.value  # non-torch 0.5 GiB at TP 1
    assert stage.kv_cache.value == pytest.approx(kv_gib)
    assert memory.kv_cache_tokens.value == int(kv_gib * BYTES_PER_GIB // LLAMA_CELL_BYTES)


@pytest.mark.parametrize(("tokens", "context", "running"), [
    (447_000, 131_072, 2048),  # table rows 447000/131072×512 = 1746 → raised to 2048
    (3_000, 4_096, 1_500),  # tokens // 2 binds
    (2_000_000, 4_096, 4_096),  # rows 250000 → capped at 4096
])
def test_sglang_max_running_requests(tokens: int, context: int, running: int) -> None:
    assert sglang_max_running_requests(tokens, context) == running


def test_sglang_concurrency_is_capped_by_its_derived_running_requests(catalog: Catalog) -> None:
    inputs = plan(catalog, "qwen2.5-0.5b-instruct", engine="sglang", max_model_len=1024)
    memory = calculate_memory(inputs)
    cap = memory.concurrency_p50.inputs["max_num_seqs"]
    assert cap == sglang_max_running_requests(int(memory.kv_cache_tokens.value), 1024)


# --- vLLM V0 profiling batch ---------------------------------------------------------------------

def test_vllm_v0_profiles_a_whole_prompt_without_chunked_prefill(catalog: Catalog) -> None:
    short = effective_settings(plan(catalog, LLAMA, engine="vllm-v0", max_model_len=20000))
    long_text = effective_settings(plan(catalog, LLAMA, engine="vllm-v0", max_model_len=65536))
    vision = effective_settings(plan(catalog, MLLAMA, engine="vllm-v0", max_model_len=65536))
    assert short.max_num_batched_tokens.value == 20000  # max(max_model_len, 2048)
    assert long_text.max_num_batched_tokens.value == 2048  # > 32K: chunked prefill on
    assert vision.max_num_batched_tokens.value == 65536  # multimodal: chunked prefill stays off


# --- the vision encoder's profiling peak ---------------------------------------------------------

def _encoder_gib(inputs_engine: str, catalog: Catalog, **flags: int) -> float | None:
    deployment = Deployment(engine=inputs_engine, gpu_memory_utilization=0.9, **flags)
    inputs = resolve_inputs(catalog, MLLAMA, "h100-sxm-80gb", deployment)
    parts = {p.key: p for p in calculate_memory(inputs).stages[0].activation_parts}
    part = parts.get("activation.encoder_gib")
    return part.value if part is not None else None


def test_mllama_geometry_from_its_vision_config(catalog: Catalog) -> None:
    vision = catalog.model(MLLAMA).vision
    assert vision is not None
    assert vision.tokens_per_item == 4 * ((560 // 14) ** 2 + 1)  # 4 tiles × (1600 patches + class)
    assert vision.encoder_decoder
    assert (vision.hidden_size, vision.intermediate_size, vision.output_features) == (1280, 5120, 7680)


def test_vllm_v0_encoder_decoder_profiles_an_image_per_dummy_sequence(catalog: Catalog) -> None:
    # 128 sequences × 1 image × 6404 tokens × (2×1280 + 2×5120 + 7680 − 1280 = 19200) × 2 bytes
    expected = 0.43 + 128 * 6404 * 19200 * 2 / BYTES_PER_GIB
    value = _encoder_gib("vllm-v0", catalog, max_model_len=65536, max_num_seqs=128)
    assert value == pytest.approx(expected)
    assert _encoder_gib("vllm-v0", catalog, max_model_len=65536, max_num_seqs=128,
                        limit_mm_per_prompt=2) == pytest.approx(0.43 + 2 * (expected - 0.43))


def test_vllm_v1_encoder_budget_holds_as_many_images_as_the_token_budget(catalog: Catalog) -> None:
    one = 0.43 + 6404 * 19200 * 2 / BYTES_PER_GIB  # max(8192, 6404) // 6404 = 1 image
    assert _encoder_gib("vllm", catalog, max_model_len=8192) == pytest.approx(one)
    three = _encoder_gib("vllm", catalog, max_model_len=8192, max_num_batched_tokens=20000)
    assert three == pytest.approx(0.43 + 3 * (one - 0.43))  # 20000 // 6404 = 3
    assert _encoder_gib("vllm", catalog, max_model_len=8192, limit_mm_per_prompt=0) is None


def test_a_modelled_encoder_replaces_the_not_modelled_notice(catalog: Catalog) -> None:
    vllm = calculate_memory(plan(catalog, MLLAMA, max_model_len=8192))
    sglang = calculate_memory(plan(catalog, MLLAMA, engine="sglang", max_model_len=8192))
    assert "vision_encoder_profile_not_modelled" not in [n.code for n in vllm.notices]
    assert "vision_encoder_profile_not_modelled" in [n.code for n in sglang.notices]


# --- float32 and GPUs without BF16 ---------------------------------------------------------------

def test_float32_doubles_weights_kv_and_forward_activations(catalog: Catalog) -> None:
    def run(dtype: str | None) -> tuple[float, float, float]:
        inputs = resolve_inputs(catalog, LLAMA, "h100-sxm-80gb",
                                Deployment(max_model_len=4096, max_num_seqs=1), dtype=dtype)
        memory = calculate_memory(inputs)
        stage = memory.binding
        forward = next(p for p in stage.activation_parts if p.key == "activation.forward_gib")
        return stage.weights_total.value, memory.kv_bytes_per_token.value, forward.value - 0.43

    w16, kv16, act16 = run(None)
    w32, kv32, act32 = run("float32")
    assert w32 == pytest.approx(2 * w16)
    assert kv32 == pytest.approx(2 * kv16)  # 131072 → 262144 bytes per token
    assert act32 == pytest.approx(2 * act16)


@pytest.mark.parametrize(("gpu", "served"), [("t4-16gb", "fp16"), ("v100-sxm2-32gb", "fp16"),
                                             ("h100-sxm-80gb", "bf16")])
def test_auto_dtype_is_fp16_where_the_gpu_has_no_bf16(catalog: Catalog, gpu: str, served: str) -> None:
    inputs = resolve_inputs(catalog, LLAMA, gpu, Deployment(max_model_len=4096))
    assert inputs.weight_format.id == served


# --- TensorRT-LLM KV dtype from the checkpoint ---------------------------------------------------

@pytest.mark.parametrize(("engine", "kv_flag", "kv"), [
    ("trtllm", "auto", "fp8"),  # hf_quant_config kv_cache_quant_algo FP8, no flag
    ("vllm", "auto", "fp16"),  # vLLM keeps 'auto' at the activation dtype
    ("trtllm", "fp16", "fp16"),  # an explicit dtype wins
])
def test_trtllm_takes_fp8_kv_from_an_fp8_checkpoint(
        catalog: Catalog, engine: str, kv_flag: str, kv: str) -> None:
    inputs = plan(catalog, "llama-3.1-70b-instruct-fp8", engine=engine, tensor_parallel_size=2,
                  kv_cache_dtype=kv_flag)
    assert inputs.kv_format.id == kv


def test_gemma3_budget_counts_pooled_prompt_tokens_but_encodes_every_patch(catalog: Catalog) -> None:
    vision = catalog.model("gemma-3-12b-it").vision
    assert vision is not None
    assert (vision.tokens_per_item, vision.prompt_tokens_per_item) == (64 * 64, 256)  # SigLIP: no class
    inputs = plan(catalog, "gemma-3-12b-it", max_model_len=8192)
    parts = {p.key: p for p in calculate_memory(inputs).stages[0].activation_parts}
    # 8192 // 256 = 32 images × 4096 patches × (2×1152 + 2×4304) elements × 2 bytes
    expected = 0.43 + 32 * 4096 * (2 * 1152 + 2 * 4304) * 2 / BYTES_PER_GIB
    assert parts["activation.encoder_gib"].value == pytest.approx(expected)
