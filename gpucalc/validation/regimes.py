"""Regime tags of a scored validation row: what kind of deployment and load it measures.

The accuracy benchmark records every row's out-of-sample error with these tags, so a band can
be sized from the residuals of its own regime (dense or MoE, measured or mapped kernels, DP + EP,
speculative, finite runs, …). :data:`VOCABULARY` is the closed set of values each tag takes.
"""

from __future__ import annotations

from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.kernel_surfaces import kernel_profile
from gpucalc.core.specs.model_spec import LayerAttention

VOCABULARY: dict[str, tuple[str, ...]] = {
    # mla: multi-head latent attention (DeepSeek, Kimi; all of them MoE); hybrid: full attention
    # mixed with sliding-window, chunked or linear-attention layers (Gemma 2/3, gpt-oss,
    # Llama 4, Qwen3-Next; MoE or not); moe: experts with full attention; dense: the rest
    "architecture": ("dense", "moe", "mla", "hybrid"),
    "moe": ("no", "yes"),
    "engine": ("vllm", "vllm-v0", "sglang", "sglang-0.4", "trtllm"),
    # the GPU's own measured kernel tables, another GPU's mapped onto it, or none
    "gpu_kernels": ("measured", "mapped", "none"),
    "vendor": ("nvidia", "amd", "other"),
    # dp_ep: DP attention with expert parallel; ep: expert parallel over the TP group
    "parallel": ("single", "tp", "pp", "dp", "ep", "dp_ep"),
    "speculative": ("no", "yes"),
    # startup: a start-up log; steady_offline: a saturated max-throughput or static-batch run;
    # finite_all_at_once: a finite set of requests sent at once; poisson: a request rate;
    # constant: evenly spaced sends; closed_loop: a fixed number of clients
    "arrival": ("startup", "steady_offline", "finite_all_at_once", "poisson", "constant",
                "closed_loop"),
    "precision": ("fp32", "bf16", "fp16", "fp8", "int8", "int4", "mxfp4", "nvfp4", "other"),
    "kv_precision": ("16-bit", "fp8", "other"),
}
TAG_NAMES = tuple(VOCABULARY)


def architecture(inputs: PlanInputs) -> str:
    """dense, moe, mla or hybrid (see :data:`VOCABULARY`)."""
    model = inputs.model
    if model.mla is not None:
        return "mla"
    spans = set(model.layer_attention)
    if spans & {LayerAttention.SLIDING, LayerAttention.CHUNKED, LayerAttention.STATE}:
        return "hybrid"
    return "moe" if model.moe is not None else "dense"


def gpu_kernels(inputs: PlanInputs) -> str:
    """measured, mapped or none: where the step model's kernel tables come from."""
    profile = kernel_profile(inputs.kernels, inputs.gpu.id, inputs.engine.id)
    if profile is None:
        return "none"
    return "mapped" if profile.mapped else "measured"


def vendor(inputs: PlanInputs) -> str:
    """nvidia, amd or other: the catalog GPU's vendor."""
    name = (inputs.gpu.vendor or "").lower()
    return name if name in {"nvidia", "amd"} else "other"


def parallel(inputs: PlanInputs) -> str:
    """single, tp, pp, dp, ep or dp_ep, from the deployment's layout."""
    dep = inputs.deployment
    if dep.enable_expert_parallel and inputs.model.moe is not None:
        return "dp_ep" if dep.data_parallel_size > 1 else "ep"
    if dep.data_parallel_size > 1:
        return "dp"
    if dep.pipeline_parallel_size > 1:
        return "pp"
    return "tp" if dep.tensor_parallel_size > 1 else "single"


PRECISION_FAMILIES = (("int4", "int4"), ("int3", "int4"), ("bnb-nf4", "int4"), ("int8", "int8"),
                      ("bnb-int8", "int8"))


def precision(inputs: PlanInputs) -> str:
    """The weight format's family (fp32, bf16, fp16, fp8, int8, int4, mxfp4, nvfp4, other)."""
    fmt = inputs.weight_format.id
    if fmt in VOCABULARY["precision"]:
        return fmt
    return next((family for prefix, family in PRECISION_FAMILIES if fmt.startswith(prefix)),
                "other")


def kv_precision(inputs: PlanInputs) -> str:
    """16-bit, fp8 or other: the KV cache's format."""
    fmt = inputs.kv_format.id
    if fmt == "fp16":  # the 16-bit KV format (BF16 or FP16 as the model's dtype)
        return "16-bit"
    return "fp8" if fmt == "fp8" else "other"


def regime_tags(inputs: PlanInputs, arrival: str) -> dict[str, str]:
    """Every tag of :data:`VOCABULARY` for a row with these inputs and arrival."""
    return {"architecture": architecture(inputs), "moe": "yes" if inputs.model.moe else "no",
            "engine": inputs.engine.id, "gpu_kernels": gpu_kernels(inputs),
            "vendor": vendor(inputs), "parallel": parallel(inputs),
            "speculative": "yes" if inputs.deployment.speculative_config is not None else "no",
            "arrival": arrival, "precision": precision(inputs), "kv_precision": kv_precision(inputs)}
