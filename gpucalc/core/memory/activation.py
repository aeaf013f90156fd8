"""Activation peak memory, as an engine measures it with a profiling pass.

The profiling forward pass runs ``max_num_batched_tokens`` tokens; its transient peak is the MLP
intermediate (gate, up and activation outputs) of every token plus a fixed part. The sampler pass
then materialises logits for ``max_num_seqs`` dummy requests. A multimodal model first runs its
vision encoder on the most images the engine profiles at once. Fused-MoE kernels keep their
workspaces allocated, so those add on top of whichever pass peaks. Activations are held in the
model's compute dtype (2 bytes; 4 with ``--dtype float32``).
"""

from __future__ import annotations

from gpucalc.core.common.explain import Term, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import BYTES_PER_GIB, gib_from_bytes
from gpucalc.core.memory.activation_encoder import EncoderProfile, encoder_peak_gib
from gpucalc.core.specs.engine import ActivationConstants
from gpucalc.core.specs.model_spec import ModelSpec

ACTIVATION_BYTES = 2  # bf16/fp16 activations


def forward_peak_gib(
    model: ModelSpec, consts: ActivationConstants, batched_tokens: int, tp: int,
    activation_bytes: int = ACTIVATION_BYTES,
) -> Term:
    """Transient peak of the profiling forward pass on one GPU (GiB)."""
    width = model.intermediate_size
    if model.moe is not None:
        width = max(width, model.moe.num_shared_experts * model.moe.shared_expert_intermediate_size)
    per_token = consts.mlp_elements_per_token_factor * width / tp * activation_bytes
    value = consts.forward_base_gib + gib_from_bytes(batched_tokens * per_token)
    return term(
        "activation.forward_gib", value, "GiB",
        QT_TRANSLATE_NOOP("Formulas", "base + T × factor × intermediate / tp × bytes per element"),
        {"T (max_num_batched_tokens)": batched_tokens, "factor": consts.mlp_elements_per_token_factor,
         "intermediate": width, "tp": tp, "base_gib": consts.forward_base_gib,
         "bytes_per_element": activation_bytes},
        (consts.source,),
    )


def sampler_peak_gib(
    model: ModelSpec, consts: ActivationConstants, num_seqs: int, batched_tokens: int
) -> Term:
    """Peak of the sampler pass over the dummy batch (last pipeline stage only), GiB."""
    requests = min(num_seqs, batched_tokens)
    num_bytes = consts.sampler_bytes_per_logit * requests * model.vocab_size
    value = consts.sampler_base_gib + num_bytes / BYTES_PER_GIB
    return term(
        "activation.sampler_gib", value, "GiB",
        QT_TRANSLATE_NOOP("Formulas", "base + bytes_per_logit × min(max_num_seqs, T) × vocab"),
        {"max_num_seqs": num_seqs, "vocab": model.vocab_size,
         "bytes_per_logit": consts.sampler_bytes_per_logit, "base_gib": consts.sampler_base_gib},
        (consts.source,),
    )


def moe_workspace_gib(
    model: ModelSpec, consts: ActivationConstants, batched_tokens: int, tp: int, expert_parallel: bool,
    activation_bytes: int = ACTIVATION_BYTES,
) -> Term:
    """Fused-MoE workspaces kept allocated after profiling (GiB); zero for dense models."""
    if model.moe is None or not consts.moe_workspace_persistent:
        return term("activation.moe_workspace_gib", 0.0, "GiB", QT_TRANSLATE_NOOP(
            "Formulas", "dense model: none"))
    width = model.moe.expert_intermediate_size / (1 if expert_parallel else tp)
    hidden = model.hidden_size
    elements = batched_tokens * model.moe.experts_per_token * (max(2 * width, hidden) + max(width, hidden))
    return term(
        "activation.moe_workspace_gib", gib_from_bytes(elements * activation_bytes), "GiB",
        QT_TRANSLATE_NOOP("Formulas", "T × top_k × (max(2N, H) + max(N, H)) × bytes per element"),
        {"T": batched_tokens, "top_k": model.moe.experts_per_token, "N (expert width per rank)": width,
         "H": hidden, "bytes_per_element": activation_bytes},
        (consts.source,),
    )


def activation_peak_gib(
    model: ModelSpec,
    consts: ActivationConstants,
    profile: EncoderProfile,
    tp: int,
    expert_parallel: bool,
    runs_sampler: bool,
) -> tuple[Term, tuple[Term, ...]]:
    """Activation peak per GPU and its parts: max(forward, sampler, vision encoder) + MoE workspace.

    ``profile`` carries the profiling batch (tokens, sequences, images per prompt) and the bytes
    per activation element.
    """
    batched_tokens, num_seqs, size = profile.batched_tokens, profile.num_seqs, profile.activation_bytes
    forward = forward_peak_gib(model, consts, batched_tokens, tp, size)
    parts = [forward]
    peak = forward.value
    if runs_sampler:
        sampler = sampler_peak_gib(model, consts, num_seqs, batched_tokens)
        parts.append(sampler)
        peak = max(peak, sampler.value)
    encoder = encoder_peak_gib(model, consts, profile)
    if encoder is not None:
        parts.append(encoder)
        peak = max(peak, encoder.value)
    workspace = moe_workspace_gib(model, consts, batched_tokens, tp, expert_parallel, size)
    if workspace.value:
        parts.append(workspace)
    total = term(
        "activation_gib_per_gpu", peak + workspace.value, "GiB",
        QT_TRANSLATE_NOOP("Formulas", "max(forward, sampler, vision encoder) + MoE workspace"),
        {p.key: round(p.value, 3) for p in parts}, (consts.source,),
    )
    return total, tuple(parts)
