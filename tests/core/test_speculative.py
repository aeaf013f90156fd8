"""Speculative decoding: acceptance, draft memory and the step model, against hand-worked cases.

Engine behaviour cited: vLLM v1 ``vllm/v1/spec_decode/eagle.py`` (EagleProposer: the draft's
layers get their own KV in the same KV-cache groups; embedding and lm_head shared with the
target; ``num_speculative_tokens`` sequential draft passes; the target verifies k + 1 tokens per
request) and ``vllm/model_executor/models/deepseek_mtp.py`` (one MTP layer: a full decoder layer
plus ``eh_proj`` 2h → h). Acceptance length τ = (1 − α^(k+1)) ÷ (1 − α): Leviathan et al. 2023,
"Fast Inference from Transformers via Speculative Decoding", eq. 1.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from pydantic import ValidationError

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.ceilings import three_ceilings
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.units import BYTES_PER_GIB
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.speculative_inputs import (
    SpecMethod,
    SpeculativeDecoding,
    acceptance_length,
    tokens_per_step_from_rate,
)
from gpucalc.core.step.speculative_step import SpeculativeStepModel
from tests.helpers import plan

EAGLE = SpeculativeDecoding(method=SpecMethod.EAGLE, num_speculative_tokens=3, acceptance_rate=0.7)
LLAMA_8B = "llama-3.1-8b-instruct"
H100 = "h100-sxm-80gb"


def test_acceptance_length_from_the_rate_by_hand() -> None:
    """α = 0.8, k = 3: τ = 1 + 0.8 + 0.64 + 0.512 = 2.952; α = 0.85, k = 1: 1.85 (MTP)."""
    assert tokens_per_step_from_rate(0.8, 3) == pytest.approx(2.952)
    assert tokens_per_step_from_rate(0.85, 1) == pytest.approx(1.85)
    assert tokens_per_step_from_rate(0.0, 5) == 1.0
    mtp = acceptance_length(SpeculativeDecoding(method=SpecMethod.MTP))
    assert mtp.value == pytest.approx(1.85)  # DeepSeek-V3 report §5.4.3: 85 % second token
    assert mtp.sources  # the default is sourced


def test_an_entered_acceptance_length_wins_and_is_bounded_by_the_draft() -> None:
    spec = SpeculativeDecoding(method=SpecMethod.EAGLE3, num_speculative_tokens=3,
                               acceptance_length=3.4)
    assert acceptance_length(spec).value == 3.4
    with pytest.raises(ValidationError, match="at most"):
        SpeculativeDecoding(method=SpecMethod.EAGLE, num_speculative_tokens=2, acceptance_length=3.5)
    with pytest.raises(ValidationError, match="not both"):
        SpeculativeDecoding(method=SpecMethod.EAGLE, acceptance_length=1.5, acceptance_rate=0.5)
    with pytest.raises(ValidationError, match="draft_model"):
        SpeculativeDecoding(method=SpecMethod.DRAFT_MODEL)


def test_deepseek_v3_mtp_layer_memory_by_hand(catalog: Catalog) -> None:
    """One MTP layer (config num_nextn_predict_layers 1) at TP 8, FP8 body, eh_proj in BF16.

    MLA attention: q_a 7168×1536 and kv_a 7168×576 replicated, q_b 1536×128×192, kv_b
    512×128×256, o 128×128×7168 split; MoE: 256 experts × 3 × 7168 × 2048 + 1 shared expert +
    router 7168 × 256, split over 8 ranks; eh_proj 2 × 7168² replicated, 2 bytes.
    """
    inputs = plan(catalog, "deepseek-v3", "h200-sxm-141gb", tensor_parallel_size=8,
                  speculative_config=SpeculativeDecoding(method=SpecMethod.MTP))
    assert inputs.model.mtp_layers == 1
    replicated = 7168 * 1536 + 7168 * 576
    split = 1536 * 128 * 192 + 512 * 128 * 256 + 128 * 128 * 7168
    moe = 256 * 3 * 7168 * 2048 + 3 * 7168 * 2048 + 7168 * 256
    fp8_bytes = inputs.weight_format.bits_per_weight / 8
    expected = (replicated + (split + moe) / 8) * fp8_bytes + 2 * 7168 * 7168 * 2
    memory = calculate_memory(inputs)
    draft = next(w for w in memory.stages[-1].weights if w.key == "weights.speculative_draft")
    assert draft.value * BYTES_PER_GIB == pytest.approx(expected, rel=0.01)
    assert 1.4 < draft.value < 1.7  # GiB per GPU: the 14 B module less the shared head, ÷ 8
    plain = calculate_memory(plan(catalog, "deepseek-v3", "h200-sxm-141gb", tensor_parallel_size=8))
    # the MTP layer keeps one more latent per token: 62 KV layers instead of 61
    assert memory.kv_bytes_per_token_per_gpu.value == pytest.approx(
        plain.kv_bytes_per_token_per_gpu.value * 62 / 61)
    assert memory.kv_cache_tokens.value < plain.kv_cache_tokens.value
    assert plain.params.total.value == pytest.approx(671e9, rel=0.02)  # MTP not in the count


def test_mtp_on_a_model_without_mtp_layers_is_a_coded_error(catalog: Catalog) -> None:
    inputs = plan(catalog, LLAMA_8B, H100, speculative_config=SpeculativeDecoding(method="mtp"))
    with pytest.raises(PlanError) as caught:
        calculate_memory(inputs)
    assert caught.value.code == "speculative_no_mtp_layers"


def _steps(catalog: Catalog, spec: SpeculativeDecoding, model: str = LLAMA_8B,
           tp: int = 1) -> SpeculativeStepModel:
    inputs = plan(catalog, model, H100, speculative_config=spec, tensor_parallel_size=tp)
    step = build_context(inputs, calculate_memory(inputs)).step
    assert isinstance(step, SpeculativeStepModel)
    return step


def test_tpot_at_batch_1_falls_by_tau_over_one_plus_the_draft_share(catalog: Catalog) -> None:
    """Batch 1 is weight-bound: verifying 4 tokens costs about one plain step, and each of the
    3 EAGLE passes reads the head (one layer + fc, BF16) and the shared lm_head (128256 × 4096,
    BF16). TPOT = (plain step + 3 draft passes) ÷ τ, τ = 1 + 0.7 + 0.49 + 0.343 = 2.533."""
    step = _steps(catalog, EAGLE)
    context = 1024.0
    plain = step.plain().step_seconds(1, 0, context)
    head = (4096 * (4096 + 1024 + 1024 + 4096) + 3 * 4096 * 14336 + 2 * 4096 * 4096) * 2
    lm_head = 128256 * 4096 * 2
    draft = 3 * (head + lm_head) / step.memory_bytes_per_s
    tau = 2.533
    assert step.step_seconds(1, 0, context) == pytest.approx((plain + draft) / tau, rel=0.05)
    speedup = plain / step.step_seconds(1, 0, context)
    assert speedup == pytest.approx(tau / (1 + draft / plain), rel=0.05)
    assert speedup > 1.8


def test_the_gain_shrinks_as_the_batch_grows(catalog: Catalog) -> None:
    step = _steps(catalog, EAGLE)
    plain = step.plain()
    gains = [plain.step_seconds(n, 0, 1280) / step.step_seconds(n, 0, 1280)
             for n in (1, 128, 512, 1024)]
    assert all(a > b for a, b in itertools.pairwise(gains))
    assert gains[-1] < 0.7 * gains[0]  # compute-bound verification of 4 tokens per request
    draft = _steps(catalog, SpeculativeDecoding(method="draft", num_speculative_tokens=4,
                                                draft_model="llama-3.2-1b-instruct",
                                                acceptance_rate=0.6),
                   "llama-3.1-70b-instruct", tp=4)
    large = draft.plain().step_seconds(512, 0, 1280) / draft.step_seconds(512, 0, 1280)
    assert large < 1.0  # verification of 5 tokens × 512 requests is compute-bound: a loss


def test_array_and_scalar_paths_agree(catalog: Catalog) -> None:
    step = _steps(catalog, EAGLE)
    decode = np.array([0.0, 1.0, 7.0, 300.0])
    prefill = np.array([2048.0, 4.0, 0.0, 512.0])
    many = step.step_seconds_many(decode, prefill, 1500.0, 600.0)
    for i in range(4):
        assert many[i] == pytest.approx(step.step_seconds(decode[i], prefill[i], 1500.0, 600.0))
    assert many[0] == step.plain().step_seconds(0.0, 2048.0, 1500.0, 600.0)  # no decodes: plain


def test_compute_ceiling_and_throughput_follow_the_speculative_step(catalog: Catalog) -> None:
    """A 6 ms TPOT target: no plain batch of Llama-3.1-8B meets it on one H100 (8 ms a step);
    EAGLE with τ ≈ 2.5 does, so the compute ceiling opens and the load curve carries more."""
    from gpucalc.core.specs.inputs import Targets
    plain_inputs = plan(catalog, LLAMA_8B, H100)
    fast_inputs = plan(catalog, LLAMA_8B, H100, speculative_config=EAGLE)
    tight = Targets(tpot_ms=6.0)
    plain_inputs, fast_inputs = (i.model_copy(update={"targets": tight})
                                 for i in (plain_inputs, fast_inputs))
    ceilings = {}
    for name, inputs in (("plain", plain_inputs), ("fast", fast_inputs)):
        ctx = build_context(inputs, calculate_memory(inputs))
        ceilings[name] = next(c for c in three_ceilings(ctx, inputs) if c.kind == CeilingKind.COMPUTE)
    assert ceilings["plain"].value.value == 0
    assert ceilings["fast"].value.value > 0
    plain_perf, fast_perf = calculate(plain_inputs).performance, calculate(fast_inputs).performance
    assert plain_perf is not None
    assert fast_perf is not None
    assert fast_perf.speculative is not None
    assert plain_perf.speculative is None
    assert fast_perf.speculative.speedup_at_batch_1.value > fast_perf.speculative.speedup_at_knee.value


def test_ngram_holds_no_draft_and_costs_no_kv(catalog: Catalog) -> None:
    spec = SpeculativeDecoding(method="ngram", num_speculative_tokens=3)
    memory = calculate_memory(plan(catalog, LLAMA_8B, H100, speculative_config=spec))
    plain = calculate_memory(plan(catalog, LLAMA_8B, H100))
    assert memory.kv_cache_tokens.value == plain.kv_cache_tokens.value
    assert not any(w.key == "weights.speculative_draft" for w in memory.stages[-1].weights)


def test_notices_for_a_long_draft_an_assumed_acceptance_and_a_loss(catalog: Catalog) -> None:
    long_draft = SpeculativeDecoding(method="draft", num_speculative_tokens=12,
                                     draft_model="llama-3.2-1b-instruct")
    result = calculate(plan(catalog, "llama-3.1-70b-instruct", H100, tensor_parallel_size=4,
                            speculative_config=long_draft))
    assert result.performance is not None
    codes = {n.code for n in result.performance.notices}
    assert {"speculative_tokens_large", "speculative_acceptance_assumed"} <= codes
    measured = long_draft.model_copy(update={"acceptance_length": 1.2})
    slow = calculate(plan(catalog, "llama-3.1-70b-instruct", H100, tensor_parallel_size=4,
                          speculative_config=measured))
    assert slow.performance is not None
    assert "speculative_slower_at_knee" in {n.code for n in slow.performance.notices}
