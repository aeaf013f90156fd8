"""The vision encoder's part of the profiling pass: images encoded at once and their peak (GiB).

vLLM measures the activation peak with one profiling pass that first runs the vision encoder on
the most images it would ever encode at once, so a multimodal model's peak can be set by the
encoder rather than the language model. How many images that is depends on the engine
(``ActivationConstants.multimodal_profiling``, source in ``multimodal_source``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import gib_from_bytes
from gpucalc.core.specs.engine import ActivationConstants, MultimodalProfiling
from gpucalc.core.specs.model_spec import ModelSpec, VisionSpec

ENCODER_TERM = "activation.encoder_gib"


class EncoderProfile(BaseModel):
    """The profiling batch: token budget, sequences, images per prompt, bytes per activation."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    batched_tokens: int = Field(ge=1)
    num_seqs: int = Field(ge=1)
    images_per_prompt: int = Field(default=1, ge=0)
    activation_bytes: int = Field(default=2, ge=1)


def profiled_images(vision: VisionSpec, mode: MultimodalProfiling,
                    profile: EncoderProfile) -> tuple[int, str]:
    """Images the profiling pass encodes at once, with the engine's rule (0: none).

    vLLM V1: the encoder budget max(T, tokens per image) holds budget ÷ tokens-per-image images,
    at most max_num_seqs × images per prompt. vLLM V0: max_num_seqs dummy sequences, cut to
    T ÷ (images per prompt × tokens per image) for decoder-only models, each carrying the most
    images a prompt may have; the encoder-decoder runner (Mllama) keeps all max_num_seqs.
    Tokens per image here are the prompt tokens an image takes (Gemma 3: 256 after pooling).
    """
    item, limit = vision.prompt_tokens_per_item or vision.tokens_per_item, profile.images_per_prompt
    tokens, seqs = profile.batched_tokens, profile.num_seqs
    if item <= 0 or limit <= 0 or vision.hidden_size <= 0:
        return 0, "no vision geometry or no images allowed"
    if mode == MultimodalProfiling.ENCODER_BUDGET:
        return (min(max(tokens, item) // item, seqs * limit),
                "min(max(T, tokens per image) ÷ tokens per image, max_num_seqs × images per prompt)")
    if mode == MultimodalProfiling.SEQS_BY_MM_TOKENS:
        if vision.encoder_decoder:
            return seqs * limit, "max_num_seqs × images per prompt (encoder-decoder profiling)"
        return (max(1, min(seqs, tokens // (limit * item))) * limit,
                "max(1, min(max_num_seqs, T ÷ (images per prompt × tokens per image))) × images")
    return 0, "the engine's measured peak leaves the encoder out"


def encoder_elements_per_token(vision: VisionSpec) -> int:
    """Activation elements live per encoder token at the encoder's peak (in its last MLP).

    Residual stream and its norm output (2 × width), the MLP up-projection and its activation
    (2 × MLP width), and the intermediate-layer features kept for the output (output features −
    width; Mllama keeps 4 extra layers: 7680 − 1280). Attention runs fused (FlashAttention /
    memory-efficient SDPA), so no score matrix is held.
    """
    kept = max(vision.output_features - vision.hidden_size, 0)
    return 2 * vision.hidden_size + 2 * vision.intermediate_size + kept


def encoder_peak_gib(model: ModelSpec, consts: ActivationConstants,
                     profile: EncoderProfile) -> Term | None:
    """Peak of the vision encoder on the profiled images (GiB); None for text-only models."""
    vision = model.vision
    if vision is None or consts.multimodal_profiling == MultimodalProfiling.NONE:
        return None
    images, rule = profiled_images(vision, consts.multimodal_profiling, profile)
    if images <= 0:
        return None
    elements = encoder_elements_per_token(vision)
    tokens = images * vision.tokens_per_item
    value = consts.forward_base_gib + gib_from_bytes(tokens * elements * profile.activation_bytes)
    return term(
        ENCODER_TERM, value, "GiB",
        QT_TRANSLATE_NOOP(
            "Formulas", "base + images × encoder tokens per image × (2 × width + 2 × MLP width + kept "
            "features) × bytes"),
        {"images": images, "images_rule": rule, "tokens_per_image": vision.tokens_per_item,
         "prompt_tokens_per_image": vision.prompt_tokens_per_item,
         "images_per_prompt": profile.images_per_prompt, "width": vision.hidden_size,
         "mlp_width": vision.intermediate_size, "output_features": vision.output_features,
         "elements_per_token": elements, "bytes_per_element": profile.activation_bytes,
         "base_gib": consts.forward_base_gib},
        (consts.multimodal_source or consts.source,),
    )
