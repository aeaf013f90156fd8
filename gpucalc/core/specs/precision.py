"""Number formats of weights and KV cache, and what they cost in bits and compute rate."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class ComputeDtype(StrEnum):
    """Which tensor-core peak a format's matrix multiplies run at (keys of GpuSpec.dense_tflops)."""

    FP32 = "fp32"
    FP16 = "fp16"
    BF16 = "bf16"
    FP8 = "fp8"
    INT8 = "int8"
    FP4 = "fp4"


class PrecisionTier(StrEnum):
    """The seeds' three precision tiers (高精度 / 中等 / 低比特)."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class WeightFormat(BaseModel):
    """A weight storage format: effective bits per parameter including scales and zeros."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    label: str
    bits_per_weight: float = Field(gt=0, le=32, description="Storage bits per parameter incl. scales.")
    compute_dtype: ComputeDtype = Field(description="Math rate used for GEMMs with this format.")
    tier: PrecisionTier
    formula: str = Field(description="How bits_per_weight is made up, e.g. '4 + 16/128 (fp16 scale)'.")
    source: str
    aliases: tuple[str, ...] = ()


class KvFormat(BaseModel):
    """A KV-cache element format."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    label: str
    bytes_per_element: float = Field(gt=0, le=4)
    source: str
    aliases: tuple[str, ...] = ()


def dtype_bytes(torch_dtype: str) -> float:
    """Bytes per element of a torch dtype name as served (float32 checkpoints serve in 16-bit).

    Serving engines load float32 checkpoints in bf16/fp16 by default (vLLM ``--dtype auto``).
    """
    name = torch_dtype.lower().replace("torch.", "")
    if name in {"float8", "float8_e4m3fn", "fp8", "float8_e5m2"}:
        return 1.0
    return 2.0


def activation_bytes(weight_format: WeightFormat) -> int:
    """Bytes per activation element: 4 when the model runs in float32 (``--dtype float32``), else 2.

    Quantized formats keep 16-bit activations (W8A8 kernels quantize activations on the fly
    inside the GEMM, the intermediate tensors stay 16-bit).
    """
    return 4 if weight_format.compute_dtype == ComputeDtype.FP32 else 2
