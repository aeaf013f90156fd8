"""Weights as the GPU runs them: low-precision formats without tensor cores run weight-only.

A format's ``compute_dtype`` says which tensor-core peak its GEMMs use (FP8 W8A8, INT8 W8A8,
NVFP4 W4A4). Where the GPU has no such peak, the engine keeps the low-bit weights in memory and
dequantises them inside the GEMM, which multiplies in 16-bit. vLLM does this for FP8
checkpoints on compute capability < 8.9 (A100, A800, A10, A30, A40, RTX 3090, RTX A6000): its
FP8 linear method switches to the FP8 Marlin kernel (``apply_fp8_marlin_linear``) and logs that
weight-only FP8 compression is used. gpucalc applies the same rule to every low-precision math
format (NVFP4 without FP4 tensor cores, INT8 W8A8 without an INT8 peak): the weights' bytes
are the format's own, the math is the GPU's 16-bit peak, so only the weight read shrinks.

The rule lives here and in :meth:`DenseTflops.gemm_dtype`; :class:`~gpucalc.core.specs.inputs.PlanInputs`
applies it whenever its GPU or weight format is set, so the estimate, sweeps, the per-card grid,
sizing rows and the report all see the same served format.
"""

from __future__ import annotations

import math
import re

from pydantic import Field

from gpucalc.core.common.explain import Notice
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.precision import WeightFormat

WEIGHT_ONLY_NOTICE = "weights_run_weight_only"
WEIGHT_ONLY_LABEL = QT_TRANSLATE_NOOP("Precision", "{name} weight-only ({scheme})")
"""The label of a weight-only format, e.g. 'FP8 weight-only (W8A16)'; shown translated."""
WEIGHT_ONLY_SOURCE = (
    "vLLM vllm/model_executor/layers/quantization/fp8.py: below compute capability 8.9 an FP8 "
    "checkpoint runs through the FP8 Marlin kernel (apply_fp8_marlin_linear), weight-only: 8-bit "
    "weights dequantised in the GEMM, 16-bit math; gpucalc applies the same rule to every format "
    "whose math the GPU's tensor cores lack")
_SCHEME_SUFFIX = re.compile(r"\s*\(W\d+A\d+\)\s*$")


class WeightOnlyFormat(WeightFormat):
    """A low-precision format served weight-only: its bits, the GPU's 16-bit math."""

    engine_format: WeightFormat = Field(
        description="The format the checkpoint and the engine's --quantization name (FP8 W8A8 …).")


def engine_format(fmt: WeightFormat) -> WeightFormat:
    """The format the engine is asked for: the checkpoint's, even where it runs weight-only."""
    return fmt.engine_format if isinstance(fmt, WeightOnlyFormat) else fmt


def weight_bits(fmt: WeightFormat) -> int:
    """Whole bits per stored weight, as a scheme name writes them (8.002 → 8, 4.5 → 4)."""
    return max(1, math.floor(fmt.bits_per_weight))


def weight_only_scheme(fmt: WeightFormat) -> str:
    """The weight-only scheme of ``fmt``'s weights: W8A16 for 8-bit, W4A16 for 4-bit."""
    return f"W{weight_bits(fmt)}A16"


def format_name(fmt: WeightFormat) -> str:
    """``fmt``'s label without its scheme: 'FP8 (W8A8)' → 'FP8'."""
    return _SCHEME_SUFFIX.sub("", fmt.label) or fmt.label


def weight_only_format(fmt: WeightFormat, gpu: GpuSpec) -> WeightOnlyFormat:
    """``fmt`` served weight-only on ``gpu``: 'FP8 (W8A8)' → 'FP8 weight-only (W8A16)', id fp8-w8a16."""
    scheme = weight_only_scheme(fmt)
    return WeightOnlyFormat(
        id=f"{fmt.id}-{scheme.lower()}",
        label=WEIGHT_ONLY_LABEL.format(name=format_name(fmt), scheme=scheme),
        bits_per_weight=fmt.bits_per_weight, compute_dtype=gpu.dense_tflops.sixteen_bit_dtype(),
        tier=fmt.tier, formula=fmt.formula, source=f"{fmt.source}; {WEIGHT_ONLY_SOURCE}",
        engine_format=fmt)


def served_weight_format(fmt: WeightFormat, gpu: GpuSpec) -> WeightFormat:
    """The format ``gpu`` runs when asked for ``fmt``: itself, or its weight-only form.

    Idempotent, and a weight-only format moved to a GPU that has the tensor cores becomes its
    engine format again.
    """
    asked = engine_format(fmt)
    if gpu.dense_tflops.gemm_dtype(asked.compute_dtype) == asked.compute_dtype:
        return asked
    if isinstance(fmt, WeightOnlyFormat) and fmt.compute_dtype == gpu.dense_tflops.sixteen_bit_dtype():
        return fmt
    return weight_only_format(asked, gpu)


def weight_only_notice(fmt: WeightFormat, gpu: GpuSpec) -> Notice | None:
    """The coded notice that ``fmt`` runs weight-only on ``gpu``; None when it runs as asked."""
    if not isinstance(fmt, WeightOnlyFormat):
        return None
    asked = fmt.engine_format
    return Notice(code=WEIGHT_ONLY_NOTICE, params={
        "gpu": gpu.id, "format": asked.label, "scheme": weight_only_scheme(asked),
        "missing": asked.compute_dtype.value.upper(), "math": fmt.compute_dtype.value.upper()})
