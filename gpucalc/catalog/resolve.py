"""Resolve user references (model, GPU, engine, precision names) into core inputs."""

from __future__ import annotations

from pathlib import Path

from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.core.parallel.topology import check_nodes_hold_the_gpus
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpecMethod
from gpucalc.io.local_model import load_local_model

MAX_MODEL_REF_CHARACTERS = 4_096
"""Longest model id or folder path accepted: Linux's PATH_MAX (Hugging Face ids have at most 96)."""
_SHOWN_REF_CHARACTERS = 60

# vLLM --quantization values that mean "the checkpoint is already quantized this way".
CHECKPOINT_METHODS = {
    "awq", "awq_marlin", "gptq", "gptq_marlin", "compressed-tensors", "bitsandbytes", "mxfp4",
    "modelopt", "modelopt_fp4", "fbgemm_fp8", "marlin",
}


def _shown_ref(ref: str) -> str:
    """``ref`` quoted for a one-line message, shortened when long."""
    short = ref if len(ref) <= _SHOWN_REF_CHARACTERS else ref[:_SHOWN_REF_CHARACTERS] + "…"
    return repr(short)


def _check_model_ref(ref: str) -> None:
    """Refuse an empty, overlong or control-character model reference with one line."""
    if not ref.strip():
        raise CatalogError("no model given; name a catalog model, a Hugging Face id or a folder")
    if len(ref) > MAX_MODEL_REF_CHARACTERS:
        raise CatalogError(f"the model name is {len(ref):,} characters long; a model id or folder "
                           f"path has at most {MAX_MODEL_REF_CHARACTERS:,}")
    if not ref.isprintable():
        raise CatalogError(f"the model name {_shown_ref(ref)} contains a control character; it is "
                           "not a known model id or a readable folder")


def _local_model_path(ref: str) -> Path | None:
    """The existing file or folder ``ref`` names, None when nothing is there.

    Any error probing the path (a name too long for the file system, an unknown ``~user``, no
    permission) means ``ref`` cannot be read: one line, never the operating system's exception.
    """
    try:
        path = Path(ref).expanduser()
        return path if path.exists() else None
    except (OSError, RuntimeError, ValueError) as exc:
        raise CatalogError(f"{_shown_ref(ref)} is not a known model id or a readable folder") from exc


def resolve_model(catalog: Catalog, ref: str) -> ModelSpec:
    """A catalog id / alias / Hugging Face id, or a path to a config.json or model folder.

    Raises :class:`CatalogError` (unknown, empty, overlong or unreadable reference) or
    :class:`~gpucalc.io.errors.InputFileError` (a local config that cannot be used), one line each.
    """
    _check_model_ref(ref)
    if catalog.has_model(ref):
        return catalog.model(ref)
    path = _local_model_path(ref)
    if path is not None:
        return load_local_model(path)
    return catalog.model(ref)  # raises CatalogError with suggestions


QUANTIZED_SUFFIX_PARTS = (2, 1)  # '-GPTQ-Int4' is tried before '-Int4'


def quantized_base(catalog: Catalog, ref: str) -> tuple[str, str] | None:
    """A published quantized checkpoint's id as its base model and precision, if it is one.

    ``Qwen/Qwen2.5-72B-Instruct-AWQ`` → (``Qwen/Qwen2.5-72B-Instruct``, ``awq``): the id ends
    in a weight format the catalog knows (-AWQ, -GPTQ-Int4, -FP8, -FP8-Dynamic, -W8A8, -Int4…)
    and the rest names a catalog model. None for any other reference.
    """
    parts = ref.strip().split("-")
    for n in QUANTIZED_SUFFIX_PARTS:
        if len(parts) <= n:
            continue
        base, suffix = "-".join(parts[:-n]), "-".join(parts[-n:]).lower()
        if catalog.has_model(base) and catalog.has_weight_format(suffix):
            return base, suffix
    return None


def resolve_gpu(catalog: Catalog, ref: str | GpuSpec) -> GpuSpec:
    """A catalog GPU, or a custom :class:`GpuSpec` passed through."""
    return ref if isinstance(ref, GpuSpec) else catalog.gpu(ref)


def auto_dtype(model: ModelSpec, gpu: GpuSpec | None = None) -> str:
    """The 16-bit format ``--dtype auto`` serves in (bf16 or fp16).

    fp16 for float16 and float32 checkpoints and on GPUs without BF16 (V100, T4), else bf16.

    vLLM ModelConfig._get_and_verify_dtype: 'auto' maps float32 to float16 and falls back to
    float16 where the platform lacks bfloat16 (compute capability < 8.0).
    """
    no_bf16 = gpu is not None and (gpu.vendor or "").upper() == "NVIDIA" and not gpu.dense_tflops.bf16
    return "fp16" if model.torch_dtype in {"float16", "float32"} or no_bf16 else "bf16"


def resolve_weight_format(
    catalog: Catalog, model: ModelSpec, quantization: str | None, dtype: str | None,
    gpu: GpuSpec | None = None,
) -> tuple[WeightFormat, bool]:
    """Weight format of the served model and whether it is the checkpoint's own.

    ``quantization`` follows vLLM: a method naming the checkpoint's own format keeps it; a
    plain format (fp8, int8, int4, nvfp4, ...) on another checkpoint is a what-if.
    """
    checkpoint = model.quantization
    if quantization:
        key = quantization.strip().lower()
        if checkpoint is not None and (key in CHECKPOINT_METHODS or key == checkpoint.method
                                       or catalog.weight_format(key).id == checkpoint.weight_format):
            return catalog.weight_format(checkpoint.weight_format), True
        if key in CHECKPOINT_METHODS and checkpoint is None:
            key = {"compressed-tensors": "int4", "bitsandbytes": "bnb-nf4", "modelopt": "fp8",
                   "modelopt_fp4": "nvfp4", "fbgemm_fp8": "fp8", "marlin": "int4"}.get(key, key)
        return catalog.weight_format(key), False
    if checkpoint is not None:
        return catalog.weight_format(checkpoint.weight_format), True
    name = (dtype or "auto").lower()
    if name == "auto":
        name = auto_dtype(model, gpu)
    return catalog.weight_format(name), True


def resolve_kv_format(catalog: Catalog, model: ModelSpec, kv_cache_dtype: str,
                      weight_format: WeightFormat, engine: EngineProfile | None = None) -> KvFormat:
    """KV element format: ``auto`` stores KV in the activation dtype (16-bit, 32-bit for float32).

    Engines that read the checkpoint's KV quantization (TensorRT-LLM: kv_cache_quant_algo FP8
    in hf_quant_config.json) store ``auto`` KV in that format.
    """
    key = kv_cache_dtype.strip().lower()
    checkpoint_kv = model.quantization.kv_cache_format if model.quantization else None
    if key == "auto" and engine is not None and engine.kv_dtype_from_checkpoint and checkpoint_kv:
        return catalog.kv_format(checkpoint_kv)
    if key == "auto":
        return catalog.kv_format("fp32" if weight_format.id == "fp32" else "fp16")
    return catalog.kv_format(key)


def resolve_inputs(
    catalog: Catalog,
    model_ref: str | ModelSpec,
    gpu_ref: str | GpuSpec,
    deployment: Deployment,
    workload: Workload | None = None,
    targets: Targets | None = None,
    quantization: str | None = None,
    dtype: str | None = None,
) -> PlanInputs:
    """Everything one calculation needs, looked up and validated.

    A quantized checkpoint's id the catalog does not hold (``…-AWQ``) is its base model served
    in the precision its suffix names, unless ``quantization`` (or the deployment's weight
    format) says otherwise.
    """
    split = (None if isinstance(model_ref, ModelSpec) or catalog.has_model(model_ref)
             or _local_model_path(model_ref) is not None else quantized_base(catalog, model_ref))
    if split is not None:
        model_ref, suffix = split
        quantization = quantization or deployment.weight_format or suffix
    model = model_ref if isinstance(model_ref, ModelSpec) else resolve_model(catalog, model_ref)
    gpu = resolve_gpu(catalog, gpu_ref)
    check_nodes_hold_the_gpus(gpu, deployment)
    engine = catalog.engine(deployment.engine)
    fmt, from_checkpoint = resolve_weight_format(
        catalog, model, quantization or deployment.weight_format, dtype, gpu)
    kv = resolve_kv_format(catalog, model, deployment.kv_cache_dtype, fmt, engine)
    draft, draft_format = resolve_speculative_draft(catalog, deployment, gpu)
    return PlanInputs(
        model=model, gpu=gpu, engine=engine, weight_format=fmt,
        body_format_is_checkpoint=from_checkpoint, kv_format=kv, deployment=deployment,
        workload=workload or Workload(), targets=targets or Targets(), kernels=catalog.kernels,
        network=catalog.network_for(gpu.id, deployment.network),
        speculative_draft=draft, speculative_draft_format=draft_format,
    )


def resolve_speculative_draft(catalog: Catalog, deployment: Deployment, gpu: GpuSpec
                              ) -> tuple[ModelSpec | None, WeightFormat | None]:
    """The draft model of speculative method draft_model and its checkpoint's format.

    Looked up like the served model (catalog id, Hugging Face id or local folder); other
    methods keep their draft id as a label only (EAGLE heads take the target's geometry).
    """
    spec = deployment.speculation
    if spec is None or spec.method != SpecMethod.DRAFT_MODEL or not spec.draft_model:
        return None, None
    draft = resolve_model(catalog, spec.draft_model)
    return draft, resolve_weight_format(catalog, draft, None, None, gpu)[0]


def resolve_scenario(catalog: Catalog, scenario: Scenario) -> PlanInputs:
    """Resolve a saved :class:`Scenario` into calculation inputs."""
    return resolve_inputs(
        catalog, scenario.model, scenario.custom_gpu or scenario.gpu, scenario.deployment,
        scenario.workload, scenario.targets, quantization=scenario.quantization,
        dtype=scenario.dtype,
    )


__all__ = ["CatalogError", "resolve_inputs", "resolve_model", "resolve_scenario"]


# Seed 001's precision tiers: (weights, KV cache) catalog ids. The per-card grid's columns and
# the formats fleet sizing tries.
PRECISION_TIERS = {"bf16": ("bf16", "fp16"), "fp8": ("fp8", "fp8"), "int4": ("int4", "fp8")}


def precision_tiers(catalog: Catalog) -> dict[str, tuple[WeightFormat, KvFormat]]:
    """The precision tiers, resolved from ``catalog``."""
    return {name: (catalog.weight_format(w), catalog.kv_format(k))
            for name, (w, k) in PRECISION_TIERS.items()}
